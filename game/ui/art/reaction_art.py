"""The reaction symbols drawn in colour: a smiling face, a laughing face, a heart, a star, a cup
of tea, a thumbs-up and a flame, each from circles, arcs and polygons in a unit box.

A symbol travels as its character (☺, 😂, ♥, ★, ☕, 👍, 🔥); each screen draws its own picture of
it at the size it is shown, so it reads at a glance on the menu's buttons and in a seat's bubble
(the fonts draw these, where at all, small and in one colour).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.engine.cards import Suit
from game.ui.art.art import ready, supersampled
from game.ui.art.suits import draw_pip

Point = tuple[float, float]
Pen = Callable[[pygame.Surface, Callable[[float, float], Point], float], None]
"""Draws one symbol: on a canvas, with a map from the unit box (-1..1) to pixels, and the
pixels of one unit."""

FACE = (255, 204, 51)
FACE_EDGE = (205, 140, 20)
FEATURE = (92, 52, 20)
HEART = (226, 44, 66)
STAR = (255, 196, 40)
STAR_EDGE = (196, 124, 10)
CUP = (250, 246, 236)
CUP_EDGE = (130, 84, 52)
TEA = (150, 82, 38)
STEAM = (200, 200, 205)
FLAME = (255, 112, 24)
FLAME_CORE = (255, 214, 72)
TEAR = (90, 170, 240)
CUFF = (70, 130, 200)


def _face(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    pygame.draw.circle(canvas, FACE_EDGE, at(0, 0), 0.96 * unit)
    pygame.draw.circle(canvas, FACE, at(0, 0), 0.86 * unit)


def _smile(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    _face(canvas, at, unit)
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, 0.18 * unit, 0.3 * unit)
        eye.center = (round(at(0.32 * side, -0.22)[0]), round(at(0, -0.22)[1]))
        pygame.draw.ellipse(canvas, FEATURE, eye)
    mouth = pygame.Rect(0, 0, 1.05 * unit, 0.9 * unit)
    mouth.center = (round(at(0, 0.02)[0]), round(at(0, 0.02)[1]))
    pygame.draw.arc(
        canvas, FEATURE, mouth, math.pi * 1.12, math.pi * 1.88, max(2, round(0.11 * unit))
    )


def _laugh(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    _face(canvas, at, unit)
    width = max(2, round(0.1 * unit))
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, 0.34 * unit, 0.3 * unit)
        eye.center = (round(at(0.33 * side, -0.2)[0]), round(at(0, -0.2)[1]))
        pygame.draw.arc(canvas, FEATURE, eye, 0.1 * math.pi, 0.9 * math.pi, width)
        drop = [at(0.78 * side, -0.1), at(0.64 * side, 0.22), at(0.92 * side, 0.22)]
        pygame.draw.polygon(canvas, TEAR, drop)
        pygame.draw.circle(canvas, TEAR, at(0.78 * side, 0.26), 0.15 * unit)
    steps = 24
    mouth = [at(-0.5, 0.12), at(0.5, 0.12)]
    mouth += [
        at(0.5 * math.cos(math.pi * step / steps), 0.12 + 0.5 * math.sin(math.pi * step / steps))
        for step in range(steps + 1)
    ]
    pygame.draw.polygon(canvas, FEATURE, mouth)
    pygame.draw.circle(canvas, HEART, at(0, 0.48), 0.16 * unit)


def _heart(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    draw_pip(canvas, Suit.HEARTS, at(0, 0.02), 1.8 * unit, HEART)
    pygame.draw.circle(canvas, (255, 150, 160), at(-0.42, -0.38), 0.14 * unit)


def _star(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    def points(outer: float, inner: float) -> list[Point]:
        corners = []
        for index in range(10):
            radius = outer if index % 2 == 0 else inner
            angle = -math.pi / 2 + index * math.pi / 5
            corners.append(at(radius * math.cos(angle), 0.08 + radius * math.sin(angle)))
        return corners

    pygame.draw.polygon(canvas, STAR_EDGE, points(1.0, 0.44))
    pygame.draw.polygon(canvas, STAR, points(0.84, 0.36))


def _cup(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    saucer = pygame.Rect(0, 0, 1.9 * unit, 0.36 * unit)
    saucer.center = (round(at(0, 0.78)[0]), round(at(0, 0.78)[1]))
    pygame.draw.ellipse(canvas, CUP_EDGE, saucer)
    pygame.draw.ellipse(canvas, CUP, saucer.inflate(-0.12 * unit, -0.12 * unit))
    handle = pygame.Rect(0, 0, 0.62 * unit, 0.62 * unit)
    handle.center = (round(at(0.62, 0.2)[0]), round(at(0, 0.2)[1]))
    pygame.draw.ellipse(canvas, CUP_EDGE, handle, max(3, round(0.16 * unit)))
    body = [at(-0.78, -0.2), at(0.78, -0.2), at(0.56, 0.72), at(-0.56, 0.72)]
    pygame.draw.polygon(canvas, CUP_EDGE, body)
    inner = [at(-0.66, -0.14), at(0.66, -0.14), at(0.48, 0.62), at(-0.48, 0.62)]
    pygame.draw.polygon(canvas, CUP, inner)
    rim = pygame.Rect(0, 0, 1.56 * unit, 0.34 * unit)
    rim.center = (round(at(0, -0.2)[0]), round(at(0, -0.2)[1]))
    pygame.draw.ellipse(canvas, CUP_EDGE, rim)
    pygame.draw.ellipse(canvas, TEA, rim.inflate(-0.16 * unit, -0.1 * unit))
    width = max(2, round(0.09 * unit))
    for left in (-0.3, 0.14):
        wave = [at(left + 0.1 * math.sin(step * 0.9), -0.42 - step * 0.1) for step in range(6)]
        pygame.draw.lines(canvas, STEAM, False, wave, width)


def _thumb(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    cuff = pygame.Rect(0, 0, 0.42 * unit, 1.0 * unit)
    cuff.topleft = (round(at(-0.9, -0.1)[0]), round(at(0, -0.1)[1]))
    pygame.draw.rect(canvas, CUFF, cuff, border_radius=round(0.08 * unit))
    fist = pygame.Rect(0, 0, 1.2 * unit, 1.0 * unit)
    fist.topleft = (round(at(-0.44, -0.1)[0]), round(at(0, -0.1)[1]))
    pygame.draw.rect(canvas, FACE_EDGE, fist, border_radius=round(0.24 * unit))
    pygame.draw.rect(
        canvas, FACE, fist.inflate(-0.12 * unit, -0.12 * unit), border_radius=round(0.2 * unit)
    )
    thumb = ((-0.38, -0.04), (-0.2, -0.92), (0.14, -0.98), (0.2, -0.7), (0.1, -0.04))
    pygame.draw.polygon(canvas, FACE_EDGE, [at(x, y) for x, y in thumb])
    pygame.draw.circle(canvas, FACE_EDGE, at(-0.03, -0.9), 0.18 * unit)
    inner = [at(x * 0.7 - 0.02, y * 0.86 + 0.02) for x, y in thumb]
    pygame.draw.polygon(canvas, FACE, inner)
    pygame.draw.circle(canvas, FACE, at(-0.03, -0.82), 0.1 * unit)
    width = max(2, round(0.06 * unit))
    for row in (0.22, 0.46, 0.7):
        pygame.draw.line(canvas, FACE_EDGE, at(0.1, row), at(0.7, row), width)


def _flame(canvas: pygame.Surface, at: Callable[[float, float], Point], unit: float) -> None:
    def tongue(scale: float, lift: float) -> list[Point]:
        outline = []
        for step in range(48):
            angle = 2 * math.pi * step / 48
            x = math.sin(angle) * (0.62 + 0.1 * math.cos(3 * angle))
            y = math.cos(angle) * 0.62
            if y < 0:  # the upper half draws out to a flickering point
                y *= 1.6 - 0.25 * math.sin(angle * 2)
                x *= 1 + y * 0.5
            outline.append(at(x * scale, 0.3 + y * scale - lift))
        return outline

    pygame.draw.polygon(canvas, (214, 60, 20), tongue(1.12, 0.0))
    pygame.draw.polygon(canvas, FLAME, tongue(1.0, 0.0))
    pygame.draw.polygon(canvas, FLAME_CORE, tongue(0.55, -0.16))


PENS: dict[str, Pen] = {
    "☺": _smile,
    "😂": _laugh,
    "♥": _heart,
    "★": _star,
    "☕": _cup,
    "👍": _thumb,
    "🔥": _flame,
}
"""How each reaction symbol is drawn, in the order the menu offers them."""


@lru_cache(maxsize=64)
def reaction_icon(symbol: str, size: int) -> pygame.Surface | None:
    """The symbol drawn in colour, `size` pixels square; None for a symbol with no picture."""
    pen = PENS.get(symbol)
    if pen is None:
        return None
    side = max(8, size)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        half = side * factor / 2
        unit = half * 0.92

        def at(x: float, y: float) -> Point:
            return (half + x * unit, half + y * unit)

        pen(canvas, at, unit)

    return ready(supersampled((side, side), draw))
