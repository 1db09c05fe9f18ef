"""Where a table is served, as a person types it: HOST:PORT on a local network (or a VPN), or a
ws:// or wss:// address for a table behind a TLS reverse proxy on the internet."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from game.engine.bounded_text import plain_digits, quoted

SCHEMES = ("ws", "wss")
"""The address schemes a client understands: plain websockets, and websockets over TLS."""

PORT_DIGITS = 5
"""A port is a number below 65536: at most five digits."""


class AddressError(ValueError):
    """Text that is not a table's address (the message is one sentence)."""


@dataclass(frozen=True)
class TableAddress:
    """A table's websocket address: `uri` is what the client connects to."""

    uri: str
    shown: str
    """How a sentence names it: as the person typed it, without a trailing slash."""

    @classmethod
    def at(cls, host: str, port: int) -> TableAddress:
        """The table listening at `host`:`port` without TLS (a LAN, a VPN, the loopback)."""
        bare = host.strip("[]")
        if not bare or not 0 < port < 65536:
            raise AddressError(f"{quoted(f'{host}:{port}')} is not an address")
        named = f"[{bare}]" if _is_ipv6(bare) else bare
        return cls(uri=f"ws://{named}:{port}", shown=f"{named}:{port}")

    @classmethod
    def read(cls, text: str) -> TableAddress:
        """HOST:PORT, [IPv6]:PORT, or a ws:// or wss:// address (the port may be left out
        there: 80 and 443); AddressError with a sentence for anything else."""
        typed = text.strip()
        scheme, separator, _ = typed.partition("://")
        if separator:
            return cls._url(typed, scheme.lower())
        host, colon, port = typed.rpartition(":")
        numbered = plain_digits(port, PORT_DIGITS)
        if not colon or not host or not numbered or not 0 < int(port) < 65536:
            raise AddressError(
                f"{quoted(text)} is not an address: write HOST:PORT (e.g. 192.168.1.20:8765) or "
                "wss://NAME for a table on the internet"
            )
        if host.count(":") and not host.startswith("["):
            raise AddressError(
                f"{quoted(text)}: write an IPv6 address in brackets, e.g. [::1]:8765"
            )
        return cls.at(host, int(port))

    @classmethod
    def _url(cls, typed: str, scheme: str) -> TableAddress:
        if scheme not in SCHEMES:
            raise AddressError(f"{quoted(typed)}: a table's address starts ws:// or wss://")
        try:
            parts = urlsplit(typed)
            port = parts.port
        except ValueError as error:
            raise AddressError(f"{quoted(typed)} is not an address ({error})") from None
        if not parts.hostname or parts.query or parts.fragment or parts.username:
            raise AddressError(f"{quoted(typed)} is not an address: write wss://NAME[:PORT][/PATH]")
        named = f"[{parts.hostname}]" if _is_ipv6(parts.hostname) else parts.hostname
        where = named if port is None else f"{named}:{port}"
        path = parts.path or "/"
        return cls(uri=f"{scheme}://{where}{path}", shown=f"{scheme}://{where}{path}".rstrip("/"))

    @property
    def secure(self) -> bool:
        """Whether the connection is encrypted (wss://)."""
        return self.uri.startswith("wss://")

    def __str__(self) -> str:
        return self.shown


def _is_ipv6(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).version == 6
    except ValueError:
        return False
