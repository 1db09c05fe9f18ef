"""Benchmark (not a test): one server process on loopback with N tables of four bot clients.

The server (every table's TableServer, in this process) is pinned to one core; the clients run
in several other processes pinned to the other cores, a whole table's four clients in the same
process. Each client thinks before it acts: a pause drawn uniformly from `--think LOW,HIGH`
seconds by a seeded generator (default 1,3: people take a few seconds over a move, and a
hosted table's bots are paced the same way, `TableConfig.bot_pause`), so N tables play at the
pace real tables do — about half an action a second each; `--think 0` plays flat out and
measures the server's capacity (CPU per action) instead.

For each action a client sends, the time from sending it until all four clients of its table
have received the next state is one latency sample (measured when each frame arrives, before it
is read). Actions per second count the actions the tables applied over the window; the server's
CPU time per action (all its threads, over the same window) is the server's own cost, whatever
the clients cost; `_net` leaves out what the server spends with no client (measured for 2 s
before the clients start: mostly the lag watch below, about 3 % of a core). Bytes per message
are every frame the clients received. To tell whose fault a slow update is: the server's
event-loop lag (how late a 5 ms sleep wakes), the time its cyclic garbage collector ran (CPU
by generation, and the serving policy's own callback apart), and the clients' CPU share (of
the window from their start to their end, and each process's within the window).

Where the time of an action goes (`*_p50_p99_ms`, and `slowest_1pc_median_ms` for the slowest
1 % of round trips): `time.perf_counter` is one clock for every process of the machine, so the
server notes, for each state an action asks for, when it read the action, when it queued the
next state's first frame and when the last of the four was handed to the kernel (ServerClock,
a few microseconds a frame, counted in the server's CPU), and each sample splits into
`to_server` (the client's send, the kernel, the server's loop coming round to the frame),
`decide` (the room applying it and writing the frames), `write` (the writer tasks and the
websockets' framing: the next state's last frame handed to the kernel), `to_clients` (the
kernel, the client processes' loops coming round: the clients' share); `server` is
decide + write. Each client process notes its own event-loop lag and collector pauses within
the window (`client_loop_lag_p99_max_ms`, `client_gc_count_total_max_ms`). The reported
latency is still the whole round trip, measured by the clients. The transport reads a move and
decides it and writes its frames in the same turn of its event loop, one move after another,
so a move that waits behind the others read in the same turn waits before the server reads
it: in `to_server`, not `decide`.

Whether the slow actions came in a burst (`bursts`): the server's loop is counted turn by turn
(its selector's `select` wrapped, `WakeCounter`), and for each action the benchmark notes how
many the server decided in the same turn (`batch`) and how many before it there (`position`),
how long the loop was busy when it came (`busy_on_arrival`), how late its client sent it after
its think time (`client_late`: the client process stalled; the sample starts when it is sent,
so a stall before the send is not in the latency) and how many its client process sent in the
same turn of its own loop (`client_together`). `bursts` gives the loop's turns in CPU time
(p99, longest) and the time it was held off its core, the round trip by batch size and by
place in the batch, and for the slowest 1 % the medians and the share held 10 ms or more by
each cause.

The clients must not be what is measured: their processes are spawned (a forked one held a copy
of every table the server had made, 600 objects each, and its collector walked them: pauses of
100–300 ms in the clients), run the serving collector policy (settled once their tables have
started), and a thin client reads a frame with json.loads only when it is its turn (the state
number is read from the frame's start, the legal moves looked for at its end). Usage:

    python tests/benchmarks/bench_network.py [--tables 1 50 200] [--think 1,3] [--seconds 20]
        [--runs 1] [--processes 4] [--collector server|python|freeze] [--one-port]
        [--thin-clients] [--profile FILE] [--types N] [--long-turns]

`--thin-clients` plays each seat with a client that reads only what it needs of each frame and
picks a random legal move (the bot clients' models and bots take about a core at 1,000 tables;
thin ones leave the client core free to keep up), `--profile` counts the server's CPU time
(not wall time, which a shared machine's waits inflate), `--collector` picks the server's
garbage collector policy (by default the one `trey serve` installs,
`game/network/collector.py`; `python` leaves Python's own), `--types N` lists the N commonest
types of the objects the collector tracks per table, `--long-turns` takes apart the server's
turns of 10 ms of CPU or more (`long_turns`: the CPU of the callbacks run in them, by name,
`TurnAnatomy`). Each run prints one JSON line. The
goals: 200 tables with p99 ≤ 50 ms on one core, typical messages ≤ 16 KiB (issue 27); 1,000
tables with p99 ≤ 50 ms, the server's core its own (issue 47).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import collections
import contextlib
import cProfile
import gc
import json
import multiprocessing
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.bots.registry import make_bot
from game.network import collector
from game.network.address import TableAddress
from game.network.client import BotClient
from game.network.limits import ConnectionCaps, Limits
from game.network.protocol import PROTOCOL_VERSION, ActionMessage, Hello, State, write
from game.network.room import TableRoom
from game.network.server import TableConfig, TableServer
from game.network.sizes import MAX_MESSAGE_BYTES
from game.network.transport import Connection, Transport

SERVER_CORE = 0
"""The core the server process is pinned to; the clients get every other core."""

DEFAULT_THRESHOLDS = gc.get_threshold()

SETTLED_SECONDS = 1.0
"""How long after its own full collection (to count what the tables hold) and the serving
policy's settle the benchmark waits before it opens the window: the moves that came meanwhile
(the pause was 135 ms of CPU at 1,000 tables) are answered by then."""

START_SECONDS = 60.0
"""The longest the tables may take to fill and start before the window opens."""

CLIENT_PINGS = (15.0, 25.0)
"""Seconds between a thin client's pings, drawn for each seat: clients joined at different
moments ping at different moments, where websockets' default (every 20 s from the opening)
would have the benchmark's clients, opened together, ping together (a stall of their processes
every 20 s, measured as the server's slowness)."""

STATE_FRAME = '{"type":"state","state":'
"""How every state frame begins (`game.network.frames`), its number next."""

LEGAL, NO_MOVES = '"legal":', '"legal":[]'
"""A state frame's legal moves, the last of its fields but the clock and the spoken lines
(which have no such key), and how they read when the seat has none."""


def state_number(frame: str, start: int) -> int:
    """The number that begins at `start` in a frame's text and ends at the next comma."""
    return int(frame[start : frame.index(",", start)])


