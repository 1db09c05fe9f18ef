"""A table served on the loopback address with headless bot clients, for the network tests.

Every wait is bounded: a table that does not finish in its time fails the test that runs it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.registry import make_bot
from game.network.client import BotClient, ClientReport
from game.network.server import TableConfig, TableServer, Tap

LOOPBACK = "127.0.0.1"


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
            LOOPBACK,
            port,
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
