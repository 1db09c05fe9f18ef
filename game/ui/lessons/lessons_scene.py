"""Learn to play: pick a lesson (an interactive tutorial) for each game, the variants' lessons
(one screen of their own, a tile per variant), and the hand chart."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.rules import PRESETS
from game.i18n import N_, _
from game.teaching import tutorials
from game.teaching.tutorials import TUTORIALS
from game.teaching.variant_tutorials import VARIANT_TUTORIALS
from game.ui.art.fonts import line_height
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import IVORY, wrap
from game.ui.kit.widgets import (
    MUTED,
    Button,
    FormScene,
    Item,
    Tile,
    button_column,
    draw_highlight,
    draw_panel,
    draw_text,
    focus_ring,
)
from game.ui.lessons.tutorial_scene import tutorial_scene
from game.ui.shell.context import GameContext

PANEL = Box(400, 110, 480, 500)

VARIANT_PANEL = Box(150, 84, 980, 584)
"""The variants' screen: a panel with two columns of tiles and Back under them."""

VARIANT_ROWS = 5
"""Tiles per column on the variants' screen (nine variants: five, then four)."""

TILE_HEIGHT = 76
TILE_GAP = 6

RULE_LINES = 3
"""Lines a tile gives its variant's rule (a long rule in Tagalog takes three)."""

_KEYS = {tutorials.TEEN_PATTI.name: ("T", pygame.K_t), tutorials.BRAG.name: ("B", pygame.K_b)}


def _opener(context: GameContext, scene: FormScene, name: str) -> Callable[[], None]:
    """What opens the tutorial called `name` on top of `scene`."""

    def open_lesson() -> None:
        if scene.scenes is not None:
            settings = context.settings
            lesson = tutorial_scene(name, context.style, settings.animation_speed)
            scene.scenes.push(lesson)

    return open_lesson


def _draw_heading(
    surface: pygame.Surface, viewport: Viewport, panel: Box, title: str, words: str
) -> None:
    """A lessons panel: its gold title and up to two muted lines on what its lessons are."""
    draw_panel(surface, viewport, panel, "", 238)
    draw_text(
        surface,
        viewport,
        title,
        (panel.centre[0], panel.y + 40),
        30,
        (232, 190, 92),
        True,
        None,
        "center",
    )
    lines = wrap(words, 13, round(panel.width - 60))[:2]
    y = panel.y + (72.0 if len(lines) > 1 else 80.0)
    for line in lines:
        draw_text(
            surface,
            viewport,
            line,
            (panel.centre[0], y),
            13,
            MUTED,
            False,
            panel.width - 60,
            "center",
        )
        y += line_height(viewport.length(13)) / viewport.scale


class LessonTile(Tile):
    """A variant's tile: its name, and its rule in a line that may wrap onto two more."""

    def draw(self, surface: pygame.Surface, viewport: Viewport, focused: bool, state: str) -> None:
        """The name in bold, the rule under it in up to RULE_LINES lines, a glow when focused."""
        box = self.box
        if focused or state != "up":
            draw_highlight(surface, viewport, box, 14, 90)
        width = box.width - 30
        draw_text(surface, viewport, _(self.title), (box.x + 16, box.y + 6), 15, IVORY, True, width)
        lines = wrap(_(self.subtitle), viewport.length(12), viewport.length(width))
        if len(lines) > RULE_LINES:  # the last line takes the rest, shrunk to fit
            last = RULE_LINES - 1
            lines = [*lines[:last], " ".join(lines[last:])]
        for index, line in enumerate(lines):
            at = (box.x + 16, box.y + 27 + index * 16)
            draw_text(surface, viewport, line, at, 12, MUTED, False, width)
        if focused:
            focus_ring(surface, viewport, box, 8)


class LessonsScene(FormScene):
    """One button per game's tutorial, the variants' lessons, Rules & hands, then Back."""

    title = N_("Learn to play")
    hint = N_("↑ ↓ move   Enter choose   Esc back")
    default_focus = tutorials.TEEN_PATTI.name

    def build(self) -> list[Item]:
        """A button for every game's tutorial, the variants' lessons, the hand chart, and Back."""
        entries = []
        for name, tutorial in TUTORIALS.items():
            cap, key = _KEYS.get(name, ("P", pygame.K_p))
            # The game's name before the colon is a preset title: the button translates it.
            opener = _opener(self.context, self, name)
            entries.append((name, tutorial.title.split(":")[0], cap, "primary", key, opener))
        entries.append(
            (
                "variants",
                N_("Variants: wild cards and more"),
                "V",
                "plain",
                pygame.K_v,
                self.variants,
            )
        )
        entries.append(("rules", N_("Rules & hands"), "R", "plain", pygame.K_r, self.rules))
        entries.append(("back", N_("Back"), "Esc", "quiet", 0, self.back))
        return button_column(entries, PANEL.centre[0], PANEL.y + 124, PANEL.width - 80, 48, 12)

    def variants(self) -> None:
        """The variants' lessons, a screen of their own."""
        if self.scenes is not None:
            self.scenes.push(VariantLessonsScene(self.context))

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
        words = _("Play a scripted hand on the real table: each step says what to do and why.")
        # the screen's title above says "Learn to play": the panel names what it holds
        _draw_heading(surface, viewport, PANEL, _("Lessons"), words)


class VariantLessonsScene(FormScene):
    """A tile per variant's lesson (its name and its rule in a line), then Back."""

    title = N_("Learn to play")
    hint = N_("↑ ↓ move   Enter choose   Esc back")
    default_focus = next(iter(VARIANT_TUTORIALS))

    def build(self) -> list[Item]:
        """The variants' tiles in two columns, top to bottom, then Back under them."""
        items: list[Item] = []
        width = (VARIANT_PANEL.width - 90) / 2
        top = VARIANT_PANEL.y + 104
        for index, (name, tutorial) in enumerate(VARIANT_TUTORIALS.items()):
            column, row = divmod(index, VARIANT_ROWS)
            box = Box(
                VARIANT_PANEL.x + 30 + column * (width + 30),
                top + row * (TILE_HEIGHT + TILE_GAP),
                width,
                TILE_HEIGHT,
            )
            preset = PRESETS[tutorial.preset]
            opener = _opener(self.context, self, name)
            items.append(
                LessonTile(name, box, title=preset.title, subtitle=preset.summary, on_press=opener)
            )
        below = top + VARIANT_ROWS * (TILE_HEIGHT + TILE_GAP) + 6
        back = Box(VARIANT_PANEL.centre[0] - 160, below, 320, 46)
        items.append(Button("back", back, True, (), N_("Back"), "Esc", "quiet", self.back))
        return items

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The panel, its title and a line on what these lessons are."""
        words = _(
            "One hand for each variant: what is wild or reversed there, and a hand that shows it."
        )
        _draw_heading(surface, viewport, VARIANT_PANEL, _("Variants"), words)
