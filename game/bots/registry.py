"""Bots by level name, with optional personalities ("hard+bluffer"), the simple strategies, and
bots written outside the package ("path/to/file.py:ClassName" or "module:ClassName")."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

from game.bots.base import Bot, RandomBot
from game.bots.easy import EasyBot
from game.bots.expert import ExpertBot
from game.bots.plans import PLAN_PREFIX, PlanBot, parse_plan
from game.bots.simple import SIMPLE_RULES, SimpleBot
from game.bots.thinking import PERSONALITIES, HardBot, MediumBot, Profile
from game.engine.bounded_text import shortened

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
    """A bot by name: a level ('hard', 'hard+bluffer'), a simple strategy ('never-look-min') or
    a plan of the searched family ('plan(look=0,weak=1)') or an outside class
    ('bots/mine.py:MyBot', 'package.module:MyBot'); ValueError says what is wrong in one
    sentence."""
    if level.startswith(PLAN_PREFIX):
        return PlanBot(parse_plan(level))
    if ":" in level:
        return load_outside_bot(level)
    if level in SIMPLE_RULES:
        return SimpleBot(SIMPLE_RULES[level])
    name, _, personality = level.partition("+")
    kind = BOT_LEVELS.get(name)
    if kind is None:
        raise ValueError(
            f"'{level}' is not a bot level: choose one of {', '.join(BOT_LEVELS)}, a simple "
            f"strategy ({', '.join(SIMPLE_RULES)}) or FILE.py:CLASS"
        )
    if not personality:
        return kind()
    profile = PERSONALITIES.get(personality)
    if profile is None or name not in _THINKING:
        raise ValueError(
            f"'{personality}' is not a personality of {name}: medium, hard and expert take "
            f"{', '.join(PERSONALITIES)}"
        )
    return _THINKING[name](profile)


def load_outside_bot(spec: str) -> Bot:
    """An instance of the class named by 'path/to/file.py:ClassName' or 'module:ClassName'."""
    where, _, class_name = spec.rpartition(":")
    if not where or not class_name:
        raise ValueError(f"'{spec}' is not a bot: write FILE.py:CLASS or MODULE:CLASS")
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise ValueError(f"'{spec}': there is no file {where}")
        module_name = f"trey_outside_bot_{abs(hash(str(path.resolve())))}"
        found = importlib.util.spec_from_file_location(module_name, path)
        if found is None or found.loader is None:
            raise ValueError(f"'{spec}': {where} cannot be loaded as Python")
        module = importlib.util.module_from_spec(found)
        sys.modules[module_name] = module
        try:
            found.loader.exec_module(module)
        except (Exception, SystemExit) as error:  # any failure of outside code is one sentence
            sys.modules.pop(module_name, None)
            raise ValueError(f"'{spec}': {where} failed to load: {_short(error)}") from None
    else:
        try:
            module = importlib.import_module(where)
        except (Exception, SystemExit) as error:  # any failure of outside code is one sentence
            raise ValueError(
                f"'{spec}': module {where} cannot be imported: {_short(error)}"
            ) from None
    kind = getattr(module, class_name, None)
    if not inspect.isclass(kind):
        raise ValueError(f"'{spec}': {where} has no class {class_name}")
    try:
        bot: object = kind()
    except (Exception, SystemExit) as error:  # any failure of outside code is one sentence
        raise ValueError(f"'{spec}': {class_name}() failed: {_short(error)}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(
            f"'{spec}': {class_name} is not a bot: it needs a method "
            "choose(observation, legal, rng) that returns an action"
        )
    if not isinstance(getattr(bot, "name", None), str):
        setattr(bot, "name", class_name)  # noqa: B010 - the protocol's name, given when missing
    return cast(Bot, bot)


def _short(error: BaseException) -> str:
    return shortened(f"{type(error).__name__}: {error}", 120)
