"""Styled overlays: buttons with key caps, the controls tray, tooltips, captions, the log, toasts.

Everything is drawn at the real pixel size and cached by size and words, so a steady frame only
blits finished surfaces.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.art.art import Colour, darken, lighten, ready, supersampled
from game.ui.art.fonts import fit_text, line_height, readable_size, text, text_width

GOLD: Colour = (232, 190, 92)
IVORY: Colour = (246, 240, 226)
INK: Colour = (22, 24, 26)

BUTTON_COLOURS: dict[str, Colour] = {
    "primary": (214, 150, 40),
    "danger": (168, 52, 48),
    "plain": (44, 92, 104),
    "quiet": (64, 66, 74),
    "chooser": (52, 54, 62),
}
"""Fill colours of the button kinds."""


@lru_cache(maxsize=128)
def button_face(
    size: tuple[int, int], label: str, key: str, kind: str, state: str
) -> pygame.Surface:
    """A rounded, shaded button with its label and a key cap; state is 'up', 'hover', 'down'."""
    width, height = size
    base = BUTTON_COLOURS.get(kind, BUTTON_COLOURS["plain"])
    if state == "hover":
        base = lighten(base, 0.14)
    elif state == "down":
        base = darken(base, 0.18)
    elif state == "disabled":
        base = darken(base, 0.35)
    top, bottom = lighten(base, 0.18), darken(base, 0.22)
    rim = lighten(base, 0.45) if kind != "primary" else (255, 226, 150)

    def draw(canvas: pygame.Surface, factor: float) -> None:
        rect = canvas.get_rect()
        radius = round(9 * factor * height / 40)
        pygame.draw.rect(canvas, (*darken(base, 0.55), 255), rect, border_radius=radius)
        inner = rect.inflate(-round(2 * factor), -round(2 * factor))
        steps = 24
        for step in range(steps):
            amount = step / (steps - 1)
            colour = tuple(round(a + (b - a) * amount) for a, b in zip(top, bottom, strict=True))
            band = pygame.Rect(
                inner.x,
                inner.y + inner.height * step // steps,
                inner.width,
                inner.height // steps + 2,
            )
            pygame.draw.rect(canvas, (*colour, 255), band)
        mask = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=radius - round(factor))
        shaded = canvas.copy()
        canvas.fill((0, 0, 0, 0))
        pygame.draw.rect(canvas, (*darken(base, 0.55), 255), rect, border_radius=radius)
        shaded.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        canvas.blit(shaded, (0, 0))
        pygame.draw.rect(canvas, (*rim, 170), inner, round(1.2 * factor), border_radius=radius)

    face = supersampled(size, draw, edge=darken(base, 0.55), factor=2)
    ink = INK if kind == "primary" else IVORY
    if state == "disabled":
        ink = (110, 110, 110)
    cap = key_cap(key.upper(), max(10, round(height * 0.38)), kind) if key else None
    room = width - 16 - (cap.get_width() + 6 if cap else 0)
    label_surface = _button_label(label, max(9, round(height * 0.4)), ink, room, height)
    total = label_surface.get_width() + (cap.get_width() + 7 if cap else 0)
    left = (width - total) // 2
    face.blit(label_surface, label_surface.get_rect(midleft=(left, height // 2)))
    if cap:
        face.blit(cap, cap.get_rect(midleft=(left + label_surface.get_width() + 7, height // 2)))
    return ready(face)


def _button_label(label: str, size: int, ink: Colour, room: int, height: int) -> pygame.Surface:
    """A button's label on one line, or, when even the readable floor would not fit it, on two
    lines split at the space nearest its middle ('Base 10 + Pair Plus 10')."""
    floor = min(size, readable_size())
    spaces = [index for index, letter in enumerate(label) if letter == " "]
    if text_width(label, floor, True) <= room or not spaces:
        return fit_text(label, size, ink, room, True)
    middle = min(spaces, key=lambda index: abs(index - len(label) / 2))
    lines = [label[:middle], label[middle + 1 :]]
    line_size = max(floor, min(size, (height - 6) // 2))
    rendered = [fit_text(line, line_size, ink, room, True) for line in lines]
    block = pygame.Surface(
        (
            max(line.get_width() for line in rendered),
            sum(line.get_height() for line in rendered) - 4,
        ),
        pygame.SRCALPHA,
    )
    block.blit(rendered[0], rendered[0].get_rect(midtop=(block.get_width() // 2, 0)))
    block.blit(
        rendered[1], rendered[1].get_rect(midbottom=(block.get_width() // 2, block.get_height()))
    )
    return block


@lru_cache(maxsize=64)
def key_cap(key: str, height: int, kind: str = "plain") -> pygame.Surface:
    """A small keyboard key with a letter on it: the shortcut of a button."""
    on_light = kind == "primary"
    label = text(key, max(7, round(height * 0.66)), (40, 30, 10) if on_light else IVORY, True)
    width = max(height, label.get_width() + round(height * 0.5))
    cap = pygame.Surface((width, height), pygame.SRCALPHA)
    fill = (255, 240, 200, 110) if on_light else (0, 0, 0, 90)
    edge = (90, 60, 10, 150) if on_light else (255, 255, 255, 90)
    radius = max(2, height // 4)
    pygame.draw.rect(cap, fill, cap.get_rect(), border_radius=radius)
    pygame.draw.rect(cap, edge, cap.get_rect(), 1, border_radius=radius)
    cap.blit(label, label.get_rect(center=(width / 2, height / 2)))
    return ready(cap)


@lru_cache(maxsize=32)
def tray(size: tuple[int, int], alpha: int = 200) -> pygame.Surface:
    """A dark translucent rounded panel with a thin gold rim (the controls and log trays)."""
    width, height = size
    panel = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, round(min(width, height) * 0.12))
    pygame.draw.rect(panel, (14, 16, 18, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*GOLD, 120), panel.get_rect(), 1, border_radius=radius)
    return ready(panel)


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels at the font size."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        trial = f"{current} {word}".strip()
        if text_width(trial, size, bold) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


@lru_cache(maxsize=32)
def tooltip(title: str, body: str, width: int, size: int) -> pygame.Surface:
    """A tooltip bubble: a bold title, the rule in wrapped lines, on a dark card."""
    pad = round(size * 0.8)
    lines = wrap(body, size, width - 2 * pad)
    title_surface = text(title, round(size * 1.05), GOLD, True)
    step = line_height(size)
    height = pad * 2 + title_surface.get_height() + round(size * 0.3) + step * len(lines)
    inner_width = max([title_surface.get_width()] + [text_width(line, size) for line in lines])
    width = min(width, inner_width + 2 * pad)
    bubble = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = round(size * 0.6)
    pygame.draw.rect(bubble, (20, 22, 26, 242), bubble.get_rect(), border_radius=radius)
    pygame.draw.rect(bubble, (*GOLD, 200), bubble.get_rect(), 1, border_radius=radius)
    bubble.blit(title_surface, (pad, pad))
    top = pad + title_surface.get_height() + round(size * 0.3)
    for line in lines:
        bubble.blit(text(line, size, IVORY), (pad, top))
        top += step
    return ready(bubble)


@lru_cache(maxsize=32)
def caption_banner(words: str, height: int, kind: str, max_width: int) -> pygame.Surface:
    """A wide ribbon for a result: dark glass, gold edges, bold ivory words (gold for a win)."""
    size = max(10, round(height * 0.42))
    colour = GOLD if kind == "result" else IVORY
    room = max_width - 2 * height
    lines = [words]
    if text_width(words, size, True) > room:
        # too long for one line at its size: two lines in a taller ribbon, never smaller text
        lines = wrap(words, size, room, True)[:2] if " " in words else [words]
        if len(lines) > 1:
            lines[1] = " ".join(wrap(words, size, room, True)[1:])
    labels = [fit_text(line, size, colour, room, True) for line in lines]
    step = line_height(size, True)
    if len(labels) > 1:  # lines close together, a thin margin: it fits above the viewer's chips
        height = step * len(labels) + round(height * 0.1)
    width = min(max_width, max(label.get_width() for label in labels) + 2 * height)
    width = max(width, min(max_width, max(label.get_width() for label in labels) + 80))
    banner = pygame.Surface((width, height), pygame.SRCALPHA)
    for column in range(width):
        edge = min(column, width - 1 - column) / max(1, height * 1.2)
        alpha = round(215 * min(1.0, edge))
        pygame.draw.line(banner, (10, 12, 14, alpha), (column, 0), (column, height))
    line_colour = (*GOLD, 255) if kind == "result" else (190, 200, 210, 255)
    for row in (0, height - 1):
        for column in range(width):
            edge = min(column, width - 1 - column) / max(1, height * 1.5)
            banner.set_at((column, row), (*line_colour[:3], round(230 * min(1.0, edge))))
    top = height / 2 - step * (len(labels) - 1) / 2
    for index, label in enumerate(labels):
        banner.blit(label, label.get_rect(center=(width / 2, top + index * step)))
    return ready(banner)


@lru_cache(maxsize=32)
def amount_box(size: tuple[int, int], amount: str, range_text: str) -> pygame.Surface:
    """The amount chooser's read-out: the chosen amount big, the legal range small below."""
    width, height = size
    box = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, height // 5)
    pygame.draw.rect(box, (8, 10, 12, 235), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, (*GOLD, 170), box.get_rect(), 1, border_radius=radius)
    big = fit_text(amount, round(height * 0.5), GOLD, width - 8, True)
    small = text(range_text, max(8, round(height * 0.26)), (180, 184, 176))
    box.blit(big, big.get_rect(center=(width / 2, height * 0.4)))
    box.blit(small, small.get_rect(center=(width / 2, height * 0.8)))
    return ready(box)
