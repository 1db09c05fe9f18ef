"""A game of a named preset in one call, for the tests (the game itself builds games from rules)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.rules import get_preset, make_rules


def create_preset_game(
    preset: str, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0, **options: object
) -> Game:
    """A new session of a named preset, with any options changed."""
    chosen = get_preset(preset)
    rules = make_rules(chosen.family, **{**chosen.options, **options})
    return create_game(rules, stacks, seed=seed, dealer=dealer)
