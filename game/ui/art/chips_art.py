"""Casino chips by denomination, seen from above at a tilt, and piles that grow with the amount."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.art.art import Colour, darken, lighten, ready, supersampled
from game.ui.art.fonts import font

TILT = 0.52
"""Height over width of a chip face seen on the table (1 would be straight from above)."""

THICKNESS = 0.11
"""A chip's edge thickness as a fraction of its diameter."""

COLUMN_HEIGHT = 6
"""Chips in one column before the pile starts another."""

MAX_COLUMNS = 4
"""The most columns a pile shows by default; bigger amounts make the columns taller instead."""

MAX_COLUMN_HEIGHT = 10
"""No column grows past this by default, however large the amount."""

COLUMN_SPACING = 0.86
"""Distance between two columns' centres, in chip diameters (they just touch at the tilt)."""

STAGGER = 0.16
"""How much higher every other column stands, in chip diameters (a heap, not a fence)."""


@dataclass(frozen=True)
class ChipDesign:
    """A denomination's colours: body, edge inserts and the centre inlay's ink."""

    value: int
    body: Colour
    stripe: Colour
    ink: Colour


CHIP_DESIGNS: tuple[ChipDesign, ...] = (
    ChipDesign(1000, (226, 120, 24), (30, 30, 34), (150, 70, 10)),
    ChipDesign(500, (112, 44, 156), (246, 206, 70), (112, 44, 156)),
    ChipDesign(100, (34, 34, 40), (236, 236, 236), (34, 34, 40)),
    ChipDesign(25, (26, 138, 72), (246, 246, 240), (20, 110, 58)),
    ChipDesign(5, (196, 30, 40), (250, 250, 246), (176, 24, 34)),
    ChipDesign(1, (236, 236, 230), (40, 96, 196), (40, 96, 196)),
)
"""Highest first: orange 1000, purple 500, black 100, green 25, red 5, white 1."""

DENOMINATIONS = tuple(design.value for design in CHIP_DESIGNS)
_DESIGN_BY_VALUE = {design.value: design for design in CHIP_DESIGNS}

Transform = Callable[[float, float], tuple[float, float]]


def chip_breakdown(amount: int) -> list[int]:
    """The chips that make up `amount`, fewest chips first (greedy, highest first).

    >>> chip_breakdown(137)
    [100, 25, 5, 5, 1, 1]
    """
    chips: list[int] = []
    for value in DENOMINATIONS:
        count, amount = divmod(max(0, amount), value)
        chips.extend([value] * count)
    return chips


def _ellipse_points(
    transform: Transform, radius: float, steps: int = 72
) -> list[tuple[float, float]]:
    return [
        transform(
            radius * math.cos(2 * math.pi * i / steps), radius * math.sin(2 * math.pi * i / steps)
        )
        for i in range(steps)
    ]


def _draw_face(
    canvas: pygame.Surface, design: ChipDesign, transform: Transform, radius: float, label: bool
) -> None:
    """A chip face in chip space (a circle of `radius`) mapped to the canvas by `transform`."""
    pygame.draw.polygon(canvas, design.body, _ellipse_points(transform, radius))
    inserts = 6
    for index in range(inserts):
        middle = 2 * math.pi * index / inserts
        half = math.pi / inserts * 0.42
        outer, inner = radius * 0.995, radius * 0.74
        corners = [
            (outer * math.cos(middle - half), outer * math.sin(middle - half)),
            (outer * math.cos(middle + half), outer * math.sin(middle + half)),
            (inner * math.cos(middle + half * 0.9), inner * math.sin(middle + half * 0.9)),
            (inner * math.cos(middle - half * 0.9), inner * math.sin(middle - half * 0.9)),
        ]
        pygame.draw.polygon(canvas, design.stripe, [transform(x, y) for x, y in corners])
    ring = darken(design.body, 0.18) if design.value != 1 else (200, 200, 196)
    pygame.draw.polygon(canvas, ring, _ellipse_points(transform, radius * 0.7))
    pygame.draw.polygon(canvas, (250, 248, 242), _ellipse_points(transform, radius * 0.6))
    dashes = 16
    for index in range(dashes):
        start = 2 * math.pi * index / dashes
        arc = [
            transform(
                radius * 0.65 * math.cos(start + step * 0.05),
                radius * 0.65 * math.sin(start + step * 0.05),
            )
            for step in range(5)
        ]
        pygame.draw.lines(canvas, design.stripe, False, arc, max(1, round(radius * 0.04)))
    if label:
        text = font(
            max(4, round(radius * (0.62 if design.value < 100 else 0.5))), bold=True
        ).render(str(design.value), True, design.ink)
        centre = transform(0, 0)
        height = max(1, round(text.get_height() * abs(transform(0, 1)[1] - transform(0, 0)[1])))
        text = pygame.transform.smoothscale(text, (text.get_width(), height))
        canvas.blit(text, text.get_rect(center=(centre[0], centre[1] + radius * 0.02)))


@lru_cache(maxsize=64)
def chip_face(value: int, diameter: int) -> pygame.Surface:
    """A chip seen straight from above, with its value in the middle (for buttons and icons)."""
    design = _DESIGN_BY_VALUE[value]

    def draw(canvas: pygame.Surface, factor: float) -> None:
        radius = diameter * factor / 2
        _draw_face(canvas, design, lambda x, y: (radius + x, radius + y), radius, True)

    return ready(supersampled((diameter, diameter), draw, edge=design.body))


