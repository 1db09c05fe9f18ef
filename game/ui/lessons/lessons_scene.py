"""Learn to play: pick a lesson (an interactive tutorial) for each game, and the hand chart."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.teaching import tutorials
from game.teaching.tutorials import TUTORIALS
from game.ui.art.fonts import line_height
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import wrap
from game.ui.kit.widgets import MUTED, FormScene, Item, button_column, draw_panel, draw_text
from game.ui.lessons.tutorial_scene import tutorial_scene

PANEL = Box(400, 130, 480, 460)

_KEYS = {tutorials.TEEN_PATTI.name: ("T", pygame.K_t), tutorials.BRAG.name: ("B", pygame.K_b)}


class LessonsScene(FormScene):
    """One button per tutorial, then Rules & hands, then Back."""

    title = N_("Learn to play")
    hint = N_("↑ ↓ move   Enter choose   Esc back")
    default_focus = tutorials.TEEN_PATTI.name

    def build(self) -> list[Item]:
        """A button for every tutorial, the hand chart, and Back."""
        entries = []
        for name, tutorial in TUTORIALS.items():
            cap, key = _KEYS.get(name, ("P", pygame.K_p))
            # The game's name before the colon is a preset title: the button translates it.
            entries.append(
                (name, tutorial.title.split(":")[0], cap, "primary", key, self._opener(name))
            )
        entries.append(("rules", N_("Rules & hands"), "R", "plain", pygame.K_r, self.rules))
        entries.append(("back", N_("Back"), "Esc", "quiet", 0, self.back))
        return button_column(entries, PANEL.centre[0], PANEL.y + 124, PANEL.width - 80, 50, 14)

    def _opener(self, name: str) -> Callable[[], None]:
        def open_lesson() -> None:
            if self.scenes is not None:
                settings = self.context.settings
                lesson = tutorial_scene(name, self.context.style, settings.animation_speed)
                self.scenes.push(lesson)

        return open_lesson

    def rules(self) -> None:
        """The rules page and hand chart."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.rules())

    def back(self) -> None:
        """Back to the main menu."""
        if self.scenes is not None:
            self.scenes.pop()

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The panel, its title and a line on what a lesson is."""
        draw_panel(surface, viewport, PANEL, "", 238)
        draw_text(
            surface,
            viewport,
            _("Learn to play"),
            (PANEL.centre[0], PANEL.y + 40),
            30,
            (232, 190, 92),
            True,
            None,
            "center",
        )
        words = _("Play a scripted hand on the real table: each step says what to do and why.")
        lines = wrap(words, 13, round(PANEL.width - 60))[:2]
        y = PANEL.y + (72.0 if len(lines) > 1 else 80.0)
        for line in lines:
            draw_text(
                surface,
                viewport,
                line,
                (PANEL.centre[0], y),
                13,
                MUTED,
                False,
                PANEL.width - 60,
                "center",
            )
            y += line_height(viewport.length(13)) / viewport.scale
