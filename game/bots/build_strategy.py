"""Solve the heads-up abstractions with CFR+ and ship the strategies, one per preset.

`python -m game.bots.build_strategy [--iterations N] [--presets teen_patti,brag,...]` prints
each preset's exploitability in its abstract game (milli-boots per hand) and writes
game/bots/data/strategy-<preset>.json. Each Teen Patti preset is solved with its own ranking
(the buckets' equity) and its own table limits.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time

from game.bots.cfr import (
    BUCKETS,
    MOST_BETS,
    Solver,
    equity_from_counts,
    limits_of,
    reached_histories,
)
from game.bots.strength import DATA_FOLDER, strength_table
from game.engine.rules import get_preset

SOLVED_PRESETS = ("teen_patti", "teen_patti_no_limit", "muflis", "jokers", "brag")
"""The presets the expert plays from a solved strategy heads-up."""


def solve_preset(name: str, iterations: int) -> None:
    """Solve one preset's abstraction, print its progress and write its strategy file."""
    rules = get_preset(name).rules()
    family = get_preset(name).family
    limits = limits_of(rules)
    table = strength_table(rules.hand_ranking())
    solver = Solver(family, equity_from_counts(table.counts), limits)
    started = time.perf_counter()
    checkpoints = []
    done = 0
    while done < iterations:
        step = min(250, iterations - done)
        solver.solve(step)
        done += step
        first, second, mean = solver.exploitability()
        checkpoints.append([done, round(mean * 1000, 2)])
        print(
            f"{name}: {done} iterations, best responses {first:+.4f} / {second:+.4f}, "
            f"exploitability {mean * 1000:.2f} milli-boots per hand "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    reached = reached_histories(solver)
    strategy = {
        key: [[round(p * 1000) for p in row] for row in rows]
        for key, rows in solver.strategy_table().items()
        if key in reached
    }
    first, second, mean = solver.exploitability()
    path = DATA_FOLDER / f"strategy-{name}.json"
    data = {
        "preset": name,
        "family": family,
        "limits": dataclasses.asdict(limits),
        "buckets": BUCKETS,
        "most_bets": MOST_BETS,
        "iterations": solver.iteration,
        "exploitability_milli_boots": round(mean * 1000, 3),
        "best_responses": [round(first, 5), round(second, 5)],
        "checkpoints": checkpoints,
        "strategy": strategy,
    }
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", "utf-8")
    print(f"{name}: {len(strategy)} information sets kept, {path.stat().st_size // 1024} KB")


def main() -> None:
    """Solve every preset asked for and write its strategy."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=1500)
    parser.add_argument("--presets", default=",".join(SOLVED_PRESETS))
    arguments = parser.parse_args()
    for name in arguments.presets.split(","):
        solve_preset(name, arguments.iterations)


if __name__ == "__main__":
    main()
