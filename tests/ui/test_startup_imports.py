"""The first frame loads only what it draws (issue 47): `python -m game` imports no network stack
(asyncio, websockets, zeroconf) and none of the friends' screens or the lessons before the
player opens them; each screen of the rooms is imported when first opened (rooms.SCREENS)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.shell import rooms

ROOT = Path(__file__).resolve().parents[2]

NOT_AT_START = (
    "asyncio",
    "websockets",
    "zeroconf",
    "game.ui.friends",
    "game.ui.lessons",
    "game.bots.thinking",
    "game.bots.expert",
    "game.bots.cfr",
    "game.bots.plans",
)
"""Packages the first frame of the main menu or of a table needs none of (the thinking bots
and the expert's search are imported when such a bot first sits down)."""

NOT_BUILT_AT_START = (
    "model:BragRules",
    "model:ThreeCardPokerRules",
    "model:CasinoRules",
    "ranking:three_card_poker",
    "placed:teen_patti",
    "art:every-chip",
    "art:every-glow",
)
"""Rules models and hand rankings a Teen Patti table's first frame never validates or ranks
with: pydantic builds a model when it first validates one (defer_build), and a ranking is
built when first asked for. Nor does it place the person's hand among all hands (the coach's
advice, worked out when the coach is shown) or build the chips and glows it does not show
(built after it, a piece a frame)."""


def imported_at_start(tmp_path: Path, *flags: str) -> set[str]:
    """The modules `python -m game --screenshot` has imported when it exits (its first frame
    drawn and written), in a fresh user's folders, with the models and rankings it built."""
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    environment.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
    )
    listed = tmp_path / "modules.txt"
    # the game run as `python -m game` runs it, listing as the process exits sys.modules, the
    # game's pydantic models that were built ("model:Settings") and the hand rankings that were
    # ("ranking:teen_patti", "placed:" once it placed a hand among all), whether the table's
    # chips and glows were all built ("art:every-chip"), and whether the collector is on and
    # holds most objects frozen
    program = (
        "import atexit, gc, runpy, sys\n"
        "def built(kind):\n"
        "    for each in kind.__subclasses__():\n"
        "        yield from built(each)\n"
        "        if each.__module__.startswith('game.') and each.__pydantic_complete__:\n"
        "            yield 'model:' + each.__name__\n"
        "def listed():\n"
        "    names = sorted(sys.modules)\n"
        "    if 'pydantic' in sys.modules:\n"
        "        names += built(sys.modules['pydantic'].BaseModel)\n"
        "    if gc.isenabled():\n"
        "        names.append('gc:enabled')\n"
        "    if gc.get_freeze_count() > len(gc.get_objects()):\n"
        "        names.append('gc:mostly-frozen')\n"
        "    hands = sys.modules.get('game.engine.hands')\n"
        "    if hands is not None:\n"
        "        rankings = [each for each in gc.get_objects()\n"
        "                    if isinstance(each, hands.Ranking)]\n"
        "        names += ['ranking:' + each.name for each in rankings]\n"
        "        names += ['placed:' + each.name for each in rankings if each._sorted_keys]\n"
        "    chips = sys.modules.get('game.ui.art.chips_art')\n"
        "    if chips and chips.chip_layer.cache_info().currsize >= 2 * len(chips.DENOMINATIONS):\n"
        "        names.append('art:every-chip')\n"
        "    art = sys.modules.get('game.ui.art.art')\n"
        "    if art and art.glow.cache_info().currsize >= 6:\n"
        "        names.append('art:every-glow')\n"
        f"    open({str(listed)!r}, 'w').write('\\n'.join(names))\n"
        "atexit.register(listed)\n"
        "runpy.run_module('game', run_name='__main__', alter_sys=True)\n"
    )
    arguments = ["--screenshot", str(tmp_path / "out.png"), "--seed", "3", *flags]
    done = subprocess.run(
        [sys.executable, "-c", program, *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "out.png").stat().st_size > 0
    return set(listed.read_text(encoding="utf-8").split())


def loaded_of(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of `modules` that are any of `packages` or inside one."""
    return sorted(
        module
        for module in modules
        if any(module == package or module.startswith(package + ".") for package in packages)
    )


@pytest.mark.parametrize("flags", [(), ("--scene", "menu")], ids=["table", "menu"])
def test_the_first_frame_imports_no_network_stack(tmp_path: Path, flags: tuple[str, ...]) -> None:
    modules = imported_at_start(tmp_path, *flags)
    assert "game.ui.shell.launch" in modules, "the import list was read"
    assert loaded_of(modules, NOT_AT_START) == []


def test_the_first_frame_of_a_teen_patti_table_builds_no_other_games_rules(
    tmp_path: Path,
) -> None:
    made = imported_at_start(tmp_path)
    assert {"model:Settings", "model:TeenPattiRules", "ranking:teen_patti"} <= made, "listed"
    assert made.isdisjoint(NOT_BUILT_AT_START), sorted(made & set(NOT_BUILT_AT_START))


@pytest.mark.parametrize("flags", [(), ("--scene", "menu")], ids=["table", "menu"])
def test_the_modules_objects_are_frozen_and_the_collector_runs(
    tmp_path: Path, flags: tuple[str, ...]
) -> None:
    """What the modules made while loading is frozen (game/loading.py): more objects frozen than
    the collector still walks when the first frame is written, and the collector is on."""
    assert {"gc:enabled", "gc:mostly-frozen"} <= imported_at_start(tmp_path, *flags)


def test_opening_play_with_friends_imports_it(tmp_path: Path) -> None:
    """The other side: the friends' screen loads its room and the network stack when drawn."""
    modules = imported_at_start(tmp_path, "--scene", "friends")
    assert {"game.ui.friends.friends_scene", "asyncio", "websockets"} <= modules


@pytest.mark.parametrize("name", sorted(rooms.SCREENS))
def test_every_module_named_in_the_routes_can_be_imported(name: str) -> None:
    assert rooms.screen(name).__name__ == rooms.SCREENS[name]
