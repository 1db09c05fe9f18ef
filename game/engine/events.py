"""Frozen event records: what happened, one step at a time, for the UI to animate and logs to keep.

Events that carry cards say who may see them (`audience`); `redact()` hides them from everyone
else, so an observer's event log never holds a card its seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter, itemgetter
from types import UnionType
from typing import Union, cast, get_args, get_origin, get_type_hints

from game.engine.cards import Card
from game.engine.hands import HandName
from game.engine.quick import quick_init
from game.engine.reasons import NO_REASON, Reason

EVERYONE: frozenset[int] | None = None
"""The audience of a public event."""


@quick_init
@dataclass(frozen=True)
class Event:
    """Base of every event."""


@quick_init
@dataclass(frozen=True)
class DealStarted(Event):
    """A new deal begins: its number, the dealer, and the seats taking part."""

    deal_number: int
    dealer: int
    seats: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class PackShuffled(Event):
    """The pack was shuffled (every deal in Teen Patti; rarely in Brag)."""

    reason: Reason


@quick_init
@dataclass(frozen=True)
class AntePosted(Event):
    """A seat put its ante (boot) in the pot."""

    seat: int
    amount: int


@quick_init
@dataclass(frozen=True)
class CardDealt(Event):
    """One card from the top of the pack to a seat's hand (`hand` indexes the seat's hands)."""

    seat: int
    card: Card | None
    hand: int = 0
    face_up: bool = False
    audience: frozenset[int] | None = frozenset()


@quick_init
@dataclass(frozen=True)
class JokerTurned(Event):
    """An open joker card turned face up in the middle of the table: its rank is wild."""

    cards: tuple[Card, ...]
    wild_ranks: str
    audience: frozenset[int] | None = EVERYONE


@quick_init
@dataclass(frozen=True)
class Looked(Event):
    """A seat looked at a hand: from now on it plays seen (open)."""

    seat: int
    cards: tuple[Card | None, ...]
    hand: str = "only"
    audience: frozenset[int] | None = frozenset()


@quick_init
@dataclass(frozen=True)
class BetPlaced(Event):
    """A seat put chips in; `blind` says it was a blind bet; `stake` is the stake after it."""

    seat: int
    amount: int
    blind: bool
    stake: int
    pot: int = 0


@quick_init
@dataclass(frozen=True)
class Folded(Event):
    """A seat dropped out (or folded one of two hands); the cards go face down."""

    seat: int
    reason: Reason = NO_REASON
    hand: str = "only"


@quick_init
@dataclass(frozen=True)
class ShowPaid(Event):
    """A seat paid to show (Teen Patti) or see (Brag) the other player."""

    seat: int
    amount: int
    against: int


@quick_init
@dataclass(frozen=True)
class HandRevealed(Event):
    """A seat's cards turned face up for everyone, with the hand's name (as data)."""

    seat: int
    cards: tuple[Card | None, ...]
    description: HandName
    audience: frozenset[int] | None = EVERYONE


@quick_init
@dataclass(frozen=True)
class SideshowAsked(Event):
    """A seat asked the previous player for a sideshow."""

    seat: int
    target: int


@quick_init
@dataclass(frozen=True)
class SideshowAnswered(Event):
    """The asked player accepted or refused the sideshow."""

    seat: int
    accept: bool


@quick_init
@dataclass(frozen=True)
class SideshowCompared(Event):
    """The two sideshow hands compared privately; `loser` folds. Cards only for the two."""

    asker: int
    target: int
    loser: int
    asker_cards: tuple[Card | None, ...]
    target_cards: tuple[Card | None, ...]
    audience: frozenset[int] | None = frozenset()


@quick_init
@dataclass(frozen=True)
class PotAwarded(Event):
    """A pot (0 is the main pot) goes to a seat; `reason` says why, as facts."""

    seat: int
    amount: int
    pot_index: int
    reason: Reason


@quick_init
@dataclass(frozen=True)
class PotCarried(Event):
    """Nobody won: the pot carries forward to the next deal."""

    amount: int
    reason: Reason


@quick_init
@dataclass(frozen=True)
class CardsToPack(Event):
    """Cards went back to the pack, at the bottom (or top), face down unless the option shows."""

    seat: int | None
    cards: tuple[Card | None, ...]
    position: str = "bottom"
    face_up: bool = False
    audience: frozenset[int] | None = frozenset()


@quick_init
@dataclass(frozen=True)
class HandKept(Event):
    """Brag, two hands: a seat kept one hand and the other went to the pack unseen."""

    seat: int
    hand: str


@quick_init
@dataclass(frozen=True)
class Discarded(Event):
    """Four-card brag: a seat put one card face down; only that seat knows it until shown."""

    seat: int
    card: Card | None
    audience: frozenset[int] | None = frozenset()


@quick_init
@dataclass(frozen=True)
class DiscardShown(Event):
    """Four-card brag: equal hands compare their discards, so this discard turned face up."""

    seat: int
    card: Card | None
    audience: frozenset[int] | None = EVERYONE


@quick_init
@dataclass(frozen=True)
class HandRetained(Event):
    """Brag: a blind hand stays on the table for the next deal."""

    seat: int


@quick_init
@dataclass(frozen=True)
class PotCovered(Event):
    """A seat short of money put its last chips in and covered the pot (Brag, Teen Patti)."""

    seat: int
    amount: int


@quick_init
@dataclass(frozen=True)
class BetReturned(Event):
    """Teen Patti, a show for what you have: what a seat put into the pot beyond the short
    player (who cannot win more from it than it put in itself) goes back to that seat."""

    seat: int
    amount: int
    short_seat: int


@quick_init
@dataclass(frozen=True)
class LoanMade(Event):
    """Brag, harsher rule: the richest seat lent chips to a seat short of money."""

    lender: int
    borrower: int
    amount: int


@quick_init
@dataclass(frozen=True)
class LoanRepaid(Event):
    """A borrower paid back what it could at the end of a deal."""

    lender: int
    borrower: int
    amount: int


@quick_init
@dataclass(frozen=True)
class ShowdownProposed(Event):
    """Brag: a seat proposed that everyone still in shows down now."""

    seat: int


@quick_init
@dataclass(frozen=True)
class ShowdownAnswered(Event):
    """Brag: a seat agreed to or refused the proposed showdown."""

    seat: int
    agree: bool


@quick_init
@dataclass(frozen=True)
class TurnPassed(Event):
    """It is now this seat's turn."""

    seat: int


