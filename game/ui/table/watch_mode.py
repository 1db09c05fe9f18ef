"""Watching the bots play (no person seated): pause, speed, the bots' cards face up, and a line
on why the last bot made its move."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.art.fonts import fit_text
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, tray, wrap
from game.ui.kit.tween import Animator
from game.ui.table.watching import next_speed

WHY_BOX = Box(8, 36, 240, 200)
"""The watcher's coach: top left, under the title, clear of every seat; grows downward."""

KEYS_CENTRE_X = 1062.0
"""Where the watcher's line of keys is centred (under the controls' place)."""


class WatchMode:
    """A watcher's state: paused or not, the bots' cards face up or not, and the why line."""

    def __init__(self) -> None:
        self.paused = False
        self.face_up = False
        self.why = ""
        """Why the last bot did what it did, in a sentence."""
        self.pending_why = ""
        """The next sentence, shown once that move's animation has played."""

    def key(self, event: pygame.event.Event, animator: Animator) -> bool:
        """A watcher's keys: P pause, − and + speed, V the bots' cards face up; whether the key
        was one of them."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_p:
            self.paused = not self.paused
            return True
        if event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            animator.speed = next_speed(animator.speed, 1)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            animator.speed = next_speed(animator.speed, -1)
            return True
        if event.key == pygame.K_v:
            self.face_up = not self.face_up
            return True
        return False

    def settle(self) -> None:
        """The last move has played: its sentence shows."""
        if self.pending_why:
            self.why, self.pending_why = self.pending_why, ""

    def draw(self, surface: pygame.Surface, viewport: Viewport, speed: float) -> None:
        """The watcher's line of keys and the coach's sentence on the last bot's move."""
        state = _("paused") if self.paused else f"×{speed:g}"
        # Translators: P, − +, V are the keys to press; keep them as they are
        words = _("Watching ({state})  ·  P pause  ·  − + speed  ·  V cards face up").format(
            state=state
        )
        label = fit_text(words, viewport.length(14), (214, 214, 204), viewport.length(410))
        surface.blit(label, label.get_rect(center=viewport.point((KEYS_CENTRE_X, 700))))
        if not self.why:
            return
        box = WHY_BOX
        room = viewport.length(box.width - 24)
        lines = wrap(self.why, viewport.length(14), room)[:8]
        height = 34 + 19 * len(lines)
        rect = pygame.Rect(viewport.box(Box(box.x, box.y, box.width, height)))
        surface.blit(tray(rect.size, 215), rect.topleft)
        title = fit_text(_("WHY THAT MOVE"), viewport.length(12), GOLD, room, True)
        surface.blit(title, viewport.point((box.x + 12, box.y + 8)))
        for index, line in enumerate(lines):
            label = fit_text(line, viewport.length(14), IVORY, room)
            surface.blit(label, viewport.point((box.x + 12, box.y + 28 + index * 19)))
