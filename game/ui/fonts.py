"""The bundled DejaVu fonts (they carry ♠ ♥ ♦ ♣), loaded once per pixel size."""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

import pygame

from game.assets import asset_folder
from game.ui.layout import window_scale

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


READABLE = 14
"""The smallest body text, in pixels at 1280×720: nothing is shrunk below it."""

HINTING_SLACK = 1.05
"""Tiny sizes in a small window render a little wider than their share of the logical width
(hinting); up to this much over, a text is drawn whole rather than cut (the padding takes it)."""

OVERFLOWS: deque[tuple[str, int, int]] = deque(maxlen=64)
"""Recent texts that did not fit at the readable floor and were cut: (words, size, width)."""


def readable_size() -> int:
    """The readable floor in pixels at the current window scale."""
    return max(1, math.ceil(READABLE * window_scale() - 1e-6))


def fit_text(
    words: str, size: int, colour: Colour, width: int, bold: bool = False
) -> pygame.Surface:
    """Text at `size`, shrunk step by step until it fits `width` pixels — but never below the
    readable floor (or its own size, if smaller): what still does not fit is cut with '…' and
    noted in OVERFLOWS, which the layout tests require to stay empty."""
    smallest = min(size, readable_size())
    while size > smallest and font(size, bold).size(words)[0] > width:
        size -= 1
    if font(size, bold).size(words)[0] <= width * HINTING_SLACK:
        return text(words, size, colour, bold)
    OVERFLOWS.append((words, size, width))
    cut = words
    while cut and font(size, bold).size(cut + "…")[0] > width:
        cut = cut[:-1]
    return text(cut.rstrip() + "…", size, colour, bold)