@lru_cache(maxsize=64)
def chip_layer(value: int, diameter: int) -> pygame.Surface:
    """One chip seen at the table's tilt: the face on top of its striped edge."""
    design = _DESIGN_BY_VALUE[value]
    face_height = diameter * TILT
    thickness = max(2.0, diameter * THICKNESS)
    size = (diameter, math.ceil(face_height + thickness) + 1)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        radius = diameter * factor / 2
        edge_drop = thickness * factor
        side = darken(design.body, 0.32) if design.value != 1 else (170, 170, 166)

        def top(x: float, y: float) -> tuple[float, float]:
            return (radius + x, radius * TILT + y * TILT)

        def below(x: float, y: float) -> tuple[float, float]:
            return (radius + x, radius * TILT + y * TILT + edge_drop)

        pygame.draw.polygon(canvas, side, _ellipse_points(below, radius))
        pygame.draw.rect(canvas, side, (0, radius * TILT, 2 * radius, edge_drop))
        for index in range(12):
            angle = 2 * math.pi * (index + 0.5) / 12
            if math.sin(angle) <= 0.05:
                continue
            spread = 0.09
            left, right = angle + spread, angle - spread
            quad = [
                top(radius * math.cos(left), radius * math.sin(left)),
                top(radius * math.cos(right), radius * math.sin(right)),
            ]
            quad += [
                below(radius * math.cos(right), radius * math.sin(right)),
                below(radius * math.cos(left), radius * math.sin(left)),
            ]
            pygame.draw.polygon(
                canvas, lighten(design.stripe, 0.1) if index % 2 else design.stripe, quad
            )
        pygame.draw.polygon(
            canvas, darken(side, 0.35), _ellipse_points(below, radius), max(1, round(factor * 0.6))
        )
        _draw_face(canvas, design, top, radius, False)
        pygame.draw.polygon(
            canvas,
            lighten(design.body, 0.25),
            _ellipse_points(top, radius),
            max(1, round(factor * 0.5)),
        )

    return ready(supersampled(size, draw, edge=darken(design.body, 0.3)))


def display_chips(amount: int) -> list[int]:
    """The chips a pile of `amount` shows: the fewest chips, but more for bigger amounts.

    A lone 100 chip would look poorer than 99 in small chips, so big chips are broken into
    the next smaller ones until the pile has about 1 + 3 × log10(amount) chips.

    >>> display_chips(100)
    [25, 25, 25, 5, 5, 5, 5, 5]
    """
    chips = chip_breakdown(amount)
    if amount <= 0:
        return chips
    target = min(24, 1 + int(3 * math.log10(amount)))
    while len(chips) < target:
        splittable = [chip for chip in chips if chip != DENOMINATIONS[-1]]
        if not splittable:
            break
        largest = max(splittable)
        smaller = DENOMINATIONS[DENOMINATIONS.index(largest) + 1]
        chips.remove(largest)
        chips.extend([smaller] * (largest // smaller))
        chips.extend(chip_breakdown(largest % smaller))
        chips.sort(reverse=True)
    return chips


def pile_columns(
    amount: int, max_columns: int = MAX_COLUMNS, max_height: int = MAX_COLUMN_HEIGHT
) -> list[list[int]]:
    """The chips of `amount` in columns of one denomination, highest on the left.

    Past `max_columns` the smallest columns merge into their neighbour, and no column grows
    past `max_height` chips, so a pile never outgrows the room the table keeps for it.

    >>> pile_columns(1234)
    [[500, 500], [100, 100], [25], [5, 1, 1, 1, 1]]
    """
    columns: list[list[int]] = []
    chips = display_chips(amount)
    per_column = min(COLUMN_HEIGHT, max_height)
    for value in DENOMINATIONS:
        same = [chip for chip in chips if chip == value]
        while same:
            columns.append(same[:per_column])
            same = same[per_column:]
    while len(columns) > max(1, max_columns):
        smallest = columns.pop()
        columns[-1] = (columns[-1] + smallest)[:max_height]
    return [column[:max_height] for column in columns]


def layer_height(diameter: float) -> float:
    """The height of one chip drawn at the tilt: its face and its edge."""
    return math.ceil(diameter * TILT + max(2.0, diameter * THICKNESS)) + 1


def pile_size(columns: int, tallest: int, diameter: float) -> tuple[float, float]:
    """The width and height of a pile of `columns` columns, the tallest `tallest` chips high."""
    step = max(2.0, diameter * THICKNESS)
    width = diameter + diameter * COLUMN_SPACING * max(0, columns - 1) + 2
    height = layer_height(diameter) + step * (max(1, tallest) - 1) + diameter * STAGGER + 2
    return (width, height)


def tallest_fitting(height: float, diameter: float, wanted: int) -> int:
    """The most chips (up to `wanted`) a column of `diameter` chips may hold within `height`."""
    tallest = max(1, wanted)
    while tallest > 1 and pile_size(1, tallest, diameter)[1] > height:
        tallest -= 1
    return tallest


@lru_cache(maxsize=48)
def chip_pile(
    amount: int,
    diameter: int,
    max_columns: int = MAX_COLUMNS,
    max_height: int = MAX_COLUMN_HEIGHT,
) -> pygame.Surface:
    """A tidy pile of chips worth `amount`: taller and wider as the amount grows (cached)."""
    columns = pile_columns(amount, max_columns, max_height)
    tallest = max((len(column) for column in columns), default=1)
    width, height = (round(length) for length in pile_size(len(columns), tallest, diameter))
    layer = chip_layer(DENOMINATIONS[0], diameter).get_height()
    step = max(2.0, diameter * THICKNESS)
    spacing = diameter * COLUMN_SPACING
    stagger = diameter * STAGGER
    pile = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    order = sorted(range(len(columns)), key=lambda index: index % 2)
    for index in order:
        column = columns[index]
        x = 1 + spacing * index
        base = height - layer - 1 - (0 if index % 2 else stagger)
        for level, value in enumerate(column):
            pile.blit(chip_layer(value, diameter), (round(x), round(base - level * step)))
    return ready(pile)
