"""The client a table screen uses: the websocket in its own thread, messages handed over a
queue, and the TableFeed doors — a person's seat plays whole deals through it, a spectator
watches, and neither is ever given another seat's view."""

from __future__ import annotations

import random
import time

import pytest
from network_tables import LOOPBACK, ServedTable

from game.agents.feed import TableFeed
from game.engine.actions import Fold, IllegalActionError
from game.network.address import TableAddress
from game.network.protocol import Welcome
from game.network.remote_table import Problem, Reconnecting, RemoteTable
from game.network.server import TableConfig

WAIT = 30.0


def until(table: RemoteTable, done: object, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table.pump()
        if callable(done) and done():
            return
        time.sleep(0.01)
    raise AssertionError("the remote table did not get there in time")


def test_a_person_plays_deals_through_the_feed() -> None:
    served = ServedTable(
        TableConfig(preset="brag", seats=3, bots=("easy", "medium"), deals=3, linger=0.1)
    )
    table = RemoteTable(TableAddress.at(LOOPBACK, served.port), served.code, "Ann")
    watcher = RemoteTable(
        TableAddress.at(LOOPBACK, served.port), served.code, "Sam", spectator=True
    )
    feed: TableFeed = table
    rng = random.Random(4)
    try:
        table.start()
        until(table, lambda: table.observation is not None)
        watcher.start()
        until(watcher, lambda: watcher.observation is not None)
        assert feed.humans == [0] and watcher.humans == []
        assert feed.rules.family == "brag" and len(feed.names) == 3
        with pytest.raises(LookupError):
            feed.observe(1)
        with pytest.raises(IllegalActionError):
            feed.submit(Fold(1))
        seen_events = 0
        acted = 0
        deadline = time.monotonic() + WAIT
        while table.ended is None and time.monotonic() < deadline:
            seen_events += len(feed.step())
            person = feed.person_to_act()
            if person is not None and person.question is not None:
                assert feed.bot_to_act() is False
                choice = rng.choice(person.question.legal)
                action = choice.action
                if choice.high > choice.low:
                    action = type(action)(0, rng.randrange(choice.low, choice.high + 1))  # type: ignore[call-arg]
                feed.submit(action)
                acted += 1
            time.sleep(0.005)
        assert table.ended is not None and table.ended.reason == "finished", table.problem
        assert acted > 0 and seen_events > 10
        own = feed.observe(0)
        assert own.viewer == 0 and own.deal_number == 3
        until(watcher, lambda: watcher.ended is not None)
        spectator_view = watcher.observe(None)
        assert spectator_view.viewer is None
        assert (
            all(
                card is None
                for view in spectator_view.seats
                for hand in view.hands
                for card in hand
            )
            or spectator_view.deal_over
        )
        assert table.open_hands() == {}
    finally:
        table.close()
        watcher.close()
        served.close()


def test_a_wrong_code_is_a_problem_in_a_sentence() -> None:
    served = ServedTable(
        TableConfig(seats=2, bots=("easy",), deals=1, linger=0.1, wrong_code_delay=0.01)
    )
    table = RemoteTable(TableAddress.at(LOOPBACK, served.port), "WRONG9", "Eve")
    try:
        table.start()
        until(table, lambda: table.problem is not None)
        assert table.problem == Problem("that room code is not this table's", True, "code")
    finally:
        table.close()
        served.close()


def test_an_unreachable_table_is_a_problem_in_a_sentence() -> None:
    table = RemoteTable(TableAddress.at(LOOPBACK, 1), "ABCDEF", "Eve")
    table.start()
    until(table, lambda: table.problem is not None)
    assert table.problem is not None and "cannot reach" in table.problem.sentence
    assert table.problem.reason == "unreachable"
    table.close()


def test_a_dropped_screen_rejoins_its_seat_and_gets_the_table_as_it_stands() -> None:
    """The connection of a screen breaks mid-deal (the server side closes it as a network
    would): the screen says it is reconnecting, rejoins with its resume token, is given the
    same seat and the table as it stands, and plays on to the table's end."""
    served = ServedTable(TableConfig(seats=2, bots=("easy",), deals=3, linger=0.1))
    table = RemoteTable(TableAddress.at(LOOPBACK, served.port), served.code, "Ann")
    rng = random.Random(7)
    seen: list[object] = []
    try:
        table.start()
        until(table, lambda: table.person_to_act() is not None)
        before = table.observation
        assert before is not None and not before.deal_over

        async def drop() -> None:
            await served.server.transport.disconnect(served.server.seated[0])

        served.call(drop())
        deadline = time.monotonic() + WAIT
        while table.ended is None and time.monotonic() < deadline:
            seen += table.pump()
            table.step()
            person = table.person_to_act()
            if person is not None and person.question is not None:
                option = rng.choice([o for o in person.question.legal if o.low == o.high])
                table.submit(option.action)
            time.sleep(0.005)
        assert any(isinstance(message, Reconnecting) for message in seen), "no reconnect said"
        welcomes = [message for message in seen if isinstance(message, Welcome)]
        assert welcomes and all(message.seat == 0 for message in welcomes)
        assert table.ended is not None and table.ended.reason == "finished", table.problem
        assert table.observe(0).deal_number == 3 and not table.reconnecting
    finally:
        table.close()
        served.close()
