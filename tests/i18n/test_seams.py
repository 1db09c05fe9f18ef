"""The seams between the engine's English words and the screens: hand names, award and carry
reasons, the table's hand name and the history's best hand in the player's language, English
unchanged."""

from __future__ import annotations

from game.engine.cards import parse
from game.engine.events import PotAwarded, PotCarried
from game.engine.hands import get_ranking
from game.engine.reasons import Reason, ReasonKey
from game.i18n import set_language
from game.ui.table.table_scene import _hand_name
from game.words.hands import said_recorded_hand
from game.words.narration import Narrator, spoken_to_you

_RANKING = get_ranking("teen_patti")
BEATS = Reason(
    ReasonKey.BEATS,
    winner=_RANKING.evaluate(parse("7s 7d Kc")).name,
    loser=_RANKING.evaluate(parse("Ah Js 4d")).name,
)


def test_english_captions_stay_as_they_were() -> None:
    narrator = Narrator(["You", "Priya"])
    award = PotAwarded(seat=1, amount=24, pot_index=0, reason=BEATS)
    assert narrator.award_caption(award) == (
        "Priya takes the pot of 24 — Pair of 7s, king kicker beats High card A-J-4"
    )
    last = PotAwarded(
        seat=1, amount=9, pot_index=0, reason=Reason(ReasonKey.LAST_PLAYER_LEFT, seat=1)
    )
    assert narrator.award_caption(last) == "Priya takes the pot of 9 — The last player left"
    carried = PotCarried(
        amount=30,
        reason=Reason(ReasonKey.LEFT_ALONE_BLIND, seat=1),
    )
    assert narrator.carried_caption(carried) == (
        "The pot of 30 carries forward — Priya was left alone blind, and the blind hand is kept."
    )


def test_reasons_and_hands_are_said_in_hindi() -> None:
    set_language("hi")
    narrator = Narrator(["You", "Priya"])
    award = PotAwarded(seat=1, amount=24, pot_index=0, reason=BEATS)
    caption = narrator.award_caption(award)
    assert "7 का पेयर, बादशाह किकर" in caption and "Pair" not in caption
    last = PotAwarded(
        seat=0, amount=9, pot_index=0, reason=Reason(ReasonKey.LAST_PLAYER_LEFT, seat=0)
    )
    assert "आप" in narrator.award_caption(last)
    assert said_recorded_hand("Trail of 5s (1 wild card)") == "5 का ट्रेल (1 जोकर)"


def test_tagalog_speaks_to_you_without_a_name_marker() -> None:
    set_language("tl")
    narrator = Narrator(["You", "Priya"])
    assert narrator.said(Reason(ReasonKey.WINS_THE_BETTING, seat=0)) == "Panalo ka sa tayaan"
    assert narrator.said(Reason(ReasonKey.WINS_THE_BETTING, seat=1)) == "Panalo si Priya sa tayaan"
    assert narrator.said(Reason(ReasonKey.TOOK_THE_BANK, seat=0)) == "Kinuha mo ang bangka."
    assert spoken_to_you("kay Priya") == "kay Priya"
    set_language("en")
    assert spoken_to_you("panalo si Ikaw") == "panalo si Ikaw", "only Tagalog is changed"


def test_the_table_names_your_hand_in_the_language_in_force() -> None:
    ranking = get_ranking("teen_patti")
    cards = tuple(parse("7s 7d Kc"))
    assert _hand_name(ranking, cards) == "Pair of 7s, king kicker"
    set_language("hi")
    assert _hand_name(ranking, cards) == "7 का पेयर, बादशाह किकर"
    set_language("tl")
    assert _hand_name(ranking, cards) == "Pares ng 7, hari ang kicker"
