"""The playable table: a session's deals, animated event by event, with controls for its people.

The flow of one click: the control panel turns a click or key into an Action →
`session.submit` → (hot-seat: the view turns to a spectator's at once, unless the person on
screen is sure to act next) → the engine's events, redacted for the viewer → the director
animates them on the board → when nothing moves, the scene decides what is next: controls for
the viewer, a bot's turn after a short natural pause, a hand-off screen when another person
must take the seat, or the result and the Next deal button.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.agents.agent import SeatError
from game.engine.actions import Action, Discard, IllegalActionError
from game.engine.cards import Card
from game.engine.events import Event, redact
from game.engine.families import family_title
from game.engine.hands import Ranking, shown_hand_name
from game.engine.observation import Observation
from game.engine.table import COVERED
from game.i18n import N_, _, language, number
from game.persistence.settings import Settings
from game.records import RecordKeeper
from game.session import Session
from game.ui.art.art import DEFAULT_STYLE, ArtStyle, lay_over, ready
from game.ui.art.fonts import fit_text, text
from game.ui.art.sound import SoundBoard
from game.ui.kit.layout import Box, Point, TableLayout, Viewport, caption_box
from game.ui.kit.panels import GOLD, IVORY, caption_banner, tray, wrap
from game.ui.kit.tween import Animator
from game.ui.shell.scene import Persist, Scene
from game.ui.table.animation import Director, warm_flight_art
from game.ui.table.board import Board
from game.ui.table.bot_warm_up import warm_up_in_background
from game.ui.table.coach import Advice, advise, coach_box, draw_coach
from game.ui.table.controls import controls_for, narrow_note
from game.ui.table.handoff import HandoffScene
from game.ui.table.hud import NEW_SESSION, NEXT_DEAL, Command, ControlPanel
from game.ui.table.narration import Narrator
from game.ui.table.table_view import (
    TableExtras,
    button_seat,
    cached_layout,
    draw_open_card_tip,
    draw_table,
    is_you,
    open_card_tip,
    seat_label,
    warm_table_art,
)
from game.ui.table.wagers import CASINO, HOUSE_BADGE, is_banked
from game.ui.table.watching import WATCH_PAUSE, explain, first_move, next_speed

log = logging.getLogger(__name__)

BOT_DELAY = (0.5, 1.2)
"""Seconds a bot seems to think, before the animation speed scales it."""

CAPTION_HEIGHT = 40.0
"""Logical height of a one-line result ribbon."""

CAPTION_WIDTH = 760.0
"""The widest a result ribbon may be (logical pixels); longer words take a second line."""

BUTTON_SECONDS = 0.7
"""How long the dealer button takes to slide to the next dealer (at speed 1)."""

LOG_LINES = 5
"""Message-log lines on show."""

NOTE_SECONDS = 12.0
"""How long a notice (a settings problem, a refused action) stays up."""


HOUSE_NAME = N_("Dealer")
"""The casino dealer's name on its plate and in the log (translated where drawn)."""


def seat_names(session: Session) -> list[str]:
    """Every seat's name; at the casino table the house's hand (last) is the Dealer."""
    names = list(session.names)
    if session.rules.family == CASINO:
        names.append(HOUSE_NAME)
    return names


SessionFactory = Callable[[], Session]


