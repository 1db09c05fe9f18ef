"""game/ui is a house of rooms: every module lives in one, and a screen of one room opens a
screen of another only through the routes (issue 15, item 5).

A room is a subpackage of game/ui. A module may build on a scene class of another room (the
playing table is a table scene), but it may not import another room's scene module to open
one of its screens: it asks `context.routes`, and only the shell, which builds every room's
screens, imports them all.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from functools import cache
from pathlib import Path

import pytest

from game.ui.shell.scene import Scene

UI = Path(__file__).resolve().parents[2] / "game" / "ui"

ROOMS = ("art", "friends", "history", "kit", "lessons", "menus", "play", "shell", "table")
"""The rooms, each a subpackage whose docstring says what it holds."""

FRAMES = frozenset({"Scene", "FormScene"})
"""The scene frames every screen derives from (the stack's and the forms'): no screen themselves."""

BUILDER = "shell"
"""The room that builds every screen (the routes), so it may import any of them."""


def ui_modules() -> list[str]:
    """Every module of game/ui as a dotted name, the packages' __init__ left out."""
    root = UI.parent.parent
    return sorted(
        ".".join(path.relative_to(root).with_suffix("").parts)
        for path in UI.rglob("*.py")
        if path.name != "__init__.py"
    )


def room_of(module: str) -> str:
    """'game.ui.table.board' -> 'table'."""
    return module.split(".")[2]


@cache
def scene_classes(module: str) -> frozenset[str]:
    """The names of the screens (scene classes but the frames) a module defines."""
    loaded = importlib.import_module(module)
    return frozenset(
        name
        for name, value in vars(loaded).items()
        if inspect.isclass(value)
        and issubclass(value, Scene)
        and value.__module__ == module
        and name not in FRAMES
    )


def strays(module: str, source: str) -> list[str]:
    """The other rooms' scene modules from which `source` (the text of `module`) takes a screen
    without deriving a class from it (or takes the whole module)."""
    if room_of(module) == BUILDER:
        return []
    tree = ast.parse(source)
    bases = {
        base.id
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for base in node.bases
        if isinstance(base, ast.Name)
    }
    taken: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.ui."):
            taken.setdefault(node.module or "", set()).update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("game.ui."):
                    taken.setdefault(alias.name, {"*"})
    found = []
    for other, names in sorted(taken.items()):
        if room_of(other) == room_of(module) or not scene_classes(other):
            continue
        if "*" in names or (names & scene_classes(other)) - bases:
            found.append(other)
    return found


def text_of(module: str) -> str:
    """The source of a game/ui module."""
    return UI.parent.parent.joinpath(*module.split(".")).with_suffix(".py").read_text("utf-8")


def test_every_ui_module_lives_in_a_room() -> None:
    assert [module for module in ui_modules() if len(module.split(".")) != 4] == []
    assert {room_of(module) for module in ui_modules()} == set(ROOMS)


@pytest.mark.parametrize("room", ROOMS)
def test_each_room_says_what_it_holds(room: str) -> None:
    assert ast.get_docstring(ast.parse((UI / room / "__init__.py").read_text("utf-8")))


@pytest.mark.parametrize("module", ui_modules())
def test_a_screen_opens_another_rooms_screen_only_through_the_routes(module: str) -> None:
    assert strays(module, text_of(module)) == [], "open it with context.routes (shell/routes.py)"


def test_the_check_sees_a_screen_opened_across_rooms() -> None:
    opening = "from game.ui.menus.setup_scene import SetupScene\n\nSCENE = SetupScene\n"
    assert strays("game.ui.play.probe", opening) == ["game.ui.menus.setup_scene"]
    whole = "import game.ui.menus.setup_scene\n"
    assert strays("game.ui.play.probe", whole) == ["game.ui.menus.setup_scene"]
    building = "from game.ui.table.table_scene import TableScene\n\nclass Mine(TableScene): ...\n"
    assert strays("game.ui.play.probe", building) == []
    assert strays("game.ui.shell.probe", opening) == []
    same_room = "from game.ui.menus.setup_scene import SetupScene\n"
    assert strays("game.ui.menus.probe", same_room) == []
    helpers = "from game.ui.menus.load_scene import SaveInfo\n"
    assert strays("game.ui.play.probe", helpers) == []
