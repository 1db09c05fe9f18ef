"""The engine's events turned into tweens, one after another: the director of the table.

Each event becomes a step of one timeline. A step is built only when it starts (`Deferred`),
so it reads where cards and chips are at that moment, and it changes the `Board` as things
land: a dealt card appears in the hand when its flight ends, a bet's chips leave the stack when
they take off and count in the pot when they arrive. The last step of every batch matches the
board to the engine's own observation, so the screen can never drift from the rules.

Events must already be redacted for the board's viewer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import assert_never

import pygame

from game.engine.all_events import AnyEvent, any_event
from game.engine.cards import Card
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
    TurnPassed,
)
from game.engine.hands import HandName
from game.engine.observation import Hidden, Observation
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
from game.i18n import N_, _
from game.ui.art.art import DEFAULT_STYLE, ArtStyle, soft_shadow
from game.ui.art.cards_art import CORNER_RADIUS, card_back, card_face
from game.ui.art.sound import SoundBoard
from game.ui.kit.layout import (
    BET_CHIP,
    BET_COLUMNS,
    BET_TALLEST,
    CARD_WIDTH,
    POT_CHIP,
    POT_COLUMNS,
    POT_TALLEST,
    VIEWER_CARD_WIDTH,
    Box,
    Point,
    TableLayout,
    Viewport,
    bet_spot,
    card_height,
    open_card_box,
    pot_spot,
)
from game.ui.kit.tween import (
    Animation,
    Animator,
    Call,
    Deferred,
    Parallel,
    Sequence,
    Tween,
    Wait,
    ease_in_out_quad,
    ease_out_back,
    ease_out_cubic,
)
from game.ui.table.banked_animation import BankedSteps
from game.ui.table.board import HAND_INDEX, Board
from game.ui.table.narration import Narrator
from game.ui.table.table_view import CardSlot, draw_chips, is_you, seat_label

DEAL_STEP = 0.08
"""Seconds between two cards leaving the pack."""

DEAL_FLIGHT = 0.36
"""Seconds a card takes from the pack to its seat."""

CHIP_FLIGHT = 0.38
"""Seconds chips take from a stack to the bet spot."""

FLIP = 0.34
"""Seconds one card takes to turn over."""

TO_PACK = 0.36
"""Seconds folded cards take back to the pack."""

AWARD_FLIGHT = 0.6
"""Seconds the pot takes to slide to the winner."""

PAUSE = 0.18

JOKER_FLIGHT = 0.6
"""An open joker card's slower, turning flight from the pack to the middle of the felt."""
"""A short breath after each action, so one reads as separate from the next."""


@dataclass
class CardSprite:
    """A card moving or turning over: its face (None: back), box, and turn (0 back, 1 face)."""

    card: Hidden
    x: float
    y: float
    width: float
    turn: float = 0.0
    lift: float = 0.0
    face_up_from_start: bool = False

    @property
    def box(self) -> Box:
        """Where the card is now (before squashing for the flip)."""
        return Box(self.x, self.y - self.lift, self.width, card_height(self.width))

    @property
    def showing_face(self) -> bool:
        """Whether the face shows now (past half way through a flip)."""
        if self.card is None:
            return False
        return self.face_up_from_start or self.turn >= 0.5

    @property
    def squash(self) -> float:
        """Horizontal scale during a flip: 1 flat, 0 edge-on."""
        if self.face_up_from_start:
            return 1.0
        return abs(math.cos(math.pi * self.turn))


@dataclass
class ChipSprite:
    """A pile of chips in the air, standing on (x, y), drawn like the pile it leaves or joins."""

    amount: int
    x: float
    y: float
    diameter: float = BET_CHIP
    columns: int = BET_COLUMNS
    tallest: int = BET_TALLEST


@dataclass
class Caption:
    """A line of text over the table: a result (gold) or news (plain); fades in."""

    text: str
    kind: str = "result"
    alpha: float = 0.0


