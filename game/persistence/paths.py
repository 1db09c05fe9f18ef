"""Where Trey keeps its files, from platformdirs (tests redirect them with the XDG variables)."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "trey"


def config_folder() -> Path:
    """The user config folder: settings and the last game's choices."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_folder() -> Path:
    """The user data folder: saved sessions, statistics and hand histories."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def state_folder() -> Path:
    """The user state folder: the seats this game holds at network tables."""
    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False))


def cache_folder() -> Path:
    """The user cache folder: art kept between runs so that it need not be drawn again."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def histories_folder() -> Path:
    """Where hand histories go: those exported from the table and those of hosted tables."""
    return data_folder() / "histories"


def settings_file() -> Path:
    """The settings file."""
    return config_folder() / "settings.json"
