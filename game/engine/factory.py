"""Build the right game state machine for a rule set."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.families import family_of
from game.engine.game import Game
from game.engine.rules import Rules


def create_game(rules: Rules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0) -> Game:
    """A new session of the game these rules describe."""
    return family_of(rules).create_game(rules, stacks, seed=seed, dealer=dealer)