@dataclass
class Stage:
    """Everything drawn above the board: sprites, hidden slots, glows, the caption, the log."""

    cards: list[CardSprite] = field(default_factory=list)
    chips: list[ChipSprite] = field(default_factory=list)
    hidden: set[CardSlot] = field(default_factory=set)
    winners: set[int] = field(default_factory=set)
    highlights: set[int] = field(default_factory=set)
    caption: Caption | None = None
    log: list[str] = field(default_factory=list)
    banner: str = ""


LayoutSource = Callable[[], TableLayout]
"""Gives the current layout of the board (it changes when a seat gets a second hand)."""


class Director:
    """Plays batches of events on a board, one step after another, at the animator's speed."""

    def __init__(
        self,
        board: Board,
        narrator: Narrator,
        layout: LayoutSource,
        animator: Animator | None = None,
        sounds: SoundBoard | None = None,
    ) -> None:
        self.board = board
        self.sounds = sounds
        self.banked = BankedSteps(self)
        self.narrator = narrator
        self.layout = layout
        self.animator = animator or Animator()
        self.stage = Stage()
        self.timeline: Sequence | None = None
        self._pending_hand: int | None = None
        self._awarded = False
        self._discarded: set[int] = set()
        self.deal_over_shown = False
        self.drift: list[str] = []
        self.revealed: dict[int, HandName] = {}

    # --- the queue -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether anything is still to play."""
        return self.animator.busy

    def _queue(self, steps: Iterable[Animation]) -> None:
        if self.timeline is None or self.timeline.done or not self.animator.busy:
            self.timeline = Sequence()
            for step in steps:
                self.timeline.add(step)
            self.animator.play(self.timeline)
            return
        for step in steps:
            self.timeline.add(step)

    def play(self, events: Iterable[Event], after: Observation, *, deal_over: bool) -> None:
        """Animate a batch of (redacted) events, then match the board to `after`."""
        batch = list(events)
        starts_deal = any(isinstance(event, DealStarted) for event in batch)
        steps: list[Animation] = [Call(self._begin_batch)]
        index = 0
        while index < len(batch):
            event = batch[index]
            if isinstance(event, CardDealt | AntePosted):
                run: list[Event] = [event]
                while index + 1 < len(batch) and type(batch[index + 1]) is type(event):
                    index += 1
                    run.append(batch[index])
                steps.append(self._run_step(run))
            else:
                steps.append(self._step(event, starts_deal))
            index += 1
        steps.append(Call(lambda: self._end_batch(after, deal_over)))
        self._queue(steps)

    def run(self, animation: Animation) -> None:
        """Queue any animation after what is playing (the sweep before a new deal)."""
        self._queue([animation])

    def skip(self) -> None:
        """Finish everything now (the Space key)."""
        self.animator.skip()

    def _begin_batch(self) -> None:
        self._awarded = False

    def _end_batch(self, after: Observation, deal_over: bool) -> None:
        self.drift.extend(differences(self.board, after, deal_over))
        self.board.sync(after, deal_over=deal_over)
        self.stage.hidden.clear()
        self.stage.cards.clear()
        self.stage.chips.clear()
        self._pending_hand = None
        if not deal_over:
            self.stage.highlights.clear()
        self.deal_over_shown = deal_over

    # --- positions ---------------------------------------------------------------------------

    def plate(self, seat: int) -> Point:
        """The middle of a seat's plate."""
        return self.layout().seats[seat].plate.centre

    def _bet_spot(self, seat: int) -> Point:
        return bet_spot(self.layout().seats[seat])

    def _pot_spot(self, pot_index: int = 0) -> Point:
        count = max(1, len([amount for amount in self.board.pots if amount > 0]))
        count += 1 if self.board.carried > 0 else 0
        return pot_spot(self.layout().pot, pot_index, count)

    def _pack_box(self) -> Box:
        centre = self.layout().pack.centre
        return Box.around(centre, CARD_WIDTH, card_height(CARD_WIDTH))

    def _slot_box(self, seat: int, hand: int, position: int) -> Box:
        hands = self.layout().seats[seat].hands
        hand = min(hand, len(hands) - 1)
        boxes = hands[hand]
        return boxes[min(position, len(boxes) - 1)]

    # --- building blocks ------------------------------------------------------------------

    def fly_chips(
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

    def _fly_card(
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

    def _around_the_pot(self, start: Box, end: Box) -> Box | None:
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

    def _turn_hand(
        self, seat: int, hand: int, cards: tuple[Card | None, ...], lift_only: bool
    ) -> Animation:
        """Flip a hand's cards face up one after another (or just lift them: someone peeks)."""
        current = self.board.seat(seat).hands
        if hand >= len(current) or not current[hand]:
            return Call(lambda: None)
        flips: list[Animation] = []
        for position, shown in enumerate(current[hand]):
            slot = (seat, hand, position)
            box = self._slot_box(seat, hand, position)
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

    def _say(self, line: str | None) -> None:
        if line:
            self.stage.log.append(line)
            del self.stage.log[:-40]

    def caption(self, text: str, kind: str = "result") -> Animation:
        """A line of text fading in over the table."""
        return self._caption(text, kind)

    def _caption(self, text: str, kind: str = "result") -> Animation:
        caption = Caption(text, kind)

        def show() -> None:
            self.stage.caption = caption

        return Sequence([Call(show), Tween(caption, {"alpha": 1.0}, 0.3, ease_out_cubic)])

    # --- one event ---------------------------------------------------------------------------

    def _step(self, event: Event, starts_deal: bool) -> Animation:
        return Deferred(lambda: self._build(event, starts_deal))

    def _run_step(self, run: list[Event]) -> Animation:
        return Deferred(lambda: self._build_run(run))

    def _sound(self, event: Event) -> None:
        """The event's sound, as its animation starts."""
        if self.sounds is not None:
            self.sounds.play_for(event)

    def _build_run(self, run: list[Event]) -> Animation:
        members: list[Animation] = []
        counts: dict[tuple[int, int], int] = {}
        if run and isinstance(run[0], AntePosted):
            self._sound(run[0])
        for order, event in enumerate(run):
            if isinstance(event, AntePosted):
                seat, amount = event.seat, event.amount
                members.append(
                    Sequence(
                        [
                            Wait(order * 0.05),
                            self.fly_chips(
                                amount,
                                self.plate(seat),
                                self._bet_spot(seat),
                                on_launch=partial(self.board.pay, seat, amount),
                                on_land=partial(self.board.commit, seat, amount),
                            ),
                        ]
                    )
                )
            elif isinstance(event, CardDealt):
                key = (event.seat, event.hand)
                hands = self.board.seat(event.seat).hands
                already = len(hands[event.hand]) if event.hand < len(hands) else 0
                position = already + counts.get(key, 0)
                counts[key] = counts.get(key, 0) + 1
                members.append(
                    Sequence(
                        [
                            Wait(order * DEAL_STEP),
                            Call(partial(self._sound, event)),
                            self._deal_card(event, position),
                        ]
                    )
                )
        tail = Wait(PAUSE) if run and isinstance(run[0], AntePosted) else Wait(0.05)
        return Sequence([Parallel(members), tail])

    def _deal_card(self, event: CardDealt, position: int) -> Animation:
        seat, hand, card = event.seat, event.hand, event.card

        def ensure_hand() -> None:
            hands = self.board.seat(seat).hands
            while len(hands) <= hand:
                hands.append([])

        ensure_hand()
        target = self._slot_box(seat, hand, position)

        def launch() -> None:
            self.board.pack_size -= 1

        def land() -> None:
            self.board.add_card(seat, hand, card)

        return self._fly_card(
            card,
            self._pack_box(),
            target,
            DEAL_FLIGHT,
            on_launch=launch,
            on_land=land,
            face_up=event.face_up and card is not None,
        )

    def _build(self, event: Event, starts_deal: bool) -> Animation:
        self._sound(event)
        if isinstance(event, PotAwarded):
            self._say(self.narrator.award_caption(event, self.revealed))
        elif not (isinstance(event, HandRetained) and starts_deal):
            # a retained hand is announced when the deal ends, not again as the next one starts
            self._say(self.narrator.line(event))
        return self._animate(any_event(event), starts_deal)

    def _animate(self, event: AnyEvent, starts_deal: bool) -> Animation:
        """The motion of one event: every kind of event is decided here (mypy checks it)."""
        board = self.board
        match event:
            case DealStarted():
                self.banked.start_deal()
                board.start_deal(event.deal_number, event.dealer, event.seats)
                self.stage.winners.clear()
                self.stage.highlights.clear()
                self.stage.caption = None
                self.deal_over_shown = False
                self.revealed = {}
                self._discarded.clear()
                return Wait(0.1)
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
                return self.banked.build(event)
            case DealEnded():
                return self.banked.ended(event)
            case JokerTurned():
                return self._turn_jokers(event)
            case Looked():
                return self._looked(event)
            case Discarded():
                return self._discard(event)
            case DiscardShown():
                name = self.narrator.name(event.seat)
                card = str(event.card) if event.card is not None else "?"
                if is_you(name):
                    words = _("Your discard: {card}").format(card=card)
                else:
                    words = _("{name}'s discard: {card}").format(name=seat_label(name), card=card)
                return Sequence([self._caption(words, "news"), Wait(0.6)])
            case BetPlaced() | ShowPaid() | PotCovered():
                return self._bet(event)
            case BetReturned():
                return self._returned(event)
            case Folded():
                if event.hand in ("new", "old"):
                    self._pending_hand = HAND_INDEX[event.hand]
                    return Wait(0.05)
                board.seat(event.seat).folded = True
                return Wait(0.1)
            case CardsToPack():
                return self._to_pack(event)
            case HandRevealed():
                seat = event.seat
                self.revealed[seat] = event.description
                board.seat(seat).badges = tuple({*board.seat(seat).badges, N_("SHOWN")})
                return Sequence([self._turn_hand(seat, 0, event.cards, False), Wait(PAUSE)])
            case SideshowAsked():
                self.stage.highlights = {event.seat, event.target}
                return self._caption(self._sideshow_asked(event.seat, event.target), "news")
            case SideshowAnswered():
                if not event.accept:
                    self.stage.highlights.clear()
                    return Sequence([self._caption(_("Sideshow refused"), "news"), Wait(0.4)])
                return Wait(0.2)
            case SideshowCompared():
                return self._sideshow(event)
            case PotAwarded():
                return self._award(event)
            case PotCarried():
                return self._carry(event)
            case HandKept():
                if self._pending_hand is None:
                    self._pending_hand = 1 - HAND_INDEX[event.hand]
                return Wait(0.1)
            case HandRetained():
                if not starts_deal:
                    live = board.live_hands(event.seat)
                    if live:
                        board.retained[event.seat] = list(board.seat(event.seat).hands[live[0]])
                return Wait(0.1)
            case LoanMade() | LoanRepaid():
                return self._loan(event)
            case ShowdownProposed() | ShowdownAnswered():
                return Wait(0.35)
            case TurnPassed():
                return Call(partial(self._turn_to, event.seat))
            case PackShuffled() | CardDealt() | AntePosted():
                # dealt cards and antes fly in runs (`play`); a shuffle has no motion of its own
                return Wait(0.0)
            case _:
                assert_never(event)

    def _loan(self, event: LoanMade | LoanRepaid) -> Animation:
        """Chips from the lender's plate to the borrower's (back again when repaid)."""
        board = self.board
        lender, borrower, amount = event.lender, event.borrower, event.amount
        if isinstance(event, LoanRepaid):
            lender, borrower = borrower, lender
        return self.fly_chips(
            amount,
            self.plate(lender),
            self.plate(borrower),
            on_launch=lambda: board.pay(lender, amount),
            on_land=lambda: board.pay(borrower, -amount),
        )

    def _turn_to(self, seat: int) -> None:
        """It is this seat's turn: news captions and highlights go."""
        self.board.to_act = seat
        self._pending_hand = None
        if self.stage.caption is not None and self.stage.caption.kind == "news":
            self.stage.caption = None
        self.stage.highlights.clear()

    def _turn_jokers(self, event: JokerTurned) -> Animation:
        """Each open joker flies from the pack to the middle, turning face up, and stays."""
        board = self.board
        count = len(event.cards)
        flights: list[Animation] = []
        for index, card in enumerate(event.cards):
            start = self._pack_box()
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
                        self._fly_card(None, start, lifted, JOKER_FLIGHT / 3, on_launch=launch),
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

    def _looked(self, event: Looked) -> Animation:
        hand = HAND_INDEX.get(event.hand, 0)
        seat = event.seat
        known = any(card is not None for card in event.cards)

        def seen() -> None:
            if event.hand == "only":
                self.board.seat(seat).blind = False

        return Sequence(
            [
                self._turn_hand(seat, hand, event.cards, lift_only=not known),
                Call(seen),
                Wait(PAUSE),
            ]
        )

    def _bet(self, event: BetPlaced | ShowPaid | PotCovered) -> Animation:
        seat, amount = event.seat, event.amount

        def land() -> None:
            self.board.commit(seat, amount)
            if isinstance(event, BetPlaced):
                self.board.stake = event.stake

        return Sequence(
            [
                self.fly_chips(
                    amount,
                    self.plate(seat),
                    self._bet_spot(seat),
                    on_launch=lambda: self.board.pay(seat, amount),
                    on_land=land,
                ),
                Wait(PAUSE),
            ]
        )

    def _returned(self, event: BetReturned) -> Animation:
        """The unmatched part of a bet flies back from the middle to its seat."""
        seat, amount = event.seat, event.amount

        def launch() -> None:
            self.board.take_back(seat, amount)

        def land() -> None:
            self.board.seat(seat).stack += amount

        return Sequence(
            [
                self.fly_chips(
                    amount, self._bet_spot(seat), self.plate(seat), on_launch=launch, on_land=land
                ),
                Wait(PAUSE),
            ]
        )

    def _discard(self, event: Discarded) -> Animation:
        """Four-card brag: the discarded card leaves the hand face down and is set aside."""
        board = self.board
        seat = event.seat
        self._discarded.add(seat)
        live = board.live_hands(seat)
        index = board.hand_index_holding(seat, (event.card,))
        if index is None and live:
            index = live[0]
        if index is None:
            return Wait(0.0)
        hand = board.seat(seat).hands[index]
        position = hand.index(event.card) if event.card in hand else len(hand) - 1
        box = self._slot_box(seat, index, position)
        hand.pop(position)
        return Sequence([self._fly_card(None, box, self._pack_box(), TO_PACK), Wait(PAUSE)])

    def _to_pack(self, event: CardsToPack) -> Animation:
        seat = event.seat
        if seat is not None and seat in self._discarded and len(event.cards) == 1:
            self._discarded.discard(seat)  # the discard, already set aside
            return Wait(0.0)
        if seat is None or self._awarded:
            return Wait(0.0)
        board = self.board
        index = self._pending_hand
        self._pending_hand = None
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
        boxes = [self._slot_box(seat, index, position) for position in range(len(hands[index]))]
        cards = board.remove_hand(seat, index)
        pack = self._pack_box()
        shown = [card if event.face_up else None for card in cards]
        flights = [
            Sequence(
                [
                    Wait(position * 0.04),
                    self._fly_card(
                        card,
                        box,
                        pack,
                        TO_PACK,
                        on_land=lambda: setattr(board, "pack_size", board.pack_size + 1),
                        face_up=card is not None,
                        via=self._around_the_pot(box, pack),
                    ),
                ]
            )
            for position, (card, box) in enumerate(zip(shown, boxes, strict=False))
        ]
        return Sequence([Parallel(flights), Wait(PAUSE)])

    def _sideshow(self, event: SideshowCompared) -> Animation:
        self.stage.highlights = {event.asker, event.target}
        winner = event.target if event.loser == event.asker else event.asker
        steps: list[Animation] = []
        viewer = self.board.viewer
        if viewer in (event.asker, event.target):
            other = event.target if viewer == event.asker else event.asker
            cards = event.target_cards if other == event.target else event.asker_cards
            steps.append(self._turn_hand(other, 0, cards, False))
        steps.extend([self._caption(self._sideshow_won(winner, event.loser), "news"), Wait(0.9)])
        return Sequence(steps)

    def _sideshow_asked(self, asker: int, target: int) -> str:
        """'Priya asks you for a sideshow', with 'you' in the person's own forms."""
        asking, asked = self.narrator.name(asker), self.narrator.name(target)
        if is_you(asking):
            return _("You ask {name} for a sideshow").format(name=seat_label(asked))
        if is_you(asked):
            return _("{name} asks you for a sideshow").format(name=seat_label(asking))
        return _("{asker} asks {target} for a sideshow").format(
            asker=seat_label(asking), target=seat_label(asked)
        )

    def _sideshow_won(self, winner: int, loser: int) -> str:
        """'Sideshow: Priya beats you', with 'you' in the person's own forms."""
        winning, losing = self.narrator.name(winner), self.narrator.name(loser)
        if is_you(winning):
            return _("Sideshow: You beat {name}").format(name=seat_label(losing))
        if is_you(losing):
            return _("Sideshow: {name} beats you").format(name=seat_label(winning))
        return _("Sideshow: {winner} beats {loser}").format(
            winner=seat_label(winning), loser=seat_label(losing)
        )

    def _gather(self) -> Animation:
        """Sweep every seat's chips into the middle (they already count in the pot)."""
        flights: list[Animation] = []
        for seat in self.board.seats:
            if seat.committed > 0:
                flights.append(
                    self.fly_chips(seat.committed, self._bet_spot(seat.seat), self._pot_spot(), 0.3)
                )
        self.board.gather()
        return Parallel(flights)

    def _award(self, event: PotAwarded) -> Animation:
        self._awarded = True
        seat, amount = event.seat, event.amount
        board = self.board

        def launch() -> None:
            board.award(seat, amount, event.pot_index)

        def land() -> None:
            board.seat(seat).stack += amount

        start = self._pot_spot(event.pot_index)
        plate = self.plate(seat)
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
        return Sequence(
            [
                Deferred(self._gather),
                Wait(0.12),
                flight,
                self._caption(self.narrator.award_caption(event, self.revealed)),
                Wait(0.4),
            ]
        )

    def _carry(self, event: PotCarried) -> Animation:
        self._awarded = True
        amount = event.amount
        board = self.board

        def carry() -> None:
            board.award(-1, amount, 0)
            board.carried += amount

        return Sequence(
            [
                Deferred(self._gather),
                Wait(0.2),
                Call(carry),
                self._caption(self.narrator.carried_caption(event), "carried"),
                Wait(0.5),
            ]
        )

    # --- between deals -------------------------------------------------------------------

    def sweep(self) -> Animation:
        """Every card left on the table (but a retained blind hand) back to the pack."""
        return Deferred(self._build_sweep)

    def _build_sweep(self) -> Animation:
        board = self.board
        pack = self._pack_box()
        flights: list[Animation] = []
        order = 0
        for seat in board.seats:
            kept = board.retained.get(seat.seat)
            for index, hand in enumerate(seat.hands):
                if kept is not None and hand == kept:
                    continue
                for position, card in enumerate(hand):
                    box = self._slot_box(seat.seat, index, position)
                    flights.append(
                        Sequence(
                            [
                                Wait(order * 0.02),
                                self._fly_card(
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
        self.stage.winners.clear()
        self.stage.caption = None
        return Sequence([Parallel(flights), Wait(0.1)])

    # --- drawing what is in the air ------------------------------------------------------

    def draw(self, surface: pygame.Surface, viewport: Viewport, style: ArtStyle) -> None:
        """Draw chips and cards in flight above the table."""
        for chips in self.stage.chips:
            draw_chips(
                surface,
                viewport,
                chips.amount,
                (chips.x, chips.y),
                chips.diameter,
                chips.columns,
                chips.tallest,
            )
        for sprite in self.stage.cards:
            draw_sprite(surface, viewport, sprite, style)


def differences(board: Board, after: Observation, deal_over: bool) -> list[str]:
    """Where the animated board disagrees with the engine at the end of a batch (for tests)."""
    found: list[str] = []
    for seat, view in zip(board.seats, after.seats, strict=True):
        if seat.stack != view.stack:
            found.append(f"seat {seat.seat} stack {seat.stack} != {view.stack}")
        if not deal_over:
            if seat.committed != view.committed:
                found.append(f"seat {seat.seat} committed {seat.committed} != {view.committed}")
            shown = [list(hand) for hand in view.hands]
            if [hand for hand in seat.hands if hand] != [hand for hand in shown if hand]:
                found.append(f"seat {seat.seat} hands {seat.hands} != {shown}")
            if seat.folded != view.folded:
                found.append(f"seat {seat.seat} folded {seat.folded} != {view.folded}")
    if not deal_over and sum(board.pots) + board.carried != after.pot + after.carried:
        found.append(f"pots {board.pots}+{board.carried} != {after.pots}+{after.carried}")
    return found


SIZE_STEP = 8
"""Card art in flight is built at widths that are multiples of this many pixels."""


def warm_flight_art(viewport: Viewport, style: ArtStyle = DEFAULT_STYLE) -> None:
    """Build, on a table's first frame, the card backs and shadows a card in flight is drawn
    from (every SIZE_STEP width from an opponent's card to the viewer's)."""
    smallest = viewport.length(CARD_WIDTH * 0.8) // SIZE_STEP * SIZE_STEP
    largest = -(-viewport.length(VIEWER_CARD_WIDTH) // SIZE_STEP) * SIZE_STEP
    for base in range(max(SIZE_STEP, smallest), largest + 1, SIZE_STEP):
        image = card_back(style.back, base)
        soft_shadow(image.get_size(), round(base * CORNER_RADIUS), max(1, round(base * 0.05)))


def draw_sprite(
    surface: pygame.Surface, viewport: Viewport, sprite: CardSprite, style: ArtStyle = DEFAULT_STYLE
) -> None:
    """Draw a card sprite, squashed sideways while it turns over, with its shadow."""
    box = sprite.box
    width = viewport.length(box.width)
    # a card in flight changes size every frame: draw it from a few cached sizes (multiples of
    # SIZE_STEP pixels) scaled to the exact one, rather than building new art each frame
    base = max(SIZE_STEP, round(width / SIZE_STEP) * SIZE_STEP)
    image = (
        card_face(sprite.card, base, style.four_colour)
        if sprite.showing_face and sprite.card is not None
        else card_back(style.back, base)
    )
    radius = round(base * CORNER_RADIUS)
    blur = max(1, round(base * 0.05))
    shadow = soft_shadow(image.get_size(), radius, blur)
    if base != width:
        height = max(1, round(image.get_height() * width / base))
        image = pygame.transform.smoothscale(image, (width, height))
        shadow = pygame.transform.scale(shadow, (width + 4 * blur, height + 4 * blur))
    squash = sprite.squash
    height = image.get_height()
    if squash < 0.999:
        narrow = max(1, round(width * squash))
        image = pygame.transform.scale(image, (narrow, height))
        shadow = pygame.transform.scale(shadow, (narrow + 4 * blur, shadow.get_height()))
    left, top = viewport.point((box.x, box.y))
    left += (width - image.get_width()) // 2
    lift = viewport.length(sprite.lift) if sprite.lift > 0.5 else 0
    surface.blit(shadow, (left - 2 * blur + blur, top - 2 * blur + 2 * blur + lift // 2))
    surface.blit(image, (left, top))
