"""Three Card Poker pay tables and their exact house edges, computed by enumeration.

Pair Plus is paid on the player's own hand (straight flush, trips, straight, flush, pair), so
its house edge "alone" counts all 22,100 hands. The Ante/Play game (casino) and the Base/Call
game (designated player) also need the dealer's hand: for each player hand, every one of the
C(49, 3) = 18,424 dealer hands from the other 49 cards. Those counts come from inclusion and
exclusion over sorted strength lists (all hands, minus those sharing a card with the player),
done once per hand shape up to suits, so the whole 22,100 x 18,424 table takes well under a
second.

>>> percent(pair_plus_house_edge("40-30-6-3-1"))
'7.28 %'
>>> percent(casino_house_edge("5-4-1"))
'3.37 %'
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from game.engine.cards import FULL_DECK, Card, Rank
from game.engine.hands import Category, HandClass, Ranking, get_ranking
from game.engine.marks import N_

STANDARD_PAY_TABLE: Final = "40-30-6-3-1"
"""The Pair Plus pay table a table uses unless the house chooses another."""

STANDARD_ANTE_BONUS: Final = "5-4-1"
"""The casino ante bonus a table pays unless the house chooses another."""

Hand = tuple[Card, Card, Card]
"""A three-card hand."""

Policy = Callable[[Hand], bool]
"""A decision rule: given the player's cards, True to Call (or Play), False to fold."""


@functools.cache
def all_hands() -> tuple[Hand, ...]:
    """All 22,100 hands in the order of `Ranking.tabulate()` (made when first asked for: a
    table of another game never needs them)."""
    return tuple(itertools.combinations(FULL_DECK, 3))


DEALER_HANDS_PER_PLAYER_HAND = 18_424
"""C(49, 3): the dealer hands possible once the player's three cards are out."""


def hand_index(cards: Sequence[Card]) -> int:
    """The position of a three-card hand in `all_hands()` (any card order)."""
    if len(cards) != 3 or len(set(cards)) != 3:
        raise ValueError("a hand is three different cards")
    return _index_by_cards()[frozenset(cards)]


@functools.cache
def _index_by_cards() -> dict[frozenset[Card], int]:
    return {frozenset(hand): position for position, hand in enumerate(all_hands())}


@dataclass(frozen=True)
class PayTable:
    """A pay table: odds to one by hand category; `mini_royal` overrides for suited A-K-Q."""

    name: str
    title: str
    odds: tuple[tuple[Category, int], ...]
    mini_royal: int | None = None

    def odds_for(self, hand_class: HandClass) -> int | None:
        """The odds this table pays to one for a hand of this class, or None if it loses."""
        if self.mini_royal is not None and hand_class.suited and hand_class.ranks == _ROYAL:
            return self.mini_royal
        return dict(self.odds).get(hand_class.category)

    def odds_for_cards(self, cards: Sequence[Card]) -> int | None:
        """The odds paid to one for these three cards, or None if the bet loses."""
        return self.odds_for(_ranking().class_of(cards))


_ROYAL = (Rank.ACE, Rank.KING, Rank.QUEEN)


@functools.cache
def _ranking() -> Ranking:
    """Three Card Poker's ranking (built when first asked for, not when a Teen Patti table
    imports the pay tables' names)."""
    return get_ranking("three_card_poker")


def _table(name: str, title: str, *payouts: int, mini_royal: int | None = None) -> PayTable:
    categories = (
        Category.STRAIGHT_FLUSH,
        Category.TRIO,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.PAIR,
    )
    return PayTable(name, title, tuple(zip(categories, payouts, strict=False)), mini_royal)


PAIR_PLUS_TABLES: dict[str, PayTable] = {
    table.name: table
    for table in (
        _table("40-30-6-3-1", N_("Pair Plus 40-30-6-3-1"), 40, 30, 6, 3, 1),
        _table("40-30-6-4-1", N_("Pair Plus 40-30-6-4-1"), 40, 30, 6, 4, 1),
        _table("40-30-5-4-1", N_("Pair Plus 40-30-5-4-1"), 40, 30, 5, 4, 1),
        _table("mini_royal_50", N_("Pair Plus, mini-royal 50:1"), 40, 30, 6, 3, 1, mini_royal=50),
        _table(
            "mini_royal_100", N_("Pair Plus, mini-royal 100:1"), 40, 30, 6, 3, 1, mini_royal=100
        ),
    )
}
"""Every Pair Plus pay table by its option name (straight flush-trips-straight-flush-pair)."""

ANTE_BONUS_TABLES: dict[str, PayTable] = {
    table.name: table
    for table in (
        _table("5-4-1", N_("Ante bonus 5-4-1"), 5, 4, 1),
        _table("5-3-1", N_("Ante bonus 5-3-1"), 5, 3, 1),
        _table("4-3-1", N_("Ante bonus 4-3-1"), 4, 3, 1),
        _table("none", N_("No Ante bonus")),
    )
}
"""Every casino Ante bonus table by its option name (straight flush-trips-straight)."""


