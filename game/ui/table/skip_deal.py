"""Skipping the rest of a deal the people at this screen are out of: when it is offered, its
button (and key), and playing the bots' remaining moves at once, landing on the deal's result.

It is offered only while every person at this screen has packed (or was not dealt in) and the
bots are still playing; at a table with no person (watching the bots) it is not: there the
watcher's own keys set the pace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.agents.feed import TableFeed
from game.engine.observation import Observation
from game.i18n import _
from game.ui.kit.layout import Box, Viewport
from game.ui.table.animation import Director
from game.ui.table.chrome import STATUS_BOX
from game.ui.table.hud import Command, ControlPanel

SKIP_DEAL = Command("skip_deal")

SKIP_AREA = Box(STATUS_BOX.x, STATUS_BOX.bottom - 62, STATUS_BOX.width, 62)
"""The button's tray: the lower part of the controls' place, under the status line."""

STATUS_ABOVE = STATUS_BOX.y + (STATUS_BOX.height - SKIP_AREA.height) / 2
"""Where the status line is centred while the button shows (above it)."""

MOST_SKIPPED_MOVES = 1000
"""A bound on the moves one skip plays (a deal takes far fewer)."""


def people_out(observation: Observation, people: Sequence[int]) -> bool:
    """Whether a deal is under way that every person at this screen is out of (packed, or not
    dealt in): what is left is the bots' to play."""
    if observation.deal_over or not people:
        return False
    seats = observation.seats
    return all(seats[seat].folded or not seats[seat].playing for seat in people)


class TableToSkip(Protocol):
    """What skipping asks of the table scene."""

    session: TableFeed
    director: Director

    def observe(self, viewer: int | bool | None = True) -> Observation:
        """The table as the scene's viewer sees it now."""
        ...

    def play_agent(self, seat: int) -> bool:
        """The bot at `seat` makes its move, played on the board (False: still thinking)."""
        ...


class DealSkipper:
    """The "Skip to the result" button while the people here are out of the deal, and the
    skip itself: every remaining bot move played with no animation and no sound."""

    def __init__(self) -> None:
        self.panel = ControlPanel(SKIP_AREA)
        self.offered = False

    def offer(self, offered: bool) -> None:
        """Show the button (or take it away)."""
        if offered == self.offered:
            return
        self.offered = offered
        if not offered:
            self.panel.clear()
            return
        hint = _("Play the rest of this deal at once and go to its result (S).")
        self.panel.show_commands([(_("Skip to the result"), "s", SKIP_DEAL, hint)])

    def asked(self, event: pygame.event.Event) -> bool:
        """Whether this event presses the button (its key S, or a click), while it shows."""
        return self.offered and self.panel.handle_event(event) == SKIP_DEAL

    def skip(self, table: TableToSkip, click: Callable[[], None]) -> int:
        """Play every remaining bot move at once and jump to the end of the deal's animation
        (its result on show); `click` sounds the press. Returns the moves played."""
        click()
        director = table.director
        sounds, director.sounds = director.sounds, None
        moves = 0
        try:
            director.skip()
            for _ in range(MOST_SKIPPED_MOVES):
                observation = table.observe()
                seat = observation.to_act
                if seat is None or not people_out(observation, table.session.humans):
                    break
                if not table.session.bot_to_act():
                    break
                if table.play_agent(seat):  # False: the bot is still thinking
                    moves += 1
            director.skip()
        finally:
            director.sounds = sounds
        self.offer(False)
        return moves

    def draw(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The button in its tray (nothing when it is not offered)."""
        if self.offered:
            self.panel.draw(surface, viewport)
