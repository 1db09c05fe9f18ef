"""The dealer button: the seat it marks, and its slide to the next dealer between deals."""

from __future__ import annotations

from game.ui.kit.layout import TableLayout

BUTTON_SECONDS = 0.7
"""How long the dealer button takes to slide to the next dealer (at speed 1)."""

Trip = tuple[tuple[float, float], tuple[float, float], float]
"""A slide: from, to (logical points), and the share done."""


class DealerButton:
    """Where the dealer button is, sliding when the deal passes to the next seat."""

    def __init__(self) -> None:
        self.shown: int | None = None
        """The seat the button marks (or slides to)."""
        self.trip: Trip | None = None
        """The slide under way, if any."""

    def move(self, seconds: float, speed: float, seat: int | None, layout: TableLayout) -> None:
        """Let the slide go on for `seconds`; start one when the dealer is now `seat`."""
        if self.trip is not None:
            start, end, done = self.trip
            done += seconds * speed / BUTTON_SECONDS
            self.trip = None if done >= 1 else (start, end, done)
        if seat == self.shown or seat is None:
            return
        if self.shown is not None and self.shown < len(layout.seats):
            self.trip = (layout.seats[self.shown].button, layout.seats[seat].button, 0.0)
        self.shown = seat

    def at(self) -> tuple[float, float] | None:
        """Where the sliding button is now (eased); None when it rests at its seat."""
        if self.trip is None:
            return None
        (x0, y0), (x1, y1), done = self.trip
        eased = 1 - (1 - done) ** 3
        return (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)