class WakeCounter:
    """Counts an event loop's turns (benchmark only): its selector's `select` wrapped, noting
    when each call began (`called`: the loop had run every callback that was ready) and
    returned (`returned`: the turn begins). `index` is the turn the loop is in now. A turn runs
    the callbacks ready as it begins, one after the other (the frames its select found, the
    tasks the turn before woke); what they wake runs in the next turn. So the actions a server
    reads in one turn are decided in the next, one after the other, and their frames written
    in the one after. Both are noted in the thread's CPU time too (`cpu_called`,
    `cpu_returned`): a turn's wall time over its CPU time is how long the process was held off
    its core in it."""

    def __init__(self) -> None:
        self.called: list[float] = []
        self.returned: list[float] = []
        self.cpu_called: list[float] = []
        self.cpu_returned: list[float] = []

    @property
    def index(self) -> int:
        """The wake the loop is in (the number of selects returned so far)."""
        return len(self.returned)

    def watch(self, loop: asyncio.AbstractEventLoop) -> WakeCounter:
        """Count `loop`'s wakes from now on (a selector event loop's; others are not counted)."""
        selector = getattr(loop, "_selector", None)
        if selector is None:
            return self
        select, clock, cpu = selector.select, time.perf_counter, time.thread_time
        called, returned = self.called, self.returned
        cpu_called, cpu_returned = self.cpu_called, self.cpu_returned

        def counted(timeout: float | None = None) -> object:
            called.append(clock())
            cpu_called.append(cpu())
            ready = select(timeout)
            returned.append(clock())
            cpu_returned.append(cpu())
            return ready

        selector.select = counted
        return self

    def cpu_at(self, when: float) -> float:
        """The loop thread's CPU time at wall time `when` (within a turn, in proportion)."""
        turn = bisect.bisect_right(self.returned, when) - 1
        if turn < 0 or turn + 1 >= len(self.called):
            return self.cpu_returned[max(turn, 0)] if self.returned else 0.0
        began, ended = self.returned[turn], self.called[turn + 1]
        used = self.cpu_called[turn + 1] - self.cpu_returned[turn]
        if when >= ended or ended <= began:
            return self.cpu_called[turn + 1]
        return self.cpu_returned[turn] + used * (when - began) / (ended - began)

    def busy_share(self, start: float, end: float) -> float:
        """The share of `start` to `end` (wall time) the loop's thread spent on the CPU, by
        the turns that began and ended within it (1: the loop busy throughout)."""
        first = bisect.bisect_left(self.returned, start)
        last = bisect.bisect_right(self.called, end) - 1
        if last <= first or end <= start:
            return 0.0
        return (self.cpu_called[last] - self.cpu_returned[first]) / (
            self.called[last] - self.returned[first]
        )


class TurnAnatomy:
    """What the server's long turns were made of (benchmark only): every callback the event loop
    runs (`asyncio.Handle._run` wrapped) timed in the thread's CPU, summed by name within its
    turn (a task's step by its coroutine's name, a transport's by its method's), with the
    collector's pauses apart (`collected`, counted inside the callback they interrupted too).
    A turn of at least HELD_MS of CPU is kept; shorter ones are dropped as the next begins."""

    def __init__(self, wakes: WakeCounter) -> None:
        self.wakes = wakes
        self.kept: list[tuple[float, float, dict[str, list[float]]]] = []
        """(when the turn began, its callbacks' CPU in ms, by name: [count, CPU ms])."""
        self.turn = -1
        self.began = 0.0
        self.cpu = 0.0
        self.names: dict[str, list[float]] = {}
        self.original: Callable[[asyncio.Handle], None] | None = None

    def start(self) -> None:
        """Wrap the event loop's callbacks from now on."""
        original = asyncio.Handle._run
        self.original = original
        cpu, wakes = time.thread_time, self.wakes

        def timed_run(handle: asyncio.Handle) -> None:
            if wakes.index != self.turn:
                self._close_turn()
                self.turn = wakes.index
                self.began = wakes.returned[-1] if wakes.returned else 0.0
            began = cpu()
            original(handle)
            used = 1000 * (cpu() - began)
            self.cpu += used
            tally(self.names, callback_name(handle), 1, used)

        asyncio.Handle._run = timed_run  # type: ignore[method-assign,assignment]

    def collected(self, milliseconds: float) -> None:
        """The collector ran `milliseconds` of CPU within the current turn."""
        tally(self.names, "(cyclic garbage collector)", 1, milliseconds)

    def stop(self) -> None:
        """Put the event loop's callbacks back."""
        if self.original is not None:
            asyncio.Handle._run = self.original  # type: ignore[method-assign,assignment]
        self._close_turn()

    def _close_turn(self) -> None:
        if self.cpu >= HELD_MS:
            self.kept.append((self.began, self.cpu, self.names))
        self.cpu, self.names = 0.0, {}

    def report(self, window: tuple[float, float], longest: int = 5) -> dict[str, object]:
        """The turns of HELD_MS or more within `window`: how many, their callbacks summed by
        name (count, CPU ms; the ten heaviest), and the `longest` turns each with its five
        heaviest names."""
        within = [turn for turn in self.kept if window[0] <= turn[0] <= window[1]]
        summed: dict[str, list[float]] = {}
        for _, _, names in within:
            for name, (count, used) in names.items():
                tally(summed, name, count, used)

        def heaviest(names: dict[str, list[float]], count: int) -> dict[str, list[float]]:
            ranked = sorted(names.items(), key=lambda item: -item[1][1])[:count]
            return {name: [int(number), round(used, 1)] for name, (number, used) in ranked}

        return {
            "turns": len(within),
            "cpu_ms": round(sum(turn[1] for turn in within), 1),
            "by_callback": heaviest(summed, 10),
            "longest": [
                {
                    "at_s": round(turn[0] - window[0], 2),
                    "cpu_ms": round(turn[1], 1),
                    "by_callback": heaviest(turn[2], 5),
                }
                for turn in sorted(within, key=lambda turn: -turn[1])[:longest]
            ],
        }


def tally(names: dict[str, list[float]], name: str, count: float, milliseconds: float) -> None:
    """Add `count` calls and their `milliseconds` of CPU to `name`'s [count, CPU ms]."""
    counted = names.setdefault(name, [0, 0.0])
    counted[0] += count
    counted[1] += milliseconds


