"""The main menu: Continue (when there is an autosave), New game, Load game, Play with friends,
Learn to play, Rules & hands, Statistics, Settings, Quit — each with a shortcut key; Escape moves
to Quit.

Above them, 'Back to NAME's table' while a network table where this game keeps a seat still
lives: the latest kept seats' tables are checked in the background (each check bounded) when
the menu comes up, never holding up its first frame; a table that has ended since has its seat
forgotten, in one sentence."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.cards import parse
from game.i18n import N_, _
from game.network.table_check import TableCheck
from game.persistence.kept_seats import KeptSeat, forget_seat, latest_seats
from game.persistence.saves import has_autosave, list_saves
from game.ui.art.art import ready, soft_shadow
from game.ui.art.cards_art import card_face
from game.ui.art.fonts import text
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD
from game.ui.kit.widgets import MUTED, FormScene, Item, button_column, draw_panel, draw_text
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Persist

FAN = "As Ah Ad"
"""The cards on the title: a trail of aces, the best hand of Teen Patti."""

TAGLINE = N_("Teen Patti  ·  3 Card Brag  ·  Three Card Poker")

CHECK_SECONDS = 3.0
"""How long the check of one kept seat's table may take."""

MOST_CHECKED = 3
"""Kept seats checked at most (the latest first)."""


def seat_words(seat: KeptSeat) -> str:
    """'Back to Ann's table' (or the table's address, when its host is not known)."""
    if seat.host:
        return _("Back to {name}'s table").format(name=seat.host)
    return _("Back to the table at {address}").format(address=seat.address)


class MainMenuScene(FormScene):
    """The first screen."""

    hint = N_("↑ ↓ move   Enter choose   or press the key on a button")
    default_focus = "new"

    def __init__(self, context: GameContext) -> None:
        self.offer: KeptSeat | None = None
        """A kept seat whose table answered: its button takes the seat back."""
        self.check: TableCheck | None = None
        self.checking: list[KeptSeat] = []
        """The kept seats `check` looks at, in its order."""
        super().__init__(context)

    def build(self) -> list[Item]:
        """The menu's buttons (Back to a table only when one lives; Continue only with an
        autosave; Load only with saves)."""
        entries = []
        if self.offer is not None:
            words = seat_words(self.offer)
            entries.append(("rejoin", words, "B", "primary", pygame.K_b, self.rejoin))
        if has_autosave():
            kind = "plain" if entries else "primary"
            entries.append(("continue", N_("Continue"), "C", kind, pygame.K_c, self.resume_game))
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
        self.check_seats()

    def resume(self, persist: Persist) -> None:
        """Back on the menu: Continue and Load may have appeared or gone, and a kept seat's
        table too."""
        super().resume(persist)
        self.rebuild()
        if self.context.notes:
            self.say(self.context.notes.pop())
        self.check_seats()

    # --- a seat kept at a network table ---------------------------------------------------

    def check_seats(self) -> None:
        """Ask in the background whether the tables of the latest kept seats still live."""
        if self.check is not None:
            return
        self.checking = latest_seats()[:MOST_CHECKED]
        if self.offer is not None and self.offer not in self.checking:
            self.offer = None
            self.rebuild()
        if not self.checking:
            return
        tables = [(seat.where, seat.code) for seat in self.checking]
        self.check = TableCheck(tables, CHECK_SECONDS)
        self.check.start()

    def update(self, seconds: float) -> None:
        """Take the check's verdicts once all are in: the latest living table is offered; a
        table that ended, or another in its place, has its seat forgotten."""
        check = self.check
        if check is None or not check.done:
            return
        self.check = None
        offer = None
        for index, seat in enumerate(self.checking):
            verdict = check.verdicts[index]
            if verdict == "lives" and offer is None:
                offer = seat
            elif verdict in ("ended", "gone"):
                problem = forget_seat(seat.address, seat.code, seat.token)
                if not self.message:
                    self.say(problem or seat_gone_words(seat), problem=bool(problem))
        if offer != self.offer:
            self.offer = offer
            self.rebuild()
        self.request_redraw()

    @property
    def wake_in(self) -> float | None:
        """Look at the check often while it runs."""
        return 0.1 if self.check is not None else None

    def rejoin(self) -> None:
        """Take the kept seat back: the join screen connects at once."""
        if self.scenes is not None and self.offer is not None:
            self.scenes.push(self.context.routes.rejoin(self.offer))

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


def seat_gone_words(seat: KeptSeat) -> str:
    """A kept seat's table has ended (or another is in its place): its seat is forgotten."""
    if seat.host:
        return _("{name}'s table has ended: your seat there is forgotten.").format(name=seat.host)
    return _("The table at {address} has ended: your seat there is forgotten.").format(
        address=seat.address
    )


@lru_cache(maxsize=16)
def _tilted(image: pygame.Surface, angle: float) -> pygame.Surface:
    """A card turned by `angle` degrees, smoothly."""
    if not angle:
        return image
    return ready(pygame.transform.rotozoom(image, angle, 1.0))