@quick_init
@dataclass(frozen=True)
class TimeRanOut(Event):
    """The seat to act did not act before its turn clock ran out (a table among friends): the
    move that follows is the table's, not the player's choice."""

    seat: int
    stand_in: bool = False
    """A bot plays the turn (else the seat packs)."""


@quick_init
@dataclass(frozen=True)
class DealEnded(Event):
    """The deal is over; the stacks after it."""

    stacks: tuple[int, ...]


SEAT_FIELDS = ("seat", "asker", "target", "loser", "against", "short_seat", "lender", "borrower")
"""The fields by which an event names a seat. An event that changes a seat during a deal — its
chips, its cards, whether it folded, looked or covered, what others are shown of it — names
that seat (`seats_changed` relies on it)."""

CHANGES_NO_SEAT: frozenset[type[Event]] = frozenset(
    {TurnPassed, TimeRanOut, PackShuffled, PotCarried, SideshowAsked, ShowdownProposed}
)
"""Events that change no seat, though some name one: a turn, a clock run out, the pack
shuffled, a pot carried, a sideshow or a showdown asked for (the answer changes the seats)."""

CHANGES_EVERY_SEAT: frozenset[type[Event]] = frozenset({DealStarted, DealEnded})
"""Events after which every seat may differ: a deal started or ended."""


def seats_changed(events: Sequence[Event], start: int = 0) -> set[int] | None:
    """The seats the events from `start` on may have changed: those they name (`SEAT_FIELDS`);
    None where one may have changed every seat (a deal started or ended, an event of a kind
    that names no seat, or names None)."""
    seats: set[int] = set()
    naming = _NAMING
    for event in events[start:]:
        reader = naming.get(type(event))
        if reader is None:
            reader = _naming(type(event))
        if reader is _NAMES_NONE:
            continue
        named = reader(event)
        if isinstance(named, int):  # (most events name one seat)
            seats.add(named)
        elif named is None or None in named:
            return None
        else:  # (several, none of them None)
            seats.update(cast(tuple[int, ...], named))
    return seats


