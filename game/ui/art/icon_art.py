"""The application icon: three cards fanned over a chip, drawn with the game's own card and
chip art (the window icon, the executable's icon and the Linux desktop entry's icon).

Rebuild `sprites/icon.png` with `python -m game.ui.art.icon_art`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.engine.cards import parse_hand
from game.ui.art.cards_art import card_face
from game.ui.art.chips_art import chip_face

ICON_SIZE = 256
"""The icon's width and height in pixels (desktops scale it down for smaller slots)."""

ICON_CARDS = "As Ah Ad"
"""A trail of aces, Teen Patti's best hand."""

_FAN_DEGREES = (26.0, 0.0, -26.0)
"""How far each card turns from upright, left card first."""


def draw_icon(size: int = ICON_SIZE) -> pygame.Surface:
    """The icon at `size` × `size` pixels on a transparent background."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))
    card_width = round(size * 0.4)
    pivot = (size / 2, size * 0.9)
    for card, degrees in zip(parse_hand(ICON_CARDS), _FAN_DEGREES, strict=True):
        face = card_face(card, card_width)
        turned = pygame.transform.rotozoom(face, degrees, 1.0)
        # Turn each card about a point below the middle of its lower edge, like a held fan.
        offset = pygame.math.Vector2(0, -face.get_height() / 2 - size * 0.04).rotate(-degrees)
        centre = (pivot[0] + offset.x, pivot[1] + offset.y - size * 0.09)
        icon.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
    chip_diameter = round(size * 0.34)
    chip = chip_face(100, chip_diameter)
    icon.blit(chip, chip.get_rect(center=(round(size * 0.5), round(size * 0.79))))
    return icon


def main(target: Path | None = None) -> None:
    """Write the icon to `target` (default: the repository's sprites/icon.png)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    path = target or Path(__file__).resolve().parents[3] / "sprites" / "icon.png"
    pygame.image.save(draw_icon(), path)


if __name__ == "__main__":
    main()
