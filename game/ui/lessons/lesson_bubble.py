"""The tutorial's speech bubble and its pointer: a dark card with a gold heading, the lesson in
wrapped lines and a hint, a tail toward the control to use, and a breathing gold ring around it.

Drawn like the coach's panel (dark glass, thin gold rim, gold small capitals over ivory words) so
the lesson reads as part of the same table. Surfaces are cached by size and words; only the ring
is redrawn each frame, from a phase in seconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.art.art import ready, soft_shadow
from game.ui.art.fonts import line_height, text
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, wrap

BUBBLE_WIDTH = 452.0
"""Logical width of the lesson bubble."""

TAIL = 12.0
"""Logical length of the bubble's tail toward the pointed-at control."""

PULSE_SECONDS = 1.4
"""One breath of the pointer ring."""

SOFT_IVORY = (214, 214, 204)


@dataclass(frozen=True)
class Lesson:
    """What the bubble says: a small gold heading, the words, and a hint line (may be empty)."""

    heading: str
    words: str
    hint: str = ""
    large: bool = False
    """A big gold title instead of the small heading (the end of a lesson)."""


@lru_cache(maxsize=16)
def bubble_surface(lesson: Lesson, width: int, size: int) -> pygame.Surface:
    """The bubble card for `lesson`, `width` pixels wide, body text at `size` pixels."""
    pad = round(size * 0.95)
    room = width - 2 * pad
    heading = _heading(lesson, size, room)
    lines = wrap(lesson.words, size, room)
    step = line_height(size)
    hint_lines = wrap(lesson.hint, size, room, True) if lesson.hint else []
    hint_height = line_height(size, True)
    height = pad + heading.get_height() + round(size * 0.45) + step * len(lines)
    if hint_lines:
        height += round(size * 0.7) + hint_height * len(hint_lines)
    height += pad
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = round(size * 0.8)
    pygame.draw.rect(card, (16, 18, 21, 238), card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, (*GOLD, 190), card.get_rect(), 1, border_radius=radius)
    accent = pygame.Rect(0, 0, max(3, round(size * 0.22)), height - 2 * radius)
    accent.midleft = (0, height // 2)
    pygame.draw.rect(card, (*GOLD, 230), accent, border_radius=accent.width // 2)
    top = pad
    card.blit(heading, (pad, top))
    top += heading.get_height() + round(size * 0.45)
    for line in lines:
        card.blit(text(line, size, IVORY), (pad, top))
        top += step
    if hint_lines:
        top += round(size * 0.35)
        pygame.draw.line(card, (*GOLD, 70), (pad, top), (width - pad, top))
        top += round(size * 0.35)
        for line in hint_lines:
            card.blit(text(line, size, GOLD, True), (pad, top))
            top += hint_height
    return ready(card)


def _heading(lesson: Lesson, size: int, room: int) -> pygame.Surface:
    """The gold heading: small capitals, or a big title wrapped over lines when `large`."""
    if not lesson.large:
        return text(lesson.heading.upper(), max(8, round(size * 0.74)), GOLD, True)
    big = round(size * 1.4)
    lines = wrap(lesson.heading, big, room, True)
    step = line_height(big, True)
    block = pygame.Surface((room, step * len(lines)), pygame.SRCALPHA)
    for index, line in enumerate(lines):
        block.blit(text(line, big, GOLD, True), (0, index * step))
    return block


def bubble_rect(viewport: Viewport, lesson: Lesson, above: Box) -> pygame.Rect:
    """Where the bubble sits on screen: right-aligned with, and just above, the `above` box."""
    width = viewport.length(BUBBLE_WIDTH)
    card = bubble_surface(lesson, width, viewport.length(15))
    right, top = viewport.point((above.right, above.y - TAIL - 2))
    return card.get_rect(bottomright=(right, top))


def draw_bubble(
    surface: pygame.Surface,
    viewport: Viewport,
    lesson: Lesson,
    above: Box,
    target: Box | None,
    shake: float = 0.0,
) -> pygame.Rect:
    """Draw the bubble over `above` with a tail toward `target`; `shake` (0..1) nudges it."""
    card = bubble_surface(lesson, viewport.length(BUBBLE_WIDTH), viewport.length(15))
    rect = bubble_rect(viewport, lesson, above)
    if shake > 0:
        rect.x += round(math.sin(shake * math.pi * 6) * viewport.length(7) * shake)
    blur = max(3, viewport.length(10))
    shadow = soft_shadow(rect.size, viewport.length(12), blur, 150)
    surface.blit(shadow, (rect.x - blur, rect.y - blur + viewport.length(4)))
    surface.blit(card, rect)
    if target is not None:
        _draw_tail(surface, viewport, rect, target)
    return rect


def _draw_tail(surface: pygame.Surface, viewport: Viewport, rect: pygame.Rect, target: Box) -> None:
    """A small gold-rimmed triangle under the bubble, above the target's centre."""
    half = viewport.length(10)
    x = viewport.point(target.centre)[0]
    x = max(rect.left + 3 * half, min(rect.right - 3 * half, x))
    base = rect.bottom - 1
    tip = (x, base + viewport.length(TAIL))
    points = [(x - half, base), (x + half, base), tip]
    pygame.draw.polygon(surface, (16, 18, 21), points)
    pygame.draw.line(surface, GOLD, points[0], tip, 2)
    pygame.draw.line(surface, GOLD, points[1], tip, 2)


def draw_pointer(surface: pygame.Surface, viewport: Viewport, box: Box, seconds: float) -> None:
    """A breathing gold ring hugging `box`, with a fading ripple growing out of it."""
    phase = (seconds % PULSE_SECONDS) / PULSE_SECONDS
    breath = 0.5 + 0.5 * math.sin(phase * 2 * math.pi)
    rect = pygame.Rect(viewport.box(box))
    margin = viewport.length(14)
    layer = pygame.Surface((rect.width + 2 * margin, rect.height + 2 * margin), pygame.SRCALPHA)
    inner = rect.move(margin - rect.x, margin - rect.y)
    radius = max(4, round(rect.height * 0.24))
    ripple = round(phase * margin * 0.9)
    ripple_alpha = round(200 * (1 - phase) ** 1.5)
    if ripple_alpha > 0:
        pygame.draw.rect(
            layer,
            (*GOLD, ripple_alpha),
            inner.inflate(2 * ripple + 4, 2 * ripple + 4),
            2,
            border_radius=radius + ripple,
        )
    thickness = max(2, viewport.length(3))
    glow = round(2 + 3 * breath)
    pygame.draw.rect(
        layer,
        (255, 214, 120, round(90 + 80 * breath)),
        inner.inflate(2 * glow + 2 * thickness, 2 * glow + 2 * thickness),
        thickness + glow,
        border_radius=radius + glow,
    )
    pygame.draw.rect(
        layer,
        (255, 226, 150, 255),
        inner.inflate(2 * thickness, 2 * thickness),
        thickness,
        border_radius=radius + thickness,
    )
    surface.blit(layer, (rect.x - margin, rect.y - margin))


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int], radius: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (8, 10, 12, 150), shade.get_rect(), border_radius=radius)
    return ready(shade)


def dim_box(surface: pygame.Surface, viewport: Viewport, box: Box) -> None:
    """Darken a control that the lesson does not ask for, so the pointed-at one stands out."""
    rect = pygame.Rect(viewport.box(box))
    surface.blit(_shade(rect.size, max(3, round(rect.height * 0.22))), rect)
