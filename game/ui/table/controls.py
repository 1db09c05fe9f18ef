"""Controls built from the legal actions only, with labels, keyboard shortcuts and rule tooltips.

Labels are in the player's language when the controls are built; the shortcut keys are the same
Latin letters in every language.

Pure logic (no pygame): the table scene lays these out as buttons, so a button for an illegal
action cannot exist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    Call,
    ChooseHand,
    Cover,
    Discard,
    Fold,
    KeepHand,
    LegalAction,
    Look,
    Play,
    PostAnte,
    PostBets,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
    TakeBank,
    Waive,
)
from game.engine.cards import parse
from game.engine.family import Family
from game.engine.said import Said
from game.i18n import N_, _, number
from game.words.said import said
from game.words.wagers import is_banked


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


Words = tuple[str, dict[str, object]]
"""A label before translation: its English words (a catalog entry, with {fields}) and the
values of its fields."""


def _words(words: str, **fields: object) -> Words:
    return (words, fields)


def _bet_label(family: str, blind: bool) -> Words:
    if family == Family.TEEN_PATTI:
        # Translators: Teen Patti's bet while playing blind (the game's own word)
        return _words(N_("Blind")) if blind else _words(N_("Chaal"))
    return _words(N_("Bet"))


def _describe(action: Action, family: str, blind: bool) -> tuple[Words, str]:
    """(label, shortcut key) for an action in a family's own words, amounts included for the
    Three Card Poker wagers; every kind of action decided (mypy checks that none is missed)."""
    brag = family == Family.BRAG
    match action:
        case TakeBank():
            # Translators: take the bank (be the designated player who pays and collects)
            return (_words(N_("Bank")), "b")
        case Waive():
            return (_words(N_("Waive the bank")), "w")
        case PostBets(base=base, pair_plus=pair_plus) if pair_plus:
            words = N_("Base {base} + Pair Plus {pair_plus}")
            return (_words(words, base=base, pair_plus=pair_plus), "p")
        case PostBets(base=base):
            return (_words(N_("Base {base}"), base=base), "b")
        case PostAnte(ante=ante, pair_plus=pair_plus) if pair_plus:
            words = N_("Ante {ante} + Pair Plus {pair_plus}")
            return (_words(words, ante=ante, pair_plus=pair_plus), "p")
        case PostAnte(ante=ante):
            return (_words(N_("Ante {ante}"), ante=ante), "a")
        case Call(amount=amount):
            return (_words(N_("Call {amount}"), amount=amount), "c")
        case Play(amount=amount):
            return (_words(N_("Play {amount}"), amount=amount), "p")
        case Look(hand="new"):
            return (_words(N_("Look at new")), "n")
        case Look(hand="old"):
            return (_words(N_("Look at old")), "o")
        case Look():
            # Brag's "See" pays to see an opponent, so looking at one's own cards is "Look" there
            return (_words(N_("Look at cards")) if brag else _words(N_("See cards")), "l")
        case Bet():
            return (_bet_label(family, blind), "b")
        case Show() if brag:
            # Translators: Brag's "See" pays to see an opponent's hand (the showdown)
            return (_words(N_("See")), "s")
        case Show():
            # Translators: Teen Patti's show (the showdown of the last two)
            return (_words(N_("Show")), "s")
        case Fold() if brag or is_banked(family):
            return (_words(N_("Fold")), "f")
        case Fold():
            # Translators: Teen Patti's word for folding (giving up the hand)
            return (_words(N_("Pack")), "f")
        case Sideshow():
            return (_words(N_("Sideshow")), "d")
        case AnswerSideshow(accept=accept):
            return (_words(N_("Accept")), "a") if accept else (_words(N_("Refuse")), "r")
        case KeepHand(keep=keep):
            # not "Fold": the deal goes on with the other hand, so it must not look like leaving
            if keep:
                return (_words(N_("Keep it")), "k")
            return (_words(N_("Play the other")), "x")
        case ChooseHand(hand="new"):
            return (_words(N_("Keep new unseen")), "n")
        case ChooseHand():
            return (_words(N_("Keep old unseen")), "o")
        case Cover():
            return (_words(N_("Cover the pot")), "c")
        case Stay():
            return (_words(N_("Stay")), "t")
        case ProposeShowdown():
            return (_words(N_("Showdown?")), "p")
        case AnswerShowdown(agree=agree):
            return (_words(N_("Agree")), "y") if agree else (_words(N_("Refuse")), "r")
        case Discard(card=text):
            (card,) = parse(text)
            return (_words(N_("Discard {card}"), card=f"{card.rank.label}{card.suit.symbol}"), "")
        case _:
            assert_never(action)


def _formatted(words: Words, translate: bool) -> str:
    """The label in the player's language (or in English, `translate` False)."""
    text, fields = words
    shown = {
        name: number(value) if isinstance(value, int) else value for name, value in fields.items()
    }
    return (_(text) if translate else text).format(**shown)


def _with_amount(label: str, option: LegalAction) -> str:
    """A pot game's label with its fixed amount: 'Chaal 4', 'Show (8)'."""
    if isinstance(option.action, Bet) and option.low == option.high:
        return f"{label} {number(option.low)}"
    if option.low and not isinstance(option.action, Bet):
        return f"{label} ({number(option.low)})"
    return label


def narrow_note(legal: Sequence[LegalAction], bet_refusal: Said) -> str:
    """Why the player to act cannot bet, when only packing, looking, showing or covering is left
    (too few chips, or a blind player at the blind limit): the rule of Pack when it is the only
    option, else why a bet is refused; '' when the player may bet."""
    kinds = {type(option.action) for option in legal}
    if Fold not in kinds or not kinds <= {Fold, Look, Show, Cover}:
        return ""
    return said(legal[0].rule if len(legal) == 1 else bet_refusal)


def controls_for(legal: Sequence[LegalAction], family: str, blind: bool) -> list[Control]:
    """One control per legal action, each with a distinct shortcut key (a discard: 1-4, the
    card's place in the hand, left to right)."""
    controls: list[Control] = []
    used: set[str] = set()
    for option in legal:
        words, key = _describe(option.action, family, blind)
        label = _formatted(words, translate=True)
        if key in used:
            # a shortcut is a Latin letter in every language: taken from the English label
            english = _formatted(words, translate=False).lower()
            key = next(
                (letter for letter in english if letter.isalpha() and letter not in used), ""
            )
        if not key:
            key = next(str(digit) for digit in range(1, 10) if str(digit) not in used)
        used.add(key)
        if not is_banked(family):
            label = _with_amount(label, option)
        tooltip = said(option.rule) or label
        controls.append(Control(label, key, tooltip, option))
    return controls
