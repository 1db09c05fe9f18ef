"""Dealing on a network table: decks from the operating system's CSPRNG, or a verifiable
shuffle whose seed is committed to before the first deal and revealed at the end.

The verifiable deck of deal N (docs/protocol.md, "The verifiable shuffle"): start from the 52
cards in index order (As Ah Ad Ac Ks ... 2c); for i = 51 down to 1 pick j in 0..i and swap
cards i and j, drawing j from a stream of 64-bit numbers: block k of the stream is
HMAC-SHA256(key = seed, message = "trey-deck N k" in ASCII), read as four big-endian 64-bit
numbers; a number x is used only if x < 2**64 - (2**64 mod (i + 1)) (otherwise the next one is
drawn), and j = x mod (i + 1). Cards still held in a kept (retained) Brag hand are then taken
out, the rest keeping their order. The deck is the deal's `deck` line in the hand history.

The seed is the server's, committed to before any player joins; the players' nonces, sent
after their welcome and fixed when the table starts, are mixed in (`mixed_seed`), so the server
cannot try seeds until the deals suit it: it does not know the nonces when it commits.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Collection, Iterator, Mapping

from game.engine.bounded_text import MAX_DIGITS, plain_digits
from game.engine.cards import FULL_DECK, Card, format_cards, parse
from game.engine.history import HistoryError

SEED_BYTES = 32
"""The length of a verifiable shuffle's seed."""

_SYSTEM = secrets.SystemRandom()


def new_seed() -> bytes:
    """A fresh seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The hex sha256 of `seed`: published before the first deal."""
    return hashlib.sha256(seed).hexdigest()


def mixed_seed(seed: bytes, nonces: Mapping[int, bytes]) -> bytes:
    """The key every deck is drawn with: the seed itself when no player sent a nonce, else
    HMAC-SHA256(key = seed, message = "trey-nonces" followed, for each seat in increasing
    order, by " SEAT:NONCE" with the nonce in lower-case hex), all in ASCII."""
    if not nonces:
        return seed
    text = "trey-nonces" + "".join(f" {seat}:{nonces[seat].hex()}" for seat in sorted(nonces))
    return hmac.new(seed, text.encode("ascii"), "sha256").digest()


def random_deck(held: Collection[Card] = ()) -> list[Card]:
    """The cards not `held`, shuffled by the operating system's CSPRNG."""
    deck = [card for card in FULL_DECK if card not in held]
    _SYSTEM.shuffle(deck)
    return deck


def _numbers(seed: bytes, deal: int) -> Iterator[int]:
    block = 0
    while True:
        digest = hmac.new(seed, f"trey-deck {deal} {block}".encode("ascii"), "sha256").digest()
        for start in range(0, 32, 8):
            yield int.from_bytes(digest[start : start + 8], "big")
        block += 1


def seeded_deck(seed: bytes, deal: int, held: Collection[Card] = ()) -> list[Card]:
    """Deal number `deal`'s deck from `seed` (the method in this module's docstring)."""
    cards = list(FULL_DECK)
    numbers = _numbers(seed, deal)
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        limit = 2**64 - (2**64 % size)
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % size
        cards[i], cards[j] = cards[j], cards[i]
    return [card for card in cards if card not in held]


def verify_history(
    text: str, seed_hex: str, promised: str, nonces: Mapping[str, str] | None = None
) -> list[str]:
    """Check a table's hand history against its revealed seed, the commitment published
    before the first deal and the players' nonces (by seat number, hex, as the `bye` lists
    them): every deal's deck line must be the deck they make. Returns a sentence per problem
    ([] when it all checks)."""
    try:
        seed = bytes.fromhex(seed_hex)
        mixed = {int(seat): bytes.fromhex(nonce) for seat, nonce in (nonces or {}).items()}
    except ValueError:
        return ["the revealed seed or a nonce is not hexadecimal"]
    problems = []
    if commitment(seed) != promised.lower():
        problems.append("the revealed seed does not hash to the commitment")
    seed = mixed_seed(seed, mixed)
    deal = 0
    held: set[Card] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if words[:1] == ["deal"] and len(words) == 2 and plain_digits(words[1]):
            if len(words[1]) > MAX_DIGITS:
                problems.append(f"line {number}: the deal number is too long")
                continue
            deal = int(words[1])
            held = set()
        elif words[:1] == ["retained"]:
            try:
                held |= set(parse(" ".join(words[2:])))
            except ValueError as error:
                raise HistoryError(f"line {number}: {error}") from None
        elif words[:1] == ["deck"]:
            expected = format_cards(seeded_deck(seed, deal, held))
            if " ".join(words[1:]) != expected:
                problems.append(f"line {number}: deal {deal}'s deck is not the seed's")
    if deal == 0:
        problems.append("the history has no deal")
    return problems
