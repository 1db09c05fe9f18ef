"""Bots by level name."""

from __future__ import annotations

from game.bots.base import Bot, RandomBot
from game.bots.easy import EasyBot

BOT_LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "easy": EasyBot}
"""Every bot level the game offers, weakest first."""


def make_bot(level: str) -> Bot:
    """A bot of the named level; raises ValueError naming the known levels."""
    kind = BOT_LEVELS.get(level)
    if kind is None:
        raise ValueError(f"'{level}' is not a bot level: choose one of {', '.join(BOT_LEVELS)}")
    return kind()
