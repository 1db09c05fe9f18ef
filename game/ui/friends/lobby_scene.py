"""The lobby of a network table: who has joined, the room code and the addresses to read out,
and for the host Start and each seat's give-to-a-bot or open-for-a-friend. When the first state
arrives the table has started and the lobby turns into the table.

Between deals the host opens the same seat controls over the table (`SeatsScene`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.network.hosting import HostedTable, HostingError
from game.network.protocol import Lobby, SeatInfo
from game.network.remote_table import Problem
from game.ui.art.portrait_art import portrait
from game.ui.friends.link import TableLink
from game.ui.friends.phone_code import draw_phone_code
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, wrap
from game.ui.kit.widgets import (
    DIM,
    MUTED,
    WARNING,
    Button,
    FormScene,
    Item,
    draw_panel,
    draw_text,
)
from game.ui.menus.setup_scene import default_level, describe_kind
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Scene
from game.words.network import ending_words, problem_words

PLAYERS = Box(60, 100, 620, 500)
CODE = Box(710, 100, 510, 500)
PHONE_CODE = 196.0
"""The side of the phone page's QR code beside the room code and the addresses."""
ROW = 66.0

TableOpener = Callable[[GameContext, TableLink, str], Scene]
"""Makes the table's screen for a link (the lobby turns into it)."""

CONNECTED: tuple[int, int, int] = (120, 210, 130)


def seat_kind_words(info: SeatInfo, own: int | None) -> str:
    """'You', 'Friend', 'Bot · Medium' or 'Open seat'."""
    if info.seat == own:
        return _("You")
    if info.kind == "bot":
        return describe_kind(info.level or default_level())
    if info.kind == "open" or not info.name:
        return _("Open seat: waiting for a friend")
    return _("Friend")


def is_open(info: SeatInfo) -> bool:
    """Whether a seat waits for a player to join."""
    return info.kind == "open" or (info.kind == "remote" and not info.name)


