"""The playable table: a session's deals, animated event by event, with controls for its people.

The flow of one click: the control panel turns a click or key into an Action →
`session.submit` → the engine's events, redacted for the viewer → the director animates them on
the board → when nothing moves, the scene decides what is next: controls for the viewer, a
bot's turn after a short natural pause, a hand-off screen when another person must take the
seat, or the result and the Next deal button.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pygame

from game.engine.actions import Action, Discard, IllegalActionError
from game.engine.events import Event, redact
from game.engine.hands import Ranking
from game.engine.observation import Observation
from game.session import Session
from game.ui.animation import Director
from game.ui.art import DEFAULT_STYLE, ArtStyle
from game.ui.board import Board
from game.ui.bot_warm_up import warm_up_in_background
from game.ui.coach import Advice, advise, coach_box, draw_coach
from game.ui.controls import controls_for
from game.ui.fonts import fit_text, text
from game.ui.hud import NEW_SESSION, NEXT_DEAL, Command, ControlPanel
from game.ui.layout import Box, TableLayout, Viewport
from game.ui.narration import Narrator
from game.ui.panels import GOLD, IVORY, caption_banner, tray
from game.ui.record_keeping import RecordKeeper
from game.ui.scene import Persist, Scene
from game.ui.sound import SoundBoard
from game.ui.table_view import TableExtras, draw_table, layout_for
from game.ui.tween import Animator
from game.ui.wagers import CASINO, is_banked

BOT_DELAY = (0.5, 1.2)
"""Seconds a bot seems to think, before the animation speed scales it."""

CAPTION_CENTRE = (640.0, 400.0)
"""Where result captions sit: between the pot and the viewer's chips."""

CAPTION_HEIGHT = 40.0

LOG_LINES = 5
"""Message-log lines on show."""

NOTE_SECONDS = 12.0
"""How long a notice (a settings problem, a refused action) stays up."""

FAMILY_TITLES = {
    "teen_patti": "Teen Patti",
    "brag": "3 Card Brag",
    "three_card_poker": "Three Card Poker",
    "three_card_poker_casino": "Casino Three Card Poker",
}

HOUSE_NAME = "Dealer"
"""The casino dealer's name on its plate and in the log."""


