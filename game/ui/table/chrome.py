"""What frames the table: the title line, the result ribbon, the hand log and the status line."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.i18n import _, number
from game.ui.art.art import lay_over, ready
from game.ui.art.fonts import fit_text, text
from game.ui.kit.layout import Box, TableLayout, Viewport, caption_box
from game.ui.kit.panels import IVORY, caption_banner, tray, wrap
from game.ui.table.stage import Caption
from game.ui.table.table_view import is_you, seat_label

CAPTION_HEIGHT = 40.0
"""Logical height of a one-line result ribbon."""

CAPTION_WIDTH = 760.0
"""The widest a result ribbon may be (logical pixels); longer words take a second line."""

LOG_LINES = 5
"""Message-log lines on show."""

LOG_BOX = Box(8, 598, 400, 116)
"""The message log, bottom left."""

STATUS_BOX = Box(852, 598, 420, 116)
"""Where a line of status shows when there are no buttons (same place as the controls)."""


def draw_title(surface: pygame.Surface, viewport: Viewport, game: str, deal: int) -> None:
    """The game's name, and the deal's number once one is dealt, top left."""
    words = game
    if deal:
        words = _("{game}  ·  Deal {number}").format(game=words, number=number(deal))
    label = text(words, viewport.length(13), (200, 196, 180))
    surface.blit(label, viewport.point((14, 10)))


def caption_image(viewport: Viewport, words: str, kind: str) -> pygame.Surface:
    """The result ribbon for these words at this window's scale."""
    height = viewport.length(CAPTION_HEIGHT)
    return caption_banner(words, height, kind, viewport.length(CAPTION_WIDTH))


def caption_rect(viewport: Viewport, layout: TableLayout, banner: pygame.Surface) -> pygame.Rect:
    """Where the ribbon rests: its top just under the STAKE line (the layout's caption box)."""
    width, height = banner.get_width() / viewport.scale, banner.get_height() / viewport.scale
    box = caption_box(layout.pot, width, height)
    return banner.get_rect(topleft=viewport.point((box.x, box.y)))


def draw_caption(
    surface: pygame.Surface, viewport: Viewport, caption: Caption | None, layout: TableLayout
) -> None:
    """The result ribbon, rising into place as it fades in."""
    if caption is None or caption.alpha <= 0.02:
        return
    banner = caption_image(viewport, caption.text, caption.kind)
    rect = caption_rect(viewport, layout, banner)
    rect.y += round((1 - caption.alpha) * viewport.length(10))  # it rises into place
    if caption.alpha < 0.98:
        banner = banner.copy()
        banner.set_alpha(round(255 * caption.alpha))
    surface.blit(banner, rect)


def draw_log(surface: pygame.Surface, viewport: Viewport, log: list[str]) -> None:
    """The hand log's last lines, bottom left."""
    lines = log[-LOG_LINES:]
    if not lines:
        return
    rect = pygame.Rect(viewport.box(LOG_BOX))
    image = log_image(tuple(lines), rect.size, viewport.scale)
    surface.blit(image, rect.topleft, special_flags=pygame.BLEND_PREMULTIPLIED)


def draw_status(
    surface: pygame.Surface, viewport: Viewport, words: str, centre_y: float | None = None
) -> None:
    """A line of status where the controls stand when there are none (centred at `centre_y`,
    logical, when a button shares the place)."""
    if not words:
        return
    label = fit_text(words, viewport.length(14), (214, 214, 204), viewport.length(420))
    y = STATUS_BOX.centre[1] if centre_y is None else centre_y
    centre = viewport.point((STATUS_BOX.centre[0], y))
    surface.blit(label, label.get_rect(center=centre))


def status_line(end: str, busy: bool, to_act: str | None, bot_to_act: bool) -> str:
    """The status line: the `end` of the session, Space to skip while things move, or whose
    turn it is (`to_act`, a seat's name; None between deals), a bot's thinking."""
    if end:
        return end
    if busy:
        return _("Space: skip the animation")
    if to_act is None:
        return ""
    if bot_to_act:
        return _("{name} is thinking…").format(name=seat_label(to_act))
    if is_you(to_act):
        return _("Your turn")
    return _("{name} to act").format(name=seat_label(to_act))


@lru_cache(maxsize=4)
def log_image(lines: tuple[str, ...], size: tuple[int, int], scale: float) -> pygame.Surface:
    """The hand log's tray with its last lines, newest last and brightest, as one premultiplied
    image (drawn once per new line, not every frame); long lines wrap, never shrink."""
    viewport = Viewport(scale, 0, 0, 0, 0)
    box = LOG_BOX
    canvas = pygame.Surface(size, pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    lay_over(canvas, tray(size, 150), (0, 0))
    text_size = viewport.length(14)
    room = viewport.length(box.width - 24)
    rows: list[tuple[str, int]] = []
    for age, line in enumerate(reversed(lines)):
        parts = wrap(line, text_size, room, age == 0)
        rows[:0] = [(part, age) for part in parts]
        if len(rows) >= LOG_LINES:
            break
    rows = rows[-LOG_LINES:]
    step = (box.height - 14) / LOG_LINES
    top = box.height - 7 - step * len(rows)
    for index, (line, age) in enumerate(rows):
        grey = max(120, 226 - 22 * age)
        shade = IVORY if age == 0 else (grey, grey, grey - 6)
        label = fit_text(line, text_size, shade, room, age == 0)
        lay_over(canvas, label, viewport.point((12, top + index * step + 2)))
    return ready(canvas)
