"""The table's flow: hot-seat hand-offs hide every hand, bots act after a pause in update(),
Space skips, deals end with a result and a Next deal button, and the screenshot mode."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from table_driving import click, hotseat_session, press, take_the_screen

import game.ui.shell.app as app_module
from game.agents.agent import SeatKind
from game.agents.seats import PersonAgent, SeatAgent
from game.engine.actions import Action, Bet, Fold, Look, Show
from game.engine.cards import parse
from game.engine.events import HandRevealed, PotAwarded
from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.ui.kit.layout import Viewport
from game.ui.menus.notice_scene import FileNoticeScene
from game.ui.shell.app import App
from game.ui.shell.launch import run_app
from game.ui.shell.scene import Scene, SceneStack
from game.ui.shell.seating import new_session, scripted_session
from game.ui.table.handoff import PANEL, HandoffScene
from game.ui.table.hud import NEXT_DEAL
from game.ui.table.skip_deal import SKIP_DEAL
from game.ui.table.table_scene import BOT_DELAY, BOT_DELAY_OUT, TableScene
from game.ui.table.table_view import layout_for
from game.words.hands import said_hand


def settle(stack: SceneStack, scene: TableScene, seconds: float = 0.0) -> None:
    """Finish every animation and let the scene decide what comes next."""
    scene.finish_animations()
    top = stack.top
    assert top is not None
    top.update(seconds)


def no_card_on_screen(surface: pygame.Surface, scene: TableScene) -> bool:
    """Whether no seat's card slots show a card (face or back) or the felt around them."""
    viewport = Viewport.fit(surface.get_size())
    layout = layout_for(scene.board.observation(), scene.bottom)
    backdrop = surface.get_at((2, 2))
    for seat in layout.seats:
        for box in seat.hands[0]:
            pixel = surface.get_at(viewport.point((box.x + box.width * 0.5, box.y + 4)))
            inside_card = PANEL.contains((box.x + box.width * 0.5, box.y + 4))
            if not inside_card and pixel != backdrop:
                return False
    return True


def test_hot_seat_hands_off_and_hides_every_hand() -> None:
    session = hotseat_session()
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    take_the_screen(stack, scene)
    assert scene.viewer == 1 and scene.panel.visible, "Asha sees her own table"
    scene.submit(Look(1))
    settle(stack, scene)
    assert scene.board.seat(1).hands[0][0] is not None, "Asha sees her cards"
    scene.submit(Bet(1, 2))
    settle(stack, scene)
    handoff = stack.top
    assert isinstance(handoff, HandoffScene) and handoff.name == "Tom"
    assert scene.viewer is None and scene.board.viewer is None
    assert scene.bottom == 2, "Tom's seat is already at the bottom"
    assert all(card is None for seat in scene.board.seats for hand in seat.hands for card in hand)
    surface = pygame.Surface((1280, 720))
    handoff.draw(surface)
    assert no_card_on_screen(surface, scene), "the hand-off card hides every seat"
    handoff.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert stack.top is handoff, "a key in the first moment (the last click's tail) is ignored"
    handoff.update(1.0)
    felt = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 150))
    handoff.handle_event(felt)
    handoff.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(640, 150)))
    assert stack.top is handoff, "a stray click away from the button does not skip it"
    handoff.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert stack.top is scene and scene.viewer == 2
    assert scene.board.seat(1).hands[0][0] is None, "Tom cannot see Asha's cards"
    scene.update(0.0)
    assert scene.panel.visible, "Tom's controls"


def test_one_person_is_always_the_viewer() -> None:
    session = new_session("teen_patti", 2)
    stack = SceneStack()
    scene = TableScene(session, speed=4.0)
    stack.push(scene)
    for _ in range(400):
        settle(stack, scene, 0.5)
        assert scene.viewer == 0 and stack.top is scene
        if scene.panel.visible:
            fold = next((b for b in scene.panel.buttons if b.label == "Pack"), None)
            if fold is None:
                break
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f))
    assert scene.session.game.deal_over


