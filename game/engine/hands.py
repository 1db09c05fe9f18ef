"""Three-card hand rankings as data: categories, orders, wild cards and the Muflis reverse.

A ranking is built once into a table from every hand *class* (three ranks, suited or not) to an
integer strength; evaluating a hand is a table look-up. Equal hands get equal strengths (no suit
outranks another).

>>> teen_patti = get_ranking("teen_patti")
>>> teen_patti.evaluate(parse("Ah 2s 3d")).description
'Sequence A-2-3'
>>> teen_patti.evaluate(parse("8s 8d Kc")) > teen_patti.evaluate(parse("8h 8c Jd"))
True
"""

from __future__ import annotations

import bisect
import dataclasses
import enum
import functools
import itertools
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from game.engine.cards import FULL_DECK, Card, Rank, card_hash, parse
from game.engine.marks import N_
from game.engine.quick import quick_init


class Category(enum.Enum):
    """The shape of a three-card hand; each ranking names and orders the shapes its own way."""

    TRIO = "trio"
    STRAIGHT_FLUSH = "straight_flush"
    STRAIGHT = "straight"
    FLUSH = "flush"
    PAIR = "pair"
    HIGH_CARD = "high_card"


class A23(enum.Enum):
    """Where the run A-2-3 stands among the runs: the teen patti house option."""

    HIGHEST = "highest"
    SECOND = "second"
    LOWEST = "lowest"


class PersonalJoker(enum.Enum):
    """Which of a player's own cards is wild for them alone: none, the lowest, the highest."""

    NONE = "none"
    LOWEST = "lowest"
    HIGHEST = "highest"


@dataclass(frozen=True)
class Knobs:
    """The rule knobs a ranking reads besides its name, A-2-3 placement and fixed wild cards."""

    reversed_ranks: bool = False
    personal_joker: PersonalJoker = PersonalJoker.NONE
    personal_joker_every: bool = False
    fewer_wilds_win: bool = True

    @property
    def suffix(self) -> str:
        """What these knobs add to a table's name: '' for the plain knobs, '-reversed', ..."""
        parts = []
        if self.reversed_ranks:
            parts.append("-reversed")
        if self.personal_joker is not PersonalJoker.NONE:
            every = "_every" if self.personal_joker_every else ""
            parts.append(f"-{self.personal_joker.value}_joker{every}")
        if not self.fewer_wilds_win:
            parts.append("-wild_ties_equal")
        return "".join(parts)

    def rank_value(self, rank: Rank) -> int:
        """A rank's place in the card order: 2 lowest and ace 14, or reversed (2 is 14, ace 2)."""
        return 16 - rank if self.reversed_ranks else int(rank)


class RankingError(ValueError):
    """Raised for an unknown ranking name or an option that ranking does not have."""


RANKING_NAMES = ("teen_patti", "brag", "three_card_poker", "muflis", "nine_nine_nine")
"""Every ranking the game knows, by the name used in options and on the command line."""

_DESCENDING = tuple(sorted(Rank, reverse=True))
_WHEEL = frozenset({Rank.ACE, Rank.TWO, Rank.THREE})
_RUNS_HIGH_TO_LOW: tuple[frozenset[Rank], ...] = tuple(
    frozenset({high, Rank(high - 1), Rank(high - 2)}) for high in _DESCENDING if high >= Rank.FOUR
)
"""A-K-Q, K-Q-J, ... 4-3-2: every run except A-2-3, highest first (2-A-K is never a run)."""


@dataclass(frozen=True)
class RankingSpec:
    """Everything that defines one ranking, as data: order of categories, runs and trios, names."""

    name: str
    title: str
    categories_high_to_low: tuple[Category, ...]
    names: dict[Category, str]
    trios_high_to_low: tuple[Rank, ...]
    wheel_placement: A23
    a23_is_option: bool
    reverse: bool = False
    scoring: bool = False
    """999: the hand is a three-digit number (10 and pictures 0, ace 1), not a category."""

    def runs_high_to_low(self) -> tuple[frozenset[Rank], ...]:
        """Every run in order, with A-2-3 placed where this ranking puts it."""
        runs = list(_RUNS_HIGH_TO_LOW)
        position = {A23.HIGHEST: 0, A23.SECOND: 1, A23.LOWEST: len(runs)}[self.wheel_placement]
        runs.insert(position, _WHEEL)
        return tuple(runs)


