"""Finished deals in words ("Deal 7 — You gained 24"), and exporting a deal's history to a file.

Pure logic (no pygame): each line comes from replaying the deal's own history text, so what the
list says is what the replay will show. The lines are made in the language in force when they are
asked for; the history text itself, and the exported file, stay English.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from game.engine.families import family_title
from game.engine.history import replay
from game.i18n import _, ngettext, number
from game.persistence.paths import histories_folder
from game.persistence.store import write_atomically

PERSON = "You"
"""The name of the person's seat: its results read in the second person ('You gained 24')."""


@dataclass(frozen=True)
class DealSummary:
    """One finished deal: its number, game, names, each seat's net result and action count."""

    text: str
    number: int
    family: str
    names: tuple[str, ...]
    changes: tuple[int, ...]
    actions: int

    def name(self, seat: int) -> str:
        """A seat's name, or 'Seat N' when the history does not name it."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return _("Seat {number}").format(number=seat + 1)

    def result(self, seat: int) -> str:
        """How the deal went for `seat` (net of what it paid in): 'You gained 24', 'Asha lost 6'.

        "Gained" is the net, unlike the table's "takes the pot of 30", so the two never read as
        two different amounts of one win."""
        change = self.changes[seat] if 0 <= seat < len(self.changes) else 0
        who = self.name(seat)
        amount = number(abs(change))
        if who == PERSON:
            if change > 0:
                return _("You gained {amount}").format(amount=amount)
            if change < 0:
                return _("You lost {amount}").format(amount=amount)
            return _("You broke even")
        if change > 0:
            return _("{name} gained {amount}").format(name=who, amount=amount)
        if change < 0:
            return _("{name} lost {amount}").format(name=who, amount=amount)
        return _("{name} broke even").format(name=who)

    def line(self, seat: int) -> str:
        """The list line for the person at `seat`: 'Deal 7 — You gained 24'."""
        return _("Deal {number} — {result}").format(number=self.number, result=self.result(seat))

    def detail(self, seat: int) -> str:
        """A second, quieter line: the game, who else gained most, and the number of moves."""
        family = _(family_title(self.family))
        others = [other for other in range(len(self.changes)) if other != seat]
        best = max(others, key=lambda other: self.changes[other], default=None)
        parts = [family]
        if best is not None and self.changes[best] > 0:
            parts.append(self.result(best))
        elif all(change <= 0 for change in self.changes):
            parts.append(_("the pot carried to the next deal"))
        moves = ngettext("{count} move", "{count} moves", self.actions)
        parts.append(moves.format(count=number(self.actions)))
        return "  ·  ".join(parts)


def summarise(text: str) -> DealSummary:
    """A summary of one deal's history text (raises HistoryError if it does not replay)."""
    result = replay(text)
    number = 0
    starts: dict[int, int] = {}
    actions = 0
    for raw in text.splitlines():
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "deal" and len(words) > 1:
            number = int(words[1])
        elif words[0] == "seat" and len(words) > 2:
            starts[int(words[1])] = int(words[2])
        elif words[0].isdigit():
            actions += 1
    ends = result.game.stacks
    changes = tuple(ends[seat] - starts.get(seat, ends[seat]) for seat in range(len(ends)))
    return DealSummary(text, number, result.game.family, tuple(result.names), changes, actions)


def export_history(
    summary: DealSummary, folder: Path | None = None, moment: float | None = None
) -> Path:
    """Write the deal's history to deal-<number>-<timestamp>.txt (atomically); returns the path."""
    target = folder if folder is not None else histories_folder()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    path = target / f"deal-{summary.number}-{stamp}.txt"
    extra = 2
    while path.exists():
        path = target / f"deal-{summary.number}-{stamp}-{extra}.txt"
        extra += 1
    write_atomically(path, summary.text)
    return path
