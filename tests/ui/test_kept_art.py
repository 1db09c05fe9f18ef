"""The table's backdrop is drawn once and kept in the user cache folder (issue 47's start-up):
read back it is the same picture, pixel for pixel; a damaged or foreign file is drawn again,
an unwritable folder changes nothing, and a change to the drawing code is a new file."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.art import kept_art
from game.ui.art.kept_art import KEPT, art_folder, drawing_fingerprint, kept_picture
from game.ui.art.table_art import DRAWN_BY, _backdrop, table_background

SIZE = (320, 180)


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    """A (dummy) display, as the game always has one when it draws a table."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    table_background.cache_clear()
    yield
    table_background.cache_clear()


def pixels(surface: pygame.Surface) -> bytes:
    """The picture's colours, row by row."""
    return pygame.image.tobytes(surface, "RGB")


def counted(size: tuple[int, int] = SIZE) -> tuple[list[int], pygame.Surface]:
    """A picture kept as 'test', with a list that grows by one each time it is drawn."""
    draws: list[int] = []

    def draw() -> pygame.Surface:
        draws.append(1)
        return _backdrop(size, "blue")

    return draws, kept_picture("test", size, draw, DRAWN_BY)


def test_the_backdrop_read_back_is_the_backdrop_drawn() -> None:
    drawn = pixels(_backdrop(SIZE, "red"))
    first = table_background(SIZE, "red")
    assert len(list(art_folder().glob("table-red-320x180-*.art"))) == 1
    table_background.cache_clear()
    again = table_background(SIZE, "red")
    assert pixels(first) == pixels(again) == drawn
    assert again.get_bitsize() == first.get_bitsize()


def test_a_kept_picture_is_drawn_once() -> None:
    draws, first = counted()
    draws_again, again = counted()
    assert (len(draws), len(draws_again)) == (1, 0)
    assert pixels(first) == pixels(again)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1],
        lambda data: data[:40] + bytes([data[40] ^ 0xFF]) + data[41:],
        lambda data: b"NOTTREY!" + data[8:],
        lambda data: b"",
    ],
    ids=["short", "a changed pixel", "another format", "empty"],
)
def test_a_damaged_file_is_drawn_again_and_written_over(damage: object) -> None:
    _draws, first = counted()
    (path,) = art_folder().glob("test-*.art")
    assert callable(damage)
    path.write_bytes(damage(path.read_bytes()))
    draws, again = counted()
    assert draws == [1]
    assert pixels(again) == pixels(first)
    assert counted()[0] == []  # the file was written whole again


def test_a_folder_that_cannot_be_written_still_gives_the_picture(tmp_path: Path) -> None:
    art_folder().parent.mkdir(parents=True, exist_ok=True)
    art_folder().write_text("a file where the folder should be")
    draws, picture = counted()
    assert draws == [1]
    assert pixels(picture) == pixels(_backdrop(SIZE, "blue"))


def test_the_folder_keeps_only_the_newest_pictures() -> None:
    for width in range(100, 100 + KEPT + 3):
        counted((width, 60))
        newest = art_folder() / next(p.name for p in art_folder().glob(f"test-{width}x60-*"))
        os.utime(newest, (width, width))  # in order, whatever the clock's resolution
    kept = sorted(int(path.name.split("-")[1].split("x")[0]) for path in art_folder().iterdir())
    assert kept == list(range(100 + 3, 100 + KEPT + 3))


def test_the_fingerprint_is_the_same_in_another_process() -> None:
    program = (
        "from game.ui.art.kept_art import drawing_fingerprint\n"
        "from game.ui.art.table_art import DRAWN_BY\n"
        "print(drawing_fingerprint(DRAWN_BY))\n"
    )
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.stdout.strip() == drawing_fingerprint(DRAWN_BY)


def test_a_change_to_the_drawing_code_changes_the_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    module = tmp_path / "trey_drawing_probe.py"
    prints = []
    for source in (
        "COLOUR = (1, 2, 3)\ndef draw():\n    return {'a', 'b'}\n",
        "COLOUR = (1, 2, 3)\ndef draw():\n    return {'a', 'b'}\n",
        "COLOUR = (1, 2, 4)\ndef draw():\n    return {'a', 'b'}\n",
        "COLOUR = (1, 2, 3)\ndef draw():\n    return {'a', 'c'}\n",
    ):
        module.write_text(source)
        moment = 1_000_000 + 10 * len(prints)
        os.utime(module, (moment, moment))  # never stale bytecode, however quick the test
        sys.modules.pop("trey_drawing_probe", None)
        importlib.invalidate_caches()
        importlib.import_module("trey_drawing_probe")
        drawing_fingerprint.cache_clear()
        prints.append(drawing_fingerprint(("trey_drawing_probe",)))
    sys.modules.pop("trey_drawing_probe", None)
    drawing_fingerprint.cache_clear()
    assert prints[0] == prints[1]
    assert len({prints[1], prints[2], prints[3]}) == 3


def test_code_it_cannot_read_is_never_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept_art, "drawing_fingerprint", lambda modules: None)
    assert counted()[0] == [1]
    assert counted()[0] == [1]
    assert not art_folder().exists()