def _names_none(event: Event) -> None:
    """The reader of a kind of event that changes no seat (never called)."""


def _names_every(event: Event) -> None:
    """The reader of a kind of event after which any seat may differ: None."""


SeatsNamed = int | tuple[int | None, ...] | None
"""What a kind of event's reader of seats gives: a seat, several, or None (any seat)."""

_NAMES_NONE: Callable[[Event], SeatsNamed] = _names_none
_NAMING: dict[type, Callable[[Event], SeatsNamed]] = {}
"""Each kind of event's reader of the seats it may change (a seat, or a tuple of them; None
where any seat may differ), `_names_none` for a kind that changes no seat (`seats_changed`)."""


def _naming(kind: type) -> Callable[[Event], SeatsNamed]:
    """The reader of the seats `kind` may change (found once per kind)."""
    names = [item.name for item in fields(kind) if item.name in SEAT_FIELDS]
    reader: Callable[[Event], SeatsNamed]
    if kind in CHANGES_NO_SEAT:
        reader = _names_none
    elif kind in CHANGES_EVERY_SEAT or not names:
        reader = _names_every
    else:
        reader = attrgetter(*names)
    _NAMING[kind] = reader
    return reader


def audience_of(event: Event) -> frozenset[int] | None:
    """Who may see the event's cards (None: everyone)."""
    audience: frozenset[int] | None = getattr(event, "audience", EVERYONE)
    return audience


def sees(audience: frozenset[int] | None, viewer: int | None) -> bool:
    """Whether `viewer` (None: a spectator) is among an event's audience."""
    return audience is None or (viewer is not None and viewer in audience)


