"""What one server allows each address and each connection: room-code guesses (a decaying
budget per address, an IPv6 /64 as one), connections (in all, per address, not yet welcomed),
bytes as well as messages, the open-file limit, the accept-failure log, and a hand history that
reaches the disk when every file is in use. Times come from fake clocks; the end-to-end tests
count what the server did."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from network_tables import REPO, ServedTable
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from game.network.history_file import HistoryFile
from game.network.limits import (
    ACCEPT_FAILED,
    Admission,
    Budget,
    CodeGuard,
    ConnectionCaps,
    ConnectionGate,
    OncePer,
    address_key,
    quiet_accept_failures,
)
from game.network.protocol import PROTOCOL_VERSION
from game.network.server import TableConfig

IN, HOLD, OUT = Admission.IN, Admission.WAIT, Admission.OUT

WAIT = 5.0
"""Seconds any one reply may take."""

CUT = (WebSocketException, OSError)
"""What a client sees of a connection cut before its handshake."""


class FakeClock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- room-code guessing -------------------------------------------------------------------------


def test_a_hundred_wrong_codes_at_once_from_one_address_are_answered_one_at_a_time() -> None:
    clock = FakeClock()
    guard = CodeGuard(delay=0.5, most=8.0, half_life=60.0, clock=clock)
    waits = [guard.wrong("203.0.113.5") for _ in range(100)]
    answered_in_8_seconds = sum(1 for wait in waits if wait <= 8.0)
    assert answered_in_8_seconds == 4, waits[:6]
    assert waits == sorted(waits), "answers come one at a time"
    assert waits[-1] >= 8.0 * 90, "the sustained rate is one guess per 8 s at most"


def test_the_guessing_budget_decays_and_is_per_address() -> None:
    clock = FakeClock()
    guard = CodeGuard(delay=0.5, most=8.0, half_life=60.0, clock=clock)
    first = [guard.wrong("198.51.100.7") for _ in range(3)]
    assert first == [0.5, 1.5, 3.5]
    assert guard.wrong("198.51.100.8") == 0.5, "another address has its own budget"
    clock.now += 3600
    assert guard.wrong("198.51.100.7") == pytest.approx(0.5), "an hour later it is forgiven"


def test_an_ipv6_network_guesses_as_one_address() -> None:
    clock = FakeClock()
    guard = CodeGuard(delay=0.5, clock=clock)
    assert guard.wrong("2001:db8:1:2::1") == 0.5
    assert guard.wrong("2001:db8:1:2:ffff::9") == 1.5, "the same /64"
    assert guard.wrong("2001:db8:1:3::1") == 0.5, "another /64"
    assert address_key("::ffff:192.0.2.1") == "192.0.2.1"
    assert address_key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"


# -- connections --------------------------------------------------------------------------------


def test_the_gate_counts_connections_against_each_cap() -> None:
    gate = ConnectionGate(
        ConnectionCaps(total=4, per_address=3, unwelcomed=3, unwelcomed_per_address=2)
    )
    assert gate.admit("a") is IN and gate.admit("a") is IN
    assert gate.admit("a") is HOLD, "two before their hello from one address: the third waits"
    entered: list[str] = []
    gate.hold("a", lambda: entered.append("third"), lambda: None)
    gate.welcomed("a")
    assert entered == ["third"], "its turn came when one was welcomed"
    assert gate.admit("a") is OUT and gate.open["a"] == 3, "three from one address"
    assert gate.admit("b") is IN
    assert gate.admit("c") is OUT, "four in all"
    gate.closed("b", welcomed=False)
    assert gate.admit("c") is IN and gate.refused == 2
    for _ in range(2):
        gate.closed("a", welcomed=False)
    gate.closed("a", welcomed=True)
    gate.closed("c", welcomed=False)
    assert gate.open == {} and gate.waiting == {}


def test_a_connection_waiting_its_turn_that_ends_first_is_counted_out() -> None:
    gate = ConnectionGate(ConnectionCaps(total=9, per_address=9, unwelcomed=9))
    gate.caps.unwelcomed_per_address = 1
    assert gate.admit("a") is IN and gate.admit("a") is HOLD and gate.admit("a") is HOLD
    entered: list[int] = []
    cut: list[int] = []
    first, second = (lambda: entered.append(1)), (lambda: entered.append(2))
    gate.hold("a", first, lambda: cut.append(1))
    gate.hold("a", second, lambda: cut.append(2))
    gate.let_go("a", first)  # the first gave up
    assert gate.open["a"] == 2
    gate.closed("a", welcomed=False)
    assert entered == [2] and gate.waiting == {"a": 1} and gate.open == {"a": 1}
    assert gate.admit("a") is HOLD
    gate.hold("a", first, lambda: cut.append(3))
    gate.cut_waiting()
    assert cut == [3], "the server stopping cuts those still waiting"


def test_the_caps_fit_the_open_file_limit() -> None:
    gate = ConnectionGate(ConnectionCaps(total=512, per_address=64, unwelcomed=64))
    gate.fit(0)
    assert gate.caps.total == 512, "no limit known: the caps stand"
    gate.fit(256)
    assert (gate.caps.total, gate.caps.per_address, gate.caps.unwelcomed) == (192, 64, 48)
    gate.fit(65536)
    assert gate.caps.total == 192, "fitting never raises a cap"


def raw_from(source: str, port: int) -> socket.socket:
    """A TCP connection to the table from the loopback address `source`, saying nothing."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.settimeout(WAIT)
    raw.bind((source, 0))
    raw.connect(("127.0.0.1", port))
    return raw


