"""Host a table: the new-game setup's games and house rules, with the players panel made for a
network table — your name, the seats (a friend's or a bot's of a level), the turn clock, what
happens when it runs out, spectators and the starting chips. Host serves the table on this
machine, advertises it on the local network and opens its lobby.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.rules import PRESETS, RulesError
from game.i18n import N_, _, number
from game.network.address import TableAddress
from game.network.hosting import HOST_NAME, HostedTable, HostingError
from game.network.server import TableConfig
from game.network.sizes import MAX_NAME_LENGTH
from game.persistence.last_game import PERSON
from game.ui.friends.link import BOT_PAUSE, DEAL_PAUSE, TableLink
from game.ui.friends.lobby_scene import LobbyScene
from game.ui.friends.network_table import NetworkTable
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import wrap
from game.ui.kit.widgets import (
    MUTED,
    Item,
    Stepper,
    TextField,
    back_and_go,
    draw_panel,
    draw_text,
)
from game.ui.menus.setup_scene import LEVEL_NAMES, PLAYERS_PANEL, SetupScene, seats_note
from game.ui.shell.context import GameContext

TURN_CLOCKS: tuple[float | None, ...] = (None, 15.0, 30.0, 60.0)
"""The turn clocks offered (None: no clock)."""

ON_EXPIRY = ("pack", "bot")
"""What a seat does when its clock runs out: pack, or a bot plays the turn."""

ROW = 40.0
KIND_ROW = 36.0


def clock_words(seconds: float | None) -> str:
    """'Off' or '30 s'."""
    return _("Off") if seconds is None else _("{seconds} s").format(seconds=number(int(seconds)))


def expiry_words(choice: str) -> str:
    """What happens when the clock runs out, in words."""
    return _("Pack") if choice == "pack" else _("A bot plays")


def level_words(level: str) -> str:
    """A bot's level in words ('Medium'), or its registry name for a level not listed."""
    if level in LEVEL_NAMES:
        return _(LEVEL_NAMES[level])
    return level.replace("+", " + ").replace("_", " ").capitalize()


