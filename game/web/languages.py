"""A language's words for the phone page, made from the game's own gettext catalogs when asked.

`/lang/hi.json` is the page's words (game/web/words.py) and the network sentences by reason key
(game/words/network.py), each looked up in the catalog the desktop game speaks from: the page
holds no second copy of any translation.
"""

from __future__ import annotations

import json

from game.i18n import LANGUAGES, _, speaking
from game.web.words import WEB_WORDS
from game.words.network import ENDINGS, PROBLEMS, REFUSALS


def language_data(code: str) -> bytes | None:
    """The page's words in language `code` as JSON (None: not one of the game's languages)."""
    if code not in LANGUAGES:
        return None
    with speaking(code):
        data = {
            "language": code,
            "name": LANGUAGES[code],
            "words": {message: _(message) for message in WEB_WORDS},
            "refusals": {reason: _(text) for reason, text in REFUSALS.items()},
            "problems": {reason: _(text) for reason, text in PROBLEMS.items()},
            "endings": {reason: _(text) for reason, text in ENDINGS.items()},
        }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
