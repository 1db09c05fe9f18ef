"""Play with friends: host a table on this machine, or join one on the network."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui.friends.host_scene import HostScene
from game.ui.friends.join_scene import JoinScene
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import wrap
from game.ui.kit.widgets import MUTED, FormScene, Item, button_column, draw_panel, draw_text

PANEL = Box(390, 150, 500, 380)


class FriendsScene(FormScene):
    """Host or Join, each with its shortcut key; Escape goes back to the main menu."""

    title = N_("Play with friends")
    subtitle = N_("Each player on their own device, on the same network or by address.")
    hint = N_("↑ ↓ move   Enter choose   or press the key on a button   Esc back")
    default_focus = "host"

    def build(self) -> list[Item]:
        """Host, Join and Back."""
        entries = [
            ("host", N_("Host a table"), "H", "primary", pygame.K_h, self.host),
            ("join", N_("Join a table"), "J", "plain", pygame.K_j, self.join),
            ("back", N_("Back"), "Esc", "quiet", 0, self.back),
        ]
        return button_column(entries, PANEL.centre[0], PANEL.y + 140, 340, 50, 16)

    def host(self) -> None:
        """Open the host's setup."""
        if self.scenes is not None:
            self.scenes.push(HostScene(self.context))

    def join(self) -> None:
        """Open the join screen."""
        if self.scenes is not None:
            self.scenes.push(JoinScene(self.context))

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The panel behind the buttons and a line about each."""
        draw_panel(surface, viewport, PANEL, N_("Play with friends"))
        words = _("Host: you choose the game and seats, friends join with the room code.")
        more = _("Join: pick a table found on the network, or type its address and code.")
        room = viewport.length(PANEL.width - 48)
        lines = [
            line for sentence in (words, more) for line in wrap(sentence, viewport.length(13), room)
        ]
        for row, line in enumerate(lines[:4]):
            at = (PANEL.x + 24, PANEL.y + 56 + row * 18)
            draw_text(surface, viewport, line, at, 13, MUTED, False, PANEL.width - 48)
        # docs/internet-play.md says it at length: what a local table shows, and who can read it
        caution = _(
            "The table is not encrypted: on a shared Wi-Fi others could read it. "
            "Play over a VPN there."
        )
        for row, line in enumerate(wrap(caution, viewport.length(12), room)[:3]):
            at = (PANEL.x + 24, PANEL.y + 336 + row * 16)
            draw_text(surface, viewport, line, at, 12, MUTED, False, PANEL.width - 48)