def callback_name(handle: asyncio.Handle) -> str:
    """A callback's name for TurnAnatomy: a task's coroutine, else the function's own name."""
    callback = handle._callback  # type: ignore[attr-defined]
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coroutine = owner.get_coro()
        return f"task {getattr(coroutine, '__qualname__', type(coroutine).__name__)}"
    return str(getattr(callback, "__qualname__", type(callback).__name__))


class ServerClock:
    """Where a slow action's time goes on the server's side: for each state a client's action
    asks for, when the server read the action (`received`, as the transport is handed the
    frame: after the event loop came round to it), when the room's first frame of the next state
    was queued for a connection (`queued`: the room has decided and written it) and when the
    last of its frames was handed to the kernel (`written`, once `send` returned; `writes`
    counts them). Keyed by (room code, state number) as the clients key their samples
    (table, state); `time.perf_counter` is one clock for every process on the machine. A few
    microseconds a frame, counted in the server's CPU."""

    def __init__(self, wakes: WakeCounter) -> None:
        self.received: dict[tuple[str, int], float] = {}
        self.queued: dict[tuple[str, int], float] = {}
        self.written: dict[tuple[str, int], float] = {}
        self.writes: dict[tuple[str, int], int] = {}
        self.wakes = wakes
        self.received_wake: dict[tuple[str, int], int] = {}
        """In which of the loop's wakes (`WakeCounter.index`) each action was read, its next
        state queued (`queued_wake`) and its last frame written (`written_wake`)."""
        self.queued_wake: dict[tuple[str, int], int] = {}
        self.written_wake: dict[tuple[str, int], int] = {}
        self.written_cpu: dict[tuple[str, int], float] = {}
        """The loop thread's CPU time (`time.thread_time`) as each state's last frame was
        written."""

    def watch(self, transport: Transport) -> None:
        """Time every action `transport` reads and every state frame it queues and writes."""
        receive, welcome = transport._receive, transport._welcome
        clock = time.perf_counter

        def timed_receive(connection: Connection, frame: str | bytes) -> None:
            if isinstance(frame, str) and frame.startswith('{"type":"action","state":'):
                key = (connection.room.code, state_number(frame, 25) + 1)
                self.received[key] = clock()
                self.received_wake[key] = self.wakes.index
            receive(connection, frame)

        async def timed_welcome(socket: ServerConnection) -> Connection | None:
            connection = await welcome(socket)
            if connection is not None:
                self._time_frames(connection)
            return connection

        transport._receive = timed_receive  # type: ignore[method-assign]
        transport._welcome = timed_welcome  # type: ignore[method-assign]

    def _time_frames(self, connection: Connection) -> None:
        queue, send, code = connection.queue, connection.socket.send, connection.room.code
        queued, written, writes, clock = self.queued, self.written, self.writes, time.perf_counter
        wakes, queued_wake, written_wake = self.wakes, self.queued_wake, self.written_wake
        written_cpu, cpu = self.written_cpu, time.thread_time

        def timed_queue(frame: str) -> None:
            if frame.startswith(STATE_FRAME):
                key = (code, state_number(frame, 24))
                if key not in queued:
                    queued[key] = clock()
                    queued_wake[key] = wakes.index
            queue(frame)

        def timed(frame: str) -> None:
            if frame.startswith(STATE_FRAME):
                key = (code, state_number(frame, 24))
                written[key] = clock()
                written_cpu[key] = cpu()
                written_wake[key] = wakes.index
                writes[key] = writes.get(key, 0) + 1

        async def timed_send(frame: str) -> None:
            await send(frame)
            timed(frame)

        connection.queue = timed_queue  # type: ignore[method-assign]
        connection.socket.send = timed_send  # type: ignore[method-assign]
        write_now = getattr(connection, "write_now", None)
        if write_now is not None:  # a transport that hands a frame to the kernel at once

            def timed_write_now(frame: str) -> bool:
                if write_now(frame):
                    timed(frame)
                    return True
                return False

            connection.write_now = timed_write_now  # type: ignore[method-assign]


@dataclass
class Timings:
    """One client process's record: when each action was sent, when each client had the next
    state (by table and state number), and the size of every frame received."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    seen: dict[tuple[int, int], float] = field(default_factory=dict)
    """When the last of a table's clients had each state (so far)."""
    seen_by: dict[tuple[int, int], int] = field(default_factory=dict)
    """How many of the table's clients have had it (a number, not a list of times: nothing
    here gives the client process's collector more to walk)."""

    def saw(self, key: tuple[int, int], when: float) -> None:
        """One of the table's clients had state `key` at `when`."""
        self.seen[key] = when
        self.seen_by[key] = self.seen_by.get(key, 0) + 1

    sizes: list[int] = field(default_factory=list)
    late: dict[tuple[int, int], float] = field(default_factory=dict)
    """How much later than its think time each action was sent (the client process held up:
    its loop busy with other clients or off its core)."""
    sent_wake: dict[tuple[int, int], int] = field(default_factory=dict)
    """In which of the client process's loop wakes each action was sent."""
    wakes: WakeCounter = field(default_factory=WakeCounter)

    def sending(self, key: tuple[int, int], due: float) -> None:
        """An action asking for state `key` is sent now; its think time ended at `due`."""
        now = time.perf_counter()
        self.sent[key] = now
        self.late[key] = max(0.0, now - due)
        self.sent_wake[key] = self.wakes.index


class TimedClient(BotClient):
    """A bot client that thinks before each action and notes when it sends it and when each
    frame arrives."""

    def __init__(
        self,
        table: int,
        timings: Timings,
        think: tuple[float, float],
        *args: object,
        **options: object,
    ) -> None:
        super().__init__(*args, **options)  # type: ignore[arg-type]
        self.table = table
        self.timings = timings
        self.think = think
        self.pauses = random.Random(f"think {table} {self.name}")
        self.arrived = 0.0

    async def _play(self, socket: object) -> bool:  # type: ignore[override]
        receive, send = socket.recv, socket.send  # type: ignore[attr-defined]

        async def timed_receive(*args: object, **options: object) -> str | bytes:
            frame: str | bytes = await receive(*args, **options)
            self.arrived = time.perf_counter()
            self.timings.sizes.append(len(frame.encode() if isinstance(frame, str) else frame))
            return frame

        async def timed_send(frame: str) -> None:
            if '"type":"action"' in frame:
                pause = self.pauses.uniform(*self.think) if self.think[1] > 0 else 0.0
                due = time.perf_counter() + pause
                if pause:
                    await asyncio.sleep(pause)
                state = json.loads(frame)["state"]
                self.timings.sending((self.table, state + 1), due)
            await send(frame)

        socket.recv, socket.send = timed_receive, timed_send  # type: ignore[attr-defined]
        return await super()._play(socket)  # type: ignore[arg-type]

    async def _state(self, socket: object, message: State) -> bool:  # type: ignore[override]
        self.timings.saw((self.table, message.state), self.arrived)
        return await super()._state(socket, message)  # type: ignore[arg-type]


