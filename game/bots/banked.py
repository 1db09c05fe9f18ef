"""Three Card Poker for every level: bank or waive, Pair Plus or not, call (play) or fold.

Each level's choices are written as probabilities of the hand alone, so the same functions
both drive the bot (sampled with its rng) and give the level's exact expected value per hand by
enumerating all 22,100 hands (`level_expected_value`).
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from game.bots.reading import Situation
from game.bots.strength import hand_strength
from game.engine.actions import Action, Fold
from game.engine.cards import FULL_DECK, Card
from game.engine.casino import PostAnte
from game.engine.families import Family, is_banked
from game.engine.hands import Category, Ranking, get_ranking
from game.engine.paytables import (
    PAIR_PLUS_TABLES,
    DesignatedPlayerTerms,
    casino_play_value,
    designated_player_call_value,
    designated_player_expected_value,
    designated_player_fold_value,
)
from game.engine.rules import CasinoRules, Rules, ThreeCardPokerRules
from game.engine.three_card_poker import BetsPosted, PostBets


@functools.cache
def _ranking() -> Ranking:
    """Three Card Poker's ranking (built when a banked bot first decides)."""
    return get_ranking("three_card_poker")


_CATEGORY_SCORE = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 1,
    Category.FLUSH: 2,
    Category.STRAIGHT: 3,
    Category.STRAIGHT_FLUSH: 4,
    Category.TRIO: 5,
}


@functools.cache
def _designated_defaults() -> ThreeCardPokerRules:
    """The designated-player game's default options: the bots' guess when rules are hidden
    (made when first needed: a Teen Patti table never validates them)."""
    return ThreeCardPokerRules.model_validate({})


@functools.cache
def _casino_defaults() -> CasinoRules:
    """The casino game's default options."""
    return CasinoRules.model_validate({})


def _default(model: type[Rules], option: str) -> str:
    """An option's default as the rules model declares it (read without building the model)."""
    return str(model.model_fields[option].default)


@dataclass(frozen=True)
class BankedTable:
    """The options of the table that decide a Call's value (defaults when rules are hidden)."""

    casino: bool
    pay_table: str = _default(ThreeCardPokerRules, "pay_table")
    ante_bonus: str = _default(CasinoRules, "ante_bonus")
    pair_plus_per_base: Fraction = Fraction(1)
    tie: str = _default(ThreeCardPokerRules, "tie")
    pair_plus_on_lost_call: str = _default(ThreeCardPokerRules, "pair_plus_on_lost_call")

    def terms(self, pair_plus: bool) -> DesignatedPlayerTerms:
        """The designated-player terms with or without this seat's Pair Plus."""
        side = self.pair_plus_per_base if pair_plus else Fraction(0)
        return DesignatedPlayerTerms(
            self.pay_table,
            side,
            "push" if self.tie == "push" else "designated_player",
            "loses" if self.pair_plus_on_lost_call == "loses" else "pushes",
        )


def _table_of_rules(
    rules: Rules | None, casino: bool, stakes: tuple[int, int] | None = None
) -> BankedTable:
    """The table options of these rules (the defaults where rules are hidden); `stakes` (base,
    Pair Plus) override the rules' bet sizes."""
    designated = rules if isinstance(rules, ThreeCardPokerRules) else _designated_defaults()
    house = rules if isinstance(rules, CasinoRules) else _casino_defaults()
    either = rules if isinstance(rules, ThreeCardPokerRules | CasinoRules) else designated
    base, side = stakes or (
        designated.base_bet if isinstance(rules, ThreeCardPokerRules) else house.ante,
        either.pair_plus_bet,
    )
    return BankedTable(
        casino=casino,
        pay_table=either.pay_table,
        ante_bonus=house.ante_bonus,
        pair_plus_per_base=Fraction(side, max(1, base)),
        tie=designated.tie,
        pair_plus_on_lost_call=designated.pair_plus_on_lost_call,
    )


def table_of(situation: Situation) -> BankedTable:
    """The table options from the observation's rules (or the defaults)."""
    stakes = None
    for option in situation.legal:
        action = option.action
        if isinstance(action, PostBets | PostAnte) and action.pair_plus:
            stakes = (option.low - action.pair_plus, action.pair_plus)
    return _table_of_rules(situation.observation.rules, situation.family == Family.CASINO, stakes)


