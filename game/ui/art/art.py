"""Drawing primitives shared by the card, chip and table art: supersampling, shadows, glows.

Small sprites are drawn at `SUPERSAMPLE` times their size and smooth-scaled down, which gives
clean anti-aliased edges with plain pygame.draw calls. Every result is made for the real pixel
size it is shown at, so nothing is a scaled bitmap.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

SUPERSAMPLE = 4
"""How many times bigger sprites are drawn before smooth-scaling down."""

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class ArtStyle:
    """The player's look options: four-colour deck, card back and felt colour."""

    four_colour: bool = False
    back: str = "red"
    felt: str = "green"
    sort_hand: bool = True


DEFAULT_STYLE = ArtStyle()
"""Red backs, green felt, two-colour deck."""


def ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format for fast blits, when a display exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def dim(surface: pygame.Surface, colour: RGBA) -> None:
    """Lay a veil of `colour` over the whole of `surface` (its alpha says how dark): the screen
    under an overlay."""
    surface.blit(_veil(surface.get_size(), colour), (0, 0))


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], colour: RGBA) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill(colour)
    return veil


def lay_over(canvas: pygame.Surface, image: pygame.Surface, at: tuple[int, int]) -> None:
    """Lay `image` over a premultiplied-alpha canvas, as it would lie over the screen (blit
    the finished canvas with BLEND_PREMULTIPLIED): many small blits cached as one."""
    if image.get_flags() & pygame.SRCALPHA:
        canvas.blit(image.premul_alpha(), at, special_flags=pygame.BLEND_PREMULTIPLIED)
    else:
        canvas.blit(image, at)


def supersampled(
    size: tuple[int, int],
    draw: Callable[[pygame.Surface, float], None],
    edge: Colour = (0, 0, 0),
    factor: int = SUPERSAMPLE,
) -> pygame.Surface:
    """Run `draw(canvas, factor)` on a canvas `factor` times bigger, then scale down smoothly.

    The canvas starts transparent in the `edge` colour, so smooth-scaling blends edges toward
    that colour instead of toward black (no dark fringes on light shapes).
    """
    width, height = max(1, size[0]), max(1, size[1])
    canvas = pygame.Surface((width * factor, height * factor), pygame.SRCALPHA)
    canvas.fill((*edge, 0))
    draw(canvas, float(factor))
    return pygame.transform.smoothscale(canvas, (width, height))


@lru_cache(maxsize=256)
def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle to lay under a card or plate (padded by `blur`)."""
    pad = blur * 2
    shadow = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(
        shadow, (0, 0, 0, alpha), (pad, pad, size[0], size[1]), border_radius=max(0, radius)
    )
    if blur > 0:
        shadow = pygame.transform.gaussian_blur(shadow, blur)
    return ready(shadow)


@lru_cache(maxsize=64)
def glow(size: tuple[int, int], radius: int, colour: Colour, spread: int) -> pygame.Surface:
    """A soft coloured halo around a rounded rectangle of `size` (padded by 2 × spread)."""
    pad = spread * 2
    halo = _white_halo(size, radius, spread).copy()
    halo.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    ring = pygame.Rect(pad - 2, pad - 2, size[0] + 4, size[1] + 4)
    pygame.draw.rect(halo, (*colour, 255), ring, 2, border_radius=radius + 2)
    return ready(halo)


@lru_cache(maxsize=16)
def _white_halo(size: tuple[int, int], radius: int, spread: int) -> pygame.Surface:
    """A glow's blurred halo in white, tinted by each colour's glow: the blur, most of a glow's
    cost, is done once for all its colours (the tint is within one level of blurring each)."""
    pad = spread * 2
    halo = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    rect = pygame.Rect(pad - spread // 2, pad - spread // 2, size[0] + spread, size[1] + spread)
    pygame.draw.rect(halo, (255, 255, 255, 200), rect, border_radius=radius + spread // 2)
    return pygame.transform.gaussian_blur(halo, max(1, spread))


def vertical_gradient(size: tuple[int, int], top: RGBA, bottom: RGBA) -> pygame.Surface:
    """A surface shading from `top` to `bottom` colour (built 1 px wide, then stretched)."""
    height = max(2, size[1])
    strip = pygame.Surface((1, height), pygame.SRCALPHA)
    for row in range(height):
        amount = row / (height - 1)
        strip.set_at(
            (0, row), tuple(round(a + (b - a) * amount) for a, b in zip(top, bottom, strict=True))
        )
    return pygame.transform.scale(strip, (max(1, size[0]), height))


def radial_gradient(
    size: tuple[int, int], centre: RGBA, edge: RGBA, steps: int = 48
) -> pygame.Surface:
    """An elliptical gradient from `centre` colour in the middle to `edge` at the borders."""
    small = (max(8, size[0] // 8), max(8, size[1] // 8))
    canvas = pygame.Surface(small, pygame.SRCALPHA)
    canvas.fill(edge)
    for step in range(steps):
        amount = step / (steps - 1)
        colour = tuple(round(a + (b - a) * amount) for a, b in zip(edge, centre, strict=True))
        scale = 1 - amount
        rect = pygame.Rect(
            0, 0, max(1, round(small[0] * scale * 1.2)), max(1, round(small[1] * scale * 1.2))
        )
        rect.center = (small[0] // 2, small[1] // 2)
        pygame.draw.ellipse(canvas, colour, rect)
    canvas = pygame.transform.gaussian_blur(canvas, 2)
    return pygame.transform.smoothscale(canvas, (max(1, size[0]), max(1, size[1])))


@lru_cache(maxsize=8)
def noise_tile(size: int, low: int, seed: int = 7) -> pygame.Surface:
    """A seamless grey grain tile with values from `low` to 255, for BLEND_RGB_MULT texturing."""
    rng = random.Random(seed)
    span = 256 - low
    table = bytes(low + value * span // 256 for value in range(256))
    grey = rng.randbytes(size * size).translate(table)
    rgb = bytearray(3 * len(grey))
    rgb[0::3] = rgb[1::3] = rgb[2::3] = grey  # each grey value as red, green and blue
    return pygame.image.frombuffer(bytes(rgb), (size, size), "RGB").copy()


def tile_over(surface: pygame.Surface, tile: pygame.Surface, flags: int) -> None:
    """Cover the whole surface with copies of `tile`, blended with `flags`."""
    width, height = surface.get_size()
    tile_width, tile_height = tile.get_size()
    for top in range(0, height, tile_height):
        for left in range(0, width, tile_width):
            surface.blit(tile, (left, top), special_flags=flags)


def lighten(colour: Colour, amount: float) -> Colour:
    """The colour moved `amount` (0..1) of the way toward white."""
    red, green, blue = colour
    return (
        round(red + (255 - red) * amount),
        round(green + (255 - green) * amount),
        round(blue + (255 - blue) * amount),
    )


def darken(colour: Colour, amount: float) -> Colour:
    """The colour moved `amount` (0..1) of the way toward black."""
    red, green, blue = colour
    return (round(red * (1 - amount)), round(green * (1 - amount)), round(blue * (1 - amount)))
