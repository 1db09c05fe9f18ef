"""The phone page's files: its first paint is small, and every sentence its scripts show is in
the game's catalogs (in Hindi and Tagalog too)."""

from __future__ import annotations

import gettext
import gzip
import posixpath
import re

import pytest

from game.i18n import DOMAIN, LOCALE_FOLDER
from game.web.files import FOLDER, client_files
from game.web.languages import language_data
from game.web.words import LOOKED_UP, WEB_WORDS, WRITTEN

FIRST_PAINT_BYTES = 60 * 1024
"""The most the page may download, gzipped, before it first paints."""

IMPORT = re.compile(r"""(?:from|import)\s*["'](\.{1,2}/[^"']+)["']""")
LINKED = re.compile(r"""(?:src|href)="([^":]+)\"""")
WRITTEN_WORDS = re.compile(r'(?<![\w.])(?:t|say)\("((?:[^"\\]|\\.)*)"')


def first_paint() -> list[str]:
    """The addresses the page loads before it paints: index.html, what it links, and every
    module those import, followed to the end."""
    files = client_files()
    wanted = ["/index.html"]
    page = files["/index.html"].body.decode()
    wanted += ["/" + link.lstrip("./") for link in LINKED.findall(page)]
    index = 1
    while index < len(wanted):
        address = wanted[index]
        index += 1
        if address.endswith(".js"):
            folder = posixpath.dirname(address)
            for name in IMPORT.findall(files[address].body.decode()):
                found = posixpath.normpath(posixpath.join(folder, name))
                if found not in wanted:
                    wanted.append(found)
    return wanted


def test_the_first_paint_is_at_most_60_kb_gzipped() -> None:
    files = client_files()
    loaded = first_paint()
    assert {"/app.js", "/style.css", "/vendor/preact-htm.js", "/wire.js"} <= set(loaded)
    sizes = [len(gzip.compress(files[address].body, 9)) for address in loaded]
    words = max(len(gzip.compress(language_data(code) or b"", 9)) for code in ("en", "hi", "tl"))
    assert sum(sizes) + words <= FIRST_PAINT_BYTES


def test_every_sentence_the_scripts_write_is_listed_for_the_catalogs() -> None:
    written: set[str] = set()
    for path in (FOLDER / "client").glob("*.js"):
        written |= set(WRITTEN_WORDS.findall(path.read_text(encoding="utf-8")))
    assert written == set(WRITTEN)
    assert not set(WRITTEN) & set(LOOKED_UP)


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_every_sentence_of_the_page_has_its_translation(code: str) -> None:
    catalog = gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[code])
    missing = [words for words in WEB_WORDS if words not in catalog._catalog]  # type: ignore[attr-defined]
    assert missing == []
