"""Moves read together are answered one after another: a move the transport reads is decided
and its frames handed to the kernel before the next move read in the same turn of the event
loop is decided (no move waits behind a whole burst's decisions before its frames leave), a
frame is sent at once only when nothing waits before it on its connection, and the room's
driver is still woken when such a move leaves the room needing a look sooner."""

from __future__ import annotations

import asyncio
import json
import os
import socket as sockets
from types import SimpleNamespace

from websockets.asyncio.client import ClientConnection, connect
from websockets.protocol import State
from websockets.server import ServerProtocol

from game.network.limits import Budget
from game.network.protocol import PROTOCOL_VERSION, ActionMessage, Hello, write
from game.network.room import Peer, TableRoom
from game.network.table_config import TableConfig
from game.network.transport import Connection, Transport
from tests.network.network_tables import LOOPBACK, Player, play_table, run

STATE_FRAME = '{"type":"state","state":'


class Seat:
    """A raw websocket client at a room: its seat and the latest state it was sent."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.seat: int | None = None
        self.state: dict[str, object] = {}

    async def read_to(self, number: int) -> None:
        """Read frames until the state numbered `number` has come."""
        while self.state.get("state") != number:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), 10))
            if message["type"] == "welcome":
                self.seat = message["seat"]
            elif message["type"] == "state":
                self.state = message

    def has_bytes_waiting(self) -> bool:
        """Whether the server has handed this client bytes its loop has not read yet."""
        raw = self.socket.transport.get_extra_info("socket")
        peek = sockets.socket(fileno=os.dup(raw.fileno()))
        try:
            return bool(peek.recv(1, sockets.MSG_PEEK | sockets.MSG_DONTWAIT))
        except BlockingIOError:
            return False
        finally:
            peek.close()  # a duplicate: the client's own socket stays open

    def first_move(self) -> ActionMessage:
        """The first of the legal moves its latest state offers."""
        legal = self.state["legal"]
        number = self.state["state"]
        assert isinstance(legal, list) and legal and isinstance(number, int)
        move = legal[0]["move"] + (f" {legal[0]['low']}" if legal[0]["move"] == "bet" else "")
        return ActionMessage(state=number, move=move)


def test_moves_read_in_one_turn_are_each_sent_before_the_next_is_decided() -> None:
    async def play() -> list[tuple[int, bool]]:
        transport = Transport()
        rooms = [TableRoom(TableConfig(preset="teen_patti", seats=2)) for _ in range(3)]
        for room in rooms:
            transport.add(room)
        port = await transport.start(LOOPBACK, 0)
        seated: list[list[Seat]] = []
        try:
            for room in rooms:
                seats = []
                for name in ("Ann", "Bob"):
                    socket = await connect(f"ws://{LOOPBACK}:{port}", open_timeout=10)
                    await socket.send(
                        write(Hello(protocol=PROTOCOL_VERSION, name=name, code=room.code))
                    )
                    seats.append(Seat(socket))
                seated.append(seats)
            for _ in range(100):  # both seats taken, the first deal dealt
                if all(room.session is not None and room.state_number >= 1 for room in rooms):
                    break
                await asyncio.sleep(0.05)
            for room, seats in zip(rooms, seated, strict=True):
                for seat in seats:
                    await seat.read_to(room.state_number)
            actors = []
            for room, seats in zip(rooms, seated, strict=True):
                assert room.session is not None
                actor = next(seat for seat in seats if seat.seat == room.session.game.to_act)
                actors.append(actor)
            decided: list[tuple[int, bool]] = []
            """Each room as its next state is made, and whether every room decided before it
            had already handed its player that room's next state."""
            for index, room in enumerate(rooms):
                asked = room.state_number + 1

                def tap(
                    seat: int | None, frame: str, index: int = index, asked: int = asked
                ) -> None:
                    if frame.startswith(f"{STATE_FRAME}{asked},") and index not in dict(decided):
                        earlier = [actors[other] for other, _ in decided]
                        decided.append((index, all(a.has_bytes_waiting() for a in earlier)))

                room.tap = tap
            for actor in actors:  # all sent before the server's loop turns
                await actor.socket.send(write(actor.first_move()))
            for room, actor in zip(rooms, actors, strict=True):
                await actor.read_to(room.state_number)
            return decided
        finally:
            for seats in seated:
                for seat in seats:
                    await seat.socket.close()
            for room in rooms:
                room.stop()
            await transport.close()

    decided = run(play(), 60)
    assert sorted(index for index, _ in decided) == [0, 1, 2]  # type: ignore[attr-defined]
    assert all(sent for _, sent in decided), decided  # type: ignore[attr-defined]


class Sink:
    """A socket's kernel side as `Connection.write_now` sees it: the bytes handed over, and how
    many the kernel has not taken yet (a slow client)."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.unsent = 0

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def is_closing(self) -> bool:
        return False


def _connection() -> tuple[Connection, Sink]:
    protocol = ServerProtocol()
    protocol.state = State.OPEN
    sink = Sink()
    socket = SimpleNamespace(protocol=protocol, transport=sink)
    room = TableRoom(TableConfig(preset="teen_patti", seats=2))
    budget = Budget(10, 10, 10_000, 10_000)
    return Connection(socket, room, Peer(0, "Ann"), budget), sink  # type: ignore[arg-type]


def test_a_frame_is_sent_at_once_only_when_nothing_waits_before_it() -> None:
    connection, sink = _connection()
    connection.queue("one")
    connection.queue("two")
    assert [data[2:] for data in sink.written] == [b"one", b"two"]  # a text frame's 2-byte head
    assert connection.outbox.empty()
    sink.unsent = 100  # the client is slow: the kernel holds bytes for it
    connection.queue("three")
    sink.unsent = 0  # it caught up, but "three" waits for the writer task: "four" goes after
    connection.queue("four")
    assert len(sink.written) == 2
    assert [connection.outbox.get_nowait() for _ in range(2)] == ["three", "four"]
    connection.sending = True  # the writer task holds a frame: what comes next waits for it
    connection.queue("five")
    assert len(sink.written) == 2 and connection.outbox.get_nowait() == "five"


def test_a_pause_between_deals_ends_when_a_player_s_move_ends_the_deal() -> None:
    """The move that ends a deal is decided in the turn that read it; the room then waits out
    the pause between deals, so its driver (asleep until a message came) must be woken."""
    config = TableConfig(preset="teen_patti", seats=2, deals=3, deal_pause=0.05)
    server, reports = run(play_table(config, [Player(), Player()], seed=4), 60)  # type: ignore[misc]
    assert server.deals_played == 3
    assert [report.ended for report in reports] == ["finished", "finished"]
