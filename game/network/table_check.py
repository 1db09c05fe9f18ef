"""The main menu's check of kept seats' tables, in a background thread.

The check itself (`check_table`) speaks the protocol over a websocket; the network stack it
needs is imported by the thread when a check starts, so a menu with no kept seat never loads it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.network.address import TableAddress

if TYPE_CHECKING:
    from game.network.client import TableVerdict


log = logging.getLogger(__name__)


class TableCheck:
    """Checks a few tables one after another in a background thread (a screen looks at
    `verdicts` each frame and never waits): each check is bounded by `seconds`."""

    def __init__(self, tables: Sequence[tuple[TableAddress, str]], seconds: float = 3.0) -> None:
        self.tables = list(tables)
        self.seconds = seconds
        self.verdicts: dict[int, TableVerdict] = {}
        """The verdict of each table checked so far, by its index in `tables`."""
        self._thread = threading.Thread(target=self._run, name="trey-table-check", daemon=True)

    def start(self) -> None:
        """Start checking."""
        self._thread.start()

    @property
    def done(self) -> bool:
        """Whether every table has been checked."""
        return len(self.verdicts) == len(self.tables)

    def wait(self, seconds: float) -> bool:
        """Wait at most `seconds` for every check (a command or a test; a screen looks at
        `done` instead); whether they are done."""
        self._thread.join(seconds)
        return self.done

    def _run(self) -> None:
        # the network stack (asyncio, websockets), loaded here in the thread: only a player
        # with a kept seat needs it, and the menu's first frame does not wait for it
        import asyncio

        from game.network.client import check_table

        for index, (where, code) in enumerate(self.tables):
            try:
                verdict: TableVerdict = asyncio.run(check_table(where, code, self.seconds))
            except Exception as error:  # a proxy the environment names, a missing library...
                # only the kind of error: its words might quote the hello (the room code)
                log.warning("a kept seat's table could not be checked: %s", type(error).__name__)
                verdict = "unreachable"
            self.verdicts[index] = verdict