def test_bots_act_after_a_natural_pause_without_sleeping() -> None:
    session = new_session("teen_patti", 2)
    stack = SceneStack()
    scene = TableScene(session, speed=1.0)
    stack.push(scene)
    scene.finish_animations()
    assert session.bot_to_act()
    before = len(session.game.actions)  # type: ignore[attr-defined]
    scene.update(0.0)
    assert scene.bot_wait is not None and 0.5 <= scene.bot_wait <= 1.2
    assert not scene.animating, "a bot's thinking is a timer: no frames are drawn"
    assert scene.wake_in == scene.bot_wait, "the loop wakes when the bot decides"
    scene.update(0.45)
    assert len(session.game.actions) == before, "too soon"  # type: ignore[attr-defined]
    for _ in range(10):
        scene.update(0.1)
    assert len(session.game.actions) == before + 1  # type: ignore[attr-defined]


def test_faster_animation_speed_shortens_the_bot_pause() -> None:
    scene = TableScene(new_session("teen_patti", 2), speed=4.0)
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    assert scene.bot_wait is not None and scene.bot_wait <= 0.3


def test_space_finishes_animations() -> None:
    scene = TableScene(new_session("brag", 3))
    SceneStack().push(scene)
    scene.update(1.0)
    assert scene.director.busy and scene.director.stage.cards
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    assert not scene.director.busy and not scene.director.stage.cards
    assert all(len(hand) == 3 for seat in scene.board.seats for hand in seat.hands if seat.playing)


def test_a_deal_ends_with_a_caption_and_a_next_deal_button() -> None:
    session = new_session("teen_patti", 5)
    stack = SceneStack()
    scene = TableScene(session, speed=4.0)
    stack.push(scene)
    for _ in range(300):
        settle(stack, scene, 2.0)
        if session.game.deal_over:
            break
        if scene.panel.visible:
            scene.submit(Fold(0))
    settle(stack, scene)
    assert session.game.deal_over
    awarded = [e for e in session.game.observe(0).history if isinstance(e, PotAwarded)]
    caption = scene.director.stage.caption
    assert caption is not None and caption.text.startswith(scene.narrator.name(awarded[0].seat))
    assert " takes the pot of " in caption.text and "seat " not in caption.text
    assert [b.command for b in scene.panel.buttons] == [NEXT_DEAL]
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))
    assert session.game.deal_number == 2
    assert scene.director.drift == [], "the animated board always agreed with the engine"


def packed_table(app: App, seed: int) -> TableScene:
    """A table of one person and four bots at the person's first turn, never offering the skip
    while the person is in the deal; then the person packs (F)."""
    scene = TableScene(new_session("teen_patti", seed), speed=1.0)
    app.scenes.push(scene)
    for _ in range(50):
        scene.finish_animations()
        app.pump(2.0)
        assert not scene.skipper.offered, "no skip while the person is in the deal"
        if scene.waiting_for_person:
            break
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert scene.waiting_for_person and not scene.skipper.panel.visible
    press(app, pygame.K_f)
    assert scene.session.game.deal_over is False, "bots are still playing (pick another seed)"
    return scene


def test_after_packing_the_rest_of_the_deal_skips_to_its_result(app: App) -> None:
    scene = packed_table(app, 5)
    assert scene.skipper.offered, "the person is out and the bots play on: the skip is offered"
    assert [b.command for b in scene.skipper.panel.buttons] == [SKIP_DEAL]
    assert scene.panel.buttons == [], "no other button while the bots play"
    press(app, pygame.K_s)  # the key and one frame
    frames = 1
    while [b.command for b in scene.panel.buttons] != [NEXT_DEAL] and frames < 10:
        app.pump(1 / 60)
        frames += 1
    assert [b.command for b in scene.panel.buttons] == [NEXT_DEAL], "the deal's result is up"
    assert frames <= 2, f"the result took {frames} frames after the key"
    assert scene.session.game.deal_over and not scene.director.busy
    assert scene.director.stage.caption is not None, "the result's caption shows"
    assert not scene.skipper.offered and scene.director.drift == []


def test_a_click_on_the_skip_button_lands_on_the_result_too(app: App) -> None:
    scene = packed_table(app, 5)
    (skip,) = scene.skipper.panel.buttons
    click(app, skip)
    assert scene.session.game.deal_over and not scene.director.busy
    assert [b.command for b in scene.panel.buttons] == [NEXT_DEAL]


def test_the_bots_play_quicker_once_the_person_has_packed(app: App) -> None:
    scene = packed_table(app, 5)
    scene.finish_animations()
    app.pump(0.0)
    assert scene.session.bot_to_act() and scene.bot_wait is not None
    assert scene.bot_wait <= BOT_DELAY_OUT[1] < BOT_DELAY[0], "a shorter pause between moves"


