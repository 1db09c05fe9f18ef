"""The bot ladder in duplicate play: Teen Patti and Brag, heads-up and at a 5-seat table.

Run: python tests/benchmarks/bench_ladder.py [--hands N] [--table-hands M] [--seed S]
Prints a markdown table in milli-boots (milli-antes) per hand with 95 % intervals over deals:
heads-up, each level against the one below it and each level against itself; at five seats,
two seats of each level against three of the one below (all rotations), the difference between
an upper seat's and a lower seat's result, paired by deal. Three Card Poker is not played
here: its exact values come from enumeration (`python -m game.bots.banked_values`).
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from collections.abc import Sequence

from game.simulate import simulate

LADDER = ("expert", "hard", "medium", "easy", "random")
"""The levels, strongest first."""


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95 % interval, in milli-units per hand."""
    count = len(values)
    mean = sum(values) / count
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    spread = 1.96 * math.sqrt(variance / count)
    return mean * 1000, (mean - spread) * 1000, (mean + spread) * 1000


def row(game: str, table: str, matchup: str, values: Sequence[float], want_zero: bool) -> str:
    """One markdown line, with whether the interval says what the ladder needs."""
    mean, low, high = interval(values)
    excludes = low > 0 or high < 0
    verdict = (
        ("includes 0" if not excludes else "EXCLUDES 0")
        if want_zero
        else ("above 0" if low > 0 else "below 0" if high < 0 else "includes 0")
    )
    return f"| {game} | {table} | {matchup} | {mean:+.0f} | [{low:+.0f}, {high:+.0f}] | {verdict} |"


def main() -> None:
    """Play the ladder and print its table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000, help="deals per heads-up match")
    parser.add_argument("--table-hands", type=int, default=1500, help="deals at five seats")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--games", default="teen_patti,brag")
    arguments = parser.parse_args()
    started = time.perf_counter()
    lines = [
        "| game | table | matchup | milli-boots/hand | 95 % interval | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for game in arguments.games.split(","):
        for upper, lower in itertools.pairwise(LADDER):
            report = simulate(
                game,
                2,
                arguments.hands,
                arguments.seed,
                levels=(upper, lower),
                duplicate=True,
                check=False,
            )
            values = report.seats[0].per_deal
            lines.append(row(game, "heads-up", f"{upper} vs {lower}", values, False))
        for level in LADDER:
            report = simulate(
                game,
                2,
                arguments.hands,
                arguments.seed + 1,
                levels=(level, level),
                duplicate=True,
                check=False,
            )
            lines.append(
                row(game, "heads-up", f"{level} vs itself", report.seats[0].per_deal, True)
            )
        for upper, lower in itertools.pairwise(LADDER):
            seats = (upper, lower, upper, lower, lower)
            report = simulate(
                game,
                5,
                arguments.table_hands,
                arguments.seed + 2,
                levels=seats,
                duplicate=True,
                check=False,
            )
            upper_results = [report.seats[0].per_deal, report.seats[2].per_deal]
            lower_results = [report.seats[index].per_deal for index in (1, 3, 4)]
            differences = [
                sum(values[deal] for values in upper_results) / 2
                - sum(values[deal] for values in lower_results) / 3
                for deal in range(arguments.table_hands)
            ]
            lines.append(
                row(
                    game,
                    "5 seats",
                    f"2 {upper} vs 3 {lower}: per-seat difference",
                    differences,
                    False,
                )
            )
        print(f"({game} done at {time.perf_counter() - started:.0f} s)", flush=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
