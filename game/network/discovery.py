"""Finding tables on the local network with zeroconf (multicast DNS service discovery).

A host advertises its table as a `_trey._tcp.local.` service: its name, port, game preset,
free seats and protocol version (never its room code, which players must be told). A joining
player's game browses for such services for a moment and lists what answered. Where multicast
does not reach (many offices, some virtual machines), an address and a room code always work.
"""

from __future__ import annotations

import logging
import re
import secrets
import socket
import threading
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game.engine.bounded_text import plain_digits
from game.network.protocol import PROTOCOL_VERSION

log = logging.getLogger("trey.discovery")

SERVICE_TYPE = "_trey._tcp.local."
"""The zeroconf service type every Trey table advertises."""

MOST_FOUND = 64
"""The most tables one browse keeps (a flood of answers cannot grow it further)."""


@dataclass(frozen=True)
class FoundTable:
    """A table that answered a browse: where it is and what it plays."""

    name: str
    address: str
    port: int
    preset: str
    free_seats: int
    protocol: int

    @property
    def joinable(self) -> bool:
        """Whether this game can join it: a free seat, and the same protocol version."""
        return self.free_seats > 0 and self.protocol == PROTOCOL_VERSION


VIRTUAL_ADAPTER = re.compile(
    r"^(docker|br-|veth|virbr|vmnet|vboxnet|tun|tap|wg|tailscale|zt|utun|lxc|cni|flannel|podman)",
    re.IGNORECASE,
)
"""Adapters of containers, virtual machines and VPNs: a table is not announced on them."""

ROUTE_PROBE = "192.0.2.1"
"""An address of the documentation range (TEST-NET-1): a UDP socket "connected" to it tells
which local address the default route leaves from, without a packet being sent."""


def lan_addresses(adapters: Iterable[ifaddr.Adapter], route: str | None) -> list[str]:
    """The IPv4 addresses friends on the local network may reach, the default route's first:
    not loopback, not link-local (169.254/16), and not on a virtual adapter (VIRTUAL_ADAPTER)."""
    found = set()
    for adapter in adapters:
        if VIRTUAL_ADAPTER.match(adapter.nice_name or adapter.name or ""):
            continue
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                found.add(ip.ip)
    return sorted(found, key=lambda address: (address != route, address))


def route_address() -> str | None:
    """The local address the default route leaves from (None: no route, as in a namespace
    with only loopback); nothing is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((ROUTE_PROBE, 9))
            return str(probe.getsockname()[0])
    except OSError:
        return None


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on the local network, the default route's first (see
    `lan_addresses`)."""
    return lan_addresses(ifaddr.get_adapters(), route_address())


def _instance(name: str) -> str:
    """A service instance name: the table's name, printable, with a short random tail so two
    tables of the same name do not collide."""
    text = re.sub(r"[^\w \-']", "", name)[:40].strip() or "Trey table"
    return f"{text} {secrets.token_hex(2)}.{SERVICE_TYPE}"


def _server_name() -> str:
    """An mDNS host name for the table alone ('trey-3fa9c1.local.'): the machine's own name is
    not announced."""
    return f"trey-{secrets.token_hex(3)}.local."


class Advertiser:
    """Advertises one table on the local network until closed."""

    def __init__(
        self,
        name: str,
        port: int,
        preset: str,
        free_seats: int,
        *,
        addresses: list[str] | None = None,
        interfaces: list[str] | None = None,
    ) -> None:
        # one address: the interface the table is reachable on (the default route's)
        self.addresses = addresses or local_addresses()[:1] or ["127.0.0.1"]
        self.zeroconf = Zeroconf(
            interfaces=interfaces if interfaces is not None else self.addresses,
            ip_version=IPVersion.V4Only,
        )
        self.info = ServiceInfo(
            SERVICE_TYPE,
            _instance(name),
            port=port,
            properties=self._properties(name, preset, free_seats),
            addresses=[socket.inet_aton(address) for address in self.addresses],
            server=_server_name(),
        )
        self.zeroconf.register_service(self.info)

    @staticmethod
    def _properties(name: str, preset: str, free_seats: int) -> dict[str, str]:
        return {
            "name": name[:40],
            "game": preset,
            "free": str(free_seats),
            "protocol": str(PROTOCOL_VERSION),
        }

    def update(self, free_seats: int) -> None:
        """Say how many seats are free now."""
        properties = self.info.decoded_properties
        self.info = ServiceInfo(
            SERVICE_TYPE,
            self.info.name,
            port=self.info.port,
            properties=self._properties(
                properties.get("name") or "", properties.get("game") or "", free_seats
            ),
            addresses=self.info.addresses,
            server=self.info.server,
        )
        self.zeroconf.update_service(self.info)

    def close(self) -> None:
        """Stop advertising."""
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


