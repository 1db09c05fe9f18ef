"""Watching the bots: a table with no person plays deal after deal by itself; P pauses it,
− and + change the speed, V turns every hand face up for the watcher, and a sentence says why
each bot did what it did."""

from __future__ import annotations

import re

import pygame

from game.engine.events import BetPlaced, Folded, Looked
from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.ui.shell.scene import SceneStack
from game.ui.table.table_scene import TableScene
from game.ui.table.watching import explain, next_speed


def bots_table(seed: int = 9) -> TableScene:
    """Five bots and nobody else."""
    plans = [SeatPlan.bot(name, "medium") for name in ("Priya", "Oliver", "Arjun", "Meera")]
    session = Session(get_preset("teen_patti").rules(), plans, stack=200, seed=seed)
    scene = TableScene(session)
    SceneStack().push(scene)
    return scene


def press(scene: TableScene, key: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_a_table_of_bots_plays_on_by_itself() -> None:
    scene = bots_table()
    assert scene.watching
    for _ in range(2000):
        scene.finish_animations()
        scene.update(0.5)  # time passing; nobody presses anything
        if scene.session.game.deal_number >= 3:
            break
    assert scene.session.game.deal_number >= 3, "the next deals started by themselves"
    assert scene.watch.why, "the coach said why a bot moved"


def test_pause_holds_the_table_and_speed_steps() -> None:
    scene = bots_table()
    scene.finish_animations()
    press(scene, pygame.K_p)
    assert scene.watch.paused
    moves = len(scene.session.game.observe(None).history)
    for _ in range(50):
        scene.finish_animations()
        scene.update(1.0)
    assert len(scene.session.game.observe(None).history) == moves, "paused: nobody moves"
    assert scene.wake_in is None, "and the loop sleeps"
    press(scene, pygame.K_p)
    press(scene, pygame.K_EQUALS)
    assert scene.speed == next_speed(1.0, 1) > 1.0
    press(scene, pygame.K_MINUS)
    press(scene, pygame.K_MINUS)
    assert scene.speed < 1.0


def test_face_up_shows_the_bots_cards_to_the_watcher_only() -> None:
    scene = bots_table()
    scene.finish_animations()
    assert scene._all_hands() and all(len(hands[0]) == 3 for hands in scene._all_hands().values())
    press(scene, pygame.K_v)
    assert scene.watch.face_up
    scene.draw(pygame.Surface((1280, 720)))
    people = TableScene(bots_table().session)
    people.watching = False
    assert people._all_hands() == {}, "a table with a person never reads hidden cards"


def test_each_kind_of_move_gets_a_sentence() -> None:
    table = bots_table()
    before = table.session.game.observe(None)
    for event in (Looked(0, ()), BetPlaced(0, 2, True, 1), BetPlaced(0, 4, False, 2), Folded(0)):
        words = explain(event, "Priya", before)
        assert words.startswith("Priya ") and words.endswith("."), words


def watched_words(scene: TableScene, deals: int = 2) -> tuple[list[str], list[str]]:
    """The coach's sentences and the log's lines of the first `deals` deals of a watched table."""
    said: list[str] = []
    for _ in range(3000):
        scene.finish_animations()
        scene.update(0.5)
        if scene.watch.why and (not said or said[-1] != scene.watch.why):
            said.append(scene.watch.why)
        if scene.session.game.deal_number > deals:
            break
    return said, list(scene.director.stage.log)


def test_a_bot_in_the_persons_seat_is_named_as_a_bot_and_never_spoken_to() -> None:
    """'You' kept as the name of a seat a bot plays: the bot gets a bot's name, no line says you."""
    plans = [
        SeatPlan.bot("You", "easy"),
        *(SeatPlan.bot(name, "easy") for name in ("Priya", "Oliver")),
    ]
    scene = TableScene(Session(get_preset("teen_patti").rules(), plans, stack=200, seed=4))
    SceneStack().push(scene)
    assert scene.session.names[0] not in ("You", "Priya", "Oliver")
    said, log = watched_words(scene)
    words = said + log
    assert said and any(scene.session.names[0] in line for line in words)
    spoken_to = [line for line in words if re.search(r"\b[Yy]ou(r)?\b", line)]
    assert not spoken_to, spoken_to


def test_a_random_bots_move_is_said_to_be_random_not_reasoned() -> None:
    plans = [SeatPlan.bot(name, "random") for name in ("Priya", "Oliver", "Arjun")]
    scene = TableScene(Session(get_preset("teen_patti").rules(), plans, stack=200, seed=5))
    SceneStack().push(scene)
    said, _log = watched_words(scene, deals=1)
    assert said and all("at random" in line for line in said), said
    reasons = ("bluff", "cheap", "costs more", "strong", "worth", "confident")
    assert not any(word in line for line in said for word in reasons), said


def test_the_random_sentence_names_the_bot() -> None:
    before = bots_table().session.game.observe(None)
    words = explain(Folded(0), "Priya", before, at_random=True)
    assert words.startswith("Priya ") and "random" in words
