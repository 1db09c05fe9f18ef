"""What the real-window tests share: the X tools they need, a private Xvfb screen, starting a
game on it, running a tool on it, finding a game's window, waiting for something to show, and
the colour of the Pack button."""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def start_game(
    display: str, folder: Path, *flags: str, prefix: Sequence[str] = ()
) -> subprocess.Popen[str]:
    """`python -m game FLAGS` (run through `prefix`, if any) on the private screen with private
    user folders under `folder` and the fastest animations the settings allow.

    Its error output goes to `folder`/stderr.txt (appended: a second start keeps the first's),
    never to a pipe nobody reads while the test waits (a full pipe would stop the game), and
    Python's fault handler is on, so a game that does not show its window can be asked where
    it is stuck (`game_window` does)."""
    environment = {key: value for key, value in os.environ.items() if key != "SDL_VIDEODRIVER"}
    environment.update(
        DISPLAY=display,
        SDL_AUDIODRIVER="dummy",
        XDG_CONFIG_HOME=str(folder / "config"),
        XDG_DATA_HOME=str(folder / "data"),
        XDG_STATE_HOME=str(folder / "state"),
        XDG_CACHE_HOME=str(folder / "cache"),
        PYTHONPATH=str(ROOT),
    )
    settings = folder / "config" / "trey"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "settings.json").write_text('{"animation_speed": 4.0}')  # the fastest allowed
    with (folder / "stderr.txt").open("a") as log:  # the game keeps its own copy
        game = subprocess.Popen(
            [*prefix, sys.executable, "-X", "faulthandler", "-m", "game", *flags],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=log,
            text=True,
        )
    _ERRORS[game.pid] = folder / "stderr.txt"
    return game


_ERRORS: dict[int, Path] = {}
"""Where each started game's error output goes, by its process id."""


def what_the_game_said(game: subprocess.Popen[str]) -> str:
    """The end of a started game's error output; a game still running is first stopped with
    SIGABRT, so its fault handler writes where every thread of it was."""
    if game.poll() is None:
        game.send_signal(signal.SIGABRT)
        try:
            game.wait(timeout=10)
        except subprocess.TimeoutExpired:
            game.kill()
            game.wait()
    errors = _ERRORS.get(game.pid)
    said = errors.read_text(errors="replace") if errors is not None and errors.exists() else ""
    return f"the game (exit status {game.returncode}) said:\n{said[-4000:]}"


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
    nothing without a window manager; the pid always works). If none shows, the test fails
    with the sizes of the game's windows and where the game was stuck."""
    shown: list[tuple[str, dict[str, int]]] = []
    seen: set[tuple[int, int]] = set()

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
            seen.add((geometry["WIDTH"], geometry["HEIGHT"]))
        assert game.poll() is None, f"the game ended at the start; {what_the_game_said(game)}"
        return False

    try:
        wait_for("the game's window", at_size, seconds)
    except pytest.fail.Exception as failure:
        timed_out = str(failure)
    else:
        return shown[0]
    sizes = ", ".join(f"{width}x{height}" for width, height in sorted(seen)) or "none"
    pytest.fail(f"{timed_out}; windows of other sizes seen: {sizes}; {what_the_game_said(game)}")


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
