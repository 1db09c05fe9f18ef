"""The bot protocol and the baseline bots.

A bot is called with `observe(state, seat)` — an Observation, which holds hidden cards as None
and no reference to the game state — the legal actions, and its own random.Random. It has no
way to reach the full state: that is a fact of the types, not a promise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from game.engine.actions import Action, Bet, LegalAction
from game.engine.observation import Observation

PLAN_PREFIX = "plan("
"""How the name of a plan of the searched family begins: plan(look=0,blind=1,...)
(game/bots/plans.py; here so that the registry tells a plan's name without importing it)."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from what its seat may know."""

    name: str

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """The action to take now."""
        ...


class RandomBot:
    """Uniform over the legal actions (and uniform bet amounts): the baseline."""

    name = "random"

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """Any legal action, each equally likely."""
        option = rng.choice(legal)  # (any sequence: `choice` reads its length and one item)
        action = option.action
        if isinstance(action, Bet):
            return Bet(action.seat, rng.choice(option.amounts()))
        return action
