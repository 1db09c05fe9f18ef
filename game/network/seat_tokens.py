"""The resume tokens of a table's seats: each welcome gives the seat a new one, and the token a
player came back with is retired once the connection it gave has spoken.

A token is used once, but not retired the moment it is used: the welcome carrying its
successor may be lost with the connection that asked, and a player left holding only a used
token would lose the seat for good. So until the new connection sends its first message (or
the seat's next welcome, or the seat goes), the token it came with still takes the seat back.
"""

from __future__ import annotations

import secrets


class SeatTokens:
    """Which seat each living resume token takes back."""

    def __init__(self) -> None:
        self._seat_of: dict[str, int] = {}
        self._came_with: dict[int, str] = {}
        """The token each seat's connection came back with, until that connection speaks."""

    def __contains__(self, token: object) -> bool:
        return token in self._seat_of

    def add(self, token: str, seat: int) -> None:
        """A token made elsewhere (the host screen's own) that takes `seat`."""
        self._seat_of[token] = seat

    def use(self, token: str) -> int | None:
        """The seat a token takes back (None: no living token); it lives on until `heard`."""
        seat = self._seat_of.get(token)
        if seat is not None:
            self._came_with[seat] = token
        return seat

    def issue(self, seat: int) -> str:
        """A new token for the seat, sent in its welcome: the seat's other tokens die, but for
        the one its connection came with."""
        kept = self._came_with.get(seat)
        self._seat_of = {
            token: owner for token, owner in self._seat_of.items() if owner != seat or token == kept
        }
        token = secrets.token_urlsafe(24)
        self._seat_of[token] = seat
        return token

    def heard(self, seat: int | None) -> None:
        """The seat's connection spoke, so it holds its new token: retire the one it came with."""
        if seat is None:
            return
        old = self._came_with.pop(seat, None)
        if old is not None:
            self._seat_of.pop(old, None)

    def forget(self, seat: int) -> None:
        """The seat is no longer its player's: no token takes it back."""
        self._came_with.pop(seat, None)
        self._seat_of = {token: owner for token, owner in self._seat_of.items() if owner != seat}
