"""Statistics: records add up from the deals' events and survive on disk."""

import dataclasses
from pathlib import Path

import pytest

from game.engine.events import DealEnded, Looked
from game.engine.rules import get_preset
from game.session import SeatPlan, Session
from game.statistics import GameRecord, Statistics, load_lifetime, record_deal, save_lifetime


def _play(deals: int) -> tuple[Session, list[GameRecord]]:
    plans = [SeatPlan.bot(f"P{seat}", "easy") for seat in range(4)]
    session = Session(get_preset("teen_patti").rules(), plans, stack=500, seed=4)
    records = [GameRecord() for _ in range(4)]
    ranking = get_preset("teen_patti").rules().hand_ranking()  # type: ignore[attr-defined]
    for _ in range(deals):
        if not session.game.can_deal():
            break
        before = session.game.stacks
        session.start_deal()
        while not session.game.deal_over:
            session.step()
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


def test_a_garbled_deal_from_a_network_table_is_not_counted_and_breaks_nothing() -> None:
    """A deal's end whose stacks leave out the seat, or a look at cards no hand holds (what a
    hostile table might send): the record stays as it was, or counts no best hand."""
    plans = [SeatPlan.bot(f"P{seat}", "easy") for seat in range(3)]
    session = Session(get_preset("teen_patti").rules(), plans, stack=500, seed=4)
    ranking = get_preset("teen_patti").rules().hand_ranking()  # type: ignore[attr-defined]
    session.start_deal()
    while not session.game.deal_over:
        session.step()
    events = list(session.game.events)  # type: ignore[attr-defined]
    short = [
        dataclasses.replace(event, stacks=event.stacks[:1])
        if isinstance(event, DealEnded)
        else event
        for event in events
    ]
    record = GameRecord()
    record_deal(record, short, 2, 500, ranking)
    assert record == GameRecord()
    garbled = [
        dataclasses.replace(event, cards=(event.cards[0],) * 3)
        if isinstance(event, Looked)
        else event
        for event in events
    ]
    record_deal(record, garbled, 2, 500, ranking)
    assert record.hands_played == 1 and record.best_hand == ""


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

    plans = [SeatPlan.bot("P0", "easy")]
    session = Session(preset_of("casino").rules(), plans, stack=500, seed=9)
    record = GameRecord()
    ranking = session.game.ranking  # type: ignore[attr-defined]
    gains = 0
    for _ in range(30):
        before = session.game.stacks[0]
        session.start_deal()
        while not session.game.deal_over:
            session.step()
        gains += session.game.stacks[0] > before
        record_deal(record, session.game.events, 0, before, ranking)  # type: ignore[attr-defined]
    assert record.hands_played == 30
    assert record.hands_won == gains > 0


def test_a_carried_brag_pot_is_no_loss_until_a_deal_decides_it() -> None:
    """Seat 0 is left alone blind (the pot of 6 carries), then wins the next deal's pot of 12:
    the first deal counts nothing, the second the whole +6 of the two deals."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent / "engine"))
    from test_brag import HIGH_9, PAIR_QUEENS, blind_left_alone, dealt, play

    from game.engine.actions import Bet, Fold, Look

    game = blind_left_alone()
    records = [GameRecord() for _ in range(3)]
    for seat, record in enumerate(records):
        record_deal(record, game.events, seat, 100, game.ranking)
    assert game.stacks == (97, 99, 98) and game.carried == 6
    assert [record.net_chips for record in records] == [0, 0, 0], "nothing is decided yet"
    assert [record.undecided_chips for record in records] == [-3, -1, -2]
    assert [record.hands_played for record in records] == [1, 1, 1]
    before = game.stacks
    game.start_deal(deck=dealt(HIGH_9, PAIR_QUEENS, "Ac Kd 7h"))
    play(game, Bet(1, 1), Fold(2), Look(0), Bet(0, 2), Fold(1))
    for seat, record in enumerate(records):
        record_deal(record, game.events, seat, before[seat], game.ranking)
    assert game.stacks == (106, 97, 97)
    assert [record.net_chips for record in records] == [6, -3, -3]
    assert [record.undecided_chips for record in records] == [0, 0, 0]
    assert records[0].hands_won == 1 and records[0].biggest_pot == 12


@pytest.mark.parametrize("preset", ["brag", "brag_floaters", "four_card_brag"])
def test_brag_records_always_add_up_to_the_chips(preset: str) -> None:
    """The keeper's record of a person at a Brag table: net plus the chips of a pot still
    carried is the chip change after every deal, and once the session is over the net alone is."""
    import random

    from game.bots.registry import make_bot
    from game.records import RecordKeeper, session_over

    plans = [SeatPlan.person("P0"), *(SeatPlan.bot(f"P{seat}", "random") for seat in (1, 2, 3))]
    session = Session(get_preset(preset).rules(), plans, stack=100, seed=8)
    keeper = RecordKeeper(session, saver=None, lifetime=False)
    session.after_deal = keeper
    stand_in, rng = make_bot("random"), random.Random(8)
    carried = 0
    while not session_over(session):
        session.start_deal()
        while not session.game.deal_over:
            if session.bot_to_act():
                session.step()
                continue
            observation = session.game.observe(0)
            session.submit(stand_in.choose(observation, list(observation.legal), rng))
        events = session.game.events  # type: ignore[attr-defined]
        carried += any(type(event).__name__ == "PotCarried" for event in events)
        record = keeper.records[0]
        assert record.net_chips + record.undecided_chips == session.game.stacks[0] - 100
    assert carried, "some pots carried forward"
    record = keeper.records[0]
    assert record.undecided_chips == 0 and record.net_chips == session.game.stacks[0] - 100
