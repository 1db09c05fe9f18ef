"""Watching the bots: a table with no person seated plays on by itself, and a sentence says why.

`explain` turns a bot's move into one plain sentence from what the table shows at that moment
(stake, pot, who is still in, blind or seen) and, when the watcher has turned the cards face up,
the hand the bot holds. It reads the public record and the cards the watcher chose to see; it
never reaches into a bot's decision code, so it teaches the reasoning a player would use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from game.engine.all_events import any_event
from game.engine.cards import Card
from game.engine.events import (
    AntePosted,
    BetPlaced,
    BetReturned,
    CardDealt,
    CardsToPack,
    DealEnded,
    DealStarted,
    Discarded,
    DiscardShown,
    Event,
    Folded,
    HandKept,
    HandRetained,
    HandRevealed,
    JokerTurned,
    LoanMade,
    LoanRepaid,
    Looked,
    PackShuffled,
    PotAwarded,
    PotCarried,
    PotCovered,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
    TimeRanOut,
    TurnPassed,
)
from game.engine.hands import Ranking
from game.engine.observation import Observation
from game.engine.reasons import ReasonKey
from game.engine.three_card_poker import (
    BankOffered,
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
    HandDead,
    Qualified,
    WagerSettled,
)
from game.i18n import _, ngettext, number
from game.words.hands import said_description

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
    return said_description(ranking.evaluate(known))


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


def _either(hand: str, without: str, holding: str, **values: object) -> str:
    """The sentence `holding` (with {hand}) when the watcher sees the bot's hand, else `without`."""
    if hand:
        return holding.format(hand=hand, **values)
    return without.format(**values)


def explain(
    event: Event,
    name: str,
    before: Observation,
    cards: Sequence[Card | None] = (),
    ranking: Ranking | None = None,
    at_random: bool = False,
) -> str:
    """Why the bot called `name` made the move `event` records, in one sentence; a bot that
    moves `at_random` has no reason, and the sentence says so."""
    if at_random:
        return _(
            "{name} moves at random: a Random bot picks any move it may make, with no reason "
            "behind it."
        ).format(name=name)
    pot = number(before.pot)
    left = sum(1 for seat in before.seats if seat.playing and not seat.folded)
    hand = _hand_words(ranking, cards)
    strength = _strength(ranking, cards)
    move = any_event(event)
    match move:
        case Looked():
            return _(
                "{name} looks at the cards: staying blind is cheap, but every blind bet is a "
                "guess, and a seen player may ask for a show or a sideshow."
            ).format(name=name)
        case BetPlaced():
            return _bet_reason(move, name, pot, left, hand, strength)
        case Folded():
            if move.reason.key is ReasonKey.LOST_SIDESHOW:
                return _("{name} lost the sideshow and must pack.").format(name=name)
            return _either(
                hand,
                ngettext(
                    "{name} packs: paying on into a pot of {pot} against {count} player costs "
                    "more than the hand is likely to win.",
                    "{name} packs: paying on into a pot of {pot} against {count} players costs "
                    "more than the hand is likely to win.",
                    left - 1,
                ),
                ngettext(
                    "{name} packs with {hand}: paying on into a pot of {pot} against {count} "
                    "player costs more than the hand is likely to win.",
                    "{name} packs with {hand}: paying on into a pot of {pot} against {count} "
                    "players costs more than the hand is likely to win.",
                    left - 1,
                ),
                name=name,
                pot=pot,
                count=number(left - 1),
            )
        case ShowPaid():
            return _either(
                hand,
                _(
                    "{name} pays {amount} to see: with the field narrowed, ending the deal now is "
                    "better than paying round after round."
                ),
                _(
                    "{name} pays {amount} to see with {hand}: with the field narrowed, ending the "
                    "deal now is better than paying round after round."
                ),
                name=name,
                amount=number(move.amount),
            )
        case SideshowAsked():
            return _either(
                hand,
                _(
                    "{name} asks for a sideshow: comparing quietly with one player removes a rival "
                    "without paying for a full show."
                ),
                _(
                    "{name} asks for a sideshow with {hand}: comparing quietly with one player "
                    "removes a rival without paying for a full show."
                ),
                name=name,
            )
        case SideshowAnswered():
            if move.accept:
                return _either(
                    hand,
                    _("{name} accepts the sideshow: confident the hand holds up."),
                    _("{name} accepts the sideshow with {hand}: confident the hand holds up."),
                    name=name,
                )
            return _either(
                hand,
                _("{name} refuses the sideshow: no reason to risk the hand early."),
                _("{name} refuses the sideshow with {hand}: no reason to risk the hand early."),
                name=name,
            )
        case HandKept():
            if move.hand == "new":
                return _either(
                    hand,
                    _("{name} keeps the new hand: it looked good enough to play."),
                    _("{name} keeps the new hand with {hand}: it looked good enough to play."),
                    name=name,
                )
            return _either(
                hand,
                _("{name} keeps the old hand: it looked good enough to play."),
                _("{name} keeps the old hand with {hand}: it looked good enough to play."),
                name=name,
            )
        case (
            DealStarted()
            | PackShuffled()
            | AntePosted()
            | CardDealt()
            | JokerTurned()
            | HandRevealed()
            | SideshowCompared()
            | PotAwarded()
            | PotCarried()
            | CardsToPack()
            | Discarded()
            | DiscardShown()
            | HandRetained()
            | PotCovered()
            | BetReturned()
            | LoanMade()
            | LoanRepaid()
            | ShowdownProposed()
            | ShowdownAnswered()
            | TurnPassed()
            | TimeRanOut()
            | DealEnded()
            | BankOffered()
            | BankWaived()
            | DesignatedPlayerChosen()
            | BetsPosted()
            | Called()
            | Qualified()
            | WagerSettled()
            | HandDead()
        ):
            return ""  # not a move this coach explains
        case _:
            assert_never(move)


def _bet_reason(event: BetPlaced, name: str, pot: str, left: int, hand: str, strength: str) -> str:
    """Why a bot bet: blind to keep the others paying, else by how strong its hand looks."""
    amount = number(event.amount)
    if event.blind:
        return ngettext(
            "{name} bets {amount} blind: a blind bet costs half a seen one, so {name} keeps "
            "{count} other player paying more without risking a look.",
            "{name} bets {amount} blind: a blind bet costs half a seen one, so {name} keeps "
            "{count} other players paying more without risking a look.",
            left - 1,
        ).format(name=name, amount=amount, count=number(left - 1))
    if strength == "strong":
        return _(
            "{name} bets {amount} with {hand}: a hand this strong wins most showdowns."
        ).format(name=name, amount=amount, hand=hand)
    if strength == "weak":
        return _(
            "{name} bets {amount} with {hand}: a bluff — the bet says strength the cards do not "
            "have, hoping the others pack."
        ).format(name=name, amount=amount, hand=hand)
    if strength == "fair":
        return _(
            "{name} bets {amount} with {hand}: better than most hands, worth {amount} to stay in "
            "a pot of {pot}."
        ).format(name=name, amount=amount, hand=hand, pot=pot)
    return _(
        "{name} bets {amount} into a pot of {pot}: the bet says the hand is worth the price; "
        "watch whether the others believe it."
    ).format(name=name, amount=amount, pot=pot)


def first_move(events: Sequence[Event]) -> Event | None:
    """The event that records a bot's own move in a batch (not the dealing that follows)."""
    moves = (Looked, BetPlaced, Folded, ShowPaid, SideshowAsked, SideshowAnswered, HandKept)
    return next((event for event in events if isinstance(event, moves)), None)
