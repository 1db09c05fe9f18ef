"""The hand-ranking chart of a ranking: each category, best first, with an example and its odds.

Counts come from evaluating all 22,100 hands under the ranking, so A-2-3 placement and wild
cards are reflected (with wild cards, hands move up into better categories).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass

from game.engine.cards import FULL_DECK, Card, parse
from game.engine.hands import Category, HandValue, Ranking

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
        return f"1 in {round(1 / self.probability):,}"


_EXAMPLES: dict[Category, tuple[str, ...]] = {
    Category.TRIO: ("7h 7c 7d", "Qh Qc Qd"),
    Category.STRAIGHT_FLUSH: ("6s 5s 4s", "Jh Th 9h"),
    Category.STRAIGHT: ("Ts 9h 8c", "7s 6h 5c"),
    Category.FLUSH: ("Qd 7d 3d", "Kc 9c 4c"),
    Category.PAIR: ("Js Jc 5s", "8h 8d Ks"),
    Category.HIGH_CARD: ("Ad 9h 4c", "Kd Th 6c"),
}
"""Example hands of each category, in order of preference (the first without a wild card)."""


def _example(ranking: Ranking, category: Category) -> tuple[Card, ...]:
    for text in _EXAMPLES[category]:
        cards = parse(text)
        if not set(cards) & ranking.wild_cards:
            return cards
    naturals = [card for card in FULL_DECK if card not in ranking.wild_cards]
    for hand in itertools.combinations(naturals, 3):
        if ranking.class_of(hand).category is category:
            return hand
    raise ValueError(f"no hand of {category.value} can be made without a wild card")


@functools.cache
def _category_counts(ranking: Ranking) -> Counter[Category]:
    if not ranking.wild_cards:
        return Counter(
            ranking.class_of(hand).category for hand in itertools.combinations(FULL_DECK, 3)
        )
    return Counter(ranking.evaluate(hand).category for hand in itertools.combinations(FULL_DECK, 3))


def _order(ranking: Ranking) -> list[Category]:
    """Categories from the best to the worst in this ranking."""
    best: dict[Category, HandValue] = {
        category: ranking.evaluate(_example(ranking, category)) for category in _EXAMPLES
    }
    return sorted(best, key=lambda category: best[category], reverse=True)


def hand_chart(ranking: Ranking) -> list[ChartRow]:
    """The chart rows, best category first, with an example of each and how often it is dealt."""
    counts = _category_counts(ranking)
    rows = []
    for category in _order(ranking):
        example = _example(ranking, category)
        value = ranking.evaluate(example)
        rows.append(
            ChartRow(
                name=ranking.spec.names[category],
                category=category,
                example=example,
                example_description=value.description,
                hands=counts[category],
            )
        )
    return rows


def run_note(ranking: Ranking) -> str:
    """Where A-2-3 stands among the runs in this ranking, in one sentence."""
    placement = ranking.spec.wheel_placement.value
    if ranking.spec.reverse:
        return (
            "Muflis turns the order upside down: the lowest hand wins, and runs count against you."
        )
    trios = ranking.spec.trios_high_to_low
    if trios[0] != max(trios):
        top = f"Three {trios[0].plural} are the best {ranking.spec.names[Category.TRIO].lower()}. "
    else:
        top = ""
    return (
        top
        + {
            "highest": "A-2-3 is the highest run, above A-K-Q; 2-A-K is not a run.",
            "second": "A-K-Q is the highest run, then A-2-3, then K-Q-J; 2-A-K is not a run.",
            "lowest": "A-2-3 is the lowest run, below 4-3-2; 2-A-K is not a run.",
        }[placement]
    )
