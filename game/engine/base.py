"""What every game family's state machine shares: seats and stacks, the dealer, whose turn it
is, cached legal actions, and verifying an action before doing it.

A rule is written once, as pokerkit does: each family has one `verify_<action>` per action,
which raises IllegalActionError with the sentence that forbids it or returns the LegalAction
(range and tooltip) that allows it. Each family keeps one `VerbTable`, a row (`Verb`) per action
type naming its check, how its legal offers are listed and what doing it does: the legal list is
built from the options the checks return (`offered`, or `OneOffer` for a verb offered at most
once), `can` derives from them (`permitted`), and `apply` verifies before doing.

While the legal list is built nobody asks why a verb is not offered: the checks refuse through
`_refused`, which then makes no sentence (an `UnsaidRefusal`); the same checks asked outside the
listing (`verify`, `refusal`, `apply`) say why.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NoReturn, ParamSpec, TypeVar, cast

from game.engine.actions import (
    Action,
    ActionRecord,
    IllegalActionError,
    LegalAction,
    RefusedRule,
    UnsaidRefusal,
)
from game.engine.cards import Card, Pack
from game.engine.events import Event, TimeRanOut, read_secrets
from game.engine.family import Family
from game.engine.marks import N_
from game.engine.observation import (
    DEFERRED,
    OBSERVATION_STATE,
    Hidden,
    Observation,
    Part,
    SeatView,
    history_of,
    made_observation,
)
from game.engine.phases import Phase
from game.engine.quick import quick_init
from game.engine.reasons import Reason
from game.engine.rules import Rules
from game.engine.said import NOTHING_SAID, Said, Value, says

parameters = ParamSpec("parameters")


def offered(
    verify: Callable[parameters, LegalAction],
    *arguments: parameters.args,
    **keywords: parameters.kwargs,
) -> LegalAction | None:
    """The option a verify_<action> returns, or None where it refuses: how legal lists are built."""
    try:
        return verify(*arguments, **keywords)
    except IllegalActionError:
        return None


def permitted(
    verify: Callable[parameters, LegalAction],
    *arguments: parameters.args,
    **keywords: parameters.kwargs,
) -> bool:
    """Whether a verify_<action> passes (how `TableGame.can` answers for an action)."""
    return offered(verify, *arguments, **keywords) is not None


@quick_init
@dataclass(frozen=True)
class SeatSetup:
    """A seat at the start of a deal, as a hand history records it."""

    stack: int
    retained: tuple[Card, ...] = ()


GameT = TypeVar("GameT", bound="TableGame")

Secrets = tuple[
    list[Event], list[Event], dict[int | None, tuple[tuple[int, Event], ...]], tuple[Event, ...]
]
"""A deal's events, each one's copy for anyone outside its audience, each seat's own events
(those it sees whole though a spectator does not) with their places, and the copies as one
history, the spectator's (`TableGame._history_parts`)."""
ActionT = TypeVar("ActionT", bound=ActionRecord)

Offers = Callable[[GameT, int], Iterable[LegalAction | None]]
"""How a verb's legal offers are listed for a seat: the options its check returns (None where it
refuses), typically `offered(game.verify_x, seat, ...)` once per argument worth offering."""


@dataclass(frozen=True)
class OneOffer(Generic[GameT]):
    """How a verb offered at most once is listed: its check by seat alone (the verb's
    verify_<action> with its other arguments left out), which raises where it refuses."""

    check: Callable[[GameT, int], LegalAction]
    when: Callable[[GameT, int], bool] | None = None
    """A test the check itself refuses on (the same predicate, called by both), asked first so
    that a verb bound to be refused is not checked at all (None: always check)."""


_Listing = tuple[
    Callable[[GameT, int], LegalAction] | None,
    Callable[[GameT, int], bool] | None,
    Offers[GameT] | None,
]
"""How one row is listed: its check by seat and the test asked first (a verb offered at most
once; `OneOffer`), or else its offers."""


def _listing(offers: Offers[GameT] | OneOffer[GameT]) -> _Listing[GameT]:
    """How a row with these offers is listed."""
    if isinstance(offers, OneOffer):
        return (offers.check, offers.when, None)
    return (None, None, offers)


