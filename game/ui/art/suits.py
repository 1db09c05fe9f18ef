"""The four suit pips as vector shapes (polygons and circles in a unit box), drawn at any size.

Shapes live in a box from -1 to 1 on both axes, y pointing down, so a pip can be drawn upright
or turned half round (as on the lower half of a card) by negating the points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import pygame

from game.engine.cards import Suit

Point = tuple[float, float]


@dataclass(frozen=True)
class PipShape:
    """A suit pip: filled polygons and circles in the unit box."""

    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[float, float, float], ...] = ()


def _quadratic(start: Point, control: Point, end: Point, steps: int = 16) -> list[Point]:
    points = []
    for step in range(steps + 1):
        t = step / steps
        x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0]
        y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1]
        points.append((x, y))
    return points


def _heart_outline(steps: int = 96) -> list[Point]:
    """The classic heart curve, scaled into the unit box, point down."""
    points = []
    for step in range(steps):
        angle = 2 * math.pi * step / steps
        x = 16 * math.sin(angle) ** 3
        up = 13 * math.cos(angle) - 5 * math.cos(2 * angle) - 2 * math.cos(3 * angle)
        up -= math.cos(4 * angle)
        points.append((x / 16, (-up - 2.5) / 16))
    return points


def _stem() -> tuple[Point, ...]:
    left = _quadratic((-0.07, 0.2), (-0.06, 0.82), (-0.42, 0.97))
    right = _quadratic((0.42, 0.97), (0.06, 0.82), (0.07, 0.2))
    return tuple(left + right)


@cache
def pip_shape(suit: Suit) -> PipShape:
    """The vector shape of a suit's pip."""
    if suit is Suit.HEARTS:
        outline = [(x * 1.0, y * 1.06) for x, y in _heart_outline()]
        return PipShape((tuple(outline),))
    if suit is Suit.SPADES:
        body = tuple((x * 0.98, -y * 0.86 - 0.16) for x, y in _heart_outline())
        return PipShape((body, _stem()))
    if suit is Suit.DIAMONDS:
        top, right, bottom, left = (0.0, -1.0), (0.76, 0.0), (0.0, 1.0), (-0.76, 0.0)
        pull = 0.3
        outline = (
            _quadratic(top, (0.38 * (1 - pull), -0.5 * (1 - pull)), right)
            + _quadratic(right, (0.38 * (1 - pull), 0.5 * (1 - pull)), bottom)
            + _quadratic(bottom, (-0.38 * (1 - pull), 0.5 * (1 - pull)), left)
            + _quadratic(left, (-0.38 * (1 - pull), -0.5 * (1 - pull)), top)
        )
        return PipShape((tuple(outline),))
    leaf = 0.39
    centre = ((0.0, -0.22), (-0.28, 0.18), (0.28, 0.18))
    return PipShape(
        (centre, _stem()),
        ((0.0, -0.52, leaf), (-0.5, 0.12, leaf), (0.5, 0.12, leaf), (0.0, 0.05, 0.2)),
    )


def draw_pip(
    surface: pygame.Surface,
    suit: Suit,
    centre: Point,
    height: float,
    colour: tuple[int, int, int],
    upside_down: bool = False,
) -> None:
    """Draw a suit pip `height` pixels tall centred on `centre` (turned half round if asked)."""
    shape = pip_shape(suit)
    half = height / 2
    flip = -1.0 if upside_down else 1.0
    cx, cy = centre
    for polygon in shape.polygons:
        points = [(cx + flip * x * half, cy + flip * y * half) for x, y in polygon]
        pygame.draw.polygon(surface, colour, points)
    for x, y, radius in shape.circles:
        pygame.draw.circle(
            surface, colour, (cx + flip * x * half, cy + flip * y * half), radius * half
        )
