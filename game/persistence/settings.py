"""The player's settings: one pydantic model, saved in the user config folder."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.i18n import N_, _, system_language
from game.network.sizes import MAX_NAME_LENGTH
from game.persistence.paths import settings_file
from game.persistence.reading import SETTINGS_LIMIT
from game.persistence.store import Loaded, load_model, save_model

SETTINGS_VERSION = 4

CARD_BACKS = ("classic", "blue", "green")
TABLE_COLOURS = ("green", "blue", "red", "charcoal")


class Settings(BaseModel):
    """Everything the settings screen changes."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True, defer_build=True)

    schema_version: int = SETTINGS_VERSION
    animation_speed: float = Field(
        1.0, ge=0.25, le=4.0, description=N_("1 is normal; 2 twice as fast.")
    )
    sound: bool = True
    volume: float = Field(0.7, ge=0.0, le=1.0)
    fullscreen: bool = False
    window_width: int = Field(1280, ge=640, le=7680)
    window_height: int = Field(720, ge=360, le=4320)
    four_colour_deck: bool = False
    card_back: Literal["classic", "blue", "green"] = "classic"
    table_colour: Literal["green", "blue", "red", "charcoal"] = "green"
    coach: bool = False
    sort_hand: bool = True
    last_preset: str = "teen_patti"
    variants_introduced: list[str] = Field(
        default_factory=list,
        max_length=64,
        description=N_("Variant presets whose lesson bubble has been shown (it shows once)."),
    )
    language: Literal["en", "hi", "tl"] = Field(
        "en", description=N_("The language of every word on screen: English, Hindi or Tagalog.")
    )
    network_name: str = Field("", max_length=MAX_NAME_LENGTH)
    """The name last given to host or join a network table; the Host and Join screens start
    with it (format 4; an older file has none)."""


def load_settings() -> Loaded[Settings]:
    """The saved settings, or the defaults with a note saying why (on the first start, with
    no settings file yet, the language follows the system's)."""
    first_start = not settings_file().exists()
    loaded = load_model(
        settings_file(),
        Settings,
        schema_version=SETTINGS_VERSION,
        limit=SETTINGS_LIMIT,
        what=_("Your settings file"),
    )
    if first_start:
        loaded.value.language = system_language()  # type: ignore[assignment]
    return loaded


def save_settings(settings: Settings) -> str:
    """Save the settings; returns '' or why they could not be saved. A file that already holds
    exactly these settings is left as it is (a start or a quit that changed nothing writes
    nothing)."""
    return save_model(settings_file(), settings, if_changed=True)
