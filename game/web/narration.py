"""A viewer's events said in words, in the viewer's language: the lines the desktop table's
message log shows (game/words/narration.py), for a phone's live region to speak.

The server says them per connection that asked for a language (a browser's hello), from the
events that connection may see, with its own seat as "You".
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.events import Event
from game.i18n import LANGUAGES, speaking
from game.words.narration import Narrator
from game.words.second_person import YOU


def said_lines(
    events: Sequence[Event],
    names: Sequence[str],
    family: str,
    viewer: int | None,
    language: str,
) -> list[str]:
    """The lines of `events` (already as `viewer` may see them) in `language`, the viewer's own
    seat spoken to as "you"."""
    shown = list(names)
    if viewer is not None and 0 <= viewer < len(shown):
        shown[viewer] = YOU
    narrator = Narrator(shown, family)
    with speaking(language if language in LANGUAGES else "en"):
        return [line for event in events if (line := narrator.line(event))]
