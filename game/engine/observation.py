"""What one seat may know: an observation that cannot hold a card that seat may not see.

Hidden cards are None. An observation is built from a game state by that game's `observe()`;
it holds no reference to the state, so a bot given one cannot reach the hidden cards. Its seats
and history may be made when first read (an agent that reads only the legal moves does not pay
for them), from what the game hands it when the observation is made: values that hold nothing
the viewer may not see, and a function of them alone (never a closure over the game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar

from game.engine.actions import LegalAction
from game.engine.cards import Card
from game.engine.events import Event, JokerTurned
from game.engine.hands import Ranking
from game.engine.phases import Phase
from game.engine.quick import quick_init
from game.engine.reasons import Reason
from game.engine.rules import Rules, TeenPattiRules
from game.engine.said import NOTHING_SAID, Said

Hidden = Card | None
"""A card as an observer sees it: the card, or None when it is face down to them."""

Record = TypeVar("Record", "SeatView", "Observation")


def replaced(record: Record, **changes: object) -> Record:
    """A copy of an observation or a seat view with `changes`, its other fields shared: the
    values copied at once (dataclasses.replace sets each of a frozen record's fields one by
    one, and an observation has two dozen)."""
    names = _FIELD_NAMES[type(record)]
    if not changes.keys() <= names.keys():
        unknown = ", ".join(sorted(changes.keys() - names.keys()))
        raise TypeError(f"a {type(record).__name__} has no field {unknown}")
    copy = object.__new__(type(record))
    own = made_whole(record)
    # a record's dict holds its fields and nothing else (quick_init writes only them)
    state = own.copy() if len(own) == len(names) else {name: own[name] for name in names}
    state.update(changes)
    object.__setattr__(copy, "__dict__", state)  # the dict made here is the copy's own
    return copy


def made_observation(state: dict[str, object]) -> Observation:
    """An observation whose fields are `state`, a dict naming every field of an Observation
    (and nothing else), which the observation takes as its own: what the engine makes each
    observation with, quicker than a call with two dozen keywords. A field may instead be
    named under `DEFERRED`, with how it is made when first read."""
    observation = object.__new__(Observation)
    object.__setattr__(observation, "__dict__", state)
    return observation


DEFERRED = "_deferred"
"""The key of an observation's dict under which the parts not made yet wait, each field's name
with the function that makes it and what it makes it from: `Part`."""


def made_whole(record: object) -> dict[str, object]:
    """A record's dict with every part of it made (an observation's parts not made yet are
    made now and kept): what a copy of it holds."""
    own: dict[str, object] = record.__dict__
    deferred = own.get(DEFERRED)
    if isinstance(deferred, dict):
        for name, (make, source) in deferred.items():
            own.setdefault(name, make(source))  # (whoever made it first, kept)
        own.pop(DEFERRED, None)
    return own


Part = tuple[Callable[[Any], object], object]
"""How a part of an observation is made when first read: a function (of its argument alone:
no closure over the game) and its argument, which holds nothing the viewer may not see."""


@quick_init
@dataclass(frozen=True)
class SeatView:
    """One seat as the observer sees it."""

    seat: int
    stack: int
    playing: bool
    folded: bool
    blind: bool
    hands: tuple[tuple[Hidden, ...], ...]
    committed: int
    badges: tuple[str, ...] = ()
    discard: Hidden = None
    """Four-card brag: the card this seat discarded, when the viewer may know it."""
    wagers: tuple[tuple[str, int], ...] = ()
    """Three Card Poker: the wagers out in front of the seat, by name ('base', 'pair_plus',
    'call'), each with its chips."""


@quick_init
@dataclass(frozen=True)
class Observation:
    """Everything `viewer` may know now, and nothing more."""

    family: str
    viewer: int | None
    deal_number: int
    dealer: int
    to_act: int | None
    phase: Phase
    seats: tuple[SeatView, ...]
    pots: tuple[int, ...]
    carried: int
    stake: int
    pack_size: int
    pack_showing: Hidden
    legal: tuple[LegalAction, ...]
    history: tuple[Event, ...]
    message: Reason | None = None
    """What the table says about the deal now, as facts (words made where it is drawn)."""
    rules: Rules | None = None
    table_cards: tuple[Card, ...] = ()
    """Cards face up in the middle of the table for everyone: the open jokers."""
    deal_over: bool = True
    """Between deals: nobody is to act."""
    why_not_dealing: Said = NOTHING_SAID
    """Why no deal can start now (nothing when one can, or while a deal is under way)."""
    bet_refusal: Said = NOTHING_SAID
    """To the seat to act only: why it may not make even the smallest bet now (nothing when it may,
    or where betting is not a move of the game)."""
    start_stacks: tuple[int, ...] = ()
    """Each seat's chips when the current (or last) deal started."""
    start_retained: tuple[int, ...] = ()
    """How many retained cards each seat held when the deal started (Brag's kept blind hand)."""
    start_carried: int = 0
    """The chips carried into the current (or last) deal from the one before."""

    @property
    def can_deal(self) -> bool:
        """Whether a new deal can start now."""
        return self.deal_over and not self.why_not_dealing

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat, if the viewer is a seat."""
        return None if self.viewer is None else self.seats[self.viewer]

    @property
    def pot(self) -> int:
        """All chips in the pots of this deal."""
        return sum(self.pots)

    def known_cards(self) -> list[Card]:
        """Every card this observation shows, for leak checks."""
        cards = [card for view in self.seats for hand in view.hands for card in hand if card]
        cards += [view.discard for view in self.seats if view.discard is not None]
        if self.pack_showing is not None:
            cards.append(self.pack_showing)
        cards.extend(self.table_cards)
        return cards

    def hand_ranking(self) -> Ranking | None:
        """The ranking this deal plays, or the deal just ended played (with its open jokers);
        None when rules are not shown."""
        return deal_ranking(self.rules, self.open_jokers())

    def open_jokers(self) -> tuple[Card, ...]:
        """This deal's open jokers, or the deal just ended's once they went back to the pack
        (the hands it showed are valued with them)."""
        rules = self.rules
        if self.table_cards or not (isinstance(rules, TeenPattiRules) and rules.open_jokers):
            return self.table_cards
        for event in reversed(self.history):
            if isinstance(event, JokerTurned):
                return event.cards
        return ()

    if not TYPE_CHECKING:  # (to the type checker every field is always there, as it is read)

        def __getattr__(self, name: str) -> object:
            """A part not made yet (`DEFERRED`), made now and kept: asked only when `name` is
            not in the observation's dict."""
            own = self.__dict__
            deferred = own.get(DEFERRED)
            part = None if deferred is None else deferred.get(name)
            if part is None:
                if name in own:  # made meanwhile, by another thread reading it
                    return own[name]
                raise AttributeError(f"'Observation' object has no attribute {name!r}")
            make, source = part
            value = own.setdefault(name, make(source))  # (whoever made it first, kept)
            if all(field in own for field in deferred):
                own.pop(DEFERRED, None)  # every part made: the dict holds its fields alone
            return value

    def __getstate__(self) -> dict[str, object]:
        """The fields, every part made (what a copy or a pickle holds)."""
        return made_whole(self)