_TEEN_PATTI_NAMES = {
    Category.TRIO: N_("Trail"),
    Category.STRAIGHT_FLUSH: N_("Pure sequence"),
    Category.STRAIGHT: N_("Sequence"),
    Category.FLUSH: N_("Colour"),
    Category.PAIR: N_("Pair"),
    Category.HIGH_CARD: N_("High card"),
}
_POKER_ORDER = (
    Category.TRIO,
    Category.STRAIGHT_FLUSH,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.PAIR,
    Category.HIGH_CARD,
)
_RANKING_SPECS: dict[str, RankingSpec] = {
    "teen_patti": RankingSpec(
        name="teen_patti",
        title=N_("Teen Patti"),
        categories_high_to_low=_POKER_ORDER,
        names=_TEEN_PATTI_NAMES,
        trios_high_to_low=_DESCENDING,
        wheel_placement=A23.HIGHEST,
        a23_is_option=True,
    ),
    "muflis": RankingSpec(
        name="muflis",
        title=N_("Muflis (lowball teen patti)"),
        categories_high_to_low=_POKER_ORDER,
        names=_TEEN_PATTI_NAMES,
        trios_high_to_low=_DESCENDING,
        wheel_placement=A23.HIGHEST,
        a23_is_option=True,
        reverse=True,
    ),
    "nine_nine_nine": RankingSpec(
        name="nine_nine_nine",
        title="999",
        categories_high_to_low=_POKER_ORDER,
        names=dict.fromkeys(Category, N_("Score")),
        trios_high_to_low=_DESCENDING,
        wheel_placement=A23.HIGHEST,
        a23_is_option=True,
        scoring=True,
    ),
    "brag": RankingSpec(
        name="brag",
        title=N_("3 Card Brag"),
        categories_high_to_low=_POKER_ORDER,
        names={
            Category.TRIO: N_("Prial"),
            Category.STRAIGHT_FLUSH: N_("Running flush"),
            Category.STRAIGHT: N_("Run"),
            Category.FLUSH: N_("Flush"),
            Category.PAIR: N_("Pair"),
            Category.HIGH_CARD: N_("High card"),
        },
        trios_high_to_low=(Rank.THREE, *(rank for rank in _DESCENDING if rank != Rank.THREE)),
        wheel_placement=A23.HIGHEST,
        a23_is_option=False,
    ),
    "three_card_poker": RankingSpec(
        name="three_card_poker",
        title=N_("Three Card Poker"),
        categories_high_to_low=(
            Category.STRAIGHT_FLUSH,
            Category.TRIO,
            Category.STRAIGHT,
            Category.FLUSH,
            Category.PAIR,
            Category.HIGH_CARD,
        ),
        names={
            Category.TRIO: N_("Three of a kind"),
            Category.STRAIGHT_FLUSH: N_("Straight flush"),
            Category.STRAIGHT: N_("Straight"),
            Category.FLUSH: N_("Flush"),
            Category.PAIR: N_("Pair"),
            Category.HIGH_CARD: N_("High card"),
        },
        trios_high_to_low=_DESCENDING,
        wheel_placement=A23.LOWEST,
        a23_is_option=False,
    ),
}


_TRIO_NAMES = {
    N_("Trail"): N_("Trail of {ranks}"),
    N_("Prial"): N_("Prial of {ranks}"),
    N_("Three of a kind"): N_("Three of a kind, {ranks}"),
}
"""Each ranking's three-of-a-kind name as a whole template: {ranks} is a rank in the plural."""

