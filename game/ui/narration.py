"""Events in plain English with the players' names: the message log lines and result captions.

Pure text (no pygame). The engine's sentences say "seat 2"; here they say "Priya". A person
playing as "You" reads "You bet 4", everyone else "Priya bets 4".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.engine.events import (
    AntePosted,
    BetPlaced,
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
)
from game.ui.banked_narration import BANKED_EVENTS, banked_line
from game.ui.wagers import BANKED_FAMILIES

_SEAT = re.compile(r"\bseat (\d+)")

_YOU_VERBS = {
    "was": "were",
    "is": "are",
    "has": "have",
    "wins": "win",
    "beats": "beat",
    "loses": "lose",
    "covered": "covered",
    "keeps": "keep",
    "pays": "pay",
    "gets": "get",
    "takes": "take",
    "stands": "stand",
    "qualifies": "qualify",
    "owes": "owe",
    "ties": "tie",
}
"""Third-person verbs of the engine's sentences and their form after "You"."""

_YOU_VERB = re.compile(r"\bYou (" + "|".join(_YOU_VERBS) + r")\b")

_GENERIC = ("wins the betting", "the best hand at the agreed showdown")
"""Award reasons that do not say which hand won."""


class Narrator:
    """Turns events into short lines using the seat names."""

    def __init__(self, names: Sequence[str], family: str = "teen_patti") -> None:
        self.names = tuple(names)
        self.family = family

    def name(self, seat: int | None) -> str:
        """The seat's name ('Seat 3' if it has none)."""
        if seat is None:
            return "Nobody"
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"Seat {seat + 1}"

    def says(self, seat: int, you: str, other: str) -> str:
        """'You bet' or 'Priya bets': the verb in the right person for the seat's name."""
        name = self.name(seat)
        return f"{name} {you if name == 'You' else other}"

    def named(self, sentence: str) -> str:
        """An engine sentence with every 'seat N' replaced by that seat's name."""
        named = _SEAT.sub(lambda match: self.name(int(match.group(1))), sentence)
        return you_form(named)

    def line(self, event: Event) -> str | None:
        """The message-log line for an event, or None for events not worth a line."""
        words = self._line(event)
        return object_you(words) if words else words

    def _line(self, event: Event) -> str | None:
        if isinstance(event, BANKED_EVENTS):
            return banked_line(self, event)
        if isinstance(event, DealStarted):
            if self.family in BANKED_FAMILIES:
                return f"Deal {event.deal_number}."
            return f"Deal {event.deal_number}: " + self.says(event.dealer, "deal", "deals") + "."
        if isinstance(event, PackShuffled):
            return None
        if isinstance(event, AntePosted):
            return None
        if isinstance(event, Looked):
            if event.hand in ("new", "old"):
                return self.says(event.seat, "look", "looks") + f" at the {event.hand} hand."
            return self.says(event.seat, "look", "looks") + " at the cards."
        if isinstance(event, BetPlaced):
            return self._bet_line(event)
        if isinstance(event, Folded):
            return self._fold_line(event)
        if isinstance(event, ShowPaid):
            verb = ("ask", "asks") if self.family == "teen_patti" else ("pay", "pays")
            what = "for a show" if self.family == "teen_patti" else "to see"
            return (
                self.says(event.seat, *verb)
                + f" {what} ({event.amount}) against {self.name(event.against)}."
            )
        if isinstance(event, HandRevealed):
            return self.says(event.seat, "show", "shows") + f" {event.description}."
        if isinstance(event, SideshowAsked):
            return (
                self.says(event.seat, "ask", "asks") + f" {self.name(event.target)} for a sideshow."
            )
        if isinstance(event, SideshowAnswered):
            answer = ("accept", "accepts") if event.accept else ("refuse", "refuses")
            return self.says(event.seat, *answer) + " the sideshow."
        if isinstance(event, SideshowCompared):
            winner = event.target if event.loser == event.asker else event.asker
            loser = self.name(event.loser)
            if loser == "You":
                return f"Sideshow: {self.name(winner)} beats you, so you pack."
            return "Sideshow: " + self.says(winner, "beat", "beats") + f" {loser}, who packs."
        if isinstance(event, PotAwarded):
            return self.award_caption(event)
        if isinstance(event, PotCarried):
            return self.carried_caption(event)
        if isinstance(event, HandKept):
            return self.says(event.seat, "keep", "keeps") + f" the {event.hand} hand."
        if isinstance(event, Discarded):
            card = f" {event.card}" if event.card is not None else " a card"
            return self.says(event.seat, "discard", "discards") + f"{card} face down."
        if isinstance(event, DiscardShown):
            return f"Equal hands: {self.name(event.seat)}'s discard shows, {event.card}."
        if isinstance(event, HandRetained):
            return self.says(event.seat, "keep", "keeps") + " a blind hand for the next deal."
        if isinstance(event, PotCovered):
            return self.says(event.seat, "cover", "covers") + f" the pot with {event.amount}."
        if isinstance(event, LoanMade):
            return (
                self.says(event.lender, "lend", "lends")
                + f" {event.amount} to {self.name(event.borrower)}."
            )
        if isinstance(event, LoanRepaid):
            return (
                self.says(event.borrower, "repay", "repays")
                + f" {event.amount} to {self.name(event.lender)}."
            )
        if isinstance(event, ShowdownProposed):
            return self.says(event.seat, "propose", "proposes") + " a showdown."
        if isinstance(event, ShowdownAnswered):
            answer = ("agree", "agrees") if event.agree else ("refuse", "refuses")
            return self.says(event.seat, *answer) + "."
        if isinstance(event, CardsToPack | DealEnded):
            return None
        return None

    def _bet_line(self, event: BetPlaced) -> str:
        if self.family == "teen_patti":
            if event.blind:
                return self.says(event.seat, "bet", "bets") + f" {event.amount} blind."
            return self.says(event.seat, "chaal", "chaals") + f" {event.amount}."
        blind = " blind" if event.blind else ""
        return self.says(event.seat, "bet", "bets") + f" {event.amount}{blind}."

    def _fold_line(self, event: Folded) -> str:
        if event.hand in ("new", "old"):
            return self.says(event.seat, "fold", "folds") + f" the {event.hand} hand."
        if event.reason == "lost the sideshow":
            return self.says(event.seat, "lose", "loses") + " the sideshow and packs."
        if self.family == "teen_patti":
            return self.says(event.seat, "pack", "packs") + "."
        return self.says(event.seat, "fold", "folds") + "."

    def reason(self, winner: int, reason: str) -> str:
        """An award's reason in names, without repeating the winner's name at its start."""
        text = self.named(reason)
        name = self.name(winner)
        if text.startswith(f"{name} is "):
            text = text[len(name) + 4 :]
        elif text.startswith(f"{name} "):
            text = text[len(name) + 1 :]
        return text[:1].upper() + text[1:] if text else text

    def award_caption(self, event: PotAwarded, revealed: dict[int, str] | None = None) -> str:
        """'Asha takes the pot of 24 — Pair of kings beats High card A-J-7'.

        Where the engine's reason is generic ("wins the betting"), the hands shown this deal
        (`revealed`, seat to description) say why instead.
        """
        # the pot, named as the pot: the hand history says what the deal gained (the net)
        pot = "the side pot" if event.pot_index else "the pot"
        head = self.says(event.seat, "take", "takes") + f" {pot} of {event.amount:,}"
        reason = self.reason(event.seat, event.reason)
        shown = revealed or {}
        if any(words in event.reason for words in _GENERIC) and event.seat in shown:
            others = [text for seat, text in shown.items() if seat != event.seat]
            if others:
                reason = f"{shown[event.seat]} beats {others[0]}"
            else:
                reason = f"{shown[event.seat]} stands; the loser's cards stay hidden"
        return object_you(f"{head} — {reason}" if reason else head)

    def carried_caption(self, event: PotCarried) -> str:
        """'The pot of 30 carries forward: Priya was left alone blind ...'."""
        reason = self.named(event.reason).replace(": the pot carries forward and", ", and")
        return f"The pot of {event.amount:,} carries forward — {reason}."


def you_form(sentence: str) -> str:
    """'You was left alone' → 'You were left alone': verbs after "You" in the second person."""
    return _YOU_VERB.sub(lambda match: f"You {_YOU_VERBS[match.group(1)]}", sentence)


_OBJECT_YOU = re.compile(r"(?<=[a-z0-9)] )You\b")
"""'You' after a word inside a sentence: an object ('against You'), written 'you'."""


def object_you(sentence: str) -> str:
    """'Priya asks for a show against You.' → '... against you.' (a subject keeps its capital)."""
    return _OBJECT_YOU.sub("you", sentence)
