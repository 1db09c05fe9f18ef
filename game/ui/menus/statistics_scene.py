"""Statistics: lifetime records per game (statistics.load_lifetime), the deals at network
tables on rows of their own ('Teen Patti · network'), and this session's when a table is in
play."""

from __future__ import annotations

import pygame

from game.engine.families import family_title
from game.i18n import N_, _, number
from game.records import RecordKeeper
from game.statistics import GameRecord, Statistics, load_lifetime
from game.ui.kit.chip_chart import draw_chip_chart, signed
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY
from game.ui.kit.widgets import MUTED, Button, FormScene, Item, draw_panel, draw_text
from game.ui.shell.context import GameContext
from game.words.hands import said_recorded_hand

LIFETIME_PANEL = Box(40, 96, 1200, 300)
SESSION_PANEL = Box(40, 410, 1200, 206)
COLUMNS = [
    (N_("Game"), 24),
    (N_("Hands"), 330),
    (N_("Won"), 440),
    (N_("Win rate"), 550),
    (N_("Net chips"), 670),
    (N_("Biggest pot"), 800),
    (N_("Best hand"), 940),
]
"""Each column's heading (translated where drawn) and where it starts."""

ROW_HEIGHT = 32.0
"""A lifetime row's height, when the panel has room (more rows share it)."""


def game_rows(lifetime: Statistics) -> list[tuple[str, GameRecord]]:
    """Each game's title and record with a hand played: this machine's, then the network's."""
    rows = [
        (_(family_title(family)), record)
        for family, record in lifetime.games.items()
        if record.hands_played
    ]
    rows += [
        (_("{game} · network").format(game=_(family_title(family))), record)
        for family, record in lifetime.network_games.items()
        if record.hands_played
    ]
    return rows


class StatisticsScene(FormScene):
    """Lifetime statistics by game; the session's below."""

    title = N_("Statistics")
    subtitle = N_("Your record at each game, over every session on this computer.")
    default_focus = "back"
    hint = N_("Enter or Esc back")

    def __init__(
        self,
        context: GameContext,
        tally: RecordKeeper | None = None,
        lifetime: Statistics | None = None,
    ) -> None:
        self.tally = tally
        loaded = None if lifetime is not None else load_lifetime()
        self.lifetime = (
            lifetime if lifetime is not None else loaded.value if loaded else Statistics()
        )
        super().__init__(context)
        if loaded is not None and loaded.problem:
            self.say(loaded.problem)

    def build(self) -> list[Item]:
        """Back."""
        return [
            Button(
                "back",
                Box(1040, 630, 200, 50),
                label=N_("Back"),
                key="Esc",
                kind="primary",
                on_press=self.back,
            )
        ]

    def _row(
        self,
        surface: pygame.Surface,
        viewport: Viewport,
        panel: Box,
        y: float,
        name: str,
        record: GameRecord,
    ) -> None:
        net = record.net_chips
        values = [
            (name, IVORY),
            (number(record.hands_played), IVORY),
            (number(record.hands_won), IVORY),
            (f"{record.win_rate:.0%}", IVORY),
            (signed(net), (140, 210, 140) if net > 0 else (230, 130, 120) if net < 0 else IVORY),
            (number(record.biggest_pot), IVORY),
            (said_recorded_hand(record.best_hand) if record.best_hand else "—", GOLD),
        ]
        for (words, colour), (_heading, x) in zip(values, COLUMNS, strict=True):
            draw_text(surface, viewport, words, (panel.x + x, y), 15, colour, x == 24, 280)

    def _header(self, surface: pygame.Surface, viewport: Viewport, panel: Box, first: str) -> None:
        for index, (label, x) in enumerate(COLUMNS):
            following = COLUMNS[index + 1][1] if index + 1 < len(COLUMNS) else panel.width - 10
            draw_text(
                surface,
                viewport,
                _(first if index == 0 else label),
                (panel.x + x, panel.y + 52),
                13,
                MUTED,
                True,
                following - x - 10,
            )

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The lifetime table, then this session's (or a word that none is in play)."""
        draw_panel(surface, viewport, LIFETIME_PANEL, N_("Lifetime"))
        self._header(surface, viewport, LIFETIME_PANEL, N_("Game"))
        games = game_rows(self.lifetime)
        room = LIFETIME_PANEL.bottom - 10 - (LIFETIME_PANEL.y + 82)
        step = min(ROW_HEIGHT, room / max(1, len(games) + (1 if len(games) > 1 else 0)))
        if not games:
            draw_text(
                surface,
                viewport,
                _("No hands played yet: start a new game from the main menu."),
                LIFETIME_PANEL.centre,
                16,
                MUTED,
                False,
                900,
                "center",
            )
        total = GameRecord()
        for row, (title, record) in enumerate(games):
            y = LIFETIME_PANEL.y + 82 + row * step
            self._row(surface, viewport, LIFETIME_PANEL, y, title, record)
            total.hands_played += record.hands_played
            total.hands_won += record.hands_won
            total.net_chips += record.net_chips
            total.biggest_pot = max(total.biggest_pot, record.biggest_pot)
        if len(games) > 1:
            y = LIFETIME_PANEL.y + 82 + len(games) * step + 6
            pygame.draw.line(
                surface,
                (90, 80, 60),
                viewport.point((LIFETIME_PANEL.x + 20, y - 4)),
                viewport.point((LIFETIME_PANEL.right - 20, y - 4)),
            )
            self._row(surface, viewport, LIFETIME_PANEL, y + 2, _("All games"), total)
        draw_panel(surface, viewport, SESSION_PANEL, N_("This session"))
        if self.tally is None or not self.tally.records:
            draw_text(
                surface,
                viewport,
                _("No table in play."),
                SESSION_PANEL.centre,
                15,
                MUTED,
                False,
                600,
                "center",
            )
            return
        series = []
        for seat, name in self.tally.names():
            record = self.tally.records[seat]
            series.append((name, [self.tally.starting[seat], *record.chips_after_each_deal]))
        chart = Box(
            SESSION_PANEL.x + 10,
            SESSION_PANEL.y + 46,
            SESSION_PANEL.width - 20,
            SESSION_PANEL.height - 56,
        )
        draw_chip_chart(surface, viewport, chart, series)
