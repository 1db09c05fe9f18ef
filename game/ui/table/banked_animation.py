"""Three Card Poker on the table: bets fly to their piles, settlements to and from the bank.

The director hands these events here. Wagers are separate piles at each seat (Base, Pair Plus,
Call; at the casino Ante, Pair Plus, Play); a lost wager slides to the bank (the designated
player's plate, or the house), a won one is paid from the bank onto its pile and then both go
home to the player, a push or a dead hand goes straight back. The last step of the deal writes
the result caption for the viewer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, assert_never

from game.engine.all_events import BankedEvent
from game.engine.events import DealEnded
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
from game.i18n import N_, _, number
from game.ui.kit.layout import WAGER_CHIP, Point, TableLayout, wager_spots
from game.ui.kit.tween import Animation, Call, Parallel, Sequence, Wait
from game.ui.table.board import Board
from game.ui.table.table_view import is_you, seat_label
from game.words.banked_narration import Names, qualification, said
from game.words.wagers import BANK_BADGE, CASINO, PILES, pile_of

SETTLE_FLIGHT = 0.34
"""Seconds chips take between a pile and the bank."""

HOME_FLIGHT = 0.42
"""Seconds chips take from a pile back to the player's plate."""


class Marks(Protocol):
    """What the banked steps write above the board: the banner, the highlighted seats, the
    winners' glow."""

    banner: str
    highlights: set[int]
    winners: set[int]


class TableDirector(Protocol):
    """What the banked steps need from the director of the table (the Director is one)."""

    @property
    def board(self) -> Board:
        """The board the events play on."""
        ...

    @property
    def stage(self) -> Marks:
        """What is drawn above the board."""
        ...

    @property
    def narrator(self) -> Names:
        """The seats' names."""
        ...

    @property
    def layout(self) -> Callable[[], TableLayout]:
        """Gives the current layout of the board."""
        ...

    def fly_chips(
        self,
        amount: int,
        start: Point,
        end: Point,
        duration: float = ...,
        on_launch: Callable[[], None] | None = None,
        on_land: Callable[[], None] | None = None,
        diameter: float = ...,
    ) -> Animation:
        """Chips flying from `start` to `end`, calling `on_launch` and `on_land` on the way."""
        ...

    def plate(self, seat: int) -> Point:
        """The middle of a seat's plate."""
        ...

    def caption(self, text: str, kind: str = "result") -> Animation:
        """A line of text fading in over the table."""
        ...


