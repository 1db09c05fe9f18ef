"""The phone page's QR code drawn on a screen: dark modules on a light square with its quiet
zone, each module a whole number of pixels so a phone's camera reads it."""

from __future__ import annotations

import pygame

from game.ui.kit.layout import Box, Viewport
from game.web.invitation import qr_rows

QUIET = 2
"""Light modules around the code."""

LIGHT = (250, 248, 240)
DARK = (16, 16, 16)


def draw_phone_code(surface: pygame.Surface, viewport: Viewport, url: str, box: Box) -> None:
    """The QR code of `url`, as large as fits `box` with whole-pixel modules, at its top left."""
    rows = qr_rows(url)
    modules = len(rows) + 2 * QUIET
    side = viewport.length(min(box.width, box.height))
    module = max(1, side // modules)
    left, top = viewport.point((box.x, box.y))
    surface.fill(LIGHT, pygame.Rect(left, top, module * modules, module * modules))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                at = (left + (x + QUIET) * module, top + (y + QUIET) * module)
                surface.fill(DARK, pygame.Rect(*at, module, module))
