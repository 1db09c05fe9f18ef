"""The game's words in the player's language: stdlib gettext over the catalogs in game/locale.

Player-facing text is written in English in the code and looked up when it is shown: `_()` for
a sentence, `ngettext()` for one with a count (the catalog's plural forms choose), and `N_()` to
mark a constant for extraction without translating it yet (it is passed to `_()` where drawn).
`set_language()` swaps the catalog at once, so a screen drawn after it speaks the new language.
CLI messages stay English: only the UI calls these. `make catalogs` extracts and compiles (babel).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "trey"
LOCALE_FOLDER = Path(__file__).resolve().parent / "locale"

LANGUAGES = {"en": "English", "hi": "हिन्दी", "tl": "Tagalog"}
"""Each language code with its name as its own speakers write it."""


class _Speech:
    """The catalog in force and its language's code (one per process, swapped at once)."""

    def __init__(self) -> None:
        self.translation = gettext.NullTranslations()
        self.code = "en"


_speech = _Speech()

_spoken: ContextVar[_Speech | None] = ContextVar("trey_spoken", default=None)
"""A language spoken for a while in one thread or task only (`speaking`), over `_speech`."""


def _current() -> _Speech:
    return _spoken.get() or _speech


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it (translate where it is shown)."""
    return message


def _(message: str) -> str:
    """`message` in the current language (itself when the catalog has no entry)."""
    return _current().translation.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted sentence that `count` needs, by the language's plural rule."""
    return _current().translation.ngettext(singular, plural, count)


def language() -> str:
    """The code of the language in force ('en', 'hi' or 'tl')."""
    return _current().code


def set_language(code: str) -> None:
    """Speak `code` from now on (an unknown code means English)."""
    _speech.code, _speech.translation = _catalog(code)


def _catalog(code: str) -> tuple[str, gettext.NullTranslations]:
    """The language's code (an unknown one: English) and its catalog."""
    code = code if code in LANGUAGES else "en"
    if code == "en":
        return code, gettext.NullTranslations()
    return code, gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[code], fallback=True)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak `code` within the block, in this thread (or asyncio task) only: the game's own
    language elsewhere stays (a table's server says each viewer's events in their language)."""
    speech = _Speech()
    speech.code, speech.translation = _catalog(code)
    token = _spoken.set(speech)
    try:
        yield
    finally:
        _spoken.reset(token)


def system_language(environment: dict[str, str] | None = None) -> str:
    """The game's language closest to the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    environment = dict(os.environ) if environment is None else environment
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for entry in environment.get(variable, "").split(":"):
            code = entry.split("_")[0].split(".")[0].lower()
            if code == "fil":
                code = "tl"
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return "en"
    return "en"


def number(value: int) -> str:
    """An integer with the language's digit grouping: 100,000 (Indian for Hindi: 1,00,000)."""
    if _current().code != "hi":
        return f"{value:,}"
    sign = "-" if value < 0 else ""
    digits = str(abs(value))
    if len(digits) <= 3:
        return sign + digits
    head, tail = digits[:-3], digits[-3:]
    pairs: list[str] = []
    while len(head) > 2:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return sign + ",".join([head, *pairs, tail])
