"""The turn clock of a served table, on a fake clock that moves only when a test moves it:
every state carries the clock of the turn it shows (the first turn included); a seat whose
player dropped waits out its clock once, then its turns are played at once by the clock's rule
until its player comes back with the resume token; and what the clock plays is said as the
clock's, never as the player's choice."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any, Literal

import pytest
from network_tables import LOOPBACK, ServedTable
from websockets.sync.client import ClientConnection, connect

from game.engine.events import Event, Folded, TimeRanOut, TurnPassed
from game.network.address import TableAddress
from game.network.protocol import PROTOCOL_VERSION
from game.network.remote_table import RemoteTable
from game.network.server import RemoteAgent, TableConfig
from game.network.turn_clock import TurnClock
from game.words.narration import Narrator

WAIT = 10.0
"""Seconds any one thing the table does may take (the fake clock does not move meanwhile)."""

TURN = 30.0


class FakeClock:
    """A clock that stands still until `advance` (the server reads it for its turn clock)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextlib.contextmanager
def served_table(
    on_expiry: Literal["pack", "bot"] = "pack",
) -> Iterator[tuple[ServedTable, FakeClock]]:
    """Teen Patti: seat 0 a player's, two bots, a turn clock on the fake clock."""
    config = TableConfig(
        preset="teen_patti",
        seats=3,
        bots=("easy", "easy"),
        turn_seconds=TURN,
        on_expiry=on_expiry,
        linger=0.1,
        wrong_code_delay=0.01,
    )
    served = ServedTable(config)
    clock = FakeClock()
    served.server.transport.time = clock  # the room's one clock: turns and deal pauses
    try:
        yield served, clock
    finally:
        served.close()


@pytest.fixture
def table() -> Iterator[tuple[ServedTable, FakeClock]]:
    with served_table() as served_and_clock:
        yield served_and_clock


def open_socket(served: ServedTable) -> ClientConnection:
    return connect(f"ws://{LOOPBACK}:{served.port}", compression=None, open_timeout=WAIT)


def say_hello(socket: ClientConnection, code: str, **fields: object) -> dict[str, Any]:
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Meera", "code": code}
    socket.send(json.dumps({**hello, **fields}))
    welcome: dict[str, Any] = next_message(
        socket, lambda message: message["type"] in ("welcome", "error")
    )
    assert welcome["type"] == "welcome", welcome
    return welcome


