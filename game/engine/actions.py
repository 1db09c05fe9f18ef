"""Frozen action records: what a player asks the engine to do, with a one-line text form.

`Action` is the closed union of every record, the pot games' and Three Card Poker's alike, so
the places that describe actions match it exhaustively. Every action names its seat.
`notation()` writes the text used in hand histories and `parse_action()` reads it back.

>>> parse_action("2 bet 4")
Bet(seat=2, amount=4)
>>> Bet(seat=2, amount=4).notation()
'2 bet 4'
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from dataclasses import Field, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, cast, get_args

from game.engine.bounded_text import (
    MAX_DIGITS,
    UnreadableText,
    plain_digits,
    quoted,
    whole_number,
)
from game.engine.quick import quick_init
from game.engine.said import NOTHING_SAID, Said, Value, says


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule that forbids it.

    `said` is the refusal as data (said in the player's language by game.words.said); `str()`
    of the error is its English sentence.
    """

    # Made by the exceptions' own __init__, in C (a refusal is raised at every probe of a rule,
    # and a Python __init__ cost as much as the rest of raising it): the sentence is its one
    # argument.
    if TYPE_CHECKING:

        def __init__(self, said: Said) -> None: ...

    @property
    def said(self) -> Said:
        """The refusal as data: the sentence the error was made with."""
        return cast(Said, self.args[0])

    def __str__(self) -> str:
        """The refusal's English sentence, made only when someone reads it."""
        return str(self.said)


class RefusedRule(IllegalActionError):
    """A refusal whose sentence is made when it is first read (`said`), from the template and
    values it keeps: a refusal nobody reads (a check's probe of a rule) makes no sentence."""

    if TYPE_CHECKING:

        def __init__(self, template: str, values: dict[str, Value]) -> None: ...

    @property
    def said(self) -> Said:
        """The refusal as data, made from the template and values kept."""
        template, values = cast(tuple[str, dict[str, Value]], self.args)
        return says(template, **values)


class UnsaidRefusal(IllegalActionError):
    """A refusal nobody will read (a verb not offered while the legal list is built): it
    carries no sentence and costs no more to make than a bare exception."""

    said = NOTHING_SAID
    __init__ = Exception.__init__  # no sentence to keep: the exceptions' own, made in C


class ActionParseError(ValueError):
    """A line of text that is not an action."""


@quick_init
@dataclass(frozen=True)
class ActionRecord:
    """Base of every action record: the seat that acts."""

    seat: int
    verb: ClassVar[str] = ""

    def notation(self) -> str:
        """The action as one line of hand-history text: 'SEAT VERB [ARGUMENTS]'."""
        parts = [str(self.seat), self.verb]
        for item in arguments_of(type(self)):
            value = getattr(self, item.name)
            if value != item.default:
                parts.append(_write_value(value))
        return " ".join(parts)


def arguments_of(kind: type[ActionRecord]) -> tuple[Field[Any], ...]:
    """An action type's fields after the seat: the arguments its text form takes, in order
    (worked out once per type: a history writes and reads one per line)."""
    arguments = _ARGUMENTS.get(kind)
    if arguments is None:
        arguments = _ARGUMENTS[kind] = fields(kind)[1:]
    return arguments


_ARGUMENTS: dict[type[ActionRecord], tuple[Field[Any], ...]] = {}


def _write_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@quick_init
@dataclass(frozen=True)
class Look(ActionRecord):
    """Look at your cards at your turn (blind becomes seen). `hand` is 'new' or 'old' with two."""

    hand: str = "only"
    verb: ClassVar[str] = "look"


@quick_init
@dataclass(frozen=True)
class Bet(ActionRecord):
    """Put `amount` chips in to stay in: a blind or seen (chaal) bet, or a Brag bet."""

    amount: int
    verb: ClassVar[str] = "bet"


@quick_init
@dataclass(frozen=True)
class Fold(ActionRecord):
    """Drop out of this deal (pack), losing what is already in the pot."""

    verb: ClassVar[str] = "fold"


