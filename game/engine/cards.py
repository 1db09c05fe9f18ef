"""Cards, suits, ranks, text parsing and the pack that carries its order from deal to deal.

>>> parse("As 10d")
(Card('As'), Card('Td'))
>>> str(Card(Rank.TEN, Suit.DIAMONDS))
'Td'
"""

from __future__ import annotations

import enum
import operator
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast


class CardParseError(ValueError):
    """Raised when text cannot be read as cards; the message names the bad token."""


class Rank(enum.IntEnum):
    """A card's rank; the integer value orders ranks with the ace high (2 lowest, 14 ace)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character symbol used in card text: 2-9, T, J, Q, K, A."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """The rank as a person writes it in a sentence: 2-10, J, Q, K, A."""
        return "10" if self is Rank.TEN else self.symbol

    @property
    def plural(self) -> str:
        """The plural name used in descriptions: '8s', '10s', 'kings', 'aces'."""
        return _RANK_PLURALS.get(self, f"{self.label}s")

    @property
    def singular(self) -> str:
        """The singular name used in descriptions: '8', 'king', 'ace'."""
        return _RANK_SINGULARS.get(self, self.label)


class Suit(enum.Enum):
    """A card's suit; no suit outranks another in any of our games."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        """The suit's pip character: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red in a two-colour deck."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_SYMBOLS = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
