"""The small menu over a network table (Escape): back to the table, or leave it — a host
leaving closes the table for everyone."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import N_, _
from game.ui.art.art import dim
from game.ui.friends.link import TableLink
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import wrap
from game.ui.kit.widgets import MUTED, Button, FormScene, Item, draw_panel, draw_text
from game.ui.shell.context import GameContext

PANEL = Box(440, 200, 400, 300)


class LeftTable(Protocol):
    """What the menu needs of the table under it."""

    link: TableLink

    def update(self, seconds: float) -> None:
        """The table plays on underneath."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table as it stands."""
        ...

    def leave(self, words: str = "") -> None:
        """Leave the table for the main menu."""
        ...


class LeaveScene(FormScene):
    """Back to the table, or leave it; the table plays on underneath."""

    hint = N_("↑ ↓ move   Enter choose   Esc back to the table")
    default_focus = "table"
    message_at = (PANEL.centre[0], PANEL.bottom - 48)
    message_width = PANEL.width - 32
    hint_at = (PANEL.centre[0], PANEL.bottom - 16)
    """In the panel: at the screen's bottom the hints ran over the table's React button."""
    hint_width = PANEL.width - 32

    def __init__(self, context: GameContext, table: LeftTable) -> None:
        self.table = table
        super().__init__(context)

    def build(self) -> list[Item]:
        """Back to the table; Leave (Close the table, for its host)."""
        host = self.table.link.is_host
        return [
            Button(
                "table",
                Box(PANEL.x + 30, PANEL.y + 110, PANEL.width - 60, 50),
                label=N_("Back to the table"),
                key="Esc",
                kind="primary",
                on_press=self.back,
            ),
            Button(
                "leave",
                Box(PANEL.x + 30, PANEL.y + 176, PANEL.width - 60, 50),
                hotkeys=(pygame.K_l,),
                label=N_("Close the table for everyone") if host else N_("Leave the table"),
                key="L",
                kind="danger",
                on_press=self.leave,
            ),
        ]

    def leave(self) -> None:
        """Leave (a host ends the table for everyone) for the main menu."""
        self.table.leave()

    def update(self, seconds: float) -> None:
        """The table plays on underneath (it may end, and take this menu with it)."""
        self.table.update(seconds)

    @property
    def wake_in(self) -> float | None:
        """Look at the network often."""
        return 0.05

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The table, dimmed."""
        self.table.draw(surface)
        dim(surface, (4, 6, 8, 170))

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The panel and a line on what leaving does."""
        draw_panel(surface, viewport, PANEL, N_("Network table"), 245)
        if self.table.link.is_host:
            words = _("You host this table: leaving ends it for everyone.")
        else:
            words = _("Leaving takes you back to the main menu.")
        room = viewport.length(PANEL.width - 48)
        for row, line in enumerate(wrap(words, viewport.length(13), room)[:2]):
            at = (PANEL.x + 24, PANEL.y + 56 + row * 18)
            draw_text(surface, viewport, line, at, 13, MUTED, False, PANEL.width - 48)
