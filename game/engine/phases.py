"""The phases of a deal: what the table waits for now, as stable identifiers.

A `Phase` is a plain enum (not a str): its value is the identifier observations and the
network carry ('keep', 'bets'); it holds no words. `TASKS` marks, for the catalogs, what a
player must do first in a phase ("First {phase}."): the English of a refusal as logs and tests
read it; game.words.phases says it in the player's language.
"""

from __future__ import annotations

import enum

from game.engine.family import Family
from game.engine.marks import N_


class Phase(enum.Enum):
    """What the table waits for now; each family uses some of them (FAMILY_PHASES)."""

    BETWEEN_DEALS = "between_deals"
    BETTING = "betting"
    # Teen Patti
    SIDESHOW = "sideshow"
    # 3 Card Brag
    KEEP = "keep"
    CHOOSE = "choose"
    FACE_UP = "face_up"
    VOTE = "vote"
    DISCARD = "discard"
    # Three Card Poker (both forms)
    BANK = "bank"
    BETS = "bets"
    DECISIONS = "decisions"


FAMILY_PHASES: dict[Family, tuple[Phase, ...]] = {
    Family.TEEN_PATTI: (Phase.BETWEEN_DEALS, Phase.BETTING, Phase.SIDESHOW),
    Family.BRAG: (
        Phase.BETWEEN_DEALS,
        Phase.BETTING,
        Phase.KEEP,
        Phase.CHOOSE,
        Phase.FACE_UP,
        Phase.VOTE,
        Phase.DISCARD,
    ),
    Family.THREE_CARD_POKER: (Phase.BETWEEN_DEALS, Phase.BANK, Phase.BETS, Phase.DECISIONS),
    Family.CASINO: (Phase.BETWEEN_DEALS, Phase.BETS, Phase.DECISIONS),
}
"""The phases each family's deals go through."""

TASKS: dict[Phase, str] = {
    Phase.KEEP: N_("keep or fold the hand looked at"),
    Phase.CHOOSE: N_("choose a hand sight unseen"),
    Phase.FACE_UP: N_("beat the face-up hand or fold"),
    Phase.VOTE: N_("showdown vote"),
    Phase.DISCARD: N_("discard one card"),
}
"""What a player must do first in each of Brag's phases that hold the betting up ("First
{phase}."), marked for the catalogs; the other phases are never said in a sentence."""


def task(phase: Phase) -> str:
    """What a player must do first in `phase`, in English (its identifier where it has no task)."""
    return TASKS.get(phase, phase.value)
