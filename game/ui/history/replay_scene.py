"""A finished deal watched again on the table, one recorded action at a time, with the same
animations as play, seen through one seat's eyes (only what that seat could see is shown).

The deal is rebuilt from its history text by a DealStepper; the table scene draws it exactly as
in play. Next step (Right arrow / N), Play all (P), Export (E), Back (Escape).
"""

from __future__ import annotations

import pygame

from game.agents.agent import Agent, SeatKind
from game.agents.seats import ScriptedAgent
from game.engine.cards import Card
from game.engine.events import redact
from game.engine.families import family_title
from game.engine.history import DealStepper, replay
from game.i18n import _
from game.session import SeatPlan, Session
from game.ui.art.fonts import text
from game.ui.history.history_lines import export_history, summarise
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD
from game.ui.table.board import Board
from game.ui.table.hud import GAP, PAD, ROW_HEIGHT, Command
from game.ui.table.table_scene import TableScene
from game.ui.table.table_view import seat_label

NEXT_STEP = Command("replay_next")
PLAY_ALL = Command("replay_play_all")
EXPORT = Command("replay_export")
AGAIN = Command("replay_again")
LEAVE = Command("replay_leave")

AUTO_PAUSE = 0.8
"""Seconds between steps while playing all, before the animation speed scales it."""

PROGRESS = Box(14, 32, 300, 4)
"""The thin progress bar under the title."""


def watching_session(stepper: DealStepper, names: list[str]) -> Session:
    """A session around the stepper's game whose every seat replays its recorded actions, so
    the table scene can draw and narrate the deal through the turn loop."""
    game = stepper.game
    seats = range(len(game.stacks))
    plans = [
        SeatPlan(
            names[seat]
            if seat < len(names) and names[seat]
            else _("Seat {number}").format(number=seat + 1),
            SeatKind.REPLAY,
            "",
        )
        for seat in seats
    ]
    agents: list[Agent] = [
        ScriptedAgent(
            [action for action in stepper.actions if action.seat == seat], SeatKind.REPLAY
        )
        for seat in seats
    ]
    return Session(game.rules, plans, stack=max(1, max(game.stacks)), agents=agents, game=game)


