"""Solve the heads-up abstractions with CFR+ and ship the strategies.

`python -m game.bots.build_strategy [--iterations N]` prints each game's exploitability in the
abstract game (boots per hand) and writes game/bots/data/strategy-<family>.json.
"""

from __future__ import annotations

import argparse
import json
import time

from game.bots.cfr import BUCKETS, MOST_BETS, Solver, equity_from_counts, reached_histories
from game.bots.strength import DATA_FOLDER, strength_table
from game.engine.hands import get_ranking


def main() -> None:
    """Solve both games and write their strategies."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=1500)
    parser.add_argument("--games", default="teen_patti,brag")
    arguments = parser.parse_args()
    for family in arguments.games.split(","):
        table = strength_table(get_ranking(family))
        solver = Solver(family, equity_from_counts(table.counts))
        started = time.perf_counter()
        checkpoints = []
        done = 0
        while done < arguments.iterations:
            step = min(250, arguments.iterations - done)
            solver.solve(step)
            done += step
            first, second, mean = solver.exploitability()
            checkpoints.append([done, round(mean * 1000, 2)])
            print(
                f"{family}: {done} iterations, best responses {first:+.4f} / {second:+.4f}, "
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
        path = DATA_FOLDER / f"strategy-{family}.json"
        data = {
            "family": family,
            "buckets": BUCKETS,
            "most_bets": MOST_BETS,
            "iterations": solver.iteration,
            "exploitability_milli_boots": round(mean * 1000, 3),
            "best_responses": [round(first, 5), round(second, 5)],
            "checkpoints": checkpoints,
            "strategy": strategy,
        }
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n", "utf-8")
        print(f"{family}: {len(strategy)} information sets kept, {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