class BankedPolicy(Protocol):
    """A level's Three Card Poker play, as probabilities of its own hand."""

    def bank_probability(self, table: BankedTable) -> float:
        """How often the level takes the bank when offered (and may waive)."""
        ...

    def pair_plus_probability(self, table: BankedTable) -> float:
        """How often it adds Pair Plus."""
        ...

    def call_probability(
        self, cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
    ) -> float:
        """How often it calls (plays) with these cards."""
        ...


class RandomBanked:
    """Uniform over the legal actions: every choice half the time."""

    def bank_probability(self, table: BankedTable) -> float:
        """Bank half the time."""
        return 0.5

    def pair_plus_probability(self, table: BankedTable) -> float:
        """Pair Plus half the time."""
        return 0.5

    def call_probability(
        self, cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
    ) -> float:
        """Call half the time, whatever the cards."""
        return 0.5


class EasyBanked:
    """Bank mostly, Pair Plus now and then, call queen-high or better give or take some noise."""

    def bank_probability(self, table: BankedTable) -> float:
        """Bank four times in five."""
        return 0.8

    def pair_plus_probability(self, table: BankedTable) -> float:
        """Pair Plus three times in ten."""
        return 0.3

    def call_probability(
        self, cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
    ) -> float:
        """Category score plus high-card share, with uniform noise of +-0.3, against 0.45."""
        hand_class = _ranking().class_of(cards)
        score = float(_CATEGORY_SCORE[hand_class.category])
        if hand_class.category is Category.HIGH_CARD:
            score += (hand_class.ranks[0] - 9) / 6
        return min(1.0, max(0.0, (score + 0.3 - 0.45) / 0.6))


class MediumBanked:
    """Always banks, never Pair Plus, calls by its chance against one hand and the pot odds."""

    def bank_probability(self, table: BankedTable) -> float:
        """Always bank."""
        return 1.0

    def pair_plus_probability(self, table: BankedTable) -> float:
        """Never Pair Plus (it loses on average)."""
        return 0.0

    def call_probability(
        self, cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
    ) -> float:
        """Call when the chance of beating one random hand covers the odds: 1 more to win 2."""
        return 1.0 if hand_strength(_ranking()).chance(cards, 1) >= 1 / 3 else 0.0


class HardBanked:
    """One-step expected value from the strength table, with the dealer's qualifying chance."""

    QUALIFY = 0.6965
    """The chance a random dealer hand is queen-high or better."""

    def bank_probability(self, table: BankedTable) -> float:
        """Always bank: the bank has the edge."""
        return 1.0

    def pair_plus_probability(self, table: BankedTable) -> float:
        """Never Pair Plus."""
        return 0.0

    def call_probability(
        self, cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
    ) -> float:
        """Call when win chance against a qualifying dealer makes the call worth the fold's -1."""
        beat = hand_strength(_ranking()).chance(cards, 1)
        missing = 1 - self.QUALIFY
        win_qualified = max(0.0, beat - missing)
        lose_qualified = self.QUALIFY - win_qualified
        call = missing + 2 * win_qualified - 2 * lose_qualified
        return 1.0 if call >= -1 else 0.0


class ExpertBanked:
    """Exactly optimal: call values by enumeration of the dealer's 18,424 hands."""

    def bank_probability(self, table: BankedTable) -> float:
        """Bank when the players' optimal expected value is negative (it is, in every table)."""
        if table.casino:
            return 1.0
        return 1.0 if _players_optimal_value(table) < 0 else 0.0

    def pair_plus_probability(self, table: BankedTable) -> float:
        """Pair Plus only if it raises the optimal expected value (it never does here)."""
        return 1.0 if _pair_plus_gain(table) > 0 else 0.0

    def call_probability(
        self, cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
    ) -> float:
        """Call exactly when calling loses less than folding."""
        call, fold = exact_values(cards, table, pair_plus)
        return 1.0 if call >= fold else 0.0


@functools.cache
def _players_optimal_value(table: BankedTable) -> Fraction:
    """A player's optimal value against the bank, worked out once per table."""
    return designated_player_expected_value(table.terms(False))


@functools.cache
def _pair_plus_gain(table: BankedTable) -> Fraction:
    with_side = sum(_optimal_hand_value(hand, table, True) for hand in _hands())
    without = sum(_optimal_hand_value(hand, table, False) for hand in _hands())
    return Fraction(with_side - without) / len(_hands())


