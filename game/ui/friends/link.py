"""One screen's seat at a network table: its client, and the server when this screen hosts it.

The lobby and the table hand it on; leaving through it says bye, and a host leaving stops the
server (the table ends for everyone). A joiner's seat is kept on disk with its latest resume
token (`keep_seat`) until the table ends or the seat goes (`forget_seat`), so that a game that
closed can take it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from game.i18n import _
from game.network.hosting import HostedTable
from game.network.remote_table import RemoteTable
from game.persistence.kept_seats import KeptSeat, forget_seat, keep_seat

DEAL_PAUSE = 6.0
"""Seconds between one deal's end and the next deal at a table hosted from the game."""

BOT_PAUSE = (0.6, 1.4)
"""Seconds a bot seems to think at a table hosted from the game (the server paces them)."""

SEAT_GONE = frozenset({"replaced", "resume"})
"""The errors after which the seat is no longer this screen's: its kept token is forgotten."""


@dataclass
class TableLink:
    """The client of this screen's seat, the server it hosts (None: it joined) and where the
    table was reached, for the lobby to show."""

    remote: RemoteTable
    hosted: HostedTable | None = None
    where: list[str] = field(default_factory=list)
    page: str | None = None
    """The phone page's address (a hosted table that serves it): the lobby draws its QR code."""
    left: bool = False
    kept: KeptSeat | None = None
    """The seat as this screen last kept it on disk (a joiner's: the host's own seat ends with
    its game, and a spectator has no seat)."""
    unkept: tuple[str, str] | None = None
    """The token and host name a seat could not be kept with (said once, not tried again)."""

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

    def keep_seat(self) -> str:
        """Keep a joiner's seat with its latest resume token (written only when the token or
        the host's name changed); '' or why it could not be written."""
        remote = self.remote
        token, seat = remote.token, remote.seat
        if self.hosted is not None or self.left or token is None or seat is None:
            return ""
        host = remote.host_name
        if self.kept is not None and (self.kept.token, self.kept.host) == (token, host):
            return ""
        if self.unkept == (token, host):
            return ""
        try:
            kept = KeptSeat(
                address=remote.where,
                code=remote.code,
                token=token,
                seat=seat,
                name=remote.name,
                host=host,
                preset=remote.table.preset if remote.table is not None else "",
            )
        except ValidationError:  # what the table sent is beyond a kept seat's limits
            self.unkept = (token, host)
            return _("This table's seat cannot be kept for later.")
        self.kept = kept
        return keep_seat(kept)

    def follow(self) -> str:
        """After the client took the table's messages: keep the seat's latest token, or forget
        it once the table ended or the seat went; '' or why the file could not be written."""
        remote = self.remote
        problem = remote.problem
        if remote.ended is not None or (problem is not None and problem.reason in SEAT_GONE):
            return self.forget_seat()
        return self.keep_seat()

    def forget_seat(self) -> str:
        """The table ended, or the seat is no longer this screen's: forget the token it kept
        (not one another window of the game kept since); '' or why the file could not be
        written."""
        kept, self.kept = self.kept, None
        if kept is None:
            return ""
        return forget_seat(kept.address, kept.code, kept.token)
