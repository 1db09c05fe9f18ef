"""A served table: one room (`game.network.room`) on its own transport (`game.network.transport`).

`trey serve` and the game's Host screen each hold one table on one port; the room holds the
game, the transport the connections. What leaves the server for a connection is its seat's
observation and the events its seat may see, redacted (a spectator: the public view); nothing
else of the game is ever encoded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from game.engine.rules import Rules
from game.network.history_file import HistoryFile
from game.network.limits import CodeGuard, ConnectionGate
from game.network.protocol import ByeReason, Lobby, TableInfo
from game.network.room import Peer, RemoteAgent, TableRoom, expired_turn
from game.network.table_config import (
    CODE_ALPHABET,
    CODE_LENGTH,
    TableConfig,
    TableSetupError,
    checked_code,
    clean_name,
    new_code,
    offered_stack,
)
from game.network.transport import MOST_STRIKES, Tap, Transport
from game.session import Session

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MOST_STRIKES",
    "RemoteAgent",
    "TableConfig",
    "TableServer",
    "TableSetupError",
    "Tap",
    "checked_code",
    "clean_name",
    "expired_turn",
    "new_code",
    "offered_stack",
]


class TableServer:
    """One table on its own port: its room, and the transport that serves it."""

    def __init__(self, config: TableConfig) -> None:
        self.room = TableRoom(config)
        self.transport = Transport(config.limits(), web=config.web)
        self.transport.add(self.room)

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on `host`:`port` (0: a free port) and return the port; the hand-history file
        is opened once the table listens."""
        port = await self.transport.start(host, port)
        self.room.open()
        return port

    async def stop(self, reason: ByeReason = "host_left", sentence: str = "") -> None:
        """End the table: every finished deal saved, a bye to everyone, every connection closed."""
        self.room.stop(reason, sentence)
        self.transport.wake(self.room)

    async def wait_closed(self) -> None:
        """Return once the table has ended and, after its linger, every connection is closed."""
        await self.transport.wait_ended(self.room)
        await asyncio.sleep(self.config.linger)
        await self.transport.close()

    @property
    def ended(self) -> bool:
        """Whether the table has ended (its deals played, no deal possible, or stopped)."""
        return self.room.ended

    # -- the host's changes (on the server's loop) ---------------------------------------

    def begin(self, level: str = "medium") -> None:
        """The host starts the table now: every open seat becomes a bot of `level`."""
        self.room.begin(level)
        self.transport.wake(self.room)

    def give_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from the next deal (see `TableRoom.give_to_bot`)."""
        self.room.give_to_bot(seat, level)
        self.transport.wake(self.room)

    def free_seat(self, seat: int) -> None:
        """A bot's seat opens for a player from the next deal (see `TableRoom.free_seat`)."""
        self.room.free_seat(seat)
        self.transport.wake(self.room)

    def wake(self) -> None:
        """Look at the clock again now (from any thread; a test that moves a fake clock)."""
        self.transport.wake_soon(self.room)

    # -- what the room holds, for the host's screen and tests -----------------------------

    @property
    def config(self) -> TableConfig:
        """How the host set the table."""
        return self.room.config

    @property
    def code(self) -> str:
        """The room code."""
        return self.room.code

    @property
    def rules(self) -> Rules:
        """The table's rules."""
        return self.room.rules

    @property
    def stack(self) -> int:
        """Chips each seat starts with."""
        return self.room.stack

    @property
    def session(self) -> Session | None:
        """The session, once the table has started."""
        return self.room.session

    @property
    def seated(self) -> dict[int, Peer]:
        """The connected players, by seat."""
        return self.room.seated

    @property
    def spectators(self) -> list[Peer]:
        """The connected spectators."""
        return self.room.spectators

    @property
    def host_token(self) -> str | None:
        """The resume token with which the host's own screen takes seat 0."""
        return self.room.host_token

    @property
    def seed(self) -> bytes:
        """The verifiable shuffle's seed (empty: a CSPRNG shuffle)."""
        return self.room.seed

    @property
    def deals_played(self) -> int:
        """Deals finished so far."""
        return self.room.deals_played

    @property
    def history(self) -> HistoryFile:
        """The hand history."""
        return self.room.history

    @property
    def last_lobby(self) -> Lobby:
        """The latest lobby (other threads read it without a lock)."""
        return self.room.last_lobby

    @property
    def on_lobby(self) -> Callable[[Lobby], None] | None:
        """Told every new lobby (on the server's loop)."""
        return self.room.on_lobby

    @on_lobby.setter
    def on_lobby(self, listener: Callable[[Lobby], None] | None) -> None:
        self.room.on_lobby = listener

    @property
    def tap(self) -> Tap | None:
        """Sees every frame queued for a connection, with its seat."""
        return self.transport.tap

    @tap.setter
    def tap(self, tap: Tap | None) -> None:
        self.transport.tap = self.room.tap = tap

    @property
    def guard(self) -> CodeGuard:
        """Slows room-code guessing."""
        return self.transport.guard

    @property
    def gate(self) -> ConnectionGate:
        """Caps the connections."""
        return self.transport.gate

    def table_info(self) -> TableInfo:
        """What a joining client is told about the table."""
        return self.room.table_info()
