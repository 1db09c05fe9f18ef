"""The hand history: the session's finished deals, newest first; pick one to watch it again.

Each row says how the deal went for the person ("Deal 7 — You gained 24"), worked out by replaying
the deal's history text. Click a row (or Up/Down and Enter) to replay it step by step on the
table from that person's seat; E exports the selected deal to a text file; Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.engine.history import HistoryError
from game.i18n import _, number
from game.session import Session
from game.ui.art.art import radial_gradient, ready
from game.ui.art.fonts import fit_text, text
from game.ui.art.table_art import table_background
from game.ui.history.history_lines import DealSummary, export_history, summarise
from game.ui.history.replay_scene import ReplayScene
from game.ui.kit.layout import Box, Point, Viewport
from game.ui.kit.panels import GOLD, IVORY, button_face
from game.ui.shell.scene import Scene

MOST = 50
"""How many of the latest deals the list keeps."""

PANEL_WIDTH = 780.0
HEADER = 96.0
"""Logical height above the first row: the small gold heading and the title."""

ROW_HEIGHT = 50.0
VISIBLE_ROWS = 8
FOOTER = 96.0
"""Logical height below the rows: the scroll hint and the buttons."""

NOTE_SECONDS = 10.0

GAINED = (132, 214, 140)
LOST = (232, 128, 112)
EVEN = (200, 200, 192)


def panel_box(rows: int) -> Box:
    """The list's card, tall enough for `rows` rows (at least three), centred on the screen."""
    height = HEADER + max(3, min(VISIBLE_ROWS, rows)) * ROW_HEIGHT + FOOTER
    return Box(640 - PANEL_WIDTH / 2, 360 - height / 2, PANEL_WIDTH, height)


