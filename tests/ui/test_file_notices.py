"""The game starts with any bad file in place, sets it aside and says so on screen."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from game.persistence.last_game import last_game_file_name
from game.persistence.paths import config_folder, settings_file
from game.persistence.saves import slot_path
from game.statistics import statistics_file
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.menus.notice_scene import HEAD, LINE_HEIGHT, NOTICE_GAP, PANEL, FileNoticeScene
from game.ui.shell.app import App
from game.ui.shell.launch import _first_scenes, file_notices, run_app
from game.ui.shell.rooms import new_context

NESTED = '{"a": ' + "[" * 3_000 + "]" * 3_000 + "}"


def bad_files() -> dict[str, Path]:
    """Every file the game keeps at start-up, each damaged a different way."""
    files = {
        "settings.json": (settings_file(), NESTED),
        "last_game.json": (config_folder() / last_game_file_name(), '{"seats": "nobody"}'),
        "statistics.json": (statistics_file(), '{"schema_version": 9, "games": {}}'),
        "autosave.json": (slot_path("autosave"), '{"schema_version": 1, "histo'),
    }
    for path, content in files.values():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return {name: path for name, (path, _) in files.items()}


def screenshot(target: Path) -> int:
    arguments = argparse.Namespace(
        screenshot=str(target), game=None, seed=3, hotseat=False, scene="menu"
    )
    return run_app(arguments)


def test_the_notice_names_each_file_where_it_went_and_what_is_used() -> None:
    paths = bad_files()
    notices = file_notices("")
    assert [notice.split(" was ", 1)[0] for notice in notices] == [
        "The file of your last game's choices",
        "Your statistics file (statistics.json)",
        "The autosave",
    ]
    for notice in notices:
        assert "defaults are used" in notice or "start afresh" in notice or "continue" in notice
    assert paths["statistics.json"].exists(), "a newer file is left as it is"
    for name in ("last_game.json", "autosave.json"):
        (kept,) = paths[name].parent.glob(f"{name}.broken-*")
        assert kept.name in " ".join(notices)
    assert file_notices("") == [notices[1]], "only the newer file is told again"


def test_a_screenshot_with_bad_files_shows_the_notice_and_the_next_start_is_clean(
    tmp_path: Path,
) -> None:
    assert screenshot(tmp_path / "clean.png") == 0
    paths = bad_files()
    assert screenshot(tmp_path / "notice.png") == 0
    for name in ("settings.json", "last_game.json", "autosave.json"):
        assert len(list(paths[name].parent.glob(f"{name}.broken-*"))) == 1
    clean = pygame.image.load(tmp_path / "clean.png")
    noticed = pygame.image.load(tmp_path / "notice.png")
    title_row = 360  # the card is centred, however tall its notices make it
    changed = sum(
        clean.get_at((x, title_row)) != noticed.get_at((x, title_row)) for x in range(400, 880)
    )
    assert changed > 100, "the notice card is drawn over the menu"
    assert screenshot(tmp_path / "again.png") == 0
    for name in ("settings.json", "last_game.json", "autosave.json"):
        assert len(list(paths[name].parent.glob(f"{name}.broken-*"))) == 1, "no crash loop"


@pytest.mark.parametrize("table", [False, True])
def test_the_notice_sits_on_top_at_start_and_enter_carries_on(table: bool) -> None:
    app = App(size=(960, 540))
    context = new_context(app=app, seed=3)
    _first_scenes(app, context, "teen_patti" if table else None, ["settings.json was damaged."])
    notice = app.scenes.top
    assert isinstance(notice, FileNoticeScene)
    assert notice.notices == ["settings.json was damaged."]
    app._draw(notice)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.pump()
    assert not isinstance(app.scenes.top, FileNoticeScene)
    assert table or isinstance(app.scenes.top, MainMenuScene)


def test_many_notices_are_cut_to_the_card_with_a_count() -> None:
    underneath = MainMenuScene(new_context(seed=3))
    scene = FileNoticeScene(
        new_context(seed=3), [f"file{n}.json was damaged " * 8 for n in range(9)], underneath
    )
    from game.ui.kit.layout import Viewport

    lines = scene.lines(Viewport.fit((1280, 720)))
    assert lines[-1][0].startswith("… and ")
    assert len(lines) <= 15


def test_a_damaged_settings_file_is_named_in_words_and_its_detail_goes_to_the_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The notice says which file, where it was kept and what is used; the reader's diagnostic
    and the folders go to the log (which the terminal shows), never onto the screen."""
    from game.persistence.settings import load_settings

    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"volume": 0.5,, "sound": true}', encoding="utf-8")
    with caplog.at_level("WARNING"):
        (notice,) = file_notices(load_settings().problem)
    (kept,) = path.parent.glob("settings.json.broken-*")
    assert notice == (
        f"Your settings file was damaged; it was kept aside as {kept.name} and the defaults "
        "are used."
    )
    assert str(path.parent) not in notice and "~" not in notice
    for parser_words in ("JSON", "line 1", "column", "expecting"):
        assert parser_words not in notice
    assert str(path) in caplog.text and str(kept) in caplog.text
    assert "line 1, column 16" in caplog.text


@pytest.mark.parametrize("count", [1, 3, 9])
def test_the_notice_card_is_as_tall_as_its_lines(count: int) -> None:
    from game.ui.kit.layout import Viewport

    notices = [f"file{n}.json was damaged; it was kept aside " * 3 for n in range(count)]
    scene = FileNoticeScene(new_context(seed=3), notices, MainMenuScene(new_context(seed=3)))
    card = scene.panel
    assert card.height <= PANEL.height and abs(card.centre[1] - 360) < 1
    button = scene.item("ok").box
    for size in ((1280, 720), (960, 540), (640, 360)):
        lines = scene.lines(Viewport.fit(size))
        gaps = sum(1 for _, first in lines[1:] if first)
        text_bottom = card.y + HEAD + len(lines) * LINE_HEIGHT + gaps * NOTICE_GAP
        assert text_bottom <= button.y, f"the lines run into the button at {size}"
        if count < 9:
            assert button.y - text_bottom <= 16 + 2 * LINE_HEIGHT, f"an empty band at {size}"
    assert card.bottom - button.bottom <= 24, "no empty band under the button"
    if count < 9:
        assert card.height < PANEL.height, "a short notice makes a short card"