async def thin_client(
    table: int, port: int, code: str, seat: int, timings: Timings, think: tuple[float, float]
) -> None:
    """A seat played as cheaply as a client can: a state frame's number read from its start and
    its legal moves looked for at its end, the frame read with json.loads only when the seat has
    a move to make (no models, no bot), a random legal move sent after the think time; timed as
    a TimedClient is."""
    pauses, rng = random.Random(f"think {table} P{seat}"), random.Random(table * 10 + seat)
    hello = Hello(protocol=PROTOCOL_VERSION, name=f"P{seat}", code=code)
    with contextlib.suppress(ConnectionClosed):  # the table ended as the seat answered
        await _play_thin(f"ws://127.0.0.1:{port}", hello, table, timings, think, pauses, rng)


async def _play_thin(
    uri: str,
    hello: Hello,
    table: int,
    timings: Timings,
    think: tuple[float, float],
    pauses: random.Random,
    rng: random.Random,
) -> None:
    async with connect(
        uri,
        max_size=MAX_MESSAGE_BYTES,
        compression=None,
        open_timeout=60,
        ping_interval=rng.uniform(*CLIENT_PINGS),
    ) as socket:
        await socket.send(write(hello))
        async for frame in socket:
            arrived = time.perf_counter()
            timings.sizes.append(len(frame.encode() if isinstance(frame, str) else frame))
            if not isinstance(frame, str) or not frame.startswith(STATE_FRAME):
                if json.loads(frame)["type"] in ("bye", "error"):
                    return
                continue
            state = state_number(frame, len(STATE_FRAME))
            timings.saw((table, state), arrived)
            if frame.startswith(NO_MOVES, frame.rfind(LEGAL)):
                continue  # not this seat's turn: nothing more to read
            message = json.loads(frame)
            if message["legal"]:
                move = rng.choice(message["legal"])
                text = move["move"] + (f" {move['low']}" if move["move"] == "bet" else "")
                pause = pauses.uniform(*think) if think[1] > 0 else 0.0
                due = time.perf_counter() + pause
                if pause:
                    await asyncio.sleep(pause)
                timings.sending((table, message["state"] + 1), due)
                await socket.send(write(ActionMessage(state=message["state"], move=text)))


def run_clients(
    tables: list[tuple[int, int, str]],
    think: tuple[float, float],
    cores: set[int],
    result: multiprocessing.Queue[object],
    thin: bool = False,
) -> None:
    """A client process on `cores`: four bot clients for each of its tables (`thin`: four thin
    clients), until they end."""
    os.sched_setaffinity(0, cores)

    async def play() -> dict[str, object]:
        timings = Timings()
        timings.wakes.watch(asyncio.get_running_loop())
        serving = collector.serve_many(asyncio.get_running_loop().call_soon_threadsafe)
        settling = asyncio.create_task(settle_when_started(timings, len(tables), serving))
        lags: list[float] = []
        noted: list[float] = []
        watch = asyncio.create_task(watch_loop(lags, noted))
        cpu_noted: list[tuple[float, float]] = []
        watch_cpu_task = asyncio.create_task(watch_cpu(cpu_noted))
        collecting = CollectionTimer([])
        gc.callbacks.append(collecting)
        try:
            return {**await played(timings, lags, noted, collecting), "cpu_noted": cpu_noted}
        finally:
            watch.cancel()
            watch_cpu_task.cancel()
            settling.cancel()
            gc.callbacks.remove(collecting)
            collector.restore()

    async def played(
        timings: Timings, lags: list[float], noted: list[float], collecting: CollectionTimer
    ) -> dict[str, object]:
        if thin:
            tasks = [
                asyncio.create_task(thin_client(table, port, code, seat, timings, think))
                for table, port, code in tables
                for seat in range(4)
            ]
            await asyncio.wait(tasks)
            return summary(timings, lags, noted, collecting)
        clients = [
            TimedClient(
                table,
                timings,
                think,
                TableAddress.at("127.0.0.1", port),
                code,
                f"P{seat}",
                make_bot("easy"),
                rng=random.Random(table * 10 + seat),
                timeout=120.0,
            )
            for table, port, code in tables
            for seat in range(4)
        ]
        tasks = [asyncio.create_task(client.run()) for client in clients]
        await asyncio.wait(tasks)
        return summary(timings, lags, noted, collecting)

    result.put(asyncio.run(play()))


async def settle_when_started(
    timings: Timings, count: int, serving: collector.ServingCollector
) -> None:
    """Once every one of a client process's `count` tables has shown its clients a state, the
    connections are made: sweep and freeze them (`ServingCollector.settle`), so that the client
    process's collector, like the server's, walks only what is young while the window runs."""
    began = time.perf_counter()
    while len({table for table, _ in timings.seen}) < count:
        if time.perf_counter() - began > START_SECONDS:
            return
        await asyncio.sleep(0.1)
    serving.settle()


