"""Benchmark: the engine alone, random-legal Teen Patti hands per CPU second at 2, 4 and 7 seats.

Each measurement runs in a fresh subprocess and counts CPU time (`time.process_time`); the
median of several runs is printed. The reference commit (f59f209 unless `--reference REV`) is
checked out into a temporary git worktree (removed afterwards) and the same workload, from this
file, runs there too, interleaved with this tree's runs; the ratio of the medians and the median
of the ratios of runs paired in time are printed: a regression shows as a ratio below 1.
`--alone` measures this tree only.

    python tests/benchmarks/bench_engine.py [--reference REV | --alone] [--hands N] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
SEATS = (2, 4, 7)
REFERENCE = "f59f209"
"""The engine issue 47 measures against."""


def play(players: int, hands: int, seed: int) -> float:
    """Play `hands` random-legal Teen Patti deals with the engine alone; CPU seconds taken.

    Only the engine's long-standing interface is used (create_game, start_deal,
    legal_actions, apply), so the same workload runs on older commits too."""
    from game.engine.actions import Bet
    from game.engine.factory import create_game
    from game.engine.rules import get_preset

    rules = get_preset("teen_patti").rules()
    rng = random.Random(seed)
    game = create_game(rules, [10_000] * players, seed=seed)
    started = time.process_time()
    for played in range(hands):
        if min(game.stacks) < 100:
            game = create_game(rules, [10_000] * players, seed=seed + played)
        game.start_deal()
        while not game.deal_over:
            option = rng.choice(game.legal_actions())
            action = option.action
            if isinstance(action, Bet):
                steps = (option.high - option.low) // option.step
                action = Bet(action.seat, option.low + rng.randint(0, steps) * option.step)
            game.apply(action)
    return time.process_time() - started


def worker(root: Path, players: int, hands: int, seed: int) -> None:
    """Run the workload against the game package under `root`; print its rate as JSON."""
    sys.path.insert(0, str(root))
    import game

    assert Path(game.__file__).resolve().is_relative_to(root.resolve()), game.__file__
    play(players, min(hands, 20), seed)  # warm up: imports, caches
    seconds = play(players, hands, seed)
    print(json.dumps({"seats": players, "hands_per_second": hands / seconds}))


def measure(root: Path, players: int, hands: int, seed: int) -> float:
    """Hands per CPU second of one fresh run of the workload against `root`'s engine."""
    command = [sys.executable, __file__, "--worker", str(root)]
    command += ["--seats", str(players), "--hands", str(hands), "--seed", str(seed)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return float(json.loads(output.splitlines()[-1])["hands_per_second"])


def reference_tree(revision: str, directory: Path) -> Path:
    """Check `revision` out (detached) into a new git worktree under `directory`."""
    tree = directory / "reference"
    subprocess.run(
        ["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree), revision],
        check=True,
        capture_output=True,
    )
    return tree


def compare(reference: str | None, hands: int, runs: int) -> None:
    """Measure this tree (and the reference, interleaved) and print medians and ratios."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = reference_tree(reference, Path(scratch)) if reference else None
        try:
            rates: dict[tuple[str, int], list[float]] = {}
            for run in range(runs):
                for players in SEATS:
                    roots = [("this", HERE)] + ([("reference", tree)] if tree else [])
                    if run % 2:
                        roots.reverse()  # neither side always runs first
                    for name, root in roots:
                        rate = measure(root, players, hands, seed=run + 1)
                        rates.setdefault((name, players), []).append(rate)
        finally:
            if tree is not None:
                subprocess.run(
                    ["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)],
                    check=False,
                    capture_output=True,
                )
                subprocess.run(["git", "-C", str(HERE), "worktree", "prune"], check=False)
    label = f" vs {reference}" if reference else ""
    print(f"engine alone, random-legal Teen Patti, median of {runs} runs of {hands} hands{label}")
    for players in SEATS:
        mine = statistics.median(rates[("this", players)])
        line = f"{players} seats: this {mine:8.0f} hands/s"
        if reference:
            theirs = statistics.median(rates[("reference", players)])
            paired = statistics.median(
                ours / reference
                for ours, reference in zip(
                    rates[("this", players)], rates[("reference", players)], strict=True
                )
            )
            line += (
                f", reference {theirs:8.0f} hands/s, ratio {mine / theirs:5.2f}x"
                f" (paired runs {paired:5.2f}x)"
            )
        print(line)


def main() -> None:
    """Parse the command line and run the comparison (or one worker run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reference", default=REFERENCE, help=f"a commit to measure side by side ({REFERENCE})"
    )
    parser.add_argument("--alone", action="store_true", help="measure this tree only")
    parser.add_argument("--hands", type=int, default=400, help="hands per run (400)")
    parser.add_argument("--runs", type=int, default=5, help="runs per side and table size (5)")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--seats", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker is not None:
        worker(arguments.worker, arguments.seats, arguments.hands, arguments.seed)
        return
    compare(None if arguments.alone else arguments.reference, arguments.hands, arguments.runs)


if __name__ == "__main__":
    main()
