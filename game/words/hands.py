"""Hand names (the engine's `HandName` facts) and card ranks in the player's language.

The engine names a hand by an English template and what fills it; here the template is
translated and filled with the ranks as the language says them ('Pair of 7s, king kicker' is
'7 का पेयर, बादशाह किकर' in Hindi).
"""

from __future__ import annotations

import functools
import re

from game.engine.cards import Rank
from game.engine.hands import NAME_TEMPLATES, HandName, HandValue
from game.i18n import N_, _, ngettext, number

_RANK_PLURALS: dict[Rank, str] = {
    # Translators: a card rank in the plural, as it follows "Trail of" or "Pair of" (Hindi: the
    # oblique plural, as in "इक्कों का ट्रेल").
    Rank.ACE: N_("aces"),
    Rank.KING: N_("kings"),
    Rank.QUEEN: N_("queens"),
    Rank.JACK: N_("jacks"),
    Rank.TEN: N_("10s"),
    Rank.NINE: N_("9s"),
    Rank.EIGHT: N_("8s"),
    Rank.SEVEN: N_("7s"),
    Rank.SIX: N_("6s"),
    Rank.FIVE: N_("5s"),
    Rank.FOUR: N_("4s"),
    Rank.THREE: N_("3s"),
    Rank.TWO: N_("2s"),
}
"""Each rank's plural name, in English as `Rank.plural` writes it; translated where shown."""

_RANK_SINGULARS: dict[Rank, str] = {
    # Translators: a card rank named alone, as the kicker of a pair ("king kicker").
    Rank.ACE: N_("ace"),
    Rank.KING: N_("king"),
    Rank.QUEEN: N_("queen"),
    Rank.JACK: N_("jack"),
}
"""The picture cards' and the ace's names (2-10 are written as digits in every language)."""


def rank_name(rank: Rank, plural: bool = False) -> str:
    """A card rank's name in the current language: 'ace', 'king', '7' (plural: 'aces', '7s')."""
    if plural:
        return _(_RANK_PLURALS[rank])
    return _(_RANK_SINGULARS[rank]) if rank in _RANK_SINGULARS else rank.label


def said_hand(name: HandName) -> str:
    """The hand's name in the player's language ('Pair of 7s' is '7 का पेयर' in Hindi)."""
    fields = name.fields()
    if name.ranks:
        named, *kicker = name.ranks
        fields["ranks"] = rank_name(named, plural=True)
        if kicker:
            fields["kicker"] = rank_name(kicker[0])
    text = _(name.template).format(**fields)
    if not name.wild_count:
        return text
    return ngettext(
        "{hand} ({count} wild card)", "{hand} ({count} wild cards)", name.wild_count
    ).format(hand=text, count=number(name.wild_count))


def said_description(value: HandValue) -> str:
    """An evaluated hand's description in the player's language."""
    return said_hand(value.name)


def said_category(value: HandValue) -> str:
    """An evaluated hand's category in the player's language ('Pair' is 'पेयर' in Hindi)."""
    return _(value.category_name)


def said_recorded_hand(description: str) -> str:
    """A hand description kept as English text in a file (the statistics' best hand) in the
    player's language; text that is not a hand's description comes back as it is.

    Only text read from a file goes through here: events carry the hand's name as data."""
    for pattern, template in _description_patterns():
        found = pattern.fullmatch(description)
        if found is None:
            continue
        parts = found.groupdict()
        ranks = tuple(
            rank
            for rank in (
                _BY_PLURAL.get(parts.get("ranks") or ""),
                _BY_SINGULAR.get(parts.get("kicker") or ""),
            )
            if rank is not None
        )
        return said_hand(
            HandName(
                template,
                ranks=ranks,
                cards=parts.get("cards") or "",
                score=int(parts.get("score") or 0),
                wild_count=int(parts.get("wild") or 0),
            )
        )
    return description


_BY_PLURAL = {rank.plural: rank for rank in Rank}
_BY_SINGULAR = {rank.singular: rank for rank in Rank}


@functools.cache
def _description_patterns() -> list[tuple[re.Pattern[str], str]]:
    """A pattern for every description template, with what fills it as named groups."""
    fills = {
        "ranks": "(?P<ranks>" + "|".join(map(re.escape, _BY_PLURAL)) + ")",
        "kicker": "(?P<kicker>" + "|".join(map(re.escape, _BY_SINGULAR)) + ")",
        "cards": r"(?P<cards>(?:10|[2-9AJQK])-(?:10|[2-9AJQK])-(?:10|[2-9AJQK]))",
        "score": r"(?P<score>\d{3})",
    }
    patterns = []
    for template in NAME_TEMPLATES:
        pattern = re.escape(template)
        for name, fill in fills.items():
            pattern = pattern.replace(re.escape("{" + name + "}"), fill)
        wild = r"(?: \((?P<wild>\d+) wild cards?\))?"
        patterns.append((re.compile(pattern + wild), template))
    return patterns
