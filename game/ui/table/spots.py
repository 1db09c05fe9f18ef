"""Where things are on the felt at this moment: a seat's plate, its bet spot, the pots, the
pack and each card's slot. The layout changes as the deal goes (a seat gets a second hand, a
second pot opens), so every answer is read afresh."""

from __future__ import annotations

from game.ui.kit.layout import CARD_WIDTH, Box, Point, bet_spot, card_height, pot_spot
from game.ui.table.board import Board
from game.ui.table.stage import LayoutSource


class Spots:
    """The points and boxes the director's motions start from and land on."""

    def __init__(self, board: Board, layout: LayoutSource) -> None:
        self.board = board
        self.layout = layout

    def plate(self, seat: int) -> Point:
        """The middle of a seat's plate."""
        return self.layout().seats[seat].plate.centre

    def bet(self, seat: int) -> Point:
        """Where a seat's chips in front of it stand."""
        return bet_spot(self.layout().seats[seat])

    def pot(self, pot_index: int = 0) -> Point:
        """Where a pot's pile stands, among the pots on the table now."""
        count = max(1, len([amount for amount in self.board.pots if amount > 0]))
        count += 1 if self.board.carried > 0 else 0
        return pot_spot(self.layout().pot, pot_index, count)

    def pack(self) -> Box:
        """The pack's box."""
        centre = self.layout().pack.centre
        return Box.around(centre, CARD_WIDTH, card_height(CARD_WIDTH))

    def slot(self, seat: int, hand: int, position: int) -> Box:
        """The box of a card in a seat's hand (the last one there is, past the end)."""
        hands = self.layout().seats[seat].hands
        hand = min(hand, len(hands) - 1)
        boxes = hands[hand]
        return boxes[min(position, len(boxes) - 1)]

    def around_the_pot(self, start: Box, end: Box) -> Box | None:
        """A waypoint under the pot when a straight flight from `start` to `end` would cross
        the pot and its label (folded cards never slide over the POT)."""
        pot = self.layout().pot
        (x0, y0), (x1, y1) = start.centre, end.centre
        for step in range(1, 20):
            share = step / 20
            point = (x0 + (x1 - x0) * share, y0 + (y1 - y0) * share)
            if pot.inflated(start.width / 2).contains(point):
                return Box(
                    pot.centre[0] - start.width / 2, pot.bottom + 12, start.width, start.height
                )
        return None
