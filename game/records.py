"""The one keeper of records: after every finished deal, each person's records, the lifetime
statistics and the autosave.

A `RecordKeeper` made for a session is that session's `after_deal` hook from the moment it is
made. The session's records (one `GameRecord` per person's seat) live in the keeper and feed the
end-of-session summary and the statistics screen; the lifetime totals on disk grow by the deal
too, but only at a table with one person (two people sharing a hot-seat screen are two players,
and the lifetime file is one). A save or statistics problem never stops play: it waits in
`problems` for the table to show (`take_problems`). Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from game.engine.base import SeatSetup
from game.engine.hands import Ranking
from game.persistence.saves import AUTOSAVE, delete_save, save_session, slot_path
from game.session import Session
from game.statistics import (
    GameRecord,
    load_lifetime,
    record_deal,
    save_lifetime,
    settle_undecided,
)

Saver = Callable[[Session], str]
"""Saves a session; returns '' or the sentence saying why not."""


@runtime_checkable
class DealRecord(Protocol):
    """What the keeper reads of a game beyond the Game protocol (every engine has both)."""

    ranking: Ranking
    """The ranking of the deal just played (its open jokers included, after they left the table)."""
    deal_start: tuple[SeatSetup, ...]
    """Each seat's chips (and retained hand) as the deal began."""


def session_over(session: Session) -> bool:
    """Whether no further deal can be played (the people's chips gone, or too few can pay)."""
    game = session.game
    if not game.deal_over or game.deal_number == 0:
        return False
    humans = session.humans
    broke = bool(humans) and all(game.stacks[seat] == 0 for seat in humans)
    return broke or not game.can_deal()


def autosave(session: Session) -> str:
    """Save the session for Continue, or forget the save once it is over; '' or the problem."""
    if session_over(session):
        return delete_save(AUTOSAVE) if slot_path(AUTOSAVE).exists() else ""
    return save_session(session, AUTOSAVE)


class RecordKeeper:
    """The session's `after_deal` hook (from the moment it is made): autosave, session records,
    lifetime statistics; keeps problems."""

    def __init__(
        self, session: Session, saver: Saver | None = save_session, *, lifetime: bool = True
    ) -> None:
        self.session = session
        self.saver = saver
        self.lifetime = lifetime
        self.problems: list[str] = []
        self.kept: dict[int, GameRecord] = {}
        """The records of this session's people so far, by seat."""
        self.family = session.game.family
        self.starting = {seat: session.game.stacks[seat] for seat in session.humans}
        """Each person's chips when the keeper began: the first point of the session chart."""
        session.after_deal = self

    @property
    def records(self) -> dict[int, GameRecord]:
        """Each person's record of this session, in seat order (empty before their first deal)."""
        return {seat: self.kept.get(seat, GameRecord()) for seat in self.session.humans}

    def names(self) -> list[tuple[int, str]]:
        """(seat, name) of every person at the table."""
        return [(seat, self.session.names[seat]) for seat in self.session.humans]

    def __call__(self, session: Session) -> None:
        """Called by the session when a deal ends."""
        if self.saver is not None:
            problem = self.saver(session)
            if problem:
                self.problems.append(problem)
        if not isinstance(session.game, DealRecord):
            return
        for seat in session.humans:
            self._record(session, seat, self.kept.setdefault(seat, GameRecord()))
        if self.lifetime and len(session.humans) == 1:
            self._record_lifetime(session, session.humans[0])

    def for_new_session(self, session: Session) -> RecordKeeper:
        """A keeper for the next session at this table (its hook at once): same saver, fresh
        session records."""
        return RecordKeeper(session, self.saver, lifetime=self.lifetime)

    def take_problems(self) -> list[str]:
        """The problems since last asked (each shown once)."""
        problems, self.problems = self.problems, []
        return problems

    def _record(self, session: Session, seat: int, record: GameRecord, chart: bool = True) -> None:
        game = session.game
        if not isinstance(game, DealRecord):
            return
        starts = game.deal_start
        before = starts[seat].stack if seat < len(starts) else game.stacks[seat]
        history = game.observe(seat).history
        record_deal(record, history, seat, before, game.ranking, keep_chart=chart)
        if session_over(session):  # a pot still carried will never be decided: count it now
            settle_undecided(record)

    def _record_lifetime(self, session: Session, seat: int) -> None:
        loaded = load_lifetime()
        if loaded.problem:
            self.problems.append(loaded.problem)
        lifetime = loaded.value
        record = lifetime.record(session.game.family)
        self._record(session, seat, record, chart=False)
        problem = save_lifetime(lifetime)
        if problem:
            self.problems.append(problem)