class HostScene(SetupScene):
    """The setup with a network table's players panel; Host starts serving."""

    title = N_("Host a table")
    subtitle = N_("Pick a game and its house rules, seat friends and bots, then host.")
    hint = N_("↑ ↓ move   ← → change   type your name when it is focused   Enter host   Esc back")

    def __init__(self, context: GameContext, preset: str | None = None) -> None:
        self.name = context.settings.network_name
        self.turn_seconds: float | None = 30.0
        self.on_expiry = "pack"
        self.spectators = True
        self.link: TableLink | None = None
        self.listen = "0.0.0.0"
        """Where the table listens (tests: the loopback address only)."""
        self.advertise: str | None = ""
        """The name the table is advertised by on the local network ('': the host's name;
        None: not advertised)."""
        super().__init__(context, preset)
        self.seats[0].kind = PERSON
        for seat in self.seats[1:]:
            if seat.kind == PERSON:
                seat.name = ""

    # --- the players panel -----------------------------------------------------------------

    def host_name(self) -> str:
        """The name the host plays under (typed, else the hosting module's, a name as data)."""
        return self.name.strip() or HOST_NAME

    def set_host_name(self, name: str) -> None:
        """A typed name."""
        self.name = name[:MAX_NAME_LENGTH]
        self.message = ""

    def step_clock(self, direction: int) -> None:
        """The next turn clock."""
        index = TURN_CLOCKS.index(self.turn_seconds) if self.turn_seconds in TURN_CLOCKS else 0
        self.turn_seconds = TURN_CLOCKS[(index + direction) % len(TURN_CLOCKS)]

    def step_expiry(self, direction: int) -> None:
        """Pack, or a bot plays."""
        index = ON_EXPIRY.index(self.on_expiry)
        self.on_expiry = ON_EXPIRY[(index + direction) % len(ON_EXPIRY)]

    def step_spectators(self, direction: int) -> None:
        """Spectators allowed or not."""
        del direction
        self.spectators = not self.spectators

    def step_kind(self, seat: int, direction: int) -> None:
        """A friend's seat, or the next bot level (the host's own seat stays the host's)."""
        if seat == 0:
            return
        super().step_kind(seat, direction)

    def kind_words(self, seat: int) -> str:
        """'2 · Friend' or '3 · Medium' (a bot's level)."""
        if seat >= len(self.seats):
            return ""
        kind = self.seats[seat].kind
        words = _("Friend") if kind == PERSON else level_words(kind)
        return f"{seat + 1} · {words}"

    def table_items(self) -> list[Item]:
        """Your name, seats, each other seat's kind (two columns), the clock, what happens when
        it runs out, spectators, the starting chips; Back and Host."""
        left = PLAYERS_PANEL.x + 8
        width = PLAYERS_PANEL.width - 16
        top = PLAYERS_PANEL.y + 50
        items: list[Item] = [
            TextField(
                "name",
                Box(left, top, width, ROW - 2),
                label=N_("Your name"),
                get=lambda: self.name,
                put=self.set_host_name,
                limit=MAX_NAME_LENGTH,
                value_width=170,
            ),
            Stepper(
                "seats",
                Box(left, top + ROW, width, ROW - 2),
                label=N_("Seats"),
                value=lambda: f"{len(self.seats)}",
                on_step=self.step_seats,
                value_width=130,
                at_end=self.seats_at_end,
            ),
        ]
        column = (width - 4) / 2
        for seat in range(1, len(self.seats)):
            row, side = divmod(seat - 1, 2)
            box = Box(left + side * (column + 4), top + 2 * ROW + row * KIND_ROW, column, 32)
            items.append(
                Stepper(
                    f"kind:{seat}",
                    box,
                    value=_kind_value(self, seat),
                    on_step=_kind_step(self, seat),
                )
            )
        below = top + 2 * ROW + 3 * KIND_ROW + 4
        rows: list[tuple[str, str, Any, Any]] = [
            ("clock", N_("Turn clock"), lambda: clock_words(self.turn_seconds), self.step_clock),
            (
                "expiry",
                N_("When it runs out"),
                lambda: expiry_words(self.on_expiry),
                self.step_expiry,
            ),
            (
                "spectators",
                N_("Spectators"),
                lambda: _("Allowed") if self.spectators else _("Not allowed"),
                self.step_spectators,
            ),
            ("stack", N_("Starting chips"), lambda: number(self.stack), self.step_stack),
        ]
        for index, (ident, label, value, step) in enumerate(rows):
            box = Box(left, below + index * ROW, width, ROW - 2)
            items.append(
                Stepper(ident, box, label=label, value=value, on_step=step, value_width=150)
            )
        last_row = Box(PLAYERS_PANEL.x, 604, PLAYERS_PANEL.width, 52)
        items += back_and_go(last_row, 130, "start", N_("Host"), self.back, self.start)
        return items

    def draw_table_panel(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The players panel and a note on who sits where."""
        draw_panel(surface, viewport, PLAYERS_PANEL, N_("Players"))
        note = _("Seat 1 is yours; friends take the other seats as they join. A level is a bot's.")
        y = PLAYERS_PANEL.y + 50 + 2 * ROW + 3 * KIND_ROW + 4 + 4 * ROW + 2
        lines = [note, seats_note(self.family)]
        room = viewport.length(PLAYERS_PANEL.width - 32)
        for line in (part for words in lines for part in wrap(words, viewport.length(12), room)):
            if y > PLAYERS_PANEL.bottom - 16:
                break
            draw_text(surface, viewport, line, (PLAYERS_PANEL.x + 16, y), 12, MUTED, False, 320)
            y += 16

    # --- hosting ---------------------------------------------------------------------------

    def config(self) -> TableConfig:
        """The table as the server takes it (raises RulesError when the house rules clash)."""
        self.rules()  # the house rules must go together before anything is served
        return TableConfig(
            preset=self.preset,
            options=dict(self.options),
            seats=len(self.seats),
            bots=tuple(seat.kind for seat in self.seats[1:] if seat.kind != PERSON),
            host_name=self.host_name(),
            turn_seconds=self.turn_seconds,
            on_expiry="bot" if self.on_expiry == "bot" else "pack",
            spectators=self.spectators,
            stack=self.stack,
            deal_pause=DEAL_PAUSE,
            bot_pause=BOT_PAUSE,
        )

    def start(self) -> None:
        """Serve the table, join it from this screen and open its lobby (or say what failed)."""
        try:
            config = self.config()
        except RulesError as error:
            self.say(_("These house rules do not go together: {problem}").format(problem=error))
            return
        try:
            advertise = self.host_name() if self.advertise == "" else self.advertise
            hosted = HostedTable(config, host=self.listen, advertise=advertise)
            hosted.start()
        except HostingError as error:
            self.say(_("The table could not be hosted: {problem}").format(problem=error))
            return
        remote = hosted.own_table()
        remote.start()
        self.context.remember_network_name(self.name)
        self.context.settings.last_preset = self.preset
        where = [str(TableAddress.at(address, hosted.port)) for address in hosted.addresses()]
        self.link = TableLink(remote, hosted, where, page=hosted.page_url())
        if self.scenes is not None:
            self.scenes.push(
                LobbyScene(self.context, self.link, PRESETS[self.preset].title, NetworkTable)
            )


def _kind_value(scene: HostScene, seat: int) -> Any:
    return lambda: scene.kind_words(seat)


def _kind_step(scene: HostScene, seat: int) -> Any:
    return lambda direction: scene.step_kind(seat, direction)