_RUN_NAMES = {
    N_("Pure sequence"): N_("Pure sequence {cards}"),
    N_("Sequence"): N_("Sequence {cards}"),
    N_("Colour"): N_("Colour {cards}"),
    N_("Running flush"): N_("Running flush {cards}"),
    N_("Run"): N_("Run {cards}"),
    N_("Flush"): N_("Flush {cards}"),
    N_("Straight flush"): N_("Straight flush {cards}"),
    N_("Straight"): N_("Straight {cards}"),
    N_("High card"): N_("High card {cards}"),
}
"""The names followed by the three ranks ('Sequence A-2-3', 'High card K-9-4') as templates."""

# Translators: a pair's name; {ranks} is a rank in the plural (aces, 8s), {kicker} one rank.
_PAIR_NAME = N_("Pair of {ranks}, {kicker} kicker")
# Translators: 999's hand is a three-digit number, e.g. "Score 940".
_SCORE_NAME = N_("Score {score}")

NAME_TEMPLATES = (*_TRIO_NAMES.values(), *_RUN_NAMES.values(), _PAIR_NAME, _SCORE_NAME)
"""Every template a hand's description is made from."""


@quick_init
@dataclass(frozen=True)
class HandName:
    """A hand's description as data: its English template and what fills it, so that it can be
    written in English (files, the command line) and said in the player's language by
    game.words.hands."""

    template: str
    ranks: tuple[Rank, ...] = ()
    """The rank named in the plural ({ranks}), then the kicker ({kicker}), where named."""
    cards: str = ""
    score: int = 0
    wild_count: int = 0

    def english(self) -> str:
        """The description in English, as hand histories and `rank` write it."""
        text = self.template.format(**self.fields())
        if self.wild_count:  # English only: game.words.hands counts as each language does
            cards = "cards" if self.wild_count > 1 else "card"
            text += f" ({self.wild_count} wild {cards})"
        return text

    def fields(self) -> dict[str, str]:
        """What fills the template in English: ranks as 'aces' and 'king', cards, the score."""
        fields = {"cards": self.cards, "score": f"{self.score:03d}"}
        if self.ranks:
            named, *kicker = self.ranks
            fields["ranks"] = named.plural
            if kicker:
                fields["kicker"] = kicker[0].singular
        return fields


@quick_init
@dataclass(frozen=True)
class HandClass:
    """A hand up to suits: its three ranks (high to low) and whether all three share a suit."""

    ranks: tuple[Rank, Rank, Rank]
    suited: bool

    @property
    def code(self) -> int:
        """A small integer naming the class, the key of a ranking's table."""
        return _class_code(self.ranks[0], self.ranks[1], self.ranks[2], self.suited)

    @property
    def category(self) -> Category:
        """The shape of this class."""
        high, middle, low = self.ranks
        if high == low:
            return Category.TRIO
        if high == middle or middle == low:
            return Category.PAIR
        is_run = frozenset(self.ranks) in _ALL_RUNS
        if is_run:
            return Category.STRAIGHT_FLUSH if self.suited else Category.STRAIGHT
        return Category.FLUSH if self.suited else Category.HIGH_CARD


_ALL_RUNS = frozenset(_RUNS_HIGH_TO_LOW) | {_WHEEL}


def _class_code(high: int, middle: int, low: int, suited: bool) -> int:
    return ((high * 15 + middle) * 15 + low) * 2 + int(suited)


def _class_parts(cards: Sequence[Card]) -> tuple[Rank, Rank, Rank, bool]:
    """What the class of three cards is made of: their ranks high to low, and whether the three
    share a suit."""
    if len(cards) != 3:
        raise ValueError(f"a hand has 3 cards, not {len(cards)}")
    first, second, third = cards
    high, middle, low = sorted((first.rank, second.rank, third.rank), reverse=True)
    return high, middle, low, first.suit == second.suit == third.suit


