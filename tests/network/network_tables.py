"""A table served on the loopback address with headless bot clients, for the network tests.

Every wait is bounded: a table that does not finish in its time fails the test that runs it.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots.registry import make_bot
from game.network.address import TableAddress
from game.network.client import BotClient, ClientReport
from game.network.server import TableConfig, TableServer, Tap

LOOPBACK = "127.0.0.1"

REPO = Path(__file__).resolve().parents[2]
"""The repository's root (the command line runs from there)."""

SERVE_WAIT = 5.0
"""Seconds a call into the served table's thread may take."""


@dataclass(frozen=True)
class Player:
    """One headless client: its bot, and how often it drops its connection without a word."""

    level: str = "random"
    drop_chance: float = 0.0
    spectator: bool = False


async def play_table(
    config: TableConfig,
    players: Sequence[Player],
    *,
    seed: int = 0,
    tap: Tap | None = None,
    seconds: float = 60.0,
) -> tuple[TableServer, list[ClientReport]]:
    """Serve `config` on loopback, let `players` join and play until the table ends."""
    config.wrong_code_delay = min(config.wrong_code_delay, 0.01)
    config.linger = min(config.linger, 0.5)
    server = TableServer(config)
    server.tap = tap
    port = await server.start(LOOPBACK, 0)
    rng = random.Random(seed)
    clients = [
        BotClient(
            TableAddress.at(LOOPBACK, port),
            server.code,
            f"P{index}",
            make_bot(player.level),
            rng=random.Random(rng.random()),
            drop_chance=player.drop_chance,
            spectator=player.spectator,
            timeout=seconds,
        )
        for index, player in enumerate(players)
    ]
    try:
        reports = await asyncio.wait_for(
            asyncio.gather(*(client.run() for client in clients)), seconds
        )
        await asyncio.wait_for(server.wait_closed(), 10)
    finally:
        await server.stop()
    return server, list(reports)


def run(coroutine: object, seconds: float = 120.0) -> object:
    """Run a coroutine to its end within `seconds`."""

    async def bounded() -> object:
        return await asyncio.wait_for(coroutine, seconds)  # type: ignore[arg-type]

    return asyncio.run(bounded())


class ServedTable:
    """A table served from its own thread: seat 0 for the hostile tests, seat 1 a bot client."""

    def __init__(self, config: TableConfig) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = TableServer(config)
        self.port = self.call(self.server.start(LOOPBACK, 0))
        self.code = self.server.code
        self.good: BotClient | None = None
        self.good_run: Future[Any] | None = None

    def call(self, coroutine: Any) -> Any:
        """Run a coroutine on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(SERVE_WAIT * 2)

    def start_good_client(self) -> None:
        self.good = BotClient(
            TableAddress.at(LOOPBACK, self.port), self.code, "Good", make_bot("easy")
        )
        self.good_run = asyncio.run_coroutine_threadsafe(self.good.run(), self.loop)

    def good_keeps_playing(self) -> None:
        """The well-behaved client is still sent states, and the table still deals."""
        assert self.good is not None and self.good_run is not None
        assert not self.good_run.done(), self.good_run.exception()
        messages, deals = self.good.report.messages, self.server.deals_played
        deadline = time.monotonic() + SERVE_WAIT * 2
        while time.monotonic() < deadline:
            if self.good.report.messages > messages and self.server.deals_played > deals:
                return
            time.sleep(0.05)
        raise AssertionError("the server stopped serving the well-behaved client")

    def close(self) -> None:
        self.call(self.server.stop())
        if self.good_run is not None:
            self.good_run.result(SERVE_WAIT * 2)
        self.call(self.server.wait_closed())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(SERVE_WAIT)


def trey(
    *arguments: str, variables: dict[str, str] | None = None, **options: object
) -> subprocess.Popen[str]:
    """`trey ARGUMENTS` in a process of its own, its output piped (with any more environment
    `variables`)."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(variables or {})}
    return subprocess.Popen(
        [sys.executable, "-m", "game", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        cwd=REPO,
        **options,  # type: ignore[call-overload]
    )
