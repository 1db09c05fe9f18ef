"""A language's words for the phone page, made from the game's own gettext catalogs when asked.

`/lang/hi.json` is the page's words (game/web/words.py) and the network sentences by reason key
(game/words/network.py), each looked up in the catalog the desktop game speaks from: the page
holds no second copy of any translation.
"""

from __future__ import annotations

import gettext
import json
from functools import cache

from game.engine.cards import Rank
from game.engine.phases import Phase, task
from game.i18n import DOMAIN, LANGUAGES, LOCALE_FOLDER, _, speaking
from game.network.wire_names import HAND_NAME_KEYS
from game.web.words import WEB_WORDS
from game.words.hands import rank_name
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


class _Catalog(gettext.GNUTranslations):
    """A compiled catalog whose entries can be listed."""

    def entries(self) -> dict[object, str]:
        """Every entry: a message id, or (message id, form) for a counted one."""
        catalog: dict[object, str] = self._catalog  # type: ignore[attr-defined]
        return dict(catalog)


@cache
def sentences_data(code: str) -> bytes | None:
    """Every sentence of the catalog of `code` as JSON, for the rules and refusals the wire
    sends as sentence objects (their key is the message id): `messages` (msgid → text),
    `plurals` (msgid → its two forms: the catalogs' rule is n != 1), `phases` (a phase's
    identifier → what a player must do in it), `hands` (a hand name's wire key → its template)
    and `ranks` (a rank's number → its singular and plural names), so a hand's name in a
    sentence is said as the desktop says it (`said_hand`). None: not one of the game's
    languages."""
    if code not in LANGUAGES or code == "en":
        return None
    path = LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as stream:
        entries = _Catalog(stream).entries()
    messages = {key: text for key, text in entries.items() if isinstance(key, str) and key}
    plurals: dict[str, list[str]] = {}
    for key, text in sorted(entries.items(), key=str):
        if isinstance(key, tuple):
            plurals.setdefault(key[0], []).append(text)
    with speaking(code):
        phases = {phase.value: _(task(phase)) for phase in Phase}
        hands = {key: _(template) for template, key in HAND_NAME_KEYS.items()}
        ranks = {int(rank): [rank_name(rank), rank_name(rank, plural=True)] for rank in Rank}
    data = {
        "language": code,
        "messages": messages,
        "plurals": plurals,
        "phases": phases,
        "hands": hands,
        "ranks": ranks,
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
