"""Events in the player's language with the players' names: the message log lines and result
captions.

Pure text (no pygame). The engine's sentences say "seat 2"; here they say "Priya". A person
playing as "You" reads "You bet 4", everyone else "Priya bets 4": each such sentence is its own
catalog entry in the second person, beside the third-person one with a {name} placeholder.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, assert_never

from game.engine.all_events import AnyEvent, any_event
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
from game.engine.family import Family
from game.engine.hands import HandName
from game.engine.observation import Observation
from game.engine.reasons import Reason, ReasonKey
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
from game.i18n import _, language, number
from game.words.banked_narration import banked_line
from game.words.clock_moves import A_BOT, ClockMoves, bot_sentence
from game.words.hands import said_hand
from game.words.reasons import describe
from game.words.said import said
from game.words.second_person import YOU, object_you, spoken_to_you, you_form
from game.words.wagers import is_banked

_GENERIC = frozenset({ReasonKey.WINS_THE_BETTING, ReasonKey.BEST_AT_AGREED_SHOWDOWN})
"""The award reasons that do not say which hand won: the hands shown say it instead."""


BragEvent: TypeAlias = (
    HandKept
    | Discarded
    | DiscardShown
    | HandRetained
    | PotCovered
    | LoanMade
    | LoanRepaid
    | ShowdownProposed
    | ShowdownAnswered
)
"""The events only Brag's options make: two hands, discards, covers, loans, showdowns."""


def session_end_words(observation: Observation, humans: Sequence[int]) -> str:
    """Why the session is over, as the table and its summary say it: the people at this screen
    are out of chips, or the engine's reason no deal can start (too few can pay)."""
    stacks = [view.stack for view in observation.seats]
    if humans and all(stacks[seat] == 0 for seat in humans):
        if len(humans) == 1:
            return _("You have no chips left.")
        return _("The players are out of chips.")
    return said(observation.why_not_dealing)


