"""The menus, driven by posted events: the main menu, new-game setup (every preset starts), the
settings (each one saved), the pause menu, saves (Continue, load, delete with a question), the
rules and statistics screens, the summary, and Escape going back everywhere."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from game.engine.rules import PRESETS
from game.persistence.saves import AUTOSAVE, list_saves, save_session, slot_path
from game.persistence.settings import Settings, load_settings
from game.ui.kit.widgets import FormScene, TextField
from game.ui.lessons.rules_scene import RulesScene
from game.ui.menus.load_scene import ConfirmScene, LoadScene
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.menus.option_choices import choices_for
from game.ui.menus.settings_scene import SettingsScene
from game.ui.menus.setup_scene import SetupScene
from game.ui.menus.statistics_scene import StatisticsScene
from game.ui.play.pause_scene import PauseScene
from game.ui.play.play_scene import PlayingTable
from game.ui.play.summary_scene import SummaryScene
from game.ui.shell.app import App
from game.ui.shell.launch import SCENES, run_app
from game.ui.shell.rooms import new_context
from game.ui.shell.scene import Scene, SceneStack
from game.ui.shell.seating import new_session


class Driver:
    """An app whose events are posted to pygame's queue and pumped, like the real loop."""

    def __init__(self) -> None:
        self.app = App()
        self.context = new_context(load_settings().value, seed=11)
        self.app.scenes.push(MainMenuScene(self.context))

    @property
    def top(self) -> Scene:
        scene = self.app.scenes.top
        assert scene is not None
        return scene

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        self.app.pump()

    def type(self, words: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
        self.app.pump()

    def click(self, ident: str) -> None:
        """Click the middle of an item of the top form (logical coordinates, as the app sends)."""
        form = self.top
        assert isinstance(form, FormScene)
        point = form.item(ident).box.centre
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            form.handle_event(pygame.event.Event(kind, pos=point, button=1))

    def focus(self, ident: str) -> None:
        form = self.top
        assert isinstance(form, FormScene)
        form.focus_on(ident)

    def draw(self) -> None:
        self.top.draw(pygame.Surface((1280, 720)))


@pytest.fixture
def driver() -> Driver:
    pygame.event.clear()
    return Driver()


def test_new_game_then_deal_is_two_presses(driver: Driver) -> None:
    driver.draw()
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, SetupScene)
    assert driver.top.focused_ident == "start", "Deal has the focus"
    driver.draw()
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable)
    assert table.session.game.family == "teen_patti"
    assert table.session.game.deal_number == 1
    assert len(table.session.seats) == 4 and table.session.humans == [0]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_starts_from_the_setup(driver: Driver, preset: str) -> None:
    driver.key(pygame.K_n)
    driver.click(f"preset:{preset}")
    setup = driver.top
    assert isinstance(setup, SetupScene) and setup.preset == preset
    driver.draw()
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable)
    assert table.session.game.family == PRESETS[preset].family
    assert load_settings().value.last_preset == preset
    driver.draw()


def test_options_that_do_not_go_together_are_refused_with_a_sentence(driver: Driver) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.click("preset:four_card_brag")
    driver.focus("option:retained_hand")
    driver.key(pygame.K_RIGHT)
    assert setup.options["retained_hand"] == "face_up"
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    assert driver.top is setup, "no table opens"
    assert "deal 3 cards with it" in setup.message


def test_options_seats_and_names_reach_the_session(driver: Driver) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.click("preset:brag")
    for choice in choices_for(type(PRESETS["brag"].rules())):
        if choice.field == "cards_dealt":
            continue  # four cards refuse the face-up form stepped to here (a test of its own)
        driver.focus(f"option:{choice.field}")
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_LEFT)
        driver.key(pygame.K_RIGHT)
    assert setup.options["ante"] == 2
    driver.focus("seats")
    driver.key(pygame.K_RIGHT)
    assert len(setup.seats) == 5
    driver.focus("stack")
    driver.key(pygame.K_RIGHT)
    driver.focus("name:1")
    for _ in range(20):
        driver.key(pygame.K_BACKSPACE)
    driver.type("Zed")
    driver.focus("kind:2")
    for _ in range(len(setup.seats[2].kind) and 12):
        if setup.seats[2].kind == "person":
            break
        driver.key(pygame.K_LEFT)
    assert setup.seats[2].kind == "person"
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable), getattr(driver.top, "message", "")
    session = table.session
    assert session.names[1] == "Zed" and session.humans == [0, 2]
    assert getattr(session.rules, "ante") == 2 and session.stack == 500  # noqa: B009
    assert len(session.seats) == 5


