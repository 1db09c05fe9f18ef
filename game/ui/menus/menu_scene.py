"""The main menu: Continue (when there is an autosave), New game, Load game, Play with friends,
Learn to play, Rules & hands, Statistics, Settings, Quit — each with a shortcut key; Escape moves
to Quit."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.cards import parse
from game.i18n import N_, _
from game.persistence.saves import has_autosave, list_saves
from game.ui.art.art import ready, soft_shadow
from game.ui.art.cards_art import card_face
from game.ui.art.fonts import text
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD
from game.ui.kit.widgets import MUTED, FormScene, Item, button_column, draw_panel, draw_text
from game.ui.shell.scene import Persist

FAN = "As Ah Ad"
"""The cards on the title: a trail of aces, the best hand of Teen Patti."""

TAGLINE = N_("Teen Patti  ·  3 Card Brag  ·  Three Card Poker")


class MainMenuScene(FormScene):
    """The first screen."""

    hint = N_("↑ ↓ move   Enter choose   or press the key on a button")
    default_focus = "new"

    def build(self) -> list[Item]:
        """The menu's buttons (Continue only with an autosave; Load only with saves)."""
        entries = []
        if has_autosave():
            entries.append(
                ("continue", N_("Continue"), "C", "primary", pygame.K_c, self.resume_game)
            )
        new_kind = "plain" if entries else "primary"
        entries += [
            ("new", N_("New game"), "N", new_kind, pygame.K_n, self.new_game),
            ("load", N_("Load game"), "L", "plain", pygame.K_l, self.load_game),
            ("friends", N_("Play with friends"), "F", "plain", pygame.K_f, self.friends),
            ("learn", N_("Learn to play"), "P", "plain", pygame.K_p, self.learn),
            ("rules", N_("Rules & hands"), "R", "plain", pygame.K_r, self.rules),
            ("statistics", N_("Statistics"), "T", "plain", pygame.K_t, self.statistics),
            ("settings", N_("Settings"), "S", "plain", pygame.K_s, self.settings),
            ("quit", N_("Quit"), "Q", "danger", pygame.K_q, self.quit),
        ]
        top = 360 - len(entries) * 29 + 6
        items = button_column(entries, 930, top, 330, 46, 12)
        load = next(item for item in items if item.ident == "load")
        load.enabled = bool([slot for slot in list_saves()])
        return items

    def startup(self, persist: Persist) -> None:
        """Focus Continue when there is one, else New game."""
        super().startup(persist)
        self.rebuild("continue" if any(i.ident == "continue" for i in self.items) else "new")

    def resume(self, persist: Persist) -> None:
        """Back on the menu: Continue and Load may have appeared or gone."""
        super().resume(persist)
        self.rebuild()
        if self.context.notes:
            self.say(self.context.notes.pop())

    # --- actions --------------------------------------------------------------------------

    def resume_game(self) -> None:
        """Continue the autosaved session."""
        if self.scenes is not None:
            problem = self.context.routes.continue_game(self.scenes)
            if problem:
                self.say(problem)

    def new_game(self) -> None:
        """Open the new-game setup."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.setup())

    def load_game(self) -> None:
        """Open the list of saves."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.load())

    def friends(self) -> None:
        """Open Play with friends (host or join a network table)."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.friends())

    def learn(self) -> None:
        """Open the lessons (interactive tutorials)."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.lessons())

    def rules(self) -> None:
        """Open the rules and hand chart."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.rules())

    def statistics(self) -> None:
        """Open the lifetime statistics."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.statistics())

    def settings(self) -> None:
        """Open the settings."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.settings())

    def quit(self) -> None:
        """Close the game."""
        if self.scenes is not None:
            self.scenes.clear()

    def back(self) -> None:
        """Escape on the first screen does not quit at once: it moves to Quit."""
        self.focus_on("quit")

    # --- drawing --------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The fan of cards, the name of the game, and the panel behind the buttons."""
        panel_height = len(self.items) * 58 + 52
        draw_panel(surface, viewport, Box(745, 360 - panel_height / 2, 370, panel_height))
        width = viewport.length(124)
        for index, card in enumerate(parse(FAN)):
            angle = (1 - index) * 13.0
            image = _tilted(card_face(card, width, self.context.settings.four_colour_deck), angle)
            centre = (380 + (index - 1) * 92, 258 + abs(index - 1) * 16)
            blur = viewport.length(10)
            shadow = soft_shadow(image.get_size(), viewport.length(12), blur, 100)
            point = viewport.point((centre[0] + 8, centre[1] + 12))
            surface.blit(shadow, shadow.get_rect(center=point))
            surface.blit(image, image.get_rect(center=viewport.point(centre)))
        title_size = viewport.length(96)
        shadow = text("Trey", title_size, (0, 0, 0), True)
        title = text("Trey", title_size, GOLD, True)
        where = viewport.point((380, 470))
        surface.blit(shadow, shadow.get_rect(center=(where[0] + 3, where[1] + 4)))
        surface.blit(title, title.get_rect(center=where))
        draw_text(surface, viewport, _(TAGLINE), (380, 540), 17, MUTED, False, 560, "center")


@lru_cache(maxsize=16)
def _tilted(image: pygame.Surface, angle: float) -> pygame.Surface:
    """A card turned by `angle` degrees, smoothly."""
    if not angle:
        return image
    return ready(pygame.transform.rotozoom(image, angle, 1.0))
