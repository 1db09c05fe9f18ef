"""A pot game keeps each seat as a spectator sees it through a deal and reads a seat again only
when the deal's new events name it (`PotGame._seat_records`, `events.seats_changed`): the
records so kept must equal those read afresh, for every viewer, at every state of seeded random
play in every pot-game preset, however many events pass between two readings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from preset_games import create_preset_game, random_states, table_sizes

from game.engine.cards import parse
from game.engine.events import (
    AntePosted,
    BetPlaced,
    CardsToPack,
    DealEnded,
    DealStarted,
    Event,
    JokerTurned,
    SideshowCompared,
    TurnPassed,
    seats_changed,
)
from game.engine.rules import PRESETS, get_preset
from game.engine.table import PotGame

POT_PRESETS = sorted(
    preset for preset in PRESETS if get_preset(preset).family in ("teen_patti", "brag")
)


def states(preset: str, players: int, deals: int) -> Iterator[PotGame]:
    """Seeded random play, yielding the game at every state of every deal (and between)."""
    for game in random_states(
        preset, players, deals, stack=400, seed=players, label="kept records"
    ):
        assert isinstance(game, PotGame)
        yield game


def test_the_pot_presets_are_found() -> None:
    assert {"teen_patti", "brag"} <= set(POT_PRESETS)


@pytest.mark.parametrize("preset", POT_PRESETS)
def test_records_kept_through_a_deal_equal_records_read_afresh(preset: str) -> None:
    """The turn loop's way (the seat to act, every state) and others' (every viewer, a state
    now and then, so that many events pass between two readings)."""
    kept = 0
    for players in table_sizes(preset):
        viewers = (None, *range(players))
        for step, game in enumerate(states(preset, players, 12)):
            asked = [game.to_act] if step % 3 else [game.to_act, *viewers]
            if step % 7 == 5:
                continue  # (a state not read at all: its events are read with the next's)
            for viewer in asked:
                records = game._seat_records(viewer)
                assert records == game._records_afresh(viewer), f"{players} seats, {viewer}"
                kept += game._kept_records is not None
    assert kept  # the records were kept in some states


def test_a_change_outside_the_events_is_read_once_the_game_forgets() -> None:
    players = PotGame.records_kept_from  # (a smaller table reads every seat afresh anyway)
    game = create_preset_game("teen_patti", [400] * players, seed=1)
    assert isinstance(game, PotGame)
    game.start_deal()
    seat = game.to_act
    assert seat is not None
    before = game._seat_records(seat)
    assert game._kept_records is not None
    game.players[seat].committed += 5  # (as a test may set a state up by hand)
    game._forget_observations()
    after = game._seat_records(seat)
    assert after == game._records_afresh(seat) and after != before


def test_the_seats_events_change() -> None:
    ace, king, queen = parse("As Kd Qh")
    assert seats_changed([TurnPassed(3), BetPlaced(2, 10, False, 10)]) == {2}
    assert seats_changed([AntePosted(0, 1), AntePosted(1, 1)], 1) == {1}
    compared = SideshowCompared(1, 4, 4, (ace,), (king,))
    assert seats_changed([compared, TurnPassed(2)]) == {1, 4}
    assert seats_changed([TurnPassed(0)]) == set()
    every: list[list[Event]] = [
        [DealStarted(1, 0, (0, 1))],
        [BetPlaced(2, 10, False, 10), DealEnded((5, 5))],
        [CardsToPack(None, (queen,), "bottom", True, None)],  # (a seat named None: any)
        [JokerTurned((queen,), "Q")],  # (a kind of event that names no seat: any)
    ]
    for events in every:
        assert seats_changed(events) is None, events


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_records_are_kept_only_at_a_table_large_enough(players: int) -> None:
    """At a table of fewer seats than `records_kept_from` every seat is read afresh (cheaper
    than finding which changed); at a larger one the records are kept through the deal."""
    game = next(states("teen_patti", players, 1))
    game._seat_records(game.to_act)
    kept = game._kept_records is not None
    assert kept == (players >= PotGame.records_kept_from)
