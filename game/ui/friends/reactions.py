"""Quick reactions at a network table: a few phrases and a few symbols drawn in colour,
shown in a bubble at the seat that sent them for a few seconds; capped in length and rate, and
muted per player.

A phrase travels in English and each screen says it in its player's language; anything else a
client sends is shown as written, cut to the protocol's length.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import N_, _
from game.network.sizes import MAX_REACTION_LENGTH
from game.ui.art.reaction_art import PENS

PHRASES = (
    N_("Good luck!"),
    N_("Nice hand!"),
    N_("Well played"),
    N_("Oops!"),
    N_("Your turn!"),
    N_("Thanks!"),
)
"""The phrases offered (sent in English, said in each player's language)."""

CANDIDATE_SYMBOLS = tuple(PENS)
"""The symbols offered: each is drawn in colour by `reaction_icon` (the fonts draw them, where
at all, small and in one colour)."""

BUBBLE_SECONDS = 4.0
"""How long a reaction stays at its seat."""

SEND_GAP = 2.0
"""Seconds between two reactions sent from this screen (the server allows one a second)."""

MOST_SHOWN = 24
"""The longest reaction shown, in characters (the protocol allows MAX_REACTION_LENGTH)."""


def drawn_symbols() -> tuple[str, ...]:
    """The symbols the reactions menu offers (each has its drawn picture)."""
    return tuple(symbol for symbol in CANDIDATE_SYMBOLS if symbol in PENS)


def reaction_words(sent: str) -> str:
    """A reaction as this screen shows it: a known phrase in the player's language, anything
    else as written, cut short."""
    if sent in PHRASES:
        return _(sent)
    clean = "".join(ch for ch in sent if ch.isprintable()).strip()
    return clean[:MOST_SHOWN] + ("…" if len(clean) > MOST_SHOWN else "")


@dataclass
class Reactions:
    """The bubbles on show by seat, the seats muted, and the pace of this screen's own."""

    shown: dict[int, tuple[str, float]] = field(default_factory=dict)
    muted: set[int] = field(default_factory=set)
    wait: float = 0.0
    """Seconds until this screen may send the next reaction."""

    def arrive(self, seat: int | None, sent: str) -> bool:
        """A reaction from `seat`; whether it shows (not from a muted seat, not empty)."""
        words = reaction_words(sent[:MAX_REACTION_LENGTH])
        if seat is None or seat in self.muted or not words:
            return False
        self.shown[seat] = (words, BUBBLE_SECONDS)
        return True

    def tick(self, seconds: float) -> bool:
        """Time passes; whether a bubble went away."""
        self.wait = max(0.0, self.wait - seconds)
        gone = [seat for seat, (_, left) in self.shown.items() if left <= seconds]
        self.shown = {
            seat: (words, left - seconds)
            for seat, (words, left) in self.shown.items()
            if seat not in gone
        }
        return bool(gone)

    def may_send(self) -> bool:
        """Whether this screen may send a reaction now."""
        return self.wait <= 0

    def sent(self) -> None:
        """This screen sent one: the next waits."""
        self.wait = SEND_GAP

    def toggle_mute(self, seat: int) -> None:
        """Mute a player's reactions, or hear them again."""
        if seat in self.muted:
            self.muted.discard(seat)
        else:
            self.muted.add(seat)
            self.shown.pop(seat, None)

    @property
    def next_change(self) -> float | None:
        """Seconds until a bubble goes or sending opens again."""
        timers = [left for _, left in self.shown.values()]
        if self.wait > 0:
            timers.append(self.wait)
        return min(timers) if timers else None