def test_a_refused_combination_shows_its_sentence(driver: Driver) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.click("preset:brag")
    setup.options.update(min_bet=10, max_bet=5)
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    assert driver.top is setup
    assert "max_bet" in setup.message
    setup.seats[1].name = ""
    setup.options.update(min_bet=1)
    driver.key(pygame.K_RETURN)
    assert "needs a name" in setup.message


def test_casino_seats_one_and_others_two(driver: Driver) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.click("preset:casino")
    driver.focus("seats")
    for _ in range(3):
        driver.key(pygame.K_LEFT)
    assert len(setup.seats) == 1
    driver.click("preset:teen_patti")
    assert len(setup.seats) == 2


def test_every_setting_changes_and_is_saved(driver: Driver) -> None:
    driver.key(pygame.K_s)
    settings = driver.top
    assert isinstance(settings, SettingsScene)
    for choice in choices_for(Settings):
        before = getattr(driver.context.settings, choice.field)
        driver.focus(f"setting:{choice.field}")
        driver.key(pygame.K_RIGHT)
        after = getattr(driver.context.settings, choice.field)
        assert after != before, choice.field
        assert getattr(load_settings().value, choice.field) == after, choice.field
        driver.draw()
    # the last row is Language, now Hindi: the confirmation speaks it at once
    assert choices_for(Settings)[-1].field == "language"
    assert settings.message.endswith("— सेव हुआ।")
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)


def test_escape_goes_back_from_every_menu_screen(driver: Driver) -> None:
    for key, kind in (
        (pygame.K_n, SetupScene),
        (pygame.K_r, RulesScene),
        (pygame.K_t, StatisticsScene),
        (pygame.K_s, SettingsScene),
    ):
        driver.key(key)
        assert isinstance(driver.top, kind)
        driver.draw()
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.top, MainMenuScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene) and driver.top.focused_ident == "quit"
    driver.key(pygame.K_RETURN)
    assert len(driver.app.scenes) == 0


def test_menu_moves_with_arrow_keys_and_the_mouse(driver: Driver) -> None:
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    assert menu.focused_ident == "new"
    driver.key(pygame.K_DOWN)
    assert menu.focused_ident == "friends", "Load game is skipped without saves"
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    assert menu.focused_ident == "quit", "the focus wraps round"
    driver.click("statistics")
    assert isinstance(driver.top, StatisticsScene)


def test_pause_menu_saves_and_quits_to_the_summary_and_menu(driver: Driver) -> None:
    driver.key(pygame.K_n)
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)
    driver.draw()
    driver.key(pygame.K_ESCAPE)
    assert driver.top is table, "Escape resumes"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_r)
    assert isinstance(driver.top, RulesScene) and driver.top.table_rules is table.session.rules
    driver.draw()
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_s)
    assert isinstance(driver.top, SettingsScene)
    driver.focus("setting:table_colour")
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_g)
    driver.type("g")  # the text SDL sends with the G key press
    pause = driver.top
    assert isinstance(pause, PauseScene) and pause.naming
    assert not pause.slot.endswith("g"), "the G that opened the field is not typed into it"
    field = pause.item("slot")
    assert isinstance(field, TextField) and not field.chooser, "a text box, not a ◀ ▶ chooser"
    driver.draw()
    for _ in range(45):
        driver.key(pygame.K_BACKSPACE)
    driver.type("Friday game")
    driver.key(pygame.K_RETURN)
    assert "Friday game" in list_saves() and "Saved" in pause.message
    driver.key(pygame.K_ESCAPE)
    assert table.style.felt == driver.context.style.felt, "the new felt is on the table"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_q)
    summary = driver.top
    assert isinstance(summary, SummaryScene)
    assert AUTOSAVE in list_saves(), "leaving the table autosaves"
    driver.draw()
    driver.key(pygame.K_RETURN)
    menu = driver.top
    assert isinstance(menu, MainMenuScene) and menu.focused_ident in ("continue", "new")
    assert any(item.ident == "continue" for item in menu.items)


