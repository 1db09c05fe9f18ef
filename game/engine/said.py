"""Refusals and rule texts as facts: an English template and the values that fill it.

A `Said` holds the catalogs' message (marked with N_) and typed values (amounts as ints, hands
as `HandName`s, words to translate as `Word`s); it holds no translated words. `str()` gives the
English sentence (hand histories, logs and tests read it); the player's language is made where
it is drawn, by game.words.said.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from game.engine.hands import HandName
from game.engine.phases import Phase, task
from game.engine.quick import quick_init


@quick_init
@dataclass(frozen=True)
class Word:
    """A word the engine marked for the catalogs, translated where it is drawn."""

    text: str


Value = int | str | Word | HandName | Phase
"""What fills a template: an amount or seat (int), a notation word (str, never translated), a
catalog word (Word), a hand (HandName) or a phase (said as what a player must do in it)."""


@quick_init
@dataclass(frozen=True)
class Said:
    """A sentence as data: its English template (and plural form), its values, what follows."""

    template: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str = ""
    """The plural template of a counted sentence ('' for a sentence without a count)."""
    count: int = 0
    """Which of `template` (one) and `plural` (any other count) is said."""
    then: Said | None = None
    """A sentence said after this one, after a space."""

    def __str__(self) -> str:
        """The sentence in plain English."""
        return english(self)

    def __bool__(self) -> bool:
        return bool(self.template) or self.then is not None

    def __add__(self, other: Said) -> Said:
        """This sentence with `other` said after it (after any already following)."""
        follow = other if self.then is None else self.then + other
        return dataclasses.replace(self, then=follow)

    def sentences(self) -> tuple[Said, ...]:
        """This sentence and those said after it, each without what follows it."""
        alone = dataclasses.replace(self, then=None)
        return (alone, *(self.then.sentences() if self.then is not None else ()))


NOTHING_SAID = Said("")
"""No sentence: an action allowed, or a rule without a text."""


def says(template: str, **values: Value) -> Said:
    """A sentence from its (N_-marked) template and the values that fill it."""
    return Said(template, tuple(values.items()))


def says_counted(singular: str, plural: str, count: int, **values: Value) -> Said:
    """A counted sentence: `singular` for one, `plural` otherwise; {count} is filled in."""
    return Said(singular, (("count", count), *values.items()), plural, count)


@functools.lru_cache(maxsize=4096)
def english(said: Said) -> str:
    """A sentence in plain English (amounts grouped 1,000, hands and words as written); kept
    for the sentences said again and again (a legal move's rule, in every state that offers
    it)."""
    parts: list[str] = []
    for part in said.sentences():
        if not part.template:
            continue
        template = part.template if not part.plural or part.count == 1 else part.plural
        parts.append(template.format(**{name: _english(value) for name, value in part.values}))
    return " ".join(parts)


def _english(value: Value) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, Word):
        return value.text
    if isinstance(value, HandName):
        return value.english()
    if isinstance(value, Phase):
        return task(value)
    return value
