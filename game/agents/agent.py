"""The agent protocol: anything that decides for a seat, from that seat's observation only.

A person at this screen, a bot, a tutorial's script, a replayed history, a remote player and a
bot standing in for a dropped one all answer the same four calls (after OpenSpiel's
`evaluate_bots`: `ask` is its `step`, `inform` its `inform_action`). Nothing here can reach the
game: an agent sees observations and the events its seat may see, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Protocol

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.observation import Observation


class SeatKind(StrEnum):
    """Who decides for a seat (the one spelling setup, saves, the last game and the session use)."""

    PERSON = "person"
    """A person at this screen."""
    BOT = "bot"
    """One of the game's bot levels (or, from the command line only, an outside bot)."""
    SCRIPT = "script"
    """A tutorial's scripted player."""
    REPLAY = "replay"
    """A seat replaying a recorded history."""
    REMOTE = "remote"
    """A person playing from another machine."""
    STAND_IN = "stand_in"
    """A bot playing a seat whose own agent failed or dropped."""


class Agent(Protocol):
    """Decides for one seat: asked with an observation, polled without blocking, informed."""

    @property
    def kind(self) -> SeatKind:
        """What sort of agent this is."""
        ...

    @property
    def label(self) -> str:
        """How an error names this agent ("the hard bot", "a person"), in English for logs."""
        ...

    def ask(self, observation: Observation) -> None:
        """It is this seat's turn: `observation.legal` lists exactly what it may do."""
        ...

    def poll(self) -> Action | None:
        """The decision once it is made (then forgotten); None while still deciding."""
        ...

    def inform(self, events: Sequence[Event]) -> None:
        """What just happened at the table, as this seat may see it."""
        ...

    def deal_ended(self, view: Callable[[], Observation]) -> None:
        """The deal is over: `view()` makes the seat's view of how it ended (showdown cards
        included), only for an agent that reads it."""
        ...


class SeatError(Exception):
    """An agent failed its seat: it raised, answered with no action, was too slow, or broke a
    rule. The sentence names the seat and the agent."""

    def __init__(self, seat: int, label: str, problem: str) -> None:
        super().__init__(f"seat {seat}'s {label} {problem}")
        self.seat = seat
        self.label = label
        self.problem = problem

    def __reduce__(self) -> tuple[type[SeatError], tuple[int, str, str]]:
        """Pickled by its three facts (a process pool sends it back to the caller whole)."""
        return (SeatError, (self.seat, self.label, self.problem))
