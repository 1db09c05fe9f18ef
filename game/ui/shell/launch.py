"""Starting the game: settings in, the main menu (or a table), the window or a screenshot,
settings out.

`run_app` is what `python -m game` runs without a verb. It loads the settings (a problem with
the file becomes a notice on screen) and opens the main menu. `--game G` skips straight to a
table of that preset — "You" and three bots, or two people for hot-seat with `--hotseat` — with
the main menu underneath, so Escape → Quit to menu leads there. `--hotseat` alone opens the
New game screen with two people seated, to ask which game. `--seed S` makes the deals (and
the setup's bot names) repeatable. On the way out the window size and fullscreen are saved.

`--screenshot OUT.png` draws the mid-hand table frame exactly as before; with `--scene NAME`
it draws that menu screen instead (see SCENES), for the README pictures: the main menu as
`python -m game` opens it, the others made by screens.py.

Only what the first frame draws is imported here: every other screen is imported by the
routes when it is first opened (rooms.SCREENS).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.families import FAMILIES
from game.engine.rules import PRESETS, RulesError, get_preset
from game.i18n import _, set_language
from game.persistence.kept_seats import load_kept_seats
from game.persistence.last_game import load_last_game
from game.persistence.saves import AUTOSAVE, check_save_file
from game.persistence.settings import Settings, load_settings, save_settings
from game.statistics import load_lifetime
from game.ui.art.sound import SoundBoard
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.menus.notice_scene import FileNoticeScene
from game.ui.shell import app as window
from game.ui.shell.app import App
from game.ui.shell.context import GameContext
from game.ui.shell.rooms import new_context, screen, table_for
from game.ui.shell.scene import Scene
from game.ui.shell.seating import new_session, scripted_session

if TYPE_CHECKING:
    from game.ui.menus.setup_scene import SetupScene
    from game.ui.table.table_scene import TableScene


def playable(name: str) -> bool:
    """Whether the table can play the preset `name`."""
    try:
        return get_preset(name).family in FAMILIES
    except RulesError:
        return False


def refuse_game(name: str) -> None:
    """Say on the terminal why the table cannot play the preset `name` (in English, as every
    command-line message)."""
    try:
        get_preset(name)
    except RulesError as error:
        print(f"trey: {error}", file=sys.stderr)
        return
    names = ", ".join(sorted(key for key, value in _presets().items() if value in FAMILIES))
    print(f"trey: '{name}' has no table yet; play one of: {names}", file=sys.stderr)


def _presets() -> dict[str, str]:
    return {name: preset.family for name, preset in PRESETS.items()}


def _seed(arguments: argparse.Namespace) -> int:
    seed = getattr(arguments, "seed", None)
    return int(seed) if seed is not None else int(time.time()) % 1_000_000


def _preset(arguments: argparse.Namespace, settings: Settings, notes: list[str]) -> str:
    chosen = getattr(arguments, "game", None)
    if chosen:
        return str(chosen)
    if not playable(settings.last_preset):
        words = _("The last game, '{name}', cannot be played here yet.")
        notes.append(words.format(name=settings.last_preset))
        return Settings.model_validate({}).last_preset  # the first run's game
    return settings.last_preset


def file_notices(settings_problem: str) -> list[str]:
    """The start-up notes: settings, last game, statistics, kept seats at network tables and
    autosave, each read once."""
    notes = [settings_problem, load_last_game().problem, load_lifetime().problem]
    notes.append(load_kept_seats().problem)
    notes.append(check_save_file(AUTOSAVE).problem)
    for note in notes:
        if note:
            print(f"trey: {note}", file=sys.stderr)
    return [note for note in notes if note]


SCENES = (
    "table",
    "menu",
    "setup",
    "settings",
    "rules",
    "statistics",
    "load",
    "pause",
    "summary",
    "friends",
    "host",
    "join",
)
"""What `--screenshot OUT.png --scene NAME` can draw (table: the default mid-hand frame)."""


def run_app(arguments: argparse.Namespace) -> int:
    """Open the main menu or a table (or write `--screenshot` and exit); the exit status."""
    if getattr(arguments, "language", None):
        set_language(arguments.language)  # so that a settings file's problem is in it too
    loaded = load_settings()
    settings = loaded.value
    if getattr(arguments, "language", None):
        settings.language = arguments.language
    set_language(settings.language)
    notes = file_notices(loaded.problem)
    chosen = getattr(arguments, "game", None)
    preset = _preset(arguments, settings, notes)
    if not playable(preset):
        refuse_game(preset)
        return 2
    seed = _seed(arguments)
    hotseat = bool(getattr(arguments, "hotseat", False))
    screenshot = getattr(arguments, "screenshot", None)
    scene = getattr(arguments, "scene", None) or "table"
    if scene not in SCENES:
        print(f"trey: '{scene}' is not a scene: choose one of {', '.join(SCENES)}", file=sys.stderr)
        return 2
    if screenshot:
        context = new_context(settings, seed=seed, hotseat=hotseat)
        _screenshot(Path(screenshot), scene, preset, seed, context, notes)
        return _save(settings, preset)

    app = App(size=(settings.window_width, settings.window_height), fullscreen=settings.fullscreen)
    context = new_context(settings, app, seed, hotseat)
    _first_scenes(app, context, preset if chosen else None, notes)
    status = app.run()
    width, height = app.windowed_size
    settings.window_width = max(640, min(7680, int(width)))
    settings.window_height = max(360, min(4320, int(height)))
    settings.fullscreen = app.fullscreen
    return _save(settings, settings.last_preset if not chosen else preset) or status


def _first_scenes(app: App, context: GameContext, preset: str | None, notices: list[str]) -> None:
    """Put the main menu on the stack, a table of `preset` on it when one is asked for, and
    the notice of any file set aside on top of both."""
    app.open_window()
    context.sound = SoundBoard(context.settings.volume, context.settings.sound)
    app.scenes.push(MainMenuScene(context))
    if preset is None and context.hotseat:
        # `--hotseat` alone asks which game, with two people seated, rather than guessing
        setup: type[SetupScene] = screen("setup").SetupScene
        app.scenes.push(setup(context))
    if preset is not None:
        session = new_session(preset, context.seed, context.hotseat)
        app.scenes.push(table_for(context, session, get_preset(preset).title))
    if notices:
        underneath = app.scenes.top
        assert underneath is not None
        app.scenes.push(FileNoticeScene(context, notices, underneath))


def _screenshot(
    target: Path, scene: str, preset: str, seed: int, context: GameContext, notices: list[str]
) -> None:
    """Draw one frame of a scene to `target` headless (under the start-up notice, if any)."""
    if scene == "table":
        session = scripted_session(preset, seed)
        title = get_preset(preset).title
        style, speed = context.style, context.settings.animation_speed

        table: type[TableScene] = screen("table").TableScene

        def make() -> Scene:
            return table(session, style=style, speed=speed, title=title)
    elif scene == "menu":

        def make() -> Scene:
            return MainMenuScene(context)
    else:
        factory: Callable[[str, str, int, GameContext], Callable[[], Scene]]
        factory = screen("screenshots").screen_factory
        make = factory(scene, preset, seed, context)
    if not notices:
        window.render_screenshot(target, make)
        return

    def noticed() -> Scene:
        underneath = make()
        underneath.startup({})
        return FileNoticeScene(context, notices, underneath)

    window.render_screenshot(target, noticed)


def _save(settings: Settings, preset: str) -> int:
    settings.last_preset = preset
    problem = save_settings(settings)
    if problem:
        print(f"trey: {problem}", file=sys.stderr)
    return 0
