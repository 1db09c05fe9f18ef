"""After every finished deal: autosave the session and add each person's deal to their records.

`attach_autosave_and_statistics(session, persist)` sets `session.after_deal`. The session's
records (one `GameRecord` per person's seat) live in `persist["session_records"]` for the
summary screen; the lifetime totals on disk grow by the deal too, but only at a table with one
person (two people sharing a hot-seat screen are two players, and the lifetime file is one).
A save or statistics problem never stops play: it waits in `problems` for the table to show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.hands import Ranking
from game.persistence.saves import save_session
from game.session import Session
from game.statistics import GameRecord, load_lifetime, record_deal, save_lifetime

SESSION_RECORDS = "session_records"
"""The persist key of this session's records: seat to GameRecord."""

Saver = Callable[[Session], str]
"""Saves a session; returns '' or the sentence saying why not."""


class RecordKeeper:
    """The `after_deal` hook: autosave, session records, lifetime statistics; keeps problems."""

    def __init__(self, persist: dict[str, Any], saver: Saver = save_session) -> None:
        self.persist = persist
        self.saver = saver
        self.problems: list[str] = []

    @property
    def records(self) -> dict[int, GameRecord]:
        """This session's record of each person's seat."""
        records: dict[int, GameRecord] = self.persist.setdefault(SESSION_RECORDS, {})
        return records

    def __call__(self, session: Session) -> None:
        """Called by the session when a deal ends."""
        problem = self.saver(session)
        if problem:
            self.problems.append(problem)
        ranking = getattr(session.game, "ranking", None)
        if not isinstance(ranking, Ranking):
            return
        for seat in session.humans:
            self._record(session, seat, self.records.setdefault(seat, GameRecord()), ranking)
        if len(session.humans) == 1:
            self._record_lifetime(session, session.humans[0], ranking)

    def for_new_session(self) -> RecordKeeper:
        """A keeper for the next session at this table: same saver, fresh session records."""
        self.persist[SESSION_RECORDS] = {}
        return RecordKeeper(self.persist, self.saver)

    def take_problems(self) -> list[str]:
        """The problems since last asked (each shown once)."""
        problems, self.problems = self.problems, []
        return problems

    def _record(
        self, session: Session, seat: int, record: GameRecord, ranking: Ranking, chart: bool = True
    ) -> None:
        game = session.game
        starts = getattr(game, "deal_start", ())
        before = starts[seat].stack if seat < len(starts) else game.stacks[seat]
        history = game.observe(seat).history
        record_deal(record, history, seat, before, ranking, keep_chart=chart)

    def _record_lifetime(self, session: Session, seat: int, ranking: Ranking) -> None:
        loaded = load_lifetime()
        if loaded.problem:
            self.problems.append(loaded.problem)
        lifetime = loaded.value
        record = lifetime.record(session.game.family)
        self._record(session, seat, record, ranking, chart=False)
        problem = save_lifetime(lifetime)
        if problem:
            self.problems.append(problem)


def attach_autosave_and_statistics(
    session: Session, persist: dict[str, Any], saver: Saver = save_session
) -> Session:
    """Make every finished deal of `session` autosave and count in the records; returns it."""
    session.after_deal = RecordKeeper(persist, saver)
    return session
