"""How long Teen Patti deals run when one player chaals the minimum every turn (issue 43).

Run: python tests/benchmarks/bench_deal_length.py [--deals N] [--seed S] [--games a,b]
     [--levels easy,medium,...] [--seats K] [--jobs J] [--long]
At a table of four (the New game's default) one minimum-chaal caller (`look-min`: looks, then
always chaals the minimum, never raises, shows or asks a sideshow, refuses every sideshow) plays
three bots of one level; the caller's seat rotates (each seat for a quarter of the deals, a
session of its own with stacks carried from deal to deal and the New game's starting chips: the
table's buy-in, else 200 boots; a fresh table once a seat is down to half of them). Prints, per
game and level, the distribution of moves (actions applied) per deal: min, median, p90, p99,
max, how many deals ran over 60 moves, and the most sideshows one deal asked. The default (400
deals a level of `teen_patti`) takes one to two minutes; `--long` plays 4,000.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.agents.seats import BotAgent
from game.agents.turns import TurnLoop
from game.bots.registry import make_bot
from game.engine.events import SideshowAsked
from game.engine.factory import create_game
from game.engine.rules import get_preset, starting_stack

LEVELS = ("easy", "medium", "hard", "expert")
CALLER = "look-min"
LONGEST = 60
"""The most moves a deal may take (issue 43)."""

Job = tuple[str, str, int, int, int]
"""(game, level, seats, deals, seed)."""


def starting_chips(preset: str) -> int:
    """The New game's starting chips (the one rule every way to start a table uses)."""
    return starting_stack(get_preset(preset).rules())


def deal_lengths(job: Job) -> tuple[Job, list[int], list[int]]:
    """Moves per deal, and sideshows asked per deal, with the caller's seat rotating."""
    game_name, level, seats, deals, seed = job
    rules = get_preset(game_name).rules()
    stack = starting_chips(game_name)
    moves: list[int] = []
    sideshows: list[int] = []
    for caller in range(seats):
        names = [CALLER if seat == caller else level for seat in range(seats)]
        agents = [
            BotAgent(make_bot(name), random.Random(seed * 7919 + 31 * caller + seat))
            for seat, name in enumerate(names)
        ]
        session = 0
        game = create_game(rules, [stack] * seats, seed=seed + caller, dealer=0)
        turns = TurnLoop(game, agents)
        share = deals // seats + (caller < deals % seats)
        for _ in range(share):
            if not game.can_deal() or min(game.stacks) < stack // 2:
                session += 1
                game = create_game(
                    rules, [stack] * seats, seed=seed + 1000 * session + caller, dealer=0
                )
                turns = TurnLoop(game, agents)
            turns.start_deal()
            steps = 0
            while not game.deal_over:
                turns.step()
                steps += 1
                if steps > 100_000:
                    raise RuntimeError(f"a deal of {game_name} ran past 100,000 steps")
            moves.append(len(game.actions))
            sideshows.append(sum(isinstance(event, SideshowAsked) for event in game.events))
    return job, moves, sideshows


def percentile(values: Sequence[int], share: float) -> int:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def row(job: Job, moves: Sequence[int], sideshows: Sequence[int]) -> str:
    """One markdown line of the distribution."""
    game_name, level, _, _, _ = job
    over = sum(count > LONGEST for count in moves)
    cells = (
        game_name,
        level,
        str(len(moves)),
        str(min(moves)),
        str(percentile(moves, 0.5)),
        str(percentile(moves, 0.9)),
        str(percentile(moves, 0.99)),
        str(max(moves)),
        str(over),
        str(max(sideshows)),
    )
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    """Play every game and level and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=400, help="deals per level and game")
    parser.add_argument("--long", action="store_true", help="4,000 deals per level and game")
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--games", default="teen_patti")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    arguments = parser.parse_args()
    deals = 4000 if arguments.long else arguments.deals
    started = time.perf_counter()
    jobs: list[Job] = [
        (game_name, level, arguments.seats, deals, arguments.seed)
        for game_name in arguments.games.split(",")
        for level in arguments.levels.split(",")
    ]
    with ProcessPoolExecutor(max_workers=arguments.jobs) as pool:
        results = {job: (moves, asks) for job, moves, asks in pool.map(deal_lengths, jobs)}
    print(f"{arguments.seats} seats, one {CALLER} caller, seed {arguments.seed}\n")
    print("| game | level | deals | min | median | p90 | p99 | max | over 60 | most sideshows |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for job in jobs:
        print(row(job, *results[job]))
    print(f"\n{len(jobs)} tables, {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