def summary(
    timings: Timings, lags: list[float], noted: list[float], collecting: CollectionTimer
) -> dict[str, object]:
    """A client process's latency samples (table, state, when the action was sent, when the
    last of the table's four clients had the next state, how late after its think time it was
    sent, how many actions the process sent in the same turn of its loop), frame sizes, CPU
    time, event-loop lags (when each was noted, how late) and collector pauses, for the
    server's report."""
    cpu = resource.getrusage(resource.RUSAGE_SELF)
    sent_together = collections.Counter(timings.sent_wake.values())
    samples = [
        (
            key[0],
            key[1],
            timings.sent[key],
            seen,
            timings.late[key],
            sent_together[timings.sent_wake[key]],
        )
        for key, seen in timings.seen.items()
        if key in timings.sent and timings.seen_by[key] == 4
    ]
    return {
        "samples": samples,
        "sizes": timings.sizes,
        "cpu": cpu.ru_utime + cpu.ru_stime,
        "lags": lags,
        "lags_noted": noted,
        "gc_pauses": collecting.pauses,
        "gc_cpu": collecting.report(),
        "gc_ended": collecting.ended,
    }


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def measure(
    count: int,
    think: tuple[float, float],
    seconds: float,
    processes: int,
    cores: set[int],
    profile: str = "",
    policy: str = "server",
    one_port: bool = False,
    thin: bool = False,
    types: int = 0,
    take_apart: bool = False,
) -> dict[str, object]:
    """Serve `count` tables, let them play for `seconds` once all have started, and measure
    (the clients in `processes` processes on `cores`; the server's time profiled into the file
    `profile`, if one is named; the collector's `policy`: "server", the
    serving policy `trey serve` installs, "python", Python's own, "freeze", everything alive
    frozen once the tables have started and the young generation collected every 50,000
    allocations (issue 47's fifth pass); with `one_port`, every table a room of one
    transport on one port; with `thin`, the clients thin ones; with `types`, the commonest
    types the collector tracks per table listed; with `take_apart`, the server's long turns
    taken apart by callback, `TurnAnatomy`)."""

    async def main() -> dict[str, object]:
        loop = asyncio.get_running_loop()
        serving = collector.serve_many(loop.call_soon_threadsafe) if policy == "server" else None
        gc.collect()
        tracked_before = len(gc.get_objects()) + gc.get_freeze_count()
        ids_before = {id(thing) for thing in gc.get_objects()} if types else set()
        config = TableConfig(preset="teen_patti", seats=4, stack=100_000)
        # every client is on loopback: one address, so its caps are the whole server's
        caps = ConnectionCaps(4 * count + 64, 4 * count + 64, 4 * count + 64, 4 * count + 64)
        transport = Transport(Limits(caps=caps))
        servers: list[TableServer | TableRoom]
        if one_port:  # one transport holding every table's room
            rooms = [TableRoom(replace(config)) for _ in range(count)]
            for room in rooms:
                transport.add(room)
            port = await transport.start("127.0.0.1", 0)
            ports, servers = [port] * count, list(rooms)
        else:  # one TableServer (its own transport and port) a table
            tables_served = [TableServer(replace(config)) for _ in range(count)]
            ports = [await server.start("127.0.0.1", 0) for server in tables_served]
            servers = list(tables_served)
        tables = [
            (table, port, server.code)
            for table, (port, server) in enumerate(zip(ports, servers, strict=True))
        ]
        clock = ServerClock(WakeCounter().watch(loop))
        for watched in {id(t): t for t in transports(servers, transport)}.values():
            clock.watch(watched)
        idle = await idle_share()
        parts = min(processes, count)
        # spawned, not forked: a forked client process would hold a copy of every table the
        # server made, and its collector would walk them
        spawn = multiprocessing.get_context("spawn")
        result: multiprocessing.Queue[object] = spawn.Queue()
        workers = [
            spawn.Process(
                target=run_clients,
                args=(tables[part::parts], think, cores, result, thin),
            )
            for part in range(parts)
        ]
        clients_began = time.perf_counter()
        for worker in workers:
            worker.start()
        waited = time.perf_counter()
        while any(server.session is None for server in servers):
            if time.perf_counter() - waited > START_SECONDS:
                raise RuntimeError("the tables did not all start in time")
            await asyncio.sleep(0.1)
        await asyncio.sleep(min(2.0, think[1]))
        gc.collect()
        tracked = len(gc.get_objects()) + gc.get_freeze_count() - tracked_before
        kinds = collections.Counter(
            f"{type(thing).__module__}.{type(thing).__qualname__}"
            for thing in (gc.get_objects() if types else ())
            if id(thing) not in ids_before
        )
        ids_before.clear()
        if serving is not None:
            serving.settle()  # the tables are open: the sweep their growth calls for, now
        if policy == "freeze":
            gc.freeze()  # what is alive now (tables, connections) is never collected again
            gc.set_threshold(50_000, 20, 100)
        # the window opens once the moves that came during the count's full collection and the
        # settle's sweep (a pause of their own, before play) have been answered
        await asyncio.sleep(SETTLED_SECONDS)
        started, cpu_started = time.perf_counter(), time.process_time()
        sweeps_before = serving.sweeps if serving is not None else 0
        actions_before = sum(table_actions(server) for server in servers)
        lags: list[float] = []
        watch = asyncio.create_task(watch_loop(lags))
        pauses: list[float] = []
        anatomy = TurnAnatomy(clock.wakes) if take_apart else None
        collecting = CollectionTimer(pauses, anatomy)
        gc.callbacks.insert(0, collecting)  # before the policy's: the collection alone
        policy_timer = PolicyTimer(serving) if serving is not None else None
        if policy_timer is not None:
            gc.callbacks[gc.callbacks.index(serving)] = policy_timer
        profiler = cProfile.Profile(time.process_time) if profile else None  # CPU, not wall
        if profiler is not None:
            profiler.enable()
        if anatomy is not None:
            anatomy.start()
        await asyncio.sleep(seconds)
        if anatomy is not None:
            anatomy.stop()
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        watch.cancel()
        gc.callbacks.remove(collecting)
        if policy_timer is not None:
            gc.callbacks[gc.callbacks.index(policy_timer)] = serving
        actions = sum(table_actions(server) for server in servers) - actions_before
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        if serving is not None:
            collector.restore()
        if policy == "freeze":
            gc.unfreeze()
            gc.set_threshold(*DEFAULT_THRESHOLDS)
        for server in servers:
            if isinstance(server, TableServer):
                await server.stop()
            else:
                server.stop()
                transport.wake(server)
        parts_data = [await loop.run_in_executor(None, result.get) for _ in workers]
        clients_time = time.perf_counter() - clients_began
        for worker in workers:
            worker.join(10)
        for server in servers:
            if isinstance(server, TableServer):
                server.config.linger = 0
                await server.wait_closed()
        await transport.close()
        codes = {table: code for table, _, code in tables}
        timed = [  # the actions sent within the window
            (codes[table], state, sent, seen, late, together)
            for data in parts_data
            for table, state, sent, seen, late, together in data["samples"]  # type: ignore[index]
            if started <= sent <= started + elapsed
        ]
        samples = [seen - sent for _, _, sent, seen, *_ in timed]
        window = (started, started + elapsed)
        sizes = [size for data in parts_data for size in data["sizes"]]  # type: ignore[index]
        return {
            "tables": count,
            "one_port": one_port,
            "thin_clients": thin,
            "think": list(think),
            "seconds": round(elapsed, 1),
            "actions_per_second": round(actions / elapsed, 1),
            "server_cpu_ms_per_action": round(1000 * cpu / max(actions, 1), 2),
            "server_cpu_share": round(cpu / elapsed, 2),
            "server_idle_share": round(idle, 3),
            "server_cpu_ms_per_action_net": round(
                1000 * max(0.0, cpu - idle * elapsed) / max(actions, 1), 2
            ),
            "samples": len(samples),
            "p50_ms": round(1000 * statistics.median(samples), 1) if samples else None,
            "p99_ms": round(1000 * percentile(samples, 0.99), 1) if samples else None,
            "max_ms": round(1000 * max(samples), 1) if samples else None,
            "median_message_bytes": round(statistics.median(sizes)) if sizes else None,
            "p99_message_bytes": percentile([float(size) for size in sizes], 0.99)
            if sizes
            else None,
            "max_message_bytes": max(sizes, default=None),
            "messages": len(sizes),
            "server_loop_lag_p99_ms": round(1000 * percentile(lags, 0.99), 1) if lags else None,
            "server_gc_ms_total": round(1000 * sum(pauses), 1),
            "server_gc_ms_max": round(1000 * max(pauses, default=0.0), 1),
            "server_gc_cpu_count_total_max_ms": collecting.report(),
            "server_tracked_per_table": round(tracked / count, 1),
            "server_gc_policy_cpu_count_total_max_ms": policy_timer.report()
            if policy_timer is not None
            else None,
            "server_gc_sweeps": serving.sweeps - sweeps_before if serving is not None else None,
            **(
                {
                    "server_types_per_table": {
                        name: round(number / count, 1) for name, number in kinds.most_common(types)
                    }
                }
                if types
                else {}
            ),
            "client_processes": parts,
            "clients_cpu_share": round(
                sum(data["cpu"] for data in parts_data) / clients_time,  # type: ignore[misc]
                2,
            ),
            "load_average_1min": round(os.getloadavg()[0], 2),
            **shares(timed, clock),
            "bursts": bursts(timed, clock, window),
            **({"long_turns": anatomy.report(window)} if anatomy is not None else {}),
            **client_side(parts_data, window),
        }

    return asyncio.run(main())


