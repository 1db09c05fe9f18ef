"""The start-up notice: every file that was set aside or left untouched as newer — which file,
where the original is now, and what is used instead — over the first screen until OK."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import N_, _, ngettext
from game.ui.art.art import dim
from game.ui.art.fonts import fit_text, text
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, wrap
from game.ui.kit.widgets import Button, FormScene, Item, draw_panel
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Scene

PANEL = Box(190, 96, 900, 528)
"""The notice card, centred, leaving the bottom hint line free."""

TEXT_SIZE = 16
LINE_HEIGHT = 22
TEXT_LEFT = PANEL.x + 40
TEXT_TOP = PANEL.y + 78
TEXT_WIDTH = PANEL.width - 80
TEXT_BOTTOM = PANEL.y + PANEL.height - 86
"""Notice lines are written between TEXT_TOP and TEXT_BOTTOM; the OK button sits below."""


class FileNoticeScene(FormScene):
    """What happened to the player's files, shown once at start-up over the screen beneath."""

    hint = ""
    """No hint line: the dimmed screen beneath keeps its own, and the button shows its key."""
    default_focus = "ok"

    def __init__(self, context: GameContext, notices: Sequence[str], underneath: Scene) -> None:
        self.notices = [notice for notice in notices if notice]
        self.underneath = underneath
        super().__init__(context)

    def build(self) -> list[Item]:
        """The one button: carry on."""
        return [
            Button(
                "ok",
                Box(PANEL.x + PANEL.width / 2 - 110, PANEL.y + PANEL.height - 70, 220, 50),
                hotkeys=(pygame.K_o, pygame.K_SPACE),
                label=N_("Carry on"),
                key="O",
                kind="primary",
                on_press=self.back,
            )
        ]

    def lines(self, viewport: Viewport) -> list[tuple[str, bool]]:
        """The wrapped lines of every notice (a bullet starts each), cut to the space there is."""
        width = viewport.length(TEXT_WIDTH - 24)
        size = viewport.length(TEXT_SIZE)
        room = int((TEXT_BOTTOM - TEXT_TOP) // LINE_HEIGHT)
        lines: list[tuple[str, bool]] = []
        for index, notice in enumerate(self.notices):
            wrapped = [
                (line, position == 0) for position, line in enumerate(wrap(notice, size, width))
            ]
            if len(lines) + len(wrapped) > room - (1 if index < len(self.notices) - 1 else 0):
                left = len(self.notices) - index
                more = ngettext(
                    "… and {count} more: each is also printed in the terminal.",
                    "… and {count} more: each is also printed in the terminal.",
                    left,
                )
                lines.append((more.format(count=left), True))
                break
            lines += wrapped
        return lines

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The first screen, dimmed."""
        self.underneath.draw(surface)
        dim(surface, (4, 6, 8, 215))

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The card: a title, then each notice in wrapped lines."""
        draw_panel(surface, viewport, PANEL, "", 250)
        words = _("Some of your files could not be used")
        title = fit_text(words, viewport.length(24), GOLD, viewport.length(PANEL.width - 40), True)
        surface.blit(title, title.get_rect(midtop=viewport.point((640, PANEL.y + 28))))
        size = viewport.length(TEXT_SIZE)
        top = TEXT_TOP
        for line, first in self.lines(viewport):
            if first and top > TEXT_TOP:
                top += 6
            if first:
                bullet = text("•", size, GOLD, True)
                surface.blit(bullet, viewport.point((TEXT_LEFT, top)))
            label = text(line, size, IVORY, False)
            surface.blit(label, viewport.point((TEXT_LEFT + 24, top)))
            top += LINE_HEIGHT