def closed_by_server(raw: socket.socket) -> bool:
    """Whether the server closed (or reset) the connection."""
    try:
        return raw.recv(1) == b""
    except ConnectionResetError:
        return True


@contextlib.contextmanager
def spectate_from(table: ServedTable, source: str) -> Iterator[ClientConnection]:
    """A spectator welcomed at the table, connected from the loopback address `source`."""
    with connect(
        f"ws://127.0.0.1:{table.port}",
        sock=raw_from(source, table.port),
        compression=None,
        open_timeout=WAIT,
    ) as watcher:
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "W", "code": table.code}
        watcher.send(json.dumps({**hello, "spectator": True}))
        assert json.loads(watcher.recv(timeout=WAIT))["type"] == "welcome"
        yield watcher


def until(condition: object, what: str) -> None:
    """Wait (bounded) until `condition()` is true."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.01)
    raise AssertionError(f"never: {what}")


@pytest.fixture
def capped() -> Iterator[ServedTable]:
    caps = ConnectionCaps(total=4, per_address=3, unwelcomed=2, unwelcomed_per_address=2)
    served = ServedTable(TableConfig(seats=2, bots=("easy",), caps=caps, linger=0.1))
    yield served
    served.close()


def test_connections_are_capped_in_all_per_address_and_before_the_welcome(
    capped: ServedTable,
) -> None:
    gate = capped.server.gate
    with contextlib.ExitStack() as stack:
        idle = [stack.enter_context(raw_from("127.0.0.1", capped.port)) for _ in range(2)]
        until(lambda: sum(gate.waiting.values()) == 2, "two connections waiting")
        cut = stack.enter_context(raw_from("127.0.0.2", capped.port))
        until(lambda: gate.refused == 1, "a third waiting connection cut")
        assert closed_by_server(cut), "cut before its handshake"
        assert len(idle) == 2 and sum(gate.waiting.values()) == 2
    until(lambda: not gate.open, "the idle connections counted out")
    with contextlib.ExitStack() as stack:
        for _ in range(3):
            stack.enter_context(spectate_from(capped, "127.0.0.1"))
        with pytest.raises(CUT), spectate_from(capped, "127.0.0.1"):
            pass
        assert gate.refused == 2, "a fourth from one address"
        stack.enter_context(spectate_from(capped, "127.0.0.2"))
        with pytest.raises(CUT), spectate_from(capped, "127.0.0.3"):
            pass
        assert gate.refused == 3, "a fifth in all"
        assert gate.open == {"127.0.0.1": 3, "127.0.0.2": 1} and not gate.waiting


def test_a_connection_over_its_addresss_cap_before_the_hello_waits_its_turn() -> None:
    caps = ConnectionCaps(total=8, per_address=8, unwelcomed=8, unwelcomed_per_address=2)
    table = ServedTable(TableConfig(seats=2, bots=("easy",), caps=caps, linger=0.1))
    try:
        gate = table.server.gate
        with contextlib.ExitStack() as stack:
            idle = [stack.enter_context(raw_from("127.0.0.1", table.port)) for _ in range(2)]
            until(lambda: gate.waiting == {"127.0.0.1": 2}, "two connections before a hello")
            welcomed: list[bool] = []

            def watch() -> None:
                with spectate_from(table, "127.0.0.1"):
                    welcomed.append(True)

            third = threading.Thread(target=watch)
            third.start()
            until(lambda: gate.held.get("127.0.0.1"), "the third waits its turn")
            assert not welcomed and gate.refused == 0
            idle[0].close()
            third.join(WAIT)
            assert welcomed == [True], "its turn came when an idle one ended"
            assert gate.refused == 0 and not gate.held
    finally:
        table.close()


# -- bytes as well as messages ------------------------------------------------------------------


def test_a_budget_pays_for_bytes_as_well_as_messages() -> None:
    budget = Budget(rate=10.0, burst=30, byte_rate=8 * 1024, byte_burst=128 * 1024)
    budget.fill(0.0)
    big = 60 * 1024
    paid = sum(budget.spend(tick / 9, big) for tick in range(9))
    assert paid == 2, "two 60 KB messages fit the burst; the next wait for the rate"
    assert budget.flooding, "far over the byte budget within one second"
    assert budget.dropped == 7 and budget.dropped < budget.burst, "not for the message count"
    small = Budget()
    small.fill(0.0)
    assert all(small.spend(n / 9, 200) for n in range(90)), "a player's moves fit easily"


def test_spectators_sending_big_messages_are_slowed_then_closed(capped: ServedTable) -> None:
    padded = json.dumps({"type": "reaction", "text": "hi"}) + " " * (60 * 1024)
    outcomes = []
    for source in ("127.0.0.1", "127.0.0.2"):
        with spectate_from(capped, source) as watcher:
            reasons: list[str] = []
            with contextlib.suppress(ConnectionClosed, OSError):
                for _ in range(20):
                    watcher.send(padded)
            with contextlib.suppress(ConnectionClosed):
                while len(reasons) < 40:
                    message = json.loads(watcher.recv(timeout=WAIT))
                    if message["type"] in ("refused", "error"):
                        reasons.append(message["reason"])
            outcomes.append((reasons, watcher.close_code))
    for reasons, close_code in outcomes:
        assert reasons.count("spectator") <= 3, "at most the byte burst was read"
        assert "rate" in reasons and reasons[-1] == "flood" and close_code == 1008, reasons


# -- files --------------------------------------------------------------------------------------


def test_the_soft_file_limit_is_raised_at_start() -> None:
    resource = pytest.importorskip("resource")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 64:
        pytest.skip("the hard open-file limit is 64 or less here")
    script = "from game.network.limits import raise_file_limit; print(raise_file_limit())"
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard)),
        check=True,
    )
    assert int(result.stdout) > 64


HISTORY_AT_THE_LIMIT = """
import os, resource, sys
from pathlib import Path
from game.network.history_file import HistoryFile
history = HistoryFile(Path(sys.argv[1]))
history.open()
history.add("deal 1\\n")
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
taken = []
try:
    for _ in range(256):
        taken.append(os.open(os.devnull, os.O_RDONLY))