def redact(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` may see it: cards outside its audience become None.

    A viewer of None is a spectator who sees only public cards.
    """
    own = vars(event)  # (`audience_of`, inline: every record sets each of its fields)
    audience: frozenset[int] | None = own.get("audience", EVERYONE)
    if audience is None or (viewer is not None and viewer in audience):
        return event
    kind = type(event)
    names, others = _hiding(kind)
    if others is not None and len(names) == 1:
        value = own[names[0]]
        if type(value) is tuple:
            # cards looked at or put back: one copy for every event alike but for them
            if not _holds_card(value):
                return event
            key: tuple[object, ...] = (kind, others(own), len(value))
            copy = _HIDDEN_COPIES.get(key)
            if copy is None:
                if len(_HIDDEN_COPIES) >= MOST_HIDDEN_COPIES:
                    _HIDDEN_COPIES.clear()
                copy = _HIDDEN_COPIES[key] = _copy_with(event, {names[0]: (None,) * len(value)})
            return copy
    if others is not None and len(names) == 1 and not isinstance(own[names[0]], tuple):
        # one card (dealt face down): its copy is the same for every event alike but for it
        if own[names[0]] is None:
            return event
        key = (kind, others(own), None)
        copy = _HIDDEN_COPIES.get(key)
        if copy is None:
            if len(_HIDDEN_COPIES) >= MOST_HIDDEN_COPIES:
                _HIDDEN_COPIES.clear()
            copy = _HIDDEN_COPIES[key] = _copy_with(event, {names[0]: None})
        return copy
    hidden: dict[str, object] = {}
    for name in names:
        value = own[name]
        if isinstance(value, Card):
            hidden[name] = None
        elif isinstance(value, tuple) and _holds_card(value):
            hidden[name] = (None,) * len(value)
    if not hidden:
        return event
    if others is None:
        return _copy_with(event, hidden)
    # the copy is the event's other fields and its card fields, hidden: one copy for every
    # event alike but for its cards
    if len(hidden) < len(names):  # a card field that holds no card is kept as it is
        hidden = {name: hidden.get(name, own[name]) for name in names}
    key = (kind, others(own), *hidden.values())
    copy = _HIDDEN_COPIES.get(key)
    if copy is None:
        if len(_HIDDEN_COPIES) >= MOST_HIDDEN_COPIES:
            _HIDDEN_COPIES.clear()
        copy = _HIDDEN_COPIES[key] = _copy_with(event, hidden)
    return copy


def read_secrets(
    events: Sequence[Event], start: int, copies: list[Event]
) -> list[tuple[int, Event]]:
    """The events from `start` on read for every viewer: each one's copy for a spectator (the
    event itself where it hides nothing) appended to `copies` (those of the events before
    `start`); returned, the events some seats see whole though a spectator does not, each with
    its place in `events`. Each type is read by its plan (`_spectator_plan`, found once per
    type): a type no card of which may be hidden is not looked at, one with a field holding a
    card or a tuple of cards is hidden here as `redact` hides it (its copy shared by every event
    alike but for its cards), any other through `redact`; an event every deal shares
    (`mark_shared`) is redacted once, its copy kept with it for every later deal."""
    seen: list[tuple[int, Event]] = []
    kept, plans = _KEPT_COPIES, _SPECTATOR_PLANS
    for event in events[start:] if start else events:
        kind = type(event)
        plan = plans.get(kind)
        if plan is None:
            plan = _spectator_plan(kind)
        if plan is False:
            copies.append(event)
            continue
        copy = kept.get(id(event))
        if copy is None:
            own = event.__dict__
            if plan is True:
                copy = redact(event, None)
            elif own["audience"] is None:  # (a public event)
                copy = event
            else:  # `redact`'s two paths for one field holding cards, inline
                name, others = plan
                value = own[name]
                if type(value) is tuple:
                    for part in value:  # (`_holds_card`, inline)
                        if isinstance(part, Card):
                            copy = _hidden_copy(event, (kind, others(own), len(value)), name)
                            break
                    else:
                        copy = event
                elif value is None:
                    copy = event
                elif isinstance(value, tuple):  # (a kind of tuple of its own: as `redact` does)
                    copy = redact(event, None)
                else:
                    copy = _hidden_copy(event, (kind, others(own), None), name)
            if copy is not event:
                if own.get("audience"):
                    seen.append((len(copies), event))
                elif id(event) in _SHARED_EVENTS:  # nobody sees it whole: one copy, kept
                    kept[id(event)] = copy
        copies.append(copy)
    return seen


SpectatorPlan = bool | tuple[str, Callable[[dict[str, object]], object]]
"""How `read_secrets` reads a type of event: False where no card of it may be hidden (no field
may hold one, or it has no audience: it is public), its one card field's name and the reader
of its other fields where that field holds a card or a tuple of cards hidden whole, and True
where `redact` reads it."""

_SPECTATOR_PLANS: dict[type, SpectatorPlan] = {}
"""Each event type's plan for a spectator's copy (`_spectator_plan`)."""


def _spectator_plan(kind: type) -> SpectatorPlan:
    """How `read_secrets` reads events of `kind` (found once per type): see `SpectatorPlan`."""
    names, others = _hiding(kind)
    plan: SpectatorPlan
    if not names or "audience" not in {item.name for item in fields(kind)}:
        plan = False  # (every event of it is public, or holds no card: `redact` keeps it)
    elif others is not None and len(names) == 1:
        plan = (names[0], others)
    else:
        plan = True
    _SPECTATOR_PLANS[kind] = plan
    return plan


def _hidden_copy(event: Event, key: tuple[object, ...], name: str) -> Event:
    """The copy of `event` with its card field `name` hidden whole, shared by every event alike
    but for its cards (`key`: its type, its other fields and the field as hidden), as `redact`
    makes it."""
    copy = _HIDDEN_COPIES.get(key)
    if copy is None:
        if len(_HIDDEN_COPIES) >= MOST_HIDDEN_COPIES:
            _HIDDEN_COPIES.clear()
        value = key[2]
        hidden = None if value is None else (None,) * cast(int, value)
        copy = _HIDDEN_COPIES[key] = _copy_with(event, {name: hidden})
    return copy


def mark_shared(event: Event) -> Event:
    """Mark `event` as one every deal shares (a card dealt face down, an ante): the first copy
    `read_secrets` makes of it for a spectator is kept with it, by its identity, for every later
    deal. Returns the event."""
    if len(_SHARED_EVENTS) >= MOST_HIDDEN_COPIES:
        forget_spectator_copies()
    _SHARED_EVENTS[id(event)] = event
    return event


def forget_spectator_copies() -> None:
    """Forget every event marked as shared and the copies kept with them."""
    _KEPT_COPIES.clear()  # (first: no copy is found by an identity no longer kept)
    _SHARED_EVENTS.clear()


def _holds_card(value: tuple[object, ...]) -> bool:
    """Whether a tuple holds a card (without a generator: asked for every hidden event)."""
    for part in value:  # noqa: SIM110 (a generator per call costs more than the loop)
        if isinstance(part, Card):
            return True
    return False


def _copy_with(event: Event, changes: dict[str, object]) -> Event:
    """A copy of a frozen event with `changes`, its fields set directly."""
    state = vars(event).copy()
    state.update(changes)
    copy = object.__new__(type(event))
    object.__setattr__(copy, "__dict__", state)
    return copy


MOST_HIDDEN_COPIES = 4096
"""How many hidden copies `redact` keeps for reuse before it starts afresh (a few dozen are
made: a card dealt face down to each seat and hand)."""

_HIDDEN_COPIES: dict[tuple[object, ...], Event] = {}
"""The hidden copies of events, by their type, their other fields and their card fields as
hidden (only of types whose fields are all hashable once their cards are hidden)."""

_SHARED_EVENTS: dict[int, Event] = {}
"""The events every deal shares (`mark_shared`), by identity (each kept alive here, so its identity
is not reused while it is)."""

_KEPT_COPIES: dict[int, Event] = {}
"""The spectators' copies of shared events, by the event's identity (`read_secrets`)."""

_HIDING: dict[type, tuple[tuple[str, ...], Callable[[dict[str, object]], object] | None]] = {}
"""Each event type's fields whose declared type may hold a card, and, for a type with one
field holding one card and hashable others, how to read its other fields (`_hiding`)."""


def _hiding(kind: type) -> tuple[tuple[str, ...], Callable[[dict[str, object]], object] | None]:
    """The fields of an event type that may hold a card (found once per type from the types
    declared for them; every field, where they cannot be read) and, where each of them holds
    a card or a tuple of cards and the other fields are hashable, a reader of the other
    fields' values (with the card fields as hidden, the key of its hidden copy)."""
    known = _HIDING.get(kind)
    if known is None:
        try:
            declared = get_type_hints(kind)
        except (NameError, TypeError):
            declared = {item.name: Card for item in fields(kind)}
        names = tuple(item.name for item in fields(kind) if _may_hold_card(declared[item.name]))
        others = [item.name for item in fields(kind) if item.name not in names]
        shared = all(_cards_hidden_whole(declared[name]) for name in names) and all(
            _hashable(declared[name]) for name in others
        )
        known = _HIDING[kind] = (names, _reader(others) if shared else None)
    return known


def _reader(names: list[str]) -> Callable[[dict[str, object]], object]:
    """The values of these fields of an event's dict, as one hashable value."""
    if not names:
        return lambda _own: ()
    return itemgetter(*names)


def _cards_hidden_whole(declared: object) -> bool:
    """Whether `redact` hides a field of this declared type whole: a card (or None), or a
    tuple of any length of them."""
    if declared is Card:
        return True
    parts = get_args(declared)
    if get_origin(declared) is tuple:
        return len(parts) == 2 and parts[1] is Ellipsis and _cards_hidden_whole(parts[0])
    return set(parts) == {Card, type(None)}


def _hashable(declared: object) -> bool:
    """Whether values of a declared type are hashable: numbers, text, flags, frozen sets, None
    and tuples or unions of them."""
    if declared in (int, str, bool, type(None)):
        return True
    origin = get_origin(declared)
    if origin in (frozenset, tuple, UnionType, Union):
        return all(part is Ellipsis or _hashable(part) for part in get_args(declared))
    return False


def _may_hold_card(declared: object) -> bool:
    """Whether a declared type is a card or is made of cards anywhere within it."""
    return declared is Card or any(_may_hold_card(part) for part in get_args(declared))
