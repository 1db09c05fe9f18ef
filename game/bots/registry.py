"""Bots by level name, with optional personalities ("hard+bluffer"), the simple strategies, and
bots written outside the package ("path/to/file.py:ClassName" or "module:ClassName").

Only the command line (`simulate --seats`) may name an outside bot, through `command_line_bot`;
`make_bot`, which every session uses, makes the package's own bots and nothing else, so a file
(a save, the last game's choices) can never make the game import code."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots.base import PLAN_PREFIX, Bot, RandomBot
from game.bots.simple import SIMPLE_RULES, SimpleBot
from game.engine.bounded_text import shortened

if TYPE_CHECKING:
    from game.bots.thinking import Profile

# Each level's module (its strategy, tables and search) is imported when a bot of that level is
# first made, not when a file's bot names are checked: the first frame of a table of easy bots
# loads neither the thinking bots nor the expert's CFR.


def _easy() -> Bot:
    from game.bots.easy import EasyBot

    return EasyBot()


def _medium(profile: Profile | None = None) -> Bot:
    from game.bots.thinking import MediumBot

    return MediumBot(profile)


def _hard(profile: Profile | None = None) -> Bot:
    from game.bots.thinking import HardBot

    return HardBot(profile)


def _expert(profile: Profile | None = None) -> Bot:
    from game.bots.expert import ExpertBot

    return ExpertBot(profile)


BOT_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
    "expert": _expert,
}
"""Every bot level the game offers, weakest first."""

_THINKING: dict[str, Callable[[Profile | None], Bot]] = {
    "medium": _medium,
    "hard": _hard,
    "expert": _expert,
}


def is_known_bot(name: str) -> bool:
    """Whether a name is one of the package's own bots: a level ('hard'), a thinking level with a
    personality ('hard+bluffer') or a simple strategy ('never-look-min'). No outside code is
    imported (a personality's name is read from the thinking bots' module)."""
    if name in SIMPLE_RULES or name in BOT_LEVELS:
        return True
    level, _, personality = name.partition("+")
    if level not in _THINKING:
        return False
    from game.bots.thinking import PERSONALITIES

    return personality in PERSONALITIES


def command_line_bot(spec: str) -> Bot:
    """A bot named on the command line: one of the package's own (see `make_bot`) or an outside
    class ('bots/mine.py:MyBot', 'package.module:MyBot'); ValueError says what is wrong."""
    if ":" in spec:
        return load_outside_bot(spec)
    return make_bot(spec)


def make_bot(level: str) -> Bot:
    """One of the package's own bots by name: a level ('hard', 'hard+bluffer'), a simple
    strategy ('never-look-min') or a plan of the searched family ('plan(look=0,weak=1)'), never
    outside code; ValueError says what is wrong in one sentence."""
    if level.startswith(PLAN_PREFIX):
        from game.bots.plans import PlanBot, parse_plan

        return PlanBot(parse_plan(level))
    if ":" in level:
        raise ValueError(
            f"'{level}' names outside code: an outside bot is only named on the command line "
            "(simulate --seats)"
        )
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
    from game.bots.thinking import PERSONALITIES

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
    kind = vars(module).get(class_name)
    if not inspect.isclass(kind):
        raise ValueError(f"'{spec}': {where} has no class {class_name}")
    try:
        bot: Any = kind()
    except (Exception, SystemExit) as error:  # any failure of outside code is one sentence
        raise ValueError(f"'{spec}': {class_name}() failed: {_short(error)}") from None
    if not (hasattr(bot, "choose") and callable(bot.choose)):
        raise ValueError(
            f"'{spec}': {class_name} is not a bot: it needs a method "
            "choose(observation, legal, rng) that returns an action"
        )
    if not (hasattr(bot, "name") and isinstance(bot.name, str)):
        bot.name = class_name  # the protocol's name, given when missing
    if not isinstance(bot, Bot):
        raise ValueError(f"'{spec}': {class_name} is not a bot")
    return bot


def _short(error: BaseException) -> str:
    return shortened(f"{type(error).__name__}: {error}", 120)
