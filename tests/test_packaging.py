"""The wheel built from pyproject carries sprites/ and sounds/ so an installed game finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

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
