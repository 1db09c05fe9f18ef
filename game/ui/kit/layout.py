"""Where everything sits on the table: pure geometry in a logical 1280×720 space, no drawing.

Seats go round an oval table clockwise from the viewer, who always sits at the bottom centre.
`Viewport` maps the logical space onto any window (uniform scale, centred), so the renderer can
draw art at the real pixel size.

>>> layout = table_layout(4)
>>> [seat.side for seat in layout.seats]
['bottom', 'left', 'top', 'right']
>>> Viewport.fit((2560, 1440)).scale
2.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.base import MOST_SEATS

LOGICAL_WIDTH = 1280
LOGICAL_HEIGHT = 720
LOGICAL_SIZE = (LOGICAL_WIDTH, LOGICAL_HEIGHT)

_WINDOW_SCALE = [1.0]
"""The scale of the last window fitted (`Viewport.fit`): text sizes' readable floor follows it."""


def window_scale() -> float:
    """The scale of the window being drawn, from the logical 1280×720."""
    return _WINDOW_SCALE[0]


"""The size every layout is computed in; the window scales it uniformly."""

CARD_ASPECT = 1.4
"""Height over width of a playing card (poker size, 2.5 × 3.5 inches)."""

CARD_WIDTH = 62.0
"""Logical width of an opponent's card."""

VIEWER_CARD_WIDTH = 90.0
"""Logical width of the viewer's own cards (bigger: they matter most)."""

MIN_SEATS = 2
MAX_SEATS = MOST_SEATS
"""The seat counts the table's slot tables are drawn for (a casino table also takes one)."""

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in logical units: top-left corner and size."""

    x: float
    y: float
    width: float
    height: float

    @classmethod
    def around(cls, centre: Point, width: float, height: float) -> Box:
        """The box of the given size centred on `centre`."""
        return cls(centre[0] - width / 2, centre[1] - height / 2, width, height)

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.height

    @property
    def centre(self) -> Point:
        """The middle point."""
        return (self.x + self.width / 2, self.y + self.height / 2)

    def intersects(self, other: Box) -> bool:
        """Whether the two boxes share any area (touching edges do not count)."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def contains(self, point: Point) -> bool:
        """Whether the point lies inside the box."""
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def inside(self, other: Box) -> bool:
        """Whether this box lies wholly within `other`."""
        return (
            self.x >= other.x
            and self.y >= other.y
            and self.right <= other.right
            and self.bottom <= other.bottom
        )

    def union(self, other: Box) -> Box:
        """The smallest box holding both."""
        left, top = min(self.x, other.x), min(self.y, other.y)
        right, bottom = max(self.right, other.right), max(self.bottom, other.bottom)
        return Box(left, top, right - left, bottom - top)

    def moved(self, dx: float, dy: float) -> Box:
        """The same box shifted by (dx, dy)."""
        return Box(self.x + dx, self.y + dy, self.width, self.height)

    def inflated(self, margin: float) -> Box:
        """The box grown by `margin` on every side (negative shrinks)."""
        return Box(
            self.x - margin, self.y - margin, self.width + 2 * margin, self.height + 2 * margin
        )


SCREEN = Box(0, 0, LOGICAL_WIDTH, LOGICAL_HEIGHT)
"""The whole logical screen."""

TABLE_CENTRE: Point = (640.0, 318.0)
"""Middle of the felt."""

RAIL = Box(70, 58, 1140, 520)
"""Outer edge of the padded rail: a stadium (rectangle with round ends) filling this box."""

RAIL_THICKNESS = 34.0
"""How wide the rail is; the felt is the rail box shrunk by this much."""

FELT = RAIL.inflated(-RAIL_THICKNESS)
"""The playing surface."""

PLATE_SIZE = (176.0, 56.0)
"""A name plate: avatar, name and stack."""

VIEWER_PLATE_SIZE = (196.0, 60.0)
"""The viewer's own name plate."""

