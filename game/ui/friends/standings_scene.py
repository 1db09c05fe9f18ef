"""The end of a network table: why it ended, every seat's final chips in order (a place shared
by equal chips), and the deals played; Enter or Escape goes on to the main menu. Every screen
at the table sees it: the players, the host and the spectators.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.observation import Observation
from game.i18n import N_, _, ngettext, number
from game.ui.art.portrait_art import portrait
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY
from game.ui.kit.widgets import MUTED, Button, FormScene, Item, draw_panel, draw_text
from game.ui.shell.context import GameContext

PANEL_X, PANEL_TOP, PANEL_WIDTH = 340.0, 104.0, 600.0
ROW = 52.0
MOST_ROWS = 7
"""Seats listed at most (a table has at most seven)."""


@dataclass(frozen=True)
class Standing:
    """One seat at the end: its place (1 first), name, chips and whether it is this screen's."""

    place: int
    name: str
    chips: int
    mine: bool = False


def standings(observation: Observation, names: Sequence[str]) -> list[Standing]:
    """Every seat by its final chips, the most first; equal chips share a place."""
    chips = [(view.stack, view.seat) for view in observation.seats]
    ordered = sorted(chips, key=lambda pair: (-pair[0], pair[1]))
    rows: list[Standing] = []
    for index, (stack, seat) in enumerate(ordered):
        place = rows[-1].place if rows and rows[-1].chips == stack else index + 1
        name = names[seat] if seat < len(names) and names[seat] else ""
        name = name or _("Seat {seat}").format(seat=seat + 1)
        rows.append(Standing(place, name, stack, seat == observation.viewer))
    return rows


class StandingsScene(FormScene):
    """The final chips of a network table that ended; on to the main menu."""

    title = N_("The table has ended")
    hint = N_("Enter or Esc: on to the main menu")
    default_focus = "menu"

    def __init__(
        self, context: GameContext, ending: str, rows: Sequence[Standing], deals: int
    ) -> None:
        """`ending`: why the table ended, in a sentence (translated)."""
        self.subtitle = ending
        self.rows = list(rows)[:MOST_ROWS]
        self.deals = deals
        self.panel = Box(PANEL_X, PANEL_TOP, PANEL_WIDTH, 56 + len(self.rows) * ROW + 44)
        """As tall as its rows."""
        super().__init__(context)

    def build(self) -> list[Item]:
        """On to the main menu."""
        return [
            Button(
                "menu",
                Box(PANEL_X + 150, self.panel.bottom + 18, PANEL_WIDTH - 300, 50),
                label=N_("Main menu"),
                key="↵",
                kind="primary",
                on_press=self.back,
            )
        ]

    def back(self) -> None:
        """On to the main menu (it lies under this screen)."""
        if self.scenes is not None:
            self.context.routes.main_menu(self.scenes)

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The panel of final chips: place, portrait, name and chips per seat."""
        panel = self.panel
        draw_panel(surface, viewport, panel, N_("Final chips"))
        left, width = panel.x + 24, panel.width - 48
        for index, row in enumerate(self.rows):
            top = panel.y + 56 + index * ROW
            colour = GOLD if row.mine else IVORY
            place = _("{place}.").format(place=number(row.place))
            draw_text(surface, viewport, place, (left, top + 12), 18, colour, True, 40)
            face = portrait(row.name, viewport.length(40))
            surface.blit(face, viewport.point((left + 44, top + 2)))
            name = _("{name} (you)").format(name=row.name) if row.mine else row.name
            draw_text(surface, viewport, name, (left + 96, top + 12), 17, colour, True, 330)
            chips = number(row.chips)
            at = (left + width, top + 12)
            draw_text(surface, viewport, chips, at, 18, colour, True, 110, "topright")
        words = ngettext("{count} deal played", "{count} deals played", self.deals)
        at = (panel.centre[0], panel.bottom - 32)
        draw_text(
            surface,
            viewport,
            words.format(count=number(self.deals)),
            at,
            14,
            MUTED,
            False,
            width,
            "center",
        )
