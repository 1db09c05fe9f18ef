"""Three Card Poker events in plain English: the bank, the bets, qualification, settlements.

Pure text (no pygame); the Narrator hands these events here. The engine's reasons say
"Seat 2"; these lines say "Priya", and a person playing as "You" reads "You call 10".
"""

from __future__ import annotations

import re
from typing import Protocol

from game.engine.events import Event
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
from game.ui.wagers import CASINO, wager_name

BANKED_EVENTS = (
    BankOffered,
    BankWaived,
    DesignatedPlayerChosen,
    BetsPosted,
    Called,
    Qualified,
    WagerSettled,
    HandDead,
)
"""The events only the Three Card Poker tables have."""

_SEAT = re.compile(r"\b[Ss]eat (\d+)")


class Names(Protocol):
    """What these lines need from the Narrator."""

    family: str

    def name(self, seat: int | None) -> str:
        """The seat's name."""
        ...

    def says(self, seat: int, you: str, other: str) -> str:
        """The name with the verb in the right person."""
        ...


def named(names: Names, sentence: str) -> str:
    """An engine sentence with every 'Seat N' (either case) in names."""
    from game.ui.narration import you_form

    return you_form(_SEAT.sub(lambda match: names.name(int(match.group(1))), sentence))


def possessive(name: str) -> str:
    """'Your' for You, "Priya's" for Priya."""
    return "Your" if name == "You" else f"{name}'s"


def _clean(reason: str) -> str:
    return reason.rstrip(".")


def banked_line(names: Names, event: Event) -> str | None:
    """The log line for a Three Card Poker event, or None for events not worth one."""
    casino = names.family == CASINO
    if isinstance(event, BankOffered):
        return names.says(event.seat, "are", "is") + " offered the bank."
    if isinstance(event, BankWaived):
        return names.says(event.seat, "waive", "waives") + " the bank."
    if isinstance(event, DesignatedPlayerChosen):
        reason = named(names, event.reason)
        why = reason.split(": ", 1)[1] if ": " in reason else ""
        line = names.says(event.seat, "bank", "banks") + " this deal"
        return f"{line}: {_clean(why)}." if why else f"{line}."
    if isinstance(event, BetsPosted):
        main = "Ante" if casino else "Base"
        side = f" and Pair Plus {event.pair_plus}" if event.pair_plus else ""
        return names.says(event.seat, "post", "posts") + f" {main} {event.base}{side}."
    if isinstance(event, Called):
        verb = ("play", "plays") if casino else ("call", "calls")
        return names.says(event.seat, *verb) + f" {event.amount}."
    if isinstance(event, Qualified):
        return qualification(names, event) + "."
    if isinstance(event, WagerSettled):
        return settlement(names, event)
    if isinstance(event, HandDead):
        owner = possessive(names.name(event.seat))
        return f"{owner} hand is dead: {event.returned} returned. {named(names, event.reason)}"
    return None


def qualification(names: Names, event: Qualified) -> str:
    """'Dealer qualifies with Q-7-2' or 'Priya does not qualify with J-8-4'."""
    who = "Dealer" if names.family == CASINO else names.name(event.seat)
    if event.qualified:
        verb = "qualify" if who == "You" else "qualifies"
    else:
        verb = "do not qualify" if who == "You" else "does not qualify"
    return f"{who} {verb} with {event.description}"


def settlement(names: Names, event: WagerSettled) -> str:
    """One settled wager: who won or lost what on which bet, and why."""
    wager = wager_name(event.wager)
    reason = _clean(named(names, event.reason))
    if event.outcome == "won":
        head = names.says(event.seat, "win", "wins") + f" {event.payout} on the {wager}"
    elif event.outcome == "lost":
        head = names.says(event.seat, "lose", "loses") + f" the {wager} ({event.stake})"
    elif event.outcome == "no action":
        head = f"{possessive(names.name(event.seat))} {wager} gets no action ({event.stake} back)"
    else:
        head = f"{possessive(names.name(event.seat))} {wager} pushes ({event.stake} back)"
    return f"{head} — {reason}." if reason else f"{head}."