@lru_cache(maxsize=8)
def card(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A dark glass card with a thin gold rim and modest corners."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (14, 16, 18, 236), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*GOLD, 150), layer.get_rect(), 1, border_radius=radius)
    return ready(layer)


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The empty table in its room, dimmed so the list stands out."""
    background = table_background(size).copy()
    background.blit(radial_gradient(size, (8, 8, 10, 120), (0, 0, 0, 215)), (0, 0))
    return ready(background.convert_alpha() if pygame.display.get_surface() else background)


class HistoryScene(Scene):
    """The list of the session's last deals; choosing one opens its replay."""

    def __init__(self, session: Session, viewer_seat: int) -> None:
        super().__init__()
        self.viewer = viewer_seat
        self.deals: list[DealSummary] = []
        self.problems = 0
        for history in reversed(session.histories[-MOST:]):
            try:
                self.deals.append(summarise(history))
            except HistoryError:
                self.problems += 1
        self.selected = 0
        self.first = 0
        self.hover: int | None = None
        self.hover_button: str | None = None
        self.note = ""
        self.note_left = 0.0
        self.panel = panel_box(len(self.deals))
        self.rows_top = self.panel.y + HEADER

    # --- what the list says ------------------------------------------------------------------

    def lines(self) -> list[str]:
        """Every row's main line, newest first ('Deal 7 — You gained 24')."""
        return [deal.line(self.viewer) for deal in self.deals]

    def row_box(self, index: int) -> Box | None:
        """Where row `index` is drawn, or None when scrolled out of view."""
        shown = index - self.first
        if not 0 <= shown < VISIBLE_ROWS or index >= len(self.deals):
            return None
        top = self.rows_top + shown * ROW_HEIGHT
        return Box(self.panel.x + 24, top, self.panel.width - 48, ROW_HEIGHT - 6)

    def buttons(self) -> dict[str, Box]:
        """The buttons under the list: Watch, Export, Back."""
        names = ("watch", "export", "back") if self.deals else ("back",)
        gap = 12.0
        row = Box(self.panel.x + 24, self.panel.bottom - 66, self.panel.width - 48, 44)
        width = (row.width - gap * (len(names) - 1)) / len(names)
        return {
            name: Box(row.x + index * (width + gap), row.y, width, row.height)
            for index, name in enumerate(names)
        }

    # --- actions -----------------------------------------------------------------------------

    def open(self, index: int) -> None:
        """Replay deal `index` of the list on the table."""
        if not 0 <= index < len(self.deals) or self.scenes is None:
            return
        self.selected = index
        self.scenes.push(ReplayScene(self.deals[index].text, self.viewer))

    def export(self) -> None:
        """Export the selected deal and say where it went."""
        if not self.deals:
            return
        try:
            path = export_history(self.deals[self.selected])
        except OSError as error:
            reason = error.strerror or str(error)
            self.say(_("Could not export the deal: {reason}").format(reason=reason))
            return
        self.say(_("Exported to {path}").format(path=path))

    def say(self, words: str) -> None:
        """Show a short notice at the top of the list."""
        self.note = words
        self.note_left = NOTE_SECONDS

    def select(self, index: int) -> None:
        """Move the selection, scrolling so it stays in view."""
        if not self.deals:
            return
        self.selected = max(0, min(len(self.deals) - 1, index))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + VISIBLE_ROWS:
            self.first = self.selected - VISIBLE_ROWS + 1

    def _row_at(self, point: Point) -> int | None:
        for index in range(self.first, min(len(self.deals), self.first + VISIBLE_ROWS)):
            box = self.row_box(index)
            if box is not None and box.contains(point):
                return index
        return None

    def _button_at(self, point: Point) -> str | None:
        return next((name for name, box in self.buttons().items() if box.contains(point)), None)

    def _press(self, name: str) -> None:
        if name == "watch":
            self.open(self.selected)
        elif name == "export":
            self.export()
        elif name == "back" and self.scenes is not None:
            self.scenes.pop()

    # --- scene hooks -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Click a row to watch it; Up/Down, Enter, E, Escape; the wheel scrolls."""
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_UP: lambda: self.select(self.selected - 1),
                pygame.K_DOWN: lambda: self.select(self.selected + 1),
                pygame.K_RETURN: lambda: self.open(self.selected),
                pygame.K_KP_ENTER: lambda: self.open(self.selected),
                pygame.K_e: self.export,
                pygame.K_ESCAPE: lambda: self._press("back"),
            }
            if event.key in keys:
                keys[event.key]()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
            self.hover_button = self._button_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.deals) - VISIBLE_ROWS)
            self.first = max(0, min(most, self.first - event.y))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                self.open(row)
                return
            name = self._button_at(event.pos)
            if name is not None:
                self._press(name)

    def update(self, seconds: float) -> None:
        """Let a notice fade out."""
        self.note_left = max(0.0, self.note_left - seconds)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table, the panel, the rows, the buttons and any notice."""
        viewport = Viewport.fit(surface.get_size())
        surface.blit(backdrop(surface.get_size()), (0, 0))
        box = self.panel
        rect = pygame.Rect(viewport.box(box))
        surface.blit(card(rect.size, viewport.length(18)), rect.topleft)
        left = box.x + 32
        surface.blit(
            text(_("HAND HISTORY"), viewport.length(13), GOLD, True),
            viewport.point((left, box.y + 22)),
        )
        surface.blit(
            fit_text(
                _("The last deals, newest first"),
                viewport.length(26),
                IVORY,
                rect.width - viewport.length(64),
                True,
            ),
            viewport.point((left, box.y + 42)),
        )
        if not self.deals:
            words = _("No deal has finished yet. Play a hand, then come back to watch it again.")
            empty = fit_text(words, viewport.length(16), (200, 200, 192), rect.width)
            centre = viewport.point((640, self.rows_top + 1.5 * ROW_HEIGHT))
            surface.blit(empty, empty.get_rect(center=centre))
        for index in range(self.first, min(len(self.deals), self.first + VISIBLE_ROWS)):
            self._draw_row(surface, viewport, index)
        self._draw_scroll_hint(surface, viewport)
        for name, box in self.buttons().items():
            words = {"watch": _("Watch"), "export": _("Export"), "back": _("Back")}[name]
            key = {"watch": "enter", "export": "e", "back": "esc"}[name]
            kind = "primary" if name == "watch" else "quiet"
            state = "hover" if name == self.hover_button else "up"
            where = pygame.Rect(viewport.box(box))
            surface.blit(button_face(where.size, words, key, kind, state), where)
        if self.note_left > 0:
            note = fit_text(self.note, viewport.length(14), GOLD, rect.width - 40, True)
            bottom = viewport.point((640, box.y - 10))
            surface.blit(note, note.get_rect(midbottom=bottom))

    def _draw_row(self, surface: pygame.Surface, viewport: Viewport, index: int) -> None:
        box = self.row_box(index)
        if box is None:
            return
        deal = self.deals[index]
        rect = pygame.Rect(viewport.box(box))
        chosen = index == self.selected
        fill = (46, 40, 26, 235) if chosen else (255, 255, 255, 16 if index % 2 else 8)
        if index == self.hover and not chosen:
            fill = (255, 255, 255, 30)
        row = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = max(3, rect.height // 5)
        pygame.draw.rect(row, fill, row.get_rect(), border_radius=radius)
        if chosen:
            pygame.draw.rect(row, (*GOLD, 200), row.get_rect(), 1, border_radius=radius)
        surface.blit(row, rect)
        change = deal.changes[self.viewer] if self.viewer < len(deal.changes) else 0
        colour = GAINED if change > 0 else LOST if change < 0 else EVEN
        label = text(
            _("Deal {number}").format(number=deal.number), viewport.length(16), IVORY, True
        )
        surface.blit(label, viewport.point((box.x + 16, box.y + 6)))
        result = text(f"—  {deal.result(self.viewer)}", viewport.length(16), colour, True)
        surface.blit(
            result,
            (
                rect.x + viewport.length(16) + label.get_width() + viewport.length(8),
                viewport.point((0, box.y + 6))[1],
            ),
        )
        room = viewport.length(box.width - 32)
        detail = fit_text(deal.detail(self.viewer), viewport.length(12), (170, 172, 166), room)
        surface.blit(detail, viewport.point((box.x + 16, box.y + 27)))
        if chosen:
            hint = text(_("Enter: watch"), viewport.length(12), GOLD)
            surface.blit(hint, hint.get_rect(topright=viewport.point((box.right - 14, box.y + 9))))

    def scroll_words(self) -> str:
        """The line under a list longer than the card: the numbers of the deals on show, top
        row first as listed (newest first: 'Deals 15–8'), and how many the list holds ('' when
        every row shows)."""
        if len(self.deals) <= VISIBLE_ROWS:
            return ""
        shown = self.deals[self.first : self.first + VISIBLE_ROWS]
        # Translators: the deals on show, top row first (newest first: 15–8); total is the list
        return _("Deals {first}–{last}  ·  {total} in the list  ·  scroll or use Up / Down").format(
            first=number(shown[0].number),
            last=number(shown[-1].number),
            total=number(len(self.deals)),
        )

    def _draw_scroll_hint(self, surface: pygame.Surface, viewport: Viewport) -> None:
        words = self.scroll_words()
        if not words:
            return
        label = text(words, viewport.length(12), (170, 172, 166))
        y = self.rows_top + VISIBLE_ROWS * ROW_HEIGHT + 2
        surface.blit(label, label.get_rect(midtop=viewport.point((640, y))))


def history_scene(session: Session, viewer_seat: int) -> Scene:
    """The session's hand history, seen from `viewer_seat` (the person's seat)."""
    return HistoryScene(session, viewer_seat)
