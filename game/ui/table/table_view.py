"""Draw a whole table from an Observation: felt, seats, cards, chips, pots, pack, dealer button.

`draw_table` is a pure view of the observation (plus names and look options). Animations reuse
`draw_card` and `draw_chips` for things in flight and pass `hidden_cards` so a card still
travelling is not also drawn in its final place.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial

import pygame

from game.engine.cards import Card
from game.engine.observation import Observation, SeatView
from game.i18n import N_, _, ngettext, number
from game.ui.art.art import (
    DEFAULT_STYLE,
    ArtStyle,
    Colour,
    glow,
    lay_over,
    ready,
    soft_shadow,
    supersampled,
)
from game.ui.art.cards_art import CORNER_RADIUS, card_back, card_face, card_size
from game.ui.art.chips_art import DENOMINATIONS, chip_face, chip_layer, chip_pile, tallest_fitting
from game.ui.art.fonts import fit_text, text, text_width
from game.ui.art.portrait_art import portrait
from game.ui.art.table_art import dealer_button, table_background
from game.ui.kit.layout import (
    AMOUNT_HEIGHT,
    BET_CHIP,
    BET_COLUMNS,
    BET_SIZE,
    BET_TALLEST,
    CARD_WIDTH,
    HAND_LABEL_HEIGHT,
    PLATE_SIZE,
    POT_BOX,
    POT_CHIP,
    POT_TAG_HEIGHT,
    POT_TALLEST,
    SCREEN,
    VIEWER_PLATE_SIZE,
    WAGER_CHIP,
    Box,
    Point,
    SeatLayout,
    TableLayout,
    Viewport,
    bet_label_box,
    bet_spot,
    card_height,
    fanned,
    hand_label_boxes,
    open_card_box,
    pot_columns,
    pot_label_box,
    pot_pile_room,
    pot_spot,
    stake_line_box,
    table_layout,
    wager_spots,
    win_rise,
)
from game.ui.kit.panels import tooltip
from game.words.reasons import describe
from game.words.wagers import (
    BANK_BADGE,
    HOUSE_BADGE,
    PILES,
    Wagers,
    is_banked,
    pile_label,
)

CardSlot = tuple[int, int, int]
"""A card's place at the table: (seat, hand, position in hand)."""

GOLD: Colour = (232, 190, 92)
TURN_GLOW: Colour = (255, 196, 64)
WIN_GLOW: Colour = (120, 230, 140)
HIGHLIGHT_GLOW: Colour = (120, 180, 255)
BADGE_COLOURS: dict[str, Colour] = {
    N_("BLIND"): (104, 66, 176),
    N_("SEEN"): (22, 136, 128),
    N_("FOLDED"): (96, 96, 100),
    N_("OUT"): (70, 70, 74),
    N_("BANK"): (176, 118, 16),
    N_("DEAD"): (120, 40, 40),
    N_("WAIVED"): (80, 84, 96),
    N_("SHOWN"): (40, 110, 70),
    N_("LOOKING"): (30, 110, 150),
}
OTHER_BADGE: Colour = (206, 110, 30)
"""The colour of every other badge: the engine's COVERED, TWO HANDS, RETAINED."""

OTHER_BADGES = (N_("COVERED"), N_("TWO HANDS"), N_("RETAINED"))
"""Badges the engine gives that have no colour of their own (listed for the catalogs: a badge
is kept in English as the engine writes it and translated where its pill is drawn)."""

BADGE_WORDS = {BANK_BADGE: N_("BANK")}
"""Engine badges shown in fewer words."""

SILENT_BADGES = (N_("PAIR PLUS"), N_("CALLED"), HOUSE_BADGE)
"""Engine badges the table already shows another way (the wager piles, the dealer's plate)."""

YOU = N_("You")
"""The name of the person's seat when they play alone against bots."""

SEAT_WORDS = (YOU, N_("Dealer"))
"""Seat names that are the game's own words (the person's seat, the casino's house hand):
shown in the player's language; a name a person typed is shown as typed."""


SEAT_NUMBER = re.compile(r"[Ss]eat (\d+)")
"""A seat without a name, as the narration writes it."""

PORTRAIT_INSET = 7
"""Logical units between a seat plate's edge and its round portrait (left, top and bottom)."""


def seat_label(name: str) -> str:
    """A seat's name as the table shows it: 'You' and 'Dealer' translated, 'Seat N' numbered in
    the player's language, any other name as it is."""
    if name in SEAT_WORDS:
        return _(name)
    numbered = SEAT_NUMBER.fullmatch(name)
    if numbered is not None:
        return _("Seat {number}").format(number=numbered.group(1))
    return name


def is_you(name: str) -> bool:
    """Whether a seat's name is the person's own 'You' (in English or already translated)."""
    return name in (YOU, _(YOU))