def transports(servers: list[TableServer | TableRoom], shared: Transport) -> list[Transport]:
    """The transports serving `servers`: each TableServer's own, or the one they share."""
    return [server.transport if isinstance(server, TableServer) else shared for server in servers]


SHARES = ("to_server", "decide", "write", "to_clients")
"""An action's round trip in four parts, by the clock of the machine: from the client's send
to the server's reading it (the client's send, the kernel, the server's loop coming round, the
moves read in the same turn before it: `to_server`), to the room's first frame of the next
state queued (`decide`), to the last of the four frames handed to the kernel (`write`: the
websockets' framing, and the writer tasks' turns for a client that has not taken what it was
sent), to the last of the four clients seeing it (`to_clients`: the kernel, the client
processes' loops coming round)."""


Timed = list[tuple[str, int, float, float, float, int]]
"""The actions sent within the window: room code, state asked for, sent, seen by all four,
how late after its think time the client sent it, how many its process sent in that turn."""


def shares(timed: Timed, clock: ServerClock) -> dict[str, object]:
    """Where the time of an action goes (SHARES), for the actions the server timed whole:
    each part's p50 and p99, the server's own (read to last write) p50 and p99, and for the
    slowest 1 % of round trips the median of each part (ms)."""
    parts: dict[str, list[float]] = {name: [] for name in (*SHARES, "server", "total")}
    for code, state, sent, seen, *_ in timed:
        key = (code, state)
        received, queued, written = (
            clock.received.get(key),
            clock.queued.get(key),
            clock.written.get(key),
        )
        if received is None or queued is None or written is None or clock.writes[key] < 4:
            continue
        for name, value in zip(
            (*SHARES, "server", "total"),
            (
                received - sent,
                queued - received,
                written - queued,
                seen - written,
                written - received,
                seen - sent,
            ),
            strict=True,
        ):
            parts[name].append(value)
    if not parts["total"]:
        return {"shares_timed": 0}
    slowest = sorted(range(len(parts["total"])), key=parts["total"].__getitem__)
    tail = slowest[int(len(slowest) * 0.99) :]
    return {
        "shares_timed": len(parts["total"]),
        **{
            f"{name}_p50_p99_ms": [
                round(1000 * statistics.median(values), 1),
                round(1000 * percentile(values, 0.99), 1),
            ]
            for name, values in parts.items()
        },
        "slowest_1pc_median_ms": {
            name: round(1000 * statistics.median(parts[name][index] for index in tail), 1)
            for name in (*SHARES, "server", "total")
        },
    }


BATCHES = ((1, 1), (2, 4), (5, 9), (10, 19), (20, 49), (50, 10**9))
"""Sizes of the batches the server decides in one turn of its loop, as `bursts` groups them."""

HELD_MS = 10.0
"""An action counts as held (by a client process's stall, by the server's busy loop, by the
actions decided before it in the same turn) when that held it this long."""


