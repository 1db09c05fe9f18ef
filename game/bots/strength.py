"""Hand strength from precomputed tables: a hand's chance of beating k random opponents.

A table belongs to one ranking with its options (A-2-3 placement, wild cards). Hands are put in
*levels*: the distinct sort keys of the ranking, weakest first (a level is a hand class; with
wild cards, a class and its wild-card count). For each level and k = 1..6 opponents the table
holds the chance of beating all k opponents' hands dealt from the other 49 cards, ties shared:

- k = 1 exactly, by counting every opponent hand disjoint from ours;
- k = 2 exactly, by inclusion-exclusion over the cards two opponent hands share (the average of
  "beats both" and "loses to neither", which shares a two-way tie at the top);
- k >= 3 by sampling, then made monotone in the level (pool-adjacent-violators) except with
  wild cards, where holding a wild card is worth more than its level says (it is one fewer
  for the opponents), so chances rightly dip between levels.

Values are averaged over every hand of the level (over one hand per suit pattern, which is the
same thing without wild cards). Squaring the one-opponent chance is not good enough: it
overstates a high-card hand against two opponents by up to a quarter, because an opponent who
holds high cards takes them away from the other.

The tables are built by `python -m game.bots.build_tables` into game/bots/data/ and loaded at
first use; a ranking with options no shipped table covers (a home-made wild-card set) gets a
table built in memory at first use, exact for k = 1 and p1^k above (documented approximation).
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from game.engine.cards import FULL_DECK, Card
from game.engine.hands import Ranking, get_ranking
from game.persistence.reading import DATA_LIMIT, FileProblem, read_json

MOST_OPPONENTS = 6
"""Tables go up to six opponents: a full table of seven."""

SCALE = 10_000
"""Chances are stored as whole numbers out of SCALE."""

DATA_FOLDER = Path(__file__).resolve().parent / "data"
"""Where the shipped tables live, beside this module."""

_OPPONENT_HANDS = 18_424  # C(49, 3)
_SECOND_HANDS = 15_180  # C(46, 3)
_CARD_INDEX = {card: index for index, card in enumerate(FULL_DECK)}


def table_name(ranking: Ranking, cards: int = 3) -> str:
    """The file stem of a ranking's table: name, A-2-3 placement, wild cards, knobs, hand size."""
    wild = "".join(sorted(str(card) for card in ranking.wild_cards)) or "natural"
    four = "-four" if cards == 4 else ""
    return f"{ranking.name}-{ranking.spec.wheel_placement.value}-{wild}{ranking.knobs.suffix}{four}"


