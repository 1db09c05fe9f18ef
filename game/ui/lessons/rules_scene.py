"""Rules & hands: the rules page written from the rules (a preset's, or the table's in play with
its house options) beside the hand chart, drawn with real card faces and the odds of each hand.

Keys: Left/Right change the game (from the main menu), Up/Down and PageUp/PageDown (or the
wheel) scroll the rules, Home/End jump, Escape goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.rules import PRESETS, Rules
from game.i18n import N_, _, language, number
from game.teaching.hand_chart import TOTAL_HANDS, hand_chart, run_note, wild_row
from game.teaching.rules_page import rules_page
from game.ui.art.cards_art import card_face
from game.ui.art.fonts import line_height
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, wrap
from game.ui.kit.widgets import MUTED, Button, FormScene, Item, Stepper, draw_panel, draw_text
from game.ui.shell.context import GameContext
from game.ui.table.table_view import wild_tag

RULES_PANEL = Box(24, 100, 650, 572)
CHART_PANEL = Box(688, 100, 568, 516)
SUBTITLE_SIZE = 15
SUBTITLE_WIDTH = 620
TEXT_SIZE = 14
LINE_STEP = 20.0
SCROLL_STEP = 40.0


@dataclass(frozen=True)
class Line:
    """One laid-out line of the rules page."""

    words: str
    y: float
    heading: bool = False
    indent: float = 0.0


def lay_out(rules: Rules, width: float) -> tuple[list[Line], float]:
    """The rules page as lines at logical positions, and its whole height."""
    lines: list[Line] = []
    y = 0.0
    for section in rules_page(rules):
        if lines:
            y += 10
        lines.append(Line(section.title, y, heading=True))
        y += 28
        for paragraph in section.lines:
            for index, part in enumerate(wrap(paragraph, TEXT_SIZE, round(width - 18))):
                lines.append(
                    Line(("•  " if index == 0 else "") + part, y, indent=0 if index == 0 else 18)
                )
                y += LINE_STEP
            y += 4
    return lines, y


class RulesScene(FormScene):
    """The rules page and the hand chart of one game."""

    title = N_("Rules & hands")
    hint = N_("↑ ↓ scroll   PgUp PgDn page   ← → game   Esc back")
    default_focus = "back"

    def __init__(
        self, context: GameContext, preset: str | None = None, table_rules: Rules | None = None
    ) -> None:
        chosen = preset or context.settings.last_preset
        self.preset = chosen if chosen in PRESETS else "teen_patti"
        self.table_rules = table_rules
        self.offset = 0.0
        self.lines: list[Line] = []
        self.height = 0.0
        self._laid_out_for: object = None
        super().__init__(context)

    @property
    def rules(self) -> Rules:
        """The rules on show: the table's, or the chosen preset's."""
        if self.table_rules is not None:
            return self.table_rules
        return PRESETS[self.preset].rules()

    @property
    def view(self) -> Box:
        """Where the rules text scrolls."""
        return Box(
            RULES_PANEL.x + 18, RULES_PANEL.y + 14, RULES_PANEL.width - 40, RULES_PANEL.height - 28
        )

    def layout(self) -> None:
        """Lay the page out again when the rules changed."""
        key = (self.preset, id(self.table_rules), language())
        if key != self._laid_out_for:
            self._laid_out_for = key
            self.lines, self.height = lay_out(self.rules, self.view.width)
            self.offset = 0.0

    def step_preset(self, direction: int) -> None:
        """The previous or next game."""
        names = list(PRESETS)
        self.preset = names[(names.index(self.preset) + direction) % len(names)]
        self.layout()

    def build(self) -> list[Item]:
        """The game chooser (from the menu) and Back."""
        items: list[Item] = []
        if self.table_rules is None:
            items.append(
                Stepper(
                    "game",
                    Box(CHART_PANEL.x, 28, CHART_PANEL.width, 44),
                    label=N_("Game"),
                    value=lambda: PRESETS[self.preset].title,
                    on_step=self.step_preset,
                    value_width=300,
                )
            )
        items.append(
            Button(
                "back",
                Box(CHART_PANEL.right - 180, 624, 180, 48),
                label=N_("Back"),
                key="Esc",
                kind="primary",
                on_press=self.back,
            )
        )
        return items

    def scroll(self, lines: int) -> None:
        """Scroll the rules text (clamped to the page)."""
        self.layout()
        page = self.view.height
        self.offset = max(0.0, min(max(0.0, self.height - page), self.offset + lines * SCROLL_STEP))

    def key(self, event: pygame.event.Event) -> None:
        """Up/Down scroll, Home/End jump; Left/Right change the game; the rest as on any form."""
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll(-1 if event.key == pygame.K_UP else 1)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            pages = round(self.view.height / SCROLL_STEP) - 1
            self.scroll(-pages if event.key == pygame.K_PAGEUP else pages)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.scroll(-10_000 if event.key == pygame.K_HOME else 10_000)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.table_rules is None:
            self.step_preset(-1 if event.key == pygame.K_LEFT else 1)
            self.rebuild()
        elif event.key == pygame.K_TAB:
            self.move(1)
        else:
            super().key(event)

    # --- drawing --------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The rules text (clipped and scrolled), its scroll bar, and the hand chart."""
        self.layout()
        if self.table_rules is not None:
            self.subtitle = N_("The rules of the table in play, with its house options.")
        else:
            self.subtitle = PRESETS[self.preset].summary
        self._draw_subtitle(surface, viewport, _(self.subtitle))
        draw_panel(surface, viewport, RULES_PANEL)
        self._draw_rules(surface, viewport)
        draw_panel(surface, viewport, CHART_PANEL, N_("Hands, best first"))
        self._draw_chart(surface, viewport)

    def _draw_subtitle(self, surface: pygame.Surface, viewport: Viewport, words: str) -> None:
        """The game's summary under the title: one line, or two when it is long."""
        lines = wrap(words, SUBTITLE_SIZE, SUBTITLE_WIDTH)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        step = line_height(viewport.length(SUBTITLE_SIZE)) / viewport.scale
        y = 62.0 if len(lines) == 1 else 54.0
        for line in lines:
            draw_text(surface, viewport, line, (42, y), SUBTITLE_SIZE, MUTED, False, SUBTITLE_WIDTH)
            y += step

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The backdrop and the title (the subtitle is drawn with the content)."""
        subtitle, self.subtitle = self.subtitle, ""
        super().draw_background(surface, viewport)
        self.subtitle = subtitle

    def _draw_rules(self, surface: pygame.Surface, viewport: Viewport) -> None:
        view = self.view
        clip = pygame.Rect(viewport.box(view))
        previous = surface.get_clip()
        surface.set_clip(clip)
        for line in self.lines:
            y = view.y + line.y - self.offset
            if y < view.y - 30 or y > view.bottom:
                continue
            if line.heading:
                draw_text(surface, viewport, line.words, (view.x, y), 17, GOLD, True)
            else:
                draw_text(
                    surface, viewport, line.words, (view.x + line.indent, y), TEXT_SIZE, IVORY
                )
        surface.set_clip(previous)
        if self.height > view.height:
            track = Box(RULES_PANEL.right - 12, view.y, 4, view.height)
            pygame.draw.rect(surface, (60, 58, 52), viewport.box(track), border_radius=2)
            share = view.height / self.height
            top = view.y + (self.offset / self.height) * view.height
            thumb = Box(track.x, top, 4, view.height * share)
            pygame.draw.rect(surface, GOLD, viewport.box(thumb), border_radius=2)

    def _draw_chart(self, surface: pygame.Surface, viewport: Viewport) -> None:
        ranking = self.rules.hand_ranking()
        rows = hand_chart(ranking)
        wild = wild_row(ranking)
        top = CHART_PANEL.y + 52
        step = min(74.0, (CHART_PANEL.height - 110) / max(1, len(rows) + (wild is not None)))
        width = viewport.length(min(42.0, (step - 6) / 1.4))
        four = self.context.settings.four_colour_deck
        for index, row in enumerate([*rows, *([wild] if wild else [])]):
            y = top + index * step
            for position, card in enumerate(row.example):
                at = viewport.point((CHART_PANEL.x + 20 + position * 30, y))
                face = card_face(card, width, four)
                surface.blit(face, at)
                if card in ranking.wild_cards:
                    tag = wild_tag(viewport.length(12))
                    surface.blit(tag, tag.get_rect(midtop=(at[0] + width // 2, at[1] + 2)))
            left = CHART_PANEL.x + 140
            name = row.name if row is wild else f"{index + 1}. {row.name}"
            draw_text(surface, viewport, name, (left, y + 6), 16, IVORY, True, 250)
            draw_text(
                surface, viewport, row.example_description, (left, y + 30), 12, MUTED, False, 250
            )
            right = CHART_PANEL.right - 20
            draw_text(
                surface, viewport, row.odds_text, (right, y + 6), 16, GOLD, True, None, "topright"
            )
            draw_text(
                surface,
                viewport,
                _("{count} of {total} hands").format(
                    count=number(row.hands), total=number(TOTAL_HANDS)
                ),
                (right, y + 30),
                12,
                MUTED,
                False,
                None,
                "topright",
            )
        if ranking.spec.scoring:
            return  # 999 has no runs: its chart fills the panel
        note = wrap(run_note(ranking), 12, round(CHART_PANEL.width - 40))
        step = line_height(viewport.length(12)) / viewport.scale
        y = CHART_PANEL.bottom - 14 - step * min(3, len(note))
        for line in note[:3]:
            draw_text(surface, viewport, line, (CHART_PANEL.x + 20, y), 12, MUTED)
            y += step
