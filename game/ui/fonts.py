"""The bundled DejaVu fonts (they carry ♠ ♥ ♦ ♣), loaded once per pixel size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.assets import asset_folder

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int] | tuple[int, int, int, int]


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled sans-serif font at `size` pixels (bold or regular)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = asset_folder("sprites") / "fonts" / (BOLD if bold else REGULAR)
    return pygame.font.Font(path, max(1, size))


@lru_cache(maxsize=384)
def text(words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Anti-aliased text on a transparent surface (cached: do not draw on the result)."""
    return font(size, bold).render(words, True, colour)


def fit_text(
    words: str, size: int, colour: Colour, width: int, bold: bool = False
) -> pygame.Surface:
    """Text at `size`, shrunk step by step (down to half) until it fits `width` pixels."""
    smallest = max(1, size // 2)
    while size > smallest and font(size, bold).size(words)[0] > width:
        size -= 1
    return text(words, size, colour, bold)
