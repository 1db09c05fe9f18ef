"""Three Card Poker wagers as the table shows them: which piles each seat has out, by name.

Pure logic (no pygame). The observation gives each seat's piles (Base, Pair Plus, Call, or
Ante, Pair Plus, Play at the casino table); here are their labels and names in words.
"""

from __future__ import annotations

from game.engine import families
from game.i18n import N_, _

CASINO = families.Family.CASINO

PILES = ("pair_plus", "base", "call")
"""A seat's wager piles, left to right as drawn."""

_PILE_OF = {
    "base": "base",
    "ante": "base",
    "call": "call",
    "play": "call",
    "pair_plus": "pair_plus",
}
"""The engine's wager names (WagerSettled.wager, a space written '_') to a pile."""

BANK_BADGE = N_("DESIGNATED PLAYER")
"""The engine's badge for the seat banking a designated-player deal (the table says BANK)."""

HOUSE_BADGE = N_("HOUSE")
"""The engine's badge for the casino dealer's hand (its plate says HOUSE BANK)."""

Wagers = dict[int, dict[str, int]]
"""Chips out per seat, per pile."""


def is_banked(family: str) -> bool:
    """Whether the family settles wagers against a bank (Three Card Poker)."""
    return families.is_banked(family)


def pile_of(wager: str) -> str | None:
    """The pile an engine wager name belongs to (None for the Ante bonus, which has no stake)."""
    return _PILE_OF.get(wager.replace(" ", "_"))


def pile_label(pile: str, family: str) -> str:
    """The short label under a pile: BASE / CALL, or ANTE / PLAY at the casino table."""
    casino = family == CASINO
    if pile == "base":
        return _("ANTE") if casino else _("BASE")
    if pile == "call":
        return _("PLAY") if casino else _("CALL")
    # Translators: the label under a Pair Plus wager's chips, short (the pile is small)
    return _("PAIR+")


WAGER_NAMES = {
    "base": N_("Base"),
    "ante": N_("Ante"),
    "call": N_("Call"),
    "play": N_("Play"),
    "pair_plus": N_("Pair Plus"),
    "ante_bonus": N_("Ante Bonus"),
}
"""The engine's wager names (a space written '_') in words."""


def wager_name(wager: str) -> str:
    """An engine wager name in words, in the player's language: 'pair plus' -> 'Pair Plus'."""
    words = WAGER_NAMES.get(wager.replace(" ", "_"))
    return _(words) if words is not None else wager.title()
