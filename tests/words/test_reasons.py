"""Every reason the engine can give is said: in English as the templates read, and in Hindi and
Tagalog from the catalogs, with each value filled in."""

from __future__ import annotations

import re
import string

import pytest

from game.engine.cards import parse
from game.engine.hands import get_ranking
from game.engine.reasons import Reason, ReasonKey
from game.i18n import set_language
from game.words.reasons import TEMPLATES, describe, english

_RANKING = get_ranking("teen_patti")
_PAIR = _RANKING.evaluate(parse("7s 7d Kc")).name
_HIGH = _RANKING.evaluate(parse("Ah Js 4d")).name


def full(key: ReasonKey) -> Reason:
    """A reason of this key with every value set (a seat, amounts, hands)."""
    return Reason(
        key,
        seat=3,
        limit=500,
        paid=40,
        owed=300,
        bank=55,
        amount=60,
        odds=6,
        hand=_RANKING.evaluate(parse("7s 8s 9s")).category_title,
        winner=_PAIR,
        loser=_HIGH,
    )


SAID = sorted(set(ReasonKey) - {ReasonKey.FOLDED}, key=lambda key: key.value)


def test_every_key_has_a_template_naming_only_a_reasons_values() -> None:
    assert set(TEMPLATES) == set(ReasonKey)
    assert TEMPLATES[ReasonKey.FOLDED] == "", "a plain fold needs no sentence"
    fields = set(Reason.__dataclass_fields__) - {"key", "then"}
    for key in SAID:
        named = {name for _, name, _, _ in string.Formatter().parse(TEMPLATES[key]) if name}
        assert named <= fields, (key, named - fields)


@pytest.mark.parametrize("key", SAID, ids=lambda key: key.value)
def test_every_reason_is_said_in_english_and_translated(key: ReasonKey) -> None:
    reason = full(key)
    words = english(reason)
    assert words and "{" not in words, words
    assert describe(reason, lambda seat: "Asha") == words.replace("seat 3", "Asha").replace(
        "Seat 3", "Asha"
    )
    for code in ("hi", "tl"):
        set_language(code)
        said = describe(reason, lambda seat: "Asha")
        assert said and "{" not in said and said != words, (code, said)
        assert "seat" not in said.lower(), said
    set_language("hi")
    assert re.search("[\u0900-\u097f]", describe(reason)), describe(reason)


def test_values_fill_the_sentence() -> None:
    assert english(Reason(ReasonKey.LAST_PLAYER_LEFT, seat=2)) == "seat 2 is the last player left"
    assert english(Reason(ReasonKey.TOOK_THE_BANK, seat=0)) == "Seat 0 took the bank."
    short = Reason(ReasonKey.HAND_BEATS_HAND, winner=_PAIR, loser=_HIGH).followed_by(
        Reason(ReasonKey.BANK_SHORT, paid=40, owed=300)
    )
    assert english(short) == (
        "Pair of 7s, king kicker beats High card A-J-4. The bank had only 40 of the 300 owed."
    )
    assert short.keys() == (ReasonKey.HAND_BEATS_HAND, ReasonKey.BANK_SHORT)
    set_language("hi")
    assert describe(Reason(ReasonKey.POT_LIMIT_REACHED, limit=100_000)).count("1,00,000") == 1