def seat_names(session: Session) -> list[str]:
    """Every seat's name; at the casino table the house's hand (last) is the Dealer."""
    names = list(session.names)
    if session.game.family == CASINO:
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
    ) -> None:
        super().__init__()
        warm_up_in_background(session.rules)
        self.session = session
        self.style = style
        self.new_session = new_session
        self.title = title
        humans = session.humans
        self.viewer: int | None = humans[0] if humans else None
        self.bottom = self.viewer if self.viewer is not None else 0
        self.board = Board.from_observation(session.game.observe(self.viewer))
        self.narrator = Narrator(seat_names(session), session.game.family)
        self.director = Director(
            self.board, self.narrator, self.layout, Animator(speed), sounds=sounds
        )
        self.panel = ControlPanel()
        self.think_rng = random.Random(session.seed * 31 + 7)
        self.bot_wait: float | None = None
        self.notes: list[tuple[str, float]] = [(note, NOTE_SECONDS) for note in notes if note]
        self.handing_to: int | None = None
        self._panel_key: tuple[object, ...] | None = None
        self.end_message = ""
        self.coach = coach
        self.advice: Advice | None = None
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
        self._adopt_context_sounds()
        game = self.session.game
        if game.deal_number == 0:
            self.start_deal()
        elif not game.deal_over:
            self._replay_current_deal()

    def _replay_current_deal(self) -> None:
        """Show a deal already under way by replaying its events from the start of the deal."""
        observation = self.session.game.observe(self.viewer)
        start = Board.from_observation(observation)
        carried = observation.pot - sum(view.committed for view in observation.seats)
        deal_start = getattr(self.session.game, "deal_start", ())
        for seat in start.seats:
            seat.stack += seat.committed
            if is_banked(observation.family) and seat.seat < len(deal_start):
                seat.stack = deal_start[seat.seat].stack
            seat.committed = 0
            seat.hands = [[]]
        start.wagers = {}
        start.pots = [max(0, carried)]
        start.carried = 0
        self.board.__dict__.update(start.__dict__)
        self.director.play(observation.history, observation, deal_over=False)

    def observe(self) -> Observation:
        """The engine's observation for the current viewer."""
        return self.session.game.observe(self.viewer)

    def layout(self) -> TableLayout:
        """The layout of the board as it is drawn now."""
        return layout_for(self.board.observation(), self.bottom)

    # --- playing ------------------------------------------------------------------------------

    def _play(self, events: Sequence[Event]) -> None:
        redacted = [redact(event, self.viewer) for event in events]
        game = self.session.game
        self.director.play(redacted, self.observe(), deal_over=game.deal_over)
        self._panel_key = None
        self.panel.clear()
        keeper = self.session.after_deal
        if isinstance(keeper, RecordKeeper):
            for problem in keeper.take_problems():
                self.notice(problem)

    def start_deal(self) -> None:
        """Sweep the last deal's cards away and deal the next one."""
        self.director.stage.caption = None
        self.end_message = ""
        if self.session.game.deal_number > 0:
            self.director.run(self.director.sweep())
        try:
            events = self.session.start_deal()
        except IllegalActionError as error:
            self.notice(str(error))
            return
        self._play(events)

    def submit(self, action: Action) -> None:
        """Send a person's action to the session; a refusal becomes a notice, never a crash."""
        try:
            events = self.session.submit(action)
        except IllegalActionError as error:
            self.notice(str(error))
            return
        self._play(events)

    def notice(self, words: str) -> None:
        """Show a short notice on screen and in the log."""
        self.notes.append((words, NOTE_SECONDS))
        self.director.stage.log.append(words)

    def replace_session(self, session: Session) -> None:
        """Start over with a fresh session (the same seats), keeping any record keeping."""
        keeper = self.session.after_deal
        if session.after_deal is None and isinstance(keeper, RecordKeeper):
            session.after_deal = keeper.for_new_session()
        self.session = session
        self.narrator.names = tuple(seat_names(session))
        self.board.sync(session.game.observe(self.viewer), deal_over=False)
        self.director.stage.winners.clear()
        self.director.stage.caption = None
        self.director.stage.log.append("A new session begins.")
        self.start_deal()

    def _command(self, command: Command) -> None:
        if command == NEXT_DEAL and self.session.game.can_deal():
            self.start_deal()
        elif command == NEW_SESSION and self.new_session is not None:
            self.replace_session(self.new_session())

    # --- what happens when nothing moves --------------------------------------------------

    @property
    def waiting_for_person(self) -> bool:
        """Whether the game waits for the person on screen."""
        game = self.session.game
        return (
            not self.director.busy
            and not game.deal_over
            and game.to_act is not None
            and game.to_act == self.viewer
        )

    def _decide(self, seconds: float) -> None:
        game = self.session.game
        if game.deal_over:
            self._between_deals()
            return
        seat = game.to_act
        if seat is None:
            return
        if self.session.bot_to_act():
            self.panel.clear()
            self._panel_key = None
            if self.bot_wait is None:
                low, high = BOT_DELAY
                self.bot_wait = self.think_rng.uniform(low, high) / max(0.25, self.speed)
                return
            self.bot_wait -= seconds
            if self.bot_wait <= 0:
                self.bot_wait = None
                self._play(self.session.play_bot())
            return
        if self.session.is_human(seat) and seat != self.viewer:
            self.hand_off(seat)
            return
        self._show_controls()

    def _show_controls(self) -> None:
        game = self.session.game
        key = ("act", game.deal_number, len(self.observe().history), game.to_act)
        if key == self._panel_key:
            return
        self._panel_key = key
        legal = game.legal_actions()
        observation = self.observe()
        me = observation.me
        blind = me.blind if me is not None else True
        controls = controls_for(legal, game.family, blind)
        self.panel.show_actions(controls)
        ranking = getattr(game, "ranking", None)
        self.advice = None
        if isinstance(ranking, Ranking):
            self.advice = advise(observation, controls, ranking, self.session.rules)

    def _between_deals(self) -> None:
        game = self.session.game
        key = ("between", game.deal_number, game.can_deal(), game.stacks)
        if key == self._panel_key:
            return
        self._panel_key = key
        humans = self.session.humans
        broke = bool(humans) and all(game.stacks[seat] == 0 for seat in humans)
        if game.can_deal() and not broke:
            self.end_message = ""
            self.panel.show_commands(
                [("Next deal", "n", NEXT_DEAL, "Deal the next hand (N or Enter).")]
            )
            return
        if broke:
            self.end_message = (
                "You have no chips left." if len(humans) == 1 else "The players are out of chips."
            )
        else:
            why_not = getattr(game, "why_not_dealing", None)
            reason = why_not() if callable(why_not) else ""
            self.end_message = (
                str(reason) or "Fewer than two players can pay the ante: the session is over."
            )
        self.director.stage.log.append(self.end_message)
        self.panel.show_commands(
            [("New session", "n", NEW_SESSION, "Start again with fresh stacks (N or Enter).")]
        )

    def hand_off(self, seat: int) -> None:
        """Hide every hand and ask for the device to be passed to the person at `seat`."""
        from game.ui.handoff import HandoffScene

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
        self.board.sync(self.observe(), deal_over=self.session.game.deal_over)

    # --- scene hooks -------------------------------------------------------------------------

    def _coach_key(self, event: pygame.event.Event) -> bool:
        """C toggles the coach; Shift+C does where C is a button's shortcut (Call, Cover)."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_c:
            return False
        if getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            return True
        return not any(button.key == "c" for button in self.panel.buttons)

    def _discard_clicked(self, event: pygame.event.Event) -> Action | None:
        """Four-card brag: a click on one of your own cards discards it, when a discard is due."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
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
        settings = getattr(getattr(self, "context", None), "settings", None)
        if settings is not None:
            settings.coach = self.coach
        self.notice("Coach on (C)." if self.coach else "Coach off (C).")

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

    def _adopt_context_sounds(self) -> None:
        """A table run from the menus (a subclass with a `context`) uses the context's sounds."""
        context = getattr(self, "context", None)
        settings = getattr(context, "settings", None)
        if context is None or settings is None:
            return
        self.coach = bool(settings.coach)
        sounds = getattr(context, "sound", None)
        if isinstance(sounds, SoundBoard):
            self.use_sounds(sounds, bool(settings.sound), float(settings.volume))

    def resume(self, persist: Persist) -> None:
        """Back on top (a menu closed): take on any changed sound settings."""
        super().resume(persist)
        self._adopt_context_sounds()

    def finish_animations(self) -> None:
        """Jump every animation to its end (Space, screenshots)."""
        self.director.skip()

    @property
    def animating(self) -> bool:
        """Busy while something moves, a bot thinks, or a notice is up."""
        return self.director.busy or self.bot_wait is not None or bool(self.notes)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Space skips; Escape leaves; clicks and keys go to the controls when allowed."""
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

    def update(self, seconds: float) -> None:
        """Advance animations, notices and bot thinking; then decide what comes next."""
        self.director.animator.update(seconds)
        self.notes = [(words, left - seconds) for words, left in self.notes if left > seconds]
        if self.director.busy or self.handing_to is not None:
            return
        self._decide(seconds)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The table, things in flight, the caption, the log, the controls and any notice."""
        stage = self.director.stage
        observation = self.board.observation()
        extras = TableExtras(
            hidden_cards=frozenset(stage.hidden),
            winners=frozenset(stage.winners),
            highlights=frozenset(stage.highlights),
            show_turn=not self.session.game.deal_over or self.director.busy,
            wagers=self.board.wagers,
            banner=stage.banner,
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
        self._draw_title(surface, viewport)
        self._draw_caption(surface, viewport)
        self._draw_log(surface, viewport)
        if self.coach_showing and self.advice is not None:
            draw_coach(surface, viewport, self.advice, coach_box(self.panel.area))
        self.panel.draw(surface, viewport)
        if not self.panel.visible:
            self._draw_status(surface, viewport)
        self._draw_notes(surface, viewport)

    def _draw_title(self, surface: pygame.Surface, viewport: Viewport) -> None:
        family = FAMILY_TITLES.get(self.session.game.family, self.session.game.family)
        words = self.title or family
        deal = self.board.deal_number
        label = text(
            f"{words}  ·  Deal {deal}" if deal else words, viewport.length(13), (200, 196, 180)
        )
        surface.blit(label, viewport.point((14, 10)))

    def _draw_caption(self, surface: pygame.Surface, viewport: Viewport) -> None:
        caption = self.director.stage.caption
        if caption is None or caption.alpha <= 0.02:
            return
        height = viewport.length(CAPTION_HEIGHT)
        banner = caption_banner(caption.text, height, caption.kind, viewport.length(760))
        rise = round((1 - caption.alpha) * viewport.length(10))
        rect = banner.get_rect(center=viewport.point(CAPTION_CENTRE))
        rect.y += rise
        if caption.alpha < 0.98:
            banner = banner.copy()
            banner.set_alpha(round(255 * caption.alpha))
        surface.blit(banner, rect)

    def _draw_log(self, surface: pygame.Surface, viewport: Viewport) -> None:
        lines = self.director.stage.log[-LOG_LINES:]
        if not lines:
            return
        box = LOG_BOX
        rect = pygame.Rect(viewport.box(box))
        surface.blit(tray(rect.size, 150), rect.topleft)
        size = viewport.length(13)
        step = (box.height - 14) / LOG_LINES
        top = box.bottom - 7 - step * len(lines)
        for index, line in enumerate(lines):
            newest = index == len(lines) - 1
            age = len(lines) - 1 - index
            grey = max(120, 226 - 22 * age)
            shade = IVORY if newest else (grey, grey, grey - 6)
            label = fit_text(line, size, shade, viewport.length(box.width - 24), newest)
            surface.blit(label, viewport.point((box.x + 12, top + index * step + 2)))

    def _draw_status(self, surface: pygame.Surface, viewport: Viewport) -> None:
        game = self.session.game
        words = ""
        if self.end_message:
            words = self.end_message
        elif self.director.busy:
            words = "Space: skip the animation"
        elif game.to_act is not None and not game.deal_over:
            name = self.narrator.name(game.to_act)
            words = f"{name} is thinking…" if self.session.bot_to_act() else f"{name} to act"
        if not words:
            return
        label = fit_text(words, viewport.length(14), (214, 214, 204), viewport.length(420))
        centre = viewport.point((STATUS_BOX.centre[0], STATUS_BOX.centre[1]))
        surface.blit(label, label.get_rect(center=centre))

    def _draw_notes(self, surface: pygame.Surface, viewport: Viewport) -> None:
        if not self.notes:
            return
        words = self.notes[-1][0]
        rect = pygame.Rect(viewport.box(_NOTE_BOX))
        surface.blit(tray(rect.size, 235), rect.topleft)
        label = fit_text(words, viewport.length(14), GOLD, rect.width - viewport.length(24), True)
        surface.blit(label, label.get_rect(center=rect.center))


LOG_BOX = Box(8, 598, 400, 116)
"""The message log, bottom left."""

STATUS_BOX = Box(852, 598, 420, 116)
"""Where a line of status shows when there are no buttons (same place as the controls)."""

_NOTE_BOX = Box(290, 8, 700, 34)
"""A notice at the top of the screen (click to dismiss)."""
