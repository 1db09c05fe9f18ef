"""The network table: a table scene fed by the connection to a table served elsewhere (or on
this machine, by its host), with what a table among friends adds.

What differs from a table on this machine: the server deals the next hand by itself (a "next
deal in N s" line instead of the Next deal button; the old cards are swept when the new deal's
events arrive); the other seats act on their own machines or the server's bots, so nothing here
waits to seem to think; nothing is saved here. Each state the connection takes is played in
order: its deal's events not yet shown, then the board matches its observation.

What it adds: each seat's name and portrait (the seat plates), a badge on a seat whose player
dropped, the turn clock as a ring around the seat to act (counted down here from the seconds
the state said), quick reactions (Tab or the button), and for the host between deals the
lobby's seat controls. A bye (and the host closing the table) shows everyone the final chips
before the main menu; a broken connection goes back to the main menu with a sentence. Escape
opens a small menu to leave (a host leaving ends the table for everyone). Each deal this seat
sees end counts in the lifetime statistics as a network deal; a spectator is told it watches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

import pygame

from game.engine.actions import Action
from game.engine.events import redact
from game.engine.observation import Observation
from game.i18n import _, language, number
from game.network.protocol import Reaction, Refused
from game.session import PERSON_NAME
from game.statistics import count_network_deal
from game.ui.art.fonts import fit_text
from game.ui.art.reaction_art import reaction_icon
from game.ui.friends.leave_scene import LeaveScene
from game.ui.friends.link import TableLink
from game.ui.friends.lobby_scene import SeatsScene
from game.ui.friends.reactions import PHRASES, Reactions, drawn_symbols
from game.ui.friends.standings_scene import StandingsScene, standings
from game.ui.kit.layout import LOGICAL_SIZE, Box, Point, SeatLayout, Viewport
from game.ui.kit.panels import GOLD, IVORY, button_face, tray
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Persist
from game.ui.table.chrome import STATUS_BOX
from game.ui.table.hud import Command
from game.ui.table.table_scene import TableScene
from game.ui.table.table_view import PORTRAIT_INSET, seat_label
from game.words.network import ending_words, problem_words, refusal_words

SEATS = Command("seats")
"""The host's button between deals: the seat controls."""

REACT_BUTTON = Box(416, 676, 116, 34)
"""The reactions button, bottom, between the log and the person's own seat."""

MENU_LEFT, MENU_WIDTH, MENU_BOTTOM = 420.0, 440.0, 486.0
"""The reactions menu stands on the felt just above your own cards, clear of them and of your
hand's name, and between the side seats' cards at every table size (its height follows its
rows)."""

SYMBOL_ROW = 52.0
"""The height of the menu's row of drawn symbols."""

BUBBLE_WIDTH = 236.0
"""The widest a reaction's bubble is (logical pixels)."""

OWN_BUBBLE_WIDTH = 180.0
"""The widest your own bubble is: left of your bet, clear of a lower left seat's cards."""

ICON_SIZE = 38.0
"""A drawn symbol's size on the menu's buttons and in a seat's bubble (logical pixels)."""

POLL = 0.05
"""Seconds between looks at the network while nothing moves."""

WATCHING_BOX = Box(8, 38, 520, 30)
"""A spectator's line: top left, under the title, clear of the top seat's plate."""

Heard = TypeVar("Heard", Reaction, Refused)

AWAY_COLOUR = (200, 70, 60)
SECONDS_GAP = 4
"""Logical units between a plate (or its badge) and the turn clock's seconds under it."""
CLOCK_COLOURS = ((110, 210, 120), (240, 190, 80), (235, 90, 70))


