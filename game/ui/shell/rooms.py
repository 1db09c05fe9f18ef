"""The shell's routes: the one module that knows every room and builds its screens.

A scene asks its context's routes for the next screen (see `routes`); `Rooms` answers for one
context. `new_context` makes a context with its routes, as the launcher, the screenshots and
tests do. A table opened here is built with the session's record keeper (autosave and
statistics after each deal).

Every room but the main menu is named in SCREENS and imported the first time it is opened:
the first frame loads neither the network stack (Play with friends), nor the lessons, nor
the other menus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from game.engine.families import family_title
from game.engine.rules import PRESETS, Rules
from game.i18n import _
from game.kept_code import keeping_generated_code
from game.persistence.kept_seats import KeptSeat
from game.persistence.saves import AUTOSAVE, load_session
from game.persistence.settings import Settings
from game.records import RecordKeeper, autosave
from game.session import Session
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.shell.app import App
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Scene, SceneStack

if TYPE_CHECKING:
    from game.ui.friends.friends_scene import FriendsScene
    from game.ui.friends.join_scene import JoinScene
    from game.ui.lessons.lessons_scene import LessonsScene
    from game.ui.lessons.rules_scene import RulesScene
    from game.ui.menus.load_scene import LoadScene
    from game.ui.menus.settings_scene import SettingsScene
    from game.ui.menus.setup_scene import SetupScene
    from game.ui.menus.statistics_scene import StatisticsScene
    from game.ui.play.play_scene import PlayingTable

SCREENS: dict[str, str] = {
    "setup": "game.ui.menus.setup_scene",
    "load": "game.ui.menus.load_scene",
    "lessons": "game.ui.lessons.lessons_scene",
    "rules": "game.ui.lessons.rules_scene",
    "statistics": "game.ui.menus.statistics_scene",
    "settings": "game.ui.menus.settings_scene",
    "friends": "game.ui.friends.friends_scene",
    "join": "game.ui.friends.join_scene",
    "history": "game.ui.history.history_scene",
    "playing": "game.ui.play.play_scene",
    "table": "game.ui.table.table_scene",
    "screenshots": "game.ui.shell.screens",
    "friends showcase": "game.ui.friends.showcase",
}
"""The module of each screen (or of what makes it), imported when first asked for."""


def screen(name: str) -> ModuleType:
    """The module of the screen `name` of SCREENS, imported now if it was not yet (the caller
    reads the class it needs and annotates it with the real type)."""
    with keeping_generated_code():  # its dataclasses' methods compiled once, not each start
        return import_module(SCREENS[name])


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
    family = session.rules.family
    return family_title(family, family.replace("_", " ").title())


def table_for(
    context: GameContext, session: Session, title: str = "", records: RecordKeeper | None = None
) -> PlayingTable:
    """A table scene for `session` in the menus; Next session reuses its seats.

    Its deals are kept by `records`, or by default by a keeper that autosaves after each deal
    (and forgets the save once the session is over) and adds the deal to the session and
    lifetime statistics.
    """

    def fresh() -> Session:
        return Session(session.rules, session.seats, stack=session.stack, seed=context.next_seed())

    keeper = records if records is not None else RecordKeeper(session, saver=autosave)
    notes = list(context.notes)
    context.notes.clear()
    playing: type[PlayingTable] = screen("playing").PlayingTable
    return playing(
        session,
        context,
        keeper,
        notes=notes,
        new_session=fresh,
        title=title or title_of(session),
    )


@dataclass
class Rooms:
    """The routes of one context: every screen a scene may open, built here."""

    context: GameContext

    def main_menu_scene(self) -> MainMenuScene:
        """The main menu."""
        return MainMenuScene(self.context)

    def setup(self, preset: str | None = None) -> Scene:
        """The new-game setup."""
        setup: type[SetupScene] = screen("setup").SetupScene
        return setup(self.context, preset)

    def load(self) -> Scene:
        """The list of saved games."""
        load: type[LoadScene] = screen("load").LoadScene
        return load(self.context)

    def lessons(self) -> Scene:
        """The lessons."""
        lessons: type[LessonsScene] = screen("lessons").LessonsScene
        return lessons(self.context)

    def rules(self, preset: str | None = None, table_rules: Rules | None = None) -> Scene:
        """The rules and hand chart."""
        rules: type[RulesScene] = screen("rules").RulesScene
        return rules(self.context, preset, table_rules=table_rules)

    def statistics(self) -> Scene:
        """The lifetime statistics."""
        statistics: type[StatisticsScene] = screen("statistics").StatisticsScene
        return statistics(self.context)

    def settings(self) -> Scene:
        """The settings."""
        settings: type[SettingsScene] = screen("settings").SettingsScene
        return settings(self.context)

    def friends(self) -> Scene:
        """Play with friends: host or join."""
        friends: type[FriendsScene] = screen("friends").FriendsScene
        return friends(self.context)

    def rejoin(self, seat: KeptSeat) -> Scene:
        """The join screen, taking the kept seat back at once (it says why if it cannot)."""
        join: type[JoinScene] = screen("join").JoinScene
        return join(self.context, browsing=False, kept=seat)

    def history(self, session: Session, viewer: int) -> Scene:
        """The session's finished deals seen from `viewer`."""
        history: Callable[[Session, int], Scene] = screen("history").history_scene
        return history(session, viewer)

    def open_table(self, scenes: SceneStack, session: Session, title: str = "") -> PlayingTable:
        """Replace the top scene (a menu under the main menu) by a table, or push it on the
        main menu."""
        table = table_for(self.context, session, title)
        if isinstance(scenes.top, MainMenuScene):
            scenes.push(table)
        else:
            scenes.replace(table)
        return table

    def continue_game(self, scenes: SceneStack) -> str:
        """Open the autosaved session at the table; '' or why it cannot be resumed."""
        session, problem = load_session(AUTOSAVE)
        if session is None:
            return problem or _("There is no game to continue.")
        self.open_table(scenes, session)
        return ""

    def main_menu(self, scenes: SceneStack) -> None:
        """Back to the main menu (whatever is between); a new one when none is left."""
        while len(scenes) and not isinstance(scenes.top, MainMenuScene):
            scenes.pop()
        if not len(scenes):
            scenes.push(MainMenuScene(self.context))


def new_context(
    settings: Settings | None = None, app: App | None = None, seed: int = 0, hotseat: bool = False
) -> GameContext:
    """A context whose scenes can open every other screen."""
    chosen = settings if settings is not None else Settings.model_validate({})
    context = GameContext(settings=chosen, app=app, seed=seed, hotseat=hotseat)
    context.shell_routes = Rooms(context)
    return context
