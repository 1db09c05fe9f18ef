"""The engine's events turned into tweens, one after another: the director of the table.

Each event becomes a step of one timeline. A step is built only when it starts (`Deferred`),
so it reads where cards and chips are at that moment, and it changes the `Board` as things
land: a dealt card appears in the hand when its flight ends, a bet's chips leave the stack when
they take off and count in the pot when they arrive. The last step of every batch matches the
board to the engine's own observation, so the screen can never drift from the rules.

Events must already be redacted for the board's viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import assert_never

import pygame

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
from game.engine.hands import HandName
from game.engine.observation import Observation
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
    CARD_WIDTH,
    VIEWER_CARD_WIDTH,
    Point,
    Viewport,
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
    ease_out_cubic,
)
from game.ui.table.banked_animation import BankedSteps
from game.ui.table.board import HAND_INDEX, Board
from game.ui.table.card_flights import CardFlights
from game.ui.table.chip_flights import ChipFlights
from game.ui.table.spots import Spots
from game.ui.table.stage import (
    CHIP_FLIGHT,
    DEAL_STEP,
    PAUSE,
    Caption,
    CardSprite,
    LayoutSource,
    Stage,
)
from game.ui.table.table_view import draw_chips, is_you, seat_label
from game.words.narration import Narrator


class Director:
    """Plays batches of events on a board, one step after another, at the animator's speed.

    It owns its collaborators, each with one job: `spots` (where things are on the felt now),
    `cards` (cards in the air) and `chips` (chips in the air). It keeps the queue, turns each
    event into its motion, and says the deal on the stage: the log, the captions, the glows.
    """

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
        self.narrator = narrator
        self.layout = layout
        self.animator = animator or Animator()
        self.stage = Stage()
        self.spots = Spots(board, layout)
        self.cards = CardFlights(board, self.stage, self.spots)
        self.chips = ChipFlights(board, self.stage, self.spots)
        self.banked = BankedSteps(self)
        self.timeline: Sequence | None = None
        self._pending_hand: int | None = None
        self._awarded = False
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

    # --- what the banked steps use ---------------------------------------------------------

    def plate(self, seat: int) -> Point:
        """The middle of a seat's plate."""
        return self.spots.plate(seat)

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
        return self.chips.fly(amount, start, end, duration, on_launch, on_land, diameter)

    # --- the log and the captions ----------------------------------------------------------

    def _say(self, line: str | None) -> None:
        self.stage.say(line)

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
                ante = self.chips.ante(event.seat, event.amount)
                members.append(Sequence([Wait(order * 0.05), ante]))
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
                            self.cards.deal(event, position),
                        ]
                    )
                )
        tail = Wait(PAUSE) if run and isinstance(run[0], AntePosted) else Wait(0.05)
        return Sequence([Parallel(members), tail])

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
                self.cards.start_deal()
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
                return self.cards.jokers(event)
            case Looked():
                return self.cards.looked(event)
            case Discarded():
                return self.cards.discard(event)
            case DiscardShown():
                name = self.narrator.name(event.seat)
                card = str(event.card) if event.card is not None else "?"
                if is_you(name):
                    words = _("Your discard: {card}").format(card=card)
                else:
                    words = _("{name}'s discard: {card}").format(name=seat_label(name), card=card)
                return Sequence([self._caption(words, "news"), Wait(0.6)])
            case BetPlaced() | ShowPaid() | PotCovered():
                return self.chips.bet(event)
            case BetReturned():
                return self.chips.returned(event)
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
                return Sequence([self.cards.turn_hand(seat, 0, event.cards, False), Wait(PAUSE)])
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
                return self.chips.loan(event)
            case ShowdownProposed() | ShowdownAnswered():
                return Wait(0.35)
            case TurnPassed():
                return Call(partial(self._turn_to, event.seat))
            case TimeRanOut():
                return Wait(0.2)  # the log says it; the move played for the seat follows
            case PackShuffled() | CardDealt() | AntePosted():
                # dealt cards and antes fly in runs (`play`); a shuffle has no motion of its own
                return Wait(0.0)
            case _:
                assert_never(event)

    def _turn_to(self, seat: int) -> None:
        """It is this seat's turn: news captions and highlights go."""
        self.board.to_act = seat
        self._pending_hand = None
        if self.stage.caption is not None and self.stage.caption.kind == "news":
            self.stage.caption = None
        self.stage.highlights.clear()

    def _to_pack(self, event: CardsToPack) -> Animation:
        """A hand packed (or the pot's cards after the award, which stay until the sweep)."""
        if self.cards.packs_a_discard(event):
            return Wait(0.0)
        if event.seat is None or self._awarded:
            return Wait(0.0)
        index, self._pending_hand = self._pending_hand, None
        return self.cards.to_pack(event.seat, event, index)

    def _sideshow(self, event: SideshowCompared) -> Animation:
        self.stage.highlights = {event.asker, event.target}
        winner = event.target if event.loser == event.asker else event.asker
        steps: list[Animation] = []
        viewer = self.board.viewer
        if viewer in (event.asker, event.target):
            other = event.target if viewer == event.asker else event.asker
            cards = event.target_cards if other == event.target else event.asker_cards
            steps.append(self.cards.turn_hand(other, 0, cards, False))
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

    def _award(self, event: PotAwarded) -> Animation:
        self._awarded = True
        flight = self.chips.award(event.seat, event.amount, event.pot_index)
        return Sequence(
            [
                flight,
                self._caption(self.narrator.award_caption(event, self.revealed)),
                Wait(0.4),
            ]
        )

    def _carry(self, event: PotCarried) -> Animation:
        self._awarded = True
        return Sequence(
            [
                self.chips.carry(event.amount),
                self._caption(self.narrator.carried_caption(event), "carried"),
                Wait(0.5),
            ]
        )

    # --- between deals -------------------------------------------------------------------

    def sweep(self) -> Animation:
        """Every card left on the table (but a retained blind hand) back to the pack."""
        return Deferred(self._build_sweep)

    def _build_sweep(self) -> Animation:
        flights = self.cards.sweep()
        self.stage.winners.clear()
        self.stage.caption = None
        return flights

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


def flight_art_to_warm(
    viewport: Viewport, style: ArtStyle = DEFAULT_STYLE
) -> list[Callable[[], object]]:
    """The card backs and shadows a card in flight is drawn from (every SIZE_STEP width from an
    opponent's card to the viewer's), one piece of work each, for a table to build after its
    first frame."""
    smallest = viewport.length(CARD_WIDTH * 0.8) // SIZE_STEP * SIZE_STEP
    largest = -(-viewport.length(VIEWER_CARD_WIDTH) // SIZE_STEP) * SIZE_STEP
    return [
        partial(_flight_art, style.back, base)
        for base in range(max(SIZE_STEP, smallest), largest + 1, SIZE_STEP)
    ]


def _flight_art(back: str, base: int) -> None:
    """Build the card back of width `base` and its shadow, as `draw_sprite` draws them."""
    image = card_back(back, base)
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
