"""Strength tables for four-card games (Best of Four): a hand is worth its best three.

A four-card hand's level is the level of its best three among the ranking's three-card levels
(the fourth card only breaks ties, so it is left out). The counts are exact, over all 270,725
four-card hands; the chances of beating k = 1..6 opponents, each holding four cards from the
other 48, are sampled: every sampled deal serves all six opponent counts at once, and each row
is then made monotone in the level (no wild cards) the way the three-card tables are.
"""

from __future__ import annotations

import itertools
import random

from game.bots.strength import (
    MOST_OPPONENTS,
    StrengthTable,
    _level_keys,
    _monotone,
    _triple_lookup,
    table_name,
)
from game.engine.hands import Ranking

FOUR_CARD_HANDS = 270_725
"""C(52, 4): every four-card hand."""


def four_card_levels(ranking: Ranking) -> tuple[list[int], list[list[tuple[int, ...]]]]:
    """Per level, how many four-card hands play as it, and those hands (card indices)."""
    keys = _level_keys(ranking)
    level_by_key = {key: level for level, key in enumerate(keys)}
    hands = list(itertools.combinations(range(52), 3))
    lookup = _triple_lookup(hands, [level_by_key[key] for key in ranking.all_keys()])
    counts = [0] * len(keys)
    members: list[list[tuple[int, ...]]] = [[] for _ in keys]
    for a, b, c, d in itertools.combinations(range(52), 4):
        first, second = a * 2704 + b * 52, a * 2704 + c * 52
        level = max(
            lookup[first + c], lookup[first + d], lookup[second + d], lookup[b * 2704 + c * 52 + d]
        )
        counts[level] += 1
        members[level].append((a, b, c, d))
    return counts, members


def build_four_card_table(ranking: Ranking, samples: int = 300, seed: int = 1) -> StrengthTable:
    """The table of a ranking played as the best three of four cards; `samples` deals a level."""
    keys = _level_keys(ranking)
    level_by_key = {key: level for level, key in enumerate(keys)}
    hands = list(itertools.combinations(range(52), 3))
    lookup = _triple_lookup(hands, [level_by_key[key] for key in ranking.all_keys()])
    counts, members = four_card_levels(ranking)
    rng = random.Random(seed)
    rows = [[0.0] * len(keys) for _ in range(MOST_OPPONENTS)]

    def level_of(a: int, b: int, c: int, d: int) -> int:
        """The level of any four distinct card indices."""
        return max(
            lookup[a * 2704 + b * 52 + c],
            lookup[a * 2704 + b * 52 + d],
            lookup[a * 2704 + c * 52 + d],
            lookup[b * 2704 + c * 52 + d],
        )

    for level, group in enumerate(members):
        if not group:
            for row in rows:
                row[level] = row[level - 1] if level else 0.0
            continue
        won = [0.0] * MOST_OPPONENTS
        for _ in range(samples):
            hand = rng.choice(group)
            rest = [card for card in range(52) if card not in hand]
            dealt = rng.sample(rest, 4 * MOST_OPPONENTS)
            best, ties = -1, 0
            for opponents in range(1, MOST_OPPONENTS + 1):
                a, b, c, d = dealt[4 * opponents - 4 : 4 * opponents]
                other = level_of(a, b, c, d)
                if other > best:
                    best, ties = other, 1
                elif other == best:
                    ties += 1
                if level > best:
                    won[opponents - 1] += 1
                elif level == best:
                    won[opponents - 1] += 1 / (ties + 1)
        for opponents in range(MOST_OPPONENTS):
            rows[opponents][level] = won[opponents] / samples
    if not ranking.has_wild_cards:
        rows = [_monotone(row) for row in rows]
    return StrengthTable(
        table_name(ranking, 4), keys, tuple(counts), tuple(tuple(row) for row in rows), False
    )