def bursts(timed: Timed, clock: ServerClock, window: tuple[float, float]) -> dict[str, object]:
    """Whether the slow actions are the ones read in a burst or held by their client (ms):
    for every action the server timed whole, how many it decided in the same turn of its loop
    (`batch`) and how many of them before it (`position`), how long its loop was busy when the
    action came (`busy_on_arrival`: from the client's send to the loop's next select), how late
    its client sent it after its think time (`client_late`: the client process stalled) and
    how many its client process sent in the same turn (`client_together`). Reported: the
    loop's turns within the window (p99, longest, how many over HELD_MS), by batch size the
    actions' count and p50 / p99 round trip and decide, and for the slowest 1 % the medians
    of each and the share held HELD_MS or more by each cause; the round trip by the action's
    place in its batch (the first decided is 1), for batches of five or more (the first were
    also the first sent, so they waited longest before the batch began); and
    `server_busy_share`, the share of the action's time from its send to its last frame
    written that the server's loop spent on the CPU (near 1: the server was busy, queueing;
    far under: it was held off its core, or idle). `server_cpu_to_written_p50_p99_ms`: the
    server loop's CPU time from each action's send to its last frame written — the server's
    part of the round trip as a core of its own would give it (the time it was held off its
    core left out; its idle time counts nothing), to compare code on a shared machine;
    `read_turn_cpu_to_written_p50_p99_ms`: the same from the start of the turn in which the
    server read it (the moves read in that turn before it, and its own decision and writes:
    the wait behind a burst)."""
    wakes = clock.wakes
    position: dict[tuple[str, int], int] = {}
    batch = collections.Counter(clock.queued_wake.values())
    turn, ahead = -1, 0
    for key in sorted(clock.queued, key=clock.queued.__getitem__):
        ahead = ahead + 1 if clock.queued_wake[key] == turn else 0
        turn = clock.queued_wake[key]
        position[key] = ahead
    rows: list[dict[str, float]] = []
    for code, state, sent, seen, late, together in timed:
        key = (code, state)
        if key not in clock.queued or key not in clock.received or clock.writes.get(key, 0) < 4:
            continue
        select = bisect.bisect_left(wakes.called, sent)
        busy = (wakes.called[select] - sent) if select < len(wakes.called) else 0.0
        rows.append(
            {
                "total": 1000 * (seen - sent),
                "to_server": 1000 * (clock.received[key] - sent),
                "decide": 1000 * (clock.queued[key] - clock.received[key]),
                "batch": batch[clock.queued_wake[key]],
                "position": position[key],
                "busy_on_arrival": 1000 * max(0.0, busy),
                "client_late": 1000 * late,
                "client_together": together,
                "server_busy_share": wakes.busy_share(sent, clock.written[key]),
                "server_cpu_to_written": 1000 * (clock.written_cpu[key] - wakes.cpu_at(sent)),
                "read_turn_cpu_to_written": 1000
                * (clock.written_cpu[key] - wakes.cpu_returned[clock.received_wake[key] - 1]),
            }
        )
    if not rows:
        return {}
    turns, off_core = [], []
    for index, returned in enumerate(wakes.returned[:-1]):
        # a turn within the window, begun and ended (the one that ends it also stops the tables)
        if window[0] <= returned and wakes.called[index + 1] <= window[1]:
            wall = wakes.called[index + 1] - returned
            cpu = wakes.cpu_called[index + 1] - wakes.cpu_returned[index]
            turns.append(1000 * cpu)
            off_core.append(1000 * (wall - cpu))
    tail_from = percentile([row["total"] for row in rows], 0.99)
    tail = [row for row in rows if row["total"] >= tail_from]
    by_batch = {}
    for low, high in BATCHES:
        within = [row for row in rows if low <= row["batch"] <= high]
        if within:
            by_batch[f"{low}-{high}" if high < 10**9 else f"{low}+"] = {
                "actions": len(within),
                "total_p50_p99": _p50_p99([row["total"] for row in within]),
                "decide_p50_p99": _p50_p99([row["decide"] for row in within]),
            }
    by_position = {}
    for low, high in BATCHES:
        within = [row for row in rows if row["batch"] >= 5 and low <= row["position"] + 1 <= high]
        if within:
            by_position[f"{low}-{high}" if high < 10**9 else f"{low}+"] = {
                "actions": len(within),
                "total_p50_p99": _p50_p99([row["total"] for row in within]),
            }
    causes = {
        "client_late": lambda row: row["client_late"] >= HELD_MS,
        "busy_on_arrival": lambda row: row["busy_on_arrival"] >= HELD_MS,
        "decided_behind_10_or_more": lambda row: row["position"] >= 10,
    }
    return {
        "server_cpu_to_written_p50_p99_ms": _p50_p99(
            [row["server_cpu_to_written"] for row in rows]
        ),
        "read_turn_cpu_to_written_p50_p99_ms": _p50_p99(
            [row["read_turn_cpu_to_written"] for row in rows]
        ),
        "turns_within_window": len(turns),
        "turn_cpu_p99_max_ms": _p50_p99(turns)[1:] + [round(max(turns, default=0.0), 1)],
        "turns_cpu_over_held_ms": sum(turn >= HELD_MS for turn in turns),
        "turns_off_core_over_held_ms": sum(wait >= HELD_MS for wait in off_core),
        "turns_off_core_ms_total": round(sum(off_core), 1),
        "by_batch": by_batch,
        "by_position_in_batches_of_5_or_more": by_position,
        "slowest_1pc_from_ms": round(tail_from, 1),
        "slowest_1pc_medians": {
            name: round(statistics.median(row[name] for row in tail), 1) for name in rows[0]
        },
        "all_medians": {
            name: round(statistics.median(row[name] for row in rows), 1) for name in rows[0]
        },
        "slowest_1pc_held_by": {
            name: round(sum(map(held, tail)) / len(tail), 2) for name, held in causes.items()
        },
        "all_held_by": {
            name: round(sum(map(held, rows)) / len(rows), 3) for name, held in causes.items()
        },
    }


def _p50_p99(values: list[float]) -> list[float]:
    """The median and p99 of `values`, rounded to 0.1."""
    if not values:
        return [0.0, 0.0]
    return [round(statistics.median(values), 1), round(percentile(values, 0.99), 1)]


def client_side(
    parts_data: list[dict[str, object]], window: tuple[float, float]
) -> dict[str, object]:
    """Each client process's event-loop lag (p99, max) and collector pauses (count, total,
    longest) within the window, in ms, and its CPU share there."""
    lags, pauses, cpu_shares = [], [], []
    for data in parts_data:
        within = [
            lag
            for lag, noted in zip(data["lags"], data["lags_noted"], strict=True)  # type: ignore[call-overload]
            if window[0] <= noted <= window[1]
        ]
        lags.append(
            [round(1000 * percentile(within, 0.99), 1), round(1000 * max(within), 1)]
            if within
            else None
        )
        paused = [
            pause
            for pause, ended in zip(data["gc_pauses"], data["gc_ended"], strict=True)  # type: ignore[call-overload]
            if window[0] <= ended <= window[1]
        ]
        within_share = cpu_share(data["cpu_noted"], window)  # type: ignore[arg-type]
        cpu_shares.append(None if within_share is None else round(within_share, 3))
        pauses.append(
            [len(paused), round(1000 * sum(paused), 1), round(1000 * max(paused, default=0.0), 1)]
        )
    return {
        "client_loop_lag_p99_max_ms": lags,
        "client_gc_count_total_max_ms": pauses,
        "client_cpu_shares_in_window": cpu_shares,
        "client_gc_cpu_whole_run": [data["gc_cpu"] for data in parts_data],
    }