class Announcement:
    """A table's advertisement, made, updated and withdrawn in its own thread so the caller (a
    server's loop, a game's frame) never waits on the network. Where multicast cannot be used
    the failure is logged and the table is still joined by address and room code."""

    def __init__(
        self,
        name: str,
        port: int,
        preset: str,
        free_seats: int,
        *,
        addresses: list[str] | None = None,
    ) -> None:
        self.free_seats = free_seats
        self.advertiser: Advertiser | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trey-advertise")
        self.opened = self._pool.submit(self._open, name, port, preset, free_seats, addresses)
        """Done once the table is advertised (its result: whether it could be)."""

    def _open(
        self, name: str, port: int, preset: str, free_seats: int, addresses: list[str] | None
    ) -> bool:
        try:
            self.advertiser = Advertiser(name, port, preset, free_seats, addresses=addresses)
        except Exception as error:
            log.warning("the table cannot be advertised on the local network: %s", error)
            return False
        return True

    def update(self, free_seats: int) -> None:
        """Say how many seats are free now (from any thread; at once)."""
        if free_seats != self.free_seats:
            self.free_seats = free_seats
            self._pool.submit(self._update, free_seats)

    def _update(self, free_seats: int) -> None:
        if self.advertiser is not None and free_seats == self.free_seats:
            try:
                self.advertiser.update(free_seats)
            except Exception as error:
                log.warning("the table's advertisement cannot be updated: %s", error)

    def close(self, timeout: float = 3.0) -> None:
        """Withdraw the advertisement, waiting at most `timeout` seconds."""
        closed = self._pool.submit(self._close)
        self._pool.shutdown(wait=False)
        try:
            closed.result(timeout)
        except FutureTimeout:
            log.warning("the table's advertisement was not withdrawn in time")

    def _close(self) -> None:
        if self.advertiser is not None:
            try:
                self.advertiser.close()
            except Exception as error:
                log.warning("the table's advertisement cannot be withdrawn: %s", error)
            self.advertiser = None


class _Collector(ServiceListener):
    """Keeps what a browse hears, bounded."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.lock = threading.Lock()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            if len(self.names) < MOST_FOUND:
                self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.discard(name)


def browse(seconds: float = 2.0, *, interfaces: list[str] | None = None) -> list[FoundTable]:
    """The tables that answer within `seconds`, by name."""
    zeroconf = Zeroconf(
        interfaces=interfaces if interfaces is not None else local_addresses() or ["127.0.0.1"],
        ip_version=IPVersion.V4Only,
    )
    collector = _Collector()
    try:
        browser = ServiceBrowser(zeroconf, SERVICE_TYPE, collector)
        time.sleep(seconds)
        browser.cancel()
        with collector.lock:
            names = sorted(collector.names)
        found = []
        for name in names:
            info = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=1000)
            table = _read(info) if info is not None else None
            if table is not None:
                found.append(table)
        return sorted(found, key=lambda table: table.name)
    finally:
        zeroconf.close()


def _read(info: ServiceInfo) -> FoundTable | None:
    """A table from a service's record; None when it is not one Trey can read."""
    properties = info.decoded_properties
    addresses = info.parsed_addresses(IPVersion.V4Only)
    free, protocol = properties.get("free") or "", properties.get("protocol") or ""
    readable = plain_digits(free) and plain_digits(protocol)
    if not addresses or info.port is None or not readable:
        return None
    return FoundTable(
        name=(properties.get("name") or info.name.removesuffix("." + SERVICE_TYPE))[:40],
        address=addresses[0],
        port=info.port,
        preset=(properties.get("game") or "")[:40],
        free_seats=min(int(free[:3]), 99),
        protocol=int(protocol[:6]),
    )
