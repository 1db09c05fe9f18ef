"""One screen's seat at a network table: its client, and the server when this screen hosts it.

The lobby and the table hand it on; leaving through it says bye, and a host leaving stops the
server (the table ends for everyone).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.network.hosting import HostedTable
from game.network.remote_table import RemoteTable

DEAL_PAUSE = 6.0
"""Seconds between one deal's end and the next deal at a table hosted from the game."""

BOT_PAUSE = (0.6, 1.4)
"""Seconds a bot seems to think at a table hosted from the game (the server paces them)."""


@dataclass
class TableLink:
    """The client of this screen's seat, the server it hosts (None: it joined) and where the
    table was reached, for the lobby to show."""

    remote: RemoteTable
    hosted: HostedTable | None = None
    where: list[str] = field(default_factory=list)
    left: bool = False

    @property
    def deal_pause(self) -> float:
        """Seconds the server waits between deals, as its welcome said (until it has: a table
        hosted from the game's)."""
        table = self.remote.table
        return DEAL_PAUSE if table is None else table.deal_pause

    @property
    def is_host(self) -> bool:
        """Whether this screen hosts the table."""
        return self.hosted is not None

    def leave(self) -> None:
        """Say bye; a host stops the table for everyone (every finished deal is saved)."""
        if self.left:
            return
        self.left = True
        if self.hosted is not None:
            self.hosted.stop()
        self.remote.close(timeout=2.0)
