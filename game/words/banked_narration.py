"""Three Card Poker events in the player's language: the bank, the bets, qualification, settlements.

Pure text (no pygame); the Narrator hands these events here. The engine's reasons say
"Seat 2"; these lines say "Priya", and a person playing as "You" reads "You call 10".
"""

from __future__ import annotations

from typing import Protocol, assert_never

from game.engine.all_events import BankedEvent
from game.engine.reasons import Reason, ReasonKey
from game.engine.three_card_poker import (
    BankOffered,
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
    HandDead,
    Outcome,
    Qualified,
    WagerSettled,
)
from game.i18n import N_, _, number
from game.words.hands import said_hand
from game.words.reasons import describe
from game.words.second_person import spoken_to_you, you_form
from game.words.wagers import CASINO, wager_name

_WHY_BANKS = {
    ReasonKey.BANKS_AFTER_WAIVERS: N_("every other eligible seat waived"),
    ReasonKey.BANKS_ALONE: N_("the only seat that can cover the table"),
}
"""Why a seat banks without taking the bank itself, as the line about it says it."""


class Names(Protocol):
    """What these lines need from the Narrator."""

    family: str

    def name(self, seat: int | None) -> str:
        """The seat's name."""
        ...

    def is_you(self, seat: int | None) -> bool:
        """Whether the seat is the person's own."""
        ...

    def called(self, seat: int | None) -> str:
        """The seat's name as a sentence shows it."""
        ...

    def says(self, seat: int, you: str, other: str) -> str:
        """The name with the English verb in the right person."""
        ...

    def speaks(self, seat: int, you: str, other: str, **values: object) -> str:
        """The second-person sentence for the person's seat, else the one with {name}."""
        ...


def said(names: Names, reason: Reason) -> str:
    """A reason in the player's language with the seats' names ("You" for yours)."""
    return spoken_to_you(you_form(describe(reason, names.called)))


def _clean(reason: str) -> str:
    return reason.rstrip(".।")


def full_stop(sentence: str) -> str:
    """The sentence ended as the language ends one ('.' in English, '।' in Hindi)."""
    return _("{sentence}.").format(sentence=sentence)


def banked_line(names: Names, event: BankedEvent) -> str:
    """The log line for a Three Card Poker event."""
    casino = names.family == CASINO
    match event:
        case BankOffered():
            return names.speaks(
                event.seat, _("You are offered the bank."), _("{name} is offered the bank.")
            )
        case BankWaived():
            return names.speaks(event.seat, _("You waive the bank."), _("{name} waives the bank."))
        case DesignatedPlayerChosen():
            why = _WHY_BANKS.get(event.reason.key, "")
            if why:
                return names.speaks(
                    event.seat,
                    _("You bank this deal: {why}."),
                    _("{name} banks this deal: {why}."),
                    why=_(why),
                )
            return names.speaks(event.seat, _("You bank this deal."), _("{name} banks this deal."))
        case BetsPosted():
            return _posted(names, event, casino)
        case Called():
            amount = number(event.amount)
            if casino:
                return names.speaks(
                    event.seat, _("You play {amount}."), _("{name} plays {amount}."), amount=amount
                )
            return names.speaks(
                event.seat, _("You call {amount}."), _("{name} calls {amount}."), amount=amount
            )
        case Qualified():
            return full_stop(qualification(names, event))
        case WagerSettled():
            return settlement(names, event)
        case HandDead():
            return names.speaks(
                event.seat,
                _("Your hand is dead: {amount} returned. {reason}"),
                _("{name}'s hand is dead: {amount} returned. {reason}"),
                amount=number(event.returned),
                reason=said(names, event.reason),
            )
        case _:
            assert_never(event)


def _posted(names: Names, event: BetsPosted, casino: bool) -> str:
    """'Priya posts Base 10 and Pair Plus 5.' (Ante at the casino table)."""
    amounts = {"amount": number(event.base), "pair_plus": number(event.pair_plus)}
    if casino and event.pair_plus:
        return names.speaks(
            event.seat,
            _("You post Ante {amount} and Pair Plus {pair_plus}."),
            _("{name} posts Ante {amount} and Pair Plus {pair_plus}."),
            **amounts,
        )
    if casino:
        return names.speaks(
            event.seat, _("You post Ante {amount}."), _("{name} posts Ante {amount}."), **amounts
        )
    if event.pair_plus:
        return names.speaks(
            event.seat,
            _("You post Base {amount} and Pair Plus {pair_plus}."),
            _("{name} posts Base {amount} and Pair Plus {pair_plus}."),
            **amounts,
        )
    return names.speaks(
        event.seat, _("You post Base {amount}."), _("{name} posts Base {amount}."), **amounts
    )


def qualification(names: Names, event: Qualified) -> str:
    """'Dealer qualifies with Q-7-2' or 'Priya does not qualify with J-8-4'."""
    hand = said_hand(event.description)
    if names.family == CASINO:
        if event.qualified:
            return _("Dealer qualifies with {hand}").format(hand=hand)
        return _("Dealer does not qualify with {hand}").format(hand=hand)
    if event.qualified:
        return names.speaks(
            event.seat, _("You qualify with {hand}"), _("{name} qualifies with {hand}"), hand=hand
        )
    return names.speaks(
        event.seat,
        _("You do not qualify with {hand}"),
        _("{name} does not qualify with {hand}"),
        hand=hand,
    )


def settlement(names: Names, event: WagerSettled) -> str:
    """One settled wager: who won or lost what on which bet, and why."""
    wager = wager_name(event.wager)
    reason = _clean(said(names, event.reason))
    stake = number(event.stake)
    if event.outcome is Outcome.WON:
        head = names.speaks(
            event.seat,
            _("You win {amount} on the {wager}"),
            _("{name} wins {amount} on the {wager}"),
            amount=number(event.payout),
            wager=wager,
        )
    elif event.outcome is Outcome.LOST:
        head = names.speaks(
            event.seat,
            _("You lose the {wager} ({amount})"),
            _("{name} loses the {wager} ({amount})"),
            amount=stake,
            wager=wager,
        )
    elif event.outcome is Outcome.NO_ACTION:
        head = names.speaks(
            event.seat,
            _("Your {wager} gets no action ({amount} back)"),
            _("{name}'s {wager} gets no action ({amount} back)"),
            amount=stake,
            wager=wager,
        )
    else:
        head = names.speaks(
            event.seat,
            _("Your {wager} pushes ({amount} back)"),
            _("{name}'s {wager} pushes ({amount} back)"),
            amount=stake,
            wager=wager,
        )
    if reason:
        return _("{result} — {reason}.").format(result=head, reason=reason)
    return full_stop(head)