def test_continue_resumes_the_autosave(driver: Driver) -> None:
    session = new_session("brag", 5)
    session.start_deal()
    assert save_session(session, AUTOSAVE) == ""
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    menu.rebuild()
    driver.key(pygame.K_c)
    table = driver.top
    assert isinstance(table, PlayingTable)
    assert table.session.game.family == "brag" and table.session.game.deal_number == 1


def test_load_and_delete_a_save_asking_first(driver: Driver) -> None:
    for slot, preset in (("alpha", "teen_patti"), ("beta", "brag")):
        session = new_session(preset, 3)
        session.start_deal()
        assert save_session(session, slot) == ""
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    menu.rebuild()
    driver.key(pygame.K_l)
    load = driver.top
    assert isinstance(load, LoadScene) and len(load.saves) == 2
    driver.draw()
    slot = load.saves[0].slot
    driver.key(pygame.K_DELETE)
    question = driver.top
    assert isinstance(question, ConfirmScene) and question.focused_ident == "no"
    driver.draw()
    driver.key(pygame.K_RETURN)
    assert driver.top is load and slot in list_saves(), "No keeps the save"
    driver.key(pygame.K_DELETE)
    driver.key(pygame.K_y)
    assert driver.top is load and slot not in list_saves()
    assert len(load.saves) == 1
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable)
    assert table.session.game.deal_number == 1


def test_rules_screen_scrolls_and_changes_game(driver: Driver) -> None:
    driver.key(pygame.K_r)
    rules = driver.top
    assert isinstance(rules, RulesScene)
    driver.draw()
    first = rules.preset
    driver.key(pygame.K_RIGHT)
    assert rules.preset != first
    driver.key(pygame.K_PAGEDOWN)
    assert rules.offset > 0
    rules.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    driver.key(pygame.K_UP)
    driver.key(pygame.K_HOME)
    assert rules.offset == 0
    driver.draw()


def test_the_summary_comes_up_when_the_player_asks_once_the_session_is_over(
    driver: Driver,
) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.stack = 50
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable)
    for _ in range(4000):
        table.finish_animations()
        game = table.session.game
        if table.session_over:
            break
        if table.waiting_for_person:
            legal = game.legal_actions()
            table.submit(max(legal, key=lambda option: option.high).action)
        elif game.deal_over and game.can_deal():
            table.start_deal()
        table.update(3.0)
    assert table.session_over
    for _ in range(10):  # the last result stays on the table, however long it is looked at
        table.update(3.0)
    assert driver.top is table and table.wake_in is None
    assert [button.label for button in table.panel.buttons] == ["Session summary"]
    broke = table.session.game.stacks[0] == 0
    assert ("no chips" in table.end_message) == broke
    driver.key(pygame.K_s)
    summary = driver.top
    assert isinstance(summary, SummaryScene) and summary.ended
    assert summary.subtitle == table.end_message, "the summary says why, as the table did"
    assert "nobody else" not in summary.subtitle
    assert summary.tally.records[0].hands_played >= 1
    driver.draw()
    assert AUTOSAVE not in list_saves(), "a finished session is not offered to Continue"
    driver.key(pygame.K_a)
    assert driver.top is table and table.session.game.deal_number == 1


@pytest.mark.parametrize("scene", [name for name in SCENES if name != "table"])
def test_every_scene_renders_headless(tmp_path: Path, scene: str) -> None:
    target = tmp_path / f"{scene}.png"
    arguments = argparse.Namespace(
        screenshot=str(target), game="teen_patti", seed=3, hotseat=False, scene=scene
    )
    assert run_app(arguments) == 0
    assert pygame.image.load(target).get_size() == (1280, 720)


def test_an_unknown_scene_is_refused(tmp_path: Path) -> None:
    arguments = argparse.Namespace(
        screenshot=str(tmp_path / "x.png"), game=None, seed=3, hotseat=False, scene="lobby"
    )
    assert run_app(arguments) == 2


def test_learn_to_play_opens_each_lesson_and_escape_comes_back(driver: Driver) -> None:
    from game.ui.lessons.lessons_scene import LessonsScene
    from game.ui.lessons.tutorial_scene import TutorialScene

    driver.key(pygame.K_p)
    lessons = driver.top
    assert isinstance(lessons, LessonsScene)
    driver.draw()
    for ident in ("teen_patti", "brag", "three_card_poker"):
        driver.click(ident)
        assert isinstance(driver.top, TutorialScene)
        assert driver.top.run.tutorial.name == ident
        driver.key(pygame.K_ESCAPE)
        assert driver.top is lessons
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)