def _optimal_hand_value(hand: tuple[Card, ...], table: BankedTable, pair_plus: bool) -> Fraction:
    call, fold = exact_values(hand, table, pair_plus)
    return max(call, fold)


def exact_values(
    cards: tuple[Card, ...], table: BankedTable, pair_plus: bool
) -> tuple[Fraction, Fraction]:
    """(call, fold) exact expected results per unit Base or Ante, Pair Plus included."""
    if table.casino:
        side = table.pair_plus_per_base if pair_plus else Fraction(0)
        odds = PAIR_PLUS_TABLES[table.pay_table].odds_for_cards(cards)
        side_result = side * (-1 if odds is None else odds)
        return casino_play_value(cards, table.ante_bonus) + side_result, -1 - side
    terms = table.terms(pair_plus)
    return designated_player_call_value(cards, terms), designated_player_fold_value(terms)


@functools.cache
def _hands() -> tuple[tuple[Card, ...], ...]:
    return tuple(itertools.combinations(FULL_DECK, 3))


def choose_banked(policy: BankedPolicy, situation: Situation, rng: random.Random) -> Action | None:
    """The policy's action in a Three Card Poker phase, or None if not a banked decision."""
    table = table_of(situation)
    if situation.has("bank"):
        take = rng.random() < policy.bank_probability(table) or not situation.has("waive")
        return situation.action("bank" if take else "waive")
    posts = [option for verb in ("post", "ante") for option in situation.options.get(verb, [])]
    if posts:
        cheapest = min(posts, key=lambda option: option.low)
        dearest = max(posts, key=lambda option: option.low)
        wanted = rng.random() < policy.pair_plus_probability(table)
        return (dearest if wanted else cheapest).action
    for verb in ("call", "play"):
        if situation.has(verb):
            cards = situation.cards
            if cards is None:
                return situation.action(verb)
            posted = _posted_pair_plus(situation)
            if rng.random() < policy.call_probability(cards, table, posted):
                return situation.action(verb)
            return Fold(situation.me.seat)
    return None


def _posted_pair_plus(situation: Situation) -> bool:
    seat = situation.me.seat
    for event in situation.observation.history:
        if isinstance(event, BetsPosted) and event.seat == seat:
            return bool(event.pair_plus)
    return False


def level_expected_value(policy: BankedPolicy, table: BankedTable) -> Fraction | float:
    """The level's exact expected result per hand, per unit Base (or Ante), as a player.

    Every one of the 22,100 hands is weighted equally; each hand's call and fold values are
    exact (all dealer hands enumerated); the level's probabilities weight them.
    """
    side = policy.pair_plus_probability(table)
    weighted = [(posted, weight) for posted, weight in ((True, side), (False, 1 - side)) if weight]
    values = {posted: _exact_floats(table, posted) for posted, _weight in weighted}
    total = 0.0
    for index, hand in enumerate(_hands()):
        for posted, weight in weighted:
            call, fold = values[posted][index]
            chance = policy.call_probability(hand, table, posted)
            total += weight * (chance * call + (1 - chance) * fold)
    return total / len(_hands())


@functools.cache
def _exact_floats(table: BankedTable, posted: bool) -> tuple[tuple[float, float], ...]:
    """Every hand's (call, fold) exact values as floats, in `_hands()` order: worked out once
    per table for every level measured on it."""
    values = (exact_values(hand, table, posted) for hand in _hands())
    return tuple((float(call), float(fold)) for call, fold in values)


BANKED_POLICIES: dict[str, BankedPolicy] = {
    "random": RandomBanked(),
    "easy": EasyBanked(),
    "medium": MediumBanked(),
    "hard": HardBanked(),
    "expert": ExpertBanked(),
}
"""Each level's Three Card Poker play."""


def warm_up(rules: Rules) -> None:
    """Work out now the once-per-table values the first decision would wait about a second for.

    Meant to run in a background thread while the table deals, so no bot decision stalls.
    """
    if not is_banked(rules.family):
        return
    table = _table_of_rules(rules, rules.family == Family.CASINO)
    _pair_plus_gain(table)
    if not table.casino:
        _players_optimal_value(table)