class Narrator:
    """Turns events into short lines using the seat names."""

    def __init__(self, names: Sequence[str], family: str = Family.TEEN_PATTI) -> None:
        self.names = tuple(names)
        self.family = family
        self._clock_moves = ClockMoves()
        """Which events are the moves a turn clock played for a seat: said as the clock's (a
        pack with the time running out, a bot's move as the bot's), never as the player's."""

    def name(self, seat: int | None) -> str:
        """The seat's name ('Seat 3' if it has none)."""
        if seat is None:
            return _("Nobody")
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return _("Seat {number}").format(number=seat + 1)

    def is_you(self, seat: int | None) -> bool:
        """Whether the seat is the person's own, named "You" (sentences about it say "you")."""
        return seat is not None and self.name(seat) in (YOU, _(YOU))

    def called(self, seat: int | None) -> str:
        """The seat's name as a sentence shows it: "You" in the player's language."""
        return _(YOU) if self.is_you(seat) else self.name(seat)

    def says(self, seat: int, you: str, other: str) -> str:
        """'You bet' or 'Priya bets': the English verb in the right person for the seat's name."""
        name = self.name(seat)
        return f"{name} {you if self.is_you(seat) else other}"

    def speaks(self, seat: int, you: str, other: str, **values: object) -> str:
        """The translated sentence `you` (second person) when the seat is the person's own, else
        `other` with the seat's name for {name}; both filled with `values`."""
        if self.is_you(seat):
            return you.format(**values)
        return other.format(name=self.name(seat), **values)

    def between(
        self, seat: int, other: int, you_first: str, you_second: str, neither: str, **values: object
    ) -> str:
        """A sentence about two seats, {name} acting on {other}: `you_first` when the person
        acts, `you_second` when the person is acted on, else `neither`."""
        if self.is_you(seat):
            return you_first.format(other=self.name(other), **values)
        if self.is_you(other):
            return you_second.format(name=self.name(seat), **values)
        return neither.format(name=self.name(seat), other=self.name(other), **values)

    def named(self, reason: Reason) -> str:
        """A reason in the player's language with each seat by its name ("You" for yours),
        as it stands in a sentence (not capitalised)."""
        return spoken_to_you(you_form(describe(reason, self.called)))

    def line(self, event: Event) -> str | None:
        """The message-log line for an event, or None for events not worth a line (lines are
        asked in the deal's order: a move the turn clock played is said as the clock's)."""
        clock = self._clock_moves.played_by(event)
        if clock is None:
            words = self._line(any_event(event))
        elif clock.stand_in:
            words = self._stand_in_line(clock.seat, event)
        else:
            words = None  # the clock's pack: its time line said it
        return object_you(words) if words else words

    def _stand_in_line(self, seat: int, event: Event) -> str | None:
        """A move the bot played for the seat, said as the bot's: 'A bot chaals 2 for Priya.'"""
        names = list(self.names) + [""] * (seat + 1 - len(self.names))
        names[seat] = _(A_BOT)
        move = Narrator(names, self.family)._line(any_event(event))
        if not move:
            return move
        return self.speaks(
            seat,
            # Translators: {move} is a move's sentence with a bot as its subject ("A bot
            # chaals 2"), without its full stop; the bot played it for you.
            _("{move} for you."),
            # Translators: as above, the bot played it for the player named {name}.
            _("{move} for {name}."),
            move=bot_sentence(move),
        )

    def _line(self, event: AnyEvent) -> str | None:
        """Every kind of event decided: its line, or None (mypy checks that none is missed)."""
        match event:
            case (
                BankOffered()
                | BankWaived()
                | DesignatedPlayerChosen()
                | BetsPosted()
                | Called()
                | Qualified()
                | WagerSettled()
                | HandDead()
            ):
                return banked_line(self, event)
            case BetReturned():
                return self.between(
                    event.seat,
                    event.short_seat,
                    _("{amount} of your bet comes back: {other} could match only part of it."),
                    _("{amount} of {name}'s bet goes back: you could match only part of it."),
                    _("{amount} of {name}'s bet goes back: {other} could match only part of it."),
                    amount=number(event.amount),
                )
            case (
                HandKept()
                | Discarded()
                | DiscardShown()
                | HandRetained()
                | PotCovered()
                | LoanMade()
                | LoanRepaid()
                | ShowdownProposed()
                | ShowdownAnswered()
            ):
                return self._brag_line(event)
            case DealStarted():
                if is_banked(self.family):
                    return _("Deal {number}.").format(number=event.deal_number)
                return self.speaks(
                    event.dealer,
                    _("Deal {number}: You deal."),
                    _("Deal {number}: {name} deals."),
                    number=event.deal_number,
                )
            case Looked():
                return self._look_line(event)
            case BetPlaced():
                return self._bet_line(event)
            case Folded():
                return self._fold_line(event)
            case ShowPaid():
                return self._show_line(event)
            case HandRevealed():
                return self.speaks(
                    event.seat,
                    _("You show {hand}."),
                    _("{name} shows {hand}."),
                    hand=said_hand(event.description),
                )
            case SideshowAsked():
                return self.between(
                    event.seat,
                    event.target,
                    _("You ask {other} for a sideshow."),
                    _("{name} asks you for a sideshow."),
                    _("{name} asks {other} for a sideshow."),
                )
            case SideshowAnswered():
                if event.accept:
                    return self.speaks(
                        event.seat, _("You accept the sideshow."), _("{name} accepts the sideshow.")
                    )
                return self.speaks(
                    event.seat, _("You refuse the sideshow."), _("{name} refuses the sideshow.")
                )
            case SideshowCompared():
                winner = event.target if event.loser == event.asker else event.asker
                return self.between(
                    winner,
                    event.loser,
                    _("Sideshow: You beat {other}, who packs."),
                    _("Sideshow: {name} beats you, so you pack."),
                    _("Sideshow: {name} beats {other}, who packs."),
                )
            case PotAwarded():
                return self.award_caption(event)
            case PotCarried():
                return self.carried_caption(event)
            case TimeRanOut():
                return self._time_line(event)
            case (
                PackShuffled()
                | AntePosted()
                | CardDealt()
                | JokerTurned()
                | CardsToPack()
                | TurnPassed()
                | DealEnded()
            ):
                return None  # the table shows these; the log has no line for them
            case _:
                assert_never(event)

    def _brag_line(self, event: BragEvent) -> str:
        """The lines only Brag's options make: two hands, discards, covers, loans, showdowns."""
        match event:
            case HandKept():
                if event.hand == "new":
                    return self.speaks(
                        event.seat, _("You keep the new hand."), _("{name} keeps the new hand.")
                    )
                return self.speaks(
                    event.seat, _("You keep the old hand."), _("{name} keeps the old hand.")
                )
            case Discarded():
                if event.card is None:
                    return self.speaks(
                        event.seat,
                        _("You discard a card face down."),
                        _("{name} discards a card face down."),
                    )
                return self.speaks(
                    event.seat,
                    _("You discard {card} face down."),
                    _("{name} discards {card} face down."),
                    card=event.card,
                )
            case DiscardShown():
                return self.speaks(
                    event.seat,
                    _("Equal hands: your discard shows, {card}."),
                    _("Equal hands: {name}'s discard shows, {card}."),
                    card=event.card,
                )
            case HandRetained():
                return self.speaks(
                    event.seat,
                    _("You keep a blind hand for the next deal."),
                    _("{name} keeps a blind hand for the next deal."),
                )
            case PotCovered():
                return self.speaks(
                    event.seat,
                    _("You cover the pot with {amount}."),
                    _("{name} covers the pot with {amount}."),
                    amount=number(event.amount),
                )
            case LoanMade():
                return self.between(
                    event.lender,
                    event.borrower,
                    _("You lend {amount} to {other}."),
                    _("{name} lends {amount} to you."),
                    _("{name} lends {amount} to {other}."),
                    amount=number(event.amount),
                )
            case LoanRepaid():
                return self.between(
                    event.borrower,
                    event.lender,
                    _("You repay {amount} to {other}."),
                    _("{name} repays {amount} to you."),
                    _("{name} repays {amount} to {other}."),
                    amount=number(event.amount),
                )
            case ShowdownProposed():
                return self.speaks(
                    event.seat, _("You propose a showdown."), _("{name} proposes a showdown.")
                )
            case ShowdownAnswered():
                if event.agree:
                    return self.speaks(event.seat, _("You agree."), _("{name} agrees."))
                return self.speaks(event.seat, _("You refuse."), _("{name} refuses."))
            case _:
                assert_never(event)

    def _look_line(self, event: Looked) -> str:
        if event.hand == "new":
            return self.speaks(
                event.seat, _("You look at the new hand."), _("{name} looks at the new hand.")
            )
        if event.hand == "old":
            return self.speaks(
                event.seat, _("You look at the old hand."), _("{name} looks at the old hand.")
            )
        return self.speaks(event.seat, _("You look at the cards."), _("{name} looks at the cards."))

    def _bet_line(self, event: BetPlaced) -> str:
        amount = number(event.amount)
        if event.blind:
            return self.speaks(
                event.seat,
                _("You bet {amount} blind."),
                _("{name} bets {amount} blind."),
                amount=amount,
            )
        if self.family == Family.TEEN_PATTI:
            return self.speaks(
                event.seat, _("You chaal {amount}."), _("{name} chaals {amount}."), amount=amount
            )
        return self.speaks(
            event.seat, _("You bet {amount}."), _("{name} bets {amount}."), amount=amount
        )

    def _show_line(self, event: ShowPaid) -> str:
        amount = number(event.amount)
        if self.family == Family.TEEN_PATTI:
            return self.between(
                event.seat,
                event.against,
                _("You ask for a show ({amount}) against {other}."),
                _("{name} asks for a show ({amount}) against you."),
                _("{name} asks for a show ({amount}) against {other}."),
                amount=amount,
            )
        return self.between(
            event.seat,
            event.against,
            _("You pay to see ({amount}) against {other}."),
            _("{name} pays to see ({amount}) against you."),
            _("{name} pays to see ({amount}) against {other}."),
            amount=amount,
        )

    def _fold_line(self, event: Folded) -> str:
        if event.hand == "new":
            return self.speaks(
                event.seat, _("You fold the new hand."), _("{name} folds the new hand.")
            )
        if event.hand == "old":
            return self.speaks(
                event.seat, _("You fold the old hand."), _("{name} folds the old hand.")
            )
        if event.reason.key is ReasonKey.LOST_SIDESHOW:
            return self.speaks(
                event.seat,
                _("You lose the sideshow and pack."),
                _("{name} loses the sideshow and packs."),
            )
        if self.family == Family.TEEN_PATTI:
            return self.speaks(event.seat, _("You pack."), _("{name} packs."))
        return self.speaks(event.seat, _("You fold."), _("{name} folds."))

    def _time_line(self, event: TimeRanOut) -> str:
        """A turn clock ran out: the seat packs (said here, once), or a bot plays its turn."""
        if event.stand_in:
            return self.speaks(
                event.seat,
                _("Your time ran out: a bot plays your turn."),
                _("{name}'s time ran out: a bot plays {name}'s turn."),
            )
        if self.family == Family.TEEN_PATTI:
            return self.speaks(
                event.seat,
                _("Your time ran out: you pack."),
                _("{name}'s time ran out: {name} packs."),
            )
        return self.speaks(
            event.seat,
            _("Your time ran out: you fold."),
            _("{name}'s time ran out: {name} folds."),
        )

    def reason(self, winner: int, reason: Reason) -> str:
        """An award's reason in names, without repeating the winner's name at its start."""
        if language() != "en":
            return self.said(reason)
        text = self.named(reason)
        name = self.called(winner)
        for verb in ("is", "are"):  # "Ravi is the last player left", "You are ..."
            if text.startswith(f"{name} {verb} "):
                text = text[len(name) + len(verb) + 2 :]
                break
        else:
            if text.startswith(f"{name} "):
                text = text[len(name) + 1 :]
        return text[:1].upper() + text[1:] if text else text

    def said(self, reason: Reason) -> str:
        """A reason in the player's language, each seat by its name ("you" for yours)."""
        text = self.named(reason)
        return text[:1].upper() + text[1:]

    def award_caption(self, event: PotAwarded, revealed: dict[int, HandName] | None = None) -> str:
        """'Asha takes the pot of 24 — Pair of kings beats High card A-J-7'.

        Where the engine's reason is generic ("wins the betting"), the hands shown this deal
        (`revealed`, seat to hand name) say why instead.
        """
        # the pot, named as the pot: the hand history says what the deal gained (the net)
        amount = number(event.amount)
        if event.pot_index:
            head = self.speaks(
                event.seat,
                _("You take the side pot of {amount}"),
                _("{name} takes the side pot of {amount}"),
                amount=amount,
            )
        else:
            head = self.speaks(
                event.seat,
                _("You take the pot of {amount}"),
                _("{name} takes the pot of {amount}"),
                amount=amount,
            )
        reason = self.reason(event.seat, event.reason)
        shown = revealed or {}
        if event.reason.key in _GENERIC and event.seat in shown:
            others = [text for seat, text in shown.items() if seat != event.seat]
            if others:
                reason = _("{hand} beats {other}").format(
                    hand=said_hand(shown[event.seat]), other=said_hand(others[0])
                )
            else:
                reason = _("{hand} stands; the loser's cards stay hidden").format(
                    hand=said_hand(shown[event.seat])
                )
        if not reason:
            return object_you(head)
        return object_you(_("{result} — {reason}").format(result=head, reason=reason))

    def carried_caption(self, event: PotCarried) -> str:
        """'The pot of 30 carries forward: Priya was left alone blind ...'."""
        alone = event.reason.seat
        if event.reason.key is ReasonKey.LEFT_ALONE_BLIND and alone is not None:
            # the caption already says the pot carries forward: the short form of the reason
            reason = self.speaks(
                alone,
                _("you were left alone blind, and the blind hand is kept"),
                _("{name} was left alone blind, and the blind hand is kept"),
            )
        else:
            reason = self.named(event.reason)
        return _("The pot of {amount} carries forward — {reason}.").format(
            amount=number(event.amount), reason=reason
        )