def history_of(parts: tuple[tuple[Event, ...], tuple[tuple[int, Event], ...]]) -> tuple[Event, ...]:
    """A viewer's history from its parts: the deal's events as a spectator sees them, and the
    viewer's own events with their places (`TableGame._history_parts`)."""
    spectator, own = parts
    if not own:
        return spectator
    events = list(spectator)
    for index, event in own:
        events[index] = event
    return tuple(events)


def deal_ranking(rules: Rules | None, table_cards: Sequence[Card] = ()) -> Ranking | None:
    """The ranking a deal plays with `table_cards` (its open jokers) face up in the middle; None
    when the rules are not known."""
    if rules is None:
        return None
    if table_cards and isinstance(rules, TeenPattiRules):
        return rules.hand_ranking(table_cards)
    return rules.hand_ranking()


_FIELD_NAMES: dict[type, dict[str, None]] = {
    kind: dict.fromkeys(item.name for item in fields(kind)) for kind in (SeatView, Observation)
}
"""Each record's fields, in order (what `replaced` copies; a dict, to test names against)."""

OBSERVATION_STATE: dict[str, object] = dict.fromkeys(_FIELD_NAMES[Observation])
"""Every field of an Observation, in order, each None: what the engine copies and fills to make
an observation's dict (`made_observation`)."""