class LobbyScene(FormScene):
    """Who has joined; the host starts the table. Turns into the table when it starts."""

    title = N_("Lobby")
    subtitle = N_("Read the room code and an address out to your friends.")
    joiner_subtitle = N_("You have joined: the table starts when the host says so.")
    """A player who joined is told what happens next (the host reads the code out)."""
    watcher_subtitle = N_("You are watching: the table starts when the host says so.")
    hint = N_("↑ ↓ move   Enter choose   Esc leave")
    default_focus = "start"

    def __init__(
        self,
        context: GameContext,
        link: TableLink,
        title: str,
        table: TableOpener | None = None,
    ) -> None:
        """`table` makes the table's screen once it starts (the seat controls over the table
        have none)."""
        self.link = link
        self.table = table
        self.game_title = title
        self.shown: Lobby | None = None
        if not link.is_host:
            self.subtitle = self.watcher_subtitle if link.remote.spectator else self.joiner_subtitle
        super().__init__(context)

    @property
    def lobby(self) -> Lobby | None:
        """The latest lobby the table sent."""
        return self.link.remote.lobby

    def build(self) -> list[Item]:
        """Per seat the host's controls; Start (host) and Leave."""
        items = self.seat_items()
        if self.link.is_host:
            items.append(
                Button(
                    "start",
                    Box(CODE.x + 20, CODE.bottom - 130, CODE.width - 40, 52),
                    hotkeys=(pygame.K_s,),
                    label=N_("Start now"),
                    key="S",
                    kind="primary",
                    on_press=self.begin,
                )
            )
        items.append(
            Button(
                "leave",
                Box(CODE.x + 20, CODE.bottom - 66, CODE.width - 40, 46),
                label=N_("Close the table") if self.link.is_host else N_("Leave"),
                key="Esc",
                kind="quiet",
                on_press=self.back,
            )
        )
        return items

    def seat_items(self) -> list[Item]:
        """The host's button on each other seat: give it to a bot, or open it for a friend."""
        lobby = self.lobby
        if not self.link.is_host or lobby is None:
            return []
        items: list[Item] = []
        for info in lobby.players[:7]:
            if info.seat == self.link.remote.seat:
                continue
            box = Box(PLAYERS.right - 200, PLAYERS.y + 56 + info.seat * ROW + 12, 184, 38)
            if info.kind == "bot":
                items.append(
                    Button(
                        f"free:{info.seat}",
                        box,
                        label=N_("Open for a friend"),
                        on_press=_freeing(self, info.seat),
                    )
                )
            else:
                items.append(
                    Button(
                        f"bot:{info.seat}",
                        box,
                        label=N_("Give to a bot"),
                        on_press=_giving(self, info.seat),
                    )
                )
        return items

    # --- the host's controls ---------------------------------------------------------------

    def begin(self) -> None:
        """Start the table now: open seats are played by bots."""
        if self.link.hosted is not None:
            self._change(lambda hosted: hosted.begin(default_level()), "")

    def give_to_bot(self, seat: int) -> None:
        """A bot plays `seat` (from the next deal, once the table plays)."""
        words = _("Seat {seat} goes to a bot.").format(seat=seat + 1)
        self._change(lambda hosted: hosted.give_to_bot(seat, default_level()), words)

    def free_seat(self, seat: int) -> None:
        """A bot's seat opens for a friend to join."""
        words = _("Seat {seat} is open for a friend.").format(seat=seat + 1)
        self._change(lambda hosted: hosted.free_seat(seat), words)

    def _change(self, change: Callable[[HostedTable], None], done: str) -> None:
        """Make a change of the host's, then say `done` (or why the table refused it)."""
        hosted = self.link.hosted
        if hosted is None:
            return
        try:
            change(hosted)
        except HostingError as error:
            self.say(_("The table refused: {problem}").format(problem=error))
            return
        if done:
            self.say(done, problem=False)

    def back(self) -> None:
        """Leave (a host closes the table for everyone; a player leaving before the start
        frees the seat, so its token is forgotten)."""
        if self.lobby is None or not self.lobby.started:
            self.link.forget_seat()
        self.link.leave()
        if self.scenes is not None:
            self.scenes.pop()

    # --- the table's messages ---------------------------------------------------------------

    def update(self, seconds: float) -> None:
        """Follow the table: a new lobby, its start (→ the table), its end or a broken link."""
        remote = self.link.remote
        remote.pump()
        kept = self.link.follow()
        if kept:
            self.say(kept)
        if remote.ended is not None:
            self.end(ending_words(remote.ended.reason, remote.ended.sentence))
            return
        problem = remote.problem
        if problem is not None and problem.fatal:
            self.fail(problem)
            return
        if remote.state is not None and self.scenes is not None:
            self.open_table()
            return
        if self.lobby is not self.shown:
            self.shown = self.lobby
            self.rebuild()
            self.request_redraw()

    @property
    def wake_in(self) -> float | None:
        """Look at the network every frame."""
        return 0.05

    def open_table(self) -> None:
        """The table started: the lobby turns into it."""
        if self.scenes is None or self.table is None:
            return
        self.scenes.replace(self.table(self.context, self.link, self.game_title))

    def end(self, words: str) -> None:
        """The table ended: back to the main menu, which says why."""
        self.link.leave()
        self.context.notes.append(words)
        if self.scenes is not None:
            self.context.routes.main_menu(self.scenes)

    def fail(self, problem: Problem) -> None:
        """The connection broke: back to the screen before, which says why."""
        self.link.leave()
        words = problem_words(problem.reason, problem.sentence)
        scenes = self.scenes
        if scenes is None:
            return
        scenes.pop()
        below: Scene | None = scenes.top
        if isinstance(below, FormScene):
            below.say(words)

    # --- drawing --------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """Each seat with its portrait, name, kind and connection; the code and addresses."""
        draw_panel(surface, viewport, PLAYERS, N_("Players"))
        lobby = self.lobby
        own = self.link.remote.seat
        if lobby is None:
            words = _("Joining the table…")
            draw_text(surface, viewport, words, (PLAYERS.x + 24, PLAYERS.y + 64), 16, MUTED)
        else:
            for info in lobby.players[:7]:
                self.draw_seat(surface, viewport, info, own)
        self.draw_code(surface, viewport, lobby)

    def draw_seat(
        self, surface: pygame.Surface, viewport: Viewport, info: SeatInfo, own: int | None
    ) -> None:
        """One seat's row."""
        top = PLAYERS.y + 56 + info.seat * ROW
        waiting = is_open(info)
        diameter = viewport.length(48)
        face = portrait(info.name or "?", diameter, waiting or not info.connected)
        surface.blit(face, viewport.point((PLAYERS.x + 20, top + 7)))
        name = info.name if not waiting else _("Seat {seat}").format(seat=info.seat + 1)
        room = PLAYERS.width - 300
        colour = IVORY if not waiting else DIM
        draw_text(surface, viewport, name, (PLAYERS.x + 82, top + 8), 17, colour, True, room)
        words = seat_kind_words(info, own)
        draw_text(surface, viewport, words, (PLAYERS.x + 82, top + 34), 13, MUTED, False, room)
        if not waiting and info.kind != "bot":
            state = _("connected") if info.connected else _("disconnected")
            dot = CONNECTED if info.connected else WARNING
            centre = viewport.point((PLAYERS.x + 62, top + 49))
            pygame.draw.circle(surface, dot, centre, viewport.length(6))
            at = (PLAYERS.right - 214 if self.link.is_host else PLAYERS.right - 20, top + 24)
            anchor = "midright"
            draw_text(surface, viewport, state, at, 13, dot, False, 150, anchor)

    def draw_code(self, surface: pygame.Surface, viewport: Viewport, lobby: Lobby | None) -> None:
        """The game, the room code in large letters, the addresses, and what the table waits
        for."""
        draw_panel(surface, viewport, CODE, _(self.game_title))
        left = CODE.x + 24
        width = full = CODE.width - 48
        page = self.link.page
        if page is not None:
            width -= PHONE_CODE + 16
            square = Box(CODE.right - 24 - PHONE_CODE, CODE.y + 56, PHONE_CODE, PHONE_CODE)
            draw_phone_code(surface, viewport, page, square)
        draw_text(surface, viewport, _("Room code"), (left, CODE.y + 56), 14, MUTED, False, width)
        code = " ".join(self.link.remote.code)
        draw_text(surface, viewport, code, (left, CODE.y + 76), 40, GOLD, True, width)
        draw_text(surface, viewport, _("Address"), (left, CODE.y + 140), 14, MUTED, False, width)
        y = CODE.y + 160
        for address in self.link.where[:3]:
            draw_text(surface, viewport, address, (left, y), 22, IVORY, True, width)
            y += 30
        if page is not None:
            words = _("On a phone: scan the code, or open")
            draw_text(surface, viewport, words, (left, CODE.y + 262), 13, MUTED, False, full)
            draw_text(surface, viewport, page, (left, CODE.y + 280), 16, IVORY, True, full)
        if lobby is None or lobby.started:
            return
        if lobby.waiting and self.link.is_host:
            words = _("Waiting for friends: Start now and bots take the open seats.")
        elif self.link.is_host:
            words = _("Everyone is here: start when you like.")
        else:
            words = _("Waiting for the host to start the table…")
        y = CODE.bottom - 186
        for line in wrap(words, viewport.length(14), viewport.length(full))[:2]:
            draw_text(surface, viewport, line, (left, y), 14, IVORY, False, full)
            y += 20


