"""Finding a seat's card faces in a picture of the screen by their art, not by any flag.

Where the table could draw a seat's cards — its hand boxes with any seat at the bottom, for
hands of three or four cards, one hand or two, side by side or fanned — the picture is compared
with the face of each of the seat's cards, drawn by the art module at the size the table draws
it. Only the top-left index corner of a box is compared: a card that overlaps its neighbour
hides the rest of it, never that corner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product

import pygame

from game.engine.cards import Card
from game.ui.art.cards_art import card_face
from game.ui.kit.layout import Box, Viewport, table_layout
from game.ui.table.table_view import fanned

CORNER = (0.08, 0.06, 0.34, 0.30)
"""The index corner of a card, as shares of its width and height: left, top, width, height
(clear of the rounded edge, holding the rank and the suit)."""

MATCH = 12.0
"""Mean difference per colour channel (0–255) under which a corner is the face's own: a face
drawn where it was asked for differs by 0; a card back, the felt or another card, by far more."""


@cache
def card_boxes(seats: int, seat: int) -> tuple[Box, ...]:
    """Every box where `seat`'s cards may be drawn at a table of `seats` seats (the casino's
    dealer among them, or not): with each seat at the bottom, three or four cards a hand, one
    hand or two, in a row and fanned."""
    boxes: list[Box] = []
    for bottom, per_hand, hands, house in product(range(seats), (3, 4), (1, 2), (False, True)):
        if house and bottom == seats - 1:
            continue  # the casino's dealer sits at the top, never at the bottom
        counts = [hands if index == seat else 1 for index in range(seats)]
        place = table_layout(seats, bottom, counts, per_hand, house).seats[seat]
        for hand in place.hands:
            boxes.extend(hand)
            boxes.extend(fanned(hand, place.side))
    return tuple(dict.fromkeys(boxes))


def opaque(picture: pygame.Surface) -> pygame.Surface:
    """A plain 24-bit copy of a picture (no alpha), for subtracting one from another."""
    copy = pygame.Surface(picture.get_size(), 0, 24)
    copy.blit(picture, (0, 0))
    return copy


def difference(one: pygame.Surface, other: pygame.Surface) -> float:
    """The mean absolute difference per colour channel of two pictures of one size."""
    over, under = opaque(one), opaque(other)
    over.blit(opaque(other), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    under.blit(opaque(one), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up, down = pygame.transform.average_color(over), pygame.transform.average_color(under)
    return sum(up[:3]) / 3 + sum(down[:3]) / 3


@cache
def index_corner(card: Card, width: int) -> tuple[pygame.Rect, pygame.Surface]:
    """Where the index corner lies on the face of `card` drawn `width` pixels wide, and its art."""
    face = card_face(card, width)
    corner = pygame.Rect(
        round(face.get_width() * CORNER[0]),
        round(face.get_height() * CORNER[1]),
        max(4, round(face.get_width() * CORNER[2])),
        max(4, round(face.get_height() * CORNER[3])),
    )
    return corner, opaque(face.subsurface(corner))


@cache
def average(card: Card, width: int) -> tuple[int, ...]:
    """The mean colour of the index corner of `card`'s face drawn `width` pixels wide."""
    return tuple(pygame.transform.average_color(index_corner(card, width)[1]))


def faces_shown(
    picture: pygame.Surface,
    cards: Iterable[Card],
    boxes: Iterable[Box],
    window: pygame.Rect | None = None,
) -> list[tuple[Card, Box]]:
    """The (card, box) pairs where one of `cards`' faces shows in `picture`.

    `window` is where the game's window sits inside `picture` (a screenshot of a whole X
    screen); by default the picture is the window.
    """
    frame = window or picture.get_rect()
    viewport = Viewport.fit(frame.size)
    bounds = picture.get_rect()
    found: list[tuple[Card, Box]] = []
    faces = list(cards)
    for box in boxes:
        width = viewport.length(box.width)
        left, top = viewport.point((box.x, box.y))
        for card in faces:
            corner, art = index_corner(card, width)
            on_screen = corner.move(frame.x + left, frame.y + top)
            if not bounds.contains(on_screen):
                continue
            drawn = picture.subsurface(on_screen)
            # the mean difference is at least the difference of the means: a quick way out
            means = zip(pygame.transform.average_color(drawn), average(card, width), strict=False)
            if sum(abs(one - other) for one, other in list(means)[:3]) / 3 >= MATCH:
                continue
            if difference(drawn, art) < MATCH:
                found.append((card, box))
    return found


def seat_faces_shown(
    picture: pygame.Surface,
    seats: int,
    seat: int,
    cards: Sequence[Card],
    window: pygame.Rect | None = None,
) -> list[tuple[Card, Box]]:
    """Where any of `seat`'s `cards` shows face up, wherever the table puts that seat."""
    return faces_shown(picture, cards, card_boxes(seats, seat), window)