def three_card_key(key: tuple[int, int]) -> tuple[int, int]:
    """A four-card hand's key without its fourth card: the key of its best three."""
    strength, tiebreak = key
    return strength, 16 * (tiebreak // 16)


@dataclass(frozen=True)
class StrengthTable:
    """Chances of beating k random opponents for every level of one ranking."""

    name: str
    keys: tuple[tuple[int, int], ...]
    counts: tuple[int, ...]
    chances: tuple[tuple[float, ...], ...]
    exact_above_one: bool = True

    @functools.cached_property
    def _level_by_key(self) -> dict[tuple[int, int], int]:
        return {key: level for level, key in enumerate(self.keys)}

    @property
    def levels(self) -> int:
        """How many levels (hand classes) the ranking has."""
        return len(self.keys)

    def level_of_key(self, key: tuple[int, int]) -> int:
        """The level of a hand value's sort key."""
        return self._level_by_key[key]

    def chance(self, level: int, opponents: int) -> float:
        """The chance a hand of this level beats `opponents` random hands (ties shared)."""
        if opponents <= 0:
            return 1.0
        return self.chances[min(opponents, MOST_OPPONENTS) - 1][level]

    def percentile(self, level: int) -> float:
        """The share of all hands weaker than this level, plus half of its own."""
        return self._percentiles[level]

    @functools.cached_property
    def _percentiles(self) -> tuple[float, ...]:
        total = sum(self.counts)
        below = 0
        result = []
        for count in self.counts:
            result.append((below + count / 2) / total)
            below += count
        return tuple(result)

    def as_json(self) -> dict[str, object]:
        """The table as stored: counts and chances out of SCALE per opponent count."""
        return {
            "name": self.name,
            "counts": list(self.counts),
            "chances": [[round(value * SCALE) for value in row] for row in self.chances],
            "exact_above_one": self.exact_above_one,
        }


class HandStrength:
    """A ranking with its table: the level and chances of actual cards, cheaply.

    With four cards dealt, a hand's level is the level of its best three among four-card hands
    (the fourth card, which only breaks ties, is left out).
    """

    def __init__(self, ranking: Ranking, cards: int = 3) -> None:
        self.ranking = ranking
        self.cards = cards
        self.table = strength_table(ranking, cards)
        self._level_cache: dict[frozenset[Card], int] = {}

    def level(self, cards: Sequence[Card]) -> int:
        """The level of a hand of three cards (or four, in a four-card game)."""
        key = frozenset(cards)
        level = self._level_cache.get(key)
        if level is None:
            sort_key = self.ranking.evaluate(cards).sort_key
            if len(cards) == 4:
                sort_key = three_card_key(sort_key)
            level = self.table.level_of_key(sort_key)
            self._level_cache[key] = level
        return level

    def chance(self, cards: Sequence[Card], opponents: int) -> float:
        """The chance these cards beat `opponents` random hands."""
        return self.table.chance(self.level(cards), opponents)


@functools.cache
def hand_strength(ranking: Ranking, cards: int = 3) -> HandStrength:
    """The shared HandStrength of a ranking and hand size (rankings are cached, so this is too)."""
    return HandStrength(ranking, cards)


@functools.cache
def strength_table(ranking: Ranking, cards: int = 3) -> StrengthTable:
    """The table of a ranking: the shipped one, or one built in memory at first use.

    A four-card table no shipped file covers falls back to the three-card table of the same
    ranking (an approximation: it underrates the opponents' four cards).
    """
    name = table_name(ranking, cards)
    path = DATA_FOLDER / f"strength-{name}.json"
    keys = _level_keys(ranking)
    try:
        shipped = _read_shipped(path, len(keys))
    except FileProblem as problem:
        print(f"trey: {problem}; a quick table is built instead.", file=sys.stderr)
        shipped = None
    if shipped is not None:
        counts, rows, exact_above_one = shipped
        chances = tuple(tuple(value / SCALE for value in row) for row in rows)
        return StrengthTable(name, keys, counts, chances, exact_above_one)
    if cards == 4:
        return strength_table(ranking, 3)
    return build_table(ranking, samples=0)


def _read_shipped(path: Path, levels: int) -> tuple[tuple[int, ...], list[list[int]], bool] | None:
    """A shipped table's counts, chance rows and exactness, checked for shape; None if absent."""
    data = read_json(path, DATA_LIMIT)
    if data is None:
        return None
    if not isinstance(data, dict):
        raise FileProblem(f"{path.name}: it is not a JSON object", damaged=True)
    counts, rows = data.get("counts"), data.get("chances")
    if not _numbers(counts, levels) or not isinstance(rows, list) or len(rows) != MOST_OPPONENTS:
        raise FileProblem(f"{path.name}: its counts or chances have the wrong shape", damaged=True)
    if not all(_numbers(row, levels) for row in rows):
        raise FileProblem(f"{path.name}: a row of chances has the wrong shape", damaged=True)
    return tuple(counts), rows, bool(data.get("exact_above_one"))


def _numbers(value: object, length: int) -> TypeGuard[list[int]]:
    """Whether `value` is a list of `length` whole numbers, none negative."""
    return (
        isinstance(value, list)
        and len(value) == length
        and all(type(item) is int and item >= 0 for item in value)
    )


def _level_keys(ranking: Ranking) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(set(ranking.all_keys())))


def build_table(ranking: Ranking, samples: int = 400, seed: int = 1) -> StrengthTable:
    """Build a ranking's table; `samples` deals per level for k >= 3 (0: quick, p1^k above k=1)."""
    keys = _level_keys(ranking)
    level_by_key = {key: level for level, key in enumerate(keys)}
    hands = list(itertools.combinations(range(52), 3))
    hand_levels = [level_by_key[key] for key in ranking.all_keys()]
    counts = [0] * len(keys)
    for level in hand_levels:
        counts[level] += 1
    lookup = _triple_lookup(hands, hand_levels)
    representatives = _representatives(ranking, hands, hand_levels, len(keys))
    quick = samples == 0
    one, two = _exact_chances(hands, hand_levels, lookup, representatives, len(keys), quick)
    rows: list[list[float]] = [one, two]
    if quick:
        rows = [[chance**k for chance in one] for k in range(1, MOST_OPPONENTS + 1)]
    else:
        rng = random.Random(seed)
        for opponents in range(3, MOST_OPPONENTS + 1):
            sampled = _sampled_chances(lookup, representatives, len(keys), opponents, samples, rng)
            rows.append(sampled if ranking.has_wild_cards else _monotone(sampled))
    return StrengthTable(
        table_name(ranking), keys, tuple(counts), tuple(tuple(row) for row in rows), not quick
    )


