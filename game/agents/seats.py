"""The agents that sit at a table: a person at this screen, a bot, and a scripted seat."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, cast, runtime_checkable

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


class SeatAgent:
    """What the agents here share: a kind and a label, the question out, nothing to learn."""

    def __init__(self, kind: SeatKind, label: str) -> None:
        self._kind = kind
        self._label = label
        self._asked: Observation | None = None

    @property
    def kind(self) -> SeatKind:
        """What sort of agent this is."""
        return self._kind

    @property
    def label(self) -> str:
        """How errors name this agent."""
        return self._label

    @property
    def question(self) -> Observation | None:
        """The observation the seat is asked to act on, while it has not answered."""
        return self._asked

    def ask(self, observation: Observation) -> None:
        """The seat's turn: remember the question."""
        self._asked = observation

    def take_question(self) -> Observation | None:
        """The question out, now answered (None if none is out)."""
        observation, self._asked = self._asked, None
        return observation

    def poll(self) -> Action | None:
        """The decision, once made; None while still deciding."""
        raise NotImplementedError

    def inform(self, events: Sequence[Event]) -> None:
        """What happened: these agents read the table from the question they are asked."""

    def deal_ended(self, view: Callable[[], Observation]) -> None:
        """The deal is over: nothing to learn, no question left out."""
        self._asked = None


class BotAgent(SeatAgent):
    """A bot deciding for a seat, from its own observation and its own random numbers."""

    def __init__(
        self, bot: Bot, rng: random.Random, kind: SeatKind = SeatKind.BOT, level: str = ""
    ) -> None:
        level = level or bot.name
        standing = " standing in" if kind is SeatKind.STAND_IN else ""
        super().__init__(kind, f"{level} bot{standing}")
        self.bot = bot
        self.rng = rng
        self.level = level

    @property
    def bot(self) -> Bot:
        """The bot deciding for this seat."""
        return self._bot

    @bot.setter
    def bot(self, bot: Bot) -> None:
        self._bot = bot
        self._learning = isinstance(bot, LearningBot)  # asked once: a protocol check is slow

    def poll(self) -> Action | None:
        """The bot's choice for the question asked (well under a frame), once: the legal moves
        handed as the observation holds them (a tuple no bot can change), not copied."""
        observation, self._asked = self._asked, None  # (`take_question`, without the call)
        if observation is None:
            return None
        return self._bot.choose(observation, observation.legal, self.rng)

    def deal_ended(self, view: Callable[[], Observation]) -> None:
        """Let a bot that reads its opponents learn from the deal (only such a bot's view of
        it is made)."""
        SeatAgent.deal_ended(self, view)  # (the base's, without making a `super` object)
        if self._learning:
            cast(LearningBot, self._bot).deal_ended(view())


class PersonAgent(SeatAgent):
    """A person at this screen: the table's controls offer the action they clicked."""

    def __init__(self, kind: SeatKind = SeatKind.PERSON, label: str = "person") -> None:
        super().__init__(kind, label)
        self._chosen: Action | None = None

    def ask(self, observation: Observation) -> None:
        """The person's turn: the table shows controls built from `observation.legal`."""
        super().ask(observation)
        self._chosen = None

    def offer(self, action: Action) -> None:
        """The person clicked `action` (the turn loop checks it when it polls)."""
        self._chosen = action

    def poll(self) -> Action | None:
        """The clicked action, once."""
        action, self._chosen = self._chosen, None
        if action is not None:
            self.take_question()
        return action


class ScriptedAgent(SeatAgent):
    """A seat that plays a fixed list of moves in order: a tutorial's scripted player, or a
    seat of a recorded history being replayed."""

    def __init__(self, moves: Iterable[Action], kind: SeatKind = SeatKind.SCRIPT) -> None:
        label = "replayed history" if kind is SeatKind.REPLAY else "script"
        super().__init__(kind, label)
        self.moves: deque[Action] = deque(moves)

    def add(self, moves: Iterable[Action]) -> None:
        """More moves to play, after the ones waiting."""
        self.moves.extend(moves)

    def poll(self) -> Action | None:
        """The next scripted move, when asked; None when the script has run out."""
        if self.question is None or not self.moves:
            return None
        self.take_question()
        return self.moves.popleft()