def test_the_variants_screen_lists_every_variant_lesson_and_opens_each(driver: Driver) -> None:
    from game.teaching.variant_tutorials import VARIANT_TUTORIALS
    from game.ui.kit.layout import LOGICAL_HEIGHT, LOGICAL_WIDTH, Box
    from game.ui.lessons.lessons_scene import (
        PANEL,
        VARIANT_PANEL,
        LessonsScene,
        VariantLessonsScene,
    )
    from game.ui.lessons.tutorial_scene import TutorialScene

    driver.key(pygame.K_p)
    lessons = driver.top
    assert isinstance(lessons, LessonsScene)
    assert all(PANEL.contains((item.box.x, item.box.bottom)) for item in lessons.items)
    driver.key(pygame.K_v)
    variants = driver.top
    assert isinstance(variants, VariantLessonsScene)
    driver.draw()
    tiles = [item for item in variants.items if item.ident != "back"]
    assert [tile.ident for tile in tiles] == list(VARIANT_TUTORIALS)
    boxes = [item.box for item in variants.items]
    screen = Box(0, 0, LOGICAL_WIDTH, LOGICAL_HEIGHT)
    for index, box in enumerate(boxes):
        assert VARIANT_PANEL.contains((box.x, box.y)) and VARIANT_PANEL.contains(
            (box.right, box.bottom)
        ), f"{variants.items[index].ident} sits inside the panel"
        assert screen.contains((box.right, box.bottom))
        for other in boxes[index + 1 :]:
            overlap = box.x < other.right and other.x < box.right
            assert not (overlap and box.y < other.bottom and other.y < box.bottom)
    for ident in VARIANT_TUTORIALS:
        driver.click(ident)
        assert isinstance(driver.top, TutorialScene)
        assert driver.top.run.tutorial.name == ident
        driver.key(pygame.K_ESCAPE)
        assert driver.top is variants
    driver.key(pygame.K_ESCAPE)
    assert driver.top is lessons


def test_pause_menu_opens_the_hand_history(driver: Driver) -> None:
    from game.ui.history.history_scene import HistoryScene

    driver.key(pygame.K_n)
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_h)
    assert isinstance(driver.top, HistoryScene)
    driver.draw()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.top, PauseScene)


def test_the_next_new_game_starts_from_the_last_games_choices(driver: Driver) -> None:
    from game.persistence.last_game import load_last_game

    driver.key(pygame.K_n)
    driver.click("preset:brag")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    (open_pack,) = [choice for choice in setup.choices if choice.field == "open_pack"]
    setup.step_option(open_pack, 1)
    setup.step_seats(1)
    setup.set_name(1, "Priyanka")
    chosen = (dict(setup.options), [(s.name, s.kind) for s in setup.seats], setup.stack)
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, PlayingTable)
    assert driver.top.session.rules.open_pack is True  # type: ignore[attr-defined]
    assert load_last_game().value.preset == "brag"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_q)
    while not isinstance(driver.top, MainMenuScene):
        driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_n)
    again = driver.top
    assert isinstance(again, SetupScene) and again.preset == "brag"
    assert (dict(again.options), [(s.name, s.kind) for s in again.seats], again.stack) == chosen


def test_a_broken_last_game_file_is_set_aside_and_said(driver: Driver) -> None:
    from game.persistence.last_game import last_game_file_name
    from game.persistence.paths import config_folder

    path = config_folder() / last_game_file_name()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"preset": "brag", "seats": 12')
    driver.context.settings.last_preset = "brag"
    driver.key(pygame.K_n)
    assert isinstance(driver.top, SetupScene)
    assert any("was damaged" in note for note in driver.context.notes)
    assert list(path.parent.glob("last_game.json.broken-*"))


def test_a_name_with_a_hash_is_refused_in_setup(driver: Driver) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    setup.set_name(1, "Ravi #2")
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    assert driver.top is setup
    assert "cannot hold '#'" in setup.message