def pair_plus_house_edge(table: str | PayTable) -> Fraction:
    """The exact house edge of a Pair Plus bet alone, per unit bet, over all 22,100 hands."""
    chosen = PAIR_PLUS_TABLES[table] if isinstance(table, str) else table
    total = 0
    for hand_class, count in _class_counts().items():
        odds = chosen.odds_for(hand_class)
        total += count * (-1 if odds is None else odds)
    return -Fraction(total, len(all_hands()))


def percent(edge: Fraction) -> str:
    """A house edge as people read it: '7.28 %'."""
    return f"{float(edge) * 100:.2f} %"


@functools.cache
def _class_counts() -> dict[HandClass, int]:
    counts: dict[HandClass, int] = {}
    for hand_class in _hand_classes():
        counts[hand_class] = counts.get(hand_class, 0) + 1
    return counts


@functools.cache
def _hand_classes() -> tuple[HandClass, ...]:
    """The class of each of the 22,100 hands, in `all_hands()` order."""
    by_strength: dict[int, HandClass] = {}
    classes = []
    for hand, strength in zip(all_hands(), _strengths(), strict=True):
        hand_class = by_strength.get(strength)
        if hand_class is None:
            hand_class = by_strength[strength] = _ranking().class_of(hand)
        classes.append(hand_class)
    return tuple(classes)


@functools.cache
def _strengths() -> tuple[int, ...]:
    return tuple(_ranking().tabulate())


def qualifying_strength() -> int:
    """The weakest strength that qualifies a dealer: queen-high (Q-3-2 of mixed suits)."""
    return _ranking().strength_of(HandClass((Rank.QUEEN, Rank.THREE, Rank.TWO), suited=False))


@dataclass(frozen=True)
class Matchup:
    """How the 18,424 possible dealer hands fall against one player hand."""

    not_qualifying: int
    player_wins: int
    ties: int
    dealer_wins: int


def matchup(cards: Sequence[Card]) -> Matchup:
    """Count the dealer hands (from the other 49 cards) that miss, lose, tie and win."""
    index = hand_index(cards)
    return _matchups()[index]


@functools.cache
def _matchups() -> tuple[Matchup, ...]:
    """The matchup of every one of the 22,100 hands, in `all_hands()` order."""
    strengths = _strengths()
    triples = list(itertools.combinations(range(52), 3))
    by_card: list[list[int]] = [[] for _ in range(52)]
    by_pair: dict[tuple[int, int], list[int]] = {}
    for (first, second, third), strength in zip(triples, strengths, strict=True):
        for card in (first, second, third):
            by_card[card].append(strength)
        for pair in ((first, second), (first, third), (second, third)):
            by_pair.setdefault(pair, []).append(strength)
    everything = sorted(strengths)
    for strengths_list in (*by_card, *by_pair.values()):
        strengths_list.sort()
    qualifying = qualifying_strength()
    suits = [card.suit for card in FULL_DECK]
    ranks = [card.rank for card in FULL_DECK]
    done: dict[tuple[object, ...], Matchup] = {}
    result = []
    for (first, second, third), strength in zip(triples, strengths, strict=True):
        shape = (
            ranks[first],
            ranks[second],
            ranks[third],
            suits[first] == suits[second],
            suits[first] == suits[third],
            suits[second] == suits[third],
        )
        found = done.get(shape)
        if found is None:
            lists = (
                (1, everything),
                (-1, by_card[first]),
                (-1, by_card[second]),
                (-1, by_card[third]),
                (1, by_pair[first, second]),
                (1, by_pair[first, third]),
                (1, by_pair[second, third]),
                (-1, [strength]),
            )
            totals = [0, 0, 0, 0]
            for sign, sorted_strengths in lists:
                for position, count in enumerate(_split(sorted_strengths, strength, qualifying)):
                    totals[position] += sign * count
            found = done[shape] = Matchup(*totals)
        result.append(found)
    return tuple(result)


def _split(strengths: list[int], player: int, qualifying: int) -> tuple[int, int, int, int]:
    """Count sorted dealer strengths that miss, lose to, tie and beat the player's strength."""
    missing = bisect.bisect_left(strengths, qualifying)
    losing = bisect.bisect_left(strengths, max(player, qualifying)) - missing
    tying = 0
    if player >= qualifying:
        tying = bisect.bisect_right(strengths, player) - bisect.bisect_left(strengths, player)
    return missing, losing, tying, len(strengths) - missing - losing - tying


# --- the casino game: Ante and Play against the house -----------------------------------


def casino_play_value(cards: Sequence[Card], ante_bonus: str = STANDARD_ANTE_BONUS) -> Fraction:
    """The exact expected result of playing these cards, per unit Ante (folding is -1)."""
    index = hand_index(cards)
    return Fraction(_casino_play_totals(ante_bonus)[index], DEALER_HANDS_PER_PLAYER_HAND)


