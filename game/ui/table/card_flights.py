"""Cards in the air: dealt from the pack, turned over or peeked at in the hand, an open joker
to the middle, a discard set aside, a packed hand and the sweep between deals back to the
pack. Each motion changes the board as the cards take off and land."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import Card
from game.engine.events import CardDealt, CardsToPack, Discarded, JokerTurned, Looked
from game.engine.observation import Hidden
from game.ui.kit.layout import Box, open_card_box
from game.ui.kit.tween import (
    Animation,
    Call,
    Parallel,
    Sequence,
    Tween,
    Wait,
    ease_in_out_quad,
    ease_out_cubic,
)
from game.ui.table.board import HAND_INDEX, Board
from game.ui.table.spots import Spots
from game.ui.table.stage import (
    DEAL_FLIGHT,
    FLIP,
    JOKER_FLIGHT,
    PAUSE,
    TO_PACK,
    CardSprite,
    Stage,
)
from game.ui.table.table_view import CardSlot


class CardFlights:
    """Builds every card motion on the stage, moving the board's cards as they fly."""

    def __init__(self, board: Board, stage: Stage, spots: Spots) -> None:
        self.board = board
        self.stage = stage
        self.spots = spots
        self.discarded: set[int] = set()
        """Seats whose four-card brag discard was set aside this deal (not yet packed)."""

    def start_deal(self) -> None:
        """A new deal: no discard is set aside."""
        self.discarded.clear()

    def fly(
        self,
        card: Hidden,
        start: Box,
        end: Box,
        duration: float,
        on_launch: Callable[[], None] | None = None,
        on_land: Callable[[], None] | None = None,
        face_up: bool = False,
        via: Box | None = None,
    ) -> Animation:
        """A card flying from `start` to `end` (by way of `via`), face up or down."""
        sprite = CardSprite(card, start.x, start.y, start.width, face_up_from_start=face_up)

        def launch() -> None:
            self.stage.cards.append(sprite)
            if on_launch:
                on_launch()

        def land() -> None:
            if sprite in self.stage.cards:
                self.stage.cards.remove(sprite)
            if on_land:
                on_land()

        legs: list[Animation] = [Call(launch)]
        if via is not None:
            legs.append(Tween(sprite, {"x": via.x, "y": via.y}, duration * 0.5, ease_in_out_quad))
        legs.append(
            Tween(
                sprite,
                {"x": end.x, "y": end.y, "width": end.width},
                duration * (0.6 if via is not None else 1.0),
                ease_out_cubic,
                on_done=land,
            )
        )
        return Sequence(legs)

    def turn_hand(
        self, seat: int, hand: int, cards: tuple[Card | None, ...], lift_only: bool
    ) -> Animation:
        """Flip a hand's cards face up one after another (or just lift them: someone peeks)."""
        current = self.board.seat(seat).hands
        if hand >= len(current) or not current[hand]:
            return Call(lambda: None)
        flips: list[Animation] = []
        for position, shown in enumerate(current[hand]):
            slot = (seat, hand, position)
            box = self.spots.slot(seat, hand, position)
            new = cards[position] if position < len(cards) else None
            face = new if new is not None else shown
            known = shown is not None
            sprite = CardSprite(face, box.x, box.y, box.width, face_up_from_start=known)
            peek = lift_only or face is None or known

            def launch(sprite: CardSprite = sprite, slot: CardSlot = slot) -> None:
                self.stage.hidden.add(slot)
                self.stage.cards.append(sprite)

            def land(sprite: CardSprite = sprite, slot: CardSlot = slot) -> None:
                if sprite in self.stage.cards:
                    self.stage.cards.remove(sprite)
                self.stage.hidden.discard(slot)

            if peek:
                motion: Animation = Sequence(
                    [
                        Tween(sprite, {"lift": 12.0}, FLIP * 0.5, ease_out_cubic),
                        Tween(sprite, {"lift": 0.0}, FLIP * 0.5, ease_in_out_quad, on_done=land),
                    ]
                )
            else:
                motion = Parallel(
                    [
                        Tween(sprite, {"turn": 1.0}, FLIP, ease_in_out_quad, on_done=land),
                        Sequence(
                            [
                                Tween(sprite, {"lift": 14.0}, FLIP * 0.5, ease_out_cubic),
                                Tween(sprite, {"lift": 0.0}, FLIP * 0.5, ease_in_out_quad),
                            ]
                        ),
                    ]
                )
            flips.append(Sequence([Wait(position * 0.07), Call(launch), motion]))
        return Sequence(
            [
                Parallel(flips),
                Call(lambda: self.board.show_cards(seat, hand, cards)),
            ]
        )

    def looked(self, event: Looked) -> Animation:
        """A seat looks at its cards: they turn up for whoever may see them, else just lift."""
        hand = HAND_INDEX.get(event.hand, 0)
        seat = event.seat
        known = any(card is not None for card in event.cards)

        def seen() -> None:
            if event.hand == "only":
                self.board.seat(seat).blind = False

        return Sequence(
            [
                self.turn_hand(seat, hand, event.cards, lift_only=not known),
                Call(seen),
                Wait(PAUSE),
            ]
        )

    def deal(self, event: CardDealt, position: int) -> Animation:
        """A card from the pack to its slot in a seat's hand."""
        seat, hand, card = event.seat, event.hand, event.card

        def ensure_hand() -> None:
            hands = self.board.seat(seat).hands
            while len(hands) <= hand:
                hands.append([])

        ensure_hand()
        target = self.spots.slot(seat, hand, position)

        def launch() -> None:
            self.board.pack_size -= 1

        def land() -> None:
            self.board.add_card(seat, hand, card)

        return self.fly(
            card,
            self.spots.pack(),
            target,
            DEAL_FLIGHT,
            on_launch=launch,
            on_land=land,
            face_up=event.face_up and card is not None,
        )

    def jokers(self, event: JokerTurned) -> Animation:
        """Each open joker flies from the pack to the middle, turning face up, and stays."""
        board = self.board
        count = len(event.cards)
        flights: list[Animation] = []
        for index, card in enumerate(event.cards):
            start = self.spots.pack()
            lifted = Box(start.x, start.y - 40, start.width, start.height)
            end = open_card_box(index, count)
            sprite = CardSprite(card, lifted.x, lifted.y, lifted.width)

            def launch() -> None:
                board.pack_size -= 1

            def turn_over(sprite: CardSprite = sprite) -> None:
                self.stage.cards.append(sprite)

            def land(card: Card = card, sprite: CardSprite = sprite) -> None:
                if sprite in self.stage.cards:
                    self.stage.cards.remove(sprite)
                board.table_cards.append(card)

            flights.append(
                Sequence(
                    [
                        Wait(index * 0.12),
                        self.fly(None, start, lifted, JOKER_FLIGHT / 3, on_launch=launch),
                        Call(turn_over),
                        Tween(
                            sprite,
                            {"x": end.x, "y": end.y, "width": end.width, "turn": 1.0},
                            JOKER_FLIGHT,
                            ease_out_cubic,
                            on_done=land,
                        ),
                    ]
                )
            )
        return Sequence([Parallel(flights), Wait(PAUSE * 2)])

    def discard(self, event: Discarded) -> Animation:
        """Four-card brag: the discarded card leaves the hand face down and is set aside."""
        board = self.board
        seat = event.seat
        self.discarded.add(seat)
        live = board.live_hands(seat)
        index = board.hand_index_holding(seat, (event.card,))
        if index is None and live:
            index = live[0]
        if index is None:
            return Wait(0.0)
        hand = board.seat(seat).hands[index]
        position = hand.index(event.card) if event.card in hand else len(hand) - 1
        box = self.spots.slot(seat, index, position)
        hand.pop(position)
        return Sequence([self.fly(None, box, self.spots.pack(), TO_PACK), Wait(PAUSE)])

    def packs_a_discard(self, event: CardsToPack) -> bool:
        """Whether these cards to the pack are a discard already set aside (it is then done)."""
        seat = event.seat
        if seat is not None and seat in self.discarded and len(event.cards) == 1:
            self.discarded.discard(seat)
            return True
        return False

    def to_pack(self, seat: int, event: CardsToPack, index: int | None) -> Animation:
        """A seat's hand (the one at `index`, else the one holding the cards, else its live
        one) flies back to the pack, round the pot, face up when shown."""
        board = self.board
        if index is None:
            index = board.hand_index_holding(seat, event.cards)
        if index is None:
            live = board.live_hands(seat)
            if not live:
                return Wait(0.0)
            index = live[0]
        hands = board.seat(seat).hands
        if index >= len(hands):
            return Wait(0.0)
        boxes = [self.spots.slot(seat, index, position) for position in range(len(hands[index]))]
        cards = board.remove_hand(seat, index)
        pack = self.spots.pack()
        shown = [card if event.face_up else None for card in cards]
        flights = [
            Sequence(
                [
                    Wait(position * 0.04),
                    self.fly(
                        card,
                        box,
                        pack,
                        TO_PACK,
                        on_land=lambda: setattr(board, "pack_size", board.pack_size + 1),
                        face_up=card is not None,
                        via=self.spots.around_the_pot(box, pack),
                    ),
                ]
            )
            for position, (card, box) in enumerate(zip(shown, boxes, strict=False))
        ]
        return Sequence([Parallel(flights), Wait(PAUSE)])

    def sweep(self) -> Animation:
        """Every card left on the table (but a retained blind hand) back to the pack."""
        board = self.board
        pack = self.spots.pack()
        flights: list[Animation] = []
        order = 0
        for seat in board.seats:
            kept = board.retained.get(seat.seat)
            for index, hand in enumerate(seat.hands):
                if kept is not None and hand == kept:
                    continue
                for position, card in enumerate(hand):
                    box = self.spots.slot(seat.seat, index, position)
                    flights.append(
                        Sequence(
                            [
                                Wait(order * 0.02),
                                self.fly(
                                    card,
                                    box,
                                    pack,
                                    TO_PACK,
                                    face_up=card is not None,
                                    on_land=lambda: setattr(
                                        board, "pack_size", board.pack_size + 1
                                    ),
                                ),
                            ]
                        )
                    )
                    order += 1
            seat.hands = [list(kept)] if kept is not None else [[]]
        return Sequence([Parallel(flights), Wait(0.1)])
