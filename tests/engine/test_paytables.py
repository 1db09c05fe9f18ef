"""Pay tables and house edges: our enumeration against brute force and the published figures."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

import pytest

from game.engine.cards import FULL_DECK, Card, parse_hand
from game.engine.hands import get_ranking
from game.engine.paytables import (
    ANTE_BONUS_TABLES,
    DEALER_HANDS_PER_PLAYER_HAND,
    PAIR_PLUS_TABLES,
    DesignatedPlayerTerms,
    Matchup,
    all_hands,
    casino_expected_value,
    casino_house_edge,
    casino_play_value,
    casino_should_play,
    designated_player_call_value,
    designated_player_expected_value,
    designated_player_fold_value,
    hand_index,
    matchup,
    pair_plus_house_edge,
    percent,
    qualifying_strength,
    queen_six_four,
)

RANKING = get_ranking("three_card_poker")
STRENGTHS = RANKING.tabulate()
TRIPLES = list(itertools.combinations(range(52), 3))


def plain_category(cards: Sequence[Card]) -> str:
    """An independent if-chain naming a hand's Pair Plus category."""
    ranks = sorted(int(card.rank) for card in cards)
    suited = len({card.suit for card in cards}) == 1
    run = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14])
    if run and suited:
        return "royal" if ranks == [12, 13, 14] else "straight flush"
    if len(set(ranks)) == 1:
        return "trips"
    if run:
        return "straight"
    if suited:
        return "flush"
    if len(set(ranks)) == 2:
        return "pair"
    return "nothing"


@pytest.mark.parametrize(
    ("name", "published"),
    [("40-30-6-3-1", "7.28 %"), ("40-30-6-4-1", "2.32 %"), ("40-30-5-4-1", "5.57 %")],
)
def test_pair_plus_edges_match_the_published_figures(name: str, published: str) -> None:
    assert percent(pair_plus_house_edge(name)) == published


@pytest.mark.parametrize("name", list(PAIR_PLUS_TABLES))
def test_pair_plus_edge_equals_a_brute_force_count(name: str) -> None:
    straight_flush, trips, straight, flush, pair = (int(x) for x in ["40", "30", "6", "3", "1"])
    if name[0].isdigit():
        straight_flush, trips, straight, flush, pair = (int(x) for x in name.split("-"))
    royal = {"mini_royal_50": 50, "mini_royal_100": 100}.get(name, straight_flush)
    pays = {
        "royal": royal,
        "straight flush": straight_flush,
        "trips": trips,
        "straight": straight,
        "flush": flush,
        "pair": pair,
        "nothing": -1,
    }
    total = sum(pays[plain_category(hand)] for hand in itertools.combinations(FULL_DECK, 3))
    assert pair_plus_house_edge(name) == Fraction(-total, 22_100)


def test_pay_tables_pay_the_right_hands() -> None:
    standard = PAIR_PLUS_TABLES["40-30-6-3-1"]
    royal = PAIR_PLUS_TABLES["mini_royal_100"]
    assert standard.odds_for_cards(parse_hand("As Ks Qs")) == 40
    assert royal.odds_for_cards(parse_hand("As Ks Qs")) == 100
    assert royal.odds_for_cards(parse_hand("Ks Qs Js")) == 40
    assert royal.odds_for_cards(parse_hand("As 2s 3s")) == 40
    assert standard.odds_for_cards(parse_hand("7d 7c 2h")) == 1
    assert standard.odds_for_cards(parse_hand("Ad Kc Qh")) == 6
    assert standard.odds_for_cards(parse_hand("Ad Kc Jh")) is None
    assert PAIR_PLUS_TABLES["40-30-6-4-1"].odds_for_cards(parse_hand("9h 5h 2h")) == 4
    assert ANTE_BONUS_TABLES["5-4-1"].odds_for_cards(parse_hand("9h 5h 2h")) is None
    assert ANTE_BONUS_TABLES["5-4-1"].odds_for_cards(parse_hand("4h 4c 4d")) == 4


