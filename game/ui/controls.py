"""Controls built from the legal actions only, with labels, keyboard shortcuts and rule tooltips.

Pure logic (no pygame): the table scene lays these out as buttons, so a button for an illegal
action cannot exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    ChooseHand,
    Cover,
    Discard,
    Fold,
    KeepHand,
    LegalAction,
    Look,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
)
from game.engine.cards import parse
from game.engine.casino import Play, PostAnte
from game.engine.three_card_poker import Call, PostBets, TakeBank, Waive
from game.ui.wagers import BANKED_FAMILIES


@dataclass(frozen=True)
class Control:
    """One button: what it says, its key, its tooltip, and the legal action behind it."""

    label: str
    key: str
    tooltip: str
    legal: LegalAction

    @property
    def has_amount(self) -> bool:
        """Whether the control needs an amount chooser (a bet with a range)."""
        return isinstance(self.legal.action, Bet) and self.legal.high > self.legal.low

    def action(self, amount: int | None = None) -> Action:
        """The action this control submits (for a bet, with the chosen amount)."""
        if isinstance(self.legal.action, Bet):
            chosen = self.legal.low if amount is None else amount
            return Bet(self.legal.action.seat, chosen)
        return self.legal.action


def _bet_label(family: str, blind: bool) -> str:
    if family == "teen_patti":
        return "Blind" if blind else "Chaal"
    return "Bet"


def _describe_banked(action: Action) -> tuple[str, str] | None:
    """(label, key) for the Three Card Poker actions, amounts included; None for others."""
    if isinstance(action, TakeBank):
        return ("Bank", "b")
    if isinstance(action, Waive):
        return ("Waive the bank", "w")
    if isinstance(action, PostBets):
        if action.pair_plus:
            return (f"Base {action.base} + Pair Plus {action.pair_plus}", "p")
        return (f"Base {action.base}", "b")
    if isinstance(action, PostAnte):
        if action.pair_plus:
            return (f"Ante {action.ante} + Pair Plus {action.pair_plus}", "p")
        return (f"Ante {action.ante}", "a")
    if isinstance(action, Call):
        return (f"Call {action.amount}", "c")
    if isinstance(action, Play):
        return (f"Play {action.amount}", "p")
    if isinstance(action, Fold):
        return ("Fold", "f")
    return None


def _describe(action: Action, family: str, blind: bool) -> tuple[str, str]:
    """(label, shortcut key) for an action in a family's own words."""
    if family in BANKED_FAMILIES:
        banked = _describe_banked(action)
        if banked is not None:
            return banked
    brag = family == "brag"
    if isinstance(action, Look):
        if action.hand in ("new", "old"):
            return (f"Look at {action.hand}", "n" if action.hand == "new" else "o")
        # Brag's "See" pays to see an opponent, so looking at one's own cards is "Look" there
        return ("Look at cards" if brag else "See cards", "l")
    if isinstance(action, Bet):
        return (_bet_label(family, blind), "b")
    if isinstance(action, Show):
        return ("See" if brag else "Show", "s")
    if isinstance(action, Fold):
        return ("Fold" if brag else "Pack", "f")
    if isinstance(action, Sideshow):
        return ("Sideshow", "d")
    if isinstance(action, AnswerSideshow):
        return ("Accept", "a") if action.accept else ("Refuse", "r")
    if isinstance(action, KeepHand):
        # not "Fold": the deal goes on with the other hand, so it must not look like leaving
        return ("Keep it", "k") if action.keep else ("Play the other", "x")
    if isinstance(action, ChooseHand):
        return (f"Keep {action.hand} unseen", "n" if action.hand == "new" else "o")
    if isinstance(action, Cover):
        return ("Cover the pot", "c")
    if isinstance(action, Stay):
        return ("Stay", "t")
    if isinstance(action, ProposeShowdown):
        return ("Showdown?", "p")
    if isinstance(action, AnswerShowdown):
        return ("Agree", "y") if action.agree else ("Refuse", "r")
    if isinstance(action, Discard):
        (card,) = parse(action.card)
        return (f"Discard {card.rank.label}{card.suit.symbol}", "")
    return (action.verb.replace("_", " ").capitalize(), action.verb[:1])


def _with_amount(label: str, option: LegalAction) -> str:
    """A pot game's label with its fixed amount: 'Chaal 4', 'Show (8)'."""
    if isinstance(option.action, Bet) and option.low == option.high:
        return f"{label} {option.low}"
    if option.low and not isinstance(option.action, Bet):
        return f"{label} ({option.low})"
    return label


def controls_for(legal: Sequence[LegalAction], family: str, blind: bool) -> list[Control]:
    """One control per legal action, each with a distinct shortcut key (a discard: 1-4, the
    card's place in the hand, left to right)."""
    controls: list[Control] = []
    used: set[str] = set()
    for option in legal:
        label, key = _describe(option.action, family, blind)
        if key in used:
            key = next(
                (letter for letter in label.lower() if letter.isalpha() and letter not in used), ""
            )
        if not key:
            key = next(str(digit) for digit in range(1, 10) if str(digit) not in used)
        used.add(key)
        if family not in BANKED_FAMILIES:
            label = _with_amount(label, option)
        tooltip = option.rule or label
        controls.append(Control(label, key, tooltip, option))
    return controls
