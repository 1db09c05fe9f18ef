"""The table's sounds (each animated event's sound as its animation starts, a click for every
button) and its record keeping (autosave and statistics after every deal, problems as notices)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.events import CardDealt, PackShuffled
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import make_rules
from game.engine.three_card_poker import BetsPosted, Outcome, WagerSettled
from game.persistence.saves import load_session, slot_path
from game.records import RecordKeeper
from game.session import SeatPlan, Session
from game.statistics import load_lifetime
from game.ui.art.sound import SoundBoard
from game.ui.shell.scene import SceneStack
from game.ui.table.table_scene import TableScene


class Recording(SoundBoard):
    """A sound board that writes down what it plays (and plays nothing)."""

    def __init__(self) -> None:
        super().__init__(volume=0.5, enabled=True)
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        """Write the name down."""
        if not self.enabled or self.volume <= 0:
            return False
        self.played.append(name)
        return True


def session_of(family: str, seats: int = 3) -> Session:
    """Seat 0 a person, the rest bots."""
    plans = [SeatPlan.person("You")] + [SeatPlan.bot(f"Bot {n}") for n in range(1, seats)]
    return Session(make_rules(family), plans, stack=200, seed=2)


def table(
    session: Session, sounds: SoundBoard | None = None, records: RecordKeeper | None = None
) -> TableScene:
    """A table scene on a stack, started."""
    scene = TableScene(session, sounds=sounds, records=records)
    SceneStack().push(scene)
    return scene


def play_deal(scene: TableScene) -> None:
    """Play the current deal to its end: bots by the scene's loop, the person's first button."""
    for _ in range(300):
        scene.update(0.05)
        if scene.session.game.deal_over and not scene.director.busy:
            return
        if scene.panel.visible and not scene.director.busy:
            first = next(b for b in scene.panel.buttons if b.control is not None)
            assert first.control is not None
            scene.submit(first.control.action())
        scene.finish_animations()
        scene.update(2.0)
    raise AssertionError("the deal did not end")


def test_sounds_start_with_their_animations() -> None:
    sounds = Recording()
    scene = table(session_of("teen_patti"), sounds)
    assert sounds.played == [], "nothing plays before the animation starts"
    scene.update(0.01)
    assert sounds.played[:1] == ["shuffle"], "the shuffle plays as the deal begins"
    scene.finish_animations()
    assert sounds.played.count("deal") == 9, "one deal sound per card, as each card flies"
    assert "chip" in sounds.played, "the antes"


def test_three_card_poker_events_have_sounds() -> None:
    sounds = Recording()
    sounds.play_for(BetsPosted(0, 10, 0))
    sounds.play_for(
        WagerSettled(0, "base", 10, Outcome.WON, 10, 10, Reason(ReasonKey.DEALER_NOT_QUALIFIED))
    )
    sounds.play_for(
        WagerSettled(0, "base", 10, Outcome.LOST, 0, 0, Reason(ReasonKey.FOLDED_HAND_LOSES))
    )
    sounds.play_for(PackShuffled(Reason(ReasonKey.FRESH_PACK)))
    sounds.play_for(CardDealt(0, None))
    assert sounds.played == ["chip", "win", "chip", "shuffle", "deal"]


def test_a_button_press_clicks_and_settings_mute() -> None:
    sounds = Recording()
    session = session_of("three_card_poker")
    scene = table(session, sounds)
    scene.finish_animations()
    scene.update(0.0)
    assert scene.panel.visible
    sounds.played.clear()
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
    assert sounds.played[:1] == ["click"]
    scene.use_sounds(sounds, enabled=False, volume=0.3)
    assert sounds.volume == 0.3 and not sounds.enabled
    sounds.played.clear()
    scene.finish_animations()
    assert sounds.played == [], "muted"


def test_a_real_sound_board_is_silent_without_a_device() -> None:
    scene = table(session_of("three_card_poker"), SoundBoard(volume=0.2))
    scene.finish_animations()
    scene.update(0.0)
    scene.play_sound("click")


def test_every_finished_deal_autosaves_and_is_recorded() -> None:
    session = session_of("three_card_poker")
    keeper = RecordKeeper(session)
    assert session.after_deal is keeper, "a keeper is its session's hook once made"
    scene = table(session, records=keeper)
    play_deal(scene)
    saved, problem = load_session()
    assert problem == "" and saved is not None
    assert saved.game.deal_number == 1
    records = keeper.records
    assert records[0].hands_played == 1
    assert records[0].chips_after_each_deal == [session.game.stacks[0]]
    lifetime = load_lifetime().value.record("three_card_poker")
    assert lifetime.hands_played == 1 and lifetime.chips_after_each_deal == []
    assert lifetime.net_chips == session.game.stacks[0] - 200
    assert Path(slot_path("autosave")).exists()


def test_a_save_that_fails_is_a_notice_and_play_goes_on() -> None:
    session = session_of("teen_patti")
    keeper = RecordKeeper(session, saver=lambda _: "The disk is full.")
    scene = table(session, records=keeper)
    play_deal(scene)
    assert "The disk is full." in [words for words, _ in scene.notes]
    assert keeper.problems == []
    scene.notes.clear()
    scene.start_deal()
    assert session.game.deal_number == 2, "play goes on"


def test_a_new_session_keeps_the_record_keeping() -> None:
    session = session_of("teen_patti")
    keeper = RecordKeeper(session)
    scene = table(session, records=keeper)
    play_deal(scene)
    assert keeper.records[0].hands_played == 1
    fresh = session_of("teen_patti")
    scene.replace_session(fresh, keeper.for_new_session(fresh))
    assert scene.records is not None and scene.records is not keeper
    assert fresh.after_deal is scene.records, "the new session's deals are kept too"
    assert scene.records.records[0].hands_played == 0, "with fresh session records"
