"""A table served on the loopback address from a thread of its own, for the phone page's tests:
raw HTTP requests to its port, and every wait bounded."""

from __future__ import annotations

import asyncio
import socket
import threading
from typing import Any

from game.network.server import TableConfig, TableServer

LOOPBACK = "127.0.0.1"

WAIT = 10.0
"""Seconds any one call into the served table, or one request, may take."""


class ServedTable:
    """A TableServer listening on loopback, run on its own loop in a thread."""

    def __init__(self, config: TableConfig) -> None:
        config.wrong_code_delay = min(config.wrong_code_delay, 0.01)
        config.linger = min(config.linger, 0.2)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = TableServer(config)
        self.port: int = self.call(self.server.start(LOOPBACK, 0))
        self.code = self.server.code

    def call(self, coroutine: Any) -> Any:
        """Run a coroutine on the table's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(WAIT)

    @property
    def origin(self) -> str:
        """The page's own origin."""
        return f"http://{LOOPBACK}:{self.port}"

    def close(self) -> None:
        """Stop the table and its thread."""
        self.call(self.server.stop())
        self.call(self.server.wait_closed())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)

    def __enter__(self) -> ServedTable:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def raw_get(
    port: int, target: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """Send `GET target` exactly as written (no client library tidies it) and read the answer:
    its status, headers (lower-case names) and body."""
    lines = [f"GET {target} HTTP/1.1", f"Host: {LOOPBACK}:{port}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    with socket.create_connection((LOOPBACK, port), timeout=WAIT) as connection:
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), found, body
