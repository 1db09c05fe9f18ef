"""Two `trey serve` processes behind nginx, routed by the room code in the URL path, with the
configuration docs/internet-play.md gives (read from the page): a deal is played at each table
through the proxy. Slow (it starts three processes); skipped where nginx is not installed."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from game.bots.registry import make_bot
from game.network.address import TableAddress
from game.network.client import BotClient, ClientReport
from tests.network.network_tables import LOOPBACK, REPO, run, trey

pytestmark = pytest.mark.slow

NGINX = shutil.which("nginx") or next(
    (path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None
)

DOCUMENTED = {"K7QX2M": "8001", "P4RT9W": "8002"}
"""The codes and backend ports the page's configuration names."""


def documented_configuration() -> str:
    """The nginx block of docs/internet-play.md, as the page gives it."""
    page = (REPO / "docs" / "internet-play.md").read_text(encoding="utf-8")
    found = re.search(r"```nginx\n(.*?)```", page, re.DOTALL)
    assert found, "docs/internet-play.md gives an nginx block"
    return "\n".join(line[2:] for line in found.group(1).splitlines())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def nginx_configuration(folder: Path, port: int, backends: dict[str, int]) -> Path:
    """A whole nginx.conf around the page's block: its ports and codes set to this test's,
    every file nginx writes kept in `folder`."""
    block = documented_configuration().replace("listen 8080;", f"listen {LOOPBACK}:{port};")
    for (code, documented_port), (new_code, backend) in zip(
        DOCUMENTED.items(), backends.items(), strict=True
    ):
        block = block.replace(
            f"/{code} 127.0.0.1:{documented_port};", f"/{new_code} {LOOPBACK}:{backend};"
        )
    temporary = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    text = (
        f"{user}worker_processes 1;\ndaemon off;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 64; }}\n"
        f"http {{\n    access_log off;\n{temporary}\n{block}\n}}\n"
    )
    path = folder / "nginx.conf"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (Debian: apt-get install nginx)")
def test_two_tables_behind_nginx_each_play_a_deal_through_it(tmp_path: Path) -> None:
    codes = ["TQRW72", "TZPK94"]
    servers = [
        trey(
            "serve", "--port", "0", "--seats", "2", "--bots", "easy", "--deals", "1", "--code", code
        )
        for code in codes
    ]
    nginx: subprocess.Popen[str] | None = None
    try:
        ports = {}
        for code, server in zip(codes, servers, strict=True):
            assert server.stdout is not None
            ports[code] = int(json.loads(server.stdout.readline())["port"])
        proxy_port = free_port()
        configuration = nginx_configuration(tmp_path, proxy_port, ports)
        assert NGINX is not None
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(configuration)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

        async def play() -> list[ClientReport]:
            for _ in range(100):  # nginx is listening within a few seconds
                try:
                    _, writer = await asyncio.open_connection(LOOPBACK, proxy_port)
                    writer.close()
                    break
                except OSError:
                    await asyncio.sleep(0.1)
            clients = [
                BotClient(
                    TableAddress.read(f"ws://{LOOPBACK}:{proxy_port}/{code}"),
                    code,
                    f"Player {index}",
                    make_bot("easy"),
                    rng=random.Random(index),
                    timeout=60,
                )
                for index, code in enumerate(codes)
            ]
            return list(await asyncio.gather(*(client.run() for client in clients)))

        reports = run(play(), 120)
        assert isinstance(reports, list)
        for report in reports:
            assert report.deals == 1 and report.ended == "finished", report
        for server in servers:
            server.wait(timeout=30)
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(timeout=10)
        for server in servers:
            server.kill()
