"""The variant presets: each rule's worked examples, category counts by enumeration, the knobs."""

from __future__ import annotations

import bisect
import itertools
import json
import random
from collections import Counter

import pytest

from game.cli import main
from game.engine.actions import Fold
from game.engine.cards import FULL_DECK, parse
from game.engine.events import JokerTurned
from game.engine.factory import create_game
from game.engine.hands import Category, Ranking
from game.engine.rules import PRESETS, RulesError, TeenPattiRules, make_rules
from game.engine.teen_patti import TeenPattiGame

VARIANTS = (
    "joker",
    "ak47",
    "highest_joker",
    "lowest_joker",
    "nine_nine_nine",
    "best_of_four",
    "high_low",
)


def ranking(preset: str, open_cards: str = "") -> Ranking:
    rules = PRESETS[preset].rules()
    assert isinstance(rules, TeenPattiRules)
    return rules.hand_ranking(parse(open_cards))


def plays_as(preset: str, cards: str, open_cards: str = "") -> str:
    return ranking(preset, open_cards).evaluate(parse(cards)).plays_as


def test_joker_open_card_makes_its_rank_wild() -> None:
    assert plays_as("joker", "As 3d 4c", open_cards="4h") == "A-2-3"
    value = ranking("joker", "4h").evaluate(parse("As 3d 4c"))
    assert value.category is Category.STRAIGHT and value.wild_count == 1
    assert ranking("joker", "9h").evaluate(parse("As 3d 4c")).category is Category.HIGH_CARD


def test_ak47_examples() -> None:
    assert plays_as("ak47", "As Kd 4s") == "A-A-A"
    assert plays_as("ak47", "Qh 4c 7d") == "Q-Q-Q"


def test_highest_joker_examples() -> None:
    assert plays_as("highest_joker", "6s 9d Kc") == "6-9-9"
    every = make_rules(
        "teen_patti", personal_joker="highest", personal_joker_every=True
    ).hand_ranking()  # type: ignore[attr-defined]
    assert every.evaluate(parse("Ks Kd 5c")).plays_as == "5-5-5"
    assert ranking("highest_joker").evaluate(parse("Ks Kd 5c")).plays_as == "5-K-K"


def test_lowest_joker_examples_ace_high_and_a_lowest_pair_both_wild() -> None:
    assert plays_as("lowest_joker", "As Kd Kc") == "A-A-A"
    value = ranking("lowest_joker").evaluate(parse("As Kd Kc"))
    assert value.wild_count == 2
    assert plays_as("lowest_joker", "As 2d 9c") == "9-A-A"


def test_nine_nine_nine_examples_and_suits_ignored() -> None:
    nine = ranking("nine_nine_nine")
    assert nine.evaluate(parse("9s Kd 4c")).description == "Score 940"
    assert nine.evaluate(parse("7s 6d Ac")).description == "Score 761"
    assert nine.compare(parse("9s 9d 9c"), parse("Ts Jd Qc")) == 1
    assert nine.compare(parse("9s Kd 4c"), parse("9h Qh 4h")) == 0


def test_nine_nine_nine_counts_by_enumeration() -> None:
    nine = ranking("nine_nine_nine")
    scores = Counter(
        nine.evaluate(hand).description for hand in itertools.combinations(FULL_DECK, 3)
    )
    assert sum(scores.values()) == 22_100
    assert scores["Score 999"] == 4  # C(4,3)
    assert scores["Score 000"] == 560  # C(16,3): 10s and pictures
    assert scores["Score 900"] == 4 * 120  # a 9 and two zeros: 4 x C(16,2)
    assert scores["Score 111"] == 4
    assert scores["Score 987"] == 64


def test_ak47_category_counts_by_enumeration() -> None:
    ak47 = ranking("ak47")
    categories = Counter(
        ak47.evaluate(hand).category for hand in itertools.combinations(FULL_DECK, 3)
    )
    # trios: 3 wild (C(16,3)), 2 wild + any (C(16,2) x 36), 1 wild + a natural pair, no wild
    assert categories[Category.TRIO] == 560 + 120 * 36 + 16 * 9 * 6 + 9 * 4
    natural = Counter(
        ak47.evaluate(hand).category
        for hand in itertools.combinations(
            [card for card in FULL_DECK if card.rank not in {14, 13, 4, 7}], 3
        )
    )
    assert sum(natural.values()) == 7140  # C(36,3): hands with no wild card


def test_best_of_four_plays_the_best_three_and_the_fourth_breaks_ties() -> None:
    four = ranking("best_of_four")
    assert four.evaluate(parse("As Ad 9c 2h")).description == "Pair of aces, 9 kicker"
    assert four.compare(parse("As Ad 9c 5h"), parse("Ah Ac 9d 3s")) == 1
    assert four.compare(parse("As Ad 9c 5h"), parse("Ah Ac 9d 5s")) == 0


