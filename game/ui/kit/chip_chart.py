"""The chart of chips deal by deal (a line per person) and signed chip changes, shared by the
end-of-session summary and the statistics."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _, number
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD
from game.ui.kit.widgets import DIM, MUTED, draw_text
from game.ui.table.table_view import seat_label

SERIES_COLOURS = [
    GOLD,
    (120, 190, 230),
    (230, 120, 120),
    (140, 210, 140),
    (200, 150, 230),
    (240, 200, 150),
    (160, 160, 160),
]
"""A line colour for each person on the chart."""


def draw_chip_chart(
    surface: pygame.Surface,
    viewport: Viewport,
    box: Box,
    series: Sequence[tuple[str, Sequence[int]]],
) -> None:
    """Lines of chips after each deal (a start value first), with a scale and a legend."""
    drawn = [(name, list(values)) for name, values in series if len(values) >= 2]
    if not drawn:
        draw_text(
            surface,
            viewport,
            _("The chart appears after the first finished deal."),
            box.centre,
            15,
            MUTED,
            False,
            box.width - 40,
            "center",
        )
        return
    low = min(min(values) for _name, values in drawn)
    high = max(max(values) for _name, values in drawn)
    if high == low:
        high = low + 1
    plot = Box(box.x + 70, box.y + 14, box.width - 90, box.height - 40)
    for fraction in (0.0, 0.5, 1.0):
        y = plot.bottom - fraction * plot.height
        value = round(low + fraction * (high - low))
        pygame.draw.line(
            surface, (70, 68, 60), viewport.point((plot.x, y)), viewport.point((plot.right, y)), 1
        )
        draw_text(
            surface, viewport, number(value), (plot.x - 8, y), 12, DIM, False, None, "midright"
        )
    longest = max(len(values) for _name, values in drawn)
    draw_text(surface, viewport, _("start"), (plot.x, plot.bottom + 6), 12, DIM)
    draw_text(
        surface,
        viewport,
        _("deal {number}").format(number=number(longest - 1)),
        (plot.right, plot.bottom + 6),
        12,
        DIM,
        False,
        None,
        "topright",
    )
    for index, (name, values) in enumerate(drawn):
        colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
        points = [
            viewport.point(
                (
                    plot.x + plot.width * step / max(1, longest - 1),
                    plot.bottom - plot.height * (value - low) / (high - low),
                )
            )
            for step, value in enumerate(values)
        ]
        pygame.draw.lines(surface, colour, False, points, max(2, viewport.length(2.5)))
        pygame.draw.circle(surface, colour, points[-1], viewport.length(4))
        legend = (box.right - 20 - (len(drawn) - index) * 150, box.y - 36)
        draw_text(surface, viewport, f"● {seat_label(name)}", legend, 13, colour, True, 140)


def signed(value: int) -> str:
    """A chip change with its sign, grouped as the language groups digits: '+1,200', '-40'."""
    return number(value) if value < 0 else "+" + number(value)
