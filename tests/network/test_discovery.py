"""Finding tables on the local network: a table advertised with zeroconf is found by a browse,
with its name, port, game and free seats (never its room code). Skipped, with the reason, where
multicast does not reach between two sockets of this machine."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import ifaddr
import pytest
from network_tables import LOOPBACK, trey
from zeroconf import ServiceInfo

from game.network.discovery import SERVICE_TYPE, Advertiser, _read, browse, lan_addresses
from game.network.hosting import HostedTable
from game.network.protocol import PROTOCOL_VERSION
from game.network.server import TableConfig


def test_an_advertised_table_is_found() -> None:
    """Advertised and browsed on the loopback interface only: a test sends nothing beyond this
    machine (never on its own network interface)."""
    try:
        advertiser = Advertiser("Ann's table", 45678, "brag", 2, addresses=[LOOPBACK])
    except OSError as error:
        pytest.skip(f"multicast sockets cannot be opened on {LOOPBACK} ({error})")
    try:
        found = [table for table in browse(2.5, interfaces=[LOOPBACK]) if table.port == 45678]
        if not found:
            pytest.skip(f"multicast does not reach between two sockets on {LOOPBACK}")
        table = found[0]
        assert table.name == "Ann's table" and table.preset == "brag"
        assert table.free_seats == 2 and table.protocol == PROTOCOL_VERSION and table.joinable
        assert table.address == LOOPBACK
        assert "code" not in advertiser.info.decoded_properties
        advertiser.update(0)
        assert advertiser.info.decoded_properties["free"] == "0"
    finally:
        advertiser.close()
    assert SERVICE_TYPE == "_trey._tcp.local."


def multicast_reaches(address: str) -> str:
    """'' when a table advertised on `address` is found by a browse there, else why not."""
    try:
        probe = Advertiser("Probe", 45680, "brag", 1, addresses=[address])
    except OSError as error:
        return f"multicast sockets cannot be opened on {address} ({error})"
    try:
        if not any(table.port == 45680 for table in browse(2.0, interfaces=[address])):
            return f"multicast does not reach between two sockets on {address}"
    finally:
        probe.close()
    return ""


def test_serve_advertises_its_name_and_withdraws_it() -> None:
    """`trey serve --advertise NAME`: found by a browse under NAME with its port, game and free
    seats, never its code; gone once the server has stopped."""
    server = trey(
        "serve",
        "--host",
        LOOPBACK,
        "--seats",
        "3",
        "--bots",
        "easy",
        "--game",
        "brag",
        "--advertise",
        "Ann's table",
    )
    try:
        assert server.stdout is not None
        started = json.loads(server.stdout.readline())
        port, code = started["port"], started["code"]
        found = [t for t in browse(3.0, interfaces=[LOOPBACK]) if t.port == port]
        if not found:
            reason = multicast_reaches(LOOPBACK)
            if reason:
                pytest.skip(reason)
        assert found, "trey serve --advertise was not found, though multicast works here"
        table = found[0]
        assert (table.name, table.preset, table.free_seats) == ("Ann's table", "brag", 2)
        assert table.address == LOOPBACK and table.joinable
        assert code not in repr(table)
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=30)
        assert server.returncode == 0, err
    finally:
        server.kill()
    assert not [t for t in browse(2.0, interfaces=[LOOPBACK]) if t.port == port]


def test_a_hosted_table_advertises_its_name_and_withdraws_it(tmp_path: Path) -> None:
    """A table hosted from the game with a name for the local network: found with its open
    seats, and gone after the host stops it."""
    config = TableConfig(seats=4, history=tmp_path / "table.txt", linger=0.1)
    hosted = HostedTable(config, host=LOOPBACK, advertise="Ann's game")
    port = hosted.start()
    try:
        found = [t for t in browse(3.0, interfaces=[LOOPBACK]) if t.port == port]
        if not found:
            reason = multicast_reaches(LOOPBACK)
            if reason:
                pytest.skip(reason)
        assert found, "the hosted table was not found, though multicast works here"
        assert (found[0].name, found[0].free_seats) == ("Ann's game", 3)
    finally:
        hosted.stop()
    assert not [t for t in browse(2.0, interfaces=[LOOPBACK]) if t.port == port]


@pytest.mark.parametrize("free", ["2", "²", "٣"])
def test_a_record_with_numbers_int_cannot_read_is_not_a_table(free: str) -> None:
    """Another machine's record is read as a table only when its counts are plain digits ('²'
    is a digit to str.isdigit, not to int())."""
    info = ServiceInfo(
        SERVICE_TYPE,
        f"Odd.{SERVICE_TYPE}",
        port=45678,
        properties={"free": free, "protocol": str(PROTOCOL_VERSION), "game": "brag"},
        addresses=[bytes([127, 0, 0, 1])],
    )
    found = _read(info)
    assert (found is not None) == (free == "2")


def test_a_table_is_announced_on_the_lan_and_never_on_virtual_adapters() -> None:
    def adapter(name: str, *addresses: str) -> ifaddr.Adapter:
        ips = [ifaddr.IP(address, 24, name) for address in addresses]
        return ifaddr.Adapter(name, name, ips)

    adapters = [
        adapter("lo", "127.0.0.1"),
        adapter("docker0", "172.17.0.1"),
        adapter("tailscale0", "100.101.102.103"),
        adapter("wlan0", "192.168.1.20", "169.254.3.4"),
        adapter("eth0", "10.0.0.5"),
    ]
    assert lan_addresses(adapters, route="192.168.1.20") == ["192.168.1.20", "10.0.0.5"]
    assert lan_addresses(adapters, route=None) == ["10.0.0.5", "192.168.1.20"]
