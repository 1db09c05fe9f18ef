"""One port, many rooms: each hello goes to the room its code names, every room plays on its
own, a wrong code is refused, and a plain HTTP request is answered with a sentence."""

from __future__ import annotations

import asyncio
import random
import urllib.request

from game.bots.registry import make_bot
from game.network.address import TableAddress
from game.network.client import BotClient, JoinError, join_table
from game.network.limits import Limits
from game.network.room import TableRoom
from game.network.table_config import TableConfig
from game.network.transport import Transport
from game.web.page_server import NO_PAGE
from tests.network.network_tables import LOOPBACK, run

ROOMS = 4
DEALS = 2


def test_one_port_holds_many_rooms_and_routes_each_hello_by_its_code() -> None:
    async def play() -> tuple[list[TableRoom], list[list[int]], str]:
        transport = Transport(Limits(wrong_code_delay=0.01))
        rooms = [
            TableRoom(TableConfig(preset=preset, seats=3, bots=("easy",), deals=DEALS))
            for preset in ("teen_patti", "brag", "joker", "muflis")[:ROOMS]
        ]
        for room in rooms:
            transport.add(room)
        port = await transport.start(LOOPBACK, 0)
        for room in rooms:
            room.open()
        address = TableAddress.at(LOOPBACK, port)
        clients = [
            BotClient(
                address,
                room.code,
                f"{room.family[:3]}{index}",
                make_bot("random"),
                rng=random.Random(index),
                timeout=60,
            )
            for room in rooms
            for index in range(2)
        ]
        try:
            reports = await asyncio.wait_for(
                asyncio.gather(*(client.run() for client in clients)), 60
            )
            try:
                await join_table(address, "WRONGCODE", "Eve", make_bot("random"), 1)
                wrong = ""
            except JoinError as error:
                wrong = str(error)
        finally:
            for room in rooms:
                room.stop()
            await transport.close()
        seats = [
            [report.seat or 0 for report in reports[index * 2 : index * 2 + 2]]
            for index in range(ROOMS)
        ]
        for report in reports:
            assert report.deals == DEALS and report.ended == "finished", report
        return rooms, seats, wrong

    rooms, seats, wrong = run(play(), 90)  # type: ignore[misc]
    assert len({room.code for room in rooms}) == ROOMS
    for room, taken in zip(rooms, seats, strict=True):
        assert sorted(taken) == [0, 1], "each room seated its own two players"
        assert room.deals_played == DEALS
        names = room.session.names if room.session else []
        assert all(name.startswith(room.family[:3]) for name in names[:2]), names
    assert "room code" in wrong


def test_a_plain_http_request_is_answered_with_a_sentence() -> None:
    async def ask() -> tuple[str, str]:
        transport = Transport(web=False)
        port = await transport.start(LOOPBACK, 0)
        try:

            def get() -> tuple[str, str]:
                url = f"http://{LOOPBACK}:{port}/"
                with urllib.request.urlopen(url, timeout=5) as answer:
                    return answer.read().decode(), answer.headers["X-Content-Type-Options"]

            return await asyncio.to_thread(get)
        finally:
            await transport.close()

    body, nosniff = run(ask(), 30)  # type: ignore[misc]
    assert body == NO_PAGE and nosniff == "nosniff"


def test_two_rooms_cannot_share_a_code() -> None:
    transport = Transport()
    room = TableRoom(TableConfig(seats=2, bots=("easy",)))
    transport.add(room)
    twin = TableRoom(TableConfig(seats=2, bots=("easy",), code=room.code))
    try:
        transport.add(twin)
    except ValueError as error:
        assert room.code in str(error)
    else:
        raise AssertionError("a second room took the same code")
    assert transport.rooms() == [room]
