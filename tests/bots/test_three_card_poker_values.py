"""Three Card Poker: each level's exact expected value by enumeration, and expert's optimality."""

import itertools
from fractions import Fraction

from game.bots.banked import (
    BANKED_POLICIES,
    BankedTable,
    ExpertBanked,
    exact_values,
    level_expected_value,
)
from game.engine.cards import FULL_DECK, parse
from game.engine.paytables import casino_house_edge, queen_six_four


def test_expert_casino_value_is_the_optimal_minus_house_edge() -> None:
    table = BankedTable(casino=True)
    value = level_expected_value(ExpertBanked(), table)
    assert abs(value + float(casino_house_edge("5-4-1"))) < 1e-12
    assert round(value * 100, 2) == -3.37


def test_expert_plays_exactly_queen_six_four_or_better() -> None:
    table = BankedTable(casino=True)
    expert = ExpertBanked()
    for hand in itertools.islice(itertools.combinations(FULL_DECK, 3), 0, 22100, 7):
        assert (expert.call_probability(hand, table, False) == 1.0) == queen_six_four(hand)


def test_levels_rank_by_exact_value_in_both_games() -> None:
    for casino in (True, False):
        table = BankedTable(casino=casino)
        values = {
            name: level_expected_value(policy, table) for name, policy in BANKED_POLICIES.items()
        }
        assert values["expert"] >= values["hard"] >= values["medium"] > values["random"]
        assert values["expert"] > values["easy"] > values["random"]


def test_pair_plus_paid_only_on_a_winning_call_changes_the_call() -> None:
    table = BankedTable(casino=False, pair_plus_per_base=Fraction(1))
    low_pair = parse("2s 2h 5d")
    call, fold = exact_values(low_pair, table, True)
    plain_call, plain_fold = exact_values(low_pair, table, False)
    assert fold == plain_fold - 1
    assert call - fold > plain_call - plain_fold
