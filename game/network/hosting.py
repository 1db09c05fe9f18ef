"""A table hosted from the game: its server runs in a background thread of the game's process.

The host's own screen joins it like any client, through a RemoteTable over the loopback address
(`own_table`), so it is sent only its own seat's view. Every method here is called from the
game's (pygame) thread and returns at once or after a bounded wait: the server's work happens
on its own asyncio loop, in its own thread.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import datetime
from pathlib import Path

from game.network.address import TableAddress
from game.network.discovery import Announcement, local_addresses
from game.network.protocol import Lobby
from game.network.remote_table import RemoteTable
from game.network.server import TableConfig, TableServer, TableSetupError, new_code
from game.persistence.paths import histories_folder
from game.web.invitation import page_host, page_url

log = logging.getLogger("trey.host")

CALL_SECONDS = 3.0
"""The longest the game's thread waits for the server's loop to take a change of seats."""

LOOPBACK = "127.0.0.1"

HOST_NAME = "Host"
"""The host's seat's name when the setup gives none."""


class HostingError(Exception):
    """A table that cannot be hosted (one sentence: the port is taken, the setup is wrong)."""


def history_path(code: str, when: datetime | None = None) -> Path:
    """The hand-history file of a table hosted now: named by date, time and room code."""
    moment = when or datetime.now()
    return histories_folder() / f"{moment:%Y-%m-%d-%H%M%S}-{code}.txt"


class HostedTable:
    """A TableServer run in its own thread with its own asyncio loop; every method is safe to
    call from the pygame thread and never blocks for long."""

    def __init__(
        self,
        config: TableConfig,
        *,
        host: str = "0.0.0.0",
        port: int = 0,
        advertise: str | None = None,
    ) -> None:
        code = config.code or new_code()
        config = dataclasses.replace(
            config,
            code=code,
            host_name=config.host_name or HOST_NAME,
            history=config.history or history_path(code),
        )
        try:
            self.server = TableServer(config)
        except TableSetupError as error:
            raise HostingError(str(error)) from None
        self.config = config
        self.host = host
        self.advertise = advertise
        self._port = port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="trey-host", daemon=True)
        self._announcement: Announcement | None = None

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self, timeout: float = 10.0) -> int:
        """Listen; returns the port. HostingError with a sentence on failure."""
        if self._thread.is_alive():
            return self._port
        history = self.config.history
        if history is not None:
            try:
                history.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise HostingError(f"cannot make the folder for hand histories: {error}") from None
        self._thread.start()
        listening = asyncio.run_coroutine_threadsafe(
            self.server.start(self.host, self._port), self._loop
        )
        try:
            self._port = listening.result(timeout)
        except OSError as error:
            self._end_thread()
            raise HostingError(
                f"cannot host on {self.host}:{self._port}: {error.strerror or error}"
            ) from None
        except FutureTimeout:
            self._end_thread()
            raise HostingError(f"the table did not start listening within {timeout:g} s") from None
        if self.advertise is not None:
            where = None if self.host in ("", "0.0.0.0", "::") else [self.host]
            announcement = Announcement(
                self.advertise,
                self._port,
                self.config.preset,
                self.server.last_lobby.waiting,
                addresses=where,
            )
            self._announcement = announcement
            self._loop.call_soon_threadsafe(self._watch_lobby, announcement)
        log.info("hosting table %s on port %d", self.code, self._port)
        return self._port

    def _watch_lobby(self, announcement: Announcement) -> None:
        self.server.on_lobby = lambda lobby: announcement.update(lobby.waiting)
        announcement.update(self.server.last_lobby.waiting)

    def stop(self) -> None:
        """The host leaves: bye 'host_left' to everyone, every finished deal saved, the
        advertisement withdrawn, the thread ended (each wait bounded)."""
        if self._thread.is_alive():
            closing = asyncio.run_coroutine_threadsafe(self._close(), self._loop)
            try:
                closing.result(self.config.linger + CALL_SECONDS)
            except (FutureTimeout, RuntimeError) as error:
                log.warning("the table did not close in time: %s", error)
            self._end_thread()
        if self._announcement is not None:
            self._announcement.close()
            self._announcement = None

    async def _close(self) -> None:
        await self.server.stop("host_left")
        await self.server.wait_closed()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    def _end_thread(self) -> None:
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(CALL_SECONDS)

    # -- what the host's screens read --------------------------------------------------------

    @property
    def code(self) -> str:
        """The room code."""
        return self.server.code

    @property
    def port(self) -> int:
        """The port the table listens on (after `start`)."""
        return self._port

    @property
    def history(self) -> Path | None:
        """The file the table's hand history is written to."""
        return self.config.history

    def addresses(self) -> list[str]:
        """This machine's addresses to tell friends: IPv4 LAN addresses first, loopback last
        (only the loopback one when the table listens only there)."""
        if self.host.startswith("127.") or self.host == "localhost":
            return [LOOPBACK]
        if self.host not in ("", "0.0.0.0"):
            return [self.host]
        return [*local_addresses(), LOOPBACK]

    def page_url(self) -> str | None:
        """The phone page's address, the room code in its fragment (None: the table serves no
        page)."""
        if not self.config.web:
            return None
        return page_url(page_host(self.addresses()[0]), self._port, self.code)

    def lobby(self) -> Lobby:
        """Who sits where now (a snapshot, safe to read from any thread)."""
        return self.server.last_lobby

    @property
    def started(self) -> bool:
        """Whether the table has begun dealing."""
        return self.server.session is not None

    @property
    def ended(self) -> bool:
        """Whether the table has ended (its deals played, no deal possible, or stopped)."""
        return self.server.ended

    def own_table(self) -> RemoteTable:
        """The host's own seat (seat 0) as a RemoteTable over the loopback address, not yet
        started; it joins with the server's host token, so no one else can take the seat."""
        token = self.server.host_token
        name = self.config.host_name or HOST_NAME
        return RemoteTable(TableAddress.at(LOOPBACK, self._port), self.code, name, resume=token)

    # -- the host's changes ------------------------------------------------------------------

    def begin(self, level: str = "medium") -> None:
        """The host starts the table now: open seats no one took become bots of `level`."""
        self._call(self.server.begin, level)

    def give_to_bot(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from the next deal (at once before the table starts).
        A player there is sent the error 'replaced' with a sentence as the change takes
        effect, and their connection is closed (they may rejoin as a spectator, or take a seat
        the host frees)."""
        self._call(self.server.give_to_bot, seat, level)

    def free_seat(self, seat: int) -> None:
        """A bot's seat opens for a player; its bot plays on until someone joins, who plays it
        from the next deal."""
        self._call(self.server.free_seat, seat)

    def _call(self, change: Callable[..., None], *arguments: object) -> None:
        """Make a change on the server's loop (or at once, before the loop runs)."""
        if not self._thread.is_alive():
            try:
                change(*arguments)
            except TableSetupError as error:
                raise HostingError(str(error)) from None
            return

        async def changed() -> None:
            change(*arguments)

        future = asyncio.run_coroutine_threadsafe(changed(), self._loop)
        try:
            future.result(CALL_SECONDS)
        except TableSetupError as error:
            raise HostingError(str(error)) from None
        except FutureTimeout:
            raise HostingError("the table did not answer in time") from None
