"""Four-card brag bots: every level discards the card that keeps the best three, and the seen
hand's strength comes from the four-card table (best three of four for the opponents too)."""

from __future__ import annotations

import random

import pytest

from game.bots.reading import best_discard, read
from game.bots.registry import BOT_LEVELS, make_bot
from game.bots.strength import table_name
from game.engine.actions import Bet, Discard, Look
from game.engine.brag import BragGame
from game.engine.cards import parse
from game.engine.rules import PRESETS, BragRules


def looked(hand: str) -> BragGame:
    """Two seats; seat 1 bet blind, seat 0 looked at `hand` and must discard."""
    rules = PRESETS["four_card_brag"].rules()
    assert isinstance(rules, BragRules)
    game = BragGame(rules, [100, 100], dealer=0, seed=1)
    cards = {0: parse(hand), 1: parse("2d 7c 9h Jd")}
    game.start_deal(deck=[cards[seat][index] for index in range(4) for seat in (1, 0)])
    game.apply(Bet(1, 1))
    game.apply(Look(0))
    return game


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [
        ("As 9d Ks 2c", "2c"),  # A-K-9 high
        ("3s 3h 3d Ac", "Ac"),  # the prial of 3s, Brag's best
        ("Qs Js Ts 2s", "2s"),  # a running flush Q-J-10
        ("8h 8c Kd 4s", "4s"),  # a pair of 8s, king kicker
    ],
)
@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
def test_every_level_discards_to_keep_the_best_three(hand: str, thrown: str, level: str) -> None:
    game = looked(hand)
    observation = game.observe(0)
    assert best_discard(observation, observation.legal) == Discard(0, thrown)
    if level == "random":
        return
    action = make_bot(level).choose(observation, list(observation.legal), random.Random(3))
    assert action == Discard(0, thrown)


def test_no_discard_is_chosen_when_none_is_due() -> None:
    game = looked("As 9d Ks 2c")
    game.apply(Discard(0, "2c"))
    observation = game.observe(0)
    assert best_discard(observation, observation.legal) is None


def test_the_seen_hand_is_placed_in_the_four_card_table() -> None:
    game = looked("As 9d Ks 2c")
    game.apply(Discard(0, "2c"))
    observation = game.observe(0)
    situation = read(observation, observation.legal)
    assert situation.cards == tuple(parse("As 9d Ks"))
    assert situation.strength.table.name == table_name(situation.strength.ranking, 4)
    assert situation.strength.table.name.endswith("-four")
    three_card_chance = read(observation, observation.legal).strength.chance(parse("3s 3h 3d"), 1)
    assert three_card_chance > 0.99
