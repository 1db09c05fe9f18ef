"""A language's words for the phone page, made from the game's own gettext catalogs when asked.

`/lang/hi.json` is the page's words (game/web/words.py) and the network sentences by reason key
(game/words/network.py), each looked up in the catalog the desktop game speaks from: the page
holds no second copy of any translation.
"""

from __future__ import annotations

import gettext
import json

from game.i18n import DOMAIN, LANGUAGES, LOCALE_FOLDER
from game.web.words import WEB_WORDS
from game.words.network import ENDINGS, PROBLEMS, REFUSALS


def catalog(code: str) -> gettext.NullTranslations:
    """The translations of `code` (English: none)."""
    if code == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[code], fallback=True)


def language_data(code: str) -> bytes | None:
    """The page's words in language `code` as JSON (None: not one of the game's languages)."""
    if code not in LANGUAGES:
        return None
    words = catalog(code).gettext
    data = {
        "language": code,
        "name": LANGUAGES[code],
        "languages": LANGUAGES,
        "words": {message: words(message) for message in WEB_WORDS},
        "refusals": {reason: words(text) for reason, text in REFUSALS.items()},
        "problems": {reason: words(text) for reason, text in PROBLEMS.items()},
        "endings": {reason: words(text) for reason, text in ENDINGS.items()},
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
