"""Card faces and backs drawn from vectors at any pixel width, cached per size.

Faces: ivory rounded card, rank and pip in two corners (the lower one turned half round), the
classic pip layout for 2-10, a large ornate pip for aces and a framed figure for J, Q, K.
Backs: red lattice, blue rosette, green argyle.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.engine.cards import Card, Rank, Suit
from game.ui.art.art import Colour, ready, supersampled
from game.ui.art.court_art import draw_court
from game.ui.art.fonts import font
from game.ui.art.suits import draw_pip
from game.ui.kit.layout import CARD_ASPECT

RED: Colour = (204, 22, 40)
BLACK: Colour = (24, 24, 30)
BLUE: Colour = (22, 84, 196)
GREEN: Colour = (18, 132, 62)
IVORY: Colour = (253, 252, 248)
EDGE: Colour = (150, 150, 146)

BACK_DESIGNS = ("red", "blue", "green")
"""The card back designs a player can choose."""

CORNER_RADIUS = 0.075
"""Card corner radius as a fraction of the width."""

# Pip centres for 2-10 in a unit pip area: x 0 (left) .. 1 (right), y 0 (top) .. 1 (bottom).
_LEFT, _MIDDLE, _RIGHT = 0.0, 0.5, 1.0
_PIP_LAYOUTS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.TWO: ((_MIDDLE, 0), (_MIDDLE, 1)),
    Rank.THREE: ((_MIDDLE, 0), (_MIDDLE, 0.5), (_MIDDLE, 1)),
    Rank.FOUR: ((_LEFT, 0), (_RIGHT, 0), (_LEFT, 1), (_RIGHT, 1)),
    Rank.FIVE: ((_LEFT, 0), (_RIGHT, 0), (_MIDDLE, 0.5), (_LEFT, 1), (_RIGHT, 1)),
    Rank.SIX: ((_LEFT, 0), (_RIGHT, 0), (_LEFT, 0.5), (_RIGHT, 0.5), (_LEFT, 1), (_RIGHT, 1)),
    Rank.SEVEN: (
        (_LEFT, 0),
        (_RIGHT, 0),
        (_MIDDLE, 0.25),
        (_LEFT, 0.5),
        (_RIGHT, 0.5),
        (_LEFT, 1),
        (_RIGHT, 1),
    ),
    Rank.EIGHT: (
        (_LEFT, 0),
        (_RIGHT, 0),
        (_MIDDLE, 0.25),
        (_LEFT, 0.5),
        (_RIGHT, 0.5),
        (_MIDDLE, 0.75),
        (_LEFT, 1),
        (_RIGHT, 1),
    ),
    Rank.NINE: (
        (_LEFT, 0),
        (_RIGHT, 0),
        (_LEFT, 1 / 3),
        (_RIGHT, 1 / 3),
        (_MIDDLE, 0.5),
        (_LEFT, 2 / 3),
        (_RIGHT, 2 / 3),
        (_LEFT, 1),
        (_RIGHT, 1),
    ),
    Rank.TEN: (
        (_LEFT, 0),
        (_RIGHT, 0),
        (_MIDDLE, 1 / 6),
        (_LEFT, 1 / 3),
        (_RIGHT, 1 / 3),
        (_LEFT, 2 / 3),
        (_RIGHT, 2 / 3),
        (_MIDDLE, 5 / 6),
        (_LEFT, 1),
        (_RIGHT, 1),
    ),
}


def card_size(width: int) -> tuple[int, int]:
    """The pixel size of a card `width` pixels wide."""
    return (width, round(width * CARD_ASPECT))


def suit_colour(suit: Suit, four_colour: bool = False) -> Colour:
    """The ink of a suit: red and black, or ♦ blue and ♣ green in a four-colour deck."""
    if four_colour and suit is Suit.DIAMONDS:
        return BLUE
    if four_colour and suit is Suit.CLUBS:
        return GREEN
    return RED if suit.is_red else BLACK


def _blank(canvas: pygame.Surface, factor: float) -> pygame.Rect:
    """Draw the card body with its thin edge; returns the body rectangle."""
    rect = canvas.get_rect()
    radius = round(rect.width * CORNER_RADIUS)
    pygame.draw.rect(canvas, EDGE, rect, border_radius=radius)
    inner = rect.inflate(-2 * round(factor * 0.9), -2 * round(factor * 0.9))
    pygame.draw.rect(canvas, IVORY, inner, border_radius=max(0, radius - round(factor)))
    return rect


def _index(card: Card, width: int, colour: Colour) -> pygame.Surface:
    """The corner index (rank above a small pip) on its own transparent surface."""
    rank_size = round(width * 0.25)
    label = font(rank_size, bold=True).render(card.rank.label, True, colour)
    if card.rank is Rank.TEN:
        label = pygame.transform.smoothscale(
            label, (round(label.get_width() * 0.74), label.get_height())
        )
    pip_height = width * 0.14
    box_width = round(width * 0.2)
    box_height = round(label.get_height() * 0.86 + pip_height * 1.2)
    index = pygame.Surface((box_width, box_height), pygame.SRCALPHA)
    index.fill((*colour, 0))
    if label.get_width() > box_width:
        scale = box_width / label.get_width()
        label = pygame.transform.smoothscale(label, (box_width, round(label.get_height() * scale)))
    index.blit(label, label.get_rect(midtop=(box_width / 2, -round(label.get_height() * 0.08))))
    pip_centre = (box_width / 2, label.get_height() * 0.86 + pip_height * 0.55)
    draw_pip(index, card.suit, pip_centre, pip_height, colour)
    return index


def _draw_face(canvas: pygame.Surface, factor: float, card: Card, four_colour: bool) -> None:
    rect = _blank(canvas, factor)
    colour = suit_colour(card.suit, four_colour)
    width, height = rect.size
    index = _index(card, width, colour)
    margin_x, margin_y = round(width * 0.035), round(width * 0.05)
    canvas.blit(index, (margin_x, margin_y))
    turned = pygame.transform.rotate(index, 180)
    canvas.blit(
        turned, (width - margin_x - turned.get_width(), height - margin_y - turned.get_height())
    )
    if card.rank in _PIP_LAYOUTS:
        area = pygame.Rect(
            round(width * 0.335), round(height * 0.185), round(width * 0.33), round(height * 0.63)
        )
        pip_height = width * 0.185
        for x, y in _PIP_LAYOUTS[card.rank]:
            centre = (area.x + x * area.width, area.y + y * area.height)
            draw_pip(canvas, card.suit, centre, pip_height, colour, upside_down=y > 0.5)
    elif card.rank is Rank.ACE:
        _draw_ace(canvas, card.suit, colour, rect)
    else:
        panel = pygame.Rect(
            round(width * 0.215), round(height * 0.09), round(width * 0.57), round(height * 0.82)
        )
        draw_court(canvas, panel, card.rank, card.suit, colour)


def _draw_ace(canvas: pygame.Surface, suit: Suit, colour: Colour, rect: pygame.Rect) -> None:
    centre = rect.center
    if suit is Suit.SPADES:
        radius = rect.width * 0.3
        pygame.draw.circle(canvas, colour, centre, radius, max(1, round(rect.width * 0.012)))
        pygame.draw.circle(canvas, colour, centre, radius * 0.9, max(1, round(rect.width * 0.005)))
        for index in range(16):
            angle = index * math.pi / 8
            dot = (
                centre[0] + math.cos(angle) * radius * 1.1,
                centre[1] + math.sin(angle) * radius * 1.1,
            )
            pygame.draw.circle(canvas, colour, dot, rect.width * 0.012)
        draw_pip(canvas, suit, centre, rect.width * 0.44, colour)
        pygame.draw.circle(
            canvas, (255, 255, 255), (centre[0], centre[1] - rect.width * 0.03), rect.width * 0.035
        )
        pygame.draw.circle(
            canvas, colour, (centre[0], centre[1] - rect.width * 0.03), rect.width * 0.02
        )
    else:
        draw_pip(canvas, suit, centre, rect.width * 0.42, colour)


@lru_cache(maxsize=512)
def card_face(card: Card, width: int, four_colour: bool = False) -> pygame.Surface:
    """The face of `card`, `width` pixels wide (cached: do not draw on the result)."""
    return ready(
        supersampled(
            card_size(width),
            lambda canvas, factor: _draw_face(canvas, factor, card, four_colour),
            edge=EDGE,
        )
    )


_BACK_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "red": ((168, 24, 38), (224, 96, 104)),
    "blue": ((28, 58, 142), (108, 150, 228)),
    "green": ((20, 96, 56), (36, 124, 72)),
}


def _cut(pattern: pygame.Surface, radius: int) -> pygame.Surface:
    """Trim a pattern to a rounded rectangle."""
    mask = pygame.Surface(pattern.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return pattern


def _lattice(pattern: pygame.Surface, colour: Colour, spacing: float, width: int) -> None:
    size_x, size_y = pattern.get_size()
    reach = size_x + size_y
    offset: float = -reach
    while offset < reach:
        pygame.draw.line(pattern, colour, (offset, 0), (offset + size_y, size_y), width)
        pygame.draw.line(pattern, colour, (offset + size_y, 0), (offset, size_y), width)
        offset += spacing


def _argyle(
    pattern: pygame.Surface, dark: Colour, light: Colour, spacing: float, line: int
) -> None:
    size_x, size_y = pattern.get_size()
    pattern.fill(dark)
    half_x, half_y = spacing / 2, spacing * 0.7
    row = 0
    y = -half_y
    while y < size_y + half_y:
        x = -spacing + (half_x if row % 2 else 0)
        while x < size_x + spacing:
            diamond = [(x, y - half_y), (x + half_x, y), (x, y + half_y), (x - half_x, y)]
            pygame.draw.polygon(pattern, light, diamond)
            x += spacing
        y += half_y
        row += 1
    _lattice(pattern, (214, 178, 92), spacing * 0.5 * 1.0, line)


def _rosette(pattern: pygame.Surface, colour: Colour, radius: float, line: int) -> None:
    centre = (pattern.get_width() / 2, pattern.get_height() / 2)
    for index in range(12):
        angle = index * math.pi / 6
        petal = (
            centre[0] + math.cos(angle) * radius * 0.5,
            centre[1] + math.sin(angle) * radius * 0.5,
        )
        pygame.draw.circle(pattern, colour, petal, radius * 0.5, line)
    pygame.draw.circle(pattern, colour, centre, radius, line)
    pygame.draw.circle(pattern, colour, centre, radius * 1.12, line)


def _draw_back(canvas: pygame.Surface, factor: float, design: str) -> None:
    rect = _blank(canvas, factor)
    base, ink = _BACK_COLOURS[design]
    border = round(rect.width * 0.06)
    inner = rect.inflate(-2 * border, -2 * border)
    radius = round(rect.width * 0.04)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(base)
    line = max(1, round(factor * 0.8))
    spacing = rect.width * 0.075
    if design == "green":
        _argyle(pattern, base, ink, rect.width * 0.2, line)
    else:
        _lattice(pattern, ink, spacing, line)
    if design == "blue":
        medallion = rect.width * 0.26
        pygame.draw.circle(pattern, base, (inner.width / 2, inner.height / 2), medallion * 1.2)
        _rosette(pattern, ink, medallion, max(1, round(factor * 1.2)))
    frame = pattern.get_rect().inflate(-round(rect.width * 0.05), -round(rect.width * 0.05))
    pygame.draw.rect(
        pattern, (250, 246, 236), frame, max(1, round(factor * 0.9)), border_radius=radius
    )
    canvas.blit(_cut(pattern, radius), inner.topleft)


@lru_cache(maxsize=64)
def card_back(design: str, width: int) -> pygame.Surface:
    """A card back of the named design (see BACK_DESIGNS), `width` pixels wide (cached)."""
    if design not in _BACK_COLOURS:
        raise ValueError(f"unknown card back '{design}'; choose one of {', '.join(BACK_DESIGNS)}")
    return ready(
        supersampled(
            card_size(width), lambda canvas, factor: _draw_back(canvas, factor, design), edge=EDGE
        )
    )
