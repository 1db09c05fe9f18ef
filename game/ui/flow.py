"""Moving between the menus and the table: open a table for a session, resume the autosave."""

from __future__ import annotations

from game.engine.families import family_title
from game.engine.rules import PRESETS
from game.i18n import _
from game.persistence.saves import AUTOSAVE, list_saves, load_session
from game.records import attach_autosave_and_statistics, autosave
from game.session import Session
from game.ui.context import GameContext
from game.ui.play_scene import PlayingTable
from game.ui.scene import SceneStack


def title_of(session: Session) -> str:
    """The preset title whose rules the session plays exactly, else the family's title (in
    English: the table translates its title where it draws it)."""
    rules = session.rules.model_dump()
    for preset in PRESETS.values():
        try:
            if preset.rules().model_dump() == rules:
                return preset.title
        except ValueError:
            continue
    family = session.game.family
    return family_title(family, family.replace("_", " ").title())


def table_for(context: GameContext, session: Session, title: str = "") -> PlayingTable:
    """A table scene for `session`, joined to the menus; Next session reuses its seats."""

    def fresh() -> Session:
        return Session(session.rules, session.seats, stack=session.stack, seed=context.next_seed())

    if session.after_deal is None:
        # After each deal the keeper autosaves (and forgets the save once the session is over)
        # and adds the deal to the session and lifetime statistics.
        attach_autosave_and_statistics(session, {}, saver=autosave)
    notes = list(context.notes)
    context.notes.clear()
    table = PlayingTable(
        session,
        style=context.style,
        speed=context.settings.animation_speed,
        notes=notes,
        new_session=fresh,
        title=title or title_of(session),
    )
    return table.attach(context)


def open_table(
    context: GameContext, scenes: SceneStack, session: Session, title: str = ""
) -> PlayingTable:
    """Replace the top scene (a menu under the main menu) by a table, or push it on the menu."""
    from game.ui.menu_scene import MainMenuScene

    table = table_for(context, session, title)
    if isinstance(scenes.top, MainMenuScene):
        scenes.push(table)
    else:
        scenes.replace(table)
    return table


def has_autosave() -> bool:
    """Whether there is a session to continue."""
    return AUTOSAVE in list_saves()


def continue_autosave(context: GameContext, scenes: SceneStack) -> str:
    """Open the autosaved session at the table; '' or why it cannot be resumed."""
    session, problem = load_session(AUTOSAVE)
    if session is None:
        return problem or _("There is no game to continue.")
    open_table(context, scenes, session)
    return ""
