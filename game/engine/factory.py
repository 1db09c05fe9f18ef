"""Build the right game state machine for a rule set."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.brag import BragGame
from game.engine.casino import CasinoGame
from game.engine.game import Game
from game.engine.rules import (
    BragRules,
    CasinoRules,
    TeenPattiRules,
    ThreeCardPokerRules,
    get_preset,
    make_rules,
)
from game.engine.teen_patti import TeenPattiGame
from game.engine.three_card_poker import ThreeCardPokerGame


def create_game(rules: object, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0) -> Game:
    """A new session of the game these rules describe."""
    if isinstance(rules, TeenPattiRules):
        return TeenPattiGame(rules, stacks, seed=seed, dealer=dealer)
    if isinstance(rules, BragRules):
        return BragGame(rules, stacks, seed=seed, dealer=dealer)
    if isinstance(rules, ThreeCardPokerRules):
        return ThreeCardPokerGame(rules, stacks, seed=seed, dealer=dealer)
    if isinstance(rules, CasinoRules):
        return CasinoGame(rules, stacks, seed=seed, dealer=dealer)
    raise ValueError(f"no engine plays {type(rules).__name__}")


def create_preset_game(
    preset: str, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0, **options: object
) -> Game:
    """A new session of a named preset, with any options changed."""
    chosen = get_preset(preset)
    rules = make_rules(chosen.family, **{**chosen.options, **options})
    return create_game(rules, stacks, seed=seed, dealer=dealer)
