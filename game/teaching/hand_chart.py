"""The hand-ranking chart of a ranking: each category, best first, with an example and its odds.

Counts come from evaluating all 22,100 hands under the ranking, so A-2-3 placement and wild
cards are reflected (with wild cards, hands move up into better categories).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from dataclasses import dataclass

from game.engine.cards import FULL_DECK, Card, parse
from game.engine.hands import Category, HandValue, Ranking, nine_nine_nine_score
from game.i18n import N_, _, number
from game.words.hands import said_description

TOTAL_HANDS = 22_100


@dataclass(frozen=True)
class ChartRow:
    """One category of the chart."""

    name: str
    category: Category
    example: tuple[Card, ...]
    example_description: str
    hands: int

    @property
    def probability(self) -> float:
        """The chance of being dealt a hand of this category."""
        return self.hands / TOTAL_HANDS

    @property
    def odds_text(self) -> str:
        """The chance in words a person reads easily: '1 in 460' or '74.4 %'."""
        if self.probability >= 0.05:
            return f"{100 * self.probability:.1f} %"
        return _("1 in {count}").format(count=number(round(1 / self.probability)))


_EXAMPLES: dict[Category, tuple[str, ...]] = {
    Category.TRIO: ("7h 7c 7d", "Qh Qc Qd"),
    Category.STRAIGHT_FLUSH: ("6s 5s 4s", "Jh Th 9h"),
    Category.STRAIGHT: ("Ts 9h 8c", "7s 6h 5c"),
    Category.FLUSH: ("Qd 7d 3d", "Kc 9c 4c"),
    Category.PAIR: ("Js Jc 5s", "8h 8d Ks"),
    Category.HIGH_CARD: ("Ad 9h 4c", "Kd Th 6c"),
}
"""Example hands of each category, in order of preference (the first without a wild card)."""


def _natural(ranking: Ranking, hand: tuple[Card, ...]) -> bool:
    """Whether the hand holds no wild card (fixed or personal) in this ranking."""
    return ranking.evaluate(hand).wild_count == 0


@functools.cache
def _example(ranking: Ranking, category: Category) -> tuple[Card, ...]:
    """The chart's example of a category: cards, the same in every language, so found once (a
    personal joker's ranking searches every hand for one)."""
    for text in _EXAMPLES[category]:
        cards = parse(text)
        if not set(cards) & ranking.wild_cards and _natural(ranking, cards):
            return cards
    naturals = [card for card in FULL_DECK if card not in ranking.wild_cards]
    for hand in itertools.combinations(naturals, 3):
        if _natural(ranking, hand) and ranking.class_of(hand).category is category:
            return hand
    for hand in itertools.combinations(FULL_DECK, 3):  # a personal joker: every hand has one
        if ranking.evaluate(hand).category is category:
            return hand
    raise ValueError(f"no hand of {category.value} can be made without a wild card")


@functools.cache
def _category_counts(ranking: Ranking) -> Counter[Category]:
    if not ranking.has_wild_cards:
        return Counter(
            ranking.class_of(hand).category for hand in itertools.combinations(FULL_DECK, 3)
        )
    return Counter(ranking.evaluate(hand).category for hand in itertools.combinations(FULL_DECK, 3))


def _order(ranking: Ranking, categories: list[Category]) -> list[Category]:
    """The given categories from the best to the worst in this ranking."""
    best: dict[Category, HandValue] = {
        category: ranking.evaluate(_example(ranking, category)) for category in categories
    }
    return sorted(best, key=lambda category: best[category], reverse=True)


def hand_chart(ranking: Ranking) -> list[ChartRow]:
    """The chart rows, best category first, with an example of each and how often it is dealt.

    A scoring ranking (999) has one row per hundreds digit, from 9__ down to 0__.
    """
    if ranking.spec.scoring:
        return _score_chart(ranking)
    counts = _category_counts(ranking)
    rows = []
    for category in _order(ranking, [category for category in _EXAMPLES if counts[category]]):
        example = _example(ranking, category)
        value = ranking.evaluate(example)
        rows.append(
            ChartRow(
                name=_(ranking.spec.names[category]),
                category=category,
                example=example,
                example_description=said_description(value),
                hands=counts[category],
            )
        )
    return rows


