"""The one-file executable (`make dist`) and the wheel, built from this checkout into temporary
folders and run headless: the picture, the exit status, every flag and verb, and where files go.

Slow (a build takes about half a minute, the wheel's clean venv downloads its dependencies):
`make test-dist` runs them, and so does .ci/run.
"""

from __future__ import annotations

import configparser
import json
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from table_reports import played_out

REPO = Path(__file__).resolve().parent.parent
EXECUTABLE_NAME = "trey.exe" if sys.platform == "win32" else "trey"
SCREENSHOT_SIZE = (1280, 720)

pytestmark = pytest.mark.slow


def _files(folder: Path) -> set[str]:
    """Every file under `folder`, as paths relative to it."""
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


def _user_environment(root: Path) -> dict[str, str]:
    """A headless environment whose home, user folders and temporary folder lie under `root`."""
    folders = {
        "HOME": root / "home",
        "XDG_CONFIG_HOME": root / "config",
        "XDG_DATA_HOME": root / "data",
        "XDG_CACHE_HOME": root / "cache",
        "XDG_STATE_HOME": root / "state",
        "TMPDIR": root / "unpack",  # where the one-file executable unpacks itself
    }
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    return {
        **os.environ,
        **{name: str(folder) for name, folder in folders.items()},
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }


def _run(
    command: list[str], root: Path, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `command` headless with its user folders under `root`."""
    return subprocess.run(
        command,
        cwd=cwd or root,
        env=_user_environment(root),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _check_picture(path: Path) -> None:
    """The PNG opens, has the table's logical size and shows a picture, not one flat colour."""
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), f"{path} is not a PNG"
    picture = pygame.image.load(path)
    assert picture.get_size() == SCREENSHOT_SIZE
    width, height = SCREENSHOT_SIZE
    colours = {
        tuple(picture.get_at((x, y))) for x in range(0, width, 20) for y in range(0, height, 20)
    }
    assert len(colours) > 50, f"{path} is nearly blank: {len(colours)} colours"