BADGE_SIZE = (66.0, 20.0)
"""A BLIND / SEEN pill."""

BET_CHIP = 28.0
"""Logical diameter of the chips in front of a seat."""

BET_COLUMNS = 3
"""The most columns of chips in front of a seat."""

BET_TALLEST = 8
"""The most chips in one column in front of a seat: the pile never reaches the cards."""

BET_PILE_ROOM = 80.0
"""Logical width kept for a seat's pile: BET_COLUMNS columns of BET_CHIP chips."""

BET_LABEL_ROOM = 80.0
"""Logical width kept for the amount beside the pile (up to six characters: '35,000')."""

BET_GAP = 6.0
"""Logical gap between a seat's pile and its amount."""

BET_SIZE = (BET_PILE_ROOM + BET_GAP + BET_LABEL_ROOM, 50.0)
"""The space for a seat's committed chips (left) and their amount beside them (right)."""

AMOUNT_HEIGHT = 24.0
"""Logical height of the pill that prints an amount of chips."""

POT_CHIP = 32.0
"""Logical diameter of the chips in the pot."""

POT_COLUMNS = 5
"""The most columns of chips in one pot."""

POT_TALLEST = 10
"""The most chips in one column of the pot."""

POT_PILE_ROOM = 64.0
"""Logical height kept above a pot's amount for its pile (POT_TALLEST chips of POT_CHIP)."""

HAND_LABEL_HEIGHT = 16.0
"""Logical height of the NEW / OLD labels over the viewer's two hands."""

BUTTON_RADIUS = 15.0
"""The dealer button's radius."""

BUTTON_CLEARANCE = 14.0
"""The gap between the dealer button and the nearest place its seat's cards can be drawn face
up: wide enough for a winning hand's gold glow and the cards' shadow to keep off the button."""

POT_BOX = Box.around((660.0, 307.0), 246, 100)
"""Chips of the pot(s) and their labels."""


POT_TAG_HEIGHT = 40.0
"""Logical height of a pot's two-line tag ('POT 2' over its amount) when pots share the middle."""

STAKE_LINE_HEIGHT = 20.0
"""Logical height kept for the STAKE line under the pot (its text in any script)."""


def stake_line_box(pot: Box) -> Box:
    """The room for the STAKE line: right under the pot's box, as wide as it."""
    return Box(pot.x, pot.bottom - 1, pot.width, STAKE_LINE_HEIGHT)


CAPTION_GAP = 1.0
"""Logical gap between the STAKE line and the result ribbon under it."""


def caption_box(pot: Box, width: float, height: float) -> Box:
    """Where the result ribbon of this size goes: centred on the table, its top just under the
    STAKE line, so a ribbon of two lines grows down toward the viewer, never over the stake."""
    top = stake_line_box(pot).bottom + CAPTION_GAP
    return Box(TABLE_CENTRE[0] - width / 2, top, width, height)


PACK_CENTRE: Point = (480.0, 314.0)
"""Where the pack lies, left of the pot."""

OPEN_CARDS_CENTRE: Point = (842.0, 314.0)
"""Where the open joker cards lie face up, right of the pot."""


def open_card_box(index: int, count: int) -> Box:
    """The box of open joker card `index` of `count`, side by side right of the pot."""
    step = CARD_WIDTH * 0.62
    centre = (OPEN_CARDS_CENTRE[0] + (index - (count - 1) / 2) * step, OPEN_CARDS_CENTRE[1])
    return Box.around(centre, CARD_WIDTH, card_height(CARD_WIDTH))


CONTROLS = Box(880, 606, 392, 108)
"""Reserved bottom-right for the viewer's action buttons (built from the legal actions)."""

MESSAGES = Box(8, 606, 392, 108)
"""Reserved bottom-left for the message line and hand log."""