async def watch_loop(lags: list[float], noted: list[float] | None = None) -> None:
    """How late the event loop wakes a task that sleeps 5 ms, again and again (and when each
    was noted, into `noted`): on the server, the wait a frame from a client has before the
    server reads it; in a client process, before the client sees a frame that came."""
    while True:
        asked = time.perf_counter()
        await asyncio.sleep(0.005)
        woke = time.perf_counter()
        lags.append(woke - asked - 0.005)
        if noted is not None:
            noted.append(woke)


async def watch_cpu(noted: list[tuple[float, float]]) -> None:
    """Note this process's CPU time (`time.process_time`) with the time, twice a second."""
    while True:
        noted.append((time.perf_counter(), time.process_time()))
        await asyncio.sleep(0.5)


def cpu_share(noted: list[tuple[float, float]], window: tuple[float, float]) -> float | None:
    """A process's CPU share between its first and last notes within `window`."""
    within = [note for note in noted if window[0] <= note[0] <= window[1]]
    if len(within) < 2:
        return None
    return (within[-1][1] - within[0][1]) / (within[-1][0] - within[0][0])


class CollectionTimer:
    """A gc callback that notes how long each collection of the cyclic garbage collector takes
    (the event loop stands still meanwhile): wall time, and CPU time by generation (what a
    shared core's waits do not stretch)."""

    def __init__(self, pauses: list[float], anatomy: TurnAnatomy | None = None) -> None:
        self.pauses = pauses
        self.anatomy = anatomy
        """Told each collection's CPU time, if the server's turns are being taken apart."""
        self.ended: list[float] = []
        """When each collection ended (`time.perf_counter`), as `pauses`."""
        self.cpu: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.began = self.cpu_began = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began, self.cpu_began = time.perf_counter(), time.process_time()
        else:
            ended = time.perf_counter()
            self.pauses.append(ended - self.began)
            self.ended.append(ended)
            used = time.process_time() - self.cpu_began
            self.cpu[info["generation"]].append(used)
            if self.anatomy is not None:
                self.anatomy.collected(1000 * used)

    def report(self) -> dict[str, object]:
        """By generation: collections, and their CPU time in all and at most (ms)."""
        return {
            f"gen{generation}": [
                len(times),
                round(1000 * sum(times), 1),
                round(1000 * max(times, default=0.0), 1),
            ]
            for generation, times in self.cpu.items()
        }


class PolicyTimer:
    """Stands in a collector policy's place among `gc.callbacks` and notes the CPU time of each
    of its calls (the event loop stands still then too: a freeze, a count of the frozen)."""

    def __init__(self, policy: Callable[[str, dict[str, int]], None]) -> None:
        self.policy = policy
        self.cpu: list[float] = []

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        began = time.process_time()
        self.policy(phase, info)
        if phase == "stop":
            self.cpu.append(time.process_time() - began)

    def report(self) -> list[float]:
        """Calls after a collection, their CPU time in all and at most (ms)."""
        return [
            len(self.cpu),
            round(1000 * sum(self.cpu), 1),
            round(1000 * max(self.cpu, default=0.0), 1),
        ]


async def idle_share(seconds: float = 2.0) -> float:
    """The server process's CPU share with its tables open and no client yet, the lag watch
    running (about 3 % of a core): the `_net` CPU per action leaves it out."""
    lags: list[float] = []
    watch = asyncio.create_task(watch_loop(lags))
    began, cpu_began = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    watch.cancel()
    return (time.process_time() - cpu_began) / (time.perf_counter() - began)


def table_actions(server: TableServer | TableRoom) -> int:
    """Actions applied at a table so far (changes of the turn loop)."""
    return 0 if server.session is None else server.session.turns.changes


def think_range(text: str) -> tuple[float, float]:
    """'LOW,HIGH' (or one number for both) as a range of seconds."""
    low, _, high = text.partition(",")
    pause = (float(low), float(high or low))
    if not 0 <= pause[0] <= pause[1]:
        raise argparse.ArgumentTypeError("a think time is LOW,HIGH seconds, low to high")
    return pause


def main() -> None:
    """Measure each size asked, `--runs` times, one JSON line a run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 50, 200])
    parser.add_argument("--think", type=think_range, default=(1.0, 3.0))
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--profile", default="", help="write the server's cProfile here")
    parser.add_argument(
        "--collector",
        choices=("server", "python", "freeze"),
        default="server",
        help="the server's garbage collector: the serving policy trey serve installs "
        "(default), Python's own, or --gc-freeze's",
    )
    parser.add_argument(
        "--gc-freeze",
        action="store_true",
        help="(--collector freeze) once the tables have started, freeze what is alive out of "
        "the cyclic collector "
        "and collect the young generation every 50,000 allocations instead of 700",
    )
    parser.add_argument(
        "--one-port",
        action="store_true",
        help="serve every table as a room of one transport on one port (default: a port each)",
    )
    parser.add_argument(
        "--thin-clients",
        action="store_true",
        help="clients that read each frame with json.loads and send a random legal move (no "
        "models, no bot): a client core then keeps up with 1,000 tables",
    )
    parser.add_argument(
        "--types",
        type=int,
        default=0,
        help="list this many commonest types among the objects the collector tracks per table",
    )
    parser.add_argument(
        "--long-turns",
        action="store_true",
        help="take the server's turns of 10 ms or more of CPU apart: the CPU of every callback "
        "in them, by name (costs the server a little CPU on every callback)",
    )
    options = parser.parse_args()
    cores = os.sched_getaffinity(0)
    client_cores = cores - {SERVER_CORE} or cores
    os.sched_setaffinity(0, {SERVER_CORE} if SERVER_CORE in cores else {min(cores)})
    for size in options.tables:
        for _ in range(options.runs):
            run = measure(
                size,
                options.think,
                options.seconds,
                options.processes,
                client_cores,
                options.profile,
                "freeze" if options.gc_freeze else options.collector,
                options.one_port,
                options.thin_clients,
                options.types,
                options.long_turns,
            )
            policy = "freeze" if options.gc_freeze else options.collector
            extra = {
                "client_cores": sorted(client_cores),
                "gc_freeze": policy == "freeze",
                "collector": policy,
            }
            print(json.dumps({**run, **extra}), flush=True)


if __name__ == "__main__":
    main()
