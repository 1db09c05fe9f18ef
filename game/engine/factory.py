"""Build the right game state machine for a rule set."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.families import family_of
from game.engine.game import Game
from game.engine.rules import Rules, get_preset, make_rules


def create_game(rules: Rules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0) -> Game:
    """A new session of the game these rules describe."""
    return family_of(rules).create_game(rules, stacks, seed=seed, dealer=dealer)


def create_preset_game(
    preset: str, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0, **options: object
) -> Game:
    """A new session of a named preset, with any options changed."""
    chosen = get_preset(preset)
    rules = make_rules(chosen.family, **{**chosen.options, **options})
    return create_game(rules, stacks, seed=seed, dealer=dealer)
