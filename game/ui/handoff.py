"""Hot-seat hand-off: every hand hidden until the next person says they are ready.

Pushed by the table when the next person to act is not the one whose cards are on screen. The
table underneath has already dropped to a spectator's view (viewer None), so no hidden card of
anyone can be drawn while the device changes hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.fonts import text
from game.ui.layout import Box, Viewport
from game.ui.panels import GOLD, IVORY, button_face, tray
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.table_scene import TableScene

PANEL = Box(400, 230, 480, 190)
"""The hand-off card in the middle of the screen."""

READY = Box(530, 350, 220, 46)
"""The 'I'm ready' button."""


class HandoffScene(Scene):
    """'Pass to Priya — click when ready' over a table showing no private cards."""

    def __init__(self, table: TableScene, seat: int, name: str) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.name = name
        self.hover = False
        self._veil: pygame.Surface | None = None

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click or Enter/Space hands the seat over; Escape leaves the table."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = READY.contains(event.pos)
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        )
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.scenes:
            self.scenes.clear()
            return
        if ready:
            self.table.take_seat(self.seat)
            if self.scenes is not None:
                self.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """The spectator's table, darkened, with the hand-off card on top."""
        self.table.draw(surface)
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._veil.fill((6, 8, 10, 170))
        surface.blit(self._veil, (0, 0))
        viewport = Viewport.fit(surface.get_size())
        rect = pygame.Rect(viewport.box(PANEL))
        surface.blit(tray(rect.size, 240), rect.topleft)
        title = text(f"Pass to {self.name}", viewport.length(30), GOLD, True)
        surface.blit(title, title.get_rect(center=viewport.point((640, 275))))
        hint = text("Everyone else, look away. Click when ready.", viewport.length(15), IVORY)
        surface.blit(hint, hint.get_rect(center=viewport.point((640, 317))))
        button = pygame.Rect(viewport.box(READY))
        face = button_face(
            button.size, "I'm ready", "↵", "primary", "hover" if self.hover else "up"
        )
        surface.blit(face, button.topleft)
