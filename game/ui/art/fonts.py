"""The bundled fonts, loaded once per pixel size: DejaVu (it carries ♠ ♥ ♦ ♣) and, for text in
Devanagari, Noto Sans Devanagari shaped by HarfBuzz (conjuncts and vowel signs joined)."""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

import pygame

from game.assets import asset_folder
from game.i18n import language
from game.ui.kit.layout import window_scale

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
DEVANAGARI_REGULAR = "NotoSansDevanagari-Regular.ttf"
DEVANAGARI_BOLD = "NotoSansDevanagari-Bold.ttf"

Colour = tuple[int, int, int] | tuple[int, int, int, int]


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, script: str = "Latn") -> pygame.font.Font:
    """The bundled sans-serif font at `size` pixels (bold or regular) for a script ("Latn" is
    DejaVu; "Deva" is Noto Sans Devanagari with HarfBuzz shaping for Devanagari)."""
    if not pygame.font.get_init():
        pygame.font.init()
    if script == "Deva":
        name = DEVANAGARI_BOLD if bold else DEVANAGARI_REGULAR
    else:
        name = BOLD if bold else REGULAR
    loaded = pygame.font.Font(asset_folder("sprites") / "fonts" / name, max(1, size))
    if script == "Deva":
        loaded.set_script("Deva")
    return loaded


NEUTRAL = frozenset(" 0123456789.,:;!?'\"()-/%")
"""Characters both fonts draw alike: they stay in the run of the letters around them."""


def script_of(words: str) -> str:
    """'Deva' when `words` hold any Devanagari letter, else 'Latn'."""
    return "Deva" if any(_devanagari(letter) for letter in words) else "Latn"


def _devanagari(letter: str) -> bool:
    return "\u0900" <= letter <= "\u097f" or letter in "\u200c\u200d"


@lru_cache(maxsize=1024)
def runs(words: str) -> tuple[tuple[str, str], ...]:
    """`words` cut into (script, text) runs: Devanagari letters go to the shaping Devanagari
    font, everything else (Latin, arrows, ·, ♠) to DejaVu; spaces, digits and plain punctuation
    stay with the run they are in, so a word is never split from its shaping neighbours."""
    pieces: list[tuple[str, str]] = []
    for letter in words:
        if letter in NEUTRAL and pieces:
            script = pieces[-1][0]
        else:
            script = "Deva" if _devanagari(letter) else "Latn"
        if pieces and pieces[-1][0] == script:
            pieces[-1] = (script, pieces[-1][1] + letter)
        else:
            pieces.append((script, letter))
    return tuple(pieces)


def font_for(words: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font of `words` when they are one script (Devanagari gets the shaping font)."""
    return font(size, bold, script_of(words))


def text_width(words: str, size: int, bold: bool = False) -> int:
    """How wide `words` are drawn at `size`, each run in its own script's font."""
    return sum(font(size, bold, script).size(piece)[0] for script, piece in runs(words))


def line_height(size: int, bold: bool = False) -> int:
    """The distance between lines of text at `size`: taller while the language is Hindi
    (Devanagari's vowel signs reach above and below the Latin line)."""
    script = "Deva" if language() == "hi" else "Latn"
    return max(font(size, bold).get_linesize(), font(size, bold, script).get_linesize())


RECORDINGS: list[set[str]] = []
"""While a test appends a set here, every text drawn is added to the last one (the language
checks read what reached the screen); the game itself never appends."""


def text(words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Anti-aliased text on a transparent surface (cached: do not draw on the result); mixed
    Devanagari and Latin text is drawn run by run on one baseline."""
    if RECORDINGS:
        RECORDINGS[-1].add(words)
    return _drawn(words, size, colour, bold)


@lru_cache(maxsize=384)
def _drawn(words: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
    pieces = runs(words)
    if len(pieces) <= 1:
        return font_for(words, size, bold).render(words, True, colour)
    rendered = [(font(size, bold, script), piece) for script, piece in pieces]
    ascent = max(face.get_ascent() for face, _ in rendered)
    descent = max(-face.get_descent() for face, _ in rendered)
    surfaces = [(face, face.render(piece, True, colour)) for face, piece in rendered]
    width = sum(surface.get_width() for _, surface in surfaces)
    height = max(ascent + descent, *(surface.get_height() for _, surface in surfaces))
    line = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    x = 0
    for face, surface in surfaces:
        line.blit(surface, (x, ascent - face.get_ascent()))
        x += surface.get_width()
    return line


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
    while size > smallest and text_width(words, size, bold) > width:
        size -= 1
    if text_width(words, size, bold) <= width * HINTING_SLACK:
        return text(words, size, colour, bold)
    OVERFLOWS.append((words, size, width))
    cut = words
    while cut and text_width(cut + "…", size, bold) > width:
        cut = cut[:-1]
    return text(cut.rstrip() + "…", size, colour, bold)