def test_a_bust_session_offers_a_new_session() -> None:
    session = new_session("teen_patti", 1)
    stack = SceneStack()
    scene = TableScene(session, new_session=lambda: new_session("teen_patti", 9))
    stack.push(scene)
    settle(stack, scene)
    while not session.game.deal_over:
        if session.bot_to_act():
            scene._play(session.step())
        else:
            scene.submit(Fold(0))
        settle(stack, scene)
    session.game._stacks[0] = 0  # type: ignore[attr-defined]
    scene.update(0.0)
    assert "no chips" in scene.end_message
    assert scene.panel.buttons[0].label == "New session"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert scene.session is not session and scene.session.game.deal_number == 1


def test_screenshot_mode_writes_a_png_and_the_settings(tmp_path: Path) -> None:
    target = tmp_path / "shot.png"
    arguments = argparse.Namespace(screenshot=str(target), game="brag", seed=2, hotseat=False)
    assert run_app(arguments) == 0
    assert pygame.image.load(target).get_size() == (1280, 720)
    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "trey" / "settings.json"
    assert json.loads(settings.read_text())["last_preset"] == "brag"


def test_a_broken_settings_file_is_noted_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "trey"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text("{not json")
    captured: list[FileNoticeScene] = []
    original = app_module.render_screenshot

    def spy(path: Path, factory: Callable[[], Scene], size: tuple[int, int] = (1280, 720)) -> Path:
        def wrapped() -> Scene:
            scene = factory()
            assert isinstance(scene, FileNoticeScene)
            assert isinstance(scene.underneath, TableScene)
            captured.append(scene)
            return scene

        return original(path, wrapped, size)

    monkeypatch.setattr(app_module, "render_screenshot", spy)
    arguments = argparse.Namespace(
        screenshot=str(tmp_path / "s.png"), game=None, seed=1, hotseat=False
    )
    assert run_app(arguments) == 0
    (scene,) = captured
    assert scene.notices and scene.notices[0].startswith("Your settings file was damaged")
    assert list(folder.glob("settings.json.broken-*")), "the bad file is set aside"


def test_the_scripted_screenshot_deal_is_lively() -> None:
    session = scripted_session("teen_patti", 3)
    observation = session.game.observe(0)
    assert observation.to_act == 0 and not observation.seats[0].blind
    assert any(view.folded for view in observation.seats)
    assert any(not view.blind for view in observation.seats[1:])
    assert observation.pot > len(observation.seats)


