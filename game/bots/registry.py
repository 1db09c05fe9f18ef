"""Bots by level name, with optional personalities ("hard+bluffer")."""

from __future__ import annotations

from collections.abc import Callable

from game.bots.base import Bot, RandomBot
from game.bots.easy import EasyBot
from game.bots.expert import ExpertBot
from game.bots.thinking import PERSONALITIES, HardBot, MediumBot, Profile

BOT_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
"""Every bot level the game offers, weakest first."""

_THINKING: dict[str, Callable[[Profile | None], Bot]] = {
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(level: str) -> Bot:
    """A bot of the named level, e.g. 'hard' or 'hard+bluffer'; ValueError names the choices."""
    name, _, personality = level.partition("+")
    kind = BOT_LEVELS.get(name)
    if kind is None:
        raise ValueError(f"'{level}' is not a bot level: choose one of {', '.join(BOT_LEVELS)}")
    if not personality:
        return kind()
    profile = PERSONALITIES.get(personality)
    if profile is None or name not in _THINKING:
        raise ValueError(
            f"'{personality}' is not a personality of {name}: medium, hard and expert take "
            f"{', '.join(PERSONALITIES)}"
        )
    return _THINKING[name](profile)
