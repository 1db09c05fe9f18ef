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
"""The tallest the notice card may be, centred, leaving the bottom hint line free; a card with
fewer lines is as tall as they need, centred on the screen."""

TEXT_SIZE = 16
LINE_HEIGHT = 22
NOTICE_GAP = 6
"""Extra room above each notice after the first."""
HEAD = 78
"""From the card's top to its first line: the title."""
FOOT = 86
"""From the last line's room to the card's bottom: the button."""
TEXT_LEFT = PANEL.x + 40
TEXT_WIDTH = PANEL.width - 80
ROOM = PANEL.height - HEAD - FOOT
"""The room the tallest card has for lines and the gaps between notices (logical units)."""

WINDOWS = ((1280, 720), (960, 540), (640, 360))
"""Window sizes the card is sized for (the lines wrap a little differently in each)."""


def notice_panel(lines: int, notices: int) -> Box:
    """The card for `lines` lines of `notices` notices, centred on the screen."""
    height = min(PANEL.height, HEAD + lines * LINE_HEIGHT + max(0, notices - 1) * NOTICE_GAP + FOOT)
    return Box(PANEL.x, 360 - height / 2, PANEL.width, height)


class FileNoticeScene(FormScene):
    """What happened to the player's files, shown once at start-up over the screen beneath."""

    hint = ""
    """No hint line: the dimmed screen beneath keeps its own, and the button shows its key."""
    default_focus = "ok"

    def __init__(self, context: GameContext, notices: Sequence[str], underneath: Scene) -> None:
        self.notices = [notice for notice in notices if notice]
        self.underneath = underneath
        self.panel = self.fitted_panel()
        super().__init__(context)

    def fitted_panel(self) -> Box:
        """The card as tall as its lines need in the window that wraps them the most."""
        laid_out = [self.lines(Viewport.fit(size)) for size in WINDOWS]
        most = max(laid_out, key=len)
        return notice_panel(len(most), sum(1 for _, first in most if first))

    def build(self) -> list[Item]:
        """The one button: carry on."""
        panel = self.panel
        return [
            Button(
                "ok",
                Box(panel.x + panel.width / 2 - 110, panel.bottom - 70, 220, 50),
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
        used = 0.0
        lines: list[tuple[str, bool]] = []
        for index, notice in enumerate(self.notices):
            wrapped = [
                (line, position == 0) for position, line in enumerate(wrap(notice, size, width))
            ]
            needed = (NOTICE_GAP if lines else 0) + len(wrapped) * LINE_HEIGHT
            more = NOTICE_GAP + LINE_HEIGHT if index < len(self.notices) - 1 else 0
            if used + needed + more > ROOM:
                left = len(self.notices) - index
                counted = ngettext(
                    "… and {count} more: each is also printed in the terminal.",
                    "… and {count} more: each is also printed in the terminal.",
                    left,
                )
                lines.append((counted.format(count=left), True))
                break
            used += needed
            lines += wrapped
        return lines

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The first screen, dimmed."""
        self.underneath.draw(surface)
        dim(surface, (4, 6, 8, 215))

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The card: a title, then each notice in wrapped lines."""
        panel = self.panel
        draw_panel(surface, viewport, panel, "", 250)
        words = _("Some of your files could not be used")
        title = fit_text(words, viewport.length(24), GOLD, viewport.length(panel.width - 40), True)
        surface.blit(title, title.get_rect(midtop=viewport.point((640, panel.y + 28))))
        size = viewport.length(TEXT_SIZE)
        first_top = top = panel.y + HEAD
        for line, first in self.lines(viewport):
            if first and top > first_top:
                top += NOTICE_GAP
            if first:
                bullet = text("•", size, GOLD, True)
                surface.blit(bullet, viewport.point((TEXT_LEFT, top)))
            label = text(line, size, IVORY, False)
            surface.blit(label, viewport.point((TEXT_LEFT + 24, top)))
            top += LINE_HEIGHT
