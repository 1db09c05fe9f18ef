"""What one table server allows each address and each connection: room-code guesses, open
connections (total, per address, not yet welcomed), messages and bytes a second, the open-file
limit, and how often a flood of one log record is written.

Every limit takes its clock as an argument (`time.monotonic` by default), so a test moves time.
"""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from websockets.asyncio.server import ServerConnection

Clock = Callable[[], float]

IPV6_PREFIX = 64
"""An IPv6 address counts as its /64 network: one machine usually holds a whole /64."""


def address_key(address: str) -> str:
    """Who an address is for the limits: an IPv4 address itself, an IPv6 address its /64
    network (an IPv4-mapped IPv6 address its IPv4 address); anything else as written."""
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, IPV6_PREFIX), strict=False))
    return str(parsed)


# -- room-code guessing -------------------------------------------------------------------------


@dataclass
class _Guesses:
    strikes: float = 0.0
    updated: float = 0.0
    free_at: float = 0.0
    """When this address's next wrong code may be answered (answers come one at a time)."""


@dataclass
class CodeGuard:
    """Slows room-code guessing per address (an IPv6 /64 as one): an address's wrong codes are
    answered one at a time, each after `delay` doubled for each recent wrong code (at most
    `most`), and the count of recent wrong codes halves every `half_life` seconds."""

    delay: float = 0.5
    most: float = 8.0
    half_life: float = 60.0
    clock: Clock = time.monotonic
    _by_key: dict[str, _Guesses] = field(default_factory=dict)

    def wrong(self, address: str) -> float:
        """A wrong code from `address`: seconds to wait before answering it."""
        now = self.clock()
        self._forget(now)
        guesses = self._by_key.setdefault(address_key(address), _Guesses(updated=now))
        guesses.strikes *= 0.5 ** ((now - guesses.updated) / self.half_life)
        guesses.updated = now
        pause = min(self.most, self.delay * 2**guesses.strikes)
        guesses.strikes += 1
        guesses.free_at = max(now, guesses.free_at) + pause
        return guesses.free_at - now

    def clear(self) -> None:
        """Forget every address's wrong codes."""
        self._by_key.clear()

    def _forget(self, now: float) -> None:
        """Drop addresses quiet for long enough that they are back to the first delay."""
        if len(self._by_key) < 1024:
            return
        quiet = 20 * self.half_life
        for key in [k for k, g in self._by_key.items() if now - max(g.free_at, g.updated) > quiet]:
            del self._by_key[key]


def _is_run(code: str, order: str) -> bool:
    """Whether `code` steps one place up (or down) `order` from each character to the next."""
    places = [order.find(char) for char in code]
    if -1 in places:
        return False
    steps = {after - before for before, after in itertools.pairwise(places)}
    return steps in ({1}, {-1})


