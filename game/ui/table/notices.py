"""Short notices in the table's top right corner (a refused action, a settings problem): each
stays up a while, the newest on show, and a click dismisses them."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui.art.fonts import fit_text
from game.ui.kit.layout import Box, Point, Viewport
from game.ui.kit.panels import GOLD, tray, wrap

NOTE_SECONDS = 12.0
"""How long a notice (a settings problem, a refused action) stays up."""

NOTE_BOX = Box(1032, 40, 240, 88)
"""A notice in the top right corner, clear of every seat (click to dismiss); at most 8 lines."""

NOTE_LINE = 19.0
"""Logical height of a notice's line."""


def note_box(lines: int) -> Box:
    """The notice's tray for `lines` lines of words."""
    return Box(NOTE_BOX.x, NOTE_BOX.y, NOTE_BOX.width, 16 + NOTE_LINE * max(1, lines))


class Notices(list[tuple[str, float]]):
    """The notices up now: (words, seconds left), oldest first."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        super().__init__((note, NOTE_SECONDS) for note in words if note)

    def add(self, words: str) -> None:
        """Put up a notice."""
        self.append((words, NOTE_SECONDS))

    def tick(self, seconds: float) -> bool:
        """Let `seconds` pass; whether a notice went away (the screen must be redrawn)."""
        before = len(self)
        self[:] = [(words, left - seconds) for words, left in self if left > seconds]
        return len(self) != before

    def covers(self, point: Point) -> bool:
        """Whether a notice is up and `point` (logical) falls on it."""
        return bool(self) and NOTE_BOX.contains(point)

    def draw(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The newest notice, in gold on a tray."""
        if not self:
            return
        words = self[-1][0]
        size = viewport.length(14)
        lines = wrap(words, size, viewport.length(NOTE_BOX.width - 24), True)[:8]
        box = note_box(len(lines))
        rect = pygame.Rect(viewport.box(box))
        surface.blit(tray(rect.size, 235), rect.topleft)
        for index, line in enumerate(lines):
            label = fit_text(line, size, GOLD, rect.width - viewport.length(24), True)
            at = viewport.point((box.x + 12, box.y + 8 + index * NOTE_LINE))
            surface.blit(label, at)
