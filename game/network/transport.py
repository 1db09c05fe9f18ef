"""The websocket transport: one port, many rooms.

It keeps the connections and their limits (caps, frames, rates, unreadable messages), reads
each hello and routes it to its room by the room code, hands every other message to the room
the connection joined, sends each peer what its room has for it, and drives every room's
`advance` on the event loop. A move is decided and its frames handed to the kernel in the turn
of the event loop that read it, before the next move read in that turn: moves that come
together are answered one after another, none waiting for the whole burst. A plain HTTP GET
on the same port is answered with the phone page (game/web/page_server.py, which also refuses
a websocket opened from another origin), or with one sentence. The rooms themselves know
nothing of sockets (`game.network.room`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.network.frames import refusal
from game.network.keepalive import Keepalive
from game.network.limits import (
    Budget,
    CodeGuard,
    ConnectionGate,
    Limits,
    gated_connection,
    mark_welcomed,
    quiet_accept_failures,
    raise_file_limit,
)
from game.network.protocol import (
    PROTOCOL_VERSION,
    ActionMessage,
    Bye,
    ErrorReason,
    Hello,
    LanguageMessage,
    Nonce,
    ProtocolError,
    Reaction,
    RefusalReason,
    read_client,
    write,
)
from game.network.room import Peer, Refusal, TableRoom
from game.network.sizes import MAX_MESSAGE_BYTES
from game.web.page_server import page_requests

log = logging.getLogger("trey.serve")

OUTBOX_LIMIT = 256
"""Frames waiting for one connection before it counts as too slow and is closed."""

MOST_STRIKES = 10
"""Unreadable messages a connection may send before it is closed."""

BOT_THREADS = 4
"""Threads every room's bots think in: a bot that overruns its time limit (and is cut off, a
stand-in playing its seat) holds one until it returns, and the others serve the rest."""

LONGEST_SLEEP = 3600.0
"""The longest a room waits without being looked at."""

Tap = Callable[[int | None, str], None]
"""Sees every frame the server queues for a connection, with the connection's seat."""


@dataclass(eq=False)
class Connection:
    """One websocket: its room and peer, its outbox and its limits."""

    socket: ServerConnection
    room: TableRoom
    peer: Peer
    budget: Budget
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    strikes: int = 0
    applied: int = 0
    """The peer's applied moves already given back to its budget."""
    refused_rate_at: float = -1e9
    closing: bool = False
    """Being closed: nothing more is queued for it or read from it."""
    close_code: int = 1000
    sending: bool = False
    """The writer task holds a frame it has not finished sending."""

    def queue(self, frame: str) -> None:
        """Send a frame: at once when nothing waits before it (`write_now`), else after what
        waits; a connection too slow to keep up is closed instead."""
        if self.closing:
            return
        if not self.sending and self.outbox.empty() and self.write_now(frame):
            return
        try:
            self.outbox.put_nowait(frame)
        except asyncio.QueueFull:
            log.warning("%s is too slow to keep up and is disconnected", self.peer.name)
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.outbox.get_nowait()
            self.close_soon(1008)

    def write_now(self, frame: str) -> bool:
        """Hand a frame to the kernel now, without a turn of the writer task, if the socket is
        open and holds nothing unsent (a client keeping up); False: the writer task sends it
        (and waits for a slow client to drain). So a burst of actions read in one turn of the
        event loop is answered one action after another, each action's frames out before the
        next action is decided."""
        socket = self.socket
        sink = socket.transport
        if socket.protocol.state is not State.OPEN or sink.is_closing():
            return False
        if sink.get_write_buffer_size():
            return False
        socket.protocol.send_text(frame.encode())
        for data in socket.protocol.data_to_send():
            sink.write(data)
        return True

    def close_soon(self, code: int = 1000) -> None:
        """Close (with `code`) once what is queued is sent; nothing more is queued or read."""
        if self.closing:
            return
        self.closing = True
        self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)


@dataclass(eq=False)
class _Driven:
    """A room on the transport: what wakes its driver, and whether it has ended."""

    room: TableRoom
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    until: float = -1.0
    """When the driver next looks at the room unless woken (inf: only when woken; -1: it is
    not asleep)."""


