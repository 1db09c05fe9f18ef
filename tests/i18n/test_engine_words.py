"""The engine's words: hand names and refusals follow the language, while everything it writes
to files or the command line (hand histories, event reasons, `rank`) stays English."""

from __future__ import annotations

import itertools
import random

import pytest
from preset_games import create_preset_game

from game.cli import main
from game.engine.actions import Bet, IllegalActionError, Look
from game.engine.cards import FULL_DECK, parse
from game.engine.hands import RANKING_NAMES, Knobs, get_ranking
from game.engine.history import replay, write_deal
from game.engine.reasons import Reason, ReasonKey
from game.i18n import set_language
from game.words.hands import said_category, said_description, said_recorded_hand
from game.words.reasons import describe, english
from game.words.said import said

PRESETS = ("teen_patti", "joker", "muflis", "brag", "four_card_brag", "three_card_poker", "casino")


def _played(preset: str) -> tuple[list[str], list[object], list[object]]:
    """Seeded random play of a few deals: each deal's history text, the events, the summaries."""
    rng = random.Random(7)
    players = 1 if preset == "casino" else 4
    game = create_preset_game(preset, [200] * players, seed=11)
    texts: list[str] = []
    summaries: list[object] = []
    for _deal in range(6):
        if not game.can_deal():
            break
        game.start_deal()
        while not game.deal_over:
            legal = game.legal_actions()
            option = rng.choice(legal)
            amounts = option.amounts() if isinstance(option.action, Bet) else None
            action = Bet(option.action.seat, rng.choice(amounts)) if amounts else option.action
            game.apply(action)
        text = write_deal(game, ["Asha", "Tom"])
        texts.append(text)
        summaries.append(replay(text).summary())
    return texts, list(game.events), summaries


@pytest.mark.parametrize("preset", PRESETS)
def test_a_history_written_in_hindi_is_byte_identical(preset: str) -> None:
    english = _played(preset)
    set_language("hi")
    assert _played(preset) == english


def test_rank_output_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    verbs = (["rank", "8s 8d Kc"], ["rank", "2s Ah Ad", "--wild", "2s 2h", "--json"])
    english = []
    for arguments in verbs:
        assert main(arguments) == 0
        english.append(capsys.readouterr().out)
    set_language("hi")
    for arguments, expected in zip(verbs, english, strict=True):
        assert main(arguments) == 0
        assert capsys.readouterr().out == expected
    assert "Pair of 8s, king kicker" in english[0]


def test_hand_names_are_said_as_players_say_them() -> None:
    teen_patti = get_ranking("teen_patti", wild_cards="2s 2h")
    pair, trail = teen_patti.evaluate(parse("7s 7d Kc")), teen_patti.evaluate(parse("As Ad Ac"))
    wild = teen_patti.evaluate(parse("2s 9h 9c"))
    set_language("hi")
    assert said_description(pair) == "7 का पेयर, बादशाह किकर"
    assert said_description(trail) == "इक्कों का ट्रेल"
    assert said_description(wild) == "9 का ट्रेल (1 जोकर)"
    assert pair.description == "Pair of 7s, king kicker" and said_category(pair) == "पेयर"
    set_language("tl")
    assert said_description(pair) == "Pares ng 7, hari ang kicker"
    set_language("en")
    assert said_description(wild) == wild.description == "Trail of 9s (1 wild card)"


def test_a_refusal_is_said_in_the_language_in_force() -> None:
    game = create_preset_game("teen_patti", [200] * 3, seed=3)
    game.start_deal()
    seat = game.to_act
    assert seat is not None
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Bet(seat, 999))
    messages = []
    for code in ("en", "hi"):
        set_language(code)
        messages.append(said(refused.value.said))
        assert str(refused.value).startswith("Blind players bet 1x-2x the stake of")
    assert messages[0].startswith("Blind players bet 1x-2x the stake of")
    assert messages[1].startswith("ब्लाइंड खिलाड़ी")
    rules = {said(option.rule) for option in game.legal_actions()}
    assert any("पैक" in rule for rule in rules)
    game.apply(Look(seat))
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Look(seat))
    assert "पहले ही देख" in said(refused.value.said)
    assert str(refused.value) == "You have already looked at your cards."


def test_a_stored_english_hand_name_is_shown_translated() -> None:
    """A file (the statistics) keeps the English description; said_recorded_hand says it in the
    player's language exactly as the hand's own name, as data, is said."""
    rankings = [get_ranking(name) for name in RANKING_NAMES]
    rankings.append(get_ranking("teen_patti", wild_cards="2s 2h 2d 2c"))
    rankings.append(get_ranking("teen_patti", knobs=Knobs(reversed_ranks=True)))
    hands = list(itertools.islice(itertools.combinations(FULL_DECK, 3), 0, 22100, 37))
    values = [ranking.evaluate(hand) for ranking in rankings for hand in hands]
    for code in ("hi", "tl", "en"):
        set_language(code)
        for value in values:
            assert said_recorded_hand(value.description) == said_description(value)
    assert said_recorded_hand("not a hand") == "not a hand"


def _reasons_of(events: list[object]) -> set[Reason]:
    return {
        reason
        for event in events
        if isinstance(reason := getattr(event, "reason", None), Reason)
        and reason.key is not ReasonKey.FOLDED
    }


def test_every_stored_reason_is_shown_in_the_players_language() -> None:
    """The reasons events keep as facts are said in English as the templates read, and in
    Hindi with no English word left but the names of bets and hands kept as players say them; a
    seat is named as the caller asks."""
    stored: set[Reason] = set()
    for preset in PRESETS:
        stored |= _reasons_of(_played(preset)[1])
    assert len(stored) >= 8, stored
    for reason in stored:
        assert describe(reason) == english(reason)
    set_language("hi")
    for reason in stored:
        shown = describe(reason, lambda seat: f"Player{seat}")
        assert any("\u0900" <= letter <= "\u097f" for letter in shown), (reason, shown)
        assert "seat" not in shown.lower(), shown
    last = Reason(ReasonKey.LAST_PLAYER_LEFT, seat=2)
    assert describe(last, lambda seat: "Asha") == "आख़िरी बचे खिलाड़ी: Asha"
    teen_patti = get_ranking("teen_patti")
    pair, high = (teen_patti.evaluate(parse(cards)).name for cards in ("7s 7d Kc", "Kh 9s 4d"))
    beats = Reason(ReasonKey.BEATS, winner=pair, loser=high)
    assert english(beats) == "Pair of 7s, king kicker beats High card K-9-4"
    assert describe(beats) == "7 का पेयर, बादशाह किकर, हाई कार्ड K-9-4 को हराता है"
