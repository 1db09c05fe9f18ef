"""What the real-window tests share: the X tools they need, a private Xvfb screen, running a
tool on it, finding a game's window, waiting for something to show, and the colour of the Pack
button."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

TOOLS = ("Xvfb", "xdotool", "import")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]
"""The X tools this machine lacks (the tests are skipped loudly, naming them)."""


def needs_x(test: str) -> pytest.MarkDecorator:
    """Skip `test` LOUDLY, naming the missing tools, where this machine lacks them."""
    missing = ", ".join(MISSING)
    reason = f"!!! Xvfb/xdotool/import missing: {test} SKIPPED (not found: {missing}) !!!"
    return pytest.mark.skipif(bool(MISSING), reason=reason)


def free_display(first: int = 91) -> int:
    """A display number nobody uses, from `first` on."""
    for number in range(first, first + 128):
        if (
            not Path(f"/tmp/.X{number}-lock").exists()
            and not Path(f"/tmp/.X11-unix/X{number}").exists()
        ):
            return number
    raise RuntimeError("no free X display number")


@contextmanager
def xvfb(size: tuple[int, int], first: int = 91) -> Iterator[str]:
    """A private Xvfb screen of `size`, stopped afterwards; yields its display name."""
    number = free_display(first)
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            pytest.fail("Xvfb did not start")
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def run(display: str, *arguments: str) -> str:
    """Run an X tool on the display and return its output."""
    result = subprocess.run(
        arguments,
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=20,
        check=True,
    )
    return result.stdout


def window_geometry(display: str, window: str) -> dict[str, int]:
    """Where a window is and how large (X, Y, WIDTH, HEIGHT, SCREEN)."""
    words = run(display, "xdotool", "getwindowgeometry", "--shell", window)
    return {key: int(value) for key, value in (line.split("=", 1) for line in words.split())}


def game_window(
    display: str, game: subprocess.Popen[str], size: tuple[int, int], seconds: float = 60.0
) -> tuple[str, dict[str, int]]:
    """The game's window once it shows at `size`, and its geometry.

    SDL may make and unmake a window first: a window the search found can be gone when asked
    its geometry, so the search goes on until one answers at the size (searching by --name finds
    nothing without a window manager; the pid always works)."""
    shown: list[tuple[str, dict[str, int]]] = []

    def at_size() -> bool:
        found = subprocess.run(
            ["xdotool", "search", "--pid", str(game.pid)],
            env={**os.environ, "DISPLAY": display},
            capture_output=True,
            text=True,
            timeout=20,
        ).stdout.split()
        for window in found:
            try:
                geometry = window_geometry(display, window)
            except subprocess.CalledProcessError:
                continue
            if (geometry["WIDTH"], geometry["HEIGHT"]) == size:
                shown.append((window, geometry))
                return True
        assert game.poll() is None, "the game ended at the start"
        return False

    wait_for("the game's window", at_size, seconds)
    return shown[0]


def wait_for(what: str, check: Callable[[], bool], seconds: float = 30.0) -> None:
    """Poll until `check()` holds; fail naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    pytest.fail(f"timed out after {seconds:g} s waiting for {what}")


def is_red(colour: pygame.Color) -> bool:
    """The Pack button's red."""
    return colour.r > 120 and colour.r > 2 * colour.g and colour.r > 2 * colour.b


def is_gold(colour: pygame.Color) -> bool:
    """A primary button's gold."""
    return colour.r > 150 and colour.g > 100 and colour.b < 0.6 * colour.g
