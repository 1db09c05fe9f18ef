"""Benchmark: bot decision time at a 7-seat table, p50 and p99 over 10,000 decisions per level.

Run: python tests/benchmarks/bench_bots.py [--decisions N] [--games a,b] [--clock cpu]. Target:
p99 under 5 ms. The time is `choose()` alone (the observation is built before the clock starts,
as the UI builds it anyway). `--clock cpu` times the thread's own processor time instead of the
wall clock: on a machine shared with other jobs the wall clock's p99 is the scheduler's time
slices, which the processor time leaves out.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.bots.registry import BOT_LEVELS, make_bot
from game.engine.factory import create_game
from game.engine.rules import get_preset


def decision_times(
    level: str, preset: str, decisions: int, seed: int = 1, clock: str = "wall"
) -> list[float]:
    """Seconds per decision of seven `level` bots playing `preset` until `decisions` are made
    (by the wall clock, or the thread's processor time with `clock="cpu"`)."""
    now = time.thread_time if clock == "cpu" else time.perf_counter
    rules = get_preset(preset).rules()
    bots = [make_bot(level) for _ in range(7)]
    rngs = [random.Random(seed * 10 + seat) for seat in range(7)]
    times: list[float] = []
    game = create_game(rules, [2000] * 7, seed=seed)
    session = 0
    while len(times) < decisions:
        if not game.can_deal() or min(game.stacks) < 40:
            session += 1
            game = create_game(rules, [2000] * 7, seed=seed + session)
        game.start_deal()
        while not game.deal_over and len(times) < decisions:
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat)
            legal = list(observation.legal)
            started = now()
            action = bots[seat].choose(observation, legal, rngs[seat])
            times.append(now() - started)
            game.apply(action)
        if game.deal_over:
            for seat, bot in enumerate(bots):
                hook = getattr(bot, "deal_ended", None)
                if callable(hook):
                    hook(game.observe(seat))
    return times


def main() -> None:
    """Print p50 and p99 decision times per level and game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--games", default="teen_patti,brag,three_card_poker")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    arguments = parser.parse_args()
    print("| level | game | p50 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|")
    for preset in arguments.games.split(","):
        for level in BOT_LEVELS:
            times = sorted(
                decision_times(level, preset, arguments.decisions, clock=arguments.clock)
            )
            p50 = times[len(times) // 2] * 1000
            p99 = times[int(len(times) * 0.99)] * 1000
            print(f"| {level} | {preset} | {p50:.3f} | {p99:.3f} | {times[-1] * 1000:.1f} |")


if __name__ == "__main__":
    main()