class TableScene(Scene):
    """A table in play: draws the board, runs the director, the controls, the bots' turns."""

    def __init__(
        self,
        session: Session,
        *,
        style: ArtStyle = DEFAULT_STYLE,
        speed: float = 1.0,
        notes: Sequence[str] = (),
        new_session: SessionFactory | None = None,
        title: str = "",
        sounds: SoundBoard | None = None,
        coach: bool = False,
        settings: Settings | None = None,
        records: RecordKeeper | None = None,
    ) -> None:
        """`settings` (a table run from the menus) give the coach and the sound and remember the
        coach; `records` keeps the session's records, and its problems become notices."""
        super().__init__()
        warm_up_in_background(session.rules)
        self.session = session
        self.settings = settings
        self.records = records
        self.style = style
        self.new_session = new_session
        self.title = title
        humans = session.humans
        self.viewer: int | None = humans[0] if humans else None
        self.bottom = self.viewer if self.viewer is not None else 0
        self._seen: tuple[tuple[int, int | None], Observation] | None = None
        """The last observation made, with the table's version and viewer it was made for."""
        self.board = Board.from_observation(session.observe(self.viewer))
        self.narrator = Narrator(seat_names(session), session.rules.family)
        self.director = Director(
            self.board, self.narrator, self.layout, Animator(speed), sounds=sounds
        )
        self.panel = ControlPanel()
        self.think_rng = random.Random(session.seed * 31 + 7)
        self.bot_wait: float | None = None
        self.notes: list[tuple[str, float]] = [(note, NOTE_SECONDS) for note in notes if note]
        self.handing_to: int | None = None
        self._panel_key: tuple[object, ...] | None = None
        self._warm_size: tuple[int, int] | None = None
        self.pointer: Point | None = None
        self.end_message = ""
        self.coach = coach
        self.advice: Advice | None = None
        self.button_shown: int | None = None
        self.button_trip: tuple[tuple[float, float], tuple[float, float], float] | None = None
        """The dealer button sliding from one seat to the next: from, to, share done."""
        self.watching = not humans
        """No person seated: the table plays on by itself (pause, speed, face-up cards)."""
        self.paused = False
        self.face_up = False
        self.next_deal_in: float | None = None
        self.why = ""
        """The watcher's coach: why the last bot did what it did, in a sentence."""
        self.pending_why = ""
        """The next sentence, shown once that move's animation has played."""
        for note in notes:
            if note:
                self.director.stage.log.append(note)

    # --- set-up -------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        """The animation speed multiplier."""
        return self.director.animator.speed

    def startup(self, persist: Persist) -> None:
        """Deal the first hand (or show the deal already in progress, e.g. for a screenshot)."""
        super().startup(persist)
        self._apply_settings()
        observation = self.observe()
        if observation.deal_number == 0:
            self.start_deal()
        elif not observation.deal_over:
            self._replay_current_deal()
        else:
            self._replay_finished_deal()

    def _replay_current_deal(self) -> None:
        """Show a deal already under way by replaying its events from the start of the deal."""
        observation = self.observe()
        start = Board.from_observation(observation)
        carried = observation.pot - sum(view.committed for view in observation.seats)
        start_stacks = observation.start_stacks
        for seat in start.seats:
            seat.stack += seat.committed
            if is_banked(observation.family) and seat.seat < len(start_stacks):
                seat.stack = start_stacks[seat.seat]
            seat.committed = 0
            seat.hands = [[]]
        start.wagers = {}
        start.pots = [max(0, carried)]
        start.carried = 0
        self.board.__dict__.update(start.__dict__)
        self.director.play(observation.history, observation, deal_over=False)

    def _replay_finished_deal(self) -> None:
        """A save made after a deal ended: replay that deal at once, so the pot is paid, the
        result is on show and the log tells the deal, exactly as when it ended."""
        observation = self.observe()
        start_stacks = observation.start_stacks
        if len(start_stacks) < len(observation.seats):
            return
        start = Board.from_observation(observation)
        for seat in start.seats:
            seat.stack = start_stacks[seat.seat]
            seat.committed = 0
            seat.hands = [[]]
            seat.playing = True
        before = sum(start_stacks)
        after = sum(view.stack for view in observation.seats) + observation.pot
        start.wagers = {}
        start.pots = [max(0, after - before)]
        start.carried = 0
        self.board.__dict__.update(start.__dict__)
        self.director.play(observation.history, observation, deal_over=True)
        self.director.skip()

    def observe(self, viewer: int | bool | None = True) -> Observation:
        """The observation for the current viewer (or for `viewer`: None is a spectator), made
        once for each state of the table."""
        seat = self.viewer if viewer is True else viewer if viewer is not False else None
        key = (self.session.version, seat)
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, self.session.observe(seat))
        return self._seen[1]

    def layout(self) -> TableLayout:
        """The layout of the board as it is drawn now (as `layout_for` its observation would
        give, without building the observation: the director asks for it at every step)."""
        seats = self.board.seats
        return cached_layout(
            len(seats),
            self.board.viewer if self.bottom is None else self.bottom,
            tuple(max(1, len(seat.hands)) for seat in seats),
            max(3, max((len(hand) for seat in seats for hand in seat.hands), default=3)),
            bool(seats) and HOUSE_BADGE in seats[-1].badges,
        )

    # --- playing ------------------------------------------------------------------------------

    def _play(self, events: Sequence[Event]) -> None:
        redacted = [redact(event, self.viewer) for event in events]
        observation = self.observe()
        self.director.play(redacted, observation, deal_over=observation.deal_over)
        self._panel_key = None
        self.panel.clear()
        if self.records is not None:
            for problem in self.records.take_problems():
                self.notice(problem)

    def start_deal(self) -> None:
        """Sweep the last deal's cards away and deal the next one."""
        self.next_deal_in = None
        self.director.stage.caption = None
        self.end_message = ""
        if self.observe().deal_number > 0:
            self.director.run(self.director.sweep())
        try:
            events = self.session.start_deal()
        except IllegalActionError as error:
            self.notice(str(error))
            return
        self._after_action(None)
        self._play(events)

    def submit(self, action: Action) -> None:
        """Send a person's action to the session; a refusal becomes a notice, never a crash."""
        before = self._before_action()
        try:
            events = self.session.submit(action)
        except IllegalActionError as error:
            self.notice(str(error))
            return
        self._after_action(before)
        self._play(events)

    def _before_action(self) -> Observation | None:
        """The table as a spectator sees it before an action, when the person on screen shares
        the screen with other people (hot-seat); None otherwise, or between deals."""
        if self.viewer is None or len(self.session.humans) < 2:
            return None
        spectator = self.observe(None)
        return None if spectator.deal_over else spectator

    def _after_action(self, before: Observation | None) -> None:
        """Once an action is applied, the person on screen keeps seeing their cards only if they
        are sure to be the next person to act; otherwise the table turns to the spectator's view
        at once, before the action is animated, so that no frame shows their cards (or a
        sideshow's) to whoever is handed the screen next. `before` is the spectator's view from
        just before the action: the board goes back to it and the action animates from there."""
        if self._viewer_acts_next():
            return
        self.viewer = None
        if before is not None:
            self.board.sync(before, deal_over=False)

    def _viewer_acts_next(self) -> bool:
        """Whether the person on screen is sure to be the next person to act (bots in between or
        not): no other person sits at the table, or the deal goes on and it is their turn, or no
        other person is still in the deal. After a deal anyone may be handed the screen."""
        viewer = self.viewer
        others = [seat for seat in self.session.humans if seat != viewer]
        if viewer is None or not others:
            return True
        spectator = self.observe(None)
        if spectator.deal_over:
            return False
        if spectator.to_act == viewer:
            return True
        seats = {view.seat: view for view in spectator.seats}
        return not any(
            seats[seat].playing and not seats[seat].folded and COVERED not in seats[seat].badges
            for seat in others
            if seat in seats
        )

    def notice(self, words: str) -> None:
        """Show a short notice on screen and in the log."""
        self.notes.append((words, NOTE_SECONDS))
        self.director.stage.log.append(words)

    def replace_session(self, session: Session) -> None:
        """Start over with a fresh session (the same seats), keeping any record keeping."""
        if self.records is not None:
            self.records = self.records.for_new_session(session)
        self.session = session
        self.narrator.names = tuple(seat_names(session))
        self._seen = None
        self.board.sync(self.observe(), deal_over=False)
        self.director.stage.winners.clear()
        self.director.stage.caption = None
        self.director.stage.log.append(_("A new session begins."))
        self.start_deal()

    def _command(self, command: Command) -> None:
        if command == NEXT_DEAL and self.observe().can_deal:
            self.start_deal()
        elif command == NEW_SESSION and self.new_session is not None:
            self.replace_session(self.new_session())

    # --- what happens when nothing moves --------------------------------------------------

    @property
    def waiting_for_person(self) -> bool:
        """Whether the game waits for the person on screen."""
        if self.director.busy:
            return False
        observation = self.observe()
        return not observation.deal_over and observation.to_act == self.viewer is not None

    def _next_turn(self, seconds: float) -> None:
        """Nothing moves: start what comes next. Between deals, the Next deal button; a seat
        that decides by itself (a bot) acts after a natural pause; a person elsewhere at this
        screen is handed the device; the person on screen is shown their controls."""
        observation = self.observe()
        if observation.deal_over:
            self._between_deals(observation)
            return
        seat = observation.to_act
        if seat is None:
            return
        if self.session.bot_to_act():
            self.panel.clear()
            self._panel_key = None
            if self.watching and self.paused:
                return
            if self.bot_wait is None:
                low, high = BOT_DELAY
                self.bot_wait = self.think_rng.uniform(low, high) / max(0.25, self.speed)
                return
            self.bot_wait -= seconds
            if self.bot_wait <= 0:
                self.bot_wait = None
                self._play_agent(seat)
            return
        person = self.session.person_to_act()
        if person is not None and seat != self.viewer:
            self.hand_off(seat)
            return
        if person is not None and person.question is not None:
            self._show_controls(person.question)

    def _play_agent(self, seat: int) -> None:
        """The agent at `seat` decides through the turn loop; a watcher's coach says why in a
        sentence. An agent that fails its seat is named on screen and a bot stands in."""
        before = self.observe(None)
        cards = self._secret_cards(seat)
        try:
            events = self.session.step()
        except SeatError as error:
            log.warning("%s; a medium bot stands in", error)
            self.session.stand_in(seat)
            self.notice(
                _("{name} could not play, so a bot stands in for that seat.").format(
                    name=seat_label(self.narrator.name(seat))
                )
            )
            return
        if not events:
            return
        self._after_action(before)
        if self.watching:
            move = first_move(events)
            if move is not None:
                self.pending_why = explain(
                    move,
                    self.narrator.called(seat),
                    before,
                    cards if self.face_up else (),
                    before.hand_ranking() or self.session.rules.hand_ranking(),
                    at_random=self.session.plays_at_random(seat),
                )
        self._play(events)

    def _secret_cards(self, seat: int) -> tuple[Card, ...]:
        """The first hand of `seat` as dealt (for a watcher only, never for a bot or a player)."""
        hands = self._all_hands().get(seat, ())
        return hands[0] if hands else ()

    def _all_hands(self) -> dict[int, tuple[tuple[Card, ...], ...]]:
        """Every seat's cards, read from the table for a watcher at a table with no person."""
        if not self.watching:
            return {}
        return self.session.open_hands()

    def _show_controls(self, question: Observation) -> None:
        """The person's buttons, built from the legal actions of the question they are asked."""
        # the language is in the key: buttons made before a switch of language are made anew
        key = ("act", question.deal_number, len(question.history), question.to_act, language())
        if key == self._panel_key:
            return
        self._panel_key = key
        legal = question.legal
        me = question.me
        blind = me.blind if me is not None else True
        controls = controls_for(legal, question.family, blind)
        note = narrow_note(legal, lambda: question.bet_refusal)
        self.panel.show_actions(controls, note)
        ranking = question.hand_ranking() or self.session.rules.hand_ranking()
        self.advice = advise(question, controls, ranking, self.session.rules)

    def _between_deals(self, observation: Observation) -> None:
        stacks = tuple(view.stack for view in observation.seats)
        key = ("between", observation.deal_number, observation.can_deal, stacks, language())
        if key == self._panel_key:
            return
        self._panel_key = key
        humans = self.session.humans
        broke = bool(humans) and all(stacks[seat] == 0 for seat in humans)
        if observation.can_deal and not broke:
            self.end_message = ""
            self.panel.show_commands(
                [(_("Next deal"), "n", NEXT_DEAL, _("Deal the next hand (N or Enter)."))]
            )
            if self.watching:
                self.next_deal_in = WATCH_PAUSE / max(0.25, self.speed)
            return
        if broke:
            self.end_message = (
                _("You have no chips left.")
                if len(humans) == 1
                else _("The players are out of chips.")
            )
        else:
            self.end_message = observation.why_not_dealing
        self.director.stage.log.append(self.end_message)
        self.panel.show_commands(
            [
                (
                    _("New session"),
                    "n",
                    NEW_SESSION,
                    _("Start again with fresh stacks (N or Enter)."),
                )
            ]
        )

    def hand_off(self, seat: int) -> None:
        """Hide every hand and ask for the device to be passed to the person at `seat`."""
        self.handing_to = seat
        self.viewer = None
        self.bottom = seat
        self.board.sync(self.observe(), deal_over=False)
        self.panel.clear()
        self._panel_key = None
        if self.scenes is not None:
            self.scenes.push(HandoffScene(self, seat, self.narrator.name(seat)))

    def take_seat(self, seat: int) -> None:
        """The person at `seat` is ready: show the table through their eyes."""
        self.handing_to = None
        self.viewer = seat
        self.bottom = seat
        observation = self.observe()
        self.board.sync(observation, deal_over=observation.deal_over)

    # --- scene hooks -------------------------------------------------------------------------

    def _coach_key(self, event: pygame.event.Event) -> bool:
        """C toggles the coach; Shift+C does where C is a button's shortcut (Call, Cover)."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_c:
            return False
        if event.dict.get("mod", 0) & pygame.KMOD_SHIFT:
            return True
        return not any(button.key == "c" for button in self.panel.buttons)

    def _watch_key(self, event: pygame.event.Event) -> bool:
        """A watcher's keys: P pause, − and + speed, V the bots' cards face up."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_p:
            self.paused = not self.paused
            return True
        if event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            self.director.animator.speed = next_speed(self.speed, 1)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.director.animator.speed = next_speed(self.speed, -1)
            return True
        if event.key == pygame.K_v:
            self.face_up = not self.face_up
            return True
        return False

    def _discard_clicked(self, event: pygame.event.Event) -> Action | None:
        """Four-card brag: a click on one of your own cards discards it, when a discard is due."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.dict.get("button", 0) != 1:
            return None
        discards = {
            button.control.legal.action.card: button.control.legal.action
            for button in self.panel.buttons
            if button.control is not None and isinstance(button.control.legal.action, Discard)
        }
        if not discards or self.viewer is None:
            return None
        seat = self.board.seat(self.viewer)
        slots = self.layout().seats[self.viewer].hands
        for hand, boxes in zip(seat.hands, slots, strict=False):
            for card, box in zip(hand, boxes, strict=False):
                if card is not None and str(card) in discards and box.contains(event.pos):
                    return discards[str(card)]
        return None

    def toggle_coach(self) -> None:
        """Show or hide the coach (and remember it in the settings of a table run from menus)."""
        self.coach = not self.coach
        if self.settings is not None:
            self.settings.coach = self.coach
        self.notice(_("Coach on (Shift+C).") if self.coach else _("Coach off (Shift+C)."))

    @property
    def coach_showing(self) -> bool:
        """Whether the coach's panel is up: coach on, and the person is choosing an action."""
        return (
            self.coach
            and self.advice is not None
            and self.waiting_for_person
            and any(button.control is not None for button in self.panel.buttons)
        )

    def play_sound(self, name: str) -> None:
        """Play a sound effect (silent without a sound board, with sound off or no device)."""
        sounds = self.director.sounds
        if sounds is not None:
            sounds.play(name)

    def use_sounds(self, sounds: SoundBoard | None, enabled: bool, volume: float) -> None:
        """Play the table's sounds on this board, muted or at the volume the settings choose."""
        if sounds is not None:
            sounds.enabled = enabled
            sounds.set_volume(volume)
        self.director.sounds = sounds

    def _apply_settings(self) -> None:
        """A table with settings (one run from the menus) takes their coach, sound and volume."""
        settings = self.settings
        if settings is None:
            return
        self.coach = settings.coach
        if self.director.sounds is not None:
            self.use_sounds(self.director.sounds, settings.sound, settings.volume)

    def resume(self, persist: Persist) -> None:
        """Back on top (a menu closed): take on any changed sound settings."""
        super().resume(persist)
        self._apply_settings()

    def finish_animations(self) -> None:
        """Jump every animation to its end (Space, screenshots)."""
        self.director.skip()

    @property
    def animating(self) -> bool:
        """Busy only while something moves: a bot's thinking and a notice are timers, not frames."""
        return self.director.busy or self.button_trip is not None

    def _move_button(self, seconds: float) -> None:
        """Slide the dealer button to the seat that deals now (it moves between deals)."""
        if self.button_trip is not None:
            start, end, done = self.button_trip
            done += seconds * self.speed / BUTTON_SECONDS
            self.button_trip = None if done >= 1 else (start, end, done)
        seat = button_seat(self.board.observation())
        if seat == self.button_shown or seat is None:
            return
        layout = self.layout()
        if self.button_shown is not None and self.button_shown < len(layout.seats):
            self.button_trip = (
                layout.seats[self.button_shown].button,
                layout.seats[seat].button,
                0.0,
            )
        self.button_shown = seat

    def _button_at(self) -> tuple[float, float] | None:
        if self.button_trip is None:
            return None
        (x0, y0), (x1, y1), done = self.button_trip
        eased = 1 - (1 - done) ** 3
        return (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)

    @property
    def wake_in(self) -> float | None:
        """The next timer: a bot's decision or a notice going away."""
        timers = [left for _, left in self.notes]
        held = self.watching and self.paused
        if self.bot_wait is not None and not held:
            timers.append(self.bot_wait)
        if self.next_deal_in is not None and not held:
            timers.append(self.next_deal_in)
        bot_next = self.bot_wait is None and self.session.bot_to_act() and not held
        if bot_next and not self.director.busy and self.handing_to is None:
            timers.append(0.0)
        return max(0.0, min(timers)) if timers else None

    def handle_event(self, event: pygame.event.Event) -> None:
        """Space skips; Escape leaves; clicks and keys go to the controls when allowed."""
        if event.type == pygame.MOUSEMOTION:
            self._point_at(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.scenes is not None:
                self.scenes.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.finish_animations()
            return
        if self._coach_key(event):
            self.toggle_coach()
            return
        if self.watching and self._watch_key(event):
            self.request_redraw()
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.notes
            and _NOTE_BOX.contains(event.pos)
        ):
            self.notes.clear()
            return
        if self.director.busy:
            return
        intent = self.panel.handle_event(event) or self._discard_clicked(event)
        if intent is not None:
            self.play_sound("click")
        if isinstance(intent, Command):
            self._command(intent)
        elif intent is not None:
            self.panel.clear()
            self._panel_key = None
            self.submit(intent)

    def _point_at(self, point: Point) -> None:
        """Follow the mouse over the table (logical): redraw when it enters or leaves an open
        joker card, whose tooltip says what it makes wild."""
        before = open_card_tip(self.board.observation(), self.pointer) if self.pointer else None
        self.pointer = point
        if open_card_tip(self.board.observation(), point) != before:
            self.request_redraw()

    def update(self, seconds: float) -> None:
        """Advance animations, notices and bot thinking; then decide what comes next."""
        self.director.animator.update(seconds)
        self._move_button(seconds)
        before = len(self.notes)
        self.notes = [(words, left - seconds) for words, left in self.notes if left > seconds]
        if len(self.notes) != before:
            self.request_redraw()
        if self.director.busy or self.handing_to is not None:
            return
        if self.pending_why:
            self.why, self.pending_why = self.pending_why, ""
        if self.next_deal_in is not None and not self.paused:
            self.next_deal_in -= seconds
            if self.next_deal_in <= 0 and self.observe().can_deal:
                self.start_deal()
                return
        self._next_turn(seconds)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The table, things in flight, the caption, the log, the controls and any notice."""
        stage = self.director.stage
        if self._warm_size != surface.get_size():
            self._warm_size = surface.get_size()
            warm_table_art(Viewport.fit(surface.get_size()))
            warm_flight_art(Viewport.fit(surface.get_size()), self.style)
        observation = self.board.observation()
        extras = TableExtras(
            hidden_cards=frozenset(stage.hidden),
            winners=frozenset(stage.winners),
            highlights=frozenset(stage.highlights),
            show_turn=not self.observe().deal_over or self.director.busy,
            wagers=self.board.wagers,
            banner=stage.banner,
            hand_names=self.hand_names(),
            button_at=self._button_at(),
            face_up=self._all_hands() if self.face_up and not self.observe().deal_over else {},
            winning_hands={
                seat: shown_hand_name(self.director.revealed.get(seat, ""))
                for seat in stage.winners
            },
        )
        draw_table(
            surface,
            observation,
            self.narrator.names,
            viewer_seat=self.bottom,
            style=self.style,
            extras=extras,
        )
        viewport = Viewport.fit(surface.get_size())
        self.director.draw(surface, viewport, self.style)
        if self.pointer is not None:
            draw_open_card_tip(surface, viewport, observation, self.pointer)
        self._draw_title(surface, viewport)
        self._draw_caption(surface, viewport)
        self._draw_log(surface, viewport)
        if self.coach_showing and self.advice is not None:
            draw_coach(surface, viewport, self.advice, coach_box(self.panel.area))
        self.panel.draw(surface, viewport)
        if not self.panel.visible:
            self._draw_status(surface, viewport)
        if self.watching:
            self._draw_watching(surface, viewport)
        self._draw_notes(surface, viewport)

    def _draw_watching(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The watcher's line of keys and the coach's sentence on the last bot's move."""
        state = _("paused") if self.paused else f"×{self.speed:g}"
        # Translators: P, − +, V are the keys to press; keep them as they are
        words = _("Watching ({state})  ·  P pause  ·  − + speed  ·  V cards face up").format(
            state=state
        )
        label = fit_text(words, viewport.length(14), (214, 214, 204), viewport.length(410))
        surface.blit(label, label.get_rect(center=viewport.point((STATUS_BOX.centre[0], 700))))
        if not self.why:
            return
        box = WHY_BOX
        room = viewport.length(box.width - 24)
        lines = wrap(self.why, viewport.length(14), room)[:8]
        height = 34 + 19 * len(lines)
        rect = pygame.Rect(viewport.box(Box(box.x, box.y, box.width, height)))
        surface.blit(tray(rect.size, 215), rect.topleft)
        title = fit_text(_("WHY THAT MOVE"), viewport.length(12), GOLD, room, True)
        surface.blit(title, viewport.point((box.x + 12, box.y + 8)))
        for index, line in enumerate(lines):
            label = fit_text(line, viewport.length(14), IVORY, room)
            surface.blit(label, viewport.point((box.x + 12, box.y + 28 + index * 19)))

    def hand_names(self) -> tuple[str, ...]:
        """The names of the hands on screen at the bottom seat, by index, each once its cards
        are face up ('' for a hand not seen): a retained old hand is named like a new one."""
        if self.viewer is None or self.viewer != self.bottom:
            return ()
        hidden = {(slot[0], slot[1]) for slot in self.director.stage.hidden}
        ranking = self.observe().hand_ranking() or self.session.rules.hand_ranking()
        names = []
        for index, cards in enumerate(self.board.seat(self.viewer).hands):
            known = tuple(card for card in cards if card is not None)
            shown = len(cards) == 3 and len(known) == 3 and (self.viewer, index) not in hidden
            names.append(_hand_name(ranking, known) if shown else "")
        return tuple(names)

    def _draw_title(self, surface: pygame.Surface, viewport: Viewport) -> None:
        family = family_title(self.session.rules.family)
        words = _(self.title or family)
        deal = self.board.deal_number
        if deal:
            words = _("{game}  ·  Deal {number}").format(game=words, number=number(deal))
        label = text(words, viewport.length(13), (200, 196, 180))
        surface.blit(label, viewport.point((14, 10)))

    def _draw_caption(self, surface: pygame.Surface, viewport: Viewport) -> None:
        caption = self.director.stage.caption
        if caption is None or caption.alpha <= 0.02:
            return
        banner = caption_image(viewport, caption.text, caption.kind)
        rect = caption_rect(viewport, self.layout(), banner)
        rect.y += round((1 - caption.alpha) * viewport.length(10))  # it rises into place
        if caption.alpha < 0.98:
            banner = banner.copy()
            banner.set_alpha(round(255 * caption.alpha))
        surface.blit(banner, rect)

    def _draw_log(self, surface: pygame.Surface, viewport: Viewport) -> None:
        lines = self.director.stage.log[-LOG_LINES:]
        if not lines:
            return
        rect = pygame.Rect(viewport.box(LOG_BOX))
        image = log_image(tuple(lines), rect.size, viewport.scale)
        surface.blit(image, rect.topleft, special_flags=pygame.BLEND_PREMULTIPLIED)

    def _draw_status(self, surface: pygame.Surface, viewport: Viewport) -> None:
        observation = self.observe()
        words = ""
        if self.end_message:
            words = self.end_message
        elif self.director.busy:
            words = _("Space: skip the animation")
        elif observation.to_act is not None and not observation.deal_over:
            name = self.narrator.name(observation.to_act)
            if self.session.bot_to_act():
                words = _("{name} is thinking…").format(name=seat_label(name))
            elif is_you(name):
                words = _("Your turn")
            else:
                words = _("{name} to act").format(name=seat_label(name))
        if not words:
            return
        label = fit_text(words, viewport.length(14), (214, 214, 204), viewport.length(420))
        centre = viewport.point((STATUS_BOX.centre[0], STATUS_BOX.centre[1]))
        surface.blit(label, label.get_rect(center=centre))

    def _draw_notes(self, surface: pygame.Surface, viewport: Viewport) -> None:
        if not self.notes:
            return
        words = self.notes[-1][0]
        size = viewport.length(14)
        lines = wrap(words, size, viewport.length(_NOTE_BOX.width - 24), True)[:8]
        box = note_box(len(lines))
        rect = pygame.Rect(viewport.box(box))
        surface.blit(tray(rect.size, 235), rect.topleft)
        for index, line in enumerate(lines):
            label = fit_text(line, size, GOLD, rect.width - viewport.length(24), True)
            at = viewport.point((box.x + 12, box.y + 8 + index * NOTE_LINE))
            surface.blit(label, at)