class SeatsScene(LobbyScene):
    """The host's seat controls over the table, between deals: Escape goes back to the table."""

    title = N_("Seats")
    subtitle = N_("A seat given to a bot or opened for a friend changes from the next deal.")
    hint = N_("↑ ↓ move   Enter choose   Esc back to the table")
    default_focus = "table"

    def build(self) -> list[Item]:
        """The seat buttons and Back to the table."""
        items = self.seat_items()
        items.append(
            Button(
                "table",
                Box(CODE.x + 20, CODE.bottom - 66, CODE.width - 40, 46),
                label=N_("Back to the table"),
                key="Esc",
                kind="primary",
                on_press=self.back,
            )
        )
        return items

    def back(self) -> None:
        """Back to the table (the table stays)."""
        if self.scenes is not None:
            self.scenes.pop()

    def update(self, seconds: float) -> None:
        """Follow the lobby; the table underneath takes everything else when back on top."""
        self.link.remote.pump()
        if self.link.remote.ended is not None or self.link.remote.problem is not None:
            self.back()
            return
        if self.lobby is not self.shown:
            self.shown = self.lobby
            self.rebuild()


def _giving(scene: LobbyScene, seat: int) -> Callable[[], None]:
    return lambda: scene.give_to_bot(seat)


def _freeing(scene: LobbyScene, seat: int) -> Callable[[], None]:
    return lambda: scene.free_seat(seat)