def next_message(socket: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> Any:
    """The next message `wanted` says yes to (the others read and skipped)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if wanted(message):
            return message
    raise AssertionError(f"no such message within {WAIT} s")


def is_state(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "state")


def my_turn(message: dict[str, Any]) -> bool:
    return is_state(message) and bool(message["legal"])


def wait_until(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if done():
            return
        time.sleep(0.01)
    raise AssertionError(f"{what}: not within {WAIT} s (the fake clock stood still)")


def test_every_state_carries_the_clock_of_the_turn_it_shows(
    table: tuple[ServedTable, FakeClock],
) -> None:
    served, _ = table
    with open_socket(served) as socket:
        say_hello(socket, served.code)
        first = next_message(socket, is_state)
        assert first["observation"]["to_act"] is not None
        assert first["clock"] == TURN, "the first turn shows its clock's real seconds"
        mine = first if first["legal"] else next_message(socket, my_turn)
        assert mine["clock"] == TURN, "and so does the seat's own turn"


def test_a_dropped_seat_waits_out_its_clock_once_then_plays_at_once_until_it_comes_back(
    table: tuple[ServedTable, FakeClock],
) -> None:
    served, clock = table
    server = served.server
    with open_socket(served) as socket:
        token = say_hello(socket, served.code)["resume"]
        next_message(socket, my_turn)
    # the seat's player dropped at their turn: the table waits for their clock
    watcher = RemoteTable(
        TableAddress.at(LOOPBACK, served.port), served.code, "Sam", spectator=True
    )
    watcher.start()
    seen: list[Event] = []

    def clock_turns() -> list[TimeRanOut]:
        seen.extend(watcher.step())
        return [event for event in seen if isinstance(event, TimeRanOut) and event.seat == 0]

    try:
        wait_until(lambda: watcher.version > 0, "the spectator is shown the table")
        wait_until(lambda: not server.last_lobby.players[0].connected, "the seat is dropped")
        assert server.session is not None and server.session.game.to_act == 0
        assert not clock_turns(), "nothing is played for the seat before its clock runs out"
        clock.advance(TURN + 1)
        server.wake()
        wait_until(lambda: len(clock_turns()) >= 3, "the seat's later turns are played at once")
        assert all(not event.stand_in for event in clock_turns()), "the clock's rule: it packs"
        for index, event in enumerate(seen):
            if isinstance(event, TimeRanOut):
                assert seen[index + 1] == Folded(0), "the clock's pack follows its fact"
        lines = narrated(seen)
        assert "Meera's time ran out: Meera packs." in lines
        assert "Meera packs." not in lines, "the clock's pack is never said as a choice"
        # the player comes back: their turn waits for them again
        with open_socket(served) as socket:
            say_hello(socket, served.code, resume=token)
            agent = server.session.agents[0]
            assert isinstance(agent, RemoteAgent) and agent.connected and not agent.away
            state = next_message(socket, my_turn)
            assert state["clock"] == TURN
            before = len(clock_turns())
            move = next(legal["move"] for legal in state["legal"] if legal["move"] == "look")
            socket.send(json.dumps({"type": "action", "state": state["state"], "move": move}))
            after = next_message(socket, is_state)
            assert after["state"] > state["state"]
            looked = [event for event in after["events"] if event["kind"] == "looked"]
            assert looked and looked[0]["seat"] == 0, "the player's own move is played"
            wait_until(lambda: watcher.version >= after["state"], "the spectator is told")
            assert len(clock_turns()) == before, "no turn of theirs is played for them"
    finally:
        watcher.close()


def test_a_dropped_seat_at_a_table_whose_clock_calls_a_bot_gets_the_bot_at_once() -> None:
    with served_table("bot") as (served, clock):
        with open_socket(served) as socket:
            say_hello(socket, served.code)
            next_message(socket, my_turn)
        watcher = RemoteTable(
            TableAddress.at(LOOPBACK, served.port), served.code, "Sam", spectator=True
        )
        watcher.start()
        seen: list[Event] = []
        try:
            wait_until(lambda: watcher.version > 0, "the spectator is shown the table")
            wait_until(lambda: not served.server.last_lobby.players[0].connected, "the drop")
            clock.advance(TURN + 1)
            served.server.wake()

            def bot_turns() -> int:
                seen.extend(watcher.step())
                return sum(isinstance(event, TimeRanOut) and event.seat == 0 for event in seen)

            wait_until(lambda: bot_turns() >= 3, "the seat's later turns are played at once")
            clock_events = [event for event in seen if isinstance(event, TimeRanOut)]
            assert all(event == TimeRanOut(0, stand_in=True) for event in clock_events)
            lines = narrated(seen)
            assert "Meera's time ran out: a bot plays Meera's turn." in lines
            own = [
                line for line in lines if re.match(r"Meera (chaals|bets|packs|looks|asks)\b", line)
            ]
            assert not own, "every move a bot plays for her is said as the bot's"
            assert any(line.endswith(" for Meera.") for line in lines)
        finally:
            watcher.close()


def narrated(events: list[Event]) -> list[str]:
    """The log lines of the events, in order, at a table of Meera and two bots."""
    narrator = Narrator(["Meera", "Bot one", "Bot two"])
    return [line for event in events if (line := narrator.line(event)) is not None]


def test_a_clock_packs_and_a_bot_turn_are_said_as_the_clocks() -> None:
    you = Narrator(["You", "Priya", "Ravi"])
    lines = [
        you.line(event)
        for event in (
            TimeRanOut(1),
            Folded(1),
            TurnPassed(2),
            Folded(2),
            TurnPassed(0),
            TimeRanOut(0),
            Folded(0),
            TimeRanOut(1, stand_in=True),
            Folded(1),
        )
    ]
    assert lines == [
        "Priya's time ran out: Priya packs.",
        None,
        None,
        "Ravi packs.",
        None,
        "Your time ran out: you pack.",
        None,
        "Priya's time ran out: a bot plays Priya's turn.",
        "A bot packs for Priya.",
    ]
    brag = Narrator(["You", "Priya"], "brag")
    assert brag.line(TimeRanOut(0)) == "Your time ran out: you fold."
    assert brag.line(Folded(0)) is None
    assert brag.line(TimeRanOut(0, stand_in=True)) == "Your time ran out: a bot plays your turn."
    assert brag.line(Folded(0)) == "A bot folds for you."


def test_a_turn_is_played_for_its_player_at_the_clocks_end_or_at_once_when_away() -> None:
    clock = TurnClock(TURN, drop_grace=60.0, now=FakeClock())
    clock.started = 1000.0
    assert clock.deadline(connected=True, dropped_at=0.0, away=False) == 1000.0 + TURN
    assert clock.deadline(connected=False, dropped_at=1010.0, away=False) == 1000.0 + TURN
    assert clock.deadline(connected=False, dropped_at=1010.0, away=True) == 1000.0, "at once"
    assert clock.deadline(connected=True, dropped_at=1010.0, away=True) == 1000.0 + TURN, (
        "a player back from away plays on their clock"
    )
    graceful = TurnClock(None, drop_grace=60.0)
    graceful.started = 1000.0
    assert graceful.deadline(connected=True, dropped_at=0.0, away=False) == float("inf")
    assert graceful.deadline(connected=False, dropped_at=1010.0, away=False) == 1070.0
    assert graceful.deadline(connected=False, dropped_at=1010.0, away=True) == 1000.0
