"""The one record keeper: each person's records of the session, the lifetime statistics and the
autosave after every deal, with nothing drawn (tests/ui/test_table_sound_and_records.py plays
it at a table)."""

from pathlib import Path

import pytest

from game.engine.rules import get_preset
from game.persistence.paths import data_folder
from game.persistence.saves import AUTOSAVE, list_saves
from game.records import RecordKeeper, Saver, autosave, session_over
from game.session import SeatPlan, Session
from game.statistics import load_lifetime


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and statistics go to a fresh temporary folder, never the real user's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def session_played(
    deals: int, saver: Saver | None, lifetime: bool = True
) -> tuple[Session, RecordKeeper]:
    """'You' (always the first legal action) and two bots play up to `deals` deals."""
    plans = [SeatPlan.person("You"), SeatPlan.bot("Priya"), SeatPlan.bot("Arjun")]
    session = Session(get_preset("teen_patti").rules(), plans, stack=40, seed=5)
    keeper = RecordKeeper(session, saver=saver, lifetime=lifetime)
    session.after_deal = keeper
    for _ in range(deals):
        if not session.game.can_deal() or session.game.stacks[0] == 0:
            break
        session.start_deal()
        while not session.game.deal_over:
            if session.bot_to_act():
                session.step()
            else:
                session.submit(session.game.legal_actions()[0].action)
    return session, keeper


def test_a_keeper_without_saver_or_lifetime_writes_nothing() -> None:
    session, keeper = session_played(3, None, lifetime=False)
    assert keeper.records[0].hands_played == session.game.deal_number == 3
    assert keeper.names() == [(0, "You")]
    assert keeper.starting == {0: 40}
    assert not data_folder().exists()


def test_the_keeper_autosaves_and_counts_the_lifetime_once_per_deal() -> None:
    session, keeper = session_played(2, autosave)
    record = keeper.records[0]
    assert record.hands_played == 2 and len(record.chips_after_each_deal) == 2
    lifetime = load_lifetime().value.record(session.game.family)
    assert lifetime.hands_played == 2 and lifetime.net_chips == record.net_chips
    assert lifetime.chips_after_each_deal == []
    assert list_saves() == [AUTOSAVE]
    assert keeper.take_problems() == []


def test_the_autosave_is_forgotten_once_the_session_is_over() -> None:
    session, _keeper = session_played(400, autosave)
    assert session_over(session)
    assert AUTOSAVE not in list_saves()