_RANK_PLURALS = {
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
}
_RANK_SINGULARS = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_RANK_BY_TEXT = {rank.symbol: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_BY_TEXT = (
    {suit.value: suit for suit in Suit}
    | {suit.symbol: suit for suit in Suit}
    | {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
)
_TOKEN = re.compile(r"(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Card:
    """One playing card; frozen and hashable, printed as rank then suit ('As', 'Td')."""

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", int(self.rank) * 4 + _SUIT_HASH[self.suit.value])
        object.__setattr__(self, "_text", f"{self.rank.symbol}{self.suit.value}")

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def pretty(self) -> str:
        """The card with its suit pip, for people: 'A♠', '10♦'."""
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def index(self) -> int:
        """A number 0-51 unique to this card, highest ranks first (As=0, Ah=1, ... 2c=51)."""
        return (Rank.ACE - self.rank) * 4 + _SUIT_ORDER[self.suit]


_SUIT_ORDER = {suit: position for position, suit in enumerate(Suit)}
_SUIT_HASH = {suit.value: position for position, suit in enumerate(Suit)}

FULL_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for rank in sorted(Rank, reverse=True) for suit in Suit
)
"""All 52 cards in index order: As Ah Ad Ac Ks ... 2c."""


def parse(text: str) -> tuple[Card, ...]:
    """Read cards from text such as 'As 2h 3d', 'AS2H3D', '10h' or 'A♠ 2♥ 3♦'.

    Separators (spaces, commas, dashes) are optional. Raises CardParseError naming the bad token.

    >>> [str(card) for card in parse("A♠,10♥ qd")]
    ['As', 'Th', 'Qd']
    """
    if "," not in text and ";" not in text and "-" not in text:
        # Cards apart by whitespace alone (a history's deck line): split without the pattern,
        # each token looked up at once; a token not read before takes the long way below.
        chunks = text.split()
        known = list(map(_CARD_BY_TOKEN.get, chunks))
        if all(known):  # (a card is always true: no comparison of each card with None)
            return tuple(cast(list[Card], known))
    else:
        chunks = _SEPARATORS.split(text.strip())
    cards: list[Card] = []
    for chunk in chunks:
        card = _CARD_BY_TOKEN.get(chunk)
        if card is not None:  # one card's token, read before
            cards.append(card)
            continue
        position = 0
        while position < len(chunk):
            match = _TOKEN.match(chunk, position)
            if match is None:
                bad = chunk[position:]
                raise CardParseError(
                    f"'{bad}' is not a card: write a rank (2-9, 10 or T, J, Q, K, A) "
                    f"then a suit (s h d c or ♠ ♥ ♦ ♣), like As or 10h"
                )
            rank_text, suit_text = match.group(1).upper(), match.group(2)
            suit_key = suit_text.lower() if suit_text.isascii() else suit_text
            card = _CARD_BY_INDEX[Card(_RANK_BY_TEXT[rank_text], _SUIT_BY_TEXT[suit_key])]
            cards.append(card)
            if match.start() == 0 and match.end() == len(chunk):
                _CARD_BY_TOKEN[chunk] = card  # at most the few hundred spellings of 52 cards
            position = match.end()
    return tuple(cards)


_SEPARATORS = re.compile(r"[\s,;\-]+")
_CARD_BY_INDEX: dict[Card, Card] = {card: card for card in FULL_DECK}
"""Each card to the deck's own instance (a card read is one of FULL_DECK's)."""
_CARD_BY_TOKEN: dict[str, Card] = {str(card): card for card in FULL_DECK}
"""Each one-card token read so far ('As', 'A♠', '10h') to its card (every card's own text
from the start)."""


def parse_hand(text: str, size: int = 3) -> tuple[Card, ...]:
    """Read exactly `size` distinct cards; raises CardParseError saying what is wrong."""
    cards = parse(text)
    if len(cards) != size:
        raise CardParseError(f"a hand has {size} cards, but '{text}' has {len(cards)}")
    repeated = sorted({str(card) for card in cards if cards.count(card) > 1})
    if repeated:
        raise CardParseError(f"{', '.join(repeated)} appears twice: a pack has one of each card")
    return cards


def distinct_cards(cards: Iterable[Card]) -> int:
    """How many different cards `cards` holds: `len(set(cards))`, without a Python call per
    card (a card's hash is kept with it, one number per card)."""
    return len(set(map(card_hash, cards)))


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as space-separated text that parse() reads back."""
    # (each card's text is worked out once, when it is made: a history writes 52 a deal)
    return " ".join([card._text for card in cards])  # type: ignore[attr-defined]


card_hash = operator.attrgetter("_hash")
"""A card's kept hash, a number per card (read without a Python call, as `hash` would make)."""

_FULL_DECK_HASHES = frozenset(map(card_hash, FULL_DECK))
"""The 52 cards' kept hashes (what a full pack holds)."""

_DRAWS = tuple((last, last + 1, (last + 1).bit_length()) for last in range(1, len(FULL_DECK)))[::-1]
"""For each place of a 52-card shuffle, last first: the place, how many cards it is drawn from,
and the bits drawn for it."""


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """`rng.shuffle(cards)`, card for card and draw for draw, without a Python call per card: the
    same Fisher-Yates walk drawing each place's bits with `getrandbits` as `random.Random` does
    (`_randbelow_with_getrandbits`). A generator of another kind shuffles itself."""
    if type(rng) is not random.Random or len(cards) != len(FULL_DECK):
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for last, size, bits in _DRAWS:
        drawn = getrandbits(bits)
        while drawn >= size:
            drawn = getrandbits(bits)
        cards[last], cards[drawn] = cards[drawn], cards[last]


class Pack:
    """A pack that deals from the top and takes cards back to the bottom in a given order.

    Brag keeps the pack unshuffled between deals, so the order is state worth keeping:
    `cards[0]` is the top. Shuffling needs an injected random.Random.

    >>> pack = Pack.new()
    >>> [str(card) for card in pack.deal(2)]
    ['As', 'Ah']
    >>> pack.to_bottom(parse("As Ah"))
    >>> str(pack.cards[-1])
    'Ah'
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self._cards: list[Card] = list(cards)
        self._members: set[int] = set(map(card_hash, self._cards))
        """The cards held, by their kept hashes (a number per card, no Python call per card)."""
        if len(self._members) != len(self._cards):
            raise ValueError("a pack cannot hold the same card twice")

    @classmethod
    def new(cls) -> Pack:
        """A fresh 52-card pack in index order (As on top), not shuffled."""
        pack = cls.__new__(cls)  # (the deck's cards known distinct: their hashes copied)
        pack._cards = list(FULL_DECK)
        pack._members = set(_FULL_DECK_HASHES)
        return pack

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards from top to bottom."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle with the given generator, so every deal replays from its seed."""
        shuffle(self._cards, rng)

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take `count` cards off the top."""
        if count > len(self._cards):
            raise ValueError(f"cannot deal {count} cards from a pack of {len(self._cards)}")
        dealt = tuple(self._cards[:count])
        del self._cards[:count]
        self._members.difference_update(map(card_hash, dealt))
        return dealt

    def to_bottom(self, cards: Iterable[Card]) -> None:
        """Put cards under the pack in the given order (the first given ends up highest)."""
        returned = cards if type(cards) is tuple else tuple(cards)  # (a deal's end gives tuples)
        incoming = set(map(card_hash, returned))
        members = self._members
        if len(incoming) != len(returned) or not incoming.isdisjoint(members):
            raise ValueError("a card cannot go back into a pack that already holds it")
        members.update(incoming)
        self._cards += returned
