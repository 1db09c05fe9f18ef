"""Benchmark: random-legal hands per second, headless, no invariant checks (target ≥ 10,000)."""

import random
import time

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


def main() -> None:
    """Print hands per second for each pot-game preset at 2, 4 and 7 seats."""
    for preset in ("teen_patti", "brag"):
        for players in (2, 4, 7):
            rate = play(preset, players, 5000, seed=1)
            print(f"simulate {preset:<10} {players} seats: {rate:8.0f} random-legal hands/s")


if __name__ == "__main__":
    main()
