"""Statistics: records add up from the deals' events and survive on disk."""

from pathlib import Path

import pytest

from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.statistics import GameRecord, Statistics, load_lifetime, record_deal, save_lifetime


def _play(deals: int) -> tuple[Session, list[GameRecord]]:
    plans = [SeatPlan(f"P{seat}", False, "easy") for seat in range(4)]
    session = Session(get_preset("teen_patti").rules(), plans, stack=500, seed=4)
    records = [GameRecord() for _ in range(4)]
    ranking = get_preset("teen_patti").rules().hand_ranking()  # type: ignore[attr-defined]
    for _ in range(deals):
        if not session.game.can_deal():
            break
        before = session.game.stacks
        session.start_deal()
        while not session.game.deal_over:
            session.play_bot()
        events = session.game.events  # type: ignore[attr-defined]
        for seat, record in enumerate(records):
            record_deal(record, events, seat, before[seat], ranking)
    return session, records


def test_records_add_up() -> None:
    session, records = _play(60)
    assert sum(record.net_chips for record in records) == 0
    assert sum(record.hands_won for record in records) >= records[0].hands_played
    for seat, record in enumerate(records):
        assert record.net_chips == session.game.stacks[seat] - 500
        assert record.hands_won <= record.hands_played
        assert record.chips_after_each_deal[-1] == session.game.stacks[seat]
        assert 0.0 <= record.win_rate <= 1.0
    assert any(record.best_hand for record in records)
    assert max(record.biggest_pot for record in records) > 4


def test_lifetime_statistics_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert load_lifetime().value == Statistics()
    _, records = _play(10)
    statistics = Statistics()
    statistics.games["teen_patti"] = records[0]
    assert save_lifetime(statistics) == ""
    assert load_lifetime().value == statistics


def test_a_banked_game_counts_a_deal_won_when_the_seat_ends_richer() -> None:
    from game.engine.rules import get_preset as preset_of

    plans = [SeatPlan("P0", False, "easy")]
    session = Session(preset_of("casino").rules(), plans, stack=500, seed=9)
    record = GameRecord()
    ranking = session.game.ranking  # type: ignore[attr-defined]
    gains = 0
    for _ in range(30):
        before = session.game.stacks[0]
        session.start_deal()
        while not session.game.deal_over:
            session.play_bot()
        gains += session.game.stacks[0] > before
        record_deal(record, session.game.events, 0, before, ranking)  # type: ignore[attr-defined]
    assert record.hands_played == 30
    assert record.hands_won == gains > 0
