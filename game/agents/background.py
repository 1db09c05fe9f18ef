"""A bot that thinks in a worker thread, so whoever drives the turn loop never waits on it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, wait

from game.agents.agent import SeatKind
from game.agents.seats import BotAgent
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.observation import Observation


class BackgroundBot:
    """A bot that thinks in a worker thread, so a server keeps answering every connection
    (pings, reactions, joins) and a window keeps drawing while it does; the turn loop polls it
    as any agent (and cuts it off, a stand-in playing, past its kind's time limit)."""

    def __init__(
        self,
        agent: BotAgent,
        pool: Executor,
        wake: Callable[[float], None],
        pause: tuple[float, float] | None = None,
        patience: float = 0.0,
    ) -> None:
        self.agent = agent
        self.pool = pool
        self.wake = wake
        """Wakes the table's loop after the given seconds (from any thread)."""
        self.pause = pause
        self.patience = patience
        """Seconds `poll` may wait for a thought about to end (0: never waits; a window waits
        at most part of a frame, so a quick bot's move is not put off to the next frame)."""
        self._thinking: Future[Action] | None = None
        self._ready_at = 0.0

    @property
    def kind(self) -> SeatKind:
        """The bot's kind (a bot, or a stand-in)."""
        return self.agent.kind

    @property
    def label(self) -> str:
        """How errors name the bot."""
        return self.agent.label

    def ask(self, observation: Observation) -> None:
        """Start thinking in the worker thread; the loop is woken when the bot has decided and
        its pause (if the table has one) is over."""
        bot, rng = self.agent.bot, self.agent.rng
        pause = self.pause
        ready_at = self._ready_at = time.monotonic() + (random.uniform(*pause) if pause else 0.0)
        self._thinking = self.pool.submit(bot.choose, observation, observation.legal, rng)
        wake = self.wake  # (not `self`: the thought it holds would hold the bot, a cycle)
        self._thinking.add_done_callback(lambda _: wake(max(0.0, ready_at - time.monotonic())))

    def poll(self) -> Action | None:
        """The bot's choice once made and its pause over (its exception, if it failed, is
        raised here)."""
        thinking = self._thinking
        if thinking is not None and self.patience > 0:
            wait([thinking], timeout=self.patience)
        if thinking is None or not thinking.done() or time.monotonic() < self._ready_at:
            return None
        self._thinking = None
        return thinking.result()

    def inform(self, events: Sequence[Event]) -> None:
        """Pass on what happened."""
        self.agent.inform(events)

    def deal_ended(self, view: Callable[[], Observation]) -> None:
        """Let a learning bot learn (no thought is under way between deals)."""
        self.agent.deal_ended(view)
