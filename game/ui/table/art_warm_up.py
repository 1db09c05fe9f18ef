"""The art a deal soon needs, built after a table's first frame, one piece a frame.

The first frame builds only what it shows; the card backs and shadows of cards in flight, the
plates folded or not with their glows and every chip are small pieces of work built one a frame
after it (a few milliseconds each), so neither the first frame nor any later one waits for them
all, and a deal's first animation finds them built.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from game.ui.art.art import ArtStyle
from game.ui.kit.layout import Viewport
from game.ui.table.animation import flight_art_to_warm
from game.ui.table.table_view import table_art_to_warm

WARM_STEP = 1 / 60
"""Seconds an idle table waits between two pieces of the art it builds after its first frame
(a frame at 60 a second)."""


class ArtWarmUp:
    """The pieces of art still to build for the window size a table was last drawn at."""

    def __init__(self) -> None:
        self._size: tuple[int, int] | None = None
        self._pieces: deque[Callable[[], object]] = deque()

    def drawn_at(self, size: tuple[int, int], style: ArtStyle) -> None:
        """A frame was drawn at `size`: at a new size, queue every piece that size needs."""
        if size == self._size:
            return
        self._size = size
        viewport = Viewport.fit(size)
        self._pieces = deque(flight_art_to_warm(viewport, style))
        self._pieces += table_art_to_warm(viewport)

    @property
    def wake_in(self) -> float | None:
        """When the next piece is due (None: every piece is built)."""
        return WARM_STEP if self._pieces else None

    def build_next(self) -> None:
        """Build the next piece, if any is left."""
        if self._pieces:
            self._pieces.popleft()()