class NetworkTable(TableScene):
    """A table scene over a TableLink (see the module docstring)."""

    skips = False
    """The other seats play on their own machines or the server: nothing here to play at once."""

    def __init__(self, context: GameContext, link: TableLink, title: str) -> None:
        super().__init__(
            link.remote,
            style=context.style,
            speed=context.settings.animation_speed,
            title=title,
            sounds=context.sound,
            settings=context.settings,
        )
        self.context = context
        self.link = link
        self.remote = link.remote
        self.watching = False
        """A spectator watches the table as it plays: no pause or face-up cards of a table of
        bots on this machine (the server sends a spectator no one's cards)."""
        self.pending: list[Observation] = []
        self.deal_shown = 0
        self.played = 0
        self.clock_left: float | None = None
        self.clock_state = -1
        self.sent_for: int | None = None
        self.deal_countdown: float | None = None
        self.reactions = Reactions()
        self.menu_open = False
        self._last_reaction: Reaction | None = None
        self._last_refusal: Refused | None = None
        self._lobby_seen: object = None
        self.counted: set[int] = set()
        """The deals counted in the statistics (or seen already over: maybe counted before)."""
        self._name_seats()

    # --- set-up -------------------------------------------------------------------------------

    def startup(self, persist: Persist) -> None:
        """Show the deal as it stands (its events so far), then follow the states as they come."""
        super().startup(persist)
        self.remote.arrived()
        observation = self.observe()
        self.deal_shown = observation.deal_number
        self.played = len(observation.history)
        if observation.deal_over:  # its end came before this screen: another run counted it
            self.counted.add(observation.deal_number)
        self._mark_seen()

    def _name_seats(self) -> None:
        """The seats' names as the lobby says ('Seat N' while open), this screen's own 'You'
        with the portrait of its name (the face the lobby and the other players show)."""
        names = [
            name or _("Seat {seat}").format(seat=seat + 1)
            for seat, name in enumerate(self.remote.names)
        ]
        self.faces = {}
        if self.viewer is not None and self.viewer < len(names):
            self.faces[self.viewer] = names[self.viewer]
            names[self.viewer] = PERSON_NAME
        self.narrator.names = tuple(names)
        self._lobby_seen = self.remote.lobby

    def _mark_seen(self) -> None:
        """Reactions and refusals before now are not news."""
        self._last_reaction = self.remote.reactions[-1] if self.remote.reactions else None
        self._last_refusal = self.remote.refusals[-1] if self.remote.refusals else None

    # --- the network --------------------------------------------------------------------------

    def update(self, seconds: float) -> None:
        """Take what the table sent, count the clock down, then play on."""
        remote = self.remote
        remote.pump()
        kept = self.link.follow()
        if kept:
            self.notice(kept)
        self.count_deal()
        if remote.ended is not None:
            self.finish(ending_words(remote.ended.reason, remote.ended.sentence))
            return
        if remote.problem is not None and remote.problem.fatal:
            problem = remote.problem
            self.leave(problem_words(problem.reason, problem.sentence))
            return
        if remote.lobby is not self._lobby_seen:
            self._name_seats()
            self._panel_key = None
        self._take_reactions()
        self._take_refusals()
        if remote.version != self.clock_state:
            self.clock_state = remote.version
            state = remote.state
            self.clock_left = None if state is None else state.clock
        elif self.clock_left is not None:
            self.clock_left = max(0.0, self.clock_left - seconds)
        if self.reactions.tick(seconds):
            self.request_redraw()
        if self.deal_countdown is not None:
            self.deal_countdown = max(0.0, self.deal_countdown - seconds)
        super().update(seconds)

    def _take_reactions(self) -> None:
        fresh = _after(self.remote.reactions, self._last_reaction)
        for reaction in fresh:
            if self.reactions.arrive(reaction.seat, reaction.text):
                self.request_redraw()
        if fresh:
            self._last_reaction = fresh[-1]

    def _take_refusals(self) -> None:
        fresh = _after(self.remote.refusals, self._last_refusal)
        for refusal in fresh:
            self.notice(refusal_words(refusal.reason, refusal.sentence))
            self.sent_for = None
        if fresh:
            self._last_refusal = fresh[-1]

    def _next_turn(self, seconds: float) -> None:
        """Nothing moves: play what arrived, else show the person their controls, the host the
        seat controls between deals, or wait."""
        self.pending += self.remote.arrived()
        if self.pending:
            self._play_arrived()
            return
        observation = self.observe()
        if observation.deal_over:
            self._waiting_for_deal(observation)
            return
        self.deal_countdown = None
        person = self.remote.person_to_act()
        answered = self.sent_for is not None and self.sent_for == self.remote.version
        if person is not None and person.question is not None and not answered:
            self._show_controls(person.question)
        elif self.panel.visible:
            self.panel.clear()
            self._panel_key = None

    def _play_arrived(self) -> None:
        """Play the states that arrived of one deal: a new deal sweeps the old cards first. A
        screen more than a deal behind (a server that deals without a pause) skips to the
        latest deal."""
        latest = self.pending[-1].deal_number
        if latest > self.deal_shown + 1:
            self.pending = [state for state in self.pending if state.deal_number == latest]
        deal = self.pending[0].deal_number
        count = 1
        while count < len(self.pending) and self.pending[count].deal_number == deal:
            count += 1
        batch, self.pending = self.pending[:count], self.pending[count:]
        last = batch[-1]
        if deal != self.deal_shown:
            if self.deal_shown > 0:
                self.director.run(self.director.sweep())
            self.director.stage.caption = None
            self.end_message = ""
            self.deal_countdown = None
            events = list(last.history)
        else:
            events = list(last.history[self.played :])
        self.deal_shown, self.played = deal, len(last.history)
        if last.deal_over and self.deal_countdown is None:
            self.deal_countdown = self.link.deal_pause  # the server's pause starts now
        self.panel.clear()
        self._panel_key = None
        self.director.play(
            [redact(event, self.viewer) for event in events], last, deal_over=last.deal_over
        )

    def _waiting_for_deal(self, observation: Observation) -> None:
        """Between deals the server deals by itself: a countdown; the host may change seats."""
        if self.deal_countdown is None:
            self.deal_countdown = self.link.deal_pause
        key = ("between", observation.deal_number, self.link.is_host, language())
        if key == self._panel_key:
            return
        self._panel_key = key
        if self.link.is_host:
            tip = _("Give a seat to a bot, or open a bot's seat for a friend (S).")
            self.panel.show_commands([(_("Seats"), "s", SEATS, tip)])
        else:
            self.panel.clear()

    def _command(self, command: Command) -> None:
        if command == SEATS and self.scenes is not None:
            self.scenes.push(SeatsScene(self.context, self.link, self.title))

    def submit(self, action: Action) -> None:
        """Send the person's move; its controls stay away until the table answers."""
        self.sent_for = self.remote.version
        super().submit(action)

    def start_deal(self) -> None:
        """The server deals by itself: nothing to ask of it."""

    def leave(self, words: str = "") -> None:
        """Leave the table and go back to the main menu, which says `words`; a host ends the
        table for everyone, and sees its final chips as they do."""
        if self.link.is_host and not words:
            self.finish(_("You closed the table."))
            return
        self.link.leave()
        if words:
            self.context.notes.append(words)
        if self.scenes is not None:
            self.context.routes.main_menu(self.scenes)

    def finish(self, words: str) -> None:
        """The table ended (`words` say why): everyone's final chips, then the main menu."""
        self.link.leave()
        observation = self.remote.observation
        scenes = self.scenes
        if scenes is None:
            return
        self.context.routes.main_menu(scenes)
        if observation is None:
            self.context.notes.append(words)
            return
        deals = observation.deal_number - (0 if observation.deal_over else 1)
        rows = standings(observation, self.remote.names)
        scenes.push(StandingsScene(self.context, words, rows, deals))

    def count_deal(self) -> None:
        """A deal this seat saw end counts in the lifetime statistics, as a network deal."""
        observation = self.remote.observation
        if observation is None or not observation.deal_over or self.viewer is None:
            return
        if observation.deal_number in self.counted:
            return
        self.counted.add(observation.deal_number)
        problem = count_network_deal(observation)
        if problem:
            self.notice(problem)

    def cleanup(self) -> Persist:
        """The table leaves the screen (the window closed, the main menu): leave the table."""
        self.link.leave()
        return super().cleanup()

    # --- reactions ----------------------------------------------------------------------------

    def menu_entries(self) -> list[tuple[Box, str, str]]:
        """The reactions menu's rows: (box, what pressing it does, its words); 'say:…' sends a
        phrase or symbol, 'mute:N' mutes or unmutes seat N."""
        entries: list[tuple[Box, str, str]] = []
        menu = self.menu_box()
        left, top, width = menu.x + 12, menu.y + 40, menu.width - 24
        half = (width - 8) / 2
        for index, phrase in enumerate(PHRASES):
            row, side = divmod(index, 2)
            box = Box(left + side * (half + 8), top + row * 40, half, 34)
            entries.append((box, f"say:{phrase}", _(phrase)))
        top += 40 * math.ceil(len(PHRASES) / 2) + 4
        symbols = drawn_symbols()
        if symbols:
            each = min(64.0, (width - 6 * (len(symbols) - 1)) / len(symbols))
            for index, symbol in enumerate(symbols):
                box = Box(left + index * (each + 6), top, each, SYMBOL_ROW - 6)
                entries.append((box, f"say:{symbol}", symbol))
            top += SYMBOL_ROW
        for index, seat in enumerate(self.other_people()[:3]):
            row, side = divmod(index, 2)
            name = seat_label(self.narrator.name(seat))
            muted = seat in self.reactions.muted
            words = _("Hear {name}") if muted else _("Mute {name}")
            box = Box(left + side * (half + 8), top + row * 36, half, 32)
            entries.append((box, f"mute:{seat}", words.format(name=name)))
        return entries

    def menu_box(self) -> Box:
        """Where the reactions menu stands: above your own cards, as tall as its rows."""
        rows = math.ceil(len(PHRASES) / 2) * 40 + 4.0
        rows += SYMBOL_ROW if drawn_symbols() else 0
        rows += 36 * math.ceil(len(self.other_people()[:3]) / 2)
        height = 40 + rows + 8
        return Box(MENU_LEFT, MENU_BOTTOM - height, MENU_WIDTH, height)

    def other_people(self) -> list[int]:
        """The seats of the other players (not bots or open seats, not this screen's)."""
        lobby = self.remote.lobby
        if lobby is None:
            return []
        return [
            info.seat
            for info in lobby.players
            if info.kind == "remote" and info.name and info.seat != self.viewer
        ]

    def press_menu(self, what: str) -> None:
        """Send a reaction or mute a player, from the menu."""
        if what.startswith("mute:"):
            self.reactions.toggle_mute(int(what[5:]))
            return
        if not self.reactions.may_send():
            self.notice(_("One reaction every two seconds."))
            return
        self.remote.react(what[4:])
        self.reactions.sent()
        self.menu_open = False

    def _menu_click(self, point: Point) -> bool:
        """A click while the menu is open (whether the menu took it)."""
        for box, what, _words in self.menu_entries():
            if box.contains(point):
                self.press_menu(what)
                return True
        inside = self.menu_box().contains(point) or REACT_BUTTON.contains(point)
        if not inside:
            self.menu_open = False
        return inside

    def handle_event(self, event: pygame.event.Event) -> None:
        """Escape: the menu to leave (or the reactions menu closes); Tab or the button: the
        reactions; the rest plays as at any table."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu_open:
                self.menu_open = False
            elif self.scenes is not None:
                self.scenes.push(LeaveScene(self.context, self))
            self.request_redraw()
            return
        speaks = self.viewer is not None  # spectators watch quietly
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and speaks:
            self.menu_open = not self.menu_open
            self.request_redraw()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.menu_open and self._menu_click(event.pos):
                self.request_redraw()
                return
            if REACT_BUTTON.contains(event.pos) and speaks:
                self.menu_open = not self.menu_open
                self.request_redraw()
                return
        super().handle_event(event)

    # --- what nothing else draws --------------------------------------------------------------

    @property
    def wake_in(self) -> float | None:
        """Look at the network often while nothing moves."""
        timers = [POLL]
        for left in (super().wake_in, self.reactions.next_change):
            if left is not None:
                timers.append(left)
        return max(0.0, min(timers))

    def status_words(self) -> str:
        """Reconnecting, the next deal's countdown, a move on its way, or whose turn it is."""
        if self.remote.reconnecting:
            return _("Reconnecting to the table…")
        observation = self.observe()
        if self.director.busy:
            return super().status_words()
        if observation.deal_over:
            left = self.deal_countdown
            if left is None or left <= 0.5:
                return _("The next deal is coming…")
            return _("Next deal in {seconds} s").format(seconds=number(math.ceil(left)))
        mine = observation.to_act == self.viewer is not None
        if mine and self.sent_for == self.remote.version:
            return _("Your move is on its way…")
        if observation.to_act is not None and not mine:
            name = seat_label(self.narrator.name(observation.to_act))
            return _("{name} to act").format(name=name)
        return super().status_words()

    def draw(self, surface: pygame.Surface) -> None:
        """The table; then the turn clock, the dropped players' badges, the reactions."""
        super().draw(surface)
        viewport = Viewport.fit(surface.get_size())
        badges = self.away_badges(viewport, surface.get_rect())
        self.draw_clock(surface, viewport, badges)
        self.draw_away(surface, badges)
        self.draw_bubbles(surface, viewport)
        if self.viewer is not None:
            self.draw_react_button(surface, viewport)
        else:
            self.draw_watching(surface, viewport)
        if self.panel.visible and self.observe().deal_over and not self.director.busy:
            words = fit_text(self.status_words(), viewport.length(14), IVORY, 999)
            where = viewport.point((STATUS_BOX.centre[0], STATUS_BOX.y - 12))
            surface.blit(words, words.get_rect(center=where))
        if self.menu_open:
            self.draw_menu(surface, viewport)

    def _avatar(self, seat: int) -> tuple[Point, float] | None:
        """The centre and radius (logical) of a seat's portrait on its plate."""
        seats = self.layout().seats
        if seat >= len(seats):
            return None
        plate = seats[seat].plate
        radius = (plate.height - 2 * PORTRAIT_INSET) / 2
        return (plate.x + PORTRAIT_INSET + radius, plate.centre[1]), radius

    def draw_clock(
        self,
        surface: pygame.Surface,
        viewport: Viewport,
        badges: dict[int, tuple[pygame.Surface, pygame.Rect]] | None = None,
    ) -> pygame.Rect | None:
        """The turn clock: a ring round the portrait of the seat to act, shrinking as it runs,
        and its seconds under the plate (under the seat's DISCONNECTED badge, if it has one;
        left of a top seat's plate, whose cards are under it). Returns where the seconds were
        drawn, in pixels (None: no clock)."""
        table = self.remote.table
        left = self.clock_left
        observation = self.observe()
        seat = observation.to_act
        if table is None or not table.turn_seconds or left is None or seat is None:
            return None
        if observation.deal_over or self.director.busy:
            return None
        avatar = self._avatar(seat)
        if avatar is None:
            return None
        centre, radius = avatar
        share = max(0.0, min(1.0, left / table.turn_seconds))
        colour = CLOCK_COLOURS[0 if share > 0.5 else 1 if share > 0.2 else 2]
        ring = radius + 5
        rect = pygame.Rect(viewport.box(Box.around(centre, 2 * ring, 2 * ring)))
        width = max(2, viewport.length(4))
        pygame.draw.circle(surface, (20, 20, 20), rect.center, rect.width // 2, width)
        if share > 0:
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * share, width)
        seconds = fit_text(number(math.ceil(left)), viewport.length(12), colour, 999, True)
        gap = viewport.length(SECONDS_GAP)
        badge = (badges or {}).get(seat)
        if self.layout().seats[seat].side == "top":
            # a top seat's cards lie under its plate: the seconds go to the plate's left
            left_edge = viewport.point((centre[0] - radius - PORTRAIT_INSET, centre[1]))
            rect = seconds.get_rect(midright=(left_edge[0] - gap, left_edge[1]))
        else:
            plate_bottom = viewport.point((centre[0], centre[1] + radius + PORTRAIT_INSET))
            top = plate_bottom[1] if badge is None else badge[1].bottom
            rect = seconds.get_rect(midtop=(plate_bottom[0], top + gap))
        rect.clamp_ip(surface.get_rect())
        surface.blit(seconds, rect)
        return rect

    def away_badges(
        self, viewport: Viewport, screen: pygame.Rect
    ) -> dict[int, tuple[pygame.Surface, pygame.Rect]]:
        """The words and pixel rect of a badge under the portrait of each seat whose player
        dropped."""
        lobby = self.remote.lobby
        if lobby is None:
            return {}
        badges = {}
        for info in lobby.players:
            avatar = self._avatar(info.seat)
            if info.kind == "bot" or info.connected or avatar is None:
                continue
            (x, y), radius = avatar
            words = fit_text(_("DISCONNECTED"), viewport.length(10), IVORY, 999, True)
            pad = viewport.length(4)
            rect = words.get_rect()
            rect.inflate_ip(2 * pad, pad)
            rect.midtop = viewport.point((x + radius, y + radius - 2))
            rect.clamp_ip(screen)
            badges[info.seat] = (words, rect)
        return badges

    def draw_away(
        self, surface: pygame.Surface, badges: dict[int, tuple[pygame.Surface, pygame.Rect]]
    ) -> None:
        """The badges of the seats whose player dropped (see `away_badges`)."""
        for words, rect in badges.values():
            pygame.draw.rect(surface, AWAY_COLOUR, rect, border_radius=rect.height // 2)
            surface.blit(words, words.get_rect(center=rect.center))

    def draw_bubbles(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """Each reaction on show, in a bubble over its seat's plate."""
        seats = self.layout().seats
        for seat, (words, _left) in self.reactions.shown.items():
            if seat >= len(seats):
                continue
            anchor, point, room = bubble_place(seats, seats[seat])
            icon = reaction_icon(words, viewport.length(ICON_SIZE))
            pad = viewport.length(8 if icon is None else 4)
            width = viewport.length(room) - 2 * pad
            label = icon or fit_text(words, viewport.length(15), (30, 26, 20), width)
            rect = label.get_rect()
            rect.inflate_ip(2 * pad, pad)
            setattr(rect, anchor, viewport.point(point))
            rect.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, (250, 246, 232), rect, border_radius=viewport.length(10))
            pygame.draw.rect(surface, GOLD, rect, 1, border_radius=viewport.length(10))
            surface.blit(label, label.get_rect(center=rect.center))

    def watching_words(self) -> str:
        """A spectator is told that it watches, whose table, and how to leave."""
        host = self.remote.host_name
        if host:
            return _("Watching {name}'s table — Esc to leave").format(name=host)
        return _("Watching this table — Esc to leave")

    def draw_watching(self, surface: pygame.Surface, viewport: Viewport) -> pygame.Rect:
        """The spectator's line in a small tray, sized to its words; returns where (pixels)."""
        room = viewport.length(WATCHING_BOX.width - 24)
        words = fit_text(self.watching_words(), viewport.length(14), GOLD, room, True)
        pad = viewport.length(12)
        left, top = viewport.point((WATCHING_BOX.x, WATCHING_BOX.y))
        rect = pygame.Rect(left, top, words.get_width() + 2 * pad, viewport.length(30))
        surface.blit(tray(rect.size, 215), rect)
        surface.blit(words, words.get_rect(midleft=(rect.x + pad, rect.centery)))
        return rect

    def draw_react_button(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The reactions button (Tab opens it too, as the table's help says)."""
        rect = pygame.Rect(viewport.box(REACT_BUTTON))
        state = "hover" if self.menu_open else "up"
        surface.blit(button_face(rect.size, _("React"), "", "plain", state), rect)

    def draw_menu(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The reactions menu: phrases, symbols, and a mute switch per player."""
        menu = self.menu_box()
        rect = pygame.Rect(viewport.box(menu))
        surface.blit(tray(rect.size, 250), rect.topleft)
        title = _("Say to the table")
        room = viewport.length(menu.width - 24)
        label = fit_text(title, viewport.length(14), GOLD, room, True)
        surface.blit(label, viewport.point((menu.x + 12, menu.y + 12)))
        for box, what, words in self.menu_entries():
            area = pygame.Rect(viewport.box(box))
            kind = "quiet" if what.startswith("mute:") else "plain"
            icon = reaction_icon(words, viewport.length(ICON_SIZE))
            surface.blit(button_face(area.size, "" if icon else words, "", kind, "up"), area)
            if icon is not None:
                surface.blit(icon, icon.get_rect(center=area.center))


def bubble_place(seats: Sequence[SeatLayout], seat: SeatLayout) -> tuple[str, Point, float]:
    """Where a seat's reaction bubble stands (logical): the bubble's point that is placed (a
    pygame.Rect attribute), where, and the widest the bubble may be. Over a side seat's plate;
    left of your own bet; beside a top seat's plate, on its roomier side (over it, the bubble
    would hide the name of who said it)."""
    plate = seat.plate
    if seat.side == "bottom":  # left of your bet, over none of your cards or chips
        return "midright", (seat.bet.x - 8, seat.bet.centre[1]), OWN_BUBBLE_WIDTH
    if seat.side != "top":
        return "midbottom", (plate.centre[0], plate.y - 16), BUBBLE_WIDTH
    others = [other.plate for other in seats if other.side == "top" and other is not seat]
    left = plate.x - max((other.right for other in others if other.right <= plate.x), default=0)
    right = min((other.x for other in others if other.x >= plate.right), default=LOGICAL_SIZE[0])
    right -= plate.right
    if left > right:
        return "midright", (plate.x - 8, plate.centre[1]), min(BUBBLE_WIDTH, left - 16)
    return "midleft", (plate.right + 8, plate.centre[1]), min(BUBBLE_WIDTH, right - 16)


def _after(items: list[Heard], last: Heard | None) -> list[Heard]:
    """The items after `last` (by identity; all when `last` was trimmed away or is None)."""
    for index in range(len(items) - 1, -1, -1):
        if items[index] is last:
            return list(items[index + 1 :])
    return list(items)