@quick_init
@dataclass(frozen=True)
class Show(ActionRecord):
    """Pay for a show (Teen Patti) or to see the other player (Brag) with two players left."""

    verb: ClassVar[str] = "show"


@quick_init
@dataclass(frozen=True)
class Sideshow(ActionRecord):
    """Teen Patti: bet the minimum seen amount and ask the previous player for a sideshow."""

    verb: ClassVar[str] = "sideshow"


@quick_init
@dataclass(frozen=True)
class AnswerSideshow(ActionRecord):
    """Teen Patti: accept or refuse the sideshow you were asked for."""

    accept: bool
    verb: ClassVar[str] = "answer"


@quick_init
@dataclass(frozen=True)
class KeepHand(ActionRecord):
    """Brag, two hands: keep the hand just looked at (folding the other unseen) or fold it."""

    keep: bool
    verb: ClassVar[str] = "keep"


@quick_init
@dataclass(frozen=True)
class ChooseHand(ActionRecord):
    """Brag, two blind hands: keep one of them ('new' or 'old') sight unseen."""

    hand: str
    verb: ClassVar[str] = "choose"


@quick_init
@dataclass(frozen=True)
class Cover(ActionRecord):
    """Brag and Teen Patti: put all your remaining chips in and cover the pot."""

    verb: ClassVar[str] = "cover"


@quick_init
@dataclass(frozen=True)
class Stay(ActionRecord):
    """Brag face-up form: stay in because your hand beats the face-up hand."""

    verb: ClassVar[str] = "stay"


@quick_init
@dataclass(frozen=True)
class ProposeShowdown(ActionRecord):
    """Brag, three or more left: propose that everyone shows down now."""

    verb: ClassVar[str] = "propose"


@quick_init
@dataclass(frozen=True)
class AnswerShowdown(ActionRecord):
    """Brag: agree to or refuse a proposed showdown."""

    agree: bool
    verb: ClassVar[str] = "agree"


@quick_init
@dataclass(frozen=True)
class Discard(ActionRecord):
    """Four-card brag: put one card (written '7h') face down right after looking."""

    card: str
    verb: ClassVar[str] = "discard"


@quick_init
@dataclass(frozen=True)
class TakeBank(ActionRecord):
    """Three Card Poker: accept the bank, be the designated player this deal."""

    verb: ClassVar[str] = "bank"


@quick_init
@dataclass(frozen=True)
class Waive(ActionRecord):
    """Three Card Poker: waive your turn as the designated player; the offer moves on."""

    verb: ClassVar[str] = "waive"


@quick_init
@dataclass(frozen=True)
class PostBets(ActionRecord):
    """Three Card Poker: post the Base Bet and, if wanted, a Pair Plus bet (0 for none)."""

    base: int
    pair_plus: int = 0
    verb: ClassVar[str] = "post"


@quick_init
@dataclass(frozen=True)
class Call(ActionRecord):
    """Three Card Poker: stay in against the designated player with a Call equal to the Base."""

    amount: int
    verb: ClassVar[str] = "call"


@quick_init
@dataclass(frozen=True)
class PostAnte(ActionRecord):
    """Casino Three Card Poker: post the Ante and, if wanted, a Pair Plus bet (0 for none)."""

    ante: int
    pair_plus: int = 0
    verb: ClassVar[str] = "ante"


@quick_init
@dataclass(frozen=True)
class Play(ActionRecord):
    """Casino Three Card Poker: play the hand with a Play bet equal to the Ante."""

    amount: int
    verb: ClassVar[str] = "play"


Action: TypeAlias = (
    Look
    | Bet
    | Fold
    | Show
    | Sideshow
    | AnswerSideshow
    | KeepHand
    | ChooseHand
    | Cover
    | Stay
    | ProposeShowdown
    | AnswerShowdown
    | Discard
    | TakeBank
    | Waive
    | PostBets
    | Call
    | PostAnte
    | Play
)
"""Every action a player may ask for: a closed union, matched exhaustively where described."""

