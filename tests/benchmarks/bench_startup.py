"""Start-up benchmark (prints numbers, asserts nothing): this tree against a reference commit.

    .venv/bin/python tests/benchmarks/bench_startup.py [--reference f59f209] [--runs 7]
        [--scene table|menu|...]

The reference commit is checked out as a temporary git worktree (removed at the end). Each
tree first starts once to fill its bytecode cache and user folders; then the two start in
turn (A B, B A, ...) `--runs` times each: `python -m game --screenshot OUT.png --seed 1`,
headless, which starts the interpreter, imports the game, reads the settings, builds the
scene, draws its first frame, writes it and exits. Per run: wall seconds from spawn to exit,
the process's CPU seconds (user + system) and its peak resident memory. Printed: the medians
of each tree (and its best CPU time), this tree's ratio to the reference, and the median of
the ratios of the runs paired in time (the steadiest figure on a machine shared with other
work).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = "f59f209"
"""The commit compared against by default (before issue 47's start-up regression)."""

RUNS = 7


@dataclass
class Tree:
    """A checkout of the game, its own user folders, and what its runs measured."""

    name: str
    folder: Path
    home: Path
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak_mb: list[float] = field(default_factory=list)


def environment(home: Path) -> dict[str, str]:
    """Headless SDL, bytecode cached, and user folders of its own under `home` (the player's
    stay untouched)."""
    # the game of that tree, its bytecode written on the first start and read after
    left_out = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    values = {key: value for key, value in os.environ.items() if key not in left_out}
    values.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
    )
    return values


def start_once(tree: Tree, scene: str | None, image: str) -> tuple[float, float, float]:
    """Start the game of `tree` to its first frame and exit: wall s, CPU s, peak RSS MB."""
    command = [sys.executable, "-m", "game", "--screenshot", str(tree.home / f"out.{image}")]
    command += ["--seed", "1"] + (["--scene", scene] if scene else [])
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=tree.folder,
        env=environment(tree.home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        error = process.stderr.read().decode(errors="replace") if process.stderr else ""
        raise SystemExit(f"{tree.name}: the game exited with {process.returncode}\n{error}")
    if process.stderr:
        process.stderr.close()
    # ru_maxrss is in KiB on Linux (bytes on macOS)
    peak = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return wall, usage.ru_utime + usage.ru_stime, peak


def add_worktree(commit: str, folder: Path) -> None:
    """Check `commit` out at `folder` as a detached git worktree of this repository."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
        check=True,
        capture_output=True,
    )


def remove_worktree(folder: Path) -> None:
    """Remove the worktree at `folder` and git's record of it."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
        capture_output=True,
    )
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)


def measure(trees: list[Tree], runs: int, scene: str | None, image: str) -> None:
    """Warm each tree once, then run them interleaved, alternating which goes first."""
    for tree in trees:
        tree.home.mkdir(parents=True, exist_ok=True)
        start_once(tree, scene, image)  # bytecode cache, settings file
    for index in range(runs):
        order = trees if index % 2 == 0 else trees[::-1]
        for tree in order:
            wall, cpu, peak = start_once(tree, scene, image)
            tree.wall.append(wall)
            tree.cpu.append(cpu)
            tree.peak_mb.append(peak)


def report(this: Tree, reference: Tree) -> None:
    """Print each tree's medians (and best CPU), this tree's ratios of the medians, and the
    median of the per-pair ratios (each run against the reference run next to it)."""
    print(f"{'':<24}{'wall s':>9}{'CPU s':>9}{'best CPU':>10}{'peak MB':>9}")
    for tree in (this, reference):
        wall, cpu = statistics.median(tree.wall), statistics.median(tree.cpu)
        peak = statistics.median(tree.peak_mb)
        print(f"{tree.name:<24}{wall:>9.3f}{cpu:>9.3f}{min(tree.cpu):>10.3f}{peak:>9.1f}")
    names = ("wall", "cpu", "peak_mb")
    ratios = [
        statistics.median(getattr(this, name)) / statistics.median(getattr(reference, name))
        for name in names
    ]
    best = min(this.cpu) / min(reference.cpu)
    print(
        f"{'this / reference':<24}{ratios[0]:>8.2f}x{ratios[1]:>8.2f}x{best:>9.2f}x"
        f"{ratios[2]:>8.2f}x"
    )
    paired = [
        statistics.median(
            ours / theirs
            for ours, theirs in zip(getattr(this, name), getattr(reference, name), strict=True)
        )
        for name in names
    ]
    print(
        f"{'median of pair ratios':<24}{paired[0]:>8.2f}x{paired[1]:>8.2f}x{'':>10}"
        f"{paired[2]:>8.2f}x"
    )


def main(argv: list[str] | None = None) -> None:
    """Measure this tree's start against the reference commit's and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default=REFERENCE, help="commit to compare against")
    parser.add_argument("--runs", type=int, default=RUNS, help="paired runs (default 7)")
    parser.add_argument("--scene", default=None, help="--scene to draw (default: the table)")
    parser.add_argument(
        "--image",
        choices=("bmp", "png"),
        default="bmp",
        help="the screenshot's format: bmp (default) writes in milliseconds; png adds the"
        " compression of the picture (a few tenths of a second) to both trees",
    )
    arguments = parser.parse_args(argv)
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory(prefix="trey-bench-startup-") as name:
        scratch = Path(name)
        checkout = scratch / "reference"
        add_worktree(arguments.reference, checkout)
        try:
            this = Tree("this tree", ROOT, scratch / "home-this")
            reference = Tree(f"reference {arguments.reference}", checkout, scratch / "home-ref")
            what = arguments.scene or "table"
            print(
                f"start to first frame (--screenshot OUT.{arguments.image}, scene {what}), "
                "bytecode cached, "
                f"{arguments.runs} interleaved runs each, medians"
            )
            measure([this, reference], arguments.runs, arguments.scene, arguments.image)
            report(this, reference)
        finally:
            remove_worktree(checkout)


if __name__ == "__main__":
    main()
