"""What every menu scene shares: the settings, the window, the sound board and the seeds.

One `GameContext` is made by the shell (`rooms.new_context`) and handed to each scene it
builds, so a change on the settings screen is seen at once by the table and the menus, and is
saved in one place. Its `routes` open the other screens (see `routes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.persistence.settings import Settings, save_settings
from game.ui.art.art import ArtStyle

if TYPE_CHECKING:
    from game.ui.art.sound import SoundBoard
    from game.ui.shell.app import App
    from game.ui.shell.routes import Routes

CARD_BACKS = {"classic": "red", "blue": "blue", "green": "green"}
"""The settings' card-back names and the art's designs."""

FELTS = {"green": "green", "blue": "blue", "red": "red", "charcoal": "grey"}
"""The settings' table colours and the art's felts."""


def style_from(settings: Settings) -> ArtStyle:
    """The art options the settings choose."""
    return ArtStyle(
        four_colour=settings.four_colour_deck,
        back=CARD_BACKS.get(settings.card_back, "red"),
        felt=FELTS.get(settings.table_colour, "green"),
        sort_hand=settings.sort_hand,
    )


@dataclass
class GameContext:
    """The settings in force, the app (None headless), notes to show, and the next seed."""

    settings: Settings = field(default_factory=lambda: Settings.model_validate({}))
    app: App | None = None
    seed: int = 0
    hotseat: bool = False
    notes: list[str] = field(default_factory=list)
    sound: SoundBoard | None = None
    shell_routes: Routes | None = None
    """Set by the shell when it makes the context (`rooms.new_context`)."""

    @property
    def routes(self) -> Routes:
        """The screens this context's scenes may open."""
        if self.shell_routes is None:
            raise RuntimeError("a GameContext made without routes: use rooms.new_context")
        return self.shell_routes

    @property
    def style(self) -> ArtStyle:
        """The card and felt look the settings choose."""
        return style_from(self.settings)

    def next_seed(self) -> int:
        """A fresh seed for the next session (deterministic after `--seed`)."""
        self.seed += 1
        return self.seed

    def save_settings(self) -> str:
        """Write the settings to disk; '' or the sentence saying why not."""
        return save_settings(self.settings)

    def remember_network_name(self, name: str) -> None:
        """Keep the name given to host or join for the next Host or Join screen, in this run
        and the next (the settings file); a problem saving it becomes a note."""
        name = name.strip()
        if name == self.settings.network_name:
            return
        self.settings.network_name = name
        problem = self.save_settings()
        if problem:
            self.notes.append(problem)

    def click(self) -> None:
        """The soft click of a menu button (silent without audio or with sound off)."""
        if self.sound is not None:
            self.sound.enabled = self.settings.sound
            self.sound.set_volume(self.settings.volume)
            self.sound.play("click")
