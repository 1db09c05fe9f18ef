"""How a friend's phone finds a table: the page's address (the room code in its fragment) and
its QR code, for a terminal (`trey serve`) and for the Host's lobby screen (as rows of modules).

The code rides in the fragment (`#CODE`), which a browser never sends in a request, so it is never
in a request line or a log.
"""

from __future__ import annotations

import io

import segno

from game.network import discovery

QUIET_ZONE = 2
"""Light modules around a code drawn in a terminal (scanners read it with 2 on a dark screen)."""


def page_host(listening: str) -> str:
    """The address a phone reaches the table at: the one it listens on, or this machine's first
    local-network address when it listens on all of them (the loopback one if there is none)."""
    if listening in ("", "0.0.0.0", "::"):
        return next(iter(discovery.local_addresses()), "127.0.0.1")
    if ":" in listening:
        return f"[{listening}]"
    return listening


def page_url(host: str, port: int, code: str) -> str:
    """The phone page's address, the room code in its fragment: http://HOST:PORT/#CODE."""
    return f"http://{host}:{port}/#{code}"


def qr_rows(url: str) -> list[list[bool]]:
    """The QR code of `url` as rows of modules (True: dark), without its quiet zone."""
    code = segno.make(url, error="m", micro=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=0)]


def terminal_qr(url: str) -> str:
    """The QR code of `url` drawn with block characters, two rows a line (for a terminal)."""
    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=QUIET_ZONE)
    return out.getvalue()
