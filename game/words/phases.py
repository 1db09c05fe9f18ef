"""A deal's phase in the player's language: what a player must do first in it."""

from __future__ import annotations

from game.engine.phases import Phase, task
from game.i18n import _


def phase_task(phase: Phase) -> str:
    """What a player must do first in `phase` ("choose a hand sight unseen"), translated; a
    phase said in no sentence is its identifier."""
    return _(task(phase))