@dataclass(frozen=True)
class Verb(Generic[GameT]):
    """One action type of a family: its check, how its legal offers are listed, its execution."""

    kind: type[ActionRecord]
    verify: Callable[[GameT, Action], LegalAction]
    """Raises IllegalActionError with the sentence that forbids the action; else its option."""
    offers: Offers[GameT] | OneOffer[GameT]
    execute: Callable[[GameT, Action], None]
    """Does the action, once verified."""
    listed_in: tuple[Phase, ...] | None = None
    """The phases of the deal its offers are listed in (None: every phase), so the legal list
    asks no check that is bound to refuse; the check still refuses it in any other phase."""


def verb(
    kind: type[ActionT],
    verify: Callable[[GameT, ActionT], LegalAction],
    offers: Offers[GameT] | OneOffer[GameT],
    execute: Callable[[GameT, ActionT], None],
    *,
    listed_in: tuple[Phase, ...] | None = None,
) -> Verb[GameT]:
    """A table row for the action type `kind`, its check and execution typed for that type."""

    # The table calls a row's functions only with an action of the row's type (`VerbTable.row`
    # picks the row by the action's type), so they are kept as given: no wrapper per call.
    verify_action = cast(Callable[[GameT, Action], LegalAction], verify)
    execute_action = cast(Callable[[GameT, Action], None], execute)
    return Verb(kind, verify_action, offers, execute_action, listed_in)


class VerbTable(Generic[GameT]):
    """A family's verbs, one row per action type; the legal list follows the rows' order."""

    def __init__(self, *verbs: Verb[GameT]) -> None:
        self.verbs = verbs
        self._by_kind = {row.kind: row for row in verbs}
        if len(self._by_kind) != len(verbs):
            raise ValueError("one row per action type")
        self._plans: dict[int, list[_Listing[GameT]]] = {
            id(phase): [
                _listing(row.offers)
                for row in verbs
                if row.listed_in is None or phase in row.listed_in
            ]
            for phase in Phase
        }
        """How the legal list is made in each phase: the rows listed then, in order, each by
        its check by seat and the test before it (a verb offered at most once), or its offers.
        Keyed by the phase's identity (a member of an enum is one object): an Enum's own hash
        is a Python call, made for every legal list."""

    def row(self, action: Action) -> Verb[GameT] | None:
        """The row for this action's type, or None where the family has no such verb."""
        return self._by_kind.get(type(action))

    def legal(self, game: GameT, seat: int) -> list[LegalAction]:
        """Every option the rows offer `seat` now, in the rows' order."""
        options: list[LegalAction] = []
        for check, when, offers in self._plans[id(game._phase_now())]:
            if check is not None:
                if when is not None and not when(game, seat):
                    continue
                try:
                    options.append(check(game, seat))
                except IllegalActionError:
                    continue  # not offered: nobody asks why here, so no sentence is made
            elif offers is not None:
                options.extend(option for option in offers(game, seat) if option is not None)
        return options

    def execute(self, game: GameT, action: Action) -> None:
        """Do a verified action by its row."""
        self._by_kind[type(action)].execute(game, action)


MOST_SEATS = 7
"""The most players any table seats (every family's limit, the setup's and the layout's)."""