@pytest.mark.parametrize("preset", ["best_of_four", "high_low"])
def test_the_four_card_table_agrees_with_evaluating_each_hand(preset: str) -> None:
    """The sorted keys `place` reads four-card hands from are built from the three-card keys:
    every sampled hand's own key is among them, placed where counting its neighbours puts it."""
    four = ranking(preset)
    keys = four._sorted_four_keys()
    assert len(keys) == 270_725 and keys == sorted(keys)
    sample = random.Random(4).sample(list(itertools.combinations(FULL_DECK, 4)), 400)
    for hand in sample:
        key = four.evaluate(hand).sort_key
        index = bisect.bisect_left(keys, key)
        assert keys[index] == key, hand


@pytest.mark.slow
def test_the_four_card_table_is_every_hand_evaluated() -> None:
    four = ranking("best_of_four")
    every = sorted(four.evaluate(hand).sort_key for hand in itertools.combinations(FULL_DECK, 4))
    assert four._sorted_four_keys() == every


def test_high_low_reverses_card_ranks_but_not_categories() -> None:
    high_low = ranking("high_low")
    assert high_low.compare(parse("2s 2d 5c"), parse("As Ad Kc")) == 1
    assert high_low.compare(parse("2s 5d 9c"), parse("As Kd 9h")) == 1
    assert high_low.compare(parse("As Ad Kc"), parse("2s 5d 9h")) == 1  # pair beats high card
    assert high_low.compare(parse("2s 3d 4c"), parse("Qs Kd Ac")) == 1
    assert high_low.compare(parse("As Ad Ac"), parse("2s 2d 4c")) == 1  # any trail beats a pair


def test_fewer_wild_cards_win_is_an_option() -> None:
    with_rule = make_rules("teen_patti", wild_ranks="2").hand_ranking()  # type: ignore[attr-defined]
    without = make_rules("teen_patti", wild_ranks="2", fewer_wilds_win=False).hand_ranking()  # type: ignore[attr-defined]
    natural, wild = parse("As Ad Ac"), parse("As Ad 2c")
    assert with_rule.compare(natural, wild) == 1
    assert without.compare(natural, wild) == 0


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"open_jokers": 4}, "open_jokers: must be between 0 and 3"),
        ({"wild_ranks": "A X"}, "'X' is not a rank"),
        ({"ranking": "nine_nine_nine", "wild_ranks": "A"}, "999 scoring counts digits"),
        ({"personal_joker": "lowest", "cards_dealt": 4}, "deal 3 cards with it"),
    ],
)
def test_each_knob_is_refused_with_a_sentence(options: dict[str, object], sentence: str) -> None:
    with pytest.raises(RulesError, match=sentence):
        make_rules("teen_patti", **options)


def test_the_open_joker_is_dealt_face_up_to_the_table_and_seen_by_everyone() -> None:
    game = create_game(PRESETS["joker"].rules(), [100, 100, 100], seed=4)
    assert isinstance(game, TeenPattiGame)
    game.start_deal()
    turned = [event for event in game.events if isinstance(event, JokerTurned)]
    assert len(turned) == 1 and turned[0].cards == game.open_cards
    for viewer in (None, 0, 1, 2):
        assert game.observe(viewer).table_cards == game.open_cards
    (card,) = game.open_cards
    assert game.ranking.wild_cards == {other for other in FULL_DECK if other.rank == card.rank}


def test_the_deal_just_ended_is_still_ranked_with_its_open_joker() -> None:
    game = create_game(PRESETS["joker"].rules(), [100, 100, 100], seed=4)
    assert isinstance(game, TeenPattiGame)
    game.start_deal()
    (card,) = game.open_cards
    game.apply(Fold(game.to_act or 0))
    game.apply(Fold(game.to_act or 0))
    assert game.deal_over and game.open_cards == ()
    observation = game.observe(0)
    assert observation.table_cards == () and observation.open_jokers() == (card,)
    ranking = observation.hand_ranking()
    assert ranking is not None
    assert ranking.wild_cards == {other for other in FULL_DECK if other.rank == card.rank}


def test_four_cards_are_dealt_in_best_of_four() -> None:
    game = create_game(PRESETS["best_of_four"].rules(), [100, 100], seed=2)
    assert isinstance(game, TeenPattiGame)
    game.start_deal()
    assert all(len(player.hand) == 4 for player in game.players.values())


@pytest.mark.parametrize("preset", VARIANTS)
def test_rank_verb_takes_a_preset(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    cards = "As Kd 4s 9c" if preset == "best_of_four" else "As Kd 4s"
    extra = ["--open", "4h"] if preset == "joker" else []
    assert main(["rank", cards, "--game", preset, "--json", *extra]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["beats"] + result["ties"] + result["loses_to"] > 22_000


def test_rank_prints_what_the_hand_plays_as(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "As Kd 4s", "--game", "ak47"]) == 0
    assert "Plays as A-A-A." in capsys.readouterr().out
    assert main(["rank", "As 3d 4c", "--game", "joker"]) == 2
    assert "--open" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("preset", [*VARIANTS, "four_card_brag"])
def test_thousands_of_seeded_hands_per_variant_keep_every_invariant(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["simulate", "--game", preset, "--players", "4", "--hands", "3000", "--seed", "1"]
    assert main([*arguments, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 3000
