"""A tutorial played on the real table: the scripted deals animate like any game, and before
each of the learner's moves a lesson bubble explains it and a gold ring points at the control.

Only the scripted move is ever applied: any other control is refused with a notice (and the
bubble shakes), so the engine state always follows the tutorial's script. The flow of a deal:
the cards are dealt (and the others' scripted moves play) → the deal's opening words → one
lesson per learner move → the closing words → the next deal, or "Lesson complete" and Back.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.actions import Action, Bet
from game.engine.rules import get_preset
from game.i18n import N_, _, number
from game.teaching.tutorials import LEARNER, TutorialRun
from game.teaching.variant_tutorials import EVERY_TUTORIAL
from game.ui.art.art import DEFAULT_STYLE, ArtStyle
from game.ui.kit.layout import Viewport
from game.ui.lessons.lesson_bubble import Lesson, dim_box, draw_bubble, draw_pointer
from game.ui.shell.scene import Persist, Scene
from game.ui.table.hud import Button, Command
from game.ui.table.table_scene import TableScene

CONTINUE = Command("tutorial_continue")
BACK = Command("tutorial_back")

SHAKE_SECONDS = 0.45
"""How long the bubble shakes after a refused control."""

OPENING = "opening"
PLAYING = "playing"
CLOSING = "closing"
COMPLETE = "complete"


@dataclass(frozen=True)
class Target:
    """The control the learner must press next, and the bet amount it needs (None if fixed)."""

    button: Button
    amount: int | None = None


class TutorialScene(TableScene):
    """A TutorialRun on the table: lessons in a bubble, a pointer, and only the script applied."""

    skips = False
    """No skipping to the result: a lesson's moves follow its script."""

    def __init__(
        self, run: TutorialRun, *, speed: float = 1.0, style: ArtStyle = DEFAULT_STYLE
    ) -> None:
        preset_title = get_preset(run.tutorial.preset).title
        super().__init__(
            run.session,
            style=style,
            speed=speed,
            title=_("Lesson  ·  {game}").format(game=_(preset_title)),
            coach=False,
        )
        self.run = run
        self.phase = OPENING
        self.clock = 0.0
        self.shake = 0.0

    # --- the script --------------------------------------------------------------------------

    def startup(self, persist: Persist) -> None:
        """Deal the tutorial's first stacked deal."""
        super().startup(persist)
        self.coach = False

    def start_deal(self) -> None:
        """Sweep the last deal away and deal the script's next one (with the others' moves)."""
        self.director.stage.caption = None
        self.end_message = ""
        if self.observe().deal_number > 0:
            self.director.run(self.director.sweep())
        self.phase = OPENING
        self._play(self.run.next_deal())

    def target(self) -> Target | None:
        """The button to press now (the chooser's + or − while a bet's amount is not right)."""
        step = self.run.expected()
        if self.phase != PLAYING or step is None:
            return self._command_target()
        action = step.action
        panel = self.panel
        for button in panel.buttons:
            control = button.control
            if control is None:
                continue
            if control is panel.bet and isinstance(action, Bet):
                if type(control.legal.action) is Bet:
                    return self._toward_amount(button, action.amount)
            elif control.action() == action:
                return Target(button)
        return None

    def _toward_amount(self, bet: Button, amount: int) -> Target:
        """Point at + or − until the chooser shows `amount`, then at the bet itself."""
        if self.panel.amount != amount:
            sign = 1 if amount > self.panel.amount else -1
            chooser = next(
                (button for button in self.panel.buttons if button.step * sign > 0), None
            )
            if chooser is not None:
                return Target(chooser, amount)
        return Target(bet, amount)

    def _command_target(self) -> Target | None:
        button = next((button for button in self.panel.buttons if button.command), None)
        return Target(button) if button is not None else None

    @property
    def pointed(self) -> Button | None:
        """The button the pointer rings (what a learner, or a test, should click next)."""
        if self.director.busy:
            return None
        found = self.target()
        return found.button if found is not None else None

    def refusal(self, action: Action) -> str:
        """'' for the scripted move; otherwise a short sentence saying what to press instead."""
        if not self.run.check(action):
            return ""
        found = self.target()
        step = self.run.expected()
        if found is None or step is None:
            return self.run.check(action)
        wanted = step.action
        if isinstance(wanted, Bet) and isinstance(action, Bet):
            if self.panel.bet is not None:
                return _("Set the amount to {amount} with + and −, then press {button}.").format(
                    amount=number(wanted.amount), button=_(self.panel.bet.label)
                )
            return _("Set the amount to {amount} with + and −, then press the bet.").format(
                amount=number(wanted.amount)
            )
        return _("Not this time: press {button} — the gold ring shows where.").format(
            button=self._label(wanted)
        )

    def _label(self, action: Action) -> str:
        """The words on the button that makes `action`."""
        if isinstance(action, Bet) and self.panel.bet is not None:
            return f"{_(self.panel.bet.label)} {number(action.amount)}"
        for button in self.panel.buttons:
            if button.control is not None and button.control.action() == action:
                return _(button.control.label)
        return _(action.verb)

    # --- what happens when nothing moves -------------------------------------------------

    def _next_turn(self, seconds: float) -> None:
        """The scripted seats have moved through the turn loop; show the lesson and the
        learner's controls, or the words between deals."""
        observation = self.observe()
        if self.phase == PLAYING and observation.deal_over:
            self.phase = CLOSING
        if self.phase == CLOSING and not self._closing_words():
            if not self.run.finished:
                self.start_deal()
                return
            self.phase = COMPLETE
        if self.phase == PLAYING:
            person = self.session.person_to_act()
            question = person.question if person is not None else None
            if self.run.expected() is not None and question is not None:
                self._show_controls(question)
            return
        label, hint = {
            OPENING: (N_("Continue"), N_("Continue (Enter).")),
            CLOSING: (
                N_("Continue") if self.run.finished else N_("Next deal"),
                N_("Go on (Enter)."),
            ),
            COMPLETE: (N_("Back to the menu"), N_("Leave the lesson (Enter or Escape).")),
        }[self.phase]
        key = (self.phase, observation.deal_number)
        if key != self._panel_key:
            self._panel_key = key
            command = BACK if self.phase == COMPLETE else CONTINUE
            self.panel.show_commands([(_(label), "enter", command, _(hint))])

    def _closing_words(self) -> str:
        deal = self.run.deal
        return _(deal.closing) if deal is not None and deal.closing else ""

    def _command(self, command: Command) -> None:
        if command == BACK:
            if self.scenes is not None:
                self.scenes.pop()
            return
        if command != CONTINUE:
            return
        self.panel.clear()
        self._panel_key = None
        if self.phase == OPENING:
            self.phase = PLAYING
        elif self.phase == CLOSING:
            if self.run.finished:
                self.phase = COMPLETE
            else:
                self.start_deal()

    def submit(self, action: Action) -> None:
        """Apply the learner's move only if it is the script's; else refuse it with a notice."""
        problem = self.refusal(action)
        if problem:
            self.notice(problem)
            self.shake = SHAKE_SECONDS
            return
        self.panel.clear()
        self._panel_key = None
        self._play(self.run.submit(action))

    # --- scene hooks -------------------------------------------------------------------------

    def _coach_key(self, event: pygame.event.Event) -> bool:
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        """Like the table, but a refused action leaves the buttons (and the chooser) up."""
        self.follow_pointer(event)  # the open joker's tooltip, while the buttons are up too
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            super().handle_event(event)
            return
        if self.director.busy or not self.panel.visible:
            super().handle_event(event)
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.notes
            and not any(button.box.contains(event.pos) for button in self.panel.buttons)
        ):
            self.notes.clear()
            return
        intent = self.panel.handle_event(event)
        if intent is None:
            return
        self.play_sound("click")
        if isinstance(intent, Command):
            self._command(intent)
        else:
            self.submit(intent)

    def update(self, seconds: float) -> None:
        """Advance the table, the pointer's breathing and any shake."""
        self.clock += seconds
        self.shake = max(0.0, self.shake - seconds)
        super().update(seconds)

    @property
    def animating(self) -> bool:
        """Redraw every frame while the pointer breathes (only while a tutorial is open)."""
        return super().animating or self.pointed is not None or self.shake > 0

    # --- drawing -----------------------------------------------------------------------------

    def lesson(self) -> Lesson | None:
        """What the bubble says now (None while cards fly)."""
        if self.director.busy:
            return None
        run = self.run
        deals = len(run.tutorial.deals)
        if deals > 1:
            deal_words = _("Deal {number} of {count}").format(
                number=run.deal_index + 1, count=deals
            )
        else:
            deal_words = _("Lesson")
        if self.phase == OPENING:
            opening = _(run.deal.opening) if run.deal else ""
            if run.deal_index == 0:
                return Lesson(_(run.tutorial.title), opening, _("Press Continue to begin."), True)
            return Lesson(deal_words, opening, _("Press Continue to go on."))
        if self.phase == CLOSING:
            return Lesson(_("Well played"), self._closing_words(), "")
        if self.phase == COMPLETE:
            final = self.observe().seats[LEARNER].stack
            preset_title = get_preset(run.tutorial.preset).title
            return Lesson(
                _("Lesson complete"),
                _(
                    "You finished the {game} lesson with {chips} chips (you started with "
                    "{start}). Now try a real game from the menu."
                ).format(
                    game=_(preset_title), chips=number(final), start=number(run.tutorial.stack)
                ),
                "",
                large=True,
            )
        step = run.expected()
        if step is None:
            return None
        done, count = self._step_number()
        if deals > 1:
            heading = _("Deal {deal} of {deals}  ·  step {number} of {count}").format(
                deal=run.deal_index + 1, deals=deals, number=done, count=count
            )
        else:
            heading = _("Lesson  ·  step {number} of {count}").format(number=done, count=count)
        return Lesson(heading, _(step.lesson), self._hint())

    def _step_number(self) -> tuple[int, int]:
        deal = self.run.deal
        if deal is None:
            return (0, 0)
        mine = [index for index, step in enumerate(deal.steps) if step.by_learner]
        done = sum(1 for index in mine if index < self.run.step_index)
        return (done + 1, len(mine))

    def _hint(self) -> str:
        found = self.target()
        if found is None:
            return ""
        button = found.button
        key = f" ({button.key.upper()})" if button.key else ""
        if found.amount is not None and button.step:
            sign = "+" if button.step > 0 else "−"
            amount = number(found.amount)
            if self.panel.bet is not None:
                return _("→ Press {sign} until the amount reads {amount}, then {button}.").format(
                    sign=sign, amount=amount, button=_(self.panel.bet.label)
                )
            return _("→ Press {sign} until the amount reads {amount}, then the bet.").format(
                sign=sign, amount=amount
            )
        if found.amount is not None:
            return _("→ Press {button}{key}.").format(
                button=f"{_(button.label)} {number(found.amount)}", key=key
            )
        return _("→ Press {button}{key}.").format(button=_(button.label), key=key)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the other controls dimmed, the lesson bubble and the pointer."""
        super().draw(surface)
        lesson = self.lesson()
        if lesson is None:
            return
        viewport = Viewport.fit(surface.get_size())
        found = self.target()
        pointed = found.button if found is not None else None
        if self.phase == PLAYING and pointed is not None:
            betting = found is not None and found.amount is not None
            for button in self.panel.buttons:
                in_chooser = bool(button.step) or button.control is self.panel.bet
                if button is not pointed and not (betting and in_chooser):
                    dim_box(surface, viewport, button.box)
        shake = self.shake / SHAKE_SECONDS
        draw_bubble(
            surface, viewport, lesson, self.panel.area, pointed.box if pointed else None, shake
        )
        if pointed is not None:
            draw_pointer(surface, viewport, pointed.box, self.clock)
        self.notes.draw(surface, viewport)


def tutorial_scene(name: str, style: ArtStyle = DEFAULT_STYLE, speed: float = 1.0) -> Scene:
    """The tutorial called `name` (a game's, like 'teen_patti', or a variant's, like 'ak47') on
    the table, in the player's felt, card back and deck colours."""
    if name not in EVERY_TUTORIAL:
        known = ", ".join(sorted(EVERY_TUTORIAL))
        raise ValueError(f"no tutorial called {name!r}: choose one of {known}")
    return TutorialScene(TutorialRun(EVERY_TUTORIAL[name]), speed=speed, style=style)
