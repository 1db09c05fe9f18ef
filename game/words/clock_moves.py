"""The moves a turn clock plays for a seat whose player did not act in time: which events of
the deal they are, and how a bot's move for a seat is said as the bot's, not the player's.

Pure text (no pygame). A `TimeRanOut` comes just before the one move played for its seat; the
events that record that seat's own choices, from there to the next turn, are that move (a look
is one only as the move itself, not one the rules make after it; a look or a discard leaves the
seat to act, so such a move ends at once: the player may act next).
"""

from __future__ import annotations

from game.engine.events import (
    BetPlaced,
    DealEnded,
    DealStarted,
    Discarded,
    Event,
    Folded,
    HandKept,
    Looked,
    PotCovered,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    TimeRanOut,
    TurnPassed,
)
from game.engine.reasons import ReasonKey
from game.engine.three_card_poker import (
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
)
from game.i18n import N_, _, language

A_BOT = N_("a bot")
"""Who plays a move for a seat whose clock ran out, named where the seat's name stands."""

CHOICES = (
    BetPlaced,
    Folded,
    Looked,
    ShowPaid,
    SideshowAsked,
    SideshowAnswered,
    HandKept,
    Discarded,
    PotCovered,
    ShowdownProposed,
    ShowdownAnswered,
    BankWaived,
    DesignatedPlayerChosen,
    BetsPosted,
    Called,
)
"""The events that record a seat's own choice (the rest are what the rules do after it)."""

_BY_THE_RULES = frozenset({ReasonKey.LOST_SIDESHOW})
"""Folds the rules make (a lost sideshow), not the seat's choice."""

_KEEPS_THE_TURN = (Looked, Discarded)
"""Moves after which the same seat is still to act."""

_TURN_ENDS = (TurnPassed, DealStarted, DealEnded, TimeRanOut)
"""Events after which no move of the clock's is under way."""

_TAGALOG_NOUN = (("Si {bot}", "Ang {bot}"), (" si {bot}", " ang {bot}"), (" ni {bot}", " ng {bot}"))
"""Tagalog's markers of a person's name, and the common noun's ('si Priya' but 'ang bot')."""


def is_choice(event: Event, seat: int) -> bool:
    """Whether the event records a choice of `seat`'s own (a bet, a pack, a look, an answer)."""
    if not isinstance(event, CHOICES) or event.seat != seat:
        return False
    if isinstance(event, Folded):
        return event.reason.key not in _BY_THE_RULES
    if isinstance(event, DesignatedPlayerChosen):
        return event.reason.key is ReasonKey.TOOK_THE_BANK
    return True


class ClockMoves:
    """Follows a deal's events in order and tells which of them the clock played for a seat."""

    def __init__(self) -> None:
        self._turn: TimeRanOut | None = None
        """The clock that ran out, while the move it plays is under way."""
        self._moved = False
        """Whether that move has made an event of its own yet."""

    def played_by(self, event: Event) -> TimeRanOut | None:
        """The clock whose move `event` is part of (None: the event is not such a move's)."""
        turn = self._turn
        if isinstance(event, _TURN_ENDS):
            self._turn = event if isinstance(event, TimeRanOut) else None
            self._moved = False
            return None
        if turn is None or not is_choice(event, turn.seat):
            return None
        first, self._moved = not self._moved, True
        if isinstance(event, Looked) and not first:
            return None  # a look the rules make (a blind show, Three Card Poker's deal)
        if isinstance(event, _KEEPS_THE_TURN) and first:
            self._turn = None  # the seat is to act again: the player may act themselves
        return turn


def bot_sentence(move: str) -> str:
    """A move's sentence with the bot where a seat's name stood ('a bot chaals 2.'), as the
    start of a longer one: capitalised, without its full stop, the bot a common noun."""
    if language() == "tl":
        bot = _(A_BOT)
        for marked, plain in _TAGALOG_NOUN:
            move = move.replace(marked.format(bot=bot), plain.format(bot=bot))
    move = move.rstrip(".।")
    return move[:1].upper() + move[1:]
