"""What the director draws above the board, and the pace it plays at: cards and chips in the
air, the slots they left, the glows, the caption and the log, and how long each motion takes."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.observation import Hidden
from game.ui.kit.layout import BET_CHIP, BET_COLUMNS, BET_TALLEST, Box, TableLayout, card_height
from game.ui.table.table_view import CardSlot

DEAL_STEP = 0.08
"""Seconds between two cards leaving the pack."""

DEAL_FLIGHT = 0.36
"""Seconds a card takes from the pack to its seat."""

CHIP_FLIGHT = 0.38
"""Seconds chips take from a stack to the bet spot."""

FLIP = 0.34
"""Seconds one card takes to turn over."""

TO_PACK = 0.36
"""Seconds folded cards take back to the pack."""

AWARD_FLIGHT = 0.6
"""Seconds the pot takes to slide to the winner."""

PAUSE = 0.18
"""A short breath after each action, so one reads as separate from the next."""

JOKER_FLIGHT = 0.6
"""An open joker card's slower, turning flight from the pack to the middle of the felt."""

LOG_KEPT = 40
"""Lines of the log kept (the table shows the last few)."""


@dataclass
class CardSprite:
    """A card moving or turning over: its face (None: back), box, and turn (0 back, 1 face)."""

    card: Hidden
    x: float
    y: float
    width: float
    turn: float = 0.0
    lift: float = 0.0
    face_up_from_start: bool = False

    @property
    def box(self) -> Box:
        """Where the card is now (before squashing for the flip)."""
        return Box(self.x, self.y - self.lift, self.width, card_height(self.width))

    @property
    def showing_face(self) -> bool:
        """Whether the face shows now (past half way through a flip)."""
        if self.card is None:
            return False
        return self.face_up_from_start or self.turn >= 0.5

    @property
    def squash(self) -> float:
        """Horizontal scale during a flip: 1 flat, 0 edge-on."""
        if self.face_up_from_start:
            return 1.0
        return abs(math.cos(math.pi * self.turn))


@dataclass
class ChipSprite:
    """A pile of chips in the air, standing on (x, y), drawn like the pile it leaves or joins."""

    amount: int
    x: float
    y: float
    diameter: float = BET_CHIP
    columns: int = BET_COLUMNS
    tallest: int = BET_TALLEST


@dataclass
class Caption:
    """A line of text over the table: a result (gold) or news (plain); fades in."""

    text: str
    kind: str = "result"
    alpha: float = 0.0


@dataclass
class Stage:
    """Everything drawn above the board: sprites, hidden slots, glows, the caption, the log."""

    cards: list[CardSprite] = field(default_factory=list)
    chips: list[ChipSprite] = field(default_factory=list)
    hidden: set[CardSlot] = field(default_factory=set)
    winners: set[int] = field(default_factory=set)
    highlights: set[int] = field(default_factory=set)
    caption: Caption | None = None
    log: list[str] = field(default_factory=list)
    banner: str = ""

    def say(self, line: str | None) -> None:
        """Add a line to the log (nothing for no line), keeping the last LOG_KEPT."""
        if line:
            self.log.append(line)
            del self.log[:-LOG_KEPT]


LayoutSource = Callable[[], TableLayout]
"""Gives the current layout of the board (it changes when a seat gets a second hand)."""
