"""Extract the player-facing words and refresh the catalogs (`make catalogs`, with babel).

Every `_()`, `N_()`, `ngettext()` and `says_counted()` (the engine's counted sentence) in game/
is extracted, plus the words the UI builds from models (the settings rows' labels and values);
each game/locale/<lang>/LC_MESSAGES/trey.po is updated with them (translations kept, new entries
empty, gone ones dropped) and compiled to trey.mo beside it. The translations themselves are
written by hand in the .po files.
"""

from __future__ import annotations

import datetime
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
LOCALE = GAME / "locale"
LANGUAGES = ("hi", "tl")
KEYWORDS = {**DEFAULT_KEYWORDS, "says_counted": (1, 2)}
"""The gettext functions, and the engine's counted sentence (singular and plural, like ngettext)."""
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The catalogs' header date, fixed so that rebuilding changes nothing when no words change."""


def built_words() -> list[str]:
    """Words the UI makes from models rather than writes as literals: the settings rows'
    labels, explanations and named values, and the presets' titles."""
    from game.engine.rules import PRESETS
    from game.persistence.settings import Settings
    from game.ui.menus.option_choices import choices_for, describe_value

    words: list[str] = []
    for choice in choices_for(Settings):
        words += [choice.label, choice.explanation]
        words += [
            describe_value(value, choice.field)
            for value in choice.values
            if isinstance(value, str) and value
        ]
    words += [preset.title for preset in PRESETS.values()]
    return [entry for entry in words if entry and not entry.isdigit()]


def template() -> Catalog:
    """Every player-facing message of the game, with where it is used."""
    catalog = Catalog(project="trey", creation_date=FIXED_DATE)
    for filename, line, message, comments, context in extract_from_dir(
        GAME, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
    ):
        where = [(f"game/{filename}", line)]
        catalog.add(message, locations=where, auto_comments=comments, context=context)
    for words in built_words():
        if words not in catalog:
            catalog.add(words, locations=[("game/ui/menus/option_choices.py", 0)])
    return catalog


def po_path(language: str) -> Path:
    """The catalog of `language` in the repository."""
    return LOCALE / language / "LC_MESSAGES" / "trey.po"


def read_catalog(language: str) -> Catalog:
    """The .po of `language` as it stands (an empty catalog when there is none yet)."""
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, project="trey", creation_date=FIXED_DATE)
    with path.open("rb") as stream:
        return read_po(stream, locale=language)


def updated(language: str) -> Catalog:
    """The .po of `language` brought up to the template (no fuzzy guesses: new entries empty)."""
    catalog = read_catalog(language)
    catalog.update(template(), no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.revision_date = FIXED_DATE
    catalog.creation_date = FIXED_DATE
    catalog.fuzzy = False
    return catalog


def compiled(catalog: Catalog) -> bytes:
    """The .mo bytes of a catalog."""
    stream = io.BytesIO()
    write_mo(stream, catalog)
    return stream.getvalue()


def main() -> None:
    """Update every .po and compile its .mo."""
    for language in LANGUAGES:
        catalog = updated(language)
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as stream:
            write_po(stream, catalog, width=100, sort_output=False)
        path.with_suffix(".mo").write_bytes(compiled(read_catalog(language)))
        missing = sum(1 for message in catalog if message.id and not message.string)
        print(f"{language}: {len(catalog)} messages, {missing} untranslated")


if __name__ == "__main__":
    main()
