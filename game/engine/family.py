"""The game families' names: one vocabulary for the engine, saves, hand histories and the UI.

A `Family` is a `StrEnum`, so it equals, hashes and prints as the name files have always held.

>>> Family("brag") is Family.BRAG
True
>>> f"game {Family.CASINO}"
'game three_card_poker_casino'
"""

from __future__ import annotations

from enum import StrEnum


class Family(StrEnum):
    """A game family; its value is the name written in saves, hand histories and statistics."""

    TEEN_PATTI = "teen_patti"
    BRAG = "brag"
    THREE_CARD_POKER = "three_card_poker"
    CASINO = "three_card_poker_casino"
