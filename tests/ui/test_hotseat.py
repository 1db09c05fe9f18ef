"""Hot-seat in the real app loop: the hand-off card appears by itself when the animation ends,
with no input event at all, and the loop sleeps (no frames) while nothing moves."""

from __future__ import annotations

import os
import time

import pygame
from table_driving import hotseat_session, take_the_screen

from game.engine.actions import Bet, Look
from game.ui.shell.app import App
from game.ui.table.handoff import ARMING_SECONDS, HandoffScene
from game.ui.table.table_scene import TableScene


def test_the_hand_off_appears_without_any_input() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    session = hotseat_session()
    session.submit(Look(1))
    app = App(size=(1280, 720))
    app.open_window()
    table = TableScene(session, speed=4.0)
    app.scenes.push(table)
    take_the_screen(app.scenes, table)
    table.submit(Bet(1, 2))  # Asha acts; her bet animates, then Tom must take the seat
    drawn: list[float] = []
    waiting: list[float] = []
    original = HandoffScene.draw

    def draw(self: HandoffScene, surface: pygame.Surface) -> None:
        original(self, surface)
        if not drawn:
            drawn.append(time.perf_counter())
            waiting.append(self.armed_in)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    HandoffScene.draw = draw  # type: ignore[method-assign]
    try:
        pygame.event.clear()
        pygame.time.set_timer(pygame.QUIT, 8000, 1)
        started = time.perf_counter()
        app.run()
    finally:
        HandoffScene.draw = original  # type: ignore[method-assign]
        pygame.time.set_timer(pygame.QUIT, 0)
    assert drawn, "the hand-off card was never drawn without input"
    assert drawn[0] - started < 5.0
    assert waiting == [ARMING_SECONDS], "drawn in the very frame it was pushed, not later"


def test_a_bot_thinking_is_a_timer_not_an_animation() -> None:
    session = hotseat_session()
    table = TableScene(session)
    table.startup({})
    table.finish_animations()
    table.update(0.0)
    table.take_seat(1)
    table.submit(Bet(1, 2))
    table.finish_animations()
    table.update(0.0)  # Tom (a person) is next: the hand-off
    table.take_seat(2)
    table.submit(Bet(2, 2))
    table.finish_animations()
    assert session.bot_to_act(), "Oliver, a bot, is next"
    table.update(0.0)
    assert table.bot_wait is not None, "the bot is thinking"
    assert not table.animating, "thinking draws no frames"
    assert table.wake_in is not None and 0 < table.wake_in <= 1.2
