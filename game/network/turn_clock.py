"""The turn clock of a served table: when the turn under way started, how long is left, and
when a remote player's turn is played for them.

A turn's clock starts when the table first shows the turn (the state that shows it carries its
whole clock). A dropped player's turn waits out the clock (without one, the drop grace); once
it has run out while they were away, their later turns are played at once, until they return.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.engine.game import Game


class SetTime:
    """A clock that reads the time it was last set to (a room's: the time of its latest call),
    with no reference back to whoever sets it."""

    __slots__ = ("time",)

    def __init__(self, time: float = 0.0) -> None:
        self.time = time

    def __call__(self) -> float:
        """The time set last."""
        return self.time


class TurnClock:
    """The clock of the turn under way at one table (`now` is its time: a test's fake clock)."""

    def __init__(
        self,
        turn_seconds: float | None,
        drop_grace: float,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.turn_seconds = turn_seconds
        self.drop_grace = drop_grace
        self.now = now
        self.started = 0.0
        """When the turn under way was first shown."""
        self._turn: tuple[int, int] | None = None

    def note(self, game: Game) -> None:
        """The turn the game is at: a turn not seen before starts its clock now."""
        if game.deal_over:
            return
        turn = (game.deal_number, len(game.actions))
        if turn != self._turn:
            self._turn, self.started = turn, self.now()

    def deadline(self, connected: bool, dropped_at: float, away: bool) -> float:
        """When the turn under way is played for its remote player if they have not acted:
        at its clock's end; for a dropped player, at the drop grace's end if that is sooner,
        and at once if their clock has already run out while they were away."""
        deadline = float("inf")
        if self.turn_seconds is not None:
            deadline = self.started + self.turn_seconds
        if not connected:
            if away:
                return self.started
            since = max(self.started, dropped_at)
            deadline = min(deadline, since + self.drop_grace)
        return deadline

    def left(self, game: Game) -> float | None:
        """Seconds left on the clock of the turn under way (None when no clock runs)."""
        if self.turn_seconds is None or game.deal_over:
            return None
        left = self.started + self.turn_seconds - self.now()
        return round(max(0.0, left), 1)
