"""The transport's keepalive: each connection pinged once an interval, never many in one turn.

websockets' own keepalive runs a task for every connection that pings it an interval after it
opened, so connections made together (a thousand tables after a restart, a benchmark's clients)
are pinged together: at 1,000 tables one turn of the event loop ran 1,024 keepalive steps, 65
ms of CPU, and the moves that came meanwhile waited (docs/internet-play.md, "Tenth pass").
Here one task looks at the connections due a ping every TICK and pings at most its share of
all of them (the number an interval's ticks spread them over evenly, and at least one), so a
crowd made together is pinged within one interval and then stays spread out. A connection
that has not answered its last ping when its next is due is closed (1011, as websockets' own
keepalive closes it), so one that stops answering is dropped within about two intervals of its
last answer.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.protocol import State

INTERVAL = 20.0
"""Seconds between two pings of one connection (docs/protocol.md)."""

TICK = 0.25
"""Seconds between two looks at the connections due a ping."""


@dataclass(eq=False)
class _Pinged:
    """A connection in the keepalive's line: when its next ping is due and its last one's
    answer (None: not pinged yet)."""

    socket: ServerConnection
    due: float
    answer: Awaitable[float] | None = None


class Keepalive:
    """Pings every connection it is given once an INTERVAL, a few at each TICK, and closes one
    that did not answer its last ping by the next."""

    def __init__(
        self,
        clock: Callable[[], float],
        interval: float = INTERVAL,
        tick: float = TICK,
    ) -> None:
        self.clock = clock
        self.interval = interval
        self.tick = tick
        self._line: collections.deque[_Pinged] = collections.deque()
        """The connections in the order their pings are due."""
        self._closing: set[asyncio.Task[None]] = set()

    def add(self, socket: ServerConnection) -> None:
        """Ping `socket` an interval from now, and every interval after, while it is open."""
        self._line.append(_Pinged(socket, self.clock() + self.interval))

    def __len__(self) -> int:
        """Connections in the line (a closed one leaves it when its ping comes due)."""
        return len(self._line)

    async def run(self) -> None:
        """Ping the connections due, tick after tick, until cancelled."""
        while True:
            await asyncio.sleep(self.tick)
            await self.ping_due()

    async def ping_due(self) -> None:
        """Ping the connections whose pings are due, at most a tick's share of them: the
        others wait for the next tick. A closed connection leaves the line; one that did not
        answer its last ping is closed."""
        line, now = self._line, self.clock()
        share = max(1, math.ceil(len(line) * self.tick / self.interval))
        while share and line and line[0].due <= now:
            pinged = line.popleft()
            socket = pinged.socket
            if socket.protocol.state is not State.OPEN:
                continue
            if pinged.answer is not None and not _answered(pinged.answer):
                self._close(socket)
                continue
            share -= 1
            pinged.due = now + self.interval
            line.append(pinged)
            sink = socket.transport
            if sink.get_write_buffer_size() > sink.get_write_buffer_limits()[0]:
                continue  # its reader lags: not pinged (the outbox's limit drops it if it stays)
            # open, and its writes not paused: the ping goes out without waiting on the socket
            with contextlib.suppress(ConnectionClosed):
                pinged.answer = await socket.ping()

    def _close(self, socket: ServerConnection) -> None:
        task = asyncio.get_running_loop().create_task(
            socket.close(CloseCode.INTERNAL_ERROR, "keepalive ping timeout")
        )
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)


def _answered(answer: Awaitable[float]) -> bool:
    """Whether a ping's answer came: its future done (websockets answers a ping with a future;
    anything else cannot be asked, and is taken as come rather than close a connection)."""
    return not isinstance(answer, asyncio.Future) or answer.done()