def brute_force(cards: Sequence[Card]) -> tuple[Matchup, int]:
    """Every dealer hand from the other 49 cards, tallied plainly; also 18,424 x play value."""
    player = hand_index(cards)
    mine = set(TRIPLES[player])
    strength = STRENGTHS[player]
    qualifying = RANKING.evaluate(parse_hand("Qc 3d 2h")).strength
    tally = [0, 0, 0, 0]
    play = 0
    for triple, dealer in zip(TRIPLES, STRENGTHS, strict=True):
        if mine.intersection(triple):
            continue
        if dealer < qualifying:
            tally[0] += 1
            play += 1
        elif strength > dealer:
            tally[1] += 1
            play += 2
        elif strength == dealer:
            tally[2] += 1
        else:
            tally[3] += 1
            play -= 2
    bonus = ANTE_BONUS_TABLES["5-4-1"].odds_for_cards(cards) or 0
    return Matchup(*tally), play + bonus * DEALER_HANDS_PER_PLAYER_HAND


@pytest.mark.parametrize(
    "cards",
    ["As Ah Ad", "Qc 3d 2h", "Qc 6d 4h", "Qc 6d 3h", "Ah 2c 3d", "2c 3c 5d", "Kh Kd 4c"]
    + [" ".join(str(card) for card in hand) for hand in random.Random(4).sample(all_hands(), 12)],
)
def test_enumeration_matches_brute_force(cards: str) -> None:
    hand = parse_hand(cards)
    expected, play = brute_force(hand)
    assert matchup(hand) == expected
    assert sum(vars(expected).values()) == DEALER_HANDS_PER_PLAYER_HAND
    assert casino_play_value(hand) == Fraction(play, DEALER_HANDS_PER_PLAYER_HAND)


def test_casino_edge_with_optimal_play_matches_the_published_figure() -> None:
    assert percent(casino_house_edge("5-4-1")) == "3.37 %"


def test_optimal_casino_play_is_queen_six_four() -> None:
    assert (
        casino_play_value(parse_hand("Qc 6d 4h")) >= -1 > casino_play_value(parse_hand("Qc 6d 3h"))
    )
    assert all(casino_should_play(hand) == queen_six_four(hand) for hand in all_hands())
    optimal = casino_expected_value(None)
    assert casino_expected_value(queen_six_four) == optimal
    assert casino_expected_value(lambda hand: True) < optimal
    assert casino_expected_value(lambda hand: False) == -1


def test_better_ante_bonuses_lower_the_edge() -> None:
    edges = [casino_house_edge(name) for name in ("5-4-1", "5-3-1", "4-3-1", "none")]
    assert edges == sorted(edges)
    assert 0 < edges[0] < edges[-1]


def test_designated_player_values() -> None:
    plain = DesignatedPlayerTerms()
    assert designated_player_expected_value(plain) == casino_expected_value(None, "none")
    strict = DesignatedPlayerTerms(tie="designated_player")
    assert designated_player_expected_value(strict) < designated_player_expected_value(plain)
    side = Fraction(1)
    losing = DesignatedPlayerTerms(pair_plus_per_base=side)
    pushing = DesignatedPlayerTerms(pair_plus_per_base=side, pair_plus_on_lost_call="pushes")
    assert designated_player_expected_value(pushing) > designated_player_expected_value(losing)
    assert designated_player_fold_value(losing) == -2
    trips = parse_hand("7s 7d 7c")
    counts = matchup(trips)
    won = counts.not_qualifying * (1 + 30) + counts.player_wins * (2 + 30)
    lost = counts.dealer_wins * (-2 - 1)
    assert designated_player_call_value(trips, losing) == Fraction(
        won + lost, DEALER_HANDS_PER_PLAYER_HAND
    )
    assert designated_player_expected_value(plain, queen_six_four) == (
        designated_player_expected_value(plain)
    )


def test_queen_high_is_the_weakest_qualifying_hand() -> None:
    weakest = RANKING.evaluate(parse_hand("Qc 3d 2h")).strength
    assert qualifying_strength() == weakest
    assert RANKING.evaluate(parse_hand("Jd Tc 8h")).strength < weakest


@pytest.mark.parametrize("tie", ["push", "designated_player"])
@pytest.mark.parametrize("lost_call", ["loses", "pushes"])
def test_a_pair_plus_below_a_pair_is_lost_whatever_the_call_does(
    tie: Literal["push", "designated_player"], lost_call: Literal["loses", "pushes"]
) -> None:
    high_card = parse_hand("Ac Kd 5h")
    without = DesignatedPlayerTerms(tie=tie, pair_plus_on_lost_call=lost_call)
    with_side = DesignatedPlayerTerms(
        pair_plus_per_base=Fraction(1), tie=tie, pair_plus_on_lost_call=lost_call
    )
    assert designated_player_call_value(high_card, with_side) == (
        designated_player_call_value(high_card, without) - 1
    )