def test_save_times_show_in_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from game.ui.menus.load_scene import local_time

    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    try:
        assert local_time("2025-05-02T21:40:00+00:00") == "2025-05-03 03:10"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_hotseat_alone_asks_which_game_with_two_people_seated() -> None:
    from game.ui.menus.setup_scene import PERSON, SetupScene
    from game.ui.shell.launch import _first_scenes

    settings = load_settings().value
    settings.last_preset = "three_card_poker"
    app = App()
    context = new_context(settings, seed=3, hotseat=True)
    _first_scenes(app, context, None, [])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene), "the New game screen asks, no table is opened"
    people = [seat.name for seat in setup.seats if seat.kind == PERSON]
    assert people == ["Asha", "Tom"]


def test_a_lesson_is_played_on_the_players_felt_and_deck(driver: Driver) -> None:
    from game.ui.lessons.tutorial_scene import TutorialScene

    driver.context.settings.table_colour = "blue"
    driver.context.settings.four_colour_deck = True
    driver.key(pygame.K_p)
    driver.click("teen_patti")
    lesson = driver.top
    assert isinstance(lesson, TutorialScene)
    assert lesson.style.felt == "blue" and lesson.style.four_colour


def test_a_new_boot_carries_the_apps_table_limits_with_it(driver: Driver) -> None:
    driver.key(pygame.K_n)
    driver.click("preset:teen_patti")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    boot = next(choice for choice in setup.choices if choice.field == "boot")
    setup.step_option(boot, 1)
    assert setup.options["boot"] == 2
    assert (setup.options["chaal_limit"], setup.options["pot_limit"]) == (256, 2048)
    assert setup.options["blind_limit"] == 4
    limit = next(choice for choice in setup.choices if choice.field == "chaal_limit")
    setup.step_option(limit, 1)  # a limit the player chose is not rescaled
    chosen = setup.options["chaal_limit"]
    setup.step_option(boot, 1)
    assert setup.options["chaal_limit"] == chosen


def _back_to_the_menu(driver: Driver) -> None:
    """Leave a table (Escape, Quit) and every screen after it, down to the main menu."""
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_q)
    while not isinstance(driver.top, MainMenuScene):
        driver.key(pygame.K_ESCAPE)


def test_after_watching_the_bots_the_next_new_game_seats_the_player_again(driver: Driver) -> None:
    from game.ui.menus.setup_scene import PERSON

    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.focus("kind:0")
    driver.key(pygame.K_RIGHT)  # You: a person → a bot, so the table plays on by itself
    assert all(seat.kind != PERSON for seat in setup.seats)
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    watched = driver.top
    assert isinstance(watched, PlayingTable) and watched.session.humans == []
    _back_to_the_menu(driver)
    driver.key(pygame.K_n)
    again = driver.top
    assert isinstance(again, SetupScene)
    assert [seat.kind for seat in again.seats][:1] == [PERSON], "the player's seat is theirs"
    assert [seat.name for seat in again.seats] == [seat.name for seat in setup.seats]
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    table = driver.top
    assert isinstance(table, PlayingTable) and table.session.humans == [0]


def test_each_preset_tile_says_what_sets_the_game_apart(driver: Driver) -> None:
    driver.key(pygame.K_n)
    setup = driver.top
    assert isinstance(setup, SetupScene)
    for name, preset in PRESETS.items():
        tile = setup.item(f"preset:{name}")
        assert getattr(tile, "subtitle") == preset.tagline  # noqa: B009


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_house_rules_open_on_the_presets_own_rules_and_the_everyday_ones(preset: str) -> None:
    from game.ui.menus.option_choices import EVERYDAY_RULES
    from game.ui.menus.setup_scene import MORE_RULES

    setup = SetupScene(new_context(seed=3), preset)
    shown = [item.ident[7:] for item in setup.items if item.ident.startswith("option:")]
    fields = [choice.field for choice in setup.choices]
    defining = [field for field in PRESETS[preset].defining_rules() if field in fields]
    assert shown[: len(defining)] == defining, "the rules that make the game come first"
    everyday = [field for field in fields if field in EVERYDAY_RULES and field not in defining]
    assert shown == defining + everyday, "and the everyday ones; the rest is folded"
    folded = [field for field in fields if field not in shown]
    assert folded, "every game has rules under the fold"
    assert any(item.ident == MORE_RULES for item in setup.items)
    assert len(shown) < len(fields)


