"""The last table the player set up — its preset, house options, seats and chips — kept in the
user config folder so the next new game starts from the same choices."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.agents.agent import SeatKind
from game.bots.registry import is_known_bot
from game.i18n import _
from game.persistence.paths import config_folder
from game.persistence.reading import SETTINGS_LIMIT
from game.persistence.store import Loaded, load_model, save_model

LAST_GAME_VERSION = 1

PERSON = SeatKind.PERSON
"""The kind of a seat a person plays (every other seat's kind is a bot's name)."""


class SeatChoiceRecord(BaseModel):
    """One seat as last set up: a name and 'person' or a bot level."""

    model_config = ConfigDict(defer_build=True)

    name: str
    kind: str

    @field_validator("kind")
    @classmethod
    def _a_person_or_known_bot(cls, kind: str) -> str:
        """A seat is a person or one of the game's own bots, checked by name: a file never
        names code."""
        if kind != PERSON and not is_known_bot(kind):
            raise ValueError(f"{kind!r} is neither a person nor one of the game's bots")
        return kind


class LastGame(BaseModel):
    """The choices of the last new game."""

    model_config = ConfigDict(defer_build=True)

    schema_version: int = LAST_GAME_VERSION
    preset: str = ""
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatChoiceRecord] = Field(default_factory=list)
    stack: int = Field(200, ge=1)


def last_game_file_name() -> str:
    """The file name, for messages."""
    return "last_game.json"


def load_last_game() -> Loaded[LastGame]:
    """The last game's choices, or empty ones with a note of any problem."""
    return load_model(
        config_folder() / last_game_file_name(),
        LastGame,
        schema_version=LAST_GAME_VERSION,
        limit=SETTINGS_LIMIT,
        what=_("The file of your last game's choices"),
    )


def save_last_game(choices: LastGame) -> str:
    """Keep the choices; returns '' or why they could not be saved."""
    return save_model(config_folder() / last_game_file_name(), choices)
