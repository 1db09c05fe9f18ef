"""Invariants shared by the Three Card Poker tests (designated player and casino)."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.cards import FULL_DECK, Card
from game.engine.events import CardDealt, Event, HandRevealed, Looked
from game.engine.three_card_poker import BankedGame


def known_to(events: Iterable[Event], viewer: int | None) -> set[Card]:
    """Every card the rules let `viewer` know, from the full event log."""
    known: set[Card] = set()
    for event in events:
        if isinstance(event, CardDealt) and event.card is not None:
            audience = event.audience
            if audience is None or (viewer is not None and viewer in audience):
                known.add(event.card)
        elif (isinstance(event, Looked) and event.seat == viewer) or isinstance(
            event, HandRevealed
        ):
            known.update(card for card in event.cards if card is not None)
    return known


def check_banked_invariants(game: BankedGame, total: int) -> None:
    """Chips conserved, no card twice, legal moves while live, no leaked card in any view."""
    assert game.chips_in_play() == total
    assert all(stack >= 0 for stack in game.stacks)
    seats = range(game.seat_count + 1)  # the players, and the house seat at the casino
    in_hands = [card for seat in seats if (hand := game.hand_of(seat)) for card in hand.cards]
    assert len(set(in_hands)) == len(in_hands)
    assert set(in_hands) | set(game.pack.cards) == set(FULL_DECK)
    assert len(in_hands) + len(game.pack) == len(FULL_DECK)
    if not game.deal_over:
        assert game.legal_actions()
    for viewer in [*range(game.seat_count), None]:
        observation = game.observe(viewer)
        allowed = known_to(game.events, viewer)
        assert set(observation.known_cards()) <= allowed
        for event in observation.history:
            for value in vars(event).values():
                parts = value if isinstance(value, tuple) else (value,)
                assert {part for part in parts if isinstance(part, Card)} <= allowed
