"""Let the bots work out their once-per-table numbers in the background while the cards fly,
so no bot's first decision freezes the screen (Three Card Poker's exact values take ~1 s)."""

from __future__ import annotations

import threading

from game.bots.banked import warm_up
from game.engine.families import is_banked
from game.engine.rules import Rules

_started: set[str] = set()


def warm_up_in_background(rules: Rules) -> threading.Thread | None:
    """Start the warm-up for these rules once per process; returns the thread, if one started."""
    key = repr(rules)
    if key in _started or not is_banked(rules.family):
        return None
    _started.add(key)
    thread = threading.Thread(target=warm_up, args=(rules,), name="bot-warm-up", daemon=True)
    thread.start()
    return thread
