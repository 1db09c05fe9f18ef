"""The engine's words are marked for the catalogs here and never translated in the engine."""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it (translated where it is drawn)."""
    return message
