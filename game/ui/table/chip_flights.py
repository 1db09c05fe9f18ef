"""Chips in the air: antes and bets to the bet spots, returns and loans between seats, the
gather into the middle and the pot to its winner. Each motion changes the board as the chips
take off and land, so the stacks and pots on show always add up."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from game.engine.events import BetPlaced, BetReturned, LoanMade, LoanRepaid, PotCovered, ShowPaid
from game.ui.kit.layout import BET_CHIP, POT_CHIP, POT_COLUMNS, POT_TALLEST, Point
from game.ui.kit.tween import (
    Animation,
    Call,
    Deferred,
    Parallel,
    Sequence,
    Tween,
    Wait,
    ease_out_back,
    ease_out_cubic,
)
from game.ui.table.board import Board
from game.ui.table.spots import Spots
from game.ui.table.stage import AWARD_FLIGHT, CHIP_FLIGHT, PAUSE, ChipSprite, Stage


class ChipFlights:
    """Builds every chip motion on the stage, moving the board's chips as they fly."""

    def __init__(self, board: Board, stage: Stage, spots: Spots) -> None:
        self.board = board
        self.stage = stage
        self.spots = spots

    def fly(
        self,
        amount: int,
        start: Point,
        end: Point,
        duration: float = CHIP_FLIGHT,
        on_launch: Callable[[], None] | None = None,
        on_land: Callable[[], None] | None = None,
        diameter: float = BET_CHIP,
    ) -> Animation:
        """Chips flying from `start` to `end`, calling `on_launch` and `on_land` on the way."""
        sprite = ChipSprite(amount, start[0], start[1], diameter)

        def launch() -> None:
            self.stage.chips.append(sprite)
            if on_launch:
                on_launch()

        def land() -> None:
            if sprite in self.stage.chips:
                self.stage.chips.remove(sprite)
            if on_land:
                on_land()

        return Sequence(
            [
                Call(launch),
                Tween(sprite, {"x": end[0], "y": end[1]}, duration, ease_out_cubic, on_done=land),
            ]
        )

    def ante(self, seat: int, amount: int) -> Animation:
        """A seat's ante from its plate to its bet spot."""
        return self.fly(
            amount,
            self.spots.plate(seat),
            self.spots.bet(seat),
            on_launch=partial(self.board.pay, seat, amount),
            on_land=partial(self.board.commit, seat, amount),
        )

    def bet(self, event: BetPlaced | ShowPaid | PotCovered) -> Animation:
        """A bet (a show's price, a covered pot) from the plate to the bet spot."""
        seat, amount = event.seat, event.amount

        def land() -> None:
            self.board.commit(seat, amount)
            if isinstance(event, BetPlaced):
                self.board.stake = event.stake

        return Sequence(
            [
                self.fly(
                    amount,
                    self.spots.plate(seat),
                    self.spots.bet(seat),
                    on_launch=lambda: self.board.pay(seat, amount),
                    on_land=land,
                ),
                Wait(PAUSE),
            ]
        )

    def returned(self, event: BetReturned) -> Animation:
        """The unmatched part of a bet flies back from the middle to its seat."""
        seat, amount = event.seat, event.amount

        def launch() -> None:
            self.board.take_back(seat, amount)

        def land() -> None:
            self.board.seat(seat).stack += amount

        return Sequence(
            [
                self.fly(
                    amount,
                    self.spots.bet(seat),
                    self.spots.plate(seat),
                    on_launch=launch,
                    on_land=land,
                ),
                Wait(PAUSE),
            ]
        )

    def loan(self, event: LoanMade | LoanRepaid) -> Animation:
        """Chips from the lender's plate to the borrower's (back again when repaid)."""
        board = self.board
        lender, borrower, amount = event.lender, event.borrower, event.amount
        if isinstance(event, LoanRepaid):
            lender, borrower = borrower, lender
        return self.fly(
            amount,
            self.spots.plate(lender),
            self.spots.plate(borrower),
            on_launch=lambda: board.pay(lender, amount),
            on_land=lambda: board.pay(borrower, -amount),
        )

    def gather(self) -> Animation:
        """Sweep every seat's chips into the middle (they already count in the pot)."""
        flights: list[Animation] = []
        for seat in self.board.seats:
            if seat.committed > 0:
                flights.append(
                    self.fly(seat.committed, self.spots.bet(seat.seat), self.spots.pot(), 0.3)
                )
        self.board.gather()
        return Parallel(flights)

    def award(self, seat: int, amount: int, pot_index: int) -> Animation:
        """The chips gathered, then a pot flies to its winner, whose hand lifts and glows."""
        board = self.board

        def launch() -> None:
            board.award(seat, amount, pot_index)

        def land() -> None:
            board.seat(seat).stack += amount

        start = self.spots.pot(pot_index)
        plate = self.spots.plate(seat)
        sprite = ChipSprite(amount, start[0], start[1], POT_CHIP, POT_COLUMNS, POT_TALLEST)

        def take_off() -> None:  # the winner's hand lifts and glows as the pot flies to it
            self.stage.chips.append(sprite)
            self.stage.winners.add(seat)
            launch()

        def arrive() -> None:
            if sprite in self.stage.chips:
                self.stage.chips.remove(sprite)
            land()

        flight = Sequence(
            [
                Call(take_off),
                Tween(
                    sprite,
                    {"x": plate[0], "y": plate[1] + 10},
                    AWARD_FLIGHT,
                    ease_out_back,
                    on_done=arrive,
                ),
            ]
        )
        return Sequence([Deferred(self.gather), Wait(0.12), flight])

    def carry(self, amount: int) -> Animation:
        """The chips gathered, then the pot stays in the middle for the next deal."""
        board = self.board

        def carry() -> None:
            board.award(-1, amount, 0)
            board.carried += amount

        return Sequence([Deferred(self.gather), Wait(0.2), Call(carry)])
