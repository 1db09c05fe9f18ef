"""The agents that sit at a table: a person at this screen, a bot, and a scripted seat."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from game.agents.agent import SeatKind
from game.bots.base import Bot
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.observation import Observation


@runtime_checkable
class LearningBot(Protocol):
    """A bot that learns from each deal's end (it reads its opponents over a session)."""

    def deal_ended(self, observation: Observation) -> None:
        """Learn from the deal that just ended, as the bot's seat saw it."""
        ...


class BotAgent:
    """A bot deciding for a seat, from its own observation and its own random numbers."""

    def __init__(
        self, bot: Bot, rng: random.Random, kind: SeatKind = SeatKind.BOT, level: str = ""
    ) -> None:
        self.bot = bot
        self.rng = rng
        self._kind = kind
        self.level = level or bot.name
        self._asked: Observation | None = None

    @property
    def kind(self) -> SeatKind:
        """A bot, or a bot standing in for a seat whose own agent failed."""
        return self._kind

    @property
    def label(self) -> str:
        """'the hard bot', or 'the bot standing in' for a stand-in."""
        if self._kind is SeatKind.STAND_IN:
            return f"{self.level} bot standing in"
        return f"{self.level} bot"

    def ask(self, observation: Observation) -> None:
        """Remember the question; the bot answers it when polled (in well under a frame)."""
        self._asked = observation

    def poll(self) -> Action | None:
        """The bot's choice for the question asked, once."""
        observation, self._asked = self._asked, None
        if observation is None:
            return None
        return self.bot.choose(observation, list(observation.legal), self.rng)

    def inform(self, events: Sequence[Event]) -> None:
        """Bots read the table from the observation they are asked with: nothing to do."""

    def deal_ended(self, observation: Observation) -> None:
        """Let a bot that reads its opponents learn from the deal."""
        if isinstance(self.bot, LearningBot):
            self.bot.deal_ended(observation)


class PersonAgent:
    """A person at this screen: the table's controls offer the action they clicked."""

    def __init__(self) -> None:
        self._asked: Observation | None = None
        self._chosen: Action | None = None

    @property
    def kind(self) -> SeatKind:
        """A person at this screen."""
        return SeatKind.PERSON

    @property
    def label(self) -> str:
        """How errors name a person."""
        return "person"

    @property
    def question(self) -> Observation | None:
        """The observation the person is asked to act on, while they have not answered."""
        return self._asked

    def ask(self, observation: Observation) -> None:
        """The person's turn: the table shows controls built from `observation.legal`."""
        self._asked = observation
        self._chosen = None

    def offer(self, action: Action) -> None:
        """The person clicked `action` (the turn loop checks it when it polls)."""
        self._chosen = action

    def poll(self) -> Action | None:
        """The clicked action, once."""
        action, self._chosen = self._chosen, None
        if action is not None:
            self._asked = None
        return action

    def inform(self, events: Sequence[Event]) -> None:
        """The table shows what happened; nothing to remember here."""

    def deal_ended(self, observation: Observation) -> None:
        """Nothing to learn: the person saw it on the table."""
        self._asked = None


class ScriptedAgent:
    """A seat that plays a fixed list of moves in order: a tutorial's scripted player, or a
    seat of a recorded history being replayed."""

    def __init__(self, moves: Iterable[Action], kind: SeatKind = SeatKind.SCRIPT) -> None:
        self.moves: deque[Action] = deque(moves)
        self._kind = kind
        self._asked = False

    @property
    def kind(self) -> SeatKind:
        """A script or a replay."""
        return self._kind

    @property
    def label(self) -> str:
        """How errors name the script."""
        return "replayed history" if self._kind is SeatKind.REPLAY else "script"

    def add(self, moves: Iterable[Action]) -> None:
        """More moves to play, after the ones waiting."""
        self.moves.extend(moves)

    def ask(self, observation: Observation) -> None:
        """The seat's turn: the next move answers it."""
        self._asked = True

    def poll(self) -> Action | None:
        """The next scripted move, when asked; None when the script has run out."""
        if not self._asked or not self.moves:
            return None
        self._asked = False
        return self.moves.popleft()

    def inform(self, events: Sequence[Event]) -> None:
        """A script does not listen."""

    def deal_ended(self, observation: Observation) -> None:
        """A script does not learn."""
        self._asked = False
