"""A table on the internet, as docs/internet-play.md sets it up: `trey serve` on loopback behind
a TLS reverse proxy, and `trey join wss://…` through it. The proxy here is a few lines of
asyncio that unwrap TLS and pass the bytes on, as Caddy or nginx would; its certificate is made
for the test and trusted through SSL_CERT_FILE, as a real one is through the system's store."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import ssl
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from network_tables import LOOPBACK, trey
from table_reports import played_out

pytestmark = pytest.mark.skipif(
    shutil.which("openssl") is None, reason="openssl is needed to make the proxy's certificate"
)

WAIT = 60.0
"""Seconds any one step may take (the test stops by itself)."""


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1, and its key."""
    cert, key = folder / "proxy.pem", folder / "proxy.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=WAIT,
    )
    return cert, key


class TlsProxy:
    """TLS in on a free loopback port, plain bytes out to the table's port, in its own thread;
    it keeps each connection's request line (what a balancer routing by path reads)."""

    def __init__(self, cert: Path, key: Path, target: int) -> None:
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(cert, key)
        self.target = target
        self.loop = asyncio.new_event_loop()
        self.connections = 0
        self.request_lines: list[str] = []
        ready: asyncio.Future[int] = self.loop.create_future()
        self.ready = ready
        self.closing = asyncio.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        server = await asyncio.start_server(self._pipe, LOOPBACK, 0, ssl=self.context)
        self.ready.set_result(server.sockets[0].getsockname()[1])
        async with server:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.closing.wait(), WAIT * 2)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        upstream_reader, upstream_writer = await asyncio.open_connection(LOOPBACK, self.target)
        request_line = await reader.readline()
        self.request_lines.append(request_line.decode("latin-1").strip())
        upstream_writer.write(request_line)

        async def copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ConnectionError):
                while chunk := await source.read(65536):
                    sink.write(chunk)
                    await sink.drain()
            with contextlib.suppress(OSError, ConnectionError, RuntimeError):
                sink.close()

        await asyncio.gather(copy(reader, upstream_writer), copy(upstream_reader, writer))

    def port(self) -> int:
        """The port the proxy listens on."""
        return asyncio.run_coroutine_threadsafe(_wait(self.ready), self.loop).result(WAIT)

    def stop(self) -> None:
        """Stop serving and end the thread."""
        self.loop.call_soon_threadsafe(self.closing.set)
        self.thread.join(WAIT)


async def _wait(future: asyncio.Future[int]) -> int:
    return await future


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[dict[str, object], Path]]:
    """`trey serve` on loopback: two seats, one a bot, three deals."""
    history = tmp_path / "served.txt"
    server = trey(
        "serve",
        "--host",
        LOOPBACK,
        "--port",
        "0",
        "--seats",
        "2",
        "--bots",
        "medium",
        "--deals",
        "3",
        "--history",
        str(history),
    )
    try:
        assert server.stdout is not None
        yield json.loads(server.stdout.readline()), history
        assert server.wait(timeout=WAIT) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)


@pytest.mark.parametrize("path", ["", "/{code}"])
def test_a_player_joins_through_a_tls_proxy_by_a_wss_address(
    served: tuple[dict[str, object], Path], tmp_path: Path, path: str
) -> None:
    """With the room code in the address's path too, as a balancer that routes by path needs
    (docs/internet-play.md): the client keeps the path and the server accepts any."""
    started, history = served
    cert, key = certificate(tmp_path)
    proxy = TlsProxy(cert, key, int(str(started["port"])))
    try:
        where = f"wss://localhost:{proxy.port()}" + path.format(code=started["code"])
        join = trey(
            "join",
            where,
            "--code",
            str(started["code"]),
            "--name",
            "Asha",
            "--json",
            variables={"SSL_CERT_FILE": str(cert)},
        )
        out, err = join.communicate(timeout=WAIT)
        assert join.returncode == 0, err
        report = json.loads(out)
        assert played_out(report, 3), report
        assert proxy.connections >= 1
        wanted = f"GET {path.format(code=started['code']) or '/'} HTTP/1.1"
        assert proxy.request_lines and set(proxy.request_lines) == {wanted}, proxy.request_lines
    finally:
        proxy.stop()
    assert f"deal {report['deals']}" in history.read_text()


def test_a_certificate_the_player_does_not_trust_is_one_sentence(
    served: tuple[dict[str, object], Path], tmp_path: Path
) -> None:
    started, _ = served
    cert, key = certificate(tmp_path)
    proxy = TlsProxy(cert, key, int(str(started["port"])))
    try:
        join = trey(
            "join",
            f"wss://localhost:{proxy.port()}",
            "--code",
            str(started["code"]),
            "--name",
            "Eve",
        )
        _, err = join.communicate(timeout=WAIT)
        assert join.returncode != 0
        assert err.count("\n") == 1 and "Traceback" not in err
        assert "certificate" in err
    finally:
        proxy.stop()
        # the table still waits for its player: one joins plainly so the server ends by itself
        plain = trey(
            "join",
            f"{LOOPBACK}:{started['port']}",
            "--code",
            str(started["code"]),
            "--name",
            "Asha",
        )
        plain.communicate(timeout=WAIT)