class BankedSteps:
    """Builds the animation of each Three Card Poker event and keeps the deal's results."""

    def __init__(self, director: TableDirector) -> None:
        self.director = director
        self.net: dict[int, int] = {}
        self.reasons: dict[int, str] = {}

    # --- places ----------------------------------------------------------------------------

    def _spot(self, seat: int, pile: str) -> Point:
        return wager_spots(self.director.layout().seats[seat], PILES)[pile]

    def _bank_spot(self) -> Point:
        bank = self.director.board.bank_seat()
        if bank is None:
            return self.director.layout().pot.centre
        return self.director.layout().seats[bank].plate.centre

    def _bank_stack(self, change: int) -> None:
        """The designated player's stack changes; the casino's house bank has no stack."""
        board = self.director.board
        bank = board.bank_seat()
        if bank is not None and BANK_BADGE in board.seat(bank).badges:
            board.seat(bank).stack += change

    @property
    def _casino(self) -> bool:
        return self.director.board.family == CASINO

    # --- events ----------------------------------------------------------------------------

    def start_deal(self) -> None:
        """A new deal: no results yet and no banner."""
        self.net, self.reasons = {}, {}
        self.director.stage.banner = ""

    def build(self, event: BankedEvent) -> Animation:
        """The animation for a Three Card Poker event."""
        director, board, stage = self.director, self.director.board, self.director.stage
        match event:
            case BankOffered():
                stage.highlights = {event.seat}
                name = director.narrator.name(event.seat)
                if is_you(name):
                    stage.banner = _("The bank is offered to you")
                else:
                    stage.banner = _("The bank is offered to {name}").format(name=seat_label(name))
                return Wait(0.3)
            case BankWaived():
                seat = board.seat(event.seat)
                seat.badges = (*seat.badges, N_("WAIVED"))
                return Wait(0.25)
            case DesignatedPlayerChosen():
                return self._bank_chosen(event)
            case BetsPosted():
                return self._posted(event)
            case Called():
                return Sequence([self._to_pile(event.seat, "call", event.amount), Wait(0.12)])
            case Qualified():
                stage.banner = qualification(director.narrator, event)
                stage.highlights = {event.seat}
                return Wait(0.7)
            case WagerSettled():
                return self._settled(event)
            case HandDead():
                return self._dead(event)
            case _:
                assert_never(event)

    def _bank_chosen(self, event: DesignatedPlayerChosen) -> Animation:
        board, stage = self.director.board, self.director.stage
        seat = board.seat(event.seat)
        board.dealer = event.seat
        seat.badges = (BANK_BADGE, *[badge for badge in seat.badges if badge != N_("WAIVED")])
        stage.highlights = set()
        name = self.director.narrator.name(event.seat)
        if is_you(name):
            stage.banner = _("You bank this deal")
        else:
            stage.banner = _("{name} banks this deal").format(name=seat_label(name))
        return Wait(0.45)

    def _to_pile(self, seat: int, pile: str, amount: int, delay: float = 0.0) -> Animation:
        board = self.director.board
        flight = self.director.fly_chips(
            amount,
            self.director.plate(seat),
            self._spot(seat, pile),
            on_launch=lambda: board.pay(seat, amount),
            on_land=lambda: board.place_wager(seat, pile, amount),
            diameter=WAGER_CHIP,
        )
        return Sequence([Wait(delay), flight])

    def _posted(self, event: BetsPosted) -> Animation:
        flights = [self._to_pile(event.seat, "base", event.base)]
        if event.pair_plus:
            flights.append(self._to_pile(event.seat, "pair_plus", event.pair_plus, 0.08))
        return Sequence([Parallel(flights), Wait(0.12)])

    def _home(self, seat: int, amount: int, start: Point) -> Animation:
        """Chips from `start` to the player's plate, counted in the stack when they land."""
        board = self.director.board

        def land() -> None:
            board.seat(seat).stack += amount

        return self.director.fly_chips(
            amount,
            start,
            self.director.plate(seat),
            HOME_FLIGHT,
            on_land=land,
            diameter=WAGER_CHIP,
        )

    def _settled(self, event: WagerSettled) -> Animation:
        seat, board, director = event.seat, self.director.board, self.director
        pile = pile_of(event.wager)
        spot = self._spot(seat, pile) if pile is not None else director.plate(seat)
        main = pile in ("base", None)  # the base (ante) wager, or the ante bonus
        if main or seat not in self.reasons:
            self.reasons[seat] = said(director.narrator, event.reason).rstrip(".।")

        def take() -> None:
            if pile is not None:
                board.take_wager(seat, pile)

        if event.outcome == "lost":
            self.net[seat] = self.net.get(seat, 0) - event.stake
            flight = director.fly_chips(
                event.stake,
                spot,
                self._bank_spot(),
                SETTLE_FLIGHT,
                on_launch=take,
                on_land=lambda: self._bank_stack(event.stake),
                diameter=WAGER_CHIP,
            )
            return Sequence([flight, Wait(0.08)])
        if event.outcome != "won":
            return Sequence([Call(take), self._home(seat, event.stake, spot), Wait(0.08)])
        self.net[seat] = self.net.get(seat, 0) + event.payout
        director.stage.winners.add(seat)
        steps: list[Animation] = []
        if event.payout:
            steps.append(
                director.fly_chips(
                    event.payout,
                    self._bank_spot(),
                    spot,
                    SETTLE_FLIGHT,
                    on_launch=lambda: self._bank_stack(-event.payout),
                    diameter=WAGER_CHIP,
                )
            )
        steps.extend([Call(take), self._home(seat, event.stake + event.payout, spot), Wait(0.08)])
        return Sequence(steps)

    def _take(self, seat: int, pile: str) -> None:
        """A pile leaves the seat's spot (its chips are in the air)."""
        self.director.board.take_wager(seat, pile)

    def _dead(self, event: HandDead) -> Animation:
        board = self.director.board
        seat = board.seat(event.seat)
        seat.badges = (*seat.badges, N_("DEAD"))
        self.reasons[event.seat] = _("the bank could not cover the hand: wagers returned")
        flights: list[Animation] = []
        for pile in PILES:
            amount = board.wagers.get(event.seat, {}).get(pile, 0)
            if amount:
                start = self._spot(event.seat, pile)
                take = Call(partial(self._take, event.seat, pile))
                flights.append(Sequence([take, self._home(event.seat, amount, start)]))
        return Sequence([Parallel(flights), Wait(0.2)])

    def ended(self, event: DealEnded) -> Animation:
        """The end of the deal: the stacks as the engine says, and the result caption."""
        board = self.director.board

        def ended() -> None:
            board.to_act = None
            for seat, stack in zip(board.seats, event.stacks, strict=False):
                seat.stack = stack
            bank = board.bank_seat()
            if bank is not None and self.bank_net() > 0:
                self.director.stage.winners.add(bank)

        words, kind = self.result()
        steps: list[Animation] = [Call(ended)]
        if words:
            steps.append(self.director.caption(words, kind))
        return Sequence(steps)

    # --- the result ------------------------------------------------------------------------

    def bank_net(self) -> int:
        """What the bank made this deal: what the players lost less what it paid."""
        return -sum(self.net.values())

    def result(self) -> tuple[str, str]:
        """The caption for the viewer: their own result, or the bank's; and its kind."""
        board, narrator = self.director.board, self.director.narrator
        viewer = board.viewer
        bank = board.bank_seat()
        if viewer is not None and viewer != bank and (viewer in self.net or viewer in self.reasons):
            net = self.net.get(viewer, 0)
            reason = self.reasons.get(viewer, "")
            if board.seat(viewer).folded:
                reason = _("folded")
            head, kind = self._player_result(narrator.name(viewer), net)
            return (f"{head} — {reason}" if reason else head, kind)
        if bank is None:
            return ("", "news")
        net = self.bank_net()
        words = self._bank_result(narrator.name(bank), net)
        return (words, "result" if net > 0 and viewer == bank else "news")

    @staticmethod
    def _player_result(name: str, net: int) -> tuple[str, str]:
        """'You win 40' / 'Priya loses 20' / 'Your wagers come back', and the caption's kind."""
        amount = number(abs(net))
        if is_you(name):
            if net > 0:
                return (_("You win {amount}").format(amount=amount), "result")
            if net < 0:
                return (_("You lose {amount}").format(amount=amount), "news")
            return (_("Your wagers come back"), "news")
        name = seat_label(name)
        if net > 0:
            return (_("{name} wins {amount}").format(name=name, amount=amount), "result")
        if net < 0:
            return (_("{name} loses {amount}").format(name=name, amount=amount), "news")
        return (_("{name}'s wagers come back").format(name=name), "news")

    def _bank_result(self, name: str, net: int) -> str:
        """What the bank did this deal: the house's, yours, or another player's."""
        amount = number(abs(net))
        if self._casino:
            if not self.net:
                return _("The house takes no action: everyone folded")
            if net > 0:
                return _("The house wins {amount}").format(amount=amount)
            if net < 0:
                return _("The house pays out {amount}").format(amount=amount)
            return _("The house breaks even")
        if is_you(name):
            if not self.net:
                return _("Your bank takes no action: everyone folded")
            if net > 0:
                return _("Your bank wins {amount}").format(amount=amount)
            if net < 0:
                return _("Your bank pays out {amount}").format(amount=amount)
            return _("Your bank breaks even")
        name = seat_label(name)
        if not self.net:
            return _("{name}'s bank takes no action: everyone folded").format(name=name)
        if net > 0:
            return _("{name}'s bank wins {amount}").format(name=name, amount=amount)
        if net < 0:
            return _("{name}'s bank pays out {amount}").format(name=name, amount=amount)
        return _("{name}'s bank breaks even").format(name=name)