@dataclass(frozen=True)
class TableExtras:
    """What the animator and scenes add to a plain view of the observation."""

    hidden_cards: frozenset[CardSlot] = frozenset()
    winners: frozenset[int] = frozenset()
    highlights: frozenset[int] = frozenset()
    show_turn: bool = True
    hide_pot: bool = False
    committed_override: dict[int, int] = field(default_factory=dict)
    wagers: Wagers = field(default_factory=dict)
    banner: str = ""
    hand_names: tuple[str, ...] = ()
    """The names of the viewer's hands by index ('Pair of 7s, king kicker'; '' while a hand is
    unseen), each shown under its hand: a Brag seat's new and retained old hand alike."""
    button_at: Point | None = None
    """Where the dealer button is while it slides to the next dealer (None: at its seat)."""
    face_up: dict[int, tuple[tuple[Card, ...], ...]] = field(default_factory=dict)
    """Every seat's cards, for a watcher who turned the bots' hands face up."""
    winning_hands: dict[int, str] = field(default_factory=dict)
    """Seats that won the deal with a shown hand, and its name: lifted, glowing, named."""
    faces: dict[int, str] = field(default_factory=dict)
    """Seats whose portrait is drawn from another name than their label: your own seat at a
    network table is labelled 'You' but shows the face of the name the others see."""


def layout_for(observation: Observation, viewer_seat: int | None = None) -> TableLayout:
    """The layout that `draw_table` uses for this observation (for hit tests and animations)."""
    viewer = observation.viewer if viewer_seat is None else viewer_seat
    counts = tuple(max(1, len(view.hands)) for view in observation.seats)
    per_hand = max((len(hand) for view in observation.seats for hand in view.hands), default=3)
    house = bool(observation.seats) and HOUSE_BADGE in observation.seats[-1].badges
    return cached_layout(len(observation.seats), viewer, counts, max(3, per_hand), house)


@lru_cache(maxsize=64)
def cached_layout(
    seat_count: int, viewer: int | None, counts: tuple[int, ...], per_hand: int, house: bool
) -> TableLayout:
    """Layouts are pure functions of these numbers: work each out once."""
    return table_layout(seat_count, viewer, counts, per_hand, house)


def table_art_to_warm(viewport: Viewport) -> list[Callable[[], object]]:
    """The art every deal soon needs (plates folded or not and their glows, every chip at the
    table's sizes), one small piece of work each, for a table to build after its first frame
    so no frame mid-animation waits for it (each is cached where it is drawn from)."""
    pieces: list[Callable[[], object]] = []
    for size in (PLATE_SIZE, VIEWER_PLATE_SIZE):
        rect = pygame.Rect(viewport.box(Box(0, 0, *size)))
        radius = round(rect.height * 0.28)
        spread = max(2, viewport.length(9))
        pieces.append(partial(soft_shadow, rect.size, radius, max(1, viewport.length(5)), 140))
        pieces += [partial(_plate, rect.size, muted) for muted in (False, True)]
        pieces += [
            partial(glow, rect.size, radius, colour, spread)
            for colour in (TURN_GLOW, WIN_GLOW, HIGHLIGHT_GLOW)
        ]
    for diameter in (BET_CHIP, POT_CHIP):
        pieces += [partial(chip_layer, value, viewport.length(diameter)) for value in DENOMINATIONS]
    return pieces


def draw_card(
    surface: pygame.Surface,
    viewport: Viewport,
    card: Card | None,
    box: Box,
    style: ArtStyle = DEFAULT_STYLE,
    dim: bool = False,
) -> None:
    """Draw one card (face up if known, else its back) with a soft shadow, filling `box`."""
    left, top = viewport.point((box.x, box.y))
    width = viewport.length(box.width)
    image = (
        card_back(style.back, width) if card is None else card_face(card, width, style.four_colour)
    )
    height = image.get_height()
    radius = round(width * CORNER_RADIUS)
    blur = max(1, round(width * 0.045))
    shadow = soft_shadow((width, height), radius, blur)
    pad = blur * 2
    offset = max(1, round(width * 0.03))
    surface.blit(shadow, (left - pad + offset, top - pad + offset * 2))
    surface.blit(image, (left, top))
    if dim:
        surface.blit(_dimmer((width, height), radius), (left, top))


@lru_cache(maxsize=16)
def _dimmer(size: tuple[int, int], radius: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (12, 16, 14, 150), veil.get_rect(), border_radius=radius)
    return ready(veil)


def draw_chips(
    surface: pygame.Surface,
    viewport: Viewport,
    amount: int,
    base: Point,
    diameter: float = BET_CHIP,
    columns: int = BET_COLUMNS,
    tallest: int = BET_TALLEST,
) -> pygame.Rect:
    """Draw a pile worth `amount` standing on `base` (bottom centre); returns its pixel rect."""
    pile = chip_pile(amount, viewport.length(diameter), columns, tallest)
    rect = pile.get_rect(midbottom=viewport.point(base))
    surface.blit(pile, rect)
    return rect


