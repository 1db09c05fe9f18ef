"""What a table screen may ask of the table it shows: observations and the turn loop's doors,
never the game. A session on this machine is one; a connection to a server is another."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Protocol

from game.agents.seats import PersonAgent
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.observation import Observation
from game.engine.rules import Rules


class TableFeed(Protocol):
    """A table as its screen sees it: what each viewer may see, and the doors to act."""

    @property
    def rules(self) -> Rules:
        """The rules the table plays."""
        ...

    @property
    def seed(self) -> int:
        """The table's seed (the screen's own pacing is drawn from it)."""
        ...

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        ...

    @property
    def humans(self) -> list[int]:
        """The seats that belong to people."""
        ...

    @property
    def version(self) -> int:
        """Changes whenever the table does, so an observation may be kept until it does."""
        ...

    def observe(self, viewer: int | None) -> Observation:
        """What `viewer` may know now (None: a spectator)."""
        ...

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Deal the next hand."""
        ...

    def submit(self, action: Action) -> list[Event]:
        """A person at this screen acts; IllegalActionError names the rule that forbids it."""
        ...

    def step(self) -> list[Event]:
        """The seat to act decides, if it has; SeatError if its agent fails the seat."""
        ...

    def person_to_act(self) -> PersonAgent | None:
        """The person at this screen whose turn it is (asked), if any."""
        ...

    def bot_to_act(self) -> bool:
        """Whether the seat to act decides by itself."""
        ...

    def think_in_background(self, pool: Executor, patience: float = 0.0) -> None:
        """From now on the table's bots think in `pool`'s thread, never the caller's."""
        ...

    def wait_for_thoughts(self, patience: float) -> None:
        """From now on a poll waits at most `patience` seconds for a bot's thought."""
        ...

    def ask(self) -> None:
        """Put the question to the seat to act (a bot may start thinking meanwhile)."""
        ...

    def plays_at_random(self, seat: int) -> bool:
        """Whether `seat` picks its moves at random (its moves have no reasons to tell)."""
        ...

    def stand_in(self, seat: int, level: str = "medium") -> None:
        """A bot takes over `seat`, whose agent failed."""
        ...

    def open_hands(self) -> dict[int, tuple[tuple[Card, ...], ...]]:
        """Every seat's cards for a watcher at a table no person sits at; {} otherwise."""
        ...
