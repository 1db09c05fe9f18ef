"""Cards: text forms, parsing errors and the pack's order."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.cards import (
    FULL_DECK,
    Card,
    CardParseError,
    Pack,
    Rank,
    Suit,
    format_cards,
    parse,
    parse_hand,
)


def test_cards_print_as_rank_then_suit() -> None:
    assert str(Card(Rank.ACE, Suit.SPADES)) == "As"
    assert str(Card(Rank.TEN, Suit.DIAMONDS)) == "Td"
    assert Card(Rank.TEN, Suit.DIAMONDS).pretty == "10♦"


def test_cards_are_frozen_and_hashable() -> None:
    card = Card(Rank.KING, Suit.HEARTS)
    assert {card, Card(Rank.KING, Suit.HEARTS)} == {card}
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


@pytest.mark.parametrize("text", ["As 2h 3d", "AS2H3D", "A♠ 2♥ 3♦", "as,2h,3d", "A♠2♥3♦"])
def test_parse_accepts_every_written_form(text: str) -> None:
    assert format_cards(parse(text)) == "As 2h 3d"


def test_parse_reads_ten_both_ways() -> None:
    assert parse("10h Th") == (Card(Rank.TEN, Suit.HEARTS),) * 2


@pytest.mark.parametrize(("text", "token"), [("As 1h 3d", "1h"), ("As Zz", "Zz"), ("Ax", "Ax")])
def test_parse_error_names_the_bad_token(text: str, token: str) -> None:
    with pytest.raises(CardParseError, match=f"'{token}"):
        parse(text)


def test_parse_hand_refuses_wrong_count_and_repeats() -> None:
    with pytest.raises(CardParseError, match="has 2"):
        parse_hand("As Kd")
    with pytest.raises(CardParseError, match="As appears twice"):
        parse_hand("As As Kd")


@given(st.lists(st.sampled_from(FULL_DECK), max_size=10))
def test_text_round_trips(cards: list[Card]) -> None:
    assert list(parse(format_cards(cards))) == cards


def test_full_deck_is_52_distinct_cards_in_index_order() -> None:
    assert len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))


def test_pack_deals_from_top_and_returns_to_bottom_in_order() -> None:
    pack = Pack.new()
    first = pack.deal(3)
    second = pack.deal(3)
    assert format_cards(first) == "As Ah Ad"
    pack.to_bottom(second)
    pack.to_bottom(first)
    assert pack.cards[-6:] == second + first
    assert len(pack) == 52


def test_pack_refuses_duplicates_and_overdeal() -> None:
    pack = Pack.new()
    with pytest.raises(ValueError, match="already holds"):
        pack.to_bottom(parse("As"))
    with pytest.raises(ValueError, match="cannot deal 53"):
        pack.deal(53)


def test_pack_shuffles_only_with_the_given_generator() -> None:
    one, two = Pack.new(), Pack.new()
    one.shuffle(random.Random(7))
    two.shuffle(random.Random(7))
    assert one.cards == two.cards
    assert one.cards != Pack.new().cards
    assert sorted(one.cards, key=lambda card: card.index) == list(FULL_DECK)


def test_the_packs_shuffle_draws_as_random_shuffle_does() -> None:
    """Pack.shuffle walks the pack itself (no call per card) yet deals exactly the cards, and
    leaves the generator exactly where, `random.Random.shuffle` does: every seed's deals stay."""
    for seed in range(300):
        theirs, mine = random.Random(seed), random.Random(seed)
        expected = list(FULL_DECK)
        theirs.shuffle(expected)
        pack = Pack.new()
        pack.shuffle(mine)
        assert list(pack.cards) == expected
        assert mine.getstate() == theirs.getstate()


def test_a_card_read_is_the_decks_own_and_reads_alike_every_time() -> None:
    for _ in range(2):  # the second time from the tokens already read
        cards = parse("As 10h A♠ qd KcKd")
        assert [str(card) for card in cards] == ["As", "Th", "As", "Qd", "Kc", "Kd"]
        assert all(any(card is deck for deck in FULL_DECK) for card in cards)
    with pytest.raises(CardParseError):
        parse("As Zz")


def test_cards_apart_by_whitespace_read_as_every_other_form_does() -> None:
    """A deck line (cards apart by whitespace alone) is read word by word without the pattern:
    the same cards as with commas, any whitespace between them, a spelling not read before
    (a pip, a lower-case rank, ten as 10) read the long way, a bad word named."""
    deck = format_cards(FULL_DECK)
    assert parse(deck) == FULL_DECK
    assert parse(deck.replace(" ", ",")) == FULL_DECK
    assert parse(" \t" + deck.replace(" ", "\n  ") + "\n") == FULL_DECK
    assert format_cards(parse("as 10♣ Kd\u00a0jH")) == "As Tc Kd Jh"
    assert format_cards(parse("AsKd 2c")) == "As Kd 2c"
    assert parse("") == parse("  ") == ()
    with pytest.raises(CardParseError, match="'Zz'"):
        parse(deck + " Zz")