except OSError:
    pass
history.add("deal 2\\n")
for handle in taken:
    os.close(handle)
history.close()
print(len(taken))
"""


def test_the_history_reaches_the_disk_when_every_file_is_in_use(tmp_path: Path) -> None:
    pytest.importorskip("resource")
    path = tmp_path / "table.txt"
    result = subprocess.run(
        [sys.executable, "-c", HISTORY_AT_THE_LIMIT, str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=True,
    )
    assert 0 < int(result.stdout) < 256, "every file was in use"
    assert path.read_text(encoding="utf-8") == "deal 1\ndeal 2\n", result.stderr


def test_a_history_file_holds_every_deal_once(tmp_path: Path) -> None:
    path = tmp_path / "table.txt"
    path.write_text("an older table\n", encoding="utf-8")
    history = HistoryFile(path)
    history.open()
    for deal in range(3):
        history.add(f"deal {deal}\n")
    history.close()
    assert path.read_text(encoding="utf-8") == "deal 0\ndeal 1\ndeal 2\n"
    assert history.parts == ["deal 0\n", "deal 1\n", "deal 2\n"]


# -- logs ---------------------------------------------------------------------------------------


def test_a_flooding_log_record_is_written_once_a_period() -> None:
    clock = FakeClock()
    once = OncePer(ACCEPT_FAILED, seconds=10.0, clock=clock)

    def record(text: str) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, text, None, None)

    written = 0
    for tick in range(1500):
        clock.now = 1000.0 + tick / 1500
        written += once.filter(record(ACCEPT_FAILED + "\nsocket: <socket>"))
    assert written == 1
    assert once.filter(record("another error")), "other records pass"
    clock.now += 10
    later = record(ACCEPT_FAILED)
    assert once.filter(later) and "1499 more held back" in str(later.msg)


def test_asyncio_accept_failures_are_rate_limited(caplog: pytest.LogCaptureFixture) -> None:
    quiet_accept_failures()
    quiet_accept_failures()
    assert sum(isinstance(each, OncePer) for each in logging.getLogger("asyncio").filters) == 1
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            for _ in range(100):
                error = OSError(24, "Too many open files")
                loop.call_exception_handler({"message": ACCEPT_FAILED, "exception": error})
    finally:
        loop.close()
    assert sum(ACCEPT_FAILED in each.getMessage() for each in caplog.records) <= 1


def test_a_table_that_cannot_listen_leaves_the_history_file_as_it_was(tmp_path: Path) -> None:
    """The history file is opened (and emptied) once the table listens: a port in use leaves
    the file of an earlier table alone."""
    from game.network.server import TableServer

    history = tmp_path / "table.txt"
    history.write_text("an earlier table's deals\n", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = TableServer(TableConfig(seats=2, bots=("easy",), history=history))
        with pytest.raises(OSError):
            asyncio.run(server.start("127.0.0.1", port))
    assert history.read_text(encoding="utf-8") == "an earlier table's deals\n"


def test_a_failed_write_is_written_afresh_not_twice(tmp_path: Path) -> None:
    """A write that failed part-way leaves what reached the file unknown: the file is opened
    again from its start, so no deal stands in it twice."""
    history = HistoryFile(tmp_path / "table.txt")
    history.add("deal 1\n")
    real = history._file
    assert real is not None

    class Failing:
        def write(self, text: str) -> int:
            real.write(text[:3])
            raise OSError("disk full")

        def close(self) -> None:
            real.close()

    history._file = Failing()  # type: ignore[assignment]
    history.add("deal 2\n")
    history.add("deal 3\n")
    history.close()
    assert (tmp_path / "table.txt").read_text(encoding="utf-8") == "deal 1\ndeal 2\ndeal 3\n"
