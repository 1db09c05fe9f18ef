"""A table in play: who sits where (human or bot), the game, and every finished deal's history."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from game.bots.base import Bot, RandomBot
from game.bots.registry import make_bot
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.history import write_deal
from game.engine.rules import Rules

PERSON_NAME = "You"
"""The name of a person's own seat, which the narration speaks to ("You pack"): never a bot's."""

BOT_NAMES = ("Priya", "Oliver", "Arjun", "Meera", "Harry", "Kabir", "Amelia", "Rohan", "Isla")
"""Indian and British names for the bots (proper names: the same in every language)."""


@dataclass(frozen=True)
class SeatPlan:
    """One seat of a new table: a name, and a human or a bot of some level."""

    name: str
    human: bool
    bot: str = "easy"


def named_as_bots(seats: Sequence[SeatPlan]) -> list[SeatPlan]:
    """The seats, with a bot called "You" renamed to the first bot name no seat uses: "You" is
    the person's own seat, and a bot playing it is named as a bot ("Priya packs", never "You
    packs")."""
    used = {plan.name.casefold() for plan in seats}
    spare = (name for name in BOT_NAMES if name.casefold() not in used)
    named = []
    for index, plan in enumerate(seats):
        if not plan.human and plan.name.strip().casefold() == PERSON_NAME.casefold():
            plan = replace(plan, name=next(spare, f"Bot {index + 1}"))
        named.append(plan)
    return named


class Session:
    """Seats, the game and the hand histories; the one place actions are applied."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[SeatPlan],
        *,
        stack: int = 200,
        seed: int = 0,
        dealer: int = 0,
    ) -> None:
        self.rules = rules
        self.seats = named_as_bots(seats)
        self.seed = seed
        self.stack = stack
        self.after_deal: Callable[[Session], None] | None = None
        self.game: Game = create_game(rules, [stack] * len(seats), seed=seed, dealer=dealer)
        self.bots: dict[int, Bot] = {
            index: make_bot(plan.bot) for index, plan in enumerate(seats) if not plan.human
        }
        self.bot_rngs = {index: random.Random(seed * 7919 + index) for index in self.bots}
        self.histories: list[str] = []

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        return [plan.name for plan in self.seats]

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return [index for index, plan in enumerate(self.seats) if plan.human]

    def is_human(self, seat: int | None) -> bool:
        """Whether a person plays `seat`."""
        return seat is not None and self.seats[seat].human

    def plays_at_random(self, seat: int) -> bool:
        """Whether a bot that picks its moves at random, with no reasons, plays `seat`."""
        return isinstance(self.bots.get(seat), RandomBot)

    def start_deal(self) -> list[Event]:
        """Start the next deal."""
        return self.game.start_deal()

    def submit(self, action: Action) -> list[Event]:
        """Apply a person's action; raises IllegalActionError naming the rule on a bad one."""
        events = self.game.apply(action)
        self._after(events)
        return events

    def bot_to_act(self) -> bool:
        """Whether the game waits for a bot."""
        seat = self.game.to_act
        return seat is not None and seat in self.bots

    def play_bot(self) -> list[Event]:
        """Let the bot whose turn it is act, from its own observation only."""
        seat = self.game.to_act
        if seat is None or seat not in self.bots:
            return []
        observation = self.game.observe(seat)
        action = self.bots[seat].choose(observation, list(observation.legal), self.bot_rngs[seat])
        events = self.game.apply(action)
        self._after(events)
        return events

    def _after(self, events: list[Event]) -> None:
        if self.game.deal_over:
            self.histories.append(write_deal(self.game, self.names))
            for seat, bot in self.bots.items():
                learn = getattr(bot, "deal_ended", None)
                if callable(learn):
                    learn(self.game.observe(seat))
            if self.after_deal is not None:
                self.after_deal(self)
