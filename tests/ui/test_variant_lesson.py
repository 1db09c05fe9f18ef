"""The lesson bubble of a variant: shown the first time a person sits at a variant's table, from
the preset's own words, closed by a click or a key, remembered in the settings so it shows once."""

from __future__ import annotations

import pygame
import pytest

from game.engine.rules import PRESETS, make_rules
from game.persistence.settings import load_settings
from game.teaching.variant_lessons import lesson_to_show, variant_lesson
from game.ui.art.chips_art import DENOMINATIONS, chip_layer
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.play.play_scene import PlayingTable
from game.ui.shell.app import App
from game.ui.shell.context import GameContext
from game.ui.shell.rooms import Rooms, new_context
from game.ui.shell.seating import new_session

VARIANTS = [name for name, preset in PRESETS.items() if preset.lesson]


def sit_at(app: App, context: GameContext, preset: str) -> PlayingTable:
    """Open a table of `preset` from the main menu and let its deal land."""
    table = Rooms(context).open_table(
        app.scenes, new_session(preset, seed=5), PRESETS[preset].title
    )
    table.finish_animations()
    return table


@pytest.fixture
def menus(app: App) -> GameContext:
    context = new_context(load_settings().value, seed=3)
    app.scenes.push(MainMenuScene(context))
    return context


def test_every_issue_variant_has_a_lesson_and_the_classics_none() -> None:
    assert set(VARIANTS) == {
        "joker",
        "ak47",
        "highest_joker",
        "lowest_joker",
        "nine_nine_nine",
        "best_of_four",
        "high_low",
        "four_card_brag",
    }
    for name in ("teen_patti", "muflis", "brag", "three_card_poker"):
        assert variant_lesson(PRESETS[name].rules()) is None


@pytest.mark.parametrize("preset", VARIANTS)
def test_each_variant_preset_is_found_by_its_knobs(preset: str) -> None:
    lesson = variant_lesson(PRESETS[preset].rules())
    assert lesson is not None and lesson.preset == preset
    assert lesson.words == PRESETS[preset].lesson


def test_a_custom_table_of_the_same_knobs_gets_the_same_lesson() -> None:
    custom = make_rules("teen_patti", open_jokers=1, boot=2)
    lesson = variant_lesson(custom)
    assert lesson is not None and lesson.preset == "joker"
    assert lesson_to_show(custom, ["joker"]) is None


def test_the_first_sitting_at_a_variant_shows_its_bubble_once(app: App, menus: GameContext) -> None:
    table = sit_at(app, menus, "ak47")
    bubble = table.variant_bubble()
    assert bubble is not None
    assert bubble.words == PRESETS["ak47"].lesson and "AK47" in bubble.heading
    assert load_settings().value.variants_introduced == ["ak47"]
    app._draw(table)
    assert table.session.game.to_act != 0, "a bot acts first at this table"
    actions = len(table.session.game.actions)  # type: ignore[attr-defined]
    for _ in range(20):
        app.pump(0.5)
    assert table.variant_bubble() is not None, "the table waits for the bubble to close"
    assert len(table.session.game.actions) == actions  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.pump(0.0)
    assert table.variant_bubble() is None and table.variant_lesson is None
    for _ in range(20):
        app.pump(0.5)
        table.finish_animations()
    assert len(table.session.game.actions) > actions, "closed, the bots play on"  # type: ignore[attr-defined]
    again = sit_at(app, menus, "ak47")
    assert again.variant_bubble() is None, "the bubble shows once"
    other = sit_at(app, menus, "four_card_brag")
    assert other.variant_bubble() is not None
    assert load_settings().value.variants_introduced == ["ak47", "four_card_brag"]


def test_a_classic_table_shows_no_bubble(app: App, menus: GameContext) -> None:
    table = sit_at(app, menus, "teen_patti")
    assert table.variant_bubble() is None
    assert load_settings().value.variants_introduced == []


def test_a_click_closes_the_bubble_without_acting(app: App, menus: GameContext) -> None:
    table = sit_at(app, menus, "joker")
    assert table.variant_bubble() is not None
    actions = len(table.session.game.actions)  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(480, 500)))
    app.pump(0.0)
    assert table.variant_bubble() is None
    assert len(table.session.game.actions) == actions  # type: ignore[attr-defined]


def test_the_art_a_deal_needs_is_built_while_the_bubble_waits(app: App, menus: GameContext) -> None:
    chip_layer.cache_clear()
    table = sit_at(app, menus, "four_card_brag")
    app._draw(table)
    every_chip = 2 * len(DENOMINATIONS)
    assert table.variant_bubble() is not None
    assert chip_layer.cache_info().currsize < every_chip, "the first frame's chips only"
    for _ in range(80):
        app.pump(0.0)
    assert table.variant_bubble() is not None, "the bubble still up"
    assert chip_layer.cache_info().currsize >= every_chip, "built a piece a frame meanwhile"
