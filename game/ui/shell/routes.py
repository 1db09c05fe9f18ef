"""The routes: how one screen opens another without importing it.

A scene never builds a scene of another room itself (that is what tied the menus, the table
and the lessons into one import cycle). It asks the routes of its context — "the setup",
"a table for this session", "back to the main menu" — and the shell, which alone knows every
room, builds the screen.
"""

from __future__ import annotations

from typing import Protocol

from game.engine.rules import Rules
from game.persistence.kept_seats import KeptSeat
from game.session import Session
from game.ui.shell.scene import Scene, SceneStack


class Routes(Protocol):
    """The screens a scene may open, each built by the shell for one context."""

    def setup(self, preset: str | None = None) -> Scene:
        """The new-game setup (with `preset` chosen, else the last one played)."""
        ...

    def load(self) -> Scene:
        """The list of saved games."""
        ...

    def lessons(self) -> Scene:
        """The lessons: a tutorial per game and the rules."""
        ...

    def rules(self, preset: str | None = None, table_rules: Rules | None = None) -> Scene:
        """The rules and hand chart (of the table in play when `table_rules` is given)."""
        ...

    def statistics(self) -> Scene:
        """The lifetime statistics."""
        ...

    def settings(self) -> Scene:
        """The settings."""
        ...

    def friends(self) -> Scene:
        """Play with friends: host a network table or join one."""
        ...

    def rejoin(self, seat: KeptSeat) -> Scene:
        """The join screen taking a kept seat at a network table back at once."""
        ...

    def history(self, session: Session, viewer: int) -> Scene:
        """The session's finished deals seen from the seat `viewer`."""
        ...

    def open_table(self, scenes: SceneStack, session: Session, title: str = "") -> Scene:
        """Put a table for `session` on the stack, over the main menu; returns it."""
        ...

    def continue_game(self, scenes: SceneStack) -> str:
        """Open the autosaved session at the table; '' or why it cannot be resumed."""
        ...

    def main_menu(self, scenes: SceneStack) -> None:
        """Back to the main menu, leaving every scene above it."""
        ...
