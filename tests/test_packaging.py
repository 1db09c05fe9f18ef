"""The wheel built from pyproject carries sprites/ and sounds/ so an installed game finds them;
`make play` installs only what playing needs."""

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_wheel_contains_assets_and_entry_point(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["--quiet", "--wheel-dir", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("trey-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("sprites", "sounds"):
        shipped = {
            path.relative_to(REPO).as_posix()
            for path in (REPO / folder).rglob("*")
            if path.is_file()
        }
        assert shipped, f"{folder}/ is empty"
        for path in shipped:
            assert f"game/assets/{path}" in names, f"{path} is missing from the wheel"
    assert "game/engine/hands.py" in names
    page = [
        path.relative_to(REPO).as_posix()
        for folder in ("game/web/client", "game/web/vendor")
        for path in (REPO / folder).iterdir()
    ]
    assert "game/web/client/index.html" in page and "game/web/vendor/LICENSE-preact" in page
    assert set(page) <= names, "the phone page's files ship in the wheel"
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    assert "trey = game.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_icon_is_the_one_the_icon_art_draws() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.assets import icon_file
    from game.ui.art.icon_art import ICON_SIZE, draw_icon

    shipped = pygame.image.load(icon_file())
    drawn = draw_icon()
    assert shipped.get_size() == drawn.get_size() == (ICON_SIZE, ICON_SIZE)
    assert shipped.get_at((0, 0)).a == 0, "the corners are transparent"
    assert shipped.get_at((ICON_SIZE // 2, ICON_SIZE // 2)).a == 255
    step = 8
    points = [(x, y) for x in range(0, ICON_SIZE, step) for y in range(0, ICON_SIZE, step)]
    difference = sum(
        abs(channel - other)
        for point in points
        for channel, other in zip(shipped.get_at(point), drawn.get_at(point), strict=True)
    ) / (4 * len(points))
    assert difference < 2, (
        "sprites/icon.png is stale: rebuild it with python -m game.ui.art.icon_art"
    )


def test_desktop_entry_names_the_game_and_its_icon() -> None:
    import configparser

    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(REPO / "trey.desktop", encoding="utf-8")
    section = dict(entry["Desktop Entry"])
    assert section["Type"] == "Application"
    assert section["Name"] == "Trey"
    assert section["Exec"] == "trey", "make desktop-files rewrites this exact line"
    assert section["Icon"] == "trey"
    assert section["Terminal"] == "false"
    assert set(section["Categories"].split(";")) >= {"Game", "CardGame"}


PLAYING_NEEDS = {"pygame-ce", "pydantic", "platformdirs", "websockets", "zeroconf", "segno"}
"""The libraries the game itself needs; `make play` installs these and nothing else."""


def test_the_game_depends_on_exactly_what_playing_needs() -> None:
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[<>=!~ ;\[]", requirement)[0] for requirement in project["dependencies"]}
    assert names == PLAYING_NEEDS


def _dry_run(folder: Path, target: str) -> list[str]:
    """The commands `make TARGET` would run in `folder` (a copy of the Makefile), not run;
    `target` may carry variables after it ("bench REFERENCE=main")."""
    result = subprocess.run(
        ["make", "--dry-run", "--no-print-directory", *target.split()],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()


def _installs(commands: list[str]) -> list[str]:
    """What each `pip install` among `commands` installs: its last word ('.', '.[test]')."""
    return [command.split()[-1].strip("'") for command in commands if " pip install " in command]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_play_installs_no_extras_and_make_test_adds_the_test_tools(tmp_path: Path) -> None:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(REPO / name, tmp_path / name)
    assert _installs(_dry_run(tmp_path, "play")) == ["."], "make play installs no extras"
    assert _installs(_dry_run(tmp_path, "test")) == [".", ".[test,browser]"]
    assert _installs(_dry_run(tmp_path, "dist")) == [".", ".[dist]"]
    stamps = tmp_path / ".venv"
    stamps.mkdir()
    (stamps / ".installed-play").touch()
    assert _installs(_dry_run(tmp_path, "test")) == [".[test,browser]"], (
        "after make play, only the tools"
    )
    (stamps / ".installed-test").touch()
    assert _installs(_dry_run(tmp_path, "play")) == [], (
        "after make test, make play installs nothing"
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_bench_measures_the_engine_against_the_reference_commit(tmp_path: Path) -> None:
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(REPO / name, tmp_path / name)
    stamps = tmp_path / ".venv"
    stamps.mkdir()
    (stamps / ".installed-play").touch()
    (bench,) = _dry_run(tmp_path, "bench")
    assert "tests/benchmarks/bench_engine.py --reference 'f59f209'" in bench
    (other,) = _dry_run(tmp_path, "bench REFERENCE=main")
    assert "--reference 'main'" in other
    assert "bench_*.py" in " ".join(_dry_run(tmp_path, "bench-all"))
