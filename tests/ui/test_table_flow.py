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

import game.ui.app as app_module
from game.engine.actions import Bet, Fold, Look
from game.engine.cards import parse
from game.engine.events import PotAwarded
from game.engine.rules import make_rules
from game.session import SeatPlan, Session
from game.ui.handoff import HandoffScene
from game.ui.hud import NEXT_DEAL
from game.ui.launch import new_session, run_app, scripted_session
from game.ui.layout import Viewport
from game.ui.notice_scene import FileNoticeScene
from game.ui.scene import Scene, SceneStack
from game.ui.table_scene import TableScene
from game.ui.table_view import layout_for


def settle(stack: SceneStack, scene: TableScene, seconds: float = 0.0) -> None:
    """Finish every animation and let the scene decide what comes next."""
    scene.finish_animations()
    top = stack.top
    assert top is not None
    top.update(seconds)


def is_card_back(surface: pygame.Surface, scene: TableScene, seat: int) -> bool:
    """Whether every card slot of `seat` shows a red back, even under a veil (not an ivory face)."""
    viewport = Viewport.fit(surface.get_size())
    layout = layout_for(scene.board.observation(), scene.bottom)
    for box in layout.seats[seat].hands[0]:
        pixel = surface.get_at(viewport.point((box.x + box.width * 0.2, box.y + box.height * 0.5)))
        if not pixel.r > 2 * pixel.g + 10:
            return False
    return True


def hotseat_session() -> Session:
    """Seat 1 is Asha and seat 2 is Tom, both people; seats 0 and 3 are bots. Asha acts first."""
    plans = [
        SeatPlan("Priya", False),
        SeatPlan("Asha", True),
        SeatPlan("Tom", True),
        SeatPlan("Oliver", False),
    ]
    session = Session(make_rules("teen_patti"), plans, seed=4)
    hands = {0: "2c 7d 9h", 1: "As Ks Qs", 2: "Ah Kh Qh", 3: "4c 9d Jh"}
    cards = {seat: parse(text) for seat, text in hands.items()}
    session.game.start_deal(deck=[cards[s][r] for r in range(3) for s in (1, 2, 3, 0)])
    return session


def test_hot_seat_hands_off_and_hides_every_hand() -> None:
    session = hotseat_session()
    stack = SceneStack()
    scene = TableScene(session)
    stack.push(scene)
    settle(stack, scene)
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
    assert is_card_back(surface, scene, 2), "Tom's slots show backs"
    assert is_card_back(surface, scene, 1), "Asha's seen cards are hidden too"
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
    assert scene.animating, "the loop keeps drawing while a bot thinks"
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
    assert " wins " in caption.text and "seat " not in caption.text
    assert [b.command for b in scene.panel.buttons] == [NEXT_DEAL]
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))
    assert session.game.deal_number == 2
    assert scene.director.drift == [], "the animated board always agreed with the engine"


def test_a_bust_session_offers_a_new_session() -> None:
    session = new_session("teen_patti", 1)
    stack = SceneStack()
    scene = TableScene(session, new_session=lambda: new_session("teen_patti", 9))
    stack.push(scene)
    settle(stack, scene)
    while not session.game.deal_over:
        if session.bot_to_act():
            scene._play(session.play_bot())
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
    assert scene.notices and scene.notices[0].startswith("settings.json was damaged")
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