_SLOTS: dict[str, Point] = {
    "bottom": (640.0, 660.0),
    "bottom_left": (232.0, 570.0),
    "left": (106.0, 300.0),
    "top_left": (346.0, 46.0),
    "top": (640.0, 46.0),
    "top_right": (934.0, 46.0),
    "right": (1174.0, 300.0),
    "bottom_right": (1048.0, 570.0),
}

_SLOTS_BY_COUNT: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "top_left", "top_right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top_left", "top_right", "right"),
    6: ("bottom", "left", "top_left", "top", "top_right", "right"),
    7: ("bottom", "bottom_left", "left", "top_left", "top_right", "right", "bottom_right"),
}
"""Slots clockwise from the viewer (on screen: bottom, then left, top, right)."""

_HOUSE_SLOTS_BY_COUNT: dict[int, tuple[str, ...]] = {
    1: ("bottom",),
    2: ("bottom", "left"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top_left", "right"),
    5: ("bottom", "left", "top_left", "top_right", "right"),
    6: ("bottom", "bottom_left", "left", "top_left", "right", "bottom_right"),
    7: ("bottom", "bottom_left", "left", "top_left", "top_right", "right", "bottom_right"),
}
"""Players' slots at a casino table, where the house deals from the top centre."""

HOUSE_SLOT = "top"
"""Where the casino dealer sits."""


FAN_STEP = 0.64
"""How far apart an opponent's face-up cards spread, in card widths: every corner index shows."""

WIN_LIFT = 10.0
"""How far a winning hand rises toward the middle of the felt (logical pixels)."""


def fanned(boxes: Sequence[Box], side: str) -> tuple[Box, ...]:
    """An opponent's face-up cards spread so each rank and suit can be read, growing away from
    the seat's plate (rightward on the left, leftward on the right, both ways at the top)."""
    if len(boxes) < 2:
        return tuple(boxes)
    width = boxes[0].width
    step = width * FAN_STEP
    if (boxes[1].x - boxes[0].x) >= step:
        return tuple(boxes)
    span = step * (len(boxes) - 1) + width
    first, last = boxes[0], boxes[-1]
    if side == "left":
        left = first.x
    elif side == "right":
        left = last.right - span
    else:
        left = (first.x + last.right) / 2 - span / 2
    return tuple(
        Box(left + index * step, box.y, box.width, box.height) for index, box in enumerate(boxes)
    )


def win_rise(side: str) -> float:
    """How far a winning hand moves up the screen: toward the middle, so down for a top seat."""
    return -WIN_LIFT if side == "top" else WIN_LIFT


def shown_area(hands: Sequence[Sequence[Box]], side: str) -> Box:
    """Every place a seat's cards can be drawn: as dealt, fanned face up (not the viewer's),
    and risen as a winning hand."""
    boxes = [box for hand in hands for box in hand]
    if side != "bottom":
        boxes += [box for hand in hands for box in fanned(hand, side)]
    boxes += [box.moved(0, -win_rise(side)) for box in boxes]
    area = boxes[0]
    for box in boxes[1:]:
        area = area.union(box)
    return area


@dataclass(frozen=True)
class SeatLayout:
    """Where one seat's things go: plate, badge, cards per hand, bet pile, dealer button."""

    seat: int
    side: str
    anchor: Point
    plate: Box
    badge: Box
    hands: tuple[tuple[Box, ...], ...]
    bet: Box
    button: Point
    card_width: float

    @property
    def cards_area(self) -> Box:
        """The box holding every card of every hand."""
        boxes = [box for hand in self.hands for box in hand]
        area = boxes[0]
        for box in boxes[1:]:
            area = area.union(box)
        return area

    @property
    def shown_area(self) -> Box:
        """Every place this seat's cards can be drawn (fanned face up, risen as the winner)."""
        return shown_area(self.hands, self.side)

    @property
    def button_box(self) -> Box:
        """The dealer button's square."""
        return Box.around(self.button, 2 * BUTTON_RADIUS, 2 * BUTTON_RADIUS)

    def boxes(self) -> tuple[Box, ...]:
        """Every box this seat draws in, for overlap checks and hit tests."""
        return (self.plate, self.badge, self.cards_area, self.bet, self.button_box)


def hand_label_boxes(seat: SeatLayout) -> tuple[Box, ...]:
    """Where the NEW / OLD labels stand over the viewer's two hands (the label is centred in
    its box and no wider than the hand)."""
    if len(seat.hands) < 2 or seat.side != "bottom":
        return ()
    return tuple(
        Box(
            boxes[0].x,
            boxes[0].y - 3 - HAND_LABEL_HEIGHT,
            boxes[-1].right - boxes[0].x,
            HAND_LABEL_HEIGHT,
        )
        for boxes in seat.hands
    )


def bet_spot(seat: SeatLayout) -> Point:
    """Where chips land in front of a seat: the bottom centre of the pile's column nearest the
    amount (the pile grows leftward from there, the amount stands on its right)."""
    bet = seat.bet
    return (bet.x + BET_PILE_ROOM - BET_CHIP / 2 - 1, bet.bottom - 2)


def bet_label_box(seat: SeatLayout) -> Box:
    """The room for a seat's amount, right of its pile, level with the pile's foot."""
    bet = seat.bet
    return Box(
        bet.x + BET_PILE_ROOM + BET_GAP,
        bet.bottom - AMOUNT_HEIGHT - 2,
        BET_LABEL_ROOM,
        AMOUNT_HEIGHT,
    )


def pot_columns(count: int) -> int:
    """How many columns of chips each pot gets when `count` pots share the middle."""
    width = POT_BOX.width / max(1, count) - 8
    spacing = POT_CHIP * 0.86  # chips_art.COLUMN_SPACING diameters between two columns
    return max(1, min(POT_COLUMNS, int((width - POT_CHIP - 2) / spacing) + 1))


def pot_spot(pot: Box, index: int, count: int) -> Point:
    """Where pot `index` of `count` stands (its pile's bottom centre); its amount is under it."""
    width = pot.width / max(1, count)
    slot = min(max(0, index), max(1, count) - 1)
    return (pot.x + width * (slot + 0.5), pot.y + pot_pile_room(pot, count))


def pot_pile_room(pot: Box, count: int) -> float:
    """Logical height kept for each pile when `count` pots share the middle."""
    return POT_PILE_ROOM if count <= 1 else pot.height - POT_TAG_HEIGHT - 4


def pot_label_box(pot: Box, index: int, count: int) -> Box:
    """The room for pot `index`'s amount, under its pile: one line for a lone pot, else two."""
    width = pot.width / max(1, count)
    x, base = pot_spot(pot, index, count)
    height = AMOUNT_HEIGHT if count <= 1 else POT_TAG_HEIGHT
    return Box.around((x, base + 2 + height / 2), width - 2, height)


WAGER_STEP = 60.0
"""Logical distance between two wager piles of one seat (Three Card Poker)."""

WAGER_CHIP = 24.0
"""Logical diameter of the chips on a Three Card Poker wager pile."""


def wager_spots(seat: SeatLayout, piles: Sequence[str]) -> dict[str, Point]:
    """Where each named wager pile stands (bottom centre), side by side on the seat's bet spot."""
    centre_x = seat.bet.centre[0]
    base_y = seat.bet.y + seat.bet.height * 0.62
    first = centre_x - WAGER_STEP * (len(piles) - 1) / 2
    return {pile: (first + index * WAGER_STEP, base_y) for index, pile in enumerate(piles)}


@dataclass(frozen=True)
class TableLayout:
    """The whole table: rail, felt, seats (indexed by seat number), pot, pack, reserved areas."""

    rail: Box
    felt: Box
    seats: tuple[SeatLayout, ...]
    pot: Box
    pack: Box
    controls: Box
    messages: Box


def card_height(width: float) -> float:
    """A card's height for its width."""
    return width * CARD_ASPECT


def slot_names(seat_count: int, house: bool = False) -> tuple[str, ...]:
    """The slot names used for a table of `seat_count` seats, clockwise from the viewer.

    With `house`, the last seat is the casino dealer at the top and the others are players.
    """
    if house:
        players = seat_count - 1
        if players not in _HOUSE_SLOTS_BY_COUNT:
            raise ValueError(f"a casino table seats 1 to {MAX_SEATS} players, not {players}")
        return (*_HOUSE_SLOTS_BY_COUNT[players], HOUSE_SLOT)
    if seat_count not in _SLOTS_BY_COUNT:
        raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {seat_count}")
    return _SLOTS_BY_COUNT[seat_count]


def _side(slot: str) -> str:
    if slot == "bottom":
        return "bottom"
    if slot.startswith("top"):
        return "top"
    if slot.endswith("left"):
        return "left"
    return "right"


def hand_boxes(
    centre: Point,
    card_width: float,
    hand_count: int,
    cards_per_hand: int,
    spread: float,
    stacked: bool = False,
) -> tuple[tuple[Box, ...], ...]:
    """Card boxes for `hand_count` fanned hands centred on `centre`, side by side or stacked.

    `spread` is the step between cards of one hand as a fraction of the card width.
    """
    width, height = _hands_size(card_width, hand_count, cards_per_hand, spread, stacked)
    hand_width = card_width * (1 + spread * (cards_per_hand - 1))
    gap = card_width * _HAND_GAP
    left, top = centre[0] - width / 2, centre[1] - height / 2
    hands: list[tuple[Box, ...]] = []
    for hand in range(hand_count):
        if stacked:
            start_x, start_y = left, top + hand * (card_height(card_width) + gap)
        else:
            start_x, start_y = left + hand * (hand_width + gap), top
        hands.append(
            tuple(
                Box(
                    start_x + card * spread * card_width,
                    start_y,
                    card_width,
                    card_height(card_width),
                )
                for card in range(cards_per_hand)
            )
        )
    return tuple(hands)


_HAND_GAP = 0.22
"""The gap between two hands of one seat, as a fraction of the card width."""


def _hands_size(
    card_width: float, hand_count: int, cards_per_hand: int, spread: float, stacked: bool
) -> tuple[float, float]:
    hand_width = card_width * (1 + spread * (cards_per_hand - 1))
    gap = card_width * _HAND_GAP
    if stacked:
        return hand_width, hand_count * card_height(card_width) + (hand_count - 1) * gap
    return hand_count * hand_width + (hand_count - 1) * gap, card_height(card_width)


def _push_out(origin: Box, size: tuple[float, float], direction: Point, margin: float) -> Point:
    """The centre for a box of `size` placed beside `origin` along `direction`, `margin` apart."""
    dx, dy = direction
    reaches = []
    if abs(dx) > 1e-6:
        reaches.append((origin.width + size[0]) / 2 / abs(dx))
    if abs(dy) > 1e-6:
        reaches.append((origin.height + size[1]) / 2 / abs(dy))
    distance = min(reaches) + margin
    cx, cy = origin.centre
    return (cx + dx * distance, cy + dy * distance)


def _toward_centre(point: Point) -> Point:
    dx, dy = TABLE_CENTRE[0] - point[0], TABLE_CENTRE[1] - point[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length)


def seat_layout(
    seat: int, slot: str, hand_count: int = 1, cards_per_hand: int = 3, viewer: bool = False
) -> SeatLayout:
    """Lay out one seat sitting in `slot` (see slot_names) with its hands of cards."""
    anchor = _SLOTS[slot]
    side = _side(slot)
    plate = Box.around(anchor, *(VIEWER_PLATE_SIZE if viewer else PLATE_SIZE))
    on_left = anchor[0] <= TABLE_CENTRE[0]
    stacked = slot in ("left", "right") and hand_count > 1
    if viewer:
        card_width, spread = VIEWER_CARD_WIDTH, 1.08
        if hand_count > 1:
            card_width, spread = VIEWER_CARD_WIDTH * 0.8, 0.5
    else:
        card_width, spread = CARD_WIDTH, 0.42
        if hand_count > 1:
            card_width = CARD_WIDTH * 0.82
    cards_size = _hands_size(card_width, hand_count, cards_per_hand, spread, stacked)
    if side == "bottom":
        direction: Point = (0.0, -1.0)
    elif side == "top":
        direction = (0.0, 1.0)
    elif slot == "left":
        direction = (1.0, 0.0)
    elif slot == "right":
        direction = (-1.0, 0.0)
    else:
        direction = _toward_centre(anchor)
    cards_centre = _push_out(plate, cards_size, direction, 10 if viewer else 8)
    if slot in ("left", "right"):
        cards_centre = (cards_centre[0], anchor[1])
    hands = hand_boxes(cards_centre, card_width, hand_count, cards_per_hand, spread, stacked)
    cards = Box.around(cards_centre, *cards_size)
    shown = shown_area(hands, side)  # the dealer button keeps clear of the cards face up
    radius = BUTTON_RADIUS
    if viewer:
        badge_centre = (plate.right + BADGE_SIZE[0] / 2 + 8, plate.centre[1])
        labels = HAND_LABEL_HEIGHT + 3 if hand_count > 1 else 0  # clear of the NEW / OLD labels
        bet_centre = (cards.centre[0], cards.y - BET_SIZE[1] / 2 - 4 - labels)
        button = (cards.right + radius + BUTTON_CLEARANCE, cards.bottom - radius)
    elif side == "top":
        badge_centre = (plate.right - BADGE_SIZE[0] / 2 - 8, plate.y - 4)
        bet_centre = _push_out(cards, BET_SIZE, direction, 4)
        if slot != "top":  # a little toward the middle: clear of the side seat's dealer button
            bet_centre = (bet_centre[0] + (14 if on_left else -14), bet_centre[1])
        gap = radius + BUTTON_CLEARANCE
        button_x = shown.right + gap if on_left else shown.x - gap
        # the middle seat's by its cards' lower corner: clear of the top right seat's button
        button_y = cards.bottom - radius - 2 if slot == "top" else cards.y + radius + 2
        button = (button_x, button_y)
    elif slot in ("left", "right"):
        badge_centre = (plate.right - BADGE_SIZE[0] / 2 - 8, plate.y - 4)
        bet_centre = (cards.centre[0], cards.bottom + BET_SIZE[1] / 2 + 6)
        if stacked:  # under the two hands, flush with their outer edge: clear of the pack
            outer = cards.right - BET_SIZE[0] / 2 if slot == "left" else cards.x + BET_SIZE[0] / 2
            bet_centre = (outer, bet_centre[1])
        # beside the cards on the rail's side, over the badges: clear of this seat's cards and
        # of the top seat's above (the gap between the two is too narrow for the button)
        gap = radius + BUTTON_CLEARANCE
        button_x = shown.x - gap if slot == "left" else shown.right + gap
        button = (button_x, badge_centre[1] - BADGE_SIZE[1] / 2 - 6 - radius)
    else:  # bottom left and right: low, clear of the ribbon; the badge on the plate's outer top
        badge_x = (
            plate.x + BADGE_SIZE[0] / 2 + 8 if on_left else plate.right - BADGE_SIZE[0] / 2 - 8
        )
        badge_centre = (badge_x, plate.y - 4)
        bet_centre = _push_out(cards, BET_SIZE, direction, 4)
        # a little away from the middle: clear of the pot's STAKE line
        bet_centre = (bet_centre[0] + (-20 if on_left else 20), bet_centre[1])
        # on the outer side: the cards face up fan toward the viewer's
        gap = radius + BUTTON_CLEARANCE
        button_x = shown.x - gap if on_left else shown.right + gap
        over_badges = badge_centre[1] - BADGE_SIZE[1] / 2 - 6 - radius  # the badges' row
        button = (button_x, min(cards.bottom - radius - 2, over_badges))
    return SeatLayout(
        seat=seat,
        side=side,
        anchor=anchor,
        plate=plate,
        badge=Box.around(badge_centre, *BADGE_SIZE),
        hands=hands,
        bet=Box.around(bet_centre, *BET_SIZE),
        button=button,
        card_width=card_width,
    )


def table_layout(
    seat_count: int,
    viewer_seat: int | None = 0,
    hand_counts: Sequence[int] | None = None,
    cards_per_hand: int = 3,
    house: bool = False,
) -> TableLayout:
    """Lay out a table of `seat_count` seats with `viewer_seat` at the bottom centre.

    `hand_counts[seat]` is how many hands that seat holds (2 for a Brag seat keeping a blind
    hand); a spectator (`viewer_seat` None) sees seat 0 at the bottom. With `house` the last
    seat is the casino dealer, always at the top centre.
    """
    slots = slot_names(seat_count, house)
    players = seat_count - 1 if house else seat_count
    bottom = 0 if viewer_seat is None else viewer_seat
    if not 0 <= bottom < players:
        raise ValueError(f"viewer seat {viewer_seat} is not one of the {players} seats")
    counts = list(hand_counts) if hand_counts is not None else [1] * seat_count

    def slot(seat: int) -> str:
        return slots[-1] if seat >= players else slots[(seat - bottom) % players]

    seats = tuple(
        seat_layout(
            seat,
            slot(seat),
            hand_count=max(1, counts[seat]),
            cards_per_hand=cards_per_hand,
            viewer=seat == bottom,
        )
        for seat in range(seat_count)
    )
    pack = Box.around(PACK_CENTRE, CARD_WIDTH + 14, card_height(CARD_WIDTH) + 14)
    return TableLayout(
        rail=RAIL,
        felt=FELT,
        seats=seats,
        pot=POT_BOX,
        pack=pack,
        controls=CONTROLS,
        messages=MESSAGES,
    )


@dataclass(frozen=True)
class Viewport:
    """Maps logical coordinates to window pixels: one uniform scale, centred (letterboxed)."""

    scale: float
    offset_x: float
    offset_y: float
    window_width: int
    window_height: int

    @classmethod
    def fit(cls, window_size: tuple[int, int]) -> Viewport:
        """The largest centred view of the logical space that fits the window."""
        width, height = max(1, window_size[0]), max(1, window_size[1])
        scale = min(width / LOGICAL_WIDTH, height / LOGICAL_HEIGHT)
        _WINDOW_SCALE[0] = scale
        return cls(
            scale=scale,
            offset_x=(width - LOGICAL_WIDTH * scale) / 2,
            offset_y=(height - LOGICAL_HEIGHT * scale) / 2,
            window_width=width,
            window_height=height,
        )

    def point(self, point: Point) -> tuple[int, int]:
        """A logical point in window pixels."""
        return (
            round(self.offset_x + point[0] * self.scale),
            round(self.offset_y + point[1] * self.scale),
        )

    def box(self, box: Box) -> tuple[int, int, int, int]:
        """A logical box in window pixels (x, y, width, height), edges rounded consistently."""
        left, top = self.point((box.x, box.y))
        right, bottom = self.point((box.right, box.bottom))
        return (left, top, right - left, bottom - top)

    def length(self, length: float) -> int:
        """A logical length in whole pixels (at least 1)."""
        return max(1, round(length * self.scale))

    def logical(self, pixel: tuple[float, float]) -> Point:
        """A window pixel in logical coordinates (for hit tests)."""
        return ((pixel[0] - self.offset_x) / self.scale, (pixel[1] - self.offset_y) / self.scale)
