"""Hot-seat hand-off: a full-screen card that hides every hand until the next person is ready.

Pushed by the table the moment the previous action's animation ends, when the next person to
act is not the one who last had the screen. The table underneath dropped to a spectator's view
(viewer None) earlier still, the moment that person's action was applied (unless they were sure
to act next), so neither their action's animation nor the bots' turns after it show their
cards; and this card covers the whole window, so no card of anyone is on screen while the
device changes hands. Only a deliberate answer reveals the table: Enter or
Space, or a click that both presses and releases on the "I'm ready" button — and none in the
first moment after the card appears, so the tail of the last player's click cannot skip it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.engine.observation import Observation
from game.engine.table import COVERED
from game.i18n import _
from game.ui.art.fonts import fit_text
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, button_face, tray
from game.ui.shell.scene import Scene
from game.ui.table.table_view import seat_label


def acts_next(viewer: int, people: Sequence[int], spectator: Callable[[], Observation]) -> bool:
    """Whether the person at `viewer` is sure to be the next person to act (bots in between or
    not): no other person sits at the table, or the deal goes on and it is their turn, or no
    other person is still in the deal. After a deal anyone may be handed the screen.
    `spectator` gives the table as a spectator sees it (asked only when needed)."""
    others = [seat for seat in people if seat != viewer]
    if not others:
        return True
    table = spectator()
    if table.deal_over:
        return False
    if table.to_act == viewer:
        return True
    seats = {view.seat: view for view in table.seats}
    return not any(
        seats[seat].playing and not seats[seat].folded and COVERED not in seats[seat].badges
        for seat in others
        if seat in seats
    )


class WaitingTable(Protocol):
    """What the hand-off needs of the table under it."""

    def take_seat(self, seat: int) -> None:
        """Show the table from `seat`'s side: the next person is ready."""
        ...


PANEL = Box(340, 190, 600, 300)
"""The hand-off card in the middle of the screen."""

READY = Box(530, 400, 220, 50)
"""The 'I'm ready' button."""

ARMING_SECONDS = 0.4
"""Input is ignored this long after the card appears (the end of the last player's click)."""

BACKDROP = (14, 22, 18)
"""The colour of the screen behind the card: no felt, no seats, no cards."""


class HandoffScene(Scene):
    """'Pass to Priya — press Enter or click I'm ready' over the whole window."""

    def __init__(self, table: WaitingTable, seat: int, name: str) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.name = name
        """The name of the seat's person as the table writes it ('You' is translated when drawn)."""
        self.hover = False
        self.pressed = False
        self.armed_in = ARMING_SECONDS

    @property
    def armed(self) -> bool:
        """Whether input counts yet."""
        return self.armed_in <= 0

    @property
    def wake_in(self) -> float | None:
        """Wake when the card starts to listen (to show the button as live)."""
        return self.armed_in if self.armed_in > 0 else None

    def update(self, seconds: float) -> None:
        """Count down to listening."""
        if self.armed_in > 0:
            self.armed_in -= seconds
            if self.armed_in <= 0:
                self.request_redraw()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter/Space or a full click on the button hands the seat over; Escape leaves."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = READY.contains(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.scenes:
            self.scenes.clear()
            return
        if not self.armed:
            self.pressed = False
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = READY.contains(event.pos)
            return
        clicked = (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.pressed
            and READY.contains(event.pos)
        )
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        keyed = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        )
        if clicked or keyed:
            self.table.take_seat(self.seat)
            if self.scenes is not None:
                self.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """A plain backdrop over the whole window and the hand-off card; no table, no cards."""
        surface.fill(BACKDROP)
        viewport = Viewport.fit(surface.get_size())
        rect = pygame.Rect(viewport.box(PANEL))
        surface.blit(tray(rect.size, 245), rect.topleft)
        radius = max(4, round(min(rect.size) * 0.12))
        pygame.draw.rect(surface, GOLD, rect, max(1, viewport.length(2)), radius)
        room = rect.width - viewport.length(40)
        name = seat_label(self.name)
        words = (
            (_("Hot-seat: the cards are hidden"), 16, (190, 186, 170), False, 228),
            (_("Pass to {name}").format(name=name), 40, GOLD, True, 290),
            (_("Everyone but {name}, look away.").format(name=name), 18, IVORY, False, 345),
            (_("Press Enter or click I'm ready"), 15, (200, 196, 180), False, 376),
        )
        for line, size, colour, bold, y in words:
            label = fit_text(line, viewport.length(size), colour, room, bold)
            surface.blit(label, label.get_rect(center=viewport.point((640, y))))
        button = pygame.Rect(viewport.box(READY))
        state = "hover" if self.hover and self.armed else "up"
        face = button_face(button.size, _("I'm ready"), "↵", "primary", state)
        surface.blit(face, button.topleft)
