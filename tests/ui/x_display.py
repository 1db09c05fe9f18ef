"""What the real-window tests share: the X tools they need, a private Xvfb screen, running a
tool on it, finding a game's window, waiting for something to show, and the colour of the Pack
button."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

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


@contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    """A private Xvfb screen of `size`, stopped afterwards; yields its display name.

    Xvfb picks a free display number itself and writes it to a pipe once it accepts
    connections (`-displayfd`): two test processes starting screens at once (two workers, or
    two engineers' runs) never pick the same number, as looking for a free one first could."""
    reading, writing = os.pipe()
    try:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(writing), "-screen", "0", f"{size[0]}x{size[1]}x24"]
            + ["-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(writing,),
        )
    finally:
        os.close(writing)
    try:
        number = _display_number(reading, server)
    finally:
        os.close(reading)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _display_number(reading: int, server: subprocess.Popen[bytes], seconds: float = 10.0) -> int:
    """The number Xvfb writes once it is ready (it is stopped, and the test fails, if none
    comes within `seconds`)."""
    written = b""
    deadline = time.monotonic() + seconds
    while not written.endswith(b"\n"):
        left = deadline - time.monotonic()
        ready = select.select([reading], [], [], max(left, 0))[0] if left > 0 else []
        chunk = os.read(reading, 16) if ready else b""
        if not chunk:
            server.kill()
            server.wait(timeout=10)
            pytest.fail("Xvfb did not start")
        written += chunk
    return int(written)


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
