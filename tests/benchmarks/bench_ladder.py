"""The bot ladder in duplicate play: each Teen Patti preset and Brag, heads-up and at 5 seats.

Run: python tests/benchmarks/bench_ladder.py [--hands N] [--table-hands M] [--seed S]
     [--games teen_patti,brag,...] [--jobs J]
Prints a markdown table in milli-boots (milli-antes) per hand with 95 % intervals over deals:
heads-up, each level against the one below it and each level against itself; at five seats,
two seats of each level against three of the one below (all rotations), the difference between
an upper seat's and a lower seat's result, paired by deal. Three Card Poker is not played
here: its exact values come from enumeration (`python -m game.bots.banked_values`).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.simulate import mean_interval, simulate

LADDER = ("expert", "hard", "medium", "easy", "random")
"""The levels, strongest first."""

GAMES = ("teen_patti", "muflis", "jokers", "teen_patti_no_limit", "brag")

Job = tuple[str, str, tuple[str, ...], int, int]
"""(game, kind of row, seats, deals, seed)."""


def row(game: str, table: str, matchup: str, values: Sequence[float], want_zero: bool) -> str:
    """One markdown line, with whether the interval says what the ladder needs."""
    mean, low, high = mean_interval(values, scale=1000)
    excludes = low > 0 or high < 0
    verdict = (
        ("includes 0" if not excludes else "EXCLUDES 0")
        if want_zero
        else ("above 0" if low > 0 else "below 0" if high < 0 else "includes 0")
    )
    return (
        f"| {game} | {table} | {matchup} | {mean:+,.0f} | [{low:+,.0f}, {high:+,.0f}] | {verdict} |"
    )


def play(job: Job) -> tuple[Job, list[float]]:
    """One matchup: the first seat's per-deal results, or at five seats the per-seat
    difference between the upper level's two seats and the lower level's three."""
    game, kind, seats, deals, seed = job
    report = simulate(game, len(seats), deals, seed, levels=seats, duplicate=True, check=False)
    if kind != "5 seats":
        return job, report.seats[0].per_deal
    upper = [report.seats[0].per_deal, report.seats[2].per_deal]
    lower = [report.seats[index].per_deal for index in (1, 3, 4)]
    return job, [
        sum(values[deal] for values in upper) / 2 - sum(values[deal] for values in lower) / 3
        for deal in range(deals)
    ]


def jobs_for(game: str, hands: int, table_hands: int, seed: int) -> list[Job]:
    """Every matchup of one game, in the order the table prints them."""
    jobs: list[Job] = []
    for upper, lower in itertools.pairwise(LADDER):
        jobs.append((game, "heads-up", (upper, lower), hands, seed))
    for level in LADDER:
        jobs.append((game, "itself", (level, level), hands, seed + 1))
    for upper, lower in itertools.pairwise(LADDER):
        jobs.append((game, "5 seats", (upper, lower, upper, lower, lower), table_hands, seed + 2))
    return jobs


def main() -> None:
    """Play the ladder and print its table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000, help="deals per heads-up match")
    parser.add_argument("--table-hands", type=int, default=3000, help="deals at five seats")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--jobs", type=int, default=2, help="processes to play in")
    arguments = parser.parse_args()
    started = time.perf_counter()
    jobs = [
        job
        for game in arguments.games.split(",")
        for job in jobs_for(game, arguments.hands, arguments.table_hands, arguments.seed)
    ]
    with ProcessPoolExecutor(max_workers=arguments.jobs) as pool:
        results = dict(pool.map(play, jobs))
    lines = [
        "| game | table | matchup | milli-boots/hand | 95 % interval | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for job in jobs:
        game, kind, seats, _, _ = job
        if kind == "heads-up":
            lines.append(row(game, kind, f"{seats[0]} vs {seats[1]}", results[job], False))
        elif kind == "itself":
            lines.append(row(game, "heads-up", f"{seats[0]} vs itself", results[job], True))
        else:
            matchup = f"2 {seats[0]} vs 3 {seats[1]}: per-seat difference"
            lines.append(row(game, kind, matchup, results[job], False))
    print("\n".join(lines))
    print(f"\n{len(jobs)} matchups, {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