class Transport:
    """A websocket server on one port holding many rooms, each found by its room code."""

    def __init__(self, limits: Limits | None = None, *, web: bool = True) -> None:
        self.limits = limits or Limits()
        self.web = web
        """Plain GETs are answered with the phone page (game/web), else with one sentence."""
        self.guard = CodeGuard(delay=self.limits.wrong_code_delay)
        self.gate = ConnectionGate(self.limits.caps)
        self.tap: Tap | None = None
        self.time: Callable[[], float] = time.monotonic
        """The rooms' clock (a test's fake one moves only when the test moves it)."""
        self.pool = ThreadPoolExecutor(max_workers=BOT_THREADS, thread_name_prefix="trey-bot")
        """Where every room's bots think."""
        self._rooms: dict[str, _Driven] = {}
        self._connections: dict[Peer, Connection] = {}
        self._server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.keepalive = Keepalive(time.monotonic)
        """Pings every welcomed connection, spread out (websockets' own keepalive is off)."""
        self._keepalive_task: asyncio.Task[None] | None = None

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on `host`:`port` (0: a free port) and return the port; the process may then
        hold more files. Rooms added before start are driven from now on."""
        self.gate.fit(raise_file_limit())
        quiet_accept_failures()
        self._loop = asyncio.get_running_loop()
        self._server = await serve(
            self._serve,
            host,
            port,
            max_size=MAX_MESSAGE_BYTES,
            compression=None,
            max_queue=32,
            ping_interval=None,  # the transport's own, spread out: `self.keepalive`
            close_timeout=2,
            create_connection=gated_connection(self.gate),
            process_request=page_requests(self.web),
        )
        for driven in self._rooms.values():
            self._drive(driven)
        self._keepalive_task = asyncio.create_task(self.keepalive.run())
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def close(self) -> None:
        """Stop listening, every room's driver, the keepalive and the bots' thread."""
        if self._keepalive_task is not None:
            self._keepalive_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keepalive_task
        for driven in self._rooms.values():
            if driven.task is not None:
                driven.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await driven.task
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self._server is not None:
            self._server.close()
            self.gate.cut_waiting()
            await self._server.wait_closed()

    def add(self, room: TableRoom) -> None:
        """Hold `room` under its code (a code already held is a ValueError)."""
        if room.code in self._rooms:
            raise ValueError(f"a room with code {room.code} is already here")
        room.pool = self.pool
        driven = self._rooms[room.code] = _Driven(room)
        # by the code, not the room's driver record: nothing the room holds refers back to it
        room.wake.call = functools.partial(self._wake_code, room.code)
        if self._loop is not None:
            self._drive(driven)

    def remove(self, room: TableRoom) -> None:
        """Let a room go (its code is free again): it is stopped first if it has not ended
        (a bye to every peer, then their connections are closed) and its driver cancelled;
        nothing the transport holds refers to it any more once those connections have closed.
        A process that opens and closes tables on one port removes each it closes."""
        driven = self._rooms.get(room.code)
        if driven is None or driven.room is not room:
            return
        if not room.ended:
            room.stop()
        self.flush(room)
        del self._rooms[room.code]
        driven.done.set()
        if driven.task is not None:
            driven.task.cancel()
            driven.task = None

    def rooms(self) -> list[TableRoom]:
        """The rooms held, in the order they were added."""
        return [driven.room for driven in self._rooms.values()]

    def wake(self, room: TableRoom) -> None:
        """Send what the room has to send, and have it advance soon (from the loop's thread)."""
        self.flush(room)
        driven = self._rooms.get(room.code)
        if driven is not None and driven.room is room:
            driven.wake.set()

    def wake_soon(self, room: TableRoom) -> None:
        """Have the room advance soon (from any thread; a test that moves a fake clock)."""
        self._wake_code(room.code, 0.0)

    async def disconnect(self, peer: Peer) -> None:
        """Close a peer's websocket at once, as a dropped network would (for tests)."""
        connection = self._connections.get(peer)
        if connection is not None:
            await connection.socket.close()

    async def wait_ended(self, room: TableRoom) -> None:
        """Return once the room has ended and its last frames are queued (or was removed)."""
        driven = self._rooms.get(room.code)
        if driven is not None and driven.room is room:
            await driven.done.wait()

    def _wake_code(self, code: str, delay: float) -> None:
        """Wake the driver of the room held under `code` after `delay` seconds (any thread)."""
        driven = self._rooms.get(code)
        if driven is not None:
            self._wake_soon(driven, delay)

    def _wake_soon(self, driven: _Driven, delay: float) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(loop.call_later, delay, driven.wake.set)

    def _drive(self, driven: _Driven) -> None:
        if driven.task is None:
            driven.task = asyncio.create_task(self._advance(driven))

    async def _advance(self, driven: _Driven) -> None:
        """A room's driver: advance it, send what it has, sleep until it next needs waking."""
        room = driven.room
        while True:
            driven.wake.clear()
            driven.until = -1.0
            next_at = self._advance_and_send(room)
            if room.ended:
                driven.done.set()
                return
            if next_at is None:
                driven.until = float("inf")
                await driven.wake.wait()
                continue
            delay = next_at - self.time()
            if delay <= 0:
                await asyncio.sleep(0)
                continue
            driven.until = next_at
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(driven.wake.wait(), min(delay, LONGEST_SLEEP))

    def _advance_and_send(self, room: TableRoom) -> float | None:
        """Advance the room to now and send each peer what it has; when the room next needs a
        look (None: only when woken)."""
        next_at = room.advance(self.time())
        self.flush(room)
        return next_at

    def _advance_now(self, room: TableRoom) -> None:
        """Advance the room at once (a move has come: it is decided and its frames sent in
        the turn of the event loop that read it, before the next move read in that turn); the
        driver is woken only if the room now needs looking at sooner than it sleeps."""
        driven = self._rooms.get(room.code)
        if driven is None or driven.room is not room or driven.task is None:
            self.wake(room)
            return
        next_at = self._advance_and_send(room)
        if room.ended or (next_at is not None and next_at < driven.until):
            driven.wake.set()

    # -- what leaves -------------------------------------------------------------------------

    def flush(self, room: TableRoom) -> None:
        """Queue every frame the room has for its peers' connections, and their closes."""
        for peer in room.take_outgoing():
            connection = self._connections.get(peer)
            if connection is None:
                peer.take()
                continue
            for frame in peer.take():
                connection.queue(frame)  # the room's tap saw it as it was made
            while connection.applied < peer.applied:  # an applied move costs no message
                connection.applied += 1
                connection.budget.give_back()
            if peer.close_code is not None:
                connection.close_soon(peer.close_code)

    def _queue(self, connection: Connection, frame: str) -> None:
        if self.tap is not None and not connection.closing:
            self.tap(connection.peer.seat, frame)
        connection.queue(frame)

    def _refuse(self, connection: Connection, reason: RefusalReason, sentence: str) -> None:
        self._queue(connection, write(refusal(reason, sentence)))

    def _error(self, connection: Connection, reason: ErrorReason, sentence: str) -> None:
        closing = Refusal.error(reason, sentence)
        self._queue(connection, closing.frame)
        connection.close_soon(closing.code)

    # -- connections -------------------------------------------------------------------------

    async def _serve(self, socket: ServerConnection) -> None:
        connection: Connection | None = None
        try:
            connection = await self._welcome(socket)
            if connection is None:
                return
            writer = asyncio.create_task(self._write(connection))
            try:
                async for frame in socket:
                    self._receive(connection, frame)
            finally:
                self._leave(connection)
                connection.close_soon()
                await writer
        except ConnectionClosed:
            if connection is not None:
                self._leave(connection)

    async def _write(self, connection: Connection) -> None:
        socket = connection.socket
        try:
            while True:
                frame = await connection.outbox.get()
                if frame is None:
                    await socket.close(connection.close_code)
                    return
                connection.sending = True
                await socket.send(frame)
                connection.sending = False
        except ConnectionClosed:
            return

    async def _answer_and_close(self, socket: ServerConnection, frame: str, code: int) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(frame)
            await socket.close(code)

    async def _refuse_connection(
        self, socket: ServerConnection, reason: ErrorReason, sentence: str
    ) -> None:
        refusal = Refusal.error(reason, sentence)
        await self._answer_and_close(socket, refusal.frame, refusal.code)

    async def _welcome(self, socket: ServerConnection) -> Connection | None:
        """Read the hello, find its room and have the room seat it (or refuse it)."""
        try:
            frame = await asyncio.wait_for(socket.recv(), self.limits.hello_seconds)
        except TimeoutError:
            await self._refuse_connection(socket, "too_slow", "no hello came in time")
            return None
        try:
            hello = read_client(frame)
        except ProtocolError as error:
            await self._refuse_connection(socket, "unreadable", f"that is not a hello: {error}")
            return None
        if not isinstance(hello, Hello):
            await self._refuse_connection(socket, "hello_first", "say hello first")
            return None
        if hello.protocol != PROTOCOL_VERSION:
            await self._refuse_connection(
                socket,
                "protocol",
                f"this table speaks protocol version {PROTOCOL_VERSION}, and the client "
                f"speaks version {hello.protocol}: use the same version of Trey",
            )
            return None
        address = str(socket.remote_address[0]) if socket.remote_address else ""
        driven = self._rooms.get(hello.code.strip().upper())
        if driven is None:
            await asyncio.sleep(self.guard.wrong(address))
            await self._refuse_connection(socket, "code", "that room code is not this table's")
            return None
        room = driven.room
        joined = room.join(hello, self.time())
        if isinstance(joined, Refusal):
            await self._answer_and_close(socket, joined.frame, joined.code)
            return None
        limits = self.limits
        budget = Budget(limits.rate, limits.burst, limits.byte_rate, limits.byte_burst)
        budget.fill(time.monotonic())
        connection = Connection(socket, room, joined, budget)
        self._connections[joined] = connection
        self.keepalive.add(socket)
        mark_welcomed(socket)
        self.wake(room)
        return connection

    def _leave(self, connection: Connection) -> None:
        peer = connection.peer
        if self._connections.pop(peer, None) is None:
            return
        connection.room.leave(peer, self.time())
        if not connection.room.ended:
            self.wake(connection.room)

    def _within_budget(self, connection: Connection, size: int) -> bool:
        now, limits = time.monotonic(), self.limits
        if connection.budget.spend(now, size):
            return True
        if connection.budget.flooding:
            self._error(connection, "flood", "too many messages or too many bytes")
        elif now - connection.refused_rate_at >= 1.0:
            connection.refused_rate_at = now
            rate, kib = f"{limits.rate:g}", f"{limits.byte_rate / 1024:g}"
            self._refuse(
                connection, "rate", f"slow down: at most {rate} messages, {kib} KiB a second"
            )
        return False

    def _receive(self, connection: Connection, frame: str | bytes) -> None:
        size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8"))
        if connection.closing or connection.peer.closing:
            return
        if not self._within_budget(connection, size):
            return
        room, peer = connection.room, connection.peer
        room.heard(peer)  # it holds its welcome's token
        try:
            message = read_client(frame)
        except ProtocolError as error:
            connection.strikes += 1
            if connection.strikes >= MOST_STRIKES:
                self._error(connection, "unreadable", str(error))
            else:
                self._refuse(connection, "unreadable", str(error))
            return
        if isinstance(message, ActionMessage):
            if room.act(peer, message, self.time()):
                self._advance_now(room)
                return
        elif isinstance(message, Reaction):
            room.react(peer, message, time.monotonic())
        elif isinstance(message, Nonce):
            room.nonce(peer, message)
        elif isinstance(message, LanguageMessage):
            room.speak(peer, message.language)
        elif isinstance(message, Bye):
            connection.close_soon()
        else:
            self._refuse(connection, "unreadable", "you have already said hello")
        self.wake(room)