class TableGame:
    """Base of every family: a session of many deals at one table."""

    family: ClassVar[Family]
    verbs: ClassVar[VerbTable[Any]]
    """The family's verbs: each action type's check, legal offers and execution."""
    fewest_seats: ClassVar[int] = 2
    """The fewest players a table of this game seats (the family registry reads it)."""

    def __init__(self, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0) -> None:
        fewest = self.fewest_seats
        if not fewest <= len(stacks) <= MOST_SEATS:
            raise ValueError(f"a table seats {fewest} to {MOST_SEATS} players, not {len(stacks)}")
        if any(stack < 0 for stack in stacks):
            raise ValueError("a stack cannot be negative")
        if not 0 <= dealer < len(stacks):
            raise ValueError(f"dealer {dealer} is not a seat")
        self._rng: random.Random | None = None  # made when first drawn from (`rng`)
        self.seed = seed
        self._stacks = list(stacks)
        self._dealer = dealer
        self._deal_number = 0
        self._numbered_from = 1
        self._legal_cache: list[LegalAction] | None = None
        self._listing = False  # while the legal list is built, refusals go unread
        self.to_act: int | None = None
        """The seat the game waits for, or None between deals: set through `_to_act` (which
        forgets the legal list too); a plain attribute, read at every decision."""
        self.pack = Pack.new()
        self.events: list[Event] = []
        self._secrets: Secrets = ([], [], {}, ())
        """This deal's events' copies for everyone else and each seat's own events, made once
        for all viewers (see `_history_parts`)."""
        self._observed: dict[int | None, Observation] = {}
        """Each viewer's observation of the state `_observed_state` names (see `observe`)."""
        self._observed_state: tuple[object, ...] = ()
        self._deal_fields: tuple[object, dict[str, object]] = (None, {})
        """The deal under way's events, and an observation's fields that stay the same through
        that deal (see `_deal_state`): worked out once per deal."""
        self.actions: list[Action] = []
        self._deal_start: tuple[SeatSetup, ...] | None = ()
        self._start_of_deal: tuple[tuple[int, ...], Mapping[int, tuple[Card, ...]]] = ((), {})
        """Each seat's stack and the hands kept back as the deal started, what `deal_start` is
        made from when first read (`_deal_start` None until then)."""
        self.deal_deck: tuple[Card, ...] = ()
        self.deal_dealer = dealer
        self.deal_carried = 0
        self.message: Reason | None = None
        """What the table says about the deal now (the banked tables' verdicts), as facts."""

    @property
    def rng(self) -> random.Random:
        """The table's random numbers, seeded with `seed`: made when first asked for (seeding
        one costs as much as dealing a hand, and a game given its decks never draws)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    @property
    def _to_act(self) -> int | None:
        """The seat to act, set here by the families: setting it forgets the legal list."""
        return self.to_act

    @_to_act.setter
    def _to_act(self, seat: int | None) -> None:
        self.to_act = seat
        self._legal_cache = None

    @property
    def deal_start(self) -> tuple[SeatSetup, ...]:
        """Each seat's stack (and retained hand) when the current deal started, as a hand
        history records it: made when first read (the engine alone never reads it)."""
        start = self._deal_start
        if start is None:
            stacks, retained = self._start_of_deal
            start = self._deal_start = tuple(
                SeatSetup(stack, retained.get(seat, ())) for seat, stack in enumerate(stacks)
            )
        return start

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips in front of it (not counting chips on the table)."""
        return tuple(self._stacks)

    @property
    def dealer(self) -> int:
        """The seat dealing (or holding the button) now; between deals, the last one."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """How many deals have started."""
        return self._deal_number

    @property
    def deal_over(self) -> bool:
        """True between deals: nobody is to act."""
        return self.to_act is None

    @property
    def house_net(self) -> int:
        """What the house has won over the session: nothing where no house banks."""
        return 0

    def restore_house_net(self, net: int) -> None:
        """Set what the house has won so far; a table with no house has nothing to set."""

    def retained_hands(self) -> Mapping[int, tuple[Card, ...]]:
        """Hands kept back for the next deal, by seat: none unless a family keeps them (a
        mapping of its own, which a deal's start keeps: `deal_start`)."""
        return {}

    def number_deals_from(self, number: int) -> None:
        """Call the next deal `number` (a replay that resumes a session part way through)."""
        if self._to_act is not None:
            raise IllegalActionError(
                says(N_("A deal is in progress: renumber only between deals."))
            )
        self._deal_number = number - 1
        self._numbered_from = number
        self._forget_observations()

    def observe(self, viewer: int | None) -> Observation:
        """What `viewer` may know now (None: a spectator); hidden cards are None. Made once
        per state of the game for each viewer (an observation is immutable): the turn loop's
        question, a server's state frame and a screen's drawing share it. The state is told by
        what moves whenever the game changes: during a deal every change is an action or an
        event (the deal's events, a new list each deal, its length and the actions'), between
        deals also the stacks and the carried pot (`_state_between_deals`); the other
        mutators, below, forget the observations themselves."""
        waiting = self.to_act
        state: tuple[object, ...]
        if waiting is not None:  # (inline: asked at every decision of the turn loop)
            events = self.events
            state = (id(events), len(events), len(self.actions), self._deal_number, waiting)
        else:
            state = self._state_between_deals()
        if state == self._observed_state:
            observation = self._observed.get(viewer)
            if observation is not None:
                return observation
        else:  # (the game changed: this state's first observation)
            self._observed, self._observed_state = {}, state
        observation = self._observed[viewer] = self._observation(viewer)
        return observation

    def _state_between_deals(self) -> tuple[object, ...]:
        """What moves whenever the game changes between deals (see `observe`): the last deal's
        events and actions, the deals' number, the stacks and the carried pot."""
        events = self.events
        return (
            id(events),
            len(events),
            len(self.actions),
            self._deal_number,
            None,
            tuple(self._stacks),
            self._carried_now(),
        )

    def _forget_observations(self) -> None:
        """The game changed where the state `observe` tells by does not look: observe afresh."""
        self._observed_state = ()
        self._deal_fields = (None, {})

    def _observation(self, viewer: int | None) -> Observation:
        """The one observation of every family, made afresh: each family says how its seats
        look (`_seat_views`). Once another viewer's observation of the same state is made, the
        parts every viewer sees alike are taken from it, and only the viewer's own are made
        (`_observation_beside`)."""
        to_act = self.to_act
        legal = tuple(self._legal_listed()) if viewer is not None and viewer == to_act else ()
        bet_refusal = self._bet_refusal(viewer, legal) if legal else NOTHING_SAID
        if self._observed:  # this state's, by another viewer
            known = next(iter(self._observed.values()))
            return self._observation_beside(known, viewer, legal, bet_refusal)
        kept = self._deal_fields  # (the deal under way's, when kept: `_deal_state`)
        if kept[0] is self.events and to_act is not None:
            state = kept[1].copy()
        else:
            state = self._deal_state(to_act is None)
        state["viewer"] = viewer
        state["dealer"] = self._dealer  # (a banked table's button may move during a deal)
        state["to_act"] = to_act
        self._table_now(state)
        state["legal"] = legal
        state["message"] = self.message
        state["bet_refusal"] = bet_refusal
        # the seats and the history (neither is among the deal's fields: `_deal_state`)
        deferred: dict[str, Part] = {}
        seats = self._seats_when_read(viewer)
        if seats is None:
            state["seats"] = tuple(self._seat_views(viewer))
        else:  # made when first read
            deferred["seats"] = seats
        spectator, own = self._history_parts(viewer)
        if own:  # made when first read
            deferred["history"] = (history_of, (spectator, own))
        else:  # (the spectator's, shared by every viewer no event was meant for)
            state["history"] = spectator
        if deferred:
            state[DEFERRED] = deferred
        return made_observation(state)

    def _table_now(self, state: dict[str, object]) -> None:
        """Fill in an observation's fields that say how the table stands now (`state`, the
        observation's dict): the phase, the pots, the chips carried, the stake, the pack's
        size and its face-up card, each by the family's hook."""
        state["phase"] = self._phase_now()
        state["pots"] = self._pots()
        state["carried"] = self._carried_now()
        state["stake"] = self._stake()
        state["pack_size"] = len(self.pack)
        state["pack_showing"] = self._pack_showing()

    def _deal_state(self, deal_over: bool) -> dict[str, object]:
        """A dict of every field of an observation (`OBSERVATION_STATE`) but its seats and
        history, those that stay the same through a deal filled in: the family, the deal's
        number, rules and open cards, its start, and that it is under way. Worked out once per
        deal and kept (the deal's events, a new list each deal, say which deal it is): each
        observation's dict is a copy of it (`_observation`); between deals, afresh."""
        events = self.events
        kept = self._deal_fields
        if kept[0] is events and not deal_over:
            return kept[1].copy()
        stacks, retained = self._start_of_deal  # (what `deal_start` is made from, when read)
        state = OBSERVATION_STATE.copy()
        del state["seats"], state["history"]  # (made for each observation: `_observation`)
        state["family"] = self.family
        state["deal_number"] = self._deal_number
        state["rules"] = self.rules_in_play()
        state["table_cards"] = self.open_cards
        state["deal_over"] = deal_over
        state["why_not_dealing"] = self.why_not_dealing() if deal_over else NOTHING_SAID
        state["start_stacks"] = stacks
        state["start_retained"] = (
            tuple(len(retained.get(seat, ())) for seat in range(len(stacks)))
            if retained
            else (0,) * len(stacks)
        )
        state["start_carried"] = self.deal_carried
        if deal_over:
            return state
        self._deal_fields = (events, state)
        return state.copy()

    def _observation_beside(
        self,
        known: Observation,
        viewer: int | None,
        legal: tuple[LegalAction, ...],
        bet_refusal: Said,
    ) -> Observation:
        """`viewer`'s observation of the state `known` (another viewer's) observes: its seats,
        legal moves, history and bet refusal its own, everything else shared with `known`
        (made now: one made beside another is for a reader of every viewer's, a server's)."""
        seats = tuple(self._seat_views_beside(known.seats, known.viewer, viewer))
        state = vars(known).copy()
        state.pop(DEFERRED, None)  # (`known`'s parts not made yet are its viewer's, not these)
        state["viewer"] = viewer
        state["seats"] = seats
        state["legal"] = legal
        state["history"] = self._history_for(viewer)
        state["bet_refusal"] = bet_refusal
        return made_observation(state)

    def _seat_views_beside(
        self, known: tuple[SeatView, ...], known_viewer: int | None, viewer: int | None
    ) -> list[SeatView]:
        """The seats as `viewer` sees them, given how another viewer (`known_viewer`) sees
        them in the same state (`known`): a family whose seats differ between viewers only in
        their cards reuses the views that do not differ; by default, made afresh."""
        return self._seat_views(viewer)

    def _seats_when_read(self, viewer: int | None) -> Part | None:
        """How `viewer`'s seats are made when first read (a function of values that hold nothing
        the viewer may not see), or None where a family makes them with the observation."""
        return None

    def _bet_refusal(self, viewer: int | None, legal: tuple[LegalAction, ...]) -> Said:
        """Why the seat to act may not bet now, where betting is a move of the game; nothing
        at a table where a bet is never a move (the banked games)."""
        return NOTHING_SAID

    def _history_for(self, viewer: int | None) -> tuple[Event, ...]:
        """This deal's events as `viewer` may see them (each event's copy for outsiders made
        once for every viewer): the spectator's history but for the viewer's own events."""
        return history_of(self._history_parts(viewer))

    def _history_parts(
        self, viewer: int | None
    ) -> tuple[tuple[Event, ...], tuple[tuple[int, Event], ...]]:
        """What `viewer`'s history is made from (`history_of`): the deal's events as a
        spectator sees them (shared by every viewer), and the viewer's own events — those it
        is in the audience of — with their places. Neither holds a card hidden from it.
        The deal's secrets (`Secrets`: each event's copy for anyone outside its audience, a
        spectator's, and each seat's own events) are kept, read once per event for every
        viewer: only the events since the last reading are read."""
        events = self.events
        known, hidden, mine, spectator = self._secrets
        if known is not events or len(spectator) != len(events):
            count = len(hidden)
            if known is not events or count > len(events):  # (another deal's)
                hidden, mine, count = [], {}, 0
            for index, event in read_secrets(events, count, hidden):  # (events some seats
                for seat in event.__dict__["audience"]:  # see whole: their own)
                    mine[seat] = (*mine.get(seat, ()), (index, event))
            spectator = tuple(hidden)
            self._secrets = (events, hidden, mine, spectator)
        return spectator, mine.get(viewer, ())  # (a spectator, None, has none)

    # --- what each family says of its table, for the observation -------------------------

    open_cards: tuple[Card, ...] = ()
    """Cards face up in the middle of the table for everyone (the open jokers)."""

    def rules_in_play(self) -> Rules:
        """The family's own rules model, as observations carry it."""
        raise NotImplementedError

    def _phase_now(self) -> Phase:
        raise NotImplementedError

    def _carried_now(self) -> int:
        raise NotImplementedError

    def why_not_dealing(self) -> Said:
        """Why no deal can start now, as a sentence; nothing when one can."""
        raise NotImplementedError

    def _seat_views(self, viewer: int | None) -> list[SeatView]:
        raise NotImplementedError

    def pot_sizes(self) -> tuple[int, ...]:
        """The chips in each pot now: an observation's `pots`, without making one."""
        return self._pots()

    def _pots(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _stake(self) -> int:
        raise NotImplementedError

    def _pack_showing(self) -> Hidden:
        return None

    @property
    def seat_count(self) -> int:
        """How many seats the table has."""
        return len(self._stacks)

    def legal_actions(self) -> list[LegalAction]:
        """Exactly what the seat to act may do now."""
        legal = self._legal_cache
        return list(legal if legal is not None else self._legal_listed())

    def _legal_listed(self) -> list[LegalAction]:
        """The legal list of this state, made once (not to be changed: `legal_actions` copies
        it)."""
        legal = self._legal_cache
        if legal is None:
            seat = self.to_act
            if seat is None:
                return []
            self._listing = True
            try:
                legal = self._legal_cache = self.verbs.legal(self, seat)
            finally:
                self._listing = False
        return legal

    def verify(self, action: Action) -> LegalAction:
        """Raise IllegalActionError naming the rule that forbids `action` now; else its option:
        the check of the action's row in the family's verb table."""
        row = self.verbs.row(action)  # (here, not in a call of its own: a refusal is raised
        if row is None:  # through every frame between the check and whoever catches it)
            self._refuse_unknown(action)
        return row.verify(self, action)

    def refusal(self, action: Action) -> Said:
        """The sentence naming the rule that forbids `action` now; nothing when it is allowed."""
        try:
            self.verify(action)
        except IllegalActionError as error:
            return error.said
        return NOTHING_SAID

    def can(self, action: Action) -> bool:
        """Whether `action` is allowed now (verify() without the sentence)."""
        return permitted(self.verify, action)

    def apply(self, action: Action) -> list[Event]:
        """Verify and do an action; returns its events or raises IllegalActionError."""
        kind = type(action)
        for option in self._legal_cache or ():
            mine = option.action
            if mine is action or (type(mine) is kind and option.allows(action)):
                break  # the cached list is what the verifies returned: no need twice
        else:
            self.verify(action)
        events = self.events
        start = len(events)
        self.actions.append(action)
        # (`_do` and the table's `execute`, without a call of their own)
        self.verbs._by_kind[kind].execute(self, action)
        self._legal_cache = None
        self._observed_state = ()  # observe afresh (`_forget_observations`)
        return self.events[start:]

    def time_ran_out(self, seat: int, stand_in: bool = False) -> list[Event]:
        """The seat to act did not act before its turn clock ran out: the fact goes into the
        deal's events, before the move played for it (the hand history, which records the
        moves, is as it would be without it). ValueError if the seat is not to act."""
        if seat != self._to_act:
            raise ValueError(f"seat {seat} is not to act, so no clock of its can run out")
        self.events.append(TimeRanOut(seat, stand_in))
        return self.events[-1:]

    def _refused(self, template: str, **values: Value) -> IllegalActionError:
        """The error refusing an action with this (N_-marked) sentence. While the legal list is
        built nobody reads why a verb is not offered, so no sentence is made then: a refusal is
        said only when someone asks (`verify`, `refusal`, `apply`)."""
        if self._listing:
            unsaid: IllegalActionError = UnsaidRefusal()
            return unsaid
        return RefusedRule(template, values)  # (its sentence made when read)

    def _verify_actor(self, seat: int, kind: type[Action]) -> None:
        """The checks every action shares: a deal is on, the seat exists and it is its turn."""
        if self._listing:
            return  # the legal list is built for the seat to act, in its turn
        turn = self.to_act  # (`seat_count`, without the property)
        if turn is None:
            raise IllegalActionError(says(N_("No deal is in progress: start the next deal first.")))
        if not 0 <= seat < len(self._stacks):
            raise IllegalActionError(
                says(
                    N_("There is no seat {seat}: this table has seats 0 to {last}."),
                    seat=seat,
                    last=len(self._stacks) - 1,
                )
            )
        self._refuse_out_of_role(seat, kind)
        if seat != turn:
            raise RefusedRule(
                N_(
                    "It is seat {turn}'s turn, not seat {seat}'s: players act in turn, never "
                    "out of turn."
                ),
                {"turn": turn, "seat": seat},
            )

    def _refuse_unknown(self, action: Action) -> NoReturn:
        """Refuse an action of a type the family has no verb for."""
        self._verify_actor(action.seat, type(action))
        raise IllegalActionError(self._not_now(action.seat, type(action)))

    def _refuse_out_of_role(self, seat: int, kind: type[Action]) -> None:
        """Raise IllegalActionError before the turn check for an action this seat never has."""

    def _do(self, action: Action) -> None:
        self.verbs.execute(self, action)

    def _not_now(self, seat: int, kind: type[Action]) -> Said:
        """The refusal of an action no rule of this family allows at this point."""
        if self._listing:
            return NOTHING_SAID  # the list being built is what the sentence names: nobody reads it
        allowed = ", ".join(sorted({option.action.verb for option in self.legal_actions()}))
        return says(
            # Translators: {verb} and {allowed} are the actions' notation words (bet, fold, look).
            N_("Seat {seat} may not {verb} now; allowed: {allowed}."),
            seat=seat,
            verb=kind.verb,
            allowed=allowed,
        )
