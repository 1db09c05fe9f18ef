"""Watching the bots: a table with no person seated plays on by itself, and a sentence says why.

`explain` turns a bot's move into one plain sentence from what the table shows at that moment
(stake, pot, who is still in, blind or seen) and, when the watcher has turned the cards face up,
the hand the bot holds. It reads the public record and the cards the watcher chose to see; it
never reaches into a bot's decision code, so it teaches the reasoning a player would use.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card
from game.engine.events import (
    BetPlaced,
    Event,
    Folded,
    HandKept,
    Looked,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
)
from game.engine.hands import Ranking
from game.engine.observation import Observation

SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0)
"""The animation speeds a watcher steps through with − and +."""

WATCH_PAUSE = 2.5
"""Seconds the result stays up before the next deal starts by itself (at speed 1)."""

STRONG_SHARE = 0.85
"""A hand that beats this share of all 22,100 counts as strong (top 15 %)."""

FAIR_SHARE = 0.6
"""A hand that beats this share counts as fair."""


def next_speed(speed: float, direction: int) -> float:
    """The next speed up (+1) or down (−1) the ladder, staying at its ends."""
    ladder = list(SPEEDS)
    nearest = min(range(len(ladder)), key=lambda index: abs(ladder[index] - speed))
    return ladder[max(0, min(len(ladder) - 1, nearest + direction))]


def _hand_words(ranking: Ranking | None, cards: Sequence[Card | None]) -> str:
    known = [card for card in cards if card is not None]
    if ranking is None or len(known) != 3:
        return ""
    return ranking.evaluate(known).description


def _strength(ranking: Ranking | None, cards: Sequence[Card | None]) -> str:
    """'strong', 'fair' or 'weak' for a known hand ('' when unknown)."""
    known = [card for card in cards if card is not None]
    if ranking is None or len(known) != 3:
        return ""
    place = ranking.place(known)
    share = place.beats / max(1, place.beats + place.ties + place.loses_to)
    if share >= STRONG_SHARE:
        return "strong"
    if share >= FAIR_SHARE:
        return "fair"
    return "weak"


def explain(
    event: Event,
    name: str,
    before: Observation,
    cards: Sequence[Card | None] = (),
    ranking: Ranking | None = None,
) -> str:
    """Why the bot called `name` made the move `event` records, in one sentence."""
    pot = before.pot
    left = sum(1 for seat in before.seats if seat.playing and not seat.folded)
    hand = _hand_words(ranking, cards)
    strength = _strength(ranking, cards)
    holding = f" with {hand}" if hand else ""
    if isinstance(event, Looked):
        return (
            f"{name} looks at the cards: staying blind is cheap, but every blind bet is a guess, "
            "and a seen player may ask for a show or a sideshow."
        )
    if isinstance(event, BetPlaced):
        if event.blind:
            return (
                f"{name} bets {event.amount} blind: a blind bet costs half a seen one, so "
                f"{name} keeps {left - 1} other player{'s' if left != 2 else ''} paying more "
                "without risking a look."
            )
        if strength == "strong":
            return f"{name} bets {event.amount}{holding}: a hand this strong wins most showdowns."
        if strength == "weak":
            return (
                f"{name} bets {event.amount}{holding}: a bluff — the bet says strength the cards "
                "do not have, hoping the others pack."
            )
        if strength == "fair":
            return (
                f"{name} bets {event.amount}{holding}: better than most hands, worth "
                f"{event.amount} to stay in a pot of {pot}."
            )
        return (
            f"{name} bets {event.amount} into a pot of {pot}: the bet says the hand is worth "
            "the price; watch whether the others believe it."
        )
    if isinstance(event, Folded):
        reason = event.reason or ""
        if "sideshow" in reason:
            return f"{name} lost the sideshow and must pack."
        return (
            f"{name} packs{holding}: paying on into a pot of {pot} against {left - 1} "
            "player(s) costs more than the hand is likely to win."
        )
    if isinstance(event, ShowPaid):
        return (
            f"{name} pays {event.amount} to see{holding}: with the field narrowed, ending the "
            "deal now is better than paying round after round."
        )
    if isinstance(event, SideshowAsked):
        return (
            f"{name} asks for a sideshow{holding}: comparing quietly with one player removes "
            "a rival without paying for a full show."
        )
    if isinstance(event, SideshowAnswered):
        if event.accept:
            return f"{name} accepts the sideshow{holding}: confident the hand holds up."
        return f"{name} refuses the sideshow{holding}: no reason to risk the hand early."
    if isinstance(event, HandKept):
        return f"{name} keeps the {event.hand} hand{holding}: it looked good enough to play."
    return ""


def first_move(events: Sequence[Event]) -> Event | None:
    """The event that records a bot's own move in a batch (not the dealing that follows)."""
    moves = (Looked, BetPlaced, Folded, ShowPaid, SideshowAsked, SideshowAnswered, HandKept)
    return next((event for event in events if isinstance(event, moves)), None)