def test_the_more_house_rules_fold_opens_and_closes_by_key_and_click(driver: Driver) -> None:
    from game.ui.menus.setup_scene import MORE_RULES

    driver.key(pygame.K_n)
    driver.click("preset:joker")
    setup = driver.top
    assert isinstance(setup, SetupScene) and not setup.more_open

    def shown() -> list[str]:
        return [item.ident for item in setup.items if item.ident.startswith("option:")]

    closed = shown()
    assert "option:wild_cards" not in closed
    driver.focus(MORE_RULES)
    driver.key(pygame.K_RETURN)
    assert setup.more_open and "option:wild_cards" in shown()
    assert isinstance(driver.top, SetupScene), "Enter on the fold does not deal"
    driver.key(pygame.K_DOWN)
    assert setup.focused_ident == "option:wild_cards", "Down walks into the folded rules"
    driver.key(pygame.K_UP)
    driver.key(pygame.K_SPACE)
    assert not setup.more_open and shown() == closed
    driver.key(pygame.K_RIGHT)
    assert setup.more_open
    driver.key(pygame.K_LEFT)
    assert not setup.more_open
    driver.click(MORE_RULES)
    assert setup.more_open
    driver.draw()
    driver.click("preset:ak47")
    assert not setup.more_open, "another game opens folded"


def test_a_rule_changed_under_the_fold_is_not_hidden_next_time(driver: Driver) -> None:
    driver.key(pygame.K_n)
    driver.click("preset:joker")
    setup = driver.top
    assert isinstance(setup, SetupScene)
    driver.focus("option:sideshow")  # a folded rule: focusing it opens the fold
    assert setup.more_open
    driver.key(pygame.K_RIGHT)
    assert setup.options["sideshow"] is False
    driver.focus("start")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.top, PlayingTable)
    _back_to_the_menu(driver)
    driver.key(pygame.K_n)
    again = driver.top
    assert isinstance(again, SetupScene) and again.preset == "joker"
    assert again.more_open, "the player's own house rule shows"
    assert "option:sideshow" in again.rule_rows


def test_the_seat_limits_and_their_words_come_from_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.engine import families
    from game.engine.brag import BragGame
    from game.engine.families import Family
    from game.ui.menus import setup_scene

    monkeypatch.setattr(BragGame, "fewest_seats", 3)
    monkeypatch.setattr(families, "MOST_SEATS", 5)
    setup = SetupScene(new_context(seed=3), "brag")
    assert setup_scene.seats_note(Family.BRAG).startswith("3 to 5 seats")
    assert setup_scene.seats_note(Family.CASINO).endswith("1 to 5 seats.")
    counts = set()
    for direction in (1, 1, 1, -1, -1, -1, -1, -1):
        setup.step_seats(direction)
        counts.add(len(setup.seats))
    assert counts == {3, 4, 5} and len(setup.seats) == 3, "within the limits, stopping at each"


def test_a_bot_in_the_persons_seat_takes_a_bots_name_and_gives_it_back() -> None:
    setup = SetupScene(new_context(seed=3), "teen_patti")
    assert (setup.seats[0].name, setup.seats[0].kind) == ("You", "person")
    setup.step_kind(0, 1)
    bot_name = setup.seats[0].name
    assert setup.seats[0].kind != "person" and bot_name != "You"
    assert bot_name not in [seat.name for seat in setup.seats[1:]]
    for _ in range(10):
        setup.step_name(0, 1)
        assert setup.seats[0].name != "You", "a bot is never offered the person's name"
    setup.seats[0].name = bot_name
    setup.step_kind(0, -1)
    assert (setup.seats[0].name, setup.seats[0].kind) == ("You", "person")
    plans = setup.plans()
    assert not isinstance(plans, str) and plans[0].name == "You"


