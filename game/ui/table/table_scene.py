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
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pygame

from game.agents.agent import SeatError
from game.agents.feed import TableFeed
from game.engine.actions import Action, IllegalActionError
from game.engine.cards import Card
from game.engine.events import Event, redact
from game.engine.families import family_title
from game.engine.hands import Ranking
from game.engine.observation import Observation
from game.i18n import N_, _, language
from game.persistence.settings import Settings
from game.records import RecordKeeper
from game.ui.art.art import DEFAULT_STYLE, ArtStyle
from game.ui.art.sound import SoundBoard
from game.ui.kit.layout import Point, TableLayout, Viewport
from game.ui.kit.tween import Animator
from game.ui.shell.scene import Persist, Scene
from game.ui.table.animation import Director
from game.ui.table.art_warm_up import ArtWarmUp
from game.ui.table.board import Board
from game.ui.table.bot_warm_up import warm_up_in_background
from game.ui.table.chrome import draw_caption, draw_log, draw_status, draw_title, status_line
from game.ui.table.coach import AdviceLater, advise, coach_box, coach_key, draw_coach
from game.ui.table.controls import controls_for, narrow_note
from game.ui.table.dealer_button import DealerButton
from game.ui.table.handoff import HandoffScene, acts_next
from game.ui.table.hud import NEW_SESSION, NEXT_DEAL, Command, ControlPanel
from game.ui.table.notices import Notices
from game.ui.table.skip_deal import STATUS_ABOVE, DealSkipper, people_out
from game.ui.table.table_view import (
    TableExtras,
    button_seat,
    cached_layout,
    draw_open_card_tip,
    draw_table,
    open_card_tip,
    seat_label,
)
from game.ui.table.watch_mode import WatchMode
from game.ui.table.watching import WATCH_PAUSE, explain, first_move
from game.words.hands import said_description, said_hand
from game.words.narration import Narrator, session_end_words
from game.words.said import said
from game.words.wagers import CASINO, HOUSE_BADGE

log = logging.getLogger(__name__)

BOT_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trey-table-bot")
"""Where the table's bots think (one at a time, in order), never on the window's thread."""

BOT_PATIENCE = 0.1
"""The most a frame whose bot's pause is over waits for the bot's thought to end: the frame's
own length up to this (a 60-a-second frame waits at most its 17 ms; the thought itself never
runs on the window's thread)."""

BOT_DELAY = (0.5, 1.2)
"""Seconds a bot seems to think, before the animation speed scales it."""

BOT_DELAY_OUT = (0.15, 0.4)
"""The same while every person at this screen is out of the deal: the rest goes quicker."""


HOUSE_NAME = N_("Dealer")
"""The casino dealer's name on its plate and in the log (translated where drawn)."""


def seat_names(session: TableFeed) -> list[str]:
    """Every seat's name; at the casino table the house's hand (last) is the Dealer."""
    names = list(session.names)
    if session.rules.family == CASINO:
        names.append(HOUSE_NAME)
    return names


SessionFactory = Callable[[], TableFeed]