LOG_BOX = Box(8, 598, 400, 116)
"""The message log, bottom left."""

WHY_BOX = Box(8, 36, 240, 200)
"""The watcher's coach: top left, under the title, clear of every seat; grows downward."""

STATUS_BOX = Box(852, 598, 420, 116)
"""Where a line of status shows when there are no buttons (same place as the controls)."""

_NOTE_BOX = Box(1032, 40, 240, 88)
"""A notice in the top right corner, clear of every seat (click to dismiss); at most 8 lines."""


def caption_image(viewport: Viewport, words: str, kind: str) -> pygame.Surface:
    """The result ribbon for these words at this window's scale."""
    height = viewport.length(CAPTION_HEIGHT)
    return caption_banner(words, height, kind, viewport.length(CAPTION_WIDTH))


def caption_rect(viewport: Viewport, layout: TableLayout, banner: pygame.Surface) -> pygame.Rect:
    """Where the ribbon rests: its top just under the STAKE line (the layout's caption box)."""
    width, height = banner.get_width() / viewport.scale, banner.get_height() / viewport.scale
    box = caption_box(layout.pot, width, height)
    return banner.get_rect(topleft=viewport.point((box.x, box.y)))


NOTE_LINE = 19.0
"""Logical height of a notice's line."""


def note_box(lines: int) -> Box:
    """The notice's tray for `lines` lines of words."""
    return Box(_NOTE_BOX.x, _NOTE_BOX.y, _NOTE_BOX.width, 16 + NOTE_LINE * max(1, lines))


