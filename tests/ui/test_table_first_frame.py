"""A table's first frame builds only what it shows (issue 47): the art a deal soon needs is
built after it, a piece a frame, and the coach's advice only when the coach is shown; neither
changes a picture."""

from __future__ import annotations

import pygame
import pytest

import game.ui.table.coach as coach
import game.ui.table.table_scene as table_scene
from game.ui.art.art import glow, soft_shadow
from game.ui.art.cards_art import card_back
from game.ui.art.chips_art import DENOMINATIONS, chip_layer
from game.ui.kit.layout import LOGICAL_SIZE, Viewport
from game.ui.shell.seating import scripted_session
from game.ui.table.animation import flight_art_to_warm
from game.ui.table.art_warm_up import WARM_STEP
from game.ui.table.table_scene import TableScene
from game.ui.table.table_view import table_art_to_warm


def first_frame(surface: pygame.Surface) -> TableScene:
    """A table at a lively moment (the person to act), its first frame drawn on `surface`."""
    scene = TableScene(scripted_session("teen_patti", 3))
    scene.startup({})
    scene.finish_animations()
    scene.update(0.0)
    scene.draw(surface)
    return scene


def test_the_art_a_deal_soon_needs_follows_the_first_frame_a_piece_a_frame() -> None:
    for cached in (chip_layer, glow, card_back, soft_shadow):
        cached.cache_clear()
    surface = pygame.Surface(LOGICAL_SIZE)
    scene = first_frame(surface)
    every_chip = 2 * len(DENOMINATIONS)
    assert chip_layer.cache_info().currsize < every_chip, "only the chips the frame shows"
    assert glow.cache_info().currsize < 6, "only the glows the frame shows"
    assert scene.wake_in == WARM_STEP, "an idle table wakes to build the rest"
    viewport = Viewport.fit(LOGICAL_SIZE)
    pieces = len(flight_art_to_warm(viewport)) + len(table_art_to_warm(viewport))
    backs = card_back.cache_info().currsize
    for _ in range(pieces):
        scene.update(0.0)
    assert chip_layer.cache_info().currsize >= every_chip
    assert glow.cache_info().currsize >= 6
    assert card_back.cache_info().currsize > backs, "the card backs in flight"
    assert scene.wake_in is None, "all built: the table sleeps until the person acts"
    later = pygame.Surface(LOGICAL_SIZE)
    scene.draw(later)
    assert pygame.image.tobytes(later, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_the_coach_works_out_its_advice_only_when_it_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[object] = []
    advise = table_scene.advise

    def counted(*arguments: object) -> coach.Advice:
        asked.append(arguments)
        return advise(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(table_scene, "advise", counted)
    surface = pygame.Surface(LOGICAL_SIZE)
    scene = first_frame(surface)
    assert scene.waiting_for_person and not scene.coach
    assert not asked, "the coach is off: no advice worked out"
    scene.toggle_coach()
    scene.draw(surface)
    scene.draw(surface)
    assert scene.coach_showing and len(asked) == 1, "worked out once, when first shown"