class TableScene(Scene):
    """A table in play: draws the board, runs the director, the controls, the bots' turns."""

    skips = True
    """Whether the rest of a deal the people here are out of may be skipped (DealSkipper)."""

    def __init__(
        self,
        session: TableFeed,
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
        session.think_in_background(BOT_THREAD, patience=1 / 60)
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
        self.faces: dict[int, str] = {}
        """Seats whose portrait is another name's than their label (see TableExtras.faces)."""
        self.director = Director(
            self.board, self.narrator, self.layout, Animator(speed), sounds=sounds
        )
        self.panel = ControlPanel()
        self.think_rng = random.Random(session.seed * 31 + 7)
        self.bot_wait: float | None = None
        self.notes = Notices(notes)
        self.handing_to: int | None = None
        self._panel_key: tuple[object, ...] | None = None
        self.art_warm_up = ArtWarmUp()
        """Art a deal soon needs, built a piece a frame after the first (see `ArtWarmUp`)."""
        self.pointer: Point | None = None
        self.end_message = ""
        self.coach = coach
        self.advice = AdviceLater()
        self.button = DealerButton()
        self.watching = not humans
        """No person seated: the table plays on by itself (pause, speed, face-up cards)."""
        self.watch = WatchMode()
        self.skipper = DealSkipper()
        self.next_deal_in: float | None = None
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
        """Show a deal already under way by replaying its events from the start of the deal; a
        shared screen shows no one's cards (who holds it is not known) until the person to act
        takes it."""
        if len(self.session.humans) > 1:
            self.viewer = None
        observation = self.observe()
        self.board.adopt(Board.before_deal(observation))
        self.director.play(observation.history, observation, deal_over=False)

    def _replay_finished_deal(self) -> None:
        """A save made after a deal ended: replay that deal at once, so the pot is paid, the
        result is on show and the log tells the deal, exactly as when it ended."""
        observation = self.observe()
        if len(observation.start_stacks) < len(observation.seats):
            return
        self.board.adopt(Board.before_deal(observation, finished=True))
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
            self.notice(said(error.said))
            return
        self._after_action(None)
        self._play(events)

    def submit(self, action: Action) -> None:
        """Send a person's action to the session; a refusal becomes a notice, never a crash."""
        before = self._before_action()
        try:
            events = self.session.submit(action)
        except IllegalActionError as error:
            self.notice(said(error.said))
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
        """Whether the person on screen is sure to be the next person to act."""
        if self.viewer is None:
            return True
        return acts_next(self.viewer, self.session.humans, lambda: self.observe(None))

    def notice(self, words: str) -> None:
        """Show a short notice on screen and in the log."""
        self.notes.add(words)
        self.director.stage.log.append(words)

    def replace_session(self, session: TableFeed, records: RecordKeeper | None = None) -> None:
        """Start over with a fresh session (the same seats), its deals kept by `records`."""
        self.records = records
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
        elif command == NEW_SESSION:
            self.start_new_session()

    def start_new_session(self) -> None:
        """Play a fresh session at the same seats, when the table knows how to make one."""
        if self.new_session is not None:
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
            if self.watching and self.watch.paused:
                return
            if self.bot_wait is None:
                low, high = BOT_DELAY_OUT if self.skipper.offered else BOT_DELAY
                self.bot_wait = self.think_rng.uniform(low, high) / max(0.25, self.speed)
                self.session.ask()  # the bot thinks (in its thread) while the table waits
                return
            self.bot_wait -= seconds
            if self.bot_wait <= 0:
                # the pause is over: wait at most this frame's length for the thought, and a
                # bot still thinking is looked at again next frame
                patience = min(max(seconds, 1 / 60), BOT_PATIENCE)
                self.session.wait_for_thoughts(patience)
                self.bot_wait = None if self.play_agent(seat) else 0.0
            return
        person = self.session.person_to_act()
        if person is not None and seat != self.viewer:
            self.hand_off(seat)
            return
        if person is not None and person.question is not None:
            self._show_controls(person.question)

    def play_agent(self, seat: int) -> bool:
        """The agent at `seat` decides through the turn loop; a watcher's coach says why in a
        sentence. An agent that fails its seat is named on screen and a bot stands in. False
        while the agent is still deciding."""
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
            return True
        if not events:
            return False
        self._after_action(before)
        if self.watching:
            move = first_move(events)
            if move is not None:
                self.watch.pending_why = explain(
                    move,
                    self.narrator.called(seat),
                    before,
                    cards if self.watch.face_up else (),
                    before.hand_ranking() or self.session.rules.hand_ranking(),
                    at_random=self.session.plays_at_random(seat),
                )
        self._play(events)
        return True

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
        note = narrow_note(legal, question.bet_refusal)
        self.panel.show_actions(controls, note)
        ranking = question.hand_ranking() or self.session.rules.hand_ranking()
        self.advice.asked(partial(advise, question, controls, ranking, self.session.rules))

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
        self.end_message = session_end_words(observation, humans)
        self.director.stage.log.append(self.end_message)
        self.panel.show_commands(self.end_commands())

    def end_commands(self) -> list[tuple[str, str, Command, str]]:
        """The buttons once the session is over: a new session."""
        hint = _("Start again with fresh stacks (N or Enter).")
        return [(_("New session"), "n", NEW_SESSION, hint)]

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
        """Whether the key toggles the coach (see coach_key)."""
        return coach_key(event, self.panel.buttons)

    def _discard_clicked(self, event: pygame.event.Event) -> Action | None:
        """Four-card brag: a click on one of your own cards discards it, when a discard is due."""
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.dict.get("button", 0) == 1
        if not clicked or self.viewer is None:
            return None
        hands = self.board.seat(self.viewer).hands
        return self.panel.discard_at(event.pos, hands, self.layout().seats[self.viewer].hands)

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
            and self.advice.advice is not None
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
        return self.director.busy or self.button.trip is not None

    @property
    def wake_in(self) -> float | None:
        """The next timer: a bot's decision, a notice going away or the next piece of art a
        deal soon needs (see `ArtWarmUp`)."""
        timers = [left for _, left in self.notes]
        if self.art_warm_up.wake_in is not None:
            timers.append(self.art_warm_up.wake_in)
        held = self.watching and self.watch.paused
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
        self.follow_pointer(event)
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
        if self.watching and self.watch.key(event, self.director.animator):
            self.request_redraw()
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.notes.covers(event.pos)
        ):
            self.notes.clear()
            return
        if self.skipper.asked(event):
            self.skipper.skip(self, lambda: self.play_sound("click"))
            self.bot_wait = None
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

    def follow_pointer(self, event: pygame.event.Event) -> None:
        """Follow the mouse (every table that handles events itself calls this first)."""
        if event.type == pygame.MOUSEMOTION:
            self._point_at(event.pos)

    def _point_at(self, point: Point) -> None:
        """Follow the mouse over the table (logical): redraw when it enters or leaves an open
        joker card, whose tooltip says what it makes wild."""
        before = open_card_tip(self.board.observation(), self.pointer) if self.pointer else None
        self.pointer = point
        if open_card_tip(self.board.observation(), point) != before:
            self.request_redraw()

    def update(self, seconds: float) -> None:
        """Advance animations, notices and bot thinking; then decide what comes next."""
        self.art_warm_up.build_next()
        self.director.animator.update(seconds)
        layout = self.layout()
        self.button.move(seconds, self.speed, button_seat(self.board.observation()), layout)
        if self.notes.tick(seconds):
            self.request_redraw()
        out = self.skips and people_out(self.observe(), self.session.humans)
        self.skipper.offer(out and self.session.bot_to_act())
        if self.director.busy or self.handing_to is not None:
            return
        self.watch.settle()
        if self.next_deal_in is not None and not self.watch.paused:
            self.next_deal_in -= seconds
            if self.next_deal_in <= 0 and self.observe().can_deal:
                self.start_deal()
                return
        self._next_turn(seconds)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The table, things in flight, the caption, the log, the controls and any notice."""
        stage = self.director.stage
        self.art_warm_up.drawn_at(surface.get_size(), self.style)
        observation = self.board.observation()
        deal_over = self.observe().deal_over
        extras = TableExtras(
            hidden_cards=frozenset(stage.hidden),
            winners=frozenset(stage.winners),
            highlights=frozenset(stage.highlights),
            show_turn=not deal_over or self.director.busy,
            wagers=self.board.wagers,
            banner=stage.banner,
            hand_names=self.hand_names(),
            button_at=self.button.at(),
            face_up=self._all_hands()
            if self.watch.face_up and not self.observe().deal_over
            else {},
            winning_hands={
                seat: said_hand(self.director.revealed[seat])
                if seat in self.director.revealed
                else ""
                for seat in stage.winners
            },
            faces=self.faces,
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
        draw_caption(surface, viewport, stage.caption, self.layout())
        draw_log(surface, viewport, stage.log)
        advice = self.advice.advice if self.coach_showing else None
        if advice is not None:
            draw_coach(surface, viewport, advice, coach_box(self.panel.area))
        self.panel.draw(surface, viewport)
        self.skipper.draw(surface, viewport)
        if not self.panel.visible:
            above = STATUS_ABOVE if self.skipper.offered else None
            draw_status(surface, viewport, self.status_words(), above)
        if self.watching:
            self.watch.draw(surface, viewport, self.speed)
        self.notes.draw(surface, viewport)

    def hand_names(self) -> tuple[str, ...]:
        """The names of the hands on screen at the bottom seat, by index, each once its cards
        are face up ('' for a hand not seen): a retained old hand is named like a new one."""
        if self.viewer is None or self.viewer != self.bottom:
            return ()
        ranking = self.board.hand_ranking() or self.session.rules.hand_ranking()
        hidden = {slot[1] for slot in self.director.stage.hidden if slot[0] == self.viewer}
        return named_hands(self.board.seat(self.viewer).hands, hidden, ranking)

    def _draw_title(self, surface: pygame.Surface, viewport: Viewport) -> None:
        game = _(self.title or family_title(self.session.rules.family))
        draw_title(surface, viewport, game, self.board.deal_number)

    def status_words(self) -> str:
        """The status line: the end of the session, Space to skip, or whose turn it is."""
        observation, busy = self.observe(), self.director.busy
        seat = None if observation.deal_over else observation.to_act
        name = None if seat is None else self.narrator.name(seat)
        bot = name is not None and not busy and self.session.bot_to_act()
        return status_line(self.end_message, busy, name, bot)


_NAMES: dict[tuple[Ranking, tuple[Card, ...], str], str] = {}
"""Hand names already worked out, by ranking, cards and language (bounded: cleared when
large)."""


def named_hands(
    hands: Sequence[Sequence[Card | None]], hidden: set[int], ranking: Ranking
) -> tuple[str, ...]:
    """Each hand's name once its three cards are known and face up ('' for the others)."""
    names = []
    for index, cards in enumerate(hands):
        known = tuple(card for card in cards if card is not None)
        shown = len(cards) == 3 and len(known) == 3 and index not in hidden
        names.append(_hand_name(ranking, known) if shown else "")
    return tuple(names)


def _hand_name(ranking: Ranking, cards: tuple[Card, ...]) -> str:
    """'Pair of 7s, king kicker' for three known cards."""
    key = (ranking, cards, language())
    name = _NAMES.get(key)
    if name is None:
        if len(_NAMES) > 256:
            _NAMES.clear()
        name = _NAMES[key] = said_description(ranking.evaluate(cards))
    return name