_NAMES: dict[tuple[Ranking, tuple[Card, ...], str], str] = {}
"""Hand names already worked out, by ranking, cards and language (bounded: cleared when
large)."""


def _hand_name(ranking: Ranking, cards: tuple[Card, ...]) -> str:
    """'Pair of 7s, king kicker' for three known cards."""
    key = (ranking, cards, language())
    name = _NAMES.get(key)
    if name is None:
        if len(_NAMES) > 256:
            _NAMES.clear()
        name = _NAMES[key] = ranking.evaluate(cards).shown_description
    return name


@lru_cache(maxsize=4)
def log_image(lines: tuple[str, ...], size: tuple[int, int], scale: float) -> pygame.Surface:
    """The hand log's tray with its last lines, newest last and brightest, as one premultiplied
    image (drawn once per new line, not every frame); long lines wrap, never shrink."""
    viewport = Viewport(scale, 0, 0, 0, 0)
    box = LOG_BOX
    canvas = pygame.Surface(size, pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    lay_over(canvas, tray(size, 150), (0, 0))
    text_size = viewport.length(14)
    room = viewport.length(box.width - 24)
    rows: list[tuple[str, int]] = []
    for age, line in enumerate(reversed(lines)):
        parts = wrap(line, text_size, room, age == 0)
        rows[:0] = [(part, age) for part in parts]
        if len(rows) >= LOG_LINES:
            break
    rows = rows[-LOG_LINES:]
    step = (box.height - 14) / LOG_LINES
    top = box.height - 7 - step * len(rows)
    for index, (line, age) in enumerate(rows):
        grey = max(120, 226 - 22 * age)
        shade = IVORY if age == 0 else (grey, grey, grey - 6)
        label = fit_text(line, text_size, shade, room, age == 0)
        lay_over(canvas, label, viewport.point((12, top + index * step + 2)))
    return ready(canvas)
