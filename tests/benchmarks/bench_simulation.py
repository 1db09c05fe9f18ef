"""Benchmark: random-legal hands per second, headless, no invariant checks (target ≥ 10,000)."""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.agents.seats import BotAgent
from game.agents.turns import TurnLoop
from game.bots.base import RandomBot
from game.engine.actions import Bet
from game.engine.factory import create_game
from game.engine.rules import get_preset


def play(preset: str, players: int, hands: int, seed: int) -> float:
    """Play `hands` random-legal deals and return hands per second."""
    rules = get_preset(preset).rules()
    rng = random.Random(seed)
    game = create_game(rules, [10_000] * players, seed=seed)
    started = time.perf_counter()
    for played in range(hands):
        if min(game.stacks) < 100:
            game = create_game(rules, [10_000] * players, seed=seed + played)
        game.start_deal()
        while not game.deal_over:
            option = rng.choice(game.legal_actions())
            action = option.action
            if isinstance(action, Bet):
                action = Bet(action.seat, rng.randint(option.low, option.high))
                action = Bet(
                    action.seat,
                    option.low + (action.amount - option.low) // option.step * option.step,
                )
            game.apply(action)
    return hands / (time.perf_counter() - started)


def play_through_the_loop(preset: str, players: int, hands: int, seed: int) -> float:
    """The same random-legal play with a random bot agent per seat, through the one turn loop
    (asked with an observation, checked at the edge, every seat informed): hands per second."""
    rules = get_preset(preset).rules()

    def table(session: int) -> TurnLoop:
        game = create_game(rules, [10_000] * players, seed=seed + session)
        agents = [BotAgent(RandomBot(), random.Random(seed * 7 + seat)) for seat in range(players)]
        return TurnLoop(game, agents)

    turns = table(0)
    started = time.perf_counter()
    for played in range(hands):
        if min(turns.game.stacks) < 100:
            turns = table(played)
        turns.start_deal()
        turns.play_deal()
    return hands / (time.perf_counter() - started)


def main() -> None:
    """Print hands per second for each pot-game preset at 2, 4 and 7 seats: the engine alone,
    and through the turn loop with an agent per seat (the median of three runs each), and the
    loop's share of the engine's (issue 47's goal: at least 60 %)."""
    for preset in ("teen_patti", "brag"):
        for players in (2, 4, 7):
            rate = statistics.median(play(preset, players, 2000, seed) for seed in (1, 2, 3))
            looped = statistics.median(
                play_through_the_loop(preset, players, 2000, seed) for seed in (1, 2, 3)
            )
            print(
                f"simulate {preset:<10} {players} seats: {rate:8.0f} random-legal hands/s, "
                f"{looped:8.0f} through the turn loop ({looped / rate:.1%} of the engine alone)"
            )


if __name__ == "__main__":
    main()
