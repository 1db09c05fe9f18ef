"""The transport's keepalive: connections made together are pinged spread out over an interval,
never all in one turn of the event loop; one that stops answering is closed (1011); one that
answers stays."""

from __future__ import annotations

import asyncio
import contextlib
import time
from types import SimpleNamespace

from websockets.asyncio.client import connect
from websockets.protocol import State

from game.network.keepalive import Keepalive
from game.network.protocol import PROTOCOL_VERSION, Hello, write
from game.network.room import TableRoom
from game.network.table_config import TableConfig
from game.network.transport import Transport
from tests.network.network_tables import LOOPBACK, run


class Clock:
    """A clock that moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Sink:
    """A socket's kernel side: nothing waits unsent."""

    def get_write_buffer_size(self) -> int:
        return 0

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return (8192, 32768)


class Socket:
    """A connection as the keepalive sees it: open, counting its pings, answering each at once
    unless told not to, and noting the code it is closed with."""

    def __init__(self, answers: bool = True) -> None:
        self.protocol = SimpleNamespace(state=State.OPEN)
        self.transport = Sink()
        self.answers = answers
        self.pings: list[float] = []
        self.closed_with: int | None = None
        self.clock: Clock | None = None

    async def ping(self) -> asyncio.Future[float]:
        assert self.clock is not None
        self.pings.append(self.clock.now)
        answer: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.answers:
            answer.set_result(0.001)
        return answer

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = code
        self.protocol.state = State.CLOSED


def test_connections_made_together_are_pinged_a_share_at_each_tick() -> None:
    async def ping() -> tuple[list[int], list[Socket]]:
        clock = Clock()
        keepalive = Keepalive(clock, interval=20.0, tick=0.25)
        sockets = [Socket() for _ in range(400)]
        for socket in sockets:
            socket.clock = clock
            keepalive.add(socket)  # type: ignore[arg-type]
        per_tick = []
        for _ in range(3 * 80):  # three intervals of ticks
            clock.now += 0.25
            before = sum(len(socket.pings) for socket in sockets)
            await keepalive.ping_due()
            per_tick.append(sum(len(socket.pings) for socket in sockets) - before)
        return per_tick, sockets

    per_tick, sockets = run(ping(), 30)  # type: ignore[misc]
    assert max(per_tick) == 5  # 400 connections over an interval's 80 ticks
    assert sum(per_tick[:79]) == 0  # none before an interval has passed
    assert sum(per_tick[79:159]) == 400  # all in the first interval they are due in
    assert all(count == 5 for count in per_tick[159:])  # and then evenly, a share each tick
    for socket in sockets:  # each once an interval (within the tick that spreads them)
        gaps = [
            later - earlier for earlier, later in zip(socket.pings, socket.pings[1:], strict=False)
        ]
        assert gaps and all(abs(gap - 20.0) < 1e-6 for gap in gaps), gaps


def test_a_connection_that_does_not_answer_its_ping_is_closed_at_the_next() -> None:
    async def ping() -> tuple[Socket, Socket, int]:
        clock = Clock()
        keepalive = Keepalive(clock, interval=1.0, tick=0.25)
        quiet, lively = Socket(answers=False), Socket()
        for socket in (quiet, lively):
            socket.clock = clock
            keepalive.add(socket)  # type: ignore[arg-type]
        for _ in range(12):
            clock.now += 0.25
            await keepalive.ping_due()
            await asyncio.sleep(0)  # the close runs in a task of its own
        return quiet, lively, len(keepalive)

    quiet, lively, left = run(ping(), 30)  # type: ignore[misc]
    assert quiet.pings == [1.0] and quiet.closed_with == 1011
    # two connections over an interval's four ticks: one pinged a tick, the second a tick later
    assert lively.pings == [1.25, 2.25] and lively.closed_with is None
    assert left == 1  # the closed one has left the line


def test_a_client_that_stops_reading_is_dropped_and_one_that_reads_stays() -> None:
    async def play() -> tuple[int | None, State]:
        transport = Transport()
        # an interval long enough that Bob's answer, two turns of the loop, is never late
        transport.keepalive = Keepalive(time.monotonic, interval=1.0, tick=0.1)
        room = TableRoom(TableConfig(preset="teen_patti", seats=3))
        transport.add(room)
        port = await transport.start(LOOPBACK, 0)
        sockets = []
        try:
            for name in ("Ann", "Bob"):
                socket = await connect(f"ws://{LOOPBACK}:{port}", open_timeout=10)
                await socket.send(
                    write(Hello(protocol=PROTOCOL_VERSION, name=name, code=room.code))
                )
                sockets.append(socket)
            await asyncio.wait_for(sockets[0].recv(), 10)  # welcomed
            ann = next(c for c in transport._connections.values() if c.peer.name == "Ann")
            sockets[0].transport.pause_reading()  # Ann's pongs are never sent
            for _ in range(200):  # until the server closes Ann's connection (10 s at most)
                if ann.socket.protocol.state is not State.OPEN:
                    break
                with contextlib.suppress(TimeoutError):  # Bob reads, and so answers pings
                    await asyncio.wait_for(sockets[1].recv(), 0.05)
            sockets[0].transport.resume_reading()  # the close frame can now be read
            await asyncio.wait_for(sockets[0].wait_closed(), 10)
            return sockets[0].close_code, sockets[1].protocol.state
        finally:
            for socket in sockets:
                await socket.close()
            room.stop()
            await transport.close()

    code, other = run(play(), 60)  # type: ignore[misc]
    assert code == 1011
    assert other is State.OPEN