ACTION_TYPES: dict[str, type[Action]] = {kind.verb: kind for kind in get_args(Action)}
"""Every action type by its verb, the text form's second word."""


def parse_action(text: str) -> Action:
    """Read one action line such as '2 bet 4' or '1 answer yes'; raises ActionParseError."""
    words = text.split()
    if len(words) < 2:
        raise ActionParseError(f"{quoted(text)} is not an action: write 'SEAT VERB [AMOUNT]'")
    seat_text, verb, *arguments = words
    if not plain_digits(seat_text, MAX_DIGITS):
        raise ActionParseError(f"{quoted(seat_text)} is not a seat number")
    kind = ACTION_TYPES.get(verb)
    if kind is None:
        raise ActionParseError(f"{quoted(verb)} is not an action; known: {', '.join(ACTION_TYPES)}")
    parameters = arguments_of(kind)
    if len(arguments) > len(parameters):
        raise ActionParseError(f"'{verb}' takes at most {len(parameters)} argument(s)")
    values: dict[str, Any] = {}
    for item, argument in zip(parameters, arguments, strict=False):
        values[item.name] = _read_value(argument, item.type, verb)
    try:
        return kind(int(seat_text), **values)
    except TypeError:
        raise ActionParseError(f"'{verb}' needs {len(parameters)} argument(s)") from None


def _read_value(text: str, kind: object, verb: str) -> object:
    if kind in (bool, "bool"):
        if text not in ("yes", "no"):
            raise ActionParseError(f"'{verb}' takes yes or no, not {quoted(text)}")
        return text == "yes"
    if kind in (int, "int"):
        try:
            return whole_number(text, f"the amount of '{verb}'")
        except UnreadableText as error:
            raise ActionParseError(str(error)) from None
    return text


class _SaidWhenRead:
    """A record's sentence field that may be given as a function saying it: the function is
    called when the field is first read, and its sentence kept."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = f"_{name}"

    def __get__(self, instance: object | None, owner: type) -> Said:
        if instance is None:
            return NOTHING_SAID  # the field's default
        said: Said | Callable[[], Said] = instance.__dict__[self.key]
        if isinstance(said, Said):
            return said
        made = instance.__dict__[self.key] = said()
        return made

    def __set__(self, instance: object, said: Said | Callable[[], Said]) -> None:
        instance.__dict__[self.key] = said


def said_when_read(say: Callable[[], Said]) -> Said:
    """A legal option's rule given as the function that says it (a decorator): the option
    calls it when its rule is first read. Only a LegalAction's `rule` takes one."""
    return say  # type: ignore[return-value]  # the field's descriptor tells the two apart


_RULE_FIELD = typing.cast(Said, _SaidWhenRead())
"""LegalAction's `rule`: a sentence (by default none), or the function that says it."""


@quick_init
@dataclass(frozen=True)
class LegalAction:
    """One thing the player to act may do now: the action, its chip range and the rule behind it.

    For a Bet the amount may be any of `low`, `low + step`, ... `high`; other actions are exact.
    `rule` is the sentence a tooltip shows ("Seen players bet 2x-4x the stake: 4-8"), as data;
    it may be given as a function that says it, called only when someone reads the rule (the
    legal list is made far more often than a tooltip is drawn).
    """

    action: Action
    low: int = 0
    high: int = 0
    step: int = 1
    rule: Said = _RULE_FIELD

    @property
    def cost(self) -> int:
        """The chips the cheapest form of this action costs."""
        return self.low

    def allows(self, action: Action) -> bool:
        """Whether `action` is this legal action (with an amount in range for a Bet)."""
        mine = self.action
        if type(action) is not type(mine) or action.seat != mine.seat:
            return False
        if type(action) is Bet:
            amount, low = action.amount, self.low
            return low <= amount <= self.high and (amount - low) % self.step == 0
        return action == mine

    def amounts(self) -> range:
        """Every allowed amount, lowest first."""
        return range(self.low, self.high + 1, self.step)
