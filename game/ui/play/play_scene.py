"""The table as the menus run it: Escape opens the pause menu, the session autosaves, and the
records of every person's deals feed the end-of-session summary.

`PlayingTable` is the table scene with four additions and no change to how it plays: Escape
pushes the pause menu instead of leaving; after each deal the session's record keeper
(`game.records`) autosaves it (Continue on the main menu resumes it) and records the deal; when
the session is over the last result stays and a Session summary button brings up the summary;
and the first time a person sits at a variant, a
lesson bubble explains its rule (a click or key closes it, and the settings remember it was
shown). It is built in one step with all it needs: the menus' context (settings, sound, the
screens it opens) and the session's record keeper.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import pygame

from game.i18n import _
from game.records import RecordKeeper, autosave, session_over
from game.session import Session
from game.teaching.variant_lessons import VariantLesson, lesson_to_show
from game.ui.kit.layout import Viewport
from game.ui.lessons.lesson_bubble import Lesson, draw_bubble
from game.ui.play.pause_scene import PauseScene
from game.ui.play.summary_scene import SummaryScene
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Persist
from game.ui.table.hud import SHOW_SUMMARY, Command
from game.ui.table.table_scene import SessionFactory, TableScene


class PlayingTable(TableScene):
    """The table scene run from the menus (see the module docstring)."""

    session: Session
    """A session on this machine (it is saved and its deals recorded), not any table feed."""
    new_session: Callable[[], Session] | None
    records: RecordKeeper

    def __init__(
        self,
        session: Session,
        context: GameContext,
        records: RecordKeeper,
        *,
        title: str,
        new_session: SessionFactory | None = None,
        notes: Sequence[str] = (),
    ) -> None:
        """A table for `session` in the menus of `context`, its deals kept by `records`."""
        super().__init__(
            session,
            style=context.style,
            speed=context.settings.animation_speed,
            notes=notes,
            new_session=new_session,
            title=title,
            sounds=context.sound,
            settings=context.settings,
            records=records,
        )
        self.context = context
        self.variant_lesson: VariantLesson | None = None
        """The variant's lesson while its bubble is up (shown once, the first time at a variant)."""

    @property
    def tally(self) -> RecordKeeper | None:
        """The session's record keeper (it autosaves and records each deal)."""
        return self.records

    def startup(self, persist: Persist) -> None:
        """Deal as any table does; a person new to this variant gets its lesson bubble."""
        super().startup(persist)
        self._introduce_variant()

    def _introduce_variant(self) -> None:
        """Show the variant's lesson once, remembering it in the settings (saved at once)."""
        if not self.session.humans:
            return
        settings = self.context.settings
        lesson = lesson_to_show(self.session.rules, settings.variants_introduced)
        if lesson is None:
            return
        self.variant_lesson = lesson
        settings.variants_introduced = [*settings.variants_introduced, lesson.preset]
        problem = self.context.save_settings()
        if problem:
            self.notice(problem)

    def variant_bubble(self) -> Lesson | None:
        """What the variant's bubble says, while it is up and nothing moves."""
        lesson = self.variant_lesson
        if lesson is None or self.director.busy:
            return None
        return Lesson(
            _("New table: {title}").format(title=_(lesson.title)),
            _(lesson.words),
            _("Click or press a key to play."),
        )

    def start_new_session(self) -> None:
        """A new session at the same seats, its records kept afresh by the table's keeper."""
        if self.new_session is None:
            return
        session = self.new_session()
        self.replace_session(session, self.records.for_new_session(session))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Escape opens the pause menu; everything else plays as at any table."""
        if self.variant_bubble() is not None and event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
        ):
            self.variant_lesson = None
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return
        super().handle_event(event)

    def pause(self) -> None:
        """Push the pause menu over the table."""
        if self.scenes is not None:
            self.scenes.push(PauseScene(self.context, self))

    @property
    def session_over(self) -> bool:
        """Whether no further deal can be played (chips gone, or too few can pay)."""
        return session_over(self.session)

    def update(self, seconds: float) -> None:
        """Play on (the record keeper autosaves and records each finished deal).

        While a variant's lesson bubble is up the table waits (the bots too) for it to close.
        """
        if self.variant_bubble() is not None:
            self.art_warm_up.build_next()
            return
        super().update(seconds)

    def end_commands(self) -> list[tuple[str, str, Command, str]]:
        """Once the session is over the last result stays until the player asks for the
        summary (which offers Play again and the main menu)."""
        hint = _("See how the session went: Play again or the main menu (S or Enter).")
        return [(_("Session summary"), "s", SHOW_SUMMARY, hint)]

    def _command(self, command: Command) -> None:
        if command == SHOW_SUMMARY:
            self.show_summary(ended=True)
        else:
            super()._command(command)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, and over it the variant's lesson bubble while it is up."""
        super().draw(surface)
        lesson = self.variant_bubble()
        if lesson is not None:
            draw_bubble(surface, Viewport.fit(surface.get_size()), lesson, self.panel.area, None)

    def show_summary(self, ended: bool) -> None:
        """Push the end-of-session summary over the table."""
        if self.scenes is not None and self.records is not None:
            self.scenes.push(SummaryScene(self.context, self.records, table=self, ended=ended))

    def resume(self, persist: Persist) -> None:
        """Back from a menu: take on any changed look or animation speed."""
        super().resume(persist)
        self.style = self.context.style
        self.director.animator.speed = self.context.settings.animation_speed

    def autosave(self) -> str:
        """Save the session for Continue (or forget it when it is over); '' or the problem."""
        return autosave(self.session)

    def cleanup(self) -> Persist:
        """Leaving the table (menu or window closed): autosave."""
        problem = self.autosave()
        if problem:
            print(f"trey: {problem}", file=sys.stderr)
        return super().cleanup()