def _triple_lookup(hands: list[tuple[int, int, int]], hand_levels: list[int]) -> list[int]:
    """Level of any three card indices in any order: index a*2704 + b*52 + c."""
    lookup = [-1] * (52 * 52 * 52)
    for (a, b, c), level in zip(hands, hand_levels, strict=True):
        for x, y, z in itertools.permutations((a, b, c)):
            lookup[x * 2704 + y * 52 + z] = level
    return lookup


def _representatives(
    ranking: Ranking, hands: list[tuple[int, int, int]], hand_levels: list[int], levels: int
) -> list[list[tuple[tuple[int, int, int], int]]]:
    """Per level, (hand, weight) pairs whose weighted average is the level's average.

    Without wild cards every hand is equivalent to one canonical hand per suit pattern (suits
    relabelled), so one hand per pattern weighted by its count is exact. With wild cards up to
    six hands of the level stand for it.
    """
    chosen: list[dict[tuple[int, int, int], int]] = [{} for _ in range(levels)]
    if not ranking.has_wild_cards:
        for hand, level in zip(hands, hand_levels, strict=True):
            canonical = _canonical(hand)
            chosen[level][canonical] = chosen[level].get(canonical, 0) + 1
    else:
        members: list[list[tuple[int, int, int]]] = [[] for _ in range(levels)]
        for hand, level in zip(hands, hand_levels, strict=True):
            members[level].append(hand)
        for level, group in enumerate(members):
            step = max(1, len(group) // 6)
            for hand in group[::step][:6]:
                chosen[level][hand] = 1
    return [sorted(group.items()) for group in chosen]


def _canonical(hand: tuple[int, int, int]) -> tuple[int, int, int]:
    """The hand with suits relabelled in order of appearance (FULL_DECK is rank-major)."""
    cards = [FULL_DECK[index] for index in hand]
    order: dict[object, int] = {}
    for card in sorted(cards, key=lambda card: (-card.rank, str(card.suit))):
        order.setdefault(card.suit, len(order))
    suits = list(dict.fromkeys(card.suit for card in FULL_DECK))
    relabelled = sorted(_CARD_INDEX[_with_suit(card, suits[order[card.suit]])] for card in cards)
    return relabelled[0], relabelled[1], relabelled[2]


def _with_suit(card: Card, suit: object) -> Card:
    for other in FULL_DECK:
        if other.rank == card.rank and other.suit == suit:
            return other
    raise ValueError(f"no card {card.rank} of {suit}")


def _exact_chances(
    hands: list[tuple[int, int, int]],
    hand_levels: list[int],
    lookup: list[int],
    representatives: list[list[tuple[tuple[int, int, int], int]]],
    levels: int,
    quick: bool,
) -> tuple[list[float], list[float]]:
    """Chances against one and two opponents, by a sweep over the levels, weakest first.

    Before a level's hands are added, the counts cover hands strictly below it ("beats"); after,
    hands at or below it ("does not lose to"). Each chance is the mean of the two, sharing ties.
    """
    by_level: list[list[tuple[int, int, int]]] = [[] for _ in range(levels)]
    for hand, level in zip(hands, hand_levels, strict=True):
        by_level[level].append(hand)
    single = [0] * 52
    double = [0] * (52 * 52)
    total = 0
    one = [0.0] * levels
    two = [0.0] * levels
    for level in range(levels):
        for stage in (0, 1):
            if stage == 1:
                for a, b, c in by_level[level]:
                    single[a] += 1
                    single[b] += 1
                    single[c] += 1
                    double[a * 52 + b] += 1
                    double[a * 52 + c] += 1
                    double[b * 52 + c] += 1
                    total += 1
            below = level if stage == 0 else level + 1
            weight_sum = 0
            for hand, weight in representatives[level]:
                first, second = _against_one_and_two(
                    hand, single, double, total, lookup, below, quick
                )
                one[level] += weight * first / 2
                two[level] += weight * second / 2
                weight_sum += weight
            if stage == 1:
                one[level] /= weight_sum
                two[level] /= weight_sum
    return one, two


def _against_one_and_two(
    hand: tuple[int, int, int],
    single: list[int],
    double: list[int],
    total: int,
    lookup: list[int],
    below: int,
    quick: bool,
) -> tuple[float, float]:
    """Chance that every one of 1 and of 2 opponent hands is in the counted set (level < below)."""
    a, b, c = hand
    ours = (a, b, c)

    def beaten(x: int, y: int, z: int) -> int:
        """1 if the hand of these three cards is in the counted set."""
        return 1 if lookup[x * 2704 + y * 52 + z] < below else 0

    def pair(x: int, y: int) -> int:
        """Counted hands holding both cards."""
        return double[x * 52 + y] if x < y else double[y * 52 + x]

    touching = single[a] + single[b] + single[c] - pair(a, b) - pair(a, c) - pair(b, c)
    touching += beaten(a, b, c)
    free = total - touching
    chance_one = free / _OPPONENT_HANDS
    if quick:
        return chance_one, 0.0
    rest = [card for card in range(52) if card not in ours]
    square_single = 0
    for card in rest:
        count = (
            single[card]
            - pair(card, a)
            - pair(card, b)
            - pair(card, c)
            + beaten(card, a, b)
            + beaten(card, a, c)
            + beaten(card, b, c)
        )
        square_single += count * count
    square_double = 0
    for position, x in enumerate(rest):
        row = x * 52
        for y in rest[position + 1 :]:
            count = double[row + y] - beaten(x, y, a) - beaten(x, y, b) - beaten(x, y, c)
            square_double += count * count
    both = free * free - (square_single - square_double + free)
    return chance_one, both / (_OPPONENT_HANDS * _SECOND_HANDS)


def _sampled_chances(
    lookup: list[int],
    representatives: list[list[tuple[tuple[int, int, int], int]]],
    levels: int,
    opponents: int,
    samples: int,
    rng: random.Random,
) -> list[float]:
    """Chance of beating `opponents` hands, by dealing them `samples` times per level."""
    chances = []
    for level in range(levels):
        group = representatives[level]
        weights = [weight for _, weight in group]
        won = 0.0
        for hand in rng.choices([hand for hand, _ in group], weights, k=samples):
            rest = [card for card in range(52) if card not in hand]
            dealt = rng.sample(rest, 3 * opponents)
            best = -1
            ties = 0
            for start in range(0, 3 * opponents, 3):
                x, y, z = dealt[start : start + 3]
                other = lookup[x * 2704 + y * 52 + z]
                if other > best:
                    best, ties = other, 1
                elif other == best:
                    ties += 1
            if level > best:
                won += 1
            elif level == best:
                won += 1 / (ties + 1)
        chances.append(won / samples)
    return chances


def _monotone(values: list[float]) -> list[float]:
    """The closest non-decreasing sequence (pool adjacent violators, equal weights)."""
    blocks: list[list[float]] = []
    for value in values:
        blocks.append([value, 1.0])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            value_b, weight_b = blocks.pop()
            value_a, weight_a = blocks.pop()
            weight = weight_a + weight_b
            blocks.append([(value_a * weight_a + value_b * weight_b) / weight, weight])
    result = []
    for value, weight in blocks:
        result.extend([value] * int(weight))
    return result


SHIPPED_RANKINGS: tuple[tuple[str, str | None, str], ...] = (
    ("teen_patti", "highest", ""),
    ("teen_patti", "second", ""),
    ("teen_patti", "lowest", ""),
    ("muflis", "highest", ""),
    ("muflis", "second", ""),
    ("muflis", "lowest", ""),
    ("teen_patti", "highest", "2s 2h 2d 2c"),
    ("brag", None, ""),
    ("brag", None, "9d Jc Ad"),
    ("three_card_poker", None, ""),
)
"""(ranking, A-2-3, wild cards) of every shipped table: every preset and A-2-3 option."""


def shipped_ranking(name: str, a23: str | None, wild: str) -> Ranking:
    """The ranking of one SHIPPED_RANKINGS entry."""
    return get_ranking(name, a23=a23, wild_cards=wild)


VARIANT_TABLES: tuple[tuple[str, str], ...] = (
    *(("joker", f"{rank}s") for rank in "23456789TJQKA"),
    ("ak47", ""),
    ("highest_joker", ""),
    ("lowest_joker", ""),
    ("nine_nine_nine", ""),
    ("high_low", ""),
    ("best_of_four", ""),
    ("four_card_brag", ""),
)
"""(preset, open joker card) of every shipped variant table: Joker has one per open rank."""


def variant_ranking(preset: str, open_card: str) -> tuple[Ranking, int]:
    """The ranking and hand size of one VARIANT_TABLES entry, from the preset's rules."""
    from game.engine.cards import parse
    from game.engine.rules import BragRules, TeenPattiRules, get_preset

    rules = get_preset(preset).rules()
    if isinstance(rules, BragRules):
        return rules.hand_ranking(), rules.cards_dealt
    if not isinstance(rules, TeenPattiRules):
        raise ValueError(f"{preset} is not a Teen Patti or Brag variant")
    return rules.hand_ranking(parse(open_card)), rules.cards_dealt
