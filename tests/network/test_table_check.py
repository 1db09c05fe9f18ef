"""Whether a table still lives, asked without taking a seat (the main menu's check of a kept
seat's table): a living table, one that ended, another table in its place, and none at all,
each on the loopback address and each check bounded."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest
from network_tables import LOOPBACK, ServedTable

from game.network.address import TableAddress
from game.network.client import check_table
from game.network.remote_table import RemoteTable
from game.network.server import TableConfig
from game.network.table_check import TableCheck

SECONDS = 5.0


def free_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_living_table_is_told_from_an_ended_one_another_one_and_none() -> None:
    served = ServedTable(
        TableConfig(seats=2, bots=("easy",), deals=1, linger=1.0, wrong_code_delay=0.01)
    )
    where = TableAddress.at(LOOPBACK, served.port)
    try:
        assert asyncio.run(check_table(where, served.code, SECONDS)) == "lives"
        assert served.server.seated == {} and served.server.spectators == [], "no seat taken"
        assert asyncio.run(check_table(where, "WRONG9", SECONDS)) == "gone"
        served.call(served.server.stop())
        assert asyncio.run(check_table(where, served.code, SECONDS)) == "ended"
    finally:
        served.close()
    nowhere = TableAddress.at(LOOPBACK, free_port())
    assert asyncio.run(check_table(nowhere, "ABCDEF", SECONDS)) == "unreachable"


def test_a_check_leaves_the_players_resume_token_working() -> None:
    """The check's hello carries a token the table never gave: the player's own still works."""
    served = ServedTable(TableConfig(seats=2, bots=("easy",), linger=0.1))
    where = TableAddress.at(LOOPBACK, served.port)
    first = RemoteTable(where, served.code, "Ann")
    second: RemoteTable | None = None
    try:
        first.start()
        for _ in range(3000):
            first.pump()
            if first.state is not None:  # the table has started: a drop keeps the seat
                break
            time.sleep(0.01)
        token, seat = first.token, first.seat
        assert token is not None
        first.close()
        check = TableCheck([(where, served.code)], SECONDS)
        check.start()
        assert check.wait(SECONDS * 2) and check.verdicts == {0: "lives"}
        second = RemoteTable(where, served.code, "Ann", resume=token)
        second.start()
        for _ in range(3000):
            second.pump()
            if second.token is not None or second.problem is not None:
                break
            time.sleep(0.01)
        assert second.problem is None and second.seat == seat, "the same seat, taken back"
        assert second.token not in (None, token), "with a new token"
    finally:
        first.close()
        if second is not None:
            second.close()
        served.close()


def test_a_check_that_fails_in_an_unexpected_way_still_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whatever goes wrong in the check (a proxy the environment names that the library cannot
    use, say), the table is 'unreachable' and the check is done: the menu never waits on it."""

    async def broken(where: TableAddress, code: str, seconds: float = 3.0) -> str:
        raise ImportError("no socks library")

    monkeypatch.setattr("game.network.client.check_table", broken)
    check = TableCheck([(TableAddress.at(LOOPBACK, free_port()), "K7QM4P")], SECONDS)
    check.start()
    assert check.wait(SECONDS) and check.verdicts == {0: "unreachable"}