def test_bad_game_name_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(["--screenshot", "x.png", "--game", "snap"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "snap" in error


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker"])
def test_a_save_made_after_a_deal_loads_as_that_finished_table(preset: str) -> None:
    from game.persistence.saves import load_session, save_session

    session = new_session(preset, 4)
    session.start_deal()
    game = session.game
    while not game.deal_over:
        if session.bot_to_act():
            session.step()
        else:
            session.submit(game.legal_actions()[-1].action)
    assert save_session(session, "end of deal") == ""
    loaded, problem = load_session("end of deal")
    assert loaded is not None, problem
    scene = TableScene(loaded)
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    board = scene.board
    assert all(seat.committed == 0 for seat in board.seats), "no bet chips left in front of seats"
    assert not board.wagers or all(not amount for amount in board.wagers.values())
    assert [seat.stack for seat in board.seats][: len(game.stacks)] == list(game.stacks)
    assert scene.director.stage.caption is not None, "the result is on show"
    assert len(scene.director.stage.log) >= 3, "the log tells the deal"
    assert scene.director.drift == []
    assert any(button.label == "Next deal" for button in scene.panel.buttons)


def test_folded_cards_fly_round_the_pot_not_over_its_label() -> None:
    scene = TableScene(new_session("brag", 3))
    layout = scene.layout()
    pack = layout.pack
    right = next(seat for seat in layout.seats if seat.side == "right").hands[0][0]
    left = next(seat for seat in layout.seats if seat.side == "left").hands[0][0]
    via = scene.director.spots.around_the_pot(right, pack)
    assert via is not None and via.y > layout.pot.bottom, "from the right: under the pot"
    assert scene.director.spots.around_the_pot(left, pack) is None, "from the left: straight"


def test_the_sideshow_caption_speaks_to_you() -> None:
    from game.engine.events import SideshowCompared

    scene = TableScene(new_session("teen_patti", 3))
    said: list[str] = []
    caption = scene.director._caption

    def record(words: str, kind: str = "result") -> object:
        said.append(words)
        return caption(words, kind)

    scene.director._caption = record  # type: ignore[assignment]
    scene.director._sideshow(SideshowCompared(1, 0, 0, (None,) * 3, (None,) * 3))
    scene.director._sideshow(SideshowCompared(0, 1, 1, (None,) * 3, (None,) * 3))
    name = scene.narrator.name(1)
    assert said == [f"Sideshow: {name} beats you", f"Sideshow: You beat {name}"]


def test_the_dealer_button_slides_to_the_next_dealer() -> None:
    scene = TableScene(new_session("teen_patti", 3))
    SceneStack().push(scene)
    scene.update(0.0)
    first = scene.button.shown
    session = scene.session
    while not session.game.deal_over:
        scene.finish_animations()
        if session.bot_to_act():
            scene._play(session.step())
        else:
            scene.submit(session.game.legal_actions()[-1].action)
    scene.finish_animations()
    scene.update(0.0)
    scene.start_deal()
    scene.finish_animations()
    scene.update(0.01)
    assert scene.button.shown != first and scene.button.trip is not None, "it moves"
    assert scene.animating, "frames are drawn while it slides"
    scene.update(2.0)
    assert scene.button.trip is None


class _CallThenShow(SeatAgent):
    """A bot seat that asks for the show when it may, else calls."""

    def __init__(self) -> None:
        super().__init__(SeatKind.SCRIPT, "call then show")

    def poll(self) -> Action | None:
        observation = self.take_question()
        if observation is None:
            return None
        offers = {type(option.action): option for option in observation.legal}
        if Show in offers:
            return offers[Show].action
        return Bet(offers[Bet].action.seat, offers[Bet].low)


def test_your_hands_pill_at_a_show_names_it_with_its_wild_card() -> None:
    """The open joker (a 9) makes your 9-5-4 a sequence: the pill under your cards says so at
    the show, as the result does, after the engine has put the joker back in the pack."""
    rules = get_preset("joker").rules()
    plans = [SeatPlan.person("You"), SeatPlan.bot("Bot", "easy")]
    session = Session(rules, plans, stack=1024, seed=1, agents=[PersonAgent(), _CallThenShow()])
    session.start_deal(parse("Kd 9s Qc 5h 2c 4d 9c"))  # you hold 9-5-4; the 9 of clubs turns up
    stack = SceneStack()
    scene = TableScene(session, speed=4.0)
    stack.push(scene)
    for _ in range(60):
        settle(stack, scene, 2.0)
        if session.game.deal_over:
            break
        if scene.panel.visible:
            observation = session.observe(0)
            offers = {type(option.action): option for option in observation.legal}
            if Look in offers:
                scene.submit(offers[Look].action)
            elif Show in offers:
                scene.submit(offers[Show].action)
            else:
                scene.submit(Bet(0, offers[Bet].low))
    settle(stack, scene)
    assert session.game.deal_over and not session.observe(0).table_cards
    shown = [
        event.description
        for event in session.observe(0).history
        if isinstance(event, HandRevealed) and event.seat == 0
    ]
    assert shown and shown[0].wild_count == 1
    assert scene.hand_names()[0] == said_hand(shown[0])
    assert "wild" in scene.hand_names()[0]


def test_a_start_that_changes_no_setting_does_not_write_the_settings_again(
    tmp_path: Path,
) -> None:
    """The second screenshot of the same game changes nothing, so its settings file is left
    as it is (not rewritten, not synced); another game is remembered."""
    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "trey" / "settings.json"
    arguments = argparse.Namespace(
        screenshot=str(tmp_path / "shot.bmp"), game="brag", seed=2, hotseat=False
    )
    assert run_app(arguments) == 0
    first = settings.stat()
    assert run_app(arguments) == 0
    again = settings.stat()
    assert (again.st_ino, again.st_mtime_ns) == (first.st_ino, first.st_mtime_ns)
    arguments.game = "muflis"
    assert run_app(arguments) == 0
    assert settings.stat().st_ino != first.st_ino
    assert json.loads(settings.read_text())["last_preset"] == "muflis"