@functools.cache
def _casino_play_totals(ante_bonus: str) -> tuple[int, ...]:
    """Per hand: 18,424 times the expected result of Ante + Play, bonus included."""
    bonus = ANTE_BONUS_TABLES[ante_bonus]
    totals = []
    for counts, hand_class in zip(_matchups(), _hand_classes(), strict=True):
        odds = bonus.odds_for(hand_class) or 0
        total = (
            counts.not_qualifying  # Ante 1:1, Play pushes
            + 2 * counts.player_wins
            - 2 * counts.dealer_wins
            + odds * DEALER_HANDS_PER_PLAYER_HAND
        )
        totals.append(total)
    return tuple(totals)


def casino_expected_value(
    policy: Policy | None = None, ante_bonus: str = STANDARD_ANTE_BONUS
) -> Fraction:
    """The player's exact expected result per unit Ante under `policy` (None: optimal play)."""
    fold = -DEALER_HANDS_PER_PLAYER_HAND
    total = 0
    for hand, play in zip(all_hands(), _casino_play_totals(ante_bonus), strict=True):
        if policy is None:
            total += max(play, fold)
        else:
            total += play if policy(hand) else fold
    return Fraction(total, len(all_hands()) * DEALER_HANDS_PER_PLAYER_HAND)


def casino_house_edge(ante_bonus: str = STANDARD_ANTE_BONUS) -> Fraction:
    """The house edge per unit Ante against optimal play (3.37 % with the 5-4-1 bonus)."""
    return -casino_expected_value(None, ante_bonus)


def casino_should_play(cards: Sequence[Card], ante_bonus: str = STANDARD_ANTE_BONUS) -> bool:
    """The optimal casino decision: play when playing loses less than the folded Ante."""
    return casino_play_value(cards, ante_bonus) >= -1


def queen_six_four(cards: Sequence[Card]) -> bool:
    """The textbook casino strategy: play Q-6-4 or better, fold anything worse."""
    threshold = HandClass((Rank.QUEEN, Rank.SIX, Rank.FOUR), suited=False)
    return _ranking().strength_of(_ranking().class_of(cards)) >= _ranking().strength_of(threshold)


# --- the designated-player game: Base and Call against a player who banks ---------------


@dataclass(frozen=True)
class DesignatedPlayerTerms:
    """The options that decide a Call's value: pay table, Pair Plus size, ties, lost calls."""

    pay_table: str = "40-30-6-3-1"
    pair_plus_per_base: Fraction = Fraction(0)
    tie: Literal["push", "designated_player"] = "push"
    pair_plus_on_lost_call: Literal["loses", "pushes"] = "loses"


def designated_player_call_value(cards: Sequence[Card], terms: DesignatedPlayerTerms) -> Fraction:
    """The exact expected result of calling with these cards, per unit Base (DP fully covers)."""
    index = hand_index(cards)
    return _call_value(_matchups()[index], _hand_classes()[index], terms)


def designated_player_fold_value(terms: DesignatedPlayerTerms) -> Fraction:
    """Folding loses the Base and any Pair Plus."""
    return -1 - terms.pair_plus_per_base


def _call_value(counts: Matchup, hand_class: HandClass, terms: DesignatedPlayerTerms) -> Fraction:
    odds = PAIR_PLUS_TABLES[terms.pay_table].odds_for(hand_class)
    side = terms.pair_plus_per_base
    pair_plus_won = side * (-1 if odds is None else odds)
    below_a_pair = -side if odds is None else Fraction(0)  # lost whatever the Call does
    pair_plus_lost = -side if terms.pair_plus_on_lost_call == "loses" else below_a_pair
    tie = below_a_pair if terms.tie == "push" else -2 + pair_plus_lost
    total = (
        counts.not_qualifying * (1 + pair_plus_won)  # Base 1:1, Call no action
        + counts.player_wins * (2 + pair_plus_won)
        + counts.ties * tie
        + counts.dealer_wins * (-2 + pair_plus_lost)
    )
    return total / DEALER_HANDS_PER_PLAYER_HAND


def designated_player_expected_value(
    terms: DesignatedPlayerTerms, policy: Policy | None = None
) -> Fraction:
    """A player's exact expected result per unit Base against the DP (None: optimal play)."""
    fold = designated_player_fold_value(terms)
    call_count: Counter[tuple[Matchup, HandClass]] = Counter()
    fold_count = 0
    for hand, counts, hand_class in zip(all_hands(), _matchups(), _hand_classes(), strict=True):
        if policy is None or policy(hand):
            call_count[counts, hand_class] += 1
        else:
            fold_count += 1
    total = fold * fold_count
    for (counts, hand_class), count in call_count.items():
        call = _call_value(counts, hand_class, terms)
        total += count * (call if policy is not None else max(call, fold))
    return total / len(all_hands())