def weak_code(code: str, alphabet: str) -> str | None:
    """Why a chosen room code is too easy to guess (one sentence), or None: one character
    repeated, a short block repeated (ABABAB), or a run (ABCDEF, 987654)."""
    length = len(code)
    if any(length % size == 0 and code == code[:size] * (length // size) for size in (1, 2, 3)):
        return "a room code that repeats a character or a short block is too easy to guess"
    if _is_run(code, alphabet) or _is_run(code, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
        return "a room code that runs through the alphabet or the digits is too easy to guess"
    return None


# -- connections --------------------------------------------------------------------------------


@dataclass
class ConnectionCaps:
    """How many connections a server holds at once: in all, from one address (an IPv6 /64
    as one), and not yet welcomed (still in the handshake or before its hello is answered)."""

    total: int = 512
    per_address: int = 64
    unwelcomed: int = 64
    unwelcomed_per_address: int = 8


@dataclass(frozen=True)
class Limits:
    """What one server allows each connection and address (a table's setup gives them:
    `TableConfig.limits`)."""

    hello_seconds: float = 10.0
    """Seconds a connection has to say hello."""
    rate: float = 10.0
    """Messages a second a connection may send, on average."""
    burst: int = 30
    """Messages a connection may send at once."""
    byte_rate: float = 8 * 1024
    """Bytes a second a connection may send, on average."""
    byte_burst: int = 128 * 1024
    """Bytes a connection may send at once."""
    caps: ConnectionCaps = field(default_factory=ConnectionCaps)
    """Connections the server holds at once (in all, per address, not yet welcomed)."""
    wrong_code_delay: float = 0.5
    """Seconds before a wrong code is answered, doubled for each recent wrong code from the
    same address (at most 8 s; see `CodeGuard`); one address's wrong codes are answered one
    at a time."""


DEFAULT_LIMITS = Limits()
"""A server's limits unless its setup says otherwise."""


class Admission(Enum):
    """What the gate says to a new connection."""

    IN = "in"
    """Counted: its handshake goes ahead."""
    WAIT = "wait"
    """Its address has as many connections before their hello as it may: it waits, unread,
    for one of them to end or be welcomed (a phone's page opens several at once)."""
    OUT = "out"
    """Over a cap: cut before its handshake."""


class ConnectionGate:
    """Counts open connections against the caps: a connection over a cap is cut before its
    handshake (it holds no file for longer than that); one over its address's cap of
    connections before their hello waits its turn, unread, at most `hold_seconds`."""

    def __init__(self, caps: ConnectionCaps, hold_seconds: float = 10.0) -> None:
        self.caps = caps
        self.hold_seconds = hold_seconds
        self.open: dict[str, int] = {}
        self.waiting: dict[str, int] = {}
        self.held: dict[str, dict[Callable[[], None], Callable[[], None]]] = {}
        """Per address, the connections waiting their turn, oldest first: each one's way in,
        with the way to cut it."""
        self.refused = 0
        """Connections cut for being over a cap."""
        self.waited = 0
        """Connections that waited their turn."""

    def fit(self, files: int, spare: int = 64) -> None:
        """Lower the caps to what `files` open files allow (0: no limit known), keeping `spare`
        for everything else: at most `files - spare` connections, a quarter of them waiting."""
        if files <= 0:
            return
        room = max(16, files - spare)
        caps = self.caps
        self.caps = ConnectionCaps(
            total=min(caps.total, room),
            per_address=min(caps.per_address, room),
            unwelcomed=min(caps.unwelcomed, max(4, room // 4)),
            unwelcomed_per_address=caps.unwelcomed_per_address,
        )

    def admit(self, key: str) -> Admission:
        """Count a new connection from `key` (an `address_key`): in, waiting its turn (then
        `hold` it), or out when over a cap."""
        caps = self.caps
        if (
            sum(self.open.values()) >= caps.total
            or self.open.get(key, 0) >= caps.per_address
            or sum(self.waiting.values()) >= caps.unwelcomed
        ):
            self.refused += 1
            return Admission.OUT
        self.open[key] = self.open.get(key, 0) + 1
        if self.waiting.get(key, 0) >= caps.unwelcomed_per_address:
            self.waited += 1
            return Admission.WAIT
        self.waiting[key] = self.waiting.get(key, 0) + 1
        return Admission.IN

    def hold(self, key: str, enter: Callable[[], None], cut: Callable[[], None]) -> None:
        """A connection told to wait: `enter` is called when its turn comes (`cut` if the
        server stops first)."""
        self.held.setdefault(key, {})[enter] = cut

    def cut_waiting(self) -> None:
        """Cut every connection still waiting its turn (the server is stopping)."""
        for cut in [cut for queue in self.held.values() for cut in queue.values()]:
            cut()

    def let_go(self, key: str, enter: Callable[[], None]) -> None:
        """A waiting connection ended (or gave up) before its turn."""
        queue = self.held.get(key, {})
        if queue.pop(enter, None) is not None:
            if not queue:
                self.held.pop(key, None)
            _take(self.open, key)

    def welcomed(self, key: str) -> None:
        """A connection from `key` was welcomed: it no longer counts as waiting."""
        _take(self.waiting, key)
        self._next(key)

    def closed(self, key: str, welcomed: bool) -> None:
        """A connection from `key` closed."""
        _take(self.open, key)
        if not welcomed:
            _take(self.waiting, key)
            self._next(key)

    def _next(self, key: str) -> None:
        """A place before the hello came free for `key`: its oldest waiting connection
        enters."""
        queue = self.held.get(key)
        if not queue:
            return
        enter = next(iter(queue))
        del queue[enter]
        if not queue:
            self.held.pop(key, None)
        self.waiting[key] = self.waiting.get(key, 0) + 1
        enter()


def _take(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def gated_connection(gate: ConnectionGate) -> type[ServerConnection]:
    """A websocket connection class counted by `gate`: cut as soon as it is accepted when it
    would pass a cap, or left unread until its turn when its address must wait; released
    from the count when it closes."""

    class GatedConnection(ServerConnection):
        """A websocket connection counted by the gate from its first byte to its last."""

        key = ""
        admitted = False
        welcomed = False
        waiting_turn: Callable[[], None] | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            """Admitted by the gate, held until its turn, or cut before the handshake."""
            peer = transport.get_extra_info("peername")
            self.key = address_key(str(peer[0])) if peer else ""
            admission = gate.admit(self.key)
            if admission is Admission.OUT:
                _cut(transport)
                return
            if admission is Admission.WAIT and isinstance(transport, asyncio.ReadTransport):
                self._wait_turn(transport)
                return
            self.admitted = True
            super().connection_made(transport)

        def _wait_turn(self, transport: asyncio.ReadTransport) -> None:
            """Left unread until the gate lets it in; cut if that takes too long."""
            transport.pause_reading()

            def enter() -> None:
                self.waiting_turn = None
                timer.cancel()
                self.admitted = True
                super(GatedConnection, self).connection_made(transport)
                transport.resume_reading()

            def cut() -> None:
                if self.waiting_turn is enter:
                    self.waiting_turn = None
                    timer.cancel()
                    gate.let_go(self.key, enter)
                    gate.refused += 1
                    _cut(transport)

            self.waiting_turn = enter
            timer = asyncio.get_running_loop().call_later(gate.hold_seconds, cut)
            gate.hold(self.key, enter, cut)

        def connection_lost(self, exc: Exception | None) -> None:
            """Counted out of the gate (once)."""
            if self.waiting_turn is not None:
                gate.let_go(self.key, self.waiting_turn)
                self.waiting_turn = None
                return
            if not self.admitted:
                return
            self.admitted = False
            gate.closed(self.key, self.welcomed)
            super().connection_lost(exc)

        def welcome(self) -> None:
            """The connection's hello was answered with a welcome."""
            if self.admitted and not self.welcomed:
                self.welcomed = True
                gate.welcomed(self.key)

    return GatedConnection


def _cut(transport: asyncio.BaseTransport) -> None:
    """Close a connection at once, before any handshake."""
    if isinstance(transport, asyncio.Transport):
        transport.abort()
    else:
        transport.close()


def mark_welcomed(socket: ServerConnection) -> None:
    """Tell the gate (if the connection has one) that its hello was answered with a welcome."""
    welcome = getattr(socket, "welcome", None)
    if callable(welcome):
        welcome()


def raise_file_limit(wanted: int = 65536) -> int:
    """Raise this process's soft limit of open files toward `wanted` (at most the hard limit)
    where the system has one; the soft limit after (0: no such limit here)."""
    try:
        import resource
    except ImportError:
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft) if soft != resource.RLIM_INFINITY else wanted


# -- what each connection sends -----------------------------------------------------------------


@dataclass
class Budget:
    """A connection's budget of messages and bytes (token buckets): `rate` messages and
    `byte_rate` bytes a second on average, at most `burst` messages and `byte_burst` bytes at
    once. Past it messages are dropped; a connection that keeps on (`flooding`) is closed."""

    rate: float = 10.0
    burst: int = 30
    byte_rate: float = 8 * 1024
    byte_burst: int = 128 * 1024
    messages: float = 0.0
    bytes: float = 0.0
    checked_at: float = 0.0
    dropped: int = 0
    dropped_bytes: int = 0

    def fill(self, now: float) -> None:
        """Start full at `now`."""
        self.messages, self.bytes, self.checked_at = float(self.burst), float(self.byte_burst), now

    def spend(self, now: float, size: int) -> bool:
        """Take one message of `size` bytes from the budget; False (counted as dropped) when
        either bucket cannot pay for it."""
        elapsed = max(0.0, now - self.checked_at)
        self.checked_at = now
        self.messages = min(float(self.burst), self.messages + elapsed * self.rate)
        self.bytes = min(float(self.byte_burst), self.bytes + elapsed * self.byte_rate)
        if self.messages >= 1 and self.bytes >= size:
            self.messages -= 1
            self.bytes -= size
            return True
        self.dropped += 1
        self.dropped_bytes += size
        return False

    def give_back(self) -> None:
        """Return one message's token (an accepted action costs nothing)."""
        self.messages = min(float(self.burst), self.messages + 1)

    @property
    def flooding(self) -> bool:
        """Far over the budget: three bursts' worth of messages or of bytes dropped."""
        return self.dropped > 3 * self.burst or self.dropped_bytes > 3 * self.byte_burst


# -- logs ---------------------------------------------------------------------------------------


class OncePer(logging.Filter):
    """Lets through one record a period of a message that floods (e.g. asyncio's
    'socket.accept() out of system resource' when every file is open), saying how many were
    held back; other records pass."""

    def __init__(self, starts: str, seconds: float = 10.0, clock: Clock = time.monotonic) -> None:
        super().__init__()
        self.starts = starts
        self.seconds = seconds
        self.clock = clock
        self.last = -float("inf")
        self.held = 0

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the record is written."""
        if not str(record.msg).startswith(self.starts):
            return True
        now = self.clock()
        if now - self.last < self.seconds:
            self.held += 1
            return False
        if self.held:
            record.msg = f"{record.msg} ({self.held} more held back in {self.seconds:g} s)"
        self.last, self.held = now, 0
        return True


ACCEPT_FAILED = "socket.accept() out of system resource"
"""How asyncio logs an accept that failed for want of a file (it retries every second)."""


def quiet_accept_failures(seconds: float = 10.0) -> None:
    """Write asyncio's accept failure at most once every `seconds` (installed once)."""
    logger = logging.getLogger("asyncio")
    if not any(
        isinstance(each, OncePer) and each.starts == ACCEPT_FAILED for each in logger.filters
    ):
        logger.addFilter(OncePer(ACCEPT_FAILED, seconds))