@functools.cache
def _score_counts() -> tuple[tuple[int, tuple[Card, ...], int], ...]:
    """Each hundreds digit of the 999 score, best first, with its best hand and its count."""
    best: dict[int, tuple[int, tuple[Card, ...]]] = {}
    counts: Counter[int] = Counter()
    for hand in itertools.combinations(FULL_DECK, 3):
        score = nine_nine_nine_score(card.rank for card in hand)
        counts[score // 100] += 1
        if score > best.get(score // 100, (-1, ()))[0]:
            best[score // 100] = (score, hand)
    return tuple((digit, best[digit][1], counts[digit]) for digit in sorted(counts, reverse=True))


def _score_chart(ranking: Ranking) -> list[ChartRow]:
    """The 999 chart, written in the language in force (the counts are computed once)."""
    return [
        ChartRow(
            name=_("Scores {digit}00-{digit}99").format(digit=digit),
            category=Category.HIGH_CARD,
            example=example,
            example_description=said_description(ranking.evaluate(example)),
            hands=count,
        )
        for digit, example, count in _score_counts()
    ]


def wild_row(ranking: Ranking) -> ChartRow | None:
    """The chart's last row at a table with fixed wild cards (AK47, wild ranks): a pair with one
    wild card, what it plays as, and how often a hand holds at least one wild card; None where
    no card is wild for everyone (a personal joker's examples already hold theirs)."""
    if not ranking.wild_cards:
        return None
    joker = next(card for card in FULL_DECK if card in ranking.wild_cards)
    for text in ("Qh Qc", "Jh Jc", "9h 9c", "8h 8c", "6h 6c", "3h 3c"):
        pair = parse(text)
        if set(pair) & ranking.wild_cards:
            continue
        example = (*pair, joker)
        value = ranking.evaluate(example)
        plain = len(FULL_DECK) - len(ranking.wild_cards)
        return ChartRow(
            name=_("With a wild card"),
            category=value.category,
            example=example,
            example_description=said_description(value),
            hands=TOTAL_HANDS - math.comb(plain, 3),
        )
    return None


def wild_examples(ranking: Ranking, most: int = 3) -> list[tuple[tuple[Card, ...], HandValue]]:
    """A few hands holding a wild card, each of a different category, with what they play as."""
    if not ranking.has_wild_cards:
        return []
    found: dict[Category, tuple[tuple[Card, ...], HandValue]] = {}
    for text in _WILD_CANDIDATES:
        hand = parse(text)
        value = ranking.evaluate(hand)
        if value.wild_count and value.category not in found:
            found[value.category] = (hand, value)
    for hand in itertools.combinations(FULL_DECK[::3], 3):
        if len(found) >= most:
            break
        value = ranking.evaluate(hand)
        if value.wild_count and value.category not in found:
            found[value.category] = (hand, value)
    return list(found.values())[:most]


_WILD_CANDIDATES = ("As Kd 4s", "Qh 4c 7d", "6s 9d Kc", "As Kd Kc", "As 3d 7c", "2s 9h Jd")
"""The rule texts' worked examples, tried first as the chart's wild-card examples."""


def format_pretty(cards: tuple[Card, ...]) -> str:
    """Cards with their suit pips, for people: 'A♠ K♦ 4♠'."""
    return " ".join(card.pretty for card in cards)


def run_note(ranking: Ranking) -> str:
    """Where A-2-3 stands among the runs in this ranking, in one sentence."""
    placement = ranking.spec.wheel_placement.value
    if ranking.spec.reverse:
        return _(
            "Muflis turns the order upside down: the lowest hand wins, and runs count against you."
        )
    if ranking.knobs.reversed_ranks:
        return _(_REVERSED_RUN_NOTES[placement])
    note = _(_RUN_NOTES[placement])
    trios = ranking.spec.trios_high_to_low
    if trios[0] != max(trios):
        trio = _(ranking.spec.names[Category.TRIO]).lower()
        top = _("Three {rank}s are the best {trio}.").format(rank=trios[0].label, trio=trio)
        return f"{top} {note}"
    return note


_RUN_NOTES = {
    "highest": N_("A-2-3 is the highest run, above A-K-Q; 2-A-K is not a run."),
    "second": N_("A-K-Q is the highest run, then A-2-3, then K-Q-J; 2-A-K is not a run."),
    "lowest": N_("A-2-3 is the lowest run, below 4-3-2; 2-A-K is not a run."),
}
"""Where A-2-3 stands among the runs, by the ranking's placement of it."""

_REVERSED_RUN_NOTES = {
    "highest": N_("A-2-3 is the highest run, then 2-3-4; Q-K-A is the lowest run."),
    "second": N_("2-3-4 is the highest run, then A-2-3, then 3-4-5; Q-K-A is the lowest."),
    "lowest": N_("2-3-4 is the highest run; A-2-3 is the lowest, below Q-K-A."),
}
"""The same with the card ranks reversed (High-Low)."""
