"""The room, the padded rail and the felt, drawn once per window size; and the dealer button."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui.art.art import (
    Colour,
    darken,
    lighten,
    noise_tile,
    radial_gradient,
    ready,
    supersampled,
    tile_over,
    vertical_gradient,
)
from game.ui.art.fonts import font
from game.ui.art.kept_art import kept_picture
from game.ui.kit.layout import FELT, RAIL, Viewport

FELT_COLOURS: dict[str, Colour] = {
    "green": (28, 112, 64),
    "blue": (24, 84, 136),
    "red": (132, 30, 42),
    "purple": (82, 46, 122),
    "grey": (66, 76, 84),
}
"""The table colours a player can choose."""

RAIL_COLOUR: Colour = (62, 36, 24)
TRIM_COLOUR: Colour = (176, 128, 62)
ROOM_CENTRE = (46, 40, 38, 255)
ROOM_EDGE = (10, 9, 10, 255)


def _stadium_mask(size: tuple[int, int], inset: float = 0.0) -> pygame.Surface:
    """A white stadium (rectangle with round ends) filling `size`, anti-aliased, on transparent."""

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect().inflate(-2 * inset * factor, -2 * inset * factor)
        pygame.draw.rect(canvas, (255, 255, 255, 255), rect, border_radius=rect.height // 2)

    return supersampled(size, draw, edge=(255, 255, 255), factor=2)


def _cut(layer: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer


def _stadium_path(rect: pygame.Rect, count: int) -> list[tuple[float, float]]:
    """`count` points evenly spaced along the outline of the stadium filling `rect`."""
    radius = rect.height / 2
    straight = rect.width - 2 * radius
    perimeter = 2 * straight + 2 * math.pi * radius
    points: list[tuple[float, float]] = []
    for index in range(count):
        distance = perimeter * index / count
        if distance < straight:
            points.append((rect.x + radius + distance, rect.y))
            continue
        distance -= straight
        if distance < math.pi * radius:
            angle = -math.pi / 2 + distance / radius
            points.append(
                (
                    rect.right - radius + radius * math.cos(angle),
                    rect.centery + radius * math.sin(angle),
                )
            )
            continue
        distance -= math.pi * radius
        if distance < straight:
            points.append((rect.right - radius - distance, rect.bottom))
            continue
        distance -= straight
        angle = math.pi / 2 + distance / radius
        points.append(
            (rect.x + radius + radius * math.cos(angle), rect.centery + radius * math.sin(angle))
        )
    return points


def blur_small(layer: pygame.Surface, radius: int, shrink: int) -> pygame.Surface:
    """A gaussian blur done at 1/`shrink` size and scaled back: soft light costs a fraction."""
    width, height = layer.get_size()
    small = pygame.transform.smoothscale(layer, (max(1, width // shrink), max(1, height // shrink)))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius / shrink)))
    return pygame.transform.smoothscale(small, (width, height))


def _rail(size: tuple[int, int], scale: float) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(RAIL_COLOUR)
    layer.blit(
        vertical_gradient(size, (255, 235, 220, 255), (120, 110, 104, 255)),
        (0, 0),
        special_flags=pygame.BLEND_RGB_MULT,
    )
    tile_over(layer, noise_tile(128, 222, seed=3), pygame.BLEND_RGB_MULT)
    highlight = pygame.Surface(size, pygame.SRCALPHA)
    rect = highlight.get_rect().inflate(-round(10 * scale), -round(10 * scale))
    pygame.draw.rect(
        highlight,
        (255, 220, 190, 70),
        rect,
        max(1, round(4 * scale)),
        border_radius=rect.height // 2,
    )
    highlight = blur_small(highlight, max(1, round(3 * scale)), 2)
    layer.blit(highlight, (0, 0))
    stitches = _stadium_path(
        highlight.get_rect().inflate(-round(16 * scale), -round(16 * scale)), 260
    )
    for index in range(0, len(stitches) - 1, 2):
        pygame.draw.aaline(layer, (120, 84, 62), stitches[index], stitches[index + 1])
    return _cut(layer, _stadium_mask(size))


def _felt(size: tuple[int, int], colour: Colour, scale: float) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(lighten(colour, 0.08))
    tile_over(layer, noise_tile(160, 226, seed=11), pygame.BLEND_RGB_MULT)
    light = radial_gradient(size, (255, 255, 255, 255), (150, 150, 150, 255))
    layer.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    line_colour = (*lighten(colour, 0.22), 120)

    def draw_line(canvas: pygame.Surface, factor: float) -> None:
        inset = round(46 * scale * factor)
        rect = canvas.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(
            canvas,
            line_colour,
            rect,
            max(1, round(2 * scale * factor)),
            border_radius=rect.height // 2,
        )

    layer.blit(supersampled(size, draw_line, edge=line_colour[:3], factor=2), (0, 0))
    return _cut(layer, _stadium_mask(size))


DRAWN_BY = ("game.ui.art.art", "game.ui.art.table_art", "game.ui.kit.layout")
"""The modules whose code decides how the table's backdrop looks (its kept picture's key)."""


@lru_cache(maxsize=4)
def table_background(window_size: tuple[int, int], felt: str = "green") -> pygame.Surface:
    """The whole window's backdrop: dim room, table shadow, padded rail, wood trim and felt.

    With a display it is drawn once and kept in the user cache folder (about 0.1 s to draw, a
    few milliseconds to read back); without one it is drawn each time.
    """
    if pygame.display.get_surface() is None:
        return _backdrop(window_size, felt)
    felt = felt if felt in FELT_COLOURS else "green"
    return kept_picture(
        f"table-{felt}", window_size, lambda: _backdrop(window_size, felt), DRAWN_BY
    )


def _backdrop(window_size: tuple[int, int], felt: str) -> pygame.Surface:
    """Draw the table's backdrop (see `table_background`)."""
    viewport = Viewport.fit(window_size)
    scale = viewport.scale
    colour = FELT_COLOURS.get(felt, FELT_COLOURS["green"])
    background = radial_gradient(window_size, ROOM_CENTRE, ROOM_EDGE)
    background = background.convert() if pygame.display.get_surface() is not None else background

    rail = pygame.Rect(viewport.box(RAIL))
    shadow_pad = round(30 * scale)
    shadow = pygame.Surface(
        (rail.width + 2 * shadow_pad, rail.height + 2 * shadow_pad), pygame.SRCALPHA
    )
    body = pygame.Rect(shadow_pad, shadow_pad, rail.width, rail.height)
    pygame.draw.rect(shadow, (0, 0, 0, 170), body, border_radius=body.height // 2)
    shadow = blur_small(shadow, max(1, round(14 * scale)), 4)
    background.blit(shadow, (rail.x - shadow_pad, rail.y - shadow_pad + round(12 * scale)))

    background.blit(_rail(rail.size, scale), rail.topleft)
    trim = pygame.Rect(viewport.box(FELT.inflated(5)))
    trim_layer = vertical_gradient(
        trim.size, (*lighten(TRIM_COLOUR, 0.2), 255), (*darken(TRIM_COLOUR, 0.35), 255)
    )
    trim_layer = (
        trim_layer.convert_alpha()
        if pygame.display.get_surface() is not None
        else trim_layer.copy()
    )
    background.blit(_cut(trim_layer, _stadium_mask(trim.size)), trim.topleft)
    felt_rect = pygame.Rect(viewport.box(FELT))
    background.blit(_felt(felt_rect.size, colour, scale), felt_rect.topleft)
    return background


@lru_cache(maxsize=16)
def dealer_button(diameter: int) -> pygame.Surface:
    """The white dealer button with a bevelled edge and a bold D."""

    def draw(canvas: pygame.Surface, factor: float) -> None:
        radius = diameter * factor / 2
        centre = (radius, radius)
        pygame.draw.circle(canvas, (150, 146, 136), centre, radius)
        pygame.draw.circle(canvas, (250, 248, 240), centre, radius * 0.9)
        pygame.draw.circle(
            canvas, (206, 200, 186), centre, radius * 0.74, max(1, round(factor * 0.8))
        )
        letter = font(max(4, round(radius * 1.1)), bold=True).render("D", True, (30, 30, 34))
        canvas.blit(letter, letter.get_rect(center=(radius, radius * 1.04)))

    return ready(supersampled((diameter, diameter), draw, edge=(150, 146, 136)))
