"""Every kind of event the engines make, as one closed union.

A consumer of events `match`es on `AnyEvent` and ends with `case _: assert_never(event)`, so
mypy proves it decided about every kind; a test checks that the union holds every subclass of
`Event`, so a new kind of event cannot slip past the union either.
"""

from __future__ import annotations

from typing import TypeAlias, cast, get_args

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

BankedEvent: TypeAlias = (
    BankOffered
    | BankWaived
    | DesignatedPlayerChosen
    | BetsPosted
    | Called
    | Qualified
    | WagerSettled
    | HandDead
)
"""The events only the Three Card Poker tables have."""

AnyEvent: TypeAlias = (
    DealStarted
    | PackShuffled
    | AntePosted
    | CardDealt
    | JokerTurned
    | Looked
    | BetPlaced
    | Folded
    | ShowPaid
    | HandRevealed
    | SideshowAsked
    | SideshowAnswered
    | SideshowCompared
    | PotAwarded
    | PotCarried
    | CardsToPack
    | HandKept
    | Discarded
    | DiscardShown
    | HandRetained
    | PotCovered
    | BetReturned
    | LoanMade
    | LoanRepaid
    | ShowdownProposed
    | ShowdownAnswered
    | TurnPassed
    | TimeRanOut
    | DealEnded
    | BankedEvent
)
"""Every kind of event: what a consumer's `match` must cover."""

EVENT_KINDS: tuple[type[Event], ...] = get_args(AnyEvent)
"""The classes of `AnyEvent`, for tables keyed by the kind of event."""

BANKED_KINDS: tuple[type[Event], ...] = get_args(BankedEvent)
"""The classes of `BankedEvent`."""


def any_event(event: Event) -> AnyEvent:
    """The event as a member of the closed union (every event is one: a test checks it)."""
    return cast(AnyEvent, event)
