"""One-file executable benchmark (prints numbers, asserts nothing): build time, size, start-up.

    .venv/bin/python tests/benchmarks/bench_dist.py

1. `make dist` from nothing (a fresh PyInstaller work folder) into a temporary folder: seconds.
2. The executable's size.
3. Start to first frame, median of several runs: `trey --screenshot` runs the whole start-up
   (unpacking, interpreter, imports, settings, the table scene) and exits once its first frame
   is drawn and written; the same command from source (`python -m game`) for comparison, and
   `trey rank` for the cost of unpacking and starting the interpreter without pygame.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = 7


def build(folder: Path) -> tuple[Path, float]:
    """Build the executable into `folder`; returns its path and the seconds the build took."""
    start = time.perf_counter()
    subprocess.run(
        ["make", "-C", str(ROOT), "--no-print-directory", "dist"]
        + [f"DISTPATH={folder / 'dist'}", f"WORKPATH={folder / 'build'}"],
        check=True,
        capture_output=True,
    )
    seconds = time.perf_counter() - start
    return folder / "dist" / ("trey.exe" if sys.platform == "win32" else "trey"), seconds


def start_times(command: list[str], folder: Path, runs: int = RUNS) -> list[float]:
    """Seconds from starting `command` to its exit, headless, with user folders in `folder`."""
    environment = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_DATA_HOME": str(folder / "data"),
    }
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=folder, env=environment, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def _summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s, best {min(times):.2f} s over {len(times)}"


def main() -> None:
    """Build once, then time the starts and print everything."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        executable, seconds = build(folder)
        print(f"make dist from a fresh work folder: {seconds:.1f} s")
        print(f"executable size: {executable.stat().st_size / 1e6:.1f} MB ({executable.name})")
        screenshot = ["--screenshot", "out.png", "--seed", "1"]
        frozen = start_times([str(executable), *screenshot], folder)
        print(f"executable, start to first frame (--screenshot): {_summary(frozen)}")
        source = start_times([sys.executable, "-m", "game", *screenshot], folder)
        print(f"source (python -m game), same command: {_summary(source)}")
        ranked = start_times([str(executable), "rank", "As 2h 3d"], folder)
        print(f"executable, `trey rank` (unpack and start, no pygame): {_summary(ranked)}")


if __name__ == "__main__":
    main()