@pytest.mark.parametrize("saves", [1, 9])
def test_a_damaged_save_says_one_short_sentence_that_covers_nothing(
    driver: Driver, saves: int, caplog: pytest.LogCaptureFixture
) -> None:
    """Enter on a damaged save: a sentence inside the list's panel, clear of every button; the
    reader's diagnostic and the full path go to the log."""
    import os

    from game.ui.kit.layout import Viewport
    from game.ui.menus.load_scene import LIST_PANEL

    for index in range(saves):
        assert save_session(new_session("teen_patti", index), f"good{index}") == ""
    broken = slot_path("mysave")
    broken.write_text('{"schema_version": 1, "family": "brag",, }')
    os.utime(broken, (2e9, 2e9))  # the newest: first in the list
    menu = driver.top
    assert isinstance(menu, MainMenuScene)
    menu.rebuild()
    driver.key(pygame.K_l)
    load = driver.top
    assert isinstance(load, LoadScene) and load.saves[0].slot == "mysave"
    with caplog.at_level("WARNING"):
        driver.key(pygame.K_RETURN)
    assert driver.top is load
    (kept,) = broken.parent.glob("mysave.json.broken-*")
    assert load.message.startswith("The save 'mysave' was damaged") and kept.name in load.message
    assert "/" not in load.message.replace(kept.name, "") and str(broken.parent) not in load.message
    for parser_words in ("JSON", "line 1", "column", "expecting"):
        assert parser_words not in load.message
    logged = caplog.text
    assert str(broken) in logged and "line 1, column 40" in logged and str(kept) in logged
    assert "mysave" not in [info.slot for info in load.saves], "the list no longer offers it"
    surface = pygame.Surface((1280, 720))
    load.draw(surface)
    viewport = Viewport.fit(surface.get_size())
    panel = pygame.Rect(viewport.box(LIST_PANEL))
    assert load.message_rects
    for rect in load.message_rects:
        assert panel.contains(rect), (rect, panel)
        for item in load.items:
            assert not rect.colliderect(pygame.Rect(viewport.box(item.box))), item.ident


def test_the_ak47_hand_chart_shows_a_hand_with_its_wild_card() -> None:
    from game.ui.art import fonts
    from game.ui.lessons.rules_scene import RulesScene

    scene = RulesScene(new_context(load_settings().value, seed=3), "ak47")
    SceneStack().push(scene)
    fonts.RECORDINGS.append(set())
    try:
        scene.draw(pygame.Surface((1280, 720)))
        drawn = fonts.RECORDINGS[-1]
    finally:
        fonts.RECORDINGS.pop()
    assert {"With a wild card", "Trail of queens (1 wild card)", "WILD"} <= drawn


def test_the_pause_card_is_as_tall_as_what_it_holds() -> None:
    from game.ui.shell.screens import screen_factory

    pause = screen_factory("pause", "teen_patti", 3, new_context(seed=3))()
    assert isinstance(pause, PauseScene)
    for naming in (False, True):
        if naming:
            pause.ask_name()
        below = pause.panel.bottom - max(item.box.bottom for item in pause.items)
        assert 0 < below <= 30, f"an empty band of {below} under the last button"
        assert abs(pause.panel.centre[1] - 360) < 1, "centred"
        pause.say("Not saved: a save name uses letters, digits, spaces, '-' or '_' (up to 40)")
        assert pause.panel.y < pause.message_at[1] < pause.panel.bottom - 20
        assert pause.message_at[1] > max(item.box.bottom for item in pause.items) + 20
        pause.draw(pygame.Surface((1280, 720)))
        pause.message = ""


def test_learn_to_play_is_titled_once() -> None:
    from collections import Counter
    from collections.abc import Callable

    from game.ui.art import fonts
    from game.ui.kit.layout import Viewport
    from game.ui.kit.widgets import draw_header
    from game.ui.lessons.lessons_scene import LessonsScene

    TITLE = "Learn to play"

    class Counted(set[str]):
        """Every text drawn, and how often."""

        def __init__(self) -> None:
            super().__init__()
            self.times: Counter[str] = Counter()

        def add(self, words: str) -> None:
            self.times[words] += 1
            super().add(words)

    def times_drawn(draw: Callable[[pygame.Surface], None]) -> Counter[str]:
        drawn = Counted()
        fonts.RECORDINGS.append(drawn)
        try:
            draw(pygame.Surface((1280, 720)))
        finally:
            fonts.RECORDINGS.remove(drawn)
        return drawn.times

    header = times_drawn(lambda surface: draw_header(surface, Viewport(1, 0, 0, 0, 0), TITLE))
    lessons = times_drawn(LessonsScene(new_context(seed=3)).draw)
    assert lessons[TITLE] == header[TITLE], "the title once, at the top (a shadow under it)"
    assert lessons["Lessons"], "the panel names what it holds"
