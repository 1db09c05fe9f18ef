"""Court cards (J, Q, K): a framed panel holding a double-headed stylised figure made of shapes.

The top half is drawn once and turned half round for the bottom half, as on printed cards.
Each rank has its own headwear (crown, coronet, feathered cap), hair and emblem, and the big
rank letter sits on a gold medallion on the figure's chest.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.engine.cards import Rank, Suit
from game.ui.art.art import Colour, darken, lighten
from game.ui.art.fonts import font
from game.ui.art.suits import draw_pip

GOLD: Colour = (226, 176, 48)
GOLD_DARK: Colour = (150, 104, 22)
SKIN: Colour = (250, 222, 190)
INK: Colour = (30, 26, 30)
PANEL: Colour = (252, 247, 232)
BLUE: Colour = (38, 72, 160)
RED: Colour = (196, 34, 46)
Mapper = Callable[[float, float], tuple[float, float]]
Sizer = Callable[[float], float]
HAIR = {Rank.JACK: (122, 72, 34), Rank.QUEEN: (236, 190, 74), Rank.KING: (232, 232, 228)}


def draw_court(
    canvas: pygame.Surface,
    rect: pygame.Rect,
    rank: Rank,
    suit: Suit,
    suit_colour: Colour,
) -> None:
    """Draw the framed court panel for `rank` of `suit` into `rect` of the canvas."""
    unit = rect.width / 100
    pygame.draw.rect(canvas, PANEL, rect, border_radius=round(unit * 3))
    half = pygame.Surface((rect.width, rect.height // 2 + 1), pygame.SRCALPHA)
    _figure(half, rank, suit, suit_colour)
    canvas.blit(half, rect.topleft)
    turned = pygame.transform.rotate(half, 180)
    canvas.blit(turned, (rect.x, rect.bottom - turned.get_height()))
    middle = rect.centery
    pygame.draw.line(
        canvas, GOLD_DARK, (rect.x + unit * 4, middle), (rect.right - unit * 4, middle), round(unit)
    )
    pygame.draw.rect(
        canvas, suit_colour, rect, max(1, round(unit * 1.6)), border_radius=round(unit * 3)
    )
    inner = rect.inflate(-round(unit * 5), -round(unit * 5))
    pygame.draw.rect(canvas, GOLD, inner, max(1, round(unit * 0.9)), border_radius=round(unit * 2))


def _figure(half: pygame.Surface, rank: Rank, suit: Suit, suit_colour: Colour) -> None:
    width, height = half.get_size()

    def at(x: float, y: float) -> tuple[float, float]:
        return (x * width, y * height)

    def size(value: float) -> float:
        return value * width

    robe = suit_colour if suit_colour != INK else (40, 40, 52)
    trim = BLUE if suit.is_red else RED
    hair = HAIR[rank]

    # Shoulders and robe.
    robe_outline = [
        at(0.38, 0.56),
        at(0.62, 0.56),
        at(0.86, 0.66),
        at(0.95, 1.01),
        at(0.05, 1.01),
        at(0.14, 0.66),
    ]
    pygame.draw.polygon(half, robe, robe_outline)
    stripe = [at(0.42, 0.7), at(0.58, 0.7), at(0.62, 1.01), at(0.38, 1.01)]
    pygame.draw.polygon(half, trim, stripe)
    for x in (0.42, 0.58):
        pygame.draw.line(
            half, GOLD, at(x, 0.7), at(x + (0.04 if x > 0.5 else -0.04), 1.0), round(size(0.018))
        )
    for x, y in ((0.22, 0.84), (0.78, 0.84), (0.16, 0.96), (0.84, 0.96)):
        pygame.draw.circle(half, lighten(robe, 0.55), at(x, y), size(0.022))
    # Shoulder caps in gold.
    for sign in (-1, 1):
        cap = [
            at(0.5 + sign * 0.2, 0.6),
            at(0.5 + sign * 0.37, 0.66),
            at(0.5 + sign * 0.42, 0.76),
            at(0.5 + sign * 0.28, 0.7),
        ]
        pygame.draw.polygon(half, GOLD, cap)

    # Hair behind the head.
    if rank is Rank.QUEEN:
        pygame.draw.ellipse(half, hair, pygame.Rect(*at(0.3, 0.22), size(0.4), size(0.5)))
    elif rank is Rank.JACK:
        pygame.draw.ellipse(half, hair, pygame.Rect(*at(0.34, 0.26), size(0.32), size(0.3)))

    # Collar: a gold V with the trim colour inside.
    pygame.draw.polygon(half, GOLD, [at(0.33, 0.56), at(0.67, 0.56), at(0.5, 0.74)])
    pygame.draw.polygon(half, PANEL, [at(0.4, 0.57), at(0.6, 0.57), at(0.5, 0.67)])

    # Head.
    head = at(0.5, 0.41)
    pygame.draw.ellipse(
        half,
        SKIN,
        pygame.Rect(head[0] - size(0.135), head[1] - size(0.155), size(0.27), size(0.31)),
    )
    pygame.draw.ellipse(
        half,
        darken(SKIN, 0.25),
        pygame.Rect(head[0] - size(0.135), head[1] - size(0.155), size(0.27), size(0.31)),
        max(1, round(size(0.008))),
    )
    for sign in (-1, 1):
        eye = (head[0] + sign * size(0.055), head[1] - size(0.01))
        pygame.draw.ellipse(
            half,
            INK,
            pygame.Rect(eye[0] - size(0.014), eye[1] - size(0.01), size(0.028), size(0.02)),
        )
        pygame.draw.line(
            half,
            darken(hair, 0.3),
            (eye[0] - size(0.025), eye[1] - size(0.03)),
            (eye[0] + size(0.02), eye[1] - size(0.032)),
            max(1, round(size(0.01))),
        )
        pygame.draw.circle(
            half, (240, 160, 150), (eye[0] + sign * size(0.015), eye[1] + size(0.045)), size(0.022)
        )
    pygame.draw.line(
        half,
        darken(SKIN, 0.35),
        (head[0], head[1]),
        (head[0] - size(0.012), head[1] + size(0.04)),
        max(1, round(size(0.01))),
    )
    mouth_y = head[1] + size(0.085)
    pygame.draw.line(
        half,
        (180, 60, 60),
        (head[0] - size(0.028), mouth_y),
        (head[0] + size(0.028), mouth_y),
        max(1, round(size(0.014))),
    )

    if rank is Rank.KING:
        beard = [
            at(0.38, 0.44),
            at(0.42, 0.55),
            at(0.5, 0.66),
            at(0.58, 0.55),
            at(0.62, 0.44),
            at(0.56, 0.52),
            at(0.44, 0.52),
        ]
        pygame.draw.polygon(half, hair, beard)
        pygame.draw.polygon(half, darken(hair, 0.2), beard, max(1, round(size(0.008))))
        moustache = [at(0.41, 0.51), at(0.5, 0.48), at(0.59, 0.51), at(0.5, 0.505)]
        pygame.draw.polygon(half, hair, moustache)
        pygame.draw.line(
            half,
            (180, 60, 60),
            (head[0] - size(0.02), mouth_y + size(0.004)),
            (head[0] + size(0.02), mouth_y + size(0.004)),
            max(1, round(size(0.012))),
        )
        _crown(half, at, size, points=5, peak=0.05, band=0.26)
        _sword(half, at, size)
    elif rank is Rank.QUEEN:
        for sign in (-1, 1):
            lock = [
                at(0.5 + sign * 0.12, 0.34),
                at(0.5 + sign * 0.2, 0.45),
                at(0.5 + sign * 0.17, 0.62),
                at(0.5 + sign * 0.1, 0.5),
            ]
            pygame.draw.polygon(half, hair, lock)
        _crown(half, at, size, points=3, peak=0.1, band=0.27, round_tips=True)
        _flower(half, at, size, trim)
    else:
        _cap(half, at, size, robe, trim)
        _staff(half, at, size)

    # Medallion with the rank letter.
    medal = at(0.5, 0.84)
    pygame.draw.circle(half, GOLD_DARK, medal, size(0.125))
    pygame.draw.circle(half, GOLD, medal, size(0.11))
    letter = font(max(4, round(size(0.18))), bold=True).render(
        rank.symbol, True, robe if robe != GOLD else INK
    )
    half.blit(letter, letter.get_rect(center=(medal[0], medal[1] + size(0.004))))

    # Suit pip in the corner of the panel.
    draw_pip(half, suit, at(0.15, 0.15), size(0.15), suit_colour)


def _crown(
    half: pygame.Surface,
    at: Mapper,
    size: Sizer,
    points: int,
    peak: float,
    band: float,
    round_tips: bool = False,
) -> None:
    left, right = 0.34, 0.66
    outline = [at(left, band)]
    for index in range(points):
        start = left + (right - left) * index / points
        end = left + (right - left) * (index + 1) / points
        outline.append(at((start + end) / 2, peak))
        outline.append(at(end, band - 0.06) if index < points - 1 else at(end, band))
    pygame.draw.polygon(half, GOLD, outline)
    pygame.draw.polygon(half, GOLD_DARK, outline, max(1, round(size(0.01))))
    band_rect = pygame.Rect(*at(left - 0.01, band - 0.01), size(right - left + 0.02), size(0.06))
    pygame.draw.rect(half, GOLD_DARK, band_rect, border_radius=round(size(0.01)))
    pygame.draw.rect(half, GOLD, band_rect.inflate(-round(size(0.012)), -round(size(0.012))))
    for index in range(points):
        start = left + (right - left) * index / points
        end = left + (right - left) * (index + 1) / points
        tip = at((start + end) / 2, peak)
        pygame.draw.circle(
            half, RED if index % 2 == 0 else BLUE, tip, size(0.022 if round_tips else 0.016)
        )
    jewel = at(0.5, band + 0.02)
    pygame.draw.circle(half, RED, jewel, size(0.02))


def _sword(half: pygame.Surface, at: Mapper, size: Sizer) -> None:
    blade = [at(0.795, 0.1), at(0.815, 0.14), at(0.815, 0.6), at(0.795, 0.6)]
    pygame.draw.polygon(half, (214, 220, 228), blade)
    pygame.draw.line(
        half, (130, 136, 150), at(0.805, 0.14), at(0.805, 0.6), max(1, round(size(0.006)))
    )
    pygame.draw.line(half, GOLD_DARK, at(0.74, 0.61), at(0.87, 0.61), max(1, round(size(0.03))))
    pygame.draw.circle(half, GOLD, at(0.805, 0.68), size(0.022))


def _flower(half: pygame.Surface, at: Mapper, size: Sizer, colour: Colour) -> None:
    pygame.draw.line(half, (40, 120, 60), at(0.22, 0.66), at(0.2, 0.3), max(1, round(size(0.016))))
    pygame.draw.ellipse(half, (40, 120, 60), pygame.Rect(*at(0.2, 0.46), size(0.09), size(0.04)))
    centre = at(0.2, 0.28)
    for index in range(6):
        angle = index * math.pi / 3
        petal = (centre[0] + math.cos(angle) * size(0.04), centre[1] + math.sin(angle) * size(0.04))
        pygame.draw.circle(half, colour, petal, size(0.03))
    pygame.draw.circle(half, GOLD, centre, size(0.025))


def _cap(half: pygame.Surface, at: Mapper, size: Sizer, robe: Colour, trim: Colour) -> None:
    brim = [at(0.32, 0.31), at(0.36, 0.2), at(0.52, 0.14), at(0.7, 0.2), at(0.68, 0.31)]
    pygame.draw.polygon(half, trim, brim)
    band = pygame.Rect(*at(0.33, 0.27), size(0.35), size(0.05))
    pygame.draw.rect(half, GOLD, band, border_radius=round(size(0.01)))
    feather = [at(0.62, 0.22), at(0.78, 0.06), at(0.86, 0.04), at(0.8, 0.12), at(0.66, 0.25)]
    pygame.draw.polygon(half, robe if robe != trim else RED, feather)
    pygame.draw.line(half, GOLD, at(0.64, 0.235), at(0.84, 0.05), max(1, round(size(0.01))))


def _staff(half: pygame.Surface, at: Mapper, size: Sizer) -> None:
    pygame.draw.line(half, GOLD_DARK, at(0.19, 0.16), at(0.19, 0.7), max(1, round(size(0.024))))
    head = [at(0.19, 0.06), at(0.23, 0.16), at(0.19, 0.19), at(0.15, 0.16)]
    pygame.draw.polygon(half, (214, 220, 228), head)
    pygame.draw.polygon(half, (120, 126, 140), head, max(1, round(size(0.006))))
