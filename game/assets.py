"""Where the shipped sprites/ and sounds/ folders are: installed from a wheel (or inside the
one-file executable, which copies the wheel's layout) or run from source."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def asset_folder(name: str) -> Path:
    """The folder `name` ('sprites' or 'sounds'): inside the installed package, else the repo's."""
    installed = _PACKAGE / "assets" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def icon_file() -> Path:
    """The application icon, sprites/icon.png (drawn by game.ui.art.icon_art)."""
    return asset_folder("sprites") / "icon.png"