def _all_classes() -> list[HandClass]:
    classes = []
    for high, middle, low in itertools.combinations_with_replacement(_DESCENDING, 3):
        classes.append(HandClass((high, middle, low), suited=False))
        if high != middle != low:
            classes.append(HandClass((high, middle, low), suited=True))
    return classes


@quick_init
@dataclass(frozen=True)
class HandValue:
    """A hand's place in its ranking: totally ordered, with a category and a description.

    Higher strength wins; between equal strengths, fewer wild cards win (when the rules say so),
    then, in a four-card hand, the higher fourth card.
    """

    ranking: str
    strength: int
    wild_count: int
    category: Category
    category_name: str
    description: str
    hand_class: HandClass = field(repr=False)
    tiebreak: int = 0
    """Beside the strength: minus sixteen per counted wild card, plus the fourth card's value."""
    naming: HandName | None = field(default=None, repr=False)
    """The description as data (see `name`)."""

    @property
    def name(self) -> HandName:
        """The description as data: English by `english()`, in the player's language by
        game.words.hands."""
        assert self.naming is not None  # every evaluated hand is named
        return self.naming

    @property
    def category_title(self) -> HandName:
        """The category's name as data ('Straight flush')."""
        return HandName(self.category_name)

    @property
    def sort_key(self) -> tuple[int, int]:
        """The key that orders values within one ranking."""
        return (self.strength, self.tiebreak)

    @property
    def plays_as(self) -> str:
        """The three ranks the hand plays as, low to high ('6-9-9', 'A-2-3', 'A-A-A')."""
        ranks = sorted(self.hand_class.ranks)
        if frozenset(ranks) == _WHEEL and self.category in (
            Category.STRAIGHT,
            Category.STRAIGHT_FLUSH,
        ):
            ranks = [Rank.ACE, Rank.TWO, Rank.THREE]
        return "-".join(rank.label for rank in ranks)

    def _checked_key(self, other: object) -> tuple[int, int]:
        if not isinstance(other, HandValue):
            raise TypeError("a hand value compares only with another hand value")
        if other.ranking != self.ranking:
            raise TypeError(f"cannot compare a {self.ranking} hand with a {other.ranking} hand")
        return other.sort_key

    def __lt__(self, other: object) -> bool:
        return self.sort_key < self._checked_key(other)

    def __le__(self, other: object) -> bool:
        return self.sort_key <= self._checked_key(other)

    def __gt__(self, other: object) -> bool:
        return self.sort_key > self._checked_key(other)

    def __ge__(self, other: object) -> bool:
        return self.sort_key >= self._checked_key(other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking == other.ranking and self.sort_key == other.sort_key

    def __hash__(self) -> int:
        return hash((self.ranking, self.sort_key))


@dataclass(frozen=True)
class HandPlace:
    """Where a hand stands among all 22,100: how many it beats, ties with and loses to."""

    beats: int
    ties: int
    loses_to: int


EVALUATED_KEPT = 65_536
"""How many valued hands a ranking keeps before it starts afresh (a bound on its memory)."""


class Ranking:
    """One ranking with its options, built once: evaluate hands, compare them, place them."""

    def __init__(
        self, spec: RankingSpec, wild_cards: Collection[Card] = frozenset(), knobs: Knobs = Knobs()
    ) -> None:
        self.spec = spec
        self.knobs = knobs
        self.wild_cards: frozenset[Card] = frozenset(wild_cards)
        self._classes = _all_classes()
        self._strength_by_code: dict[int, int] = {}
        self._values: dict[tuple[int, int], HandValue] = {}
        # each class's key worked out once (sorted is stable: the order is as sorting by key)
        ordered = sorted(
            ((self._order_key(hand_class), hand_class) for hand_class in self._classes),
            key=lambda keyed: keyed[0],
        )
        if spec.reverse:
            ordered.reverse()
        strength = -1
        previous: tuple[int, ...] | None = None
        for key, hand_class in ordered:
            if key != previous:
                strength += 1
                previous = key
            self._strength_by_code[hand_class.code] = strength
        self._class_by_code = {hand_class.code: hand_class for hand_class in self._classes}
        self._flat_table = [0] * (_class_code(14, 14, 14, True) + 1)
        for code, value in self._strength_by_code.items():
            self._flat_table[code] = value
        self._wild_cache: dict[tuple[tuple[Rank, ...], bool, int], HandClass] = {}
        self._evaluated: dict[tuple[int, ...], HandValue] = {}
        """Hands already valued, as given, by their cards' kept hashes (a hand is valued again
        and again in one deal)."""
        self._no_personal_joker = knobs.personal_joker is PersonalJoker.NONE
        self._sorted_keys: list[tuple[int, int]] | None = None

    @property
    def name(self) -> str:
        """The ranking's option name ('teen_patti', 'brag', ...)."""
        return self.spec.name

    @property
    def has_wild_cards(self) -> bool:
        """Whether any card can be wild: fixed wild cards or a personal joker."""
        return bool(self.wild_cards) or self.knobs.personal_joker is not PersonalJoker.NONE

    def _order_key(self, hand_class: HandClass) -> tuple[int, ...]:
        """Ascending key: category position first, then the within-category order."""
        spec = self.spec
        if spec.scoring:
            return (nine_nine_nine_score(hand_class.ranks),)
        value = self.knobs.rank_value
        category = hand_class.category
        category_rank = len(spec.categories_high_to_low) - spec.categories_high_to_low.index(
            category
        )
        high, middle, low = hand_class.ranks
        if category is Category.TRIO:
            if self.knobs.reversed_ranks:
                return (category_rank, value(high))
            return (category_rank, -spec.trios_high_to_low.index(high))
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            runs = self.runs_high_to_low()
            return (category_rank, -runs.index(frozenset(hand_class.ranks)))
        if category is Category.PAIR:
            paired, kicker = (high, low) if high == middle else (middle, high)
            return (category_rank, value(paired), value(kicker))
        return (category_rank, *sorted((value(rank) for rank in hand_class.ranks), reverse=True))

    def runs_high_to_low(self) -> tuple[frozenset[Rank], ...]:
        """Every run in order; reversed card ranks put 2-3-4 first and Q-K-A last."""
        if not self.knobs.reversed_ranks:
            return self.spec.runs_high_to_low()
        runs = list(reversed(_RUNS_HIGH_TO_LOW))
        placement = self.spec.wheel_placement
        position = {A23.HIGHEST: 0, A23.SECOND: 1, A23.LOWEST: len(runs)}[placement]
        runs.insert(position, _WHEEL)
        return tuple(runs)

    def class_of(self, cards: Sequence[Card]) -> HandClass:
        """The class of three natural cards (no wild substitution)."""
        high, middle, low, suited = _class_parts(cards)
        return HandClass((high, middle, low), suited)

    def strength_of(self, hand_class: HandClass) -> int:
        """The integer strength of a class in this ranking (higher is better)."""
        return self._strength_by_code[hand_class.code]

    def evaluate(self, cards: Sequence[Card]) -> HandValue:
        """The value of a hand of three cards, or of four played as its best three.

        Wild cards (fixed ones and a personal joker) take the best substitute, found exactly.
        """
        # (keyed by the cards' kept hashes: a tuple of cards is hashed by a Python call per card)
        key = tuple(map(card_hash, cards))
        known = self._evaluated.get(key)
        if known is None:
            if len(set(key)) != len(key):  # (a card's kept hash is its own)
                raise ValueError("a hand cannot hold the same card twice")
            if len(self._evaluated) >= EVALUATED_KEPT:
                self._evaluated.clear()
            known = self._evaluated[key] = self._evaluate(tuple(cards))
        return known

    def _evaluate(self, cards: Sequence[Card]) -> HandValue:
        """The value of a hand of distinct cards (`evaluate` keeps it)."""
        if len(cards) == 4:
            return self._best_of_four(cards)
        if len(cards) != 3:
            raise ValueError(f"a hand has 3 or 4 cards, not {len(cards)}")
        if self._no_personal_joker:
            return self._evaluate_three(cards, self.wild_cards)
        return max(
            (
                self._evaluate_three(cards, self.wild_cards | jokers)
                for jokers in self.jokers(cards)
            ),
            key=lambda value: value.sort_key,
        )

    def jokers(self, cards: Sequence[Card]) -> list[frozenset[Card]]:
        """The choices of personal joker in a hand: one set per card that may be it."""
        knobs = self.knobs
        if knobs.personal_joker is PersonalJoker.NONE:
            return [frozenset()]
        values = [knobs.rank_value(card.rank) for card in cards]
        wanted = max(values) if knobs.personal_joker is PersonalJoker.HIGHEST else min(values)
        candidates = [card for card, value in zip(cards, values, strict=True) if value == wanted]
        if knobs.personal_joker_every:
            return [frozenset(candidates)]
        return [frozenset({card}) for card in candidates]

    def _evaluate_three(self, cards: Sequence[Card], wild: frozenset[Card]) -> HandValue:
        if not wild:  # (no card can be wild: the hand as it is, its class made once)
            high, middle, low, suited = _class_parts(cards)
            value = self._values.get((_class_code(high, middle, low, suited), 0))
            if value is None:
                value = self._value(HandClass((high, middle, low), suited), 0)
            return value
        naturals = tuple(card for card in cards if card not in wild)
        wild_count = len(cards) - len(naturals)
        hand_class = self._best_class(naturals, wild_count) if wild_count else self.class_of(cards)
        return self._value(hand_class, wild_count)

    def _best_of_four(self, cards: Sequence[Card]) -> HandValue:
        best: HandValue | None = None
        for fourth in cards:
            three = [card for card in cards if card is not fourth]
            value = self.evaluate(three)
            candidate = dataclasses.replace(
                value, tiebreak=value.tiebreak + self._fourth_card_value(fourth)
            )
            if best is None or candidate.sort_key > best.sort_key:
                best = candidate
        assert best is not None
        return best

    def _fourth_card_value(self, card: Card) -> int:
        """What the card left out of a four-card hand's best three adds to break ties."""
        value = self.knobs.rank_value(card.rank)
        return 16 - value if self.spec.reverse else value

    def _value(self, hand_class: HandClass, wild_count: int) -> HandValue:
        """The value of a class made with `wild_count` wild cards (made once, then reused)."""
        key = (hand_class.code, wild_count)
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = self._new_value(hand_class, wild_count)
        return value

    def _new_value(self, hand_class: HandClass, wild_count: int) -> HandValue:
        category = Category.HIGH_CARD if self.spec.scoring else hand_class.category
        naming = self.hand_name(hand_class)
        if wild_count:
            naming = dataclasses.replace(naming, wild_count=wild_count)
        counted = wild_count if self.knobs.fewer_wilds_win else 0
        return HandValue(
            ranking=self.name,
            strength=self.strength_of(hand_class),
            wild_count=wild_count,
            category=category,
            category_name=self.spec.names[category],
            description=naming.english(),
            hand_class=hand_class,
            tiebreak=-16 * counted,
            naming=naming,
        )

    def _best_class(self, naturals: tuple[Card, ...], wild_count: int) -> HandClass:
        ranks = tuple(sorted((card.rank for card in naturals), reverse=True))
        suited = len({card.suit for card in naturals}) <= 1
        key = (ranks, suited, wild_count)
        cached = self._wild_cache.get(key)
        if cached is not None:
            return cached
        candidates = [card for card in FULL_DECK if card not in naturals]
        best = max(
            (
                self.class_of(naturals + substitutes)
                for substitutes in itertools.combinations(candidates, wild_count)
            ),
            key=self.strength_of,
        )
        self._wild_cache[key] = best
        return best

    def describe(self, hand_class: HandClass) -> str:
        """A readable description: 'Pure sequence A-2-3', 'Pair of 8s, king kicker'."""
        return self.hand_name(hand_class).english()

    def hand_name(self, hand_class: HandClass) -> HandName:
        """The description of a class as data, to write in English or show translated."""
        if self.spec.scoring:
            return HandName(_SCORE_NAME, score=nine_nine_nine_score(hand_class.ranks))
        category = hand_class.category
        name = self.spec.names[category]
        high, middle, low = sorted(hand_class.ranks, key=self.knobs.rank_value, reverse=True)
        if category is Category.TRIO:
            return HandName(_TRIO_NAMES[name], ranks=(high,))
        if category is Category.PAIR:
            paired, kicker = (high, low) if high == middle else (middle, high)
            return HandName(_PAIR_NAME, ranks=(paired, kicker))
        if frozenset(hand_class.ranks) == _WHEEL:
            return HandName(_RUN_NAMES[name], cards="A-2-3")
        return HandName(_RUN_NAMES[name], cards=f"{high.label}-{middle.label}-{low.label}")

    def compare(self, first: Sequence[Card], second: Sequence[Card]) -> int:
        """1 if the first hand wins, -1 if the second wins, 0 if they are equal."""
        first_value, second_value = self.evaluate(first), self.evaluate(second)
        return (first_value > second_value) - (first_value < second_value)

    def tabulate(self) -> list[int]:
        """The strength of all 22,100 natural hands, in combinations(FULL_DECK, 3) order."""
        ranks = _INDEX_RANKS
        suits = _INDEX_SUITS
        table = self._flat_table
        return [
            table[
                ((ranks[a] * 15 + ranks[b]) * 15 + ranks[c]) * 2
                + (suits[a] == suits[b] == suits[c])
            ]
            for a, b, c in _INDEX_TRIPLES
        ]

    @functools.cache  # noqa: B019 - rankings are built once and cached for the program's life
    def all_keys(self) -> tuple[tuple[int, int], ...]:
        """The sort key of every one of the 22,100 hands, wild cards applied, in deck order
        (worked out once: the coach's place of a hand and the bots' strength levels both read
        them on a table's first frame)."""
        if not self.has_wild_cards:
            return tuple(zip(self.tabulate(), itertools.repeat(0)))  # (strength, 0) each
        if self.knobs.personal_joker is not PersonalJoker.NONE:
            if self.wild_cards:
                hands = itertools.combinations(FULL_DECK, 3)
                return tuple(self.evaluate(hand).sort_key for hand in hands)
            return self._keys_by_shape()
        # Fixed wild cards only: a hand without one is natural, its key read off the table.
        wild = [card in self.wild_cards for card in FULL_DECK]
        return tuple(
            self.evaluate((FULL_DECK[a], FULL_DECK[b], FULL_DECK[c])).sort_key
            if wild[a] or wild[b] or wild[c]
            else (strength, 0)
            for (a, b, c), strength in zip(_INDEX_TRIPLES, self.tabulate(), strict=True)
        )

    def _keys_by_shape(self) -> tuple[tuple[int, int], ...]:
        """all_keys where only a personal joker is wild: suits never rank, so a hand is valued
        as any other of its shape (`_shape`: the same ranks, the same cards sharing a suit)."""
        known: dict[tuple[object, ...], tuple[int, int]] = {}
        keys = []
        for hand in itertools.combinations(FULL_DECK, 3):
            shape = _shape(hand)
            key = known.get(shape)
            if key is None:
                key = known[shape] = self.evaluate(hand).sort_key
            keys.append(key)
        return tuple(keys)

    def place(self, cards: Sequence[Card]) -> HandPlace:
        """How many of the other hands of the same size this hand beats, ties with and loses to.

        Three-card hands are placed among all 22,100; four-card hands among all 270,725.
        """
        if len(cards) == 4:
            keys = self._sorted_four_keys()
        else:
            if self._sorted_keys is None:
                self._sorted_keys = sorted(self.all_keys())
            keys = self._sorted_keys
        key = self.evaluate(cards).sort_key
        below = bisect.bisect_left(keys, key)
        not_above = bisect.bisect_right(keys, key)
        total = len(keys)
        return HandPlace(beats=below, ties=not_above - below - 1, loses_to=total - not_above)

    @functools.cache  # noqa: B019 - rankings are built once and cached for the program's life
    def _sorted_four_keys(self) -> list[tuple[int, int]]:
        """The sort keys of all 270,725 four-card hands, sorted: each is its best three's key
        with the fourth card's value added to the tiebreak, as `evaluate` does, read off the
        keys of the 22,100 three-card hands instead of evaluating every hand again."""
        three = dict(zip(_INDEX_TRIPLES, self.all_keys(), strict=True))
        fourth = [self._fourth_card_value(card) for card in FULL_DECK]
        keys = []
        for a, b, c, d in itertools.combinations(range(52), 4):
            keys.append(
                max(
                    (three[b, c, d][0], three[b, c, d][1] + fourth[a]),
                    (three[a, c, d][0], three[a, c, d][1] + fourth[b]),
                    (three[a, b, d][0], three[a, b, d][1] + fourth[c]),
                    (three[a, b, c][0], three[a, b, c][1] + fourth[d]),
                )
            )
        keys.sort()
        return keys


def _shape(hand: tuple[Card, ...]) -> tuple[object, ...]:
    """Three cards up to a renaming of the suits: their ranks, and which share a suit (all
    three, none, or the ranks of the two that do)."""
    first, second, third = hand
    ranks = tuple(sorted((first.rank, second.rank, third.rank)))
    if first.suit == second.suit == third.suit:
        return (ranks, "all")
    for one, other in ((first, second), (first, third), (second, third)):
        if one.suit == other.suit:
            return (ranks, *sorted((one.rank, other.rank)))
    return (ranks, "none")


def nine_nine_nine_score(ranks: Iterable[Rank]) -> int:
    """999's number: 10 and pictures count 0, ace 1, 2-9 their value, largest digit first."""
    digits = sorted((_DIGIT.get(rank, int(rank)) for rank in ranks), reverse=True)
    return digits[0] * 100 + digits[1] * 10 + digits[2]


_DIGIT = {Rank.TEN: 0, Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0, Rank.ACE: 1}


_INDEX_RANKS = [int(card.rank) for card in FULL_DECK]
_INDEX_SUITS = [card.suit for card in FULL_DECK]
_INDEX_TRIPLES = list(itertools.combinations(range(52), 3))


def get_ranking(
    name: str,
    a23: A23 | str | None = None,
    wild_cards: Iterable[Card] | str = (),
    knobs: Knobs = Knobs(),
) -> Ranking:
    """The ranking called `name`, with the A-2-3 placement and wild cards given.

    Raises RankingError with a sentence for an unknown name or an option the ranking lacks.
    """
    if name not in _RANKING_SPECS:
        known = ", ".join(RANKING_NAMES)
        raise RankingError(f"'{name}' is not a ranking: choose one of {known}")
    spec = _RANKING_SPECS[name]
    placement = spec.wheel_placement
    if a23 is not None:
        try:
            placement = A23(a23)
        except ValueError:
            raise RankingError(
                f"'{a23}' is not an A-2-3 placement: choose highest, second or lowest"
            ) from None
        if placement is not spec.wheel_placement and not spec.a23_is_option:
            raise RankingError(
                f"{spec.title} fixes A-2-3 as the {spec.wheel_placement.value} run; "
                "only teen patti rankings have the A-2-3 option"
            )
    wild = parse(wild_cards) if isinstance(wild_cards, str) else tuple(wild_cards)
    return _build(name, placement, frozenset(wild), knobs)


@functools.cache
def _build(name: str, placement: A23, wild_cards: frozenset[Card], knobs: Knobs) -> Ranking:
    spec = dataclasses.replace(_RANKING_SPECS[name], wheel_placement=placement)
    return Ranking(spec, wild_cards, knobs)