def bet_rects(viewport: Viewport, seat: SeatLayout, amount: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The pixel rects of a seat's bet: its pile, whose last column stands on `bet_spot`, and
    the amount beside it on the right."""
    pixels = viewport.length(BET_CHIP)
    pile = _bet_pile(viewport, amount).get_rect()
    foot_x, bottom = viewport.point(bet_spot(seat))
    pile.bottomright = (foot_x + pixels // 2 + 2, bottom)
    label = _amount_pill(number(amount), viewport)
    room = bet_label_box(seat)
    return pile, label.get_rect(midleft=viewport.point((room.x, room.centre[1])))


def draw_bet(surface: pygame.Surface, viewport: Viewport, seat: SeatLayout, amount: int) -> None:
    """A seat's chips in front of it, with the amount printed beside the pile."""
    pile, label = bet_rects(viewport, seat, amount)
    surface.blit(_bet_pile(viewport, amount), pile)
    surface.blit(_amount_pill(number(amount), viewport), label)


def _bet_pile(viewport: Viewport, amount: int) -> pygame.Surface:
    """A seat's pile at this window's size, never taller than the room kept for it."""
    pixels = viewport.length(BET_CHIP)
    tallest = tallest_fitting(viewport.length(BET_SIZE[1]), pixels, BET_TALLEST)
    return chip_pile(amount, pixels, BET_COLUMNS, tallest)


def _pot_pile(viewport: Viewport, amount: int, count: int) -> pygame.Surface:
    """One of `count` piles in the middle, never taller than the room kept for it."""
    pixels = viewport.length(POT_CHIP)
    room = viewport.length(pot_pile_room(POT_BOX, count))
    tallest = tallest_fitting(room, pixels, POT_TALLEST)
    return chip_pile(amount, pixels, pot_columns(count), tallest)


def _amount_pill(words: str, viewport: Viewport) -> pygame.Surface:
    """An amount of chips printed gold on a dark pill."""
    return _pill(words, viewport.length(AMOUNT_HEIGHT), AMOUNT_BACK, GOLD)


@lru_cache(maxsize=64)
def _pill(
    words: str,
    height: int,
    colour: Colour,
    text_colour: Colour = (255, 255, 255),
) -> pygame.Surface:
    """Words on a rounded pill of `height` pixels (a narrow place: `_narrow_pill`)."""
    size = max(6, round(height * 0.6))
    label = text(words, size, text_colour, True)
    width = label.get_width() + height
    edge = tuple(min(255, channel + 50) for channel in colour)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect()
        pygame.draw.rect(canvas, (*edge, 255), rect, border_radius=rect.height // 2)
        inner = rect.inflate(-round(2 * factor), -round(2 * factor))
        pygame.draw.rect(canvas, (*colour, 255), inner, border_radius=inner.height // 2)

    pill = supersampled((width, height), draw, edge=colour)
    pill.blit(label, label.get_rect(center=(width / 2, height / 2)))
    return ready(pill)


def _draw_pill(
    surface: pygame.Surface, words: str, centre: tuple[int, int], height: int, colour: Colour
) -> None:
    pill = _pill(words, height, colour)
    surface.blit(pill, pill.get_rect(center=centre))


@lru_cache(maxsize=32)
def _plate(size: tuple[int, int], muted: bool) -> pygame.Surface:
    top, bottom = ((52, 54, 60), (26, 27, 31)) if not muted else ((44, 44, 46), (30, 30, 32))
    border = (196, 160, 90) if not muted else (96, 92, 86)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect()
        radius = round(rect.height * 0.28)
        pygame.draw.rect(canvas, (*border, 255), rect, border_radius=radius)
        inner = rect.inflate(-round(2 * factor), -round(2 * factor))
        for row in range(inner.height):
            amount = row / max(1, inner.height - 1)
            shade = tuple(round(a + (b - a) * amount) for a, b in zip(top, bottom, strict=True))
            pygame.draw.line(
                canvas, (*shade, 240), (inner.x, inner.y + row), (inner.right - 1, inner.y + row)
            )
        frame = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            frame, (255, 255, 255, 255), inner, border_radius=max(0, radius - round(factor))
        )
        canvas.blit(frame, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(canvas, (*border, 255), rect, round(1.2 * factor), border_radius=radius)

    return ready(supersampled(size, draw, edge=border))


def _draw_seat_plate(
    surface: pygame.Surface,
    viewport: Viewport,
    seat: SeatLayout,
    view: SeatView,
    name: str,
    turn: bool,
    winner: bool,
    highlight: bool = False,
    face: str = "",
) -> None:
    """A seat's plate: its portrait (drawn from `face`, by default from `name`), name, stack."""
    rect = pygame.Rect(viewport.box(seat.plate))
    halo = None
    if turn or winner or highlight:
        halo = WIN_GLOW if winner else (HIGHLIGHT_GLOW if highlight else TURN_GLOW)
    muted = view.folded or not view.playing
    stack = None if HOUSE_BADGE in view.badges else view.stack
    image, margin = _plate_image(rect.size, viewport.scale, name, face or name, stack, muted, halo)
    surface.blit(
        image, (rect.x - margin, rect.y - margin), special_flags=pygame.BLEND_PREMULTIPLIED
    )


@lru_cache(maxsize=16)
def _plate_image(
    size: tuple[int, int],
    scale: float,
    name: str,
    face: str,
    stack: int | None,
    muted: bool,
    halo: Colour | None,
) -> tuple[pygame.Surface, int]:
    """A seat's whole plate in one premultiplied image (glow, shadow, the portrait of `face`,
    name, stack) and the margin around the plate: one blit a frame instead of seven. `stack`
    None: the house."""
    viewport = Viewport(scale, 0, 0, 0, 0)
    spread = max(2, viewport.length(9))
    blur = max(1, viewport.length(5))
    margin = max(2 * spread, 3 * blur)
    canvas = pygame.Surface((size[0] + 2 * margin, size[1] + 2 * margin), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    rect = pygame.Rect((margin, margin), size)
    radius = round(rect.height * 0.28)
    if halo is not None:
        lay_over(
            canvas,
            glow(rect.size, radius, halo, spread),
            (rect.x - 2 * spread, rect.y - 2 * spread),
        )
    shadow = soft_shadow(rect.size, radius, blur, 140)
    lay_over(canvas, shadow, (rect.x - 2 * blur, rect.y - 2 * blur + blur))
    lay_over(canvas, _plate(rect.size, muted), rect.topleft)
    diameter = rect.height - 2 * viewport.length(PORTRAIT_INSET)
    avatar = portrait(face, diameter, muted)
    avatar_left = rect.x + viewport.length(PORTRAIT_INSET)
    lay_over(canvas, avatar, (avatar_left, rect.y + (rect.height - diameter) // 2))
    text_left = avatar_left + diameter + viewport.length(9)
    room = rect.right - text_left - viewport.length(8)
    name_colour = (250, 248, 240) if not muted else (150, 150, 150)
    label = fit_text(name, viewport.length(16), name_colour, room, True)
    lay_over(canvas, label, (text_left, rect.y + round(rect.height * 0.14)))
    icon_size = viewport.length(14)
    stack_top = rect.y + round(rect.height * 0.56)
    if stack is None:
        words = fit_text(_("HOUSE BANK"), viewport.length(13), GOLD, room, True)
        lay_over(canvas, words, (text_left, stack_top + (icon_size - words.get_height()) // 2))
        return ready(canvas), margin
    icon = chip_face(25, icon_size)
    lay_over(canvas, icon, (text_left, stack_top))
    amount = text(number(stack), viewport.length(15), GOLD if not muted else (140, 130, 110), True)
    lay_over(
        canvas,
        amount,
        (
            text_left + icon_size + viewport.length(5),
            stack_top + (icon_size - amount.get_height()) // 2,
        ),
    )
    return ready(canvas), margin


def _badges(view: SeatView, banked: bool = False) -> list[str]:
    if not view.playing:
        return [N_("OUT")]
    if banked:
        words = [BADGE_WORDS.get(badge, badge) for badge in view.badges]
        if view.folded and N_("FOLDED") not in words:
            words.append(N_("FOLDED"))
        return [word for word in words if word not in SILENT_BADGES]
    if view.folded:
        return [N_("FOLDED")]
    # a Brag player looking at one of two hands is neither blind nor seen until they choose
    looking = N_("LOOKING") in view.badges
    badges = [] if looking else [N_("BLIND") if view.blind else N_("SEEN")]
    badges.extend(badge.upper() for badge in view.badges if badge.upper() not in badges)
    return badges


def _draw_badges(
    surface: pygame.Surface,
    viewport: Viewport,
    seat: SeatLayout,
    view: SeatView,
    banked: bool = False,
) -> None:
    height = viewport.length(seat.badge.height)
    if seat.side == "bottom":
        badges = _badges(view, banked)
        step = seat.badge.height + 4
        first = seat.badge.centre[1] - step * (len(badges) - 1) / 2
        for index, badge in enumerate(badges):
            pill = _pill(_(badge), height, BADGE_COLOURS.get(badge, OTHER_BADGE))
            left = viewport.point((seat.badge.x, first + index * step))
            surface.blit(pill, pill.get_rect(midleft=left))
        return
    right = viewport.point((seat.badge.right, seat.badge.centre[1]))
    x, y = right
    edge = viewport.point((BADGE_MARGIN, 0))[0]
    # a row too long for the screen (long words in some languages) goes on in a row above
    # (below, for a seat at the top edge)
    step = (height + viewport.length(4)) * (-1 if seat.badge.y > BADGE_MARGIN * 8 else 1)
    for badge in reversed(_badges(view, banked)):
        pill = _pill(_(badge), height, BADGE_COLOURS.get(badge, OTHER_BADGE))
        if x - pill.get_width() < edge and x != right[0]:
            x, y = right[0], y + step
        surface.blit(pill, pill.get_rect(midright=(x, y)))
        x -= pill.get_width() + viewport.length(4)


BADGE_MARGIN = 4.0
"""Logical pixels kept between a badge and the window's left edge."""


def _draw_hands(
    surface: pygame.Surface,
    viewport: Viewport,
    seat: SeatLayout,
    view: SeatView,
    style: ArtStyle,
    hidden: frozenset[CardSlot],
    winning: str | None = None,
    face_up: tuple[tuple[Card, ...], ...] = (),
) -> None:
    named: Sequence[Box] = ()
    for hand_index, (boxes, cards) in enumerate(zip(seat.hands, view.hands, strict=False)):
        if hand_index < len(face_up) and len(face_up[hand_index]) == len(cards):
            shown = face_up[hand_index]
            cards = tuple(card if card is not None else shown[i] for i, card in enumerate(cards))
        settled = not any((view.seat, hand_index, place) in hidden for place in range(len(cards)))
        if seat.side == "bottom" and style.sort_hand and settled:
            cards = tuple(in_order(cards))
        if seat.side != "bottom" and settled and cards and all(card is not None for card in cards):
            boxes = fanned(boxes, seat.side)
        if winning is not None and settled and cards and all(card is not None for card in cards):
            rise = win_rise(seat.side)  # toward the middle of the felt
            boxes = tuple(Box(box.x, box.y - rise, box.width, box.height) for box in boxes)
            _draw_winning_glow(surface, viewport, boxes)
            if seat.side != "bottom" and winning:
                named = boxes
        for position, (box, card) in enumerate(zip(boxes, cards, strict=False)):
            if (view.seat, hand_index, position) in hidden:
                continue
            draw_card(surface, viewport, card, box, style, dim=view.folded)
    if named and winning:
        middle = (named[0].x + named[-1].right) / 2
        pill = _pill(winning, viewport.length(24), (60, 44, 12), (255, 236, 170))
        at = viewport.point((middle, max(box.bottom for box in named) + 14))
        surface.blit(pill, pill.get_rect(center=at))
    if seat.side == "bottom" and len(view.hands) == 2 and all(view.hands):
        for name, room in zip((_("NEW"), _("OLD")), hand_label_boxes(seat), strict=False):
            label = _pill(name, viewport.length(HAND_LABEL_HEIGHT), (30, 34, 38), GOLD)
            surface.blit(label, label.get_rect(center=viewport.point(room.centre)))


def _draw_winning_glow(surface: pygame.Surface, viewport: Viewport, boxes: Sequence[Box]) -> None:
    """A gold halo behind the winning cards."""
    area = boxes[0]
    for box in boxes[1:]:
        area = area.union(box)
    rect = pygame.Rect(viewport.box(area))
    spread = max(2, viewport.length(9))
    halo = glow(rect.size, viewport.length(8), GOLD, spread)
    surface.blit(halo, halo.get_rect(center=rect.center))


def in_order(cards: Sequence[Card | None]) -> list[Card | None]:
    """A known hand as a player holds it: pairs together, then high to low (unknown: as dealt)."""
    if any(card is None for card in cards):
        return list(cards)
    known: list[Card] = [card for card in cards if card is not None]
    counts = {card.rank: sum(other.rank == card.rank for other in known) for card in known}

    def held(card: Card) -> tuple[int, int, str]:
        return (counts[card.rank], int(card.rank), str(card.suit.value))

    ordered: list[Card] = sorted(known, key=held, reverse=True)
    return [*ordered]


def _draw_hand_names(
    surface: pygame.Surface, viewport: Viewport, seat: SeatLayout, names: Sequence[str]
) -> None:
    """Each of the viewer's seen hands by name on a pill across the bottom of its cards."""
    gap = 8.0  # between two hands' pills: each stays within its own hand and half the gap
    for boxes, words in zip(seat.hands, names, strict=False):
        if not boxes or not words:
            continue
        middle = (boxes[0].x + boxes[-1].right) / 2
        bottom = max(box.bottom for box in boxes)
        height = viewport.length(24)
        if len(seat.hands) > 1:
            room = viewport.length(boxes[-1].right - boxes[0].x + gap)
            pill = _narrow_pill(words, height, (22, 26, 30), GOLD, room)
        else:
            pill = _pill(words, height, (22, 26, 30), GOLD)
        surface.blit(pill, pill.get_rect(midbottom=viewport.point((middle, bottom + 4))))


@lru_cache(maxsize=32)
def _narrow_pill(
    words: str, height: int, colour: Colour, text_colour: Colour, room: int
) -> pygame.Surface:
    """Words on a pill no wider than `room`: on one line when they fit, else on two (split after
    a comma, or at the space nearest the middle), so a hand's whole name is read."""
    size = max(6, round(height * 0.6))
    if text_width(words, size, True) + height <= room:
        return _pill(words, height, colour, text_colour)
    cut = words.rfind(", ") + 1 or _middle_space(words)
    lines = [line.strip() for line in (words[:cut], words[cut:]) if line.strip()]
    labels = [fit_text(line, size, text_colour, max(1, room - height), True) for line in lines]
    width = max(label.get_width() for label in labels) + height
    tall = height + sum(label.get_height() for label in labels[1:])
    edge = tuple(min(255, channel + 50) for channel in colour)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect()
        radius = round(height * factor / 2)
        pygame.draw.rect(canvas, (*edge, 255), rect, border_radius=radius)
        inner = rect.inflate(-round(2 * factor), -round(2 * factor))
        pygame.draw.rect(canvas, (*colour, 255), inner, border_radius=radius)

    pill = supersampled((width, tall), draw, edge=colour)
    y = (tall - sum(label.get_height() for label in labels)) / 2
    for label in labels:
        pill.blit(label, label.get_rect(midtop=(width / 2, y)))
        y += label.get_height()
    return ready(pill)


def _middle_space(words: str) -> int:
    """The index of the space nearest the middle of `words` (0 when there is none)."""
    spaces = [index for index, char in enumerate(words) if char == " "]
    return min(spaces, key=lambda index: abs(index - len(words) / 2), default=0)


def _draw_open_cards(
    surface: pygame.Surface, viewport: Viewport, observation: Observation, style: ArtStyle
) -> None:
    """The open joker cards, face up in the middle, with a JOKER label under them."""
    count = len(observation.table_cards)
    if not count:
        return
    for index, card in enumerate(observation.table_cards):
        draw_card(surface, viewport, card, open_card_box(index, count), style)
    last = open_card_box(count - 1, count)
    middle = (open_card_box(0, count).x + last.right) / 2
    words = ngettext("JOKER", "JOKERS", count)
    label = _pill(words, viewport.length(16), (30, 34, 38), GOLD)
    surface.blit(label, label.get_rect(midtop=viewport.point((middle, last.bottom + 4))))


def open_card_tip(observation: Observation, point: Point) -> tuple[str, str] | None:
    """The tooltip of the open joker card under `point` (logical): its title and what it
    makes wild this deal; None off the open cards."""
    count = len(observation.table_cards)
    for index in reversed(range(count)):  # the last card lies on top
        if open_card_box(index, count).contains(point):
            rank = observation.table_cards[index].rank.label
            # Translators: the card turned up in the middle; {rank} is 2-10, J, Q, K or A
            words = _("Every {rank} is wild this deal, for everyone.").format(rank=rank)
            return (ngettext("JOKER", "JOKERS", 1), words)
    return None


def draw_open_card_tip(
    surface: pygame.Surface, viewport: Viewport, observation: Observation, point: Point
) -> None:
    """The open joker card's tooltip, above the card under `point` (if any)."""
    tip = open_card_tip(observation, point)
    if tip is None:
        return
    count = len(observation.table_cards)
    box = next(
        open_card_box(index, count)
        for index in reversed(range(count))
        if open_card_box(index, count).contains(point)
    )
    size = viewport.length(14)
    bubble = tooltip(tip[0], tip[1], viewport.length(OPEN_CARD_TIP_WIDTH), size)
    rect = bubble.get_rect(midbottom=viewport.point((box.centre[0], box.y - 6)))
    rect.right = min(rect.right, viewport.point((SCREEN.right - 8, 0))[0])
    surface.blit(bubble, rect)


OPEN_CARD_TIP_WIDTH = 240.0
"""Logical width the open joker card's tooltip may take."""


def _mark_wild_cards(
    surface: pygame.Surface,
    viewport: Viewport,
    seat: SeatLayout,
    view: SeatView,
    observation: Observation,
    hidden: frozenset[CardSlot],
    sort: bool = False,
) -> None:
    """A gold WILD tag on the viewer's own seen cards that are wild for them (a personal joker,
    an open joker's rank, a wild rank); `sort`: the hand is drawn in order (`in_order`)."""
    ranking = observation.hand_ranking()
    if ranking is None or not ranking.has_wild_cards:
        return
    for hand_index, (boxes, cards) in enumerate(zip(seat.hands, view.hands, strict=False)):
        known = [card for card in cards if card is not None]
        if len(known) != len(cards) or len(known) not in (3, 4):
            continue
        settled = not any((view.seat, hand_index, place) in hidden for place in range(len(cards)))
        if sort and seat.side == "bottom" and settled:
            cards = tuple(in_order(cards))
        wild = set(ranking.wild_cards)
        if len(known) == 3:
            for choice in ranking.jokers(known):
                wild |= choice
        for position, (box, card) in enumerate(zip(boxes, cards, strict=False)):
            if card in wild and (view.seat, hand_index, position) not in hidden:
                tag = wild_tag(viewport.length(14))
                surface.blit(tag, tag.get_rect(midtop=viewport.point((box.centre[0], box.y + 2))))


def wild_tag(height: int) -> pygame.Surface:
    """The gold WILD tag laid on a wild card's top edge (the table's and the hand chart's)."""
    return _pill(_("WILD"), height, (30, 34, 38), GOLD)


AMOUNT_BACK: Colour = (22, 26, 24)
"""The dark pill an amount of chips is printed on."""


def _draw_pack(
    surface: pygame.Surface,
    viewport: Viewport,
    layout: TableLayout,
    observation: Observation,
    style: ArtStyle,
) -> None:
    if observation.pack_size <= 0 and observation.pack_showing is None:
        return
    centre = layout.pack.centre
    box = Box.around(centre, CARD_WIDTH, card_height(CARD_WIDTH))
    if observation.pack_showing is not None:
        draw_card(
            surface, viewport, observation.pack_showing, box.moved(CARD_WIDTH * 0.42, 0), style
        )
    layers = min(13, max(1, math.ceil(observation.pack_size / 4)))
    width = viewport.length(box.width)
    edge = _card_edge(card_size(width), round(width * CORNER_RADIUS))
    blur = max(1, round(width * 0.05))
    left, top = viewport.point((box.x, box.y))
    shadow = soft_shadow(edge.get_size(), round(width * CORNER_RADIUS), blur)
    surface.blit(shadow, (left - 2 * blur + blur, top - 2 * blur + 2 * blur))
    for layer in range(layers - 1):
        surface.blit(edge, viewport.point((box.x - layer * 0.3, box.y - layer * 0.55)))
    top_box = box.moved(-(layers - 1) * 0.3, -(layers - 1) * 0.55)
    surface.blit(card_back(style.back, width), viewport.point((top_box.x, top_box.y)))


@lru_cache(maxsize=8)
def _card_edge(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A plain card seen from above with a darker rim: the lower cards of the pack."""

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect()
        pygame.draw.rect(canvas, (120, 118, 110), rect, border_radius=round(radius * factor))
        inner = rect.inflate(-round(2 * factor), -round(2 * factor))
        pygame.draw.rect(canvas, (236, 234, 224), inner, border_radius=round(radius * factor))

    return ready(supersampled(size, draw, edge=(120, 118, 110)))


def pot_entries(observation: Observation) -> list[tuple[str, int]]:
    """The piles in the middle, left to right, with their words: the pot(s), then any carried."""
    entries = [
        (
            _("POT") if len(observation.pots) == 1 else _("POT {number}").format(number=index + 1),
            amount,
        )
        for index, amount in enumerate(observation.pots)
        if amount > 0
    ]
    if observation.carried > 0:
        # Translators: the pile of a pot carried forward from the last deal
        entries.append((_("CARRIED"), observation.carried))
    return entries


def pot_rects(
    viewport: Viewport, layout: TableLayout, observation: Observation
) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """The pixel rects of each pile in the middle and of its amount under it."""
    entries = pot_entries(observation)
    count = len(entries)
    found = []
    for index, (label, amount) in enumerate(entries):
        pile = _pot_pile(viewport, amount, count).get_rect(
            midbottom=viewport.point(pot_spot(layout.pot, index, count))
        )
        words = _pot_label(label, amount, count, viewport)
        centre = viewport.point(pot_label_box(layout.pot, index, count).centre)
        found.append((pile, words.get_rect(center=centre)))
    return found


def _pot_label(label: str, amount: int, count: int, viewport: Viewport) -> pygame.Surface:
    """A lone pot's words and amount on one pill; pots sharing the middle on two lines."""
    if count <= 1:
        return _amount_pill(f"{label}  {number(amount)}", viewport)
    return _tag(label, number(amount), viewport.length(POT_TAG_HEIGHT))


@lru_cache(maxsize=16)
def _tag(title: str, amount: str, height: int) -> pygame.Surface:
    """A rounded dark tag: a pot's name over its amount, both gold."""
    size = max(6, round(height * 0.35))
    top, bottom = text(title, size, (214, 232, 214), True), text(amount, size, GOLD, True)
    width = max(top.get_width(), bottom.get_width()) + round(height * 0.25)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect()
        radius = round(rect.height * 0.28)
        pygame.draw.rect(canvas, (*AMOUNT_BACK, 255), rect, border_radius=radius)

    tag = supersampled((width, height), draw, edge=AMOUNT_BACK)
    tag.blit(top, top.get_rect(midbottom=(width / 2, height / 2 + 1)))
    tag.blit(bottom, bottom.get_rect(midtop=(width / 2, height / 2 - 1)))
    return ready(tag)


def _draw_pots(
    surface: pygame.Surface, viewport: Viewport, layout: TableLayout, observation: Observation
) -> None:
    entries = pot_entries(observation)
    for (label, amount), (pile, words) in zip(
        entries, pot_rects(viewport, layout, observation), strict=True
    ):
        surface.blit(_pot_pile(viewport, amount, len(entries)), pile)
        surface.blit(_pot_label(label, amount, len(entries), viewport), words)
    stake = _stake_label(viewport, observation.stake)
    if stake is not None:
        surface.blit(stake, stake_rect(viewport, layout, observation.stake))


def _stake_label(viewport: Viewport, stake: int) -> pygame.Surface | None:
    """The STAKE line's words, fitted to the pot's width (None: no stake yet)."""
    if stake <= 0:
        return None
    # Translators: the current stake (what a seen player's bet is measured from)
    words = _("STAKE {amount}").format(amount=number(stake))
    room = viewport.length(POT_BOX.width)
    label = fit_text(words, viewport.length(14), (214, 232, 214), room, True).copy()
    label.set_alpha(200)
    return label


def stake_rect(viewport: Viewport, layout: TableLayout, stake: int) -> pygame.Rect:
    """The pixels the STAKE line takes, centred in its room under the pot (empty: no stake)."""
    label = _stake_label(viewport, stake)
    centre = viewport.point(stake_line_box(layout.pot).centre)
    if label is None:
        return pygame.Rect(centre, (0, 0))
    return label.get_rect(center=centre)


def _draw_message(
    surface: pygame.Surface, viewport: Viewport, layout: TableLayout, message: str
) -> None:
    if not message:
        return
    box = layout.messages
    label = fit_text(message, viewport.length(15), (236, 236, 228), viewport.length(box.width - 24))
    surface.blit(label, viewport.point((box.x + 12, box.y + 10)))


def button_seat(observation: Observation) -> int | None:
    """Where the dealer button lies: the dealer, or in Three Card Poker the seat that banks."""
    if not is_banked(observation.family):
        return observation.dealer if 0 <= observation.dealer < len(observation.seats) else None
    for view in observation.seats:
        if BANK_BADGE in view.badges or HOUSE_BADGE in view.badges:
            return view.seat
    return None


def _draw_wagers(
    surface: pygame.Surface,
    viewport: Viewport,
    seat: SeatLayout,
    piles: dict[str, int],
    observation: Observation,
) -> None:
    """A seat's Three Card Poker wagers: one labelled pile per bet (Pair Plus, Base, Call)."""
    spots = wager_spots(seat, PILES)
    for pile in PILES:
        amount = piles.get(pile, 0)
        if amount <= 0:
            continue
        x, y = spots[pile]
        draw_wager_pile(surface, viewport, amount, (x, y))
        words = f"{pile_label(pile, observation.family)} {number(amount)}"
        label = _pill(words, viewport.length(17), (22, 26, 24), GOLD)
        surface.blit(label, label.get_rect(center=viewport.point((x, y + 11))))


def draw_wager_pile(
    surface: pygame.Surface, viewport: Viewport, amount: int, base: Point
) -> pygame.Rect:
    """A smaller pile for one wager, standing on `base`."""
    return draw_chips(surface, viewport, amount, base, diameter=WAGER_CHIP)


def _draw_banner(
    surface: pygame.Surface, viewport: Viewport, layout: TableLayout, words: str
) -> None:
    """A line in the middle of the felt: the bank's qualification, or who is to bank."""
    if not words:
        return
    label = _pill(words, viewport.length(24), (16, 40, 30), GOLD)
    surface.blit(label, label.get_rect(center=viewport.point(banner_centre(layout, words))))


def banner_centre(layout: TableLayout, words: str) -> tuple[float, float]:
    """Where the bank's line sits: on the pot's row, moved right so it never covers the pack."""
    half = (text_width(words, 14, True) + 24) / 2
    x = max(layout.pot.centre[0], layout.pack.right + 8 + half)
    return (x, layout.pot.centre[1])


def draw_table(
    surface: pygame.Surface,
    observation: Observation,
    names: Sequence[str],
    viewer_seat: int | None = None,
    style: ArtStyle = DEFAULT_STYLE,
    extras: TableExtras | None = None,
) -> TableLayout:
    """Draw the table as `observation` shows it, filling the surface; returns the layout used.

    `names[seat]` labels each plate; `viewer_seat` (default: the observation's viewer) sits at
    the bottom centre.
    """
    extras = extras or TableExtras()
    viewport = Viewport.fit(surface.get_size())
    layout = layout_for(observation, viewer_seat)
    surface.blit(table_background(surface.get_size(), style.felt), (0, 0))
    if not extras.hide_pot:
        _draw_pots(surface, viewport, layout, observation)
    _draw_pack(surface, viewport, layout, observation, style)
    _draw_open_cards(surface, viewport, observation, style)
    banked = is_banked(observation.family)
    if banked:
        _draw_banner(surface, viewport, layout, extras.banner)
    for view in observation.seats:
        seat = layout.seats[view.seat]
        if banked:
            _draw_wagers(surface, viewport, seat, extras.wagers.get(view.seat, {}), observation)
            continue
        committed = extras.committed_override.get(view.seat, view.committed)
        if committed > 0 and view.playing:
            draw_bet(surface, viewport, seat, committed)
    for view in observation.seats:
        seat = layout.seats[view.seat]
        if view.playing:
            winning = extras.winning_hands.get(view.seat)
            _draw_hands(
                surface,
                viewport,
                seat,
                view,
                style,
                extras.hidden_cards,
                winning,
                extras.face_up.get(view.seat, ()),
            )
            if seat.side == "bottom" and not view.folded:
                _draw_hand_names(surface, viewport, seat, extras.hand_names)
            if view.seat == observation.viewer:
                _mark_wild_cards(
                    surface,
                    viewport,
                    seat,
                    view,
                    observation,
                    extras.hidden_cards,
                    sort=style.sort_hand,
                )
        if view.seat < len(names):
            name = seat_label(names[view.seat])
        else:
            name = _("Seat {number}").format(number=view.seat + 1)
        turn = extras.show_turn and observation.to_act == view.seat
        _draw_seat_plate(
            surface,
            viewport,
            seat,
            view,
            name,
            turn,
            view.seat in extras.winners,
            view.seat in extras.highlights,
            extras.faces.get(view.seat, ""),
        )
        _draw_badges(surface, viewport, seat, view, banked)
    seat_with_button = button_seat(observation)
    if seat_with_button is not None:
        button = dealer_button(viewport.length(30))
        spot = extras.button_at or layout.seats[seat_with_button].button
        centre = viewport.point(spot)
        blur = max(1, viewport.length(3))
        shadow = soft_shadow(button.get_size(), button.get_width() // 2, blur, 120)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + blur, centre[1] + blur * 2)))
        surface.blit(button, button.get_rect(center=centre))
    message = observation.message
    _draw_message(surface, viewport, layout, describe(message) if message is not None else "")
    return layout
