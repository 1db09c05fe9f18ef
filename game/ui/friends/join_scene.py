"""Join a table: the tables found on the local network (browsed in the background), or an
address and a room code typed in; your name. Join connects and opens the lobby; a wrong code, a
full table, an unreachable host or another version is said in one sentence here, and what was
typed stays.

A table where this game keeps a seat (see game/persistence/kept_seats.py) is joined with the
seat's resume token: the same seat, taken back. A full table found on the network can be picked
too: to take one's own seat back, or to watch.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pygame

from game.engine.rules import PRESETS
from game.i18n import N_, _, ngettext
from game.network.address import AddressError, TableAddress
from game.network.discovery import FoundTable, browse
from game.network.protocol import PROTOCOL_VERSION
from game.network.remote_table import RemoteTable
from game.network.sizes import MAX_CODE_LENGTH, MAX_NAME_LENGTH
from game.persistence.kept_seats import KeptSeat, forget_seat, kept_seat, latest_seats, same_address
from game.ui.friends.link import SEAT_GONE, TableLink
from game.ui.friends.lobby_scene import LobbyScene
from game.ui.friends.network_table import NetworkTable
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.widgets import (
    MUTED,
    FormScene,
    Item,
    Stepper,
    TextField,
    Tile,
    back_and_go,
    draw_panel,
    draw_text,
)
from game.ui.shell.context import GameContext
from game.words.network import problem_words

FOUND = Box(60, 100, 560, 500)
TYPED = Box(650, 100, 570, 500)
VISIBLE_FOUND = 7
"""Found tables listed at once."""

BROWSE_SECONDS = 2.0
"""How long one browse listens."""

BROWSE_EVERY = 6.0
"""Seconds between the starts of two browses while the screen is up."""

MOST_BROWSES = 50
"""Browses one visit to the screen makes at most (about five minutes)."""


class Browser:
    """Browses the local network in a background thread while the join screen is up."""

    def __init__(self) -> None:
        self.found: list[FoundTable] = []
        self.rounds = 0
        self.failed = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="trey-browse", daemon=True)

    def start(self) -> None:
        """Start browsing."""
        self._thread.start()

    def stop(self) -> None:
        """Stop after the browse under way."""
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.is_set() and self.rounds < MOST_BROWSES:
            began = time.monotonic()
            try:
                self.found = browse(BROWSE_SECONDS)
            except OSError:
                self.failed = True
                return
            self.rounds += 1
            self._stop.wait(max(0.0, BROWSE_EVERY - (time.monotonic() - began)))


class JoinScene(FormScene):
    """Found tables on the left; address, code and name on the right; Join."""

    title = N_("Join a table")
    subtitle = N_("Pick a table found on your network, or type the address and room code.")
    hint = N_("↑ ↓ move   type when a field is focused   Enter join   Esc back")
    default_focus = "address"

    def __init__(
        self, context: GameContext, browsing: bool = True, kept: KeptSeat | None = None
    ) -> None:
        """`browsing`: look for tables on the local network; `kept`: take that seat back at
        once (the main menu's offer)."""
        self.address = kept.address if kept is not None else ""
        self.code = kept.code if kept is not None else ""
        self.name = (kept.name if kept is not None else "") or context.settings.network_name
        self.watching = False
        """Join as a spectator (who sees only what everyone sees)."""
        self.joining: RemoteTable | None = None
        self.resuming: KeptSeat | None = None
        """The kept seat the join under way takes back."""
        self.join_at_once = kept is not None
        self.kept_seats = latest_seats()
        self.browser = Browser() if browsing else None
        self.shown_found: list[FoundTable] = []
        super().__init__(context)

    def startup(self, persist: dict[str, object]) -> None:
        """Start browsing the local network (or taking a kept seat back)."""
        super().startup(persist)
        if self.browser is not None:
            self.browser.start()
        if self.join_at_once:
            self.join_at_once = False
            self.join()

    def cleanup(self) -> dict[str, object]:
        """Stop browsing."""
        if self.browser is not None:
            self.browser.stop()
        if self.joining is not None:
            self.joining.close(timeout=1.0)
            self.joining = None
        return super().cleanup()

    # --- items ----------------------------------------------------------------------------

    def build(self) -> list[Item]:
        """A tile per found table; the three fields; Back and Join."""
        items: list[Item] = []
        for row, table in enumerate(self.shown_found[:VISIBLE_FOUND]):
            box = Box(FOUND.x + 10, FOUND.y + 50 + row * 56, FOUND.width - 20, 52)
            items.append(
                Tile(
                    f"found:{row}",
                    box,
                    enabled=table.protocol == PROTOCOL_VERSION,
                    title=table.name,
                    subtitle=found_words(table, self.seat_kept_at(table) is not None),
                    on_press=_choosing(self, table),
                )
            )
        left, width = TYPED.x + 8, TYPED.width - 16
        fields = (
            ("address", N_("Address"), self._get_address, self._put_address, 60),
            ("code", N_("Room code"), self._get_code, self._put_code, MAX_CODE_LENGTH),
            ("name", N_("Your name"), self._get_name, self._put_name, MAX_NAME_LENGTH),
        )
        for row, (ident, label, get, put, limit) in enumerate(fields):
            items.append(
                TextField(
                    ident,
                    Box(left, TYPED.y + 70 + row * 62, width, 46),
                    label=label,
                    get=get,
                    put=put,
                    limit=limit,
                    value_width=300,
                )
            )
        items.append(
            Stepper(
                "watch",
                Box(left, TYPED.y + 70 + 3 * 62, width, 46),
                label=N_("Join as"),
                value=lambda: _("A spectator") if self.watching else _("A player"),
                on_step=self.step_watching,
                value_width=300,
            )
        )
        last_row = Box(TYPED.x, 616, TYPED.width, 52)
        items += back_and_go(
            last_row, 150, "join", N_("Join"), self.back, self.join, enabled=self.joining is None
        )
        return items

    def _get_address(self) -> str:
        return self.address

    def _put_address(self, words: str) -> None:
        self.address = words.strip()
        self.message = ""

    def _get_code(self) -> str:
        return self.code

    def _put_code(self, words: str) -> None:
        self.code = words.strip().upper()
        self.message = ""

    def _get_name(self) -> str:
        return self.name

    def _put_name(self, words: str) -> None:
        self.name = words
        self.message = ""

    def step_watching(self, direction: int) -> None:
        """Play, or only watch."""
        del direction
        self.watching = not self.watching
        self.message = ""

    def seat_kept_at(self, table: FoundTable) -> KeptSeat | None:
        """The seat this game keeps at a found table (matched by its address: a table does not
        advertise its code)."""
        address = f"{table.address}:{table.port}"
        return next((seat for seat in self.kept_seats if same_address(seat.address, address)), None)

    def choose(self, table: FoundTable) -> None:
        """A found table: its address goes in the field and the focus to the code; at a table
        where a seat is kept its code too (Join takes the seat back); at a full one, Join
        watches."""
        self.address = f"{table.address}:{table.port}"
        mine = self.seat_kept_at(table)
        if mine is not None:
            self.code, self.watching = mine.code, False
            self.say(_("Your seat at this table is kept: Join takes it back."), problem=False)
        elif table.free_seats <= 0:
            self.watching = True
            self.say(_("Every seat is taken: type the room code to watch."), problem=False)
        else:
            self.message = ""
        self.rebuild("code")

    def enter(self) -> None:
        """Enter joins, except on a found table (which it chooses), Back or the watch row."""
        item = self.focused
        if item is not None and (item.ident.startswith("found:") or item.ident == "back"):
            super().enter()
            return
        if item is not None and item.ident == "watch":
            super().enter()
            return
        self.join()

    # --- joining --------------------------------------------------------------------------

    def join(self) -> None:
        """Connect; the lobby opens once the table welcomes this game (see `update`)."""
        if self.joining is not None:
            return
        try:
            where = TableAddress.read(self.address)
        except AddressError:
            self.say(_("Write the address as the host shows it: numbers, a colon, the port."))
            return
        if not self.code:
            self.say(_("Type the room code the host reads out."))
            return
        name = self.name.strip() or _("Player")
        self.context.remember_network_name(self.name)
        self.resuming = None if self.watching else kept_seat(str(where), self.code)
        token = self.resuming.token if self.resuming is not None else None
        self.joining = RemoteTable(where, self.code, name, spectator=self.watching, resume=token)
        self.joining.start()
        self.say(_("Taking your seat back…") if token else _("Joining…"), problem=False)
        self.rebuild()

    def update(self, seconds: float) -> None:
        """Follow a join under way, and show what the browse found."""
        if self.browser is not None and self.browser.found != self.shown_found:
            self.shown_found = list(self.browser.found)
            self.rebuild()
            self.request_redraw()  # nothing else moves: without it the list shows on the next input
        remote = self.joining
        if remote is None:
            return
        remote.pump()
        if remote.problem is not None:
            words = problem_words(remote.problem.reason, remote.problem.sentence)
            resumed = self.resuming
            if resumed is not None and remote.problem.reason in SEAT_GONE:
                words = _(
                    "Your old seat at that table cannot be taken back any more: join again "
                    "for a free seat, or to watch."
                )
                words = forget_seat(resumed.address, resumed.code, resumed.token) or words
                self.kept_seats = latest_seats()
            remote.close(timeout=1.0)
            self.joining = None
            self.say(words)
            self.rebuild()
            self.request_redraw()
            return
        if remote.seat is not None or remote.table is not None:
            self.joining = None
            self.message = ""
            self.rebuild()
            link = TableLink(remote, None, [self.address])
            if self.scenes is not None:
                title = _title_of(remote)
                self.scenes.push(LobbyScene(self.context, link, title, NetworkTable))

    @property
    def wake_in(self) -> float | None:
        """Look at the network and the browse often."""
        return 0.1

    # --- drawing --------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The two panels, and a line when no table was found."""
        draw_panel(surface, viewport, FOUND, N_("Tables on your network"))
        draw_panel(surface, viewport, TYPED, N_("Address and room code"))
        if not self.shown_found:
            if self.browser is not None and self.browser.failed:
                words = _("This network cannot be searched: type the address and code.")
            else:
                words = _("Looking for tables… The host's lobby shows its address and code.")
            at = (FOUND.x + 24, FOUND.y + 64)
            draw_text(surface, viewport, words, at, 14, MUTED, False, FOUND.width - 48)
        words = _("The host's lobby shows the address (like 192.168.1.20:8765) and the code.")
        at = (TYPED.x + 24, TYPED.y + 340)
        draw_text(surface, viewport, words, at, 13, MUTED, False, TYPED.width - 48)


def found_words(table: FoundTable, mine: bool = False) -> str:
    """'Teen Patti · 2 free seats', 'Teen Patti · your seat is kept' (`mine`), 'Teen
    Patti · full: you may watch', or why the table cannot be joined."""
    preset = PRESETS.get(table.preset)
    game = _(preset.title) if preset is not None else table.preset
    if table.protocol != PROTOCOL_VERSION:
        return _("{game} · another version of Trey").format(game=game)
    if mine:
        return _("{game} · your seat is kept").format(game=game)
    if table.free_seats <= 0:
        return _("{game} · full: you may watch").format(game=game)
    seats = ngettext("{count} free seat", "{count} free seats", table.free_seats)
    return f"{game} · {seats.format(count=table.free_seats)}"


def _title_of(remote: RemoteTable) -> str:
    """The title of the game the table plays (its preset's, '' when this game lacks it)."""
    preset = PRESETS.get(remote.table.preset) if remote.table is not None else None
    return preset.title if preset is not None else ""


def _choosing(scene: JoinScene, table: FoundTable) -> Callable[[], None]:
    return lambda: scene.choose(table)
