"""Seat portraits drawn in code: a face with its own skin tone, hair, eyes and clothes per name.

Each name picks its features from a stable checksum (not Python's salted `hash`), so a seat keeps
its face from run to run and two names rarely share one. Drawn large, then scaled down smoothly
(`art.supersampled`), and cached per name, size and muting.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui.art.art import Colour, darken, lighten, ready, supersampled

BACKDROPS: tuple[Colour, ...] = (
    (70, 130, 200),
    (200, 90, 80),
    (90, 170, 110),
    (190, 140, 60),
    (140, 100, 190),
    (60, 160, 170),
    (200, 110, 160),
    (120, 130, 140),
)
SKINS: tuple[Colour, ...] = (
    (255, 219, 182),
    (241, 194, 150),
    (224, 172, 125),
    (198, 134, 90),
    (161, 102, 66),
    (120, 76, 48),
    (92, 58, 38),
)
HAIRS: tuple[Colour, ...] = (
    (30, 24, 22),
    (62, 40, 28),
    (110, 70, 40),
    (168, 120, 64),
    (220, 190, 120),
    (150, 60, 34),
    (130, 130, 134),
)
CLOTHES: tuple[Colour, ...] = (
    (44, 62, 110),
    (120, 36, 44),
    (36, 96, 70),
    (90, 60, 120),
    (200, 160, 60),
    (40, 40, 46),
    (170, 90, 40),
)
HAIR_STYLES = ("short", "long", "bun", "bald", "curly", "fringe")


@dataclass(frozen=True)
class Features:
    """What a face is made of: indices into the palettes and styles."""

    backdrop: Colour
    skin: Colour
    hair: Colour
    clothes: Colour
    style: str
    glasses: bool
    beard: bool


def features_for(name: str) -> Features:
    """The face a name gets, always the same for the same name."""
    code = zlib.crc32(name.strip().lower().encode("utf-8"))

    def pick(count: int, shift: int) -> int:
        return (code >> shift) % count

    style = HAIR_STYLES[pick(len(HAIR_STYLES), 12)]
    return Features(
        backdrop=BACKDROPS[pick(len(BACKDROPS), 0)],
        skin=SKINS[pick(len(SKINS), 4)],
        hair=HAIRS[pick(len(HAIRS), 8)],
        clothes=CLOTHES[pick(len(CLOTHES), 16)],
        style=style,
        glasses=pick(5, 20) == 0,
        beard=style in ("short", "bald") and pick(3, 24) == 0,
    )


@lru_cache(maxsize=64)
def portrait(name: str, diameter: int, muted: bool = False) -> pygame.Surface:
    """A round portrait for `name`, `diameter` pixels across (greyed when `muted`)."""
    face = features_for(name)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        size = canvas.get_width()
        centre = size / 2
        unit = size / 100

        def circle(colour: Colour, x: float, y: float, radius: float) -> None:
            pygame.draw.circle(canvas, (*colour, 255), (x * unit, y * unit), radius * unit)

        def ellipse(colour: Colour, x: float, y: float, width: float, height: float) -> None:
            rect = pygame.Rect(0, 0, width * unit, height * unit)
            rect.center = (round(x * unit), round(y * unit))
            pygame.draw.ellipse(canvas, (*colour, 255), rect)

        mask = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (centre, centre), centre)
        circle(face.backdrop, 50, 50, 50)
        circle(lighten(face.backdrop, 0.18), 50, 38, 34)
        ellipse(face.clothes, 50, 104, 92, 62)  # shoulders
        ellipse(darken(face.clothes, 0.25), 50, 76, 20, 10)  # collar
        if face.style == "long":
            ellipse(face.hair, 50, 58, 64, 72)
        circle(darken(face.skin, 0.08), 50, 72, 9)  # neck
        ellipse(face.skin, 50, 47, 46, 54)  # head
        ellipse(face.skin, 27, 50, 9, 13)  # ears
        ellipse(face.skin, 73, 50, 9, 13)
        if face.style in ("short", "fringe", "long", "bun"):
            pygame.draw.ellipse(
                canvas,
                (*face.hair, 255),
                pygame.Rect(25 * unit, 18 * unit, 50 * unit, 32 * unit),
                0,
            )
            ellipse(face.skin, 50, 52, 42, 40)
        if face.style == "fringe":
            ellipse(face.hair, 42, 30, 34, 16)
        if face.style == "bun":
            circle(face.hair, 50, 16, 11)
        if face.style == "curly":
            for index in range(9):
                angle = math.pi * (0.95 + index * 0.135)
                circle(face.hair, 50 + 24 * math.cos(angle), 44 + 24 * math.sin(angle), 9)
            ellipse(face.skin, 50, 53, 40, 38)
        if face.beard:
            ellipse(darken(face.hair, 0.1), 50, 63, 34, 22)
            ellipse(face.skin, 50, 57, 26, 12)
        eye = (36, 30, 30)
        circle(eye, 41, 48, 3.2)
        circle(eye, 59, 48, 3.2)
        brow = darken(face.hair, 0.2)
        pygame.draw.line(
            canvas, (*brow, 255), (36 * unit, 41 * unit), (45 * unit, 40 * unit), round(2 * unit)
        )
        pygame.draw.line(
            canvas, (*brow, 255), (55 * unit, 40 * unit), (64 * unit, 41 * unit), round(2 * unit)
        )
        mouth = pygame.Rect(42 * unit, 54 * unit, 16 * unit, 10 * unit)
        pygame.draw.arc(
            canvas, (150, 60, 60, 255), mouth, math.pi * 1.15, math.pi * 1.85, round(2 * unit)
        )
        ellipse(darken(face.skin, 0.12), 50, 53, 6, 4)  # nose
        if face.glasses:
            frame = (30, 30, 36, 255)
            width = round(1.6 * unit)
            pygame.draw.circle(canvas, frame, (41 * unit, 48 * unit), 7 * unit, width)
            pygame.draw.circle(canvas, frame, (59 * unit, 48 * unit), 7 * unit, width)
            pygame.draw.line(canvas, frame, (48 * unit, 48 * unit), (52 * unit, 48 * unit), width)
        canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        del factor

    surface = supersampled((diameter, diameter), draw, edge=face.backdrop)
    if muted:
        grey = pygame.transform.grayscale(surface)
        grey.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surface = grey
    rim = (232, 190, 92) if not muted else (120, 116, 108)
    pygame.draw.circle(
        surface, rim, (diameter / 2, diameter / 2), diameter / 2, max(1, diameter // 22)
    )
    return ready(surface)