@pytest.fixture(scope="module")
def executable(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """`make dist` into a temporary folder (installs the `dist` extra on first use)."""
    root = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        ["make", "-C", str(REPO), "dist", f"DISTPATH={root / 'dist'}"]
        + [f"WORKPATH={root / 'build'}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    built = root / "dist" / EXECUTABLE_NAME
    assert built.is_file()
    yield built
    shutil.rmtree(root, ignore_errors=True)


def test_executable_carries_every_shipped_file(executable: Path) -> None:
    from PyInstaller.archive.readers import CArchiveReader

    packed = set(CArchiveReader(str(executable)).toc)
    wanted = {
        f"game/assets/{folder}/{name}"
        for folder in ("sprites", "sounds")
        for name in _files(REPO / folder)
    }
    # Every other file of the package that is not code: the bots' data, catalogs when they exist.
    wanted |= {
        f"game/{name}"
        for name in _files(REPO / "game")
        if not name.endswith((".py", ".pyc")) and "__pycache__" not in name.split("/")
    }
    assert "game/bots/data/strategy-brag.json" in wanted
    assert "game/assets/sprites/icon.png" in wanted
    assert "game/assets/sprites/fonts/DejaVuSans.ttf" in wanted
    missing = sorted(wanted - packed)
    assert not missing, f"missing from the executable: {missing}"


def test_executable_screenshot_writes_only_to_the_user_folders(
    executable: Path, tmp_path: Path
) -> None:
    run_folder = tmp_path / "run"
    run_folder.mkdir()
    before = _files(executable.parent)
    result = _run([str(executable), "--screenshot", "out.png", "--seed", "3"], tmp_path, run_folder)
    assert result.returncode == 0, result.stderr
    _check_picture(run_folder / "out.png")
    assert (tmp_path / "config" / "trey" / "settings.json").is_file(), "settings not in the config"
    # Nothing next to the executable, in the working folder, or left in the unpacking folder.
    assert _files(executable.parent) == before == {EXECUTABLE_NAME}
    written = _files(tmp_path)
    kept_art = {name for name in written if name.startswith("cache/trey/art/")}
    kept_code = {name for name in written if name.startswith("cache/trey/code/")}
    assert written - kept_art - kept_code == {"run/out.png", "config/trey/settings.json"}
    assert len(kept_art) == 1 and next(iter(kept_art)).endswith(".art"), "the backdrop kept"
    assert len(kept_code) == 1 and next(iter(kept_code)).endswith(".code"), "the compiled code"


def test_executable_takes_every_flag_and_verb(executable: Path, tmp_path: Path) -> None:
    picture = tmp_path / "menu.png"
    flags = ["--scene", "menu", "--game", "brag", "--seed", "5", "--hotseat"]
    shown = _run([str(executable), "--screenshot", str(picture), *flags], tmp_path)
    assert shown.returncode == 0, shown.stderr
    _check_picture(picture)

    ranked = _run([str(executable), "rank", "As 2h 3d", "--json"], tmp_path)
    assert ranked.returncode == 0, ranked.stderr
    assert json.loads(ranked.stdout)["beats"] == 21940

    history = REPO / "saves" / "histories" / "tpf-worked-example.txt"
    replayed = _run([str(executable), "replay", str(history), "--json"], tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["game"] == "teen_patti"

    # The expert plays from its strategy and the hard bot from its strength tables in
    # game/bots/data; without them they would fall back to other play, and the results differ.
    simulate = ["simulate", "--game", "brag", "--hands", "20", "--seed", "2"]
    simulate += ["--seats", "expert,hard", "--json"]
    simulated = _run([str(executable), *simulate], tmp_path)
    assert simulated.returncode == 0, simulated.stderr
    from_source = _run([sys.executable, "-m", "game", *simulate], tmp_path, REPO)
    assert from_source.returncode == 0, from_source.stderr
    assert json.loads(simulated.stdout)["seats"] == json.loads(from_source.stdout)["seats"]

    refused = _run([str(executable), "rank", "As As 3d"], tmp_path)
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr


def test_executable_serves_a_table_and_joins_it(executable: Path, tmp_path: Path) -> None:
    """Network play inside the one file: websockets picks its implementation at run time, so
    a frozen build that lacks it fails only when a table is served or joined."""
    helped = _run([str(executable), "serve", "--help"], tmp_path)
    assert helped.returncode == 0 and "--turn-seconds" in helped.stdout, helped.stderr
    history = tmp_path / "served.txt"
    serve = [str(executable), "serve", "--host", "127.0.0.1", "--port", "0", "--seats", "2"]
    serve += ["--bots", "medium", "--deals", "3", "--history", str(history)]
    server = subprocess.Popen(
        serve,
        cwd=tmp_path,
        env=_user_environment(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        started = json.loads(server.stdout.readline())
        join = [str(executable), "join", f"127.0.0.1:{started['port']}", "--code"]
        join += [started["code"], "--name", "Asha", "--bot", "hard", "--json"]
        joined = _run(join, tmp_path)
        assert joined.returncode == 0, joined.stderr
        report = json.loads(joined.stdout)
        assert played_out(report, 3), report
        assert report["max_message_bytes"] <= 64 * 1024
        assert server.wait(timeout=60) == 0, server.stderr.read() if server.stderr else ""
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
    replayed = _run([str(executable), "replay", str(history), "--json"], tmp_path)
    assert replayed.returncode == 0, replayed.stderr


def test_desktop_files_install_a_launcher_that_starts_the_executable(
    executable: Path, tmp_path: Path
) -> None:
    prefix = tmp_path / "prefix"
    result = subprocess.run(
        ["make", "-C", str(REPO), "--no-print-directory", "desktop-files"]
        + [f"PREFIX={prefix}", f"DISTPATH={executable.parent}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(prefix / "share" / "applications" / "trey.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Icon"] == "trey"
    assert "Game" in section["Categories"].split(";")
    installed = Path(section["Exec"])
    assert installed == prefix / "bin" / EXECUTABLE_NAME
    icon = pygame.image.load(
        prefix / "share" / "icons" / "hicolor" / "256x256" / "apps" / "trey.png"
    )
    assert icon.get_size() == (256, 256)
    ranked = _run([str(installed), "rank", "Kd Kh Ks"], tmp_path)
    assert ranked.returncode == 0 and "Trail" in ranked.stdout, ranked.stderr


def test_wheel_installs_into_a_clean_venv_and_plays(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet"]
        + ["--wheel-dir", str(wheels), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("trey-*.whl")
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    scripts = environment / ("Scripts" if sys.platform == "win32" else "bin")
    installed = subprocess.run(
        [str(scripts / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stderr
    run_folder = tmp_path / "run"
    run_folder.mkdir()
    result = _run([str(scripts / "trey"), "--screenshot", "out.png"], tmp_path, run_folder)
    assert result.returncode == 0, result.stderr
    _check_picture(run_folder / "out.png")
    assert (tmp_path / "config" / "trey" / "settings.json").is_file()