class ReplayScene(TableScene):
    """One recorded deal, stepped through on the table from `viewer_seat`'s point of view."""

    skips = False
    """No skipping to the result: a replay steps through the recorded moves."""

    def __init__(self, history: str, viewer_seat: int, *, speed: float = 1.0) -> None:
        self.history = history
        self.stepper = DealStepper(history)
        self.summary = summarise(history)
        session = watching_session(self.stepper, replay(history).names)
        super().__init__(session, speed=speed)
        self.viewer = viewer_seat
        self.bottom = viewer_seat
        self.auto = False
        self.wait = 0.0
        self.position = 0
        """How many recorded actions have been replayed."""

    @property
    def total(self) -> int:
        """How many recorded actions the deal has."""
        return len(self.stepper.actions)

    @property
    def done(self) -> bool:
        """Whether every recorded action has been replayed."""
        return self.position >= self.total

    def _replay_current_deal(self) -> None:
        """Show the deal from before its first card: stacks, a carried pot, a retained hand."""
        observation = self.observe()
        start = Board.before_deal(observation)
        for seat in start.seats:
            retained = observation.start_retained[seat.seat]
            if retained:
                seen = observation.seats[seat.seat].hands
                kept: list[Card | None] = [None] * retained
                start.retained[seat.seat] = list(seen[1]) if len(seen) > 1 else kept
        start.pots = [0]
        start.carried = observation.start_carried
        self.board.adopt(start)
        opening = [redact(event, self.viewer) for event in self.stepper.opening]
        self.director.play(opening, observation, deal_over=observation.deal_over)

    # --- stepping ----------------------------------------------------------------------------

    def next_step(self) -> None:
        """Finish what moves, then replay the next recorded action."""
        if self.done:
            return
        self.finish_animations()
        self.position += 1
        self._play(self.session.step())
        if self.done:
            self.auto = False

    def toggle_auto(self) -> None:
        """Start or pause playing every step with a short pause between them."""
        self.auto = not self.auto and not self.done
        self.wait = 0.0
        self._panel_key = None

    def export(self) -> None:
        """Write the deal's history to the data folder and say where."""
        try:
            path = export_history(self.summary)
        except OSError as error:
            reason = error.strerror or str(error)
            self.notice(_("Could not export the deal: {reason}").format(reason=reason))
            return
        self.notice(_("Exported to {path}").format(path=path))

    def watch_again(self) -> None:
        """Start the same deal over from its first card."""
        if self.scenes is not None:
            self.scenes.replace(ReplayScene(self.history, self.bottom, speed=self.speed))

    # --- scene hooks -------------------------------------------------------------------------

    def _next_turn(self, seconds: float) -> None:
        """The replayed seats act only when asked: Next step, or Play all's steady pace."""
        if not self.auto or self.done:
            return
        self.wait += seconds
        if self.wait >= AUTO_PAUSE / max(0.25, self.speed):
            self.wait = 0.0
            self.next_step()

    def _show_replay_controls(self) -> None:
        key = ("replay", self.done, self.auto)
        if key == self._panel_key:
            return
        self._panel_key = key
        back = (_("Back"), "esc", LEAVE, _("Back to the list of deals (Escape)."))
        export = (_("Export"), "e", EXPORT, _("Save this deal's history as a text file (E)."))
        if self.done:
            again = (_("Watch again"), "r", AGAIN, _("Replay the deal from the start (R)."))
            self.panel.show_commands([again, export, back])
            return
        step = (_("Next step"), "n", NEXT_STEP, _("Replay the next action (N or Right arrow)."))
        playing = _("Pause") if self.auto else _("Play all")
        play = (playing, "p", PLAY_ALL, _("Play every step (P)."))
        self.panel.show_commands([step, play, export, back])
        self.panel.buttons[0].keys += (pygame.K_RIGHT,)
        self._two_rows()

    def _two_rows(self) -> None:
        """Four buttons as two rows of two, so every label stays full size."""
        inner = self.panel.area.inflated(-PAD)
        width = (inner.width - GAP) / 2
        for index, button in enumerate(self.panel.buttons):
            row, column = divmod(index, 2)
            top = inner.y + row * (ROW_HEIGHT + GAP)
            button.box = Box(inner.x + column * (width + GAP), top, width, ROW_HEIGHT)

    def _command(self, command: Command) -> None:
        actions = {
            NEXT_STEP: self.next_step,
            PLAY_ALL: self.toggle_auto,
            EXPORT: self.export,
            AGAIN: self.watch_again,
        }
        if command == LEAVE:
            if self.scenes is not None:
                self.scenes.pop()
        elif command in actions:
            actions[command]()

    def _coach_key(self, event: pygame.event.Event) -> bool:
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        """The replay's keys and buttons work even while cards fly (a step skips to its end)."""
        self.follow_pointer(event)  # the open joker's tooltip
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE):
            super().handle_event(event)
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.notes
            and not any(button.box.contains(event.pos) for button in self.panel.buttons)
        ):
            self.notes.clear()
            return
        self._show_replay_controls()
        intent = self.panel.handle_event(event)
        if isinstance(intent, Command):
            self.play_sound("click")
            self._command(intent)

    def update(self, seconds: float) -> None:
        """Advance the table; keep the replay's buttons up at all times."""
        super().update(seconds)
        self._show_replay_controls()

    @property
    def animating(self) -> bool:
        """Busy while cards fly, a notice is up, or the deal is playing itself."""
        return super().animating or self.auto

    # --- drawing -----------------------------------------------------------------------------

    def _draw_title(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """'REPLAY' in gold, the deal, whose eyes, and a progress bar of the steps."""
        family = _(family_title(self.summary.family))
        left = viewport.point((14, 10))
        badge = text(_("REPLAY"), viewport.length(12), GOLD, True)
        surface.blit(badge, left)
        words = _("Deal {number}  ·  {game}  ·  step {step} of {total}  ·  seen by {name}").format(
            number=self.summary.number,
            game=family,
            step=self.position,
            total=self.total,
            name=seat_label(self.summary.name(self.bottom)),
        )
        label = text(words, viewport.length(13), (200, 196, 180))
        surface.blit(label, (left[0] + badge.get_width() + viewport.length(10), left[1]))
        track = pygame.Rect(viewport.box(PROGRESS))
        pygame.draw.rect(surface, (60, 62, 66), track, border_radius=track.height // 2)
        share = self.position / max(1, self.total)
        filled = track.copy()
        filled.width = max(track.height, round(track.width * share))
        pygame.draw.rect(surface, GOLD, filled, border_radius=track.height // 2)
