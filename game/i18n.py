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


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it (translate where it is shown)."""
    return message


def _(message: str) -> str:
    """`message` in the current language (itself when the catalog has no entry)."""
    return _speech.translation.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted sentence that `count` needs, by the language's plural rule."""
    return _speech.translation.ngettext(singular, plural, count)


def language() -> str:
    """The code of the language in force ('en', 'hi' or 'tl')."""
    return _speech.code


def set_language(code: str) -> None:
    """Speak `code` from now on (an unknown code means English)."""
    code = code if code in LANGUAGES else "en"
    if code == "en":
        translation: gettext.NullTranslations = gettext.NullTranslations()
    else:
        translation = gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[code], fallback=True)
    _speech.translation = translation
    _speech.code = code


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
    if _speech.code != "hi":
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
