"""The end-of-session summary: for each person, hands played and won, net chips, biggest pot,
best hand, and a chart of their chips deal by deal. Shown when the session ends (over the
table: Play again or Main menu) or when the player leaves the table (then: Main menu)."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine.families import family_title
from game.i18n import N_, _, ngettext, number
from game.records import RecordKeeper
from game.ui.kit.chip_chart import draw_chip_chart, signed
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY
from game.ui.kit.widgets import MUTED, Button, FormScene, Item, draw_panel, draw_text
from game.ui.shell.context import GameContext
from game.ui.table.table_view import seat_label
from game.words.hands import said_recorded_hand
from game.words.narration import session_end_words


class FinishedTable(Protocol):
    """What the summary needs of the table it shows over: a fresh session at the same seats."""

    def start_new_session(self) -> None:
        """Play a fresh session from now on, at the same seats."""
        ...


TABLE_PANEL = Box(40, 96, 1200, 250)
CHART_PANEL = Box(40, 360, 1200, 252)


class SummaryScene(FormScene):
    """The session in numbers and a chart."""

    title = N_("Session summary")
    hint = N_("Enter choose   Esc back")
    default_focus = "menu"

    def __init__(
        self,
        context: GameContext,
        tally: RecordKeeper,
        table: FinishedTable | None = None,
        ended: bool = False,
    ) -> None:
        self.tally = tally
        self.table = table
        self.ended = ended
        super().__init__(context)
        observation = tally.session.observe(None)
        deals = observation.deal_number
        self.subtitle = (
            session_end_words(observation, tally.session.humans)
            if ended
            else ngettext(
                "{count} deal of {game}; the game is autosaved.",
                "{count} deals of {game}; the game is autosaved.",
                deals,
            ).format(count=number(deals), game=_(family_title(tally.family)))
        )
        if ended and table is not None:
            self.rebuild("again")

    def build(self) -> list[Item]:
        """Play again (a finished session at the table), Main menu."""
        items: list[Item] = []
        if self.ended and self.table is not None:
            items.append(
                Button(
                    "again",
                    Box(760, 630, 230, 50),
                    hotkeys=(pygame.K_a,),
                    label=N_("Play again"),
                    key="A",
                    kind="primary",
                    on_press=self.play_again,
                )
            )
        items.append(
            Button(
                "menu",
                Box(1010, 630, 230, 50),
                hotkeys=(pygame.K_m,),
                label=N_("Main menu"),
                key="M",
                kind="plain" if items else "primary",
                on_press=self.to_menu,
            )
        )
        return items

    def play_again(self) -> None:
        """A fresh session with the same seats and rules."""
        if self.table is None or self.scenes is None:
            return
        self.scenes.pop()
        self.table.start_new_session()

    def to_menu(self) -> None:
        """Back to the main menu (whatever is between)."""
        if self.scenes is not None:
            self.context.routes.main_menu(self.scenes)

    def back(self) -> None:
        """Escape: over a finished table, back to it; after leaving the table, the menu."""
        if self.table is not None and self.scenes is not None:
            self.scenes.pop()
            return
        self.to_menu()

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """A row of numbers per person, then the chart of chips."""
        rows = max(1, len(self.tally.records))
        table_panel = Box(TABLE_PANEL.x, TABLE_PANEL.y, TABLE_PANEL.width, 96 + rows * 28)
        chart_panel = Box(
            CHART_PANEL.x, table_panel.bottom + 14, CHART_PANEL.width, 612 - table_panel.bottom - 14
        )
        draw_panel(surface, viewport, table_panel, N_("Players"))
        columns = [
            (N_("Player"), 60),
            (N_("Hands"), 330),
            (N_("Won"), 450),
            (N_("Net chips"), 570),
            (N_("Biggest pot"), 720),
            (N_("Best hand"), 880),
        ]
        for index, (label, x) in enumerate(columns):
            at = (TABLE_PANEL.x + x, TABLE_PANEL.y + 52)
            following = columns[index + 1][1] if index + 1 < len(columns) else TABLE_PANEL.width
            draw_text(surface, viewport, _(label), at, 13, MUTED, True, following - x - 10)
        series = []
        for row, (seat, name) in enumerate(self.tally.names()):
            record = self.tally.records[seat]
            y = TABLE_PANEL.y + 80 + row * 28
            net = record.net_chips
            values = [
                (seat_label(name), IVORY),
                (number(record.hands_played), IVORY),
                (f"{number(record.hands_won)}  ({record.win_rate:.0%})", IVORY),
                (
                    signed(net),
                    (140, 210, 140) if net > 0 else (230, 130, 120) if net < 0 else IVORY,
                ),
                (number(record.biggest_pot), IVORY),
                (said_recorded_hand(record.best_hand) if record.best_hand else "—", GOLD),
            ]
            for (words, colour), (_heading, x) in zip(values, columns, strict=True):
                draw_text(
                    surface, viewport, words, (TABLE_PANEL.x + x, y), 15, colour, x == 60, 300
                )
            series.append((name, [self.tally.starting[seat], *record.chips_after_each_deal]))
        if not self.tally.records:
            draw_text(
                surface,
                viewport,
                _("Only bots played this session."),
                table_panel.centre,
                15,
                MUTED,
                False,
                600,
                "center",
            )
        draw_panel(surface, viewport, chart_panel, N_("Chips over the session"))
        chart = Box(
            chart_panel.x + 10, chart_panel.y + 50, chart_panel.width - 20, chart_panel.height - 60
        )
        draw_chip_chart(surface, viewport, chart, series)
