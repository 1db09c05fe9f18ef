"""What Teen Patti and Brag share: seats and stacks, antes, dealing one card at a time, the pot.

`PotGame` is the common base of the two pot games; each subclass adds its own betting rules
(a `verify_<action>` per action, the legal list built from them, and `_do`). It keeps the full
event log of the current deal and the actions taken, so a deal can be written as a hand
history and replayed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, cast

from game.engine.actions import Bet, Cover, IllegalActionError, LegalAction, said_when_read
from game.engine.base import MOST_SEATS, TableGame
from game.engine.cards import FULL_DECK, Card, Pack
from game.engine.events import (
    AntePosted,
    CardDealt,
    CardsToPack,
    DealEnded,
    DealStarted,
    Event,
    HandRevealed,
    PackShuffled,
    PotAwarded,
    PotCovered,
    TurnPassed,
    forget_spectator_copies,
    mark_shared,
    seats_changed,
)
from game.engine.hands import HandValue, Ranking
from game.engine.marks import N_
from game.engine.observation import Hidden, Part, SeatView, replaced
from game.engine.phases import Phase
from game.engine.reasons import Reason, ReasonKey
from game.engine.said import NOTHING_SAID, Said, says, says_counted

NOBODY: frozenset[int] = frozenset()
"""The audience of a card dealt face down: nobody (a seat learns its cards when it looks)."""

_TURNS = tuple(TurnPassed(seat) for seat in range(MOST_SEATS))
"""Each seat's turn: one event per seat, shared by every deal (an event is immutable)."""

_SHARED_KEPT = 4096
"""The shared events (`_shared_event`) kept at most: a table's dealt cards and antes."""
_shared: dict[tuple[object, ...], Event] = {}
"""Events every deal makes alike (a card dealt, an ante), each made once and shared: by the
event's type, seat, hand or amount, the card's identity and, for a card dealt face up, that it
is (each entry keeps its card alive, so its id is not reused while the entry lasts)."""


COVERED = N_("COVERED")
"""The badge of a seat that covered the pot: still in the deal, out of the betting."""
FOLDED, BLIND, SEEN = N_("FOLDED"), N_("BLIND"), N_("SEEN")
"""The badge of a seat out of the deal, of one that has not looked, and of one that has."""


@dataclass(slots=True)
class Player:
    """One seat's part in the current deal."""

    seat: int
    hands: list[list[Card]] = field(default_factory=list)
    looked: bool = False
    folded: bool = False
    committed: int = 0
    blind_turns: int = 0
    covering: bool = False
    revealed: bool = False
    known_by: set[int] = field(default_factory=set)

    @property
    def live(self) -> bool:
        """Still in the deal (not folded)."""
        return not self.folded

    @property
    def blind(self) -> bool:
        """Has not looked at any hand."""
        return not self.looked

    @property
    def hand(self) -> list[Card]:
        """The hand this player plays (the only one, or the newest of two)."""
        return self.hands[0]


def _shared_event(key: tuple[object, ...], event: Event) -> Event:
    """Keep `event` as the one every deal shares under `key` (see `_shared`), its copy for a
    spectator kept with it once made (`mark_shared`)."""
    if len(_shared) >= _SHARED_KEPT:
        _shared.clear()
        forget_spectator_copies()  # (kept no longer than the events they are copies of)
    _shared[key] = mark_shared(event)
    return event


class PotRules(Protocol):
    """What the pot games read from their rules here: the ranking, the deal direction and how
    many cards a hand is dealt."""

    @property
    def deal_direction(self) -> str:
        """'clockwise' or 'counterclockwise'."""
        ...

    @property
    def cards_dealt(self) -> int:
        """The cards each hand is dealt (3, or 4 in four-card brag)."""
        ...

    def hand_ranking(self) -> Ranking:
        """The ranking these rules play."""
        ...


def base_badges(folded: bool, looked: bool, covering: bool) -> tuple[str, ...]:
    """A seat's badges by the base rules: out, blind or seen, and covering the pot (keys the
    UI knows, marked here, translated where drawn)."""
    badge = FOLDED if folded else (SEEN if looked else BLIND)
    return (badge, COVERED) if covering else (badge,)


SeatRecord = tuple[Any, ...]
"""A seat as one viewer may see it, what its view is made from (`seat_views`): a seat out of
the deal (its stack); a one-hand seat shown by the base rules (stack, folded, looked,
committed, covering, its cards or how many it holds); any other (stack, folded, looked,
committed, badges, its hands as seen, its discard as seen)."""


class KeptRecords:
    """The seats as a spectator sees them, kept through a deal (`PotGame._seats_when_read`):
    each seat's record, read again only when the deal's new events name it (`seats_changed`:
    an event that changes a seat names it)."""

    __slots__ = ("count", "events", "knowing", "records")

    def __init__(self) -> None:
        self.events: list[Event] | None = None
        """The deal's events the records were read at (a new list each deal)."""
        self.count = 0
        """How many of them there were."""
        self.records: list[SeatRecord] = []
        """Each seat's record, as a spectator sees it."""
        self.knowing: list[int] = []
        """The seats whose hand some other seat was shown (a sideshow's pair)."""

    def read(self, game: PotGame, viewer: int | None) -> tuple[SeatRecord, ...]:
        """Each seat as `viewer` may see it (`PotGame._seats_when_read`): the records kept,
        those of the seats the deal's new events name read again (every seat, in a new deal),
        then the viewer's own seat and the seats that showed it their hand read for it."""
        events, players, stacks = game.events, game.players, game._stacks
        records = self.records
        count = self.count
        changed: set[int] | frozenset[int] | None = None  # (the seats named since; None: any)
        if self.events is events:
            changed = seats_changed(events, count) if count != len(events) else _NOBODY_NAMED
        if changed is None:  # (a new deal, or any seat may have changed: every seat read)
            records = self.records = list(game._records_afresh(None))
            self.knowing = [seat for seat, player in players.items() if player.known_by]
            self.events = events
        else:
            knowing, record_of = self.knowing, game._record_of
            for seat in changed:
                player = players.get(seat)
                records[seat] = record_of(None, seat, stacks[seat], player)
                if player is not None and player.known_by and seat not in knowing:
                    knowing.append(seat)
        self.count = len(events)
        if viewer is None:
            return tuple(records)
        own = None  # (the viewer's own record, where it is not a spectator's)
        player = players.get(viewer)
        if player is not None:
            record = records[viewer]
            if len(record) != 6:  # read through the hooks: read again for the viewer
                own = game._record_of(viewer, viewer, stacks[viewer], player)
            elif player.looked and type(record[5]) is int:
                # a one-hand seat shown by the base rules sees its cards once it has looked
                # (`_record_of`), where a spectator sees how many it holds
                own = (*record[:5], tuple(player.hands[0]))
        if self.knowing:  # (a sideshow's pair: each seat shown to the viewer read for it)
            return self._shown_to(game, viewer, own)
        if own is None:
            return tuple(records)
        spectators, records[viewer] = records[viewer], own  # (the kept list, not copied:
        mine = tuple(records)  # the viewer's record in it for the copy alone)
        records[viewer] = spectators
        return mine

    def _shown_to(
        self, game: PotGame, viewer: int, own: SeatRecord | None
    ) -> tuple[SeatRecord, ...]:
        """The records as `viewer` sees them where some seat showed another its hand: its own
        seat's record `own` (None: a spectator's), and each seat that showed it its hand read
        for it."""
        players, stacks = game.players, game._stacks
        mine = self.records.copy()
        if own is not None:
            mine[viewer] = own
        for seat in self.knowing:
            shown_to = players[seat]
            if seat != viewer and viewer in shown_to.known_by:
                mine[seat] = game._record_of(viewer, seat, stacks[seat], shown_to)
        return tuple(mine)


_NOBODY_NAMED: frozenset[int] = frozenset()
"""No seat named by the events since (none came): no record read again."""


def seat_views(records: tuple[SeatRecord, ...]) -> tuple[SeatView, ...]:
    """The seats' views made from their records (`SeatRecord`), a view that holds no card
    shared by every observation alike (`_VIEWS_MADE`)."""
    views: list[SeatView] = []
    made = _VIEWS_MADE
    for seat, record in enumerate(records):
        key = (seat, record)
        view = made.get(key)
        if view is not None:
            views.append(view)
            continue
        if len(record) == 1:
            view = SeatView(seat, record[0], False, False, False, (), 0)
            holds_cards = False
        else:
            if len(record) == 6:  # a one-hand seat shown by the base rules
                stack, folded, looked, committed, covering, cards = record
                holds_cards = type(cards) is tuple
                seen = (cards,) if holds_cards else ((None,) * cards,)
                badges = base_badges(folded, looked, covering)
                discard = None
            else:
                stack, folded, looked, committed, badges, seen, discard = record
                holds_cards = discard is not None or any(
                    card is not None for hand in seen for card in hand
                )
            view = SeatView(seat, stack, True, folded, not looked, seen, committed, badges, discard)
        if not holds_cards:
            if len(made) >= _VIEWS_KEPT:
                made.clear()
            made[key] = view
        views.append(view)
    return tuple(views)


_VIEWS_KEPT = 4096
"""The views `_VIEWS_MADE` keeps at most before it starts afresh."""

_VIEWS_MADE: dict[tuple[int, SeatRecord], SeatView] = {}
"""Views of seats that hold no card, by seat and record: made once, shared by every
observation alike (a view showing a card is made for its observation alone)."""


def _seat_hooks(kind: type[PotGame]) -> tuple[object, ...]:
    """The hooks a family may override to show its seats otherwise than the base rules."""
    return (kind._hands_for, kind._shown, kind._has_seen, kind._badges, kind._discard_for)


def _table_hooks(kind: type[PotGame]) -> tuple[object, ...]:
    """The hooks a family may override to say its phase, pots, carried chips and stake."""
    return (kind._phase_now, kind._pots, kind._carried_now, kind._stake)


class PotGame(TableGame):
    """Base of the pot games: a session of many deals at one table."""

    _PHASE_BETWEEN = Phase.BETWEEN_DEALS

    records_kept_from: ClassVar[int] = 4
    """The fewest seats at which the seats' records are kept through a deal and read again
    only where the new events name a seat (`_seat_records`): at a smaller table reading every
    seat costs less than finding which changed."""

    def __init__(
        self, rules: PotRules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0
    ) -> None:
        super().__init__(stacks, seed=seed, dealer=dealer)
        self.rules_ranking = rules.hand_ranking()
        self.ranking = self.rules_ranking
        self.open_cards: tuple[Card, ...] = ()
        self.cards_dealt = rules.cards_dealt
        self._direction = 1 if rules.deal_direction == "clockwise" else -1
        count, direction = len(self._stacks), self._direction
        self._rotations = tuple(
            tuple((start + offset * direction) % count for offset in range(count))
            for start in range(count)
        )
        """Every seat once from each seat in the direction of play (`seats_from`), made once."""
        self.players: dict[int, Player] = {}
        self.pot = 0
        self.carried = 0
        self.stake = 0
        self.phase = self._PHASE_BETWEEN
        self._order: list[int] = []
        self.closed_pots: list[tuple[int, int]] = []
        """This deal's covered pots, oldest first: (chips, the seat that covered it)."""
        self._betting: list[Player] = []
        """The live players still betting (not covering a pot), in order of play: worked out
        when the deal's players are seated and again whenever one folds or covers, not each
        time a check asks (read it, never change it)."""
        self._plain_seats = _seat_hooks(type(self)) == _seat_hooks(PotGame)
        """Whether the family shows its seats by the base rules (`_record_of` then reads a
        one-hand seat without asking the hooks)."""
        self._plain_table = _table_hooks(type(self)) == _table_hooks(PotGame)
        """Whether the family reads its phase, pots, carried chips and stake as the base does
        (`_table_now` then reads them without the hooks)."""
        self._shows_pack = type(self)._pack_showing is not PotGame._pack_showing
        """Whether the family may show a card of the pack (by the base hook it shows none, and
        `_table_now` does not ask)."""
        self._kept_records: KeptRecords | None = None
        """The seats as a spectator sees them during the deal under way, kept with the deal's
        events they were read at (see `_seat_records`)."""

    # --- the Game protocol -------------------------------------------------------------

    def _bet_refusal(self, viewer: int | None, legal: tuple[LegalAction, ...]) -> Said:
        """Why the seat to act may not bet now, when no bet is among its moves (the controls
        say it beside the narrowed buttons)."""
        if viewer is None:
            return NOTHING_SAID
        for option in legal:  # (without a generator: asked at every observation of the seat to act)
            if isinstance(option.action, Bet):
                return NOTHING_SAID
        return self.refusal(Bet(viewer, 0))

    def chips_in_play(self) -> int:
        """Stacks plus the pot plus any carried pot: constant over a session."""
        return sum(self._stacks) + self.pot + self._extra_chips()

    def _extra_chips(self) -> int:
        extra = self.carried
        for amount, _seat in self.closed_pots:  # (without a generator: asked at every check)
            extra += amount
        return extra

    def physical_cards(self) -> list[Card]:
        """Every card where it lies now: the pack, the hands, the table and anything set aside."""
        cards = list(self.pack.cards)
        for player in self.players.values():  # (without a comprehension's call: asked every step)
            for hand in player.hands:
                cards += hand
        cards += self._set_aside_cards()
        cards += self.open_cards
        return cards

    def _set_aside_cards(self) -> list[Card]:
        """Cards off the pack and out of play this deal (Brag's retained hands and discards)."""
        return []

    def _seat_views(self, viewer: int | None) -> list[SeatView]:
        """Each seat as `viewer` sees it."""
        return list(seat_views(self._seat_records(viewer)))

    def _seat_records(self, viewer: int | None) -> tuple[SeatRecord, ...]:
        """Each seat as `viewer` may see it, as a `SeatRecord` (see `_seats_when_read`)."""
        return cast(tuple[SeatRecord, ...], self._seats_when_read(viewer)[1])

    def _seats_when_read(self, viewer: int | None) -> Part:
        """The seats are made from their records when first read (`seat_views`): each seat as
        `viewer` may see it, as a `SeatRecord` — a seat's cards where the viewer sees them,
        else only how many it holds. While a deal is under way each seat as a spectator sees
        it is kept (`_kept_records`) and read again only when the deal's new events name it
        (`seats_changed`: an event that changes a seat names it); the viewer's own seat and
        the seats that showed it their hand (a sideshow's pair) are read for the viewer
        (`KeptRecords.read`)."""
        if self.to_act is None or len(self._stacks) < self.records_kept_from:
            return (seat_views, self._records_afresh(viewer))  # (between deals, or few seats)
        kept = self._kept_records
        if kept is None:
            kept = self._kept_records = KeptRecords()
        return (seat_views, kept.read(self, viewer))

    def _forget_observations(self) -> None:
        """The game changed where neither the state's key nor the deal's events look: observe
        afresh, every seat read again."""
        super()._forget_observations()
        self._kept_records = None

    def _records_afresh(self, viewer: int | None) -> tuple[SeatRecord, ...]:
        """Each seat as `viewer` may see it, every seat read now."""
        players, record_of = self.players, self._record_of
        records: list[SeatRecord] = []
        for seat, stack in enumerate(self._stacks):  # (without a generator: read every deal)
            records.append(record_of(viewer, seat, stack, players.get(seat)))
        return tuple(records)

    def _record_of(
        self, viewer: int | None, seat: int, stack: int, player: Player | None
    ) -> SeatRecord:
        """One seat as `viewer` may see it (`SeatRecord`): a seat out of the deal by its stack,
        a one-hand seat the family shows by the base rules without asking the hooks, any other
        through them."""
        if player is None:
            return (stack,)
        hands = player.hands
        if len(hands) == 1 and (self._plain_seats or self._shown_plainly(player)):
            # the base hooks, `_hands_for` and `_shown`, inline
            hand = hands[0]
            looked = player.looked
            shown = player.revealed or (
                viewer is not None and (looked if viewer == seat else viewer in player.known_by)
            )
            return (
                stack,
                player.folded,
                looked,
                player.committed,
                player.covering,
                tuple(hand) if shown else len(hand),
            )
        return self._record_by_hooks(viewer, stack, player)

    def _record_by_hooks(self, viewer: int | None, stack: int, player: Player) -> SeatRecord:
        """A seat as `viewer` may see it, read through the family's hooks (its badges, its
        hands as seen, its discard as seen): the long `SeatRecord`."""
        return (
            stack,
            player.folded,
            player.looked,
            player.committed,
            self._badges(player),
            self._hands_for(viewer, player),
            self._discard_for(viewer, player),
        )

    def _seat_views_beside(
        self, known: tuple[SeatView, ...], known_viewer: int | None, viewer: int | None
    ) -> list[SeatView]:
        """Only a seat's cards (its hands and discard) differ from one viewer to another, and
        only by whether the viewer is that seat or among those it showed its hand to (see
        `_shown`): a seat `viewer` stands to as the other viewer does keeps that view without
        its cards looked at, and a seat whose cards `viewer` sees as the other viewer does
        keeps it too."""
        views = list(known)  # (one view per seat, in order: `_seat_views`)
        for seat, player in self.players.items():  # (a seat out of the deal shows no cards)
            if seat != viewer and seat != known_viewer:
                known_by = player.known_by
                if (viewer in known_by) == (known_viewer in known_by):
                    continue  # a stranger to this seat as the other viewer is
            view = views[seat]
            hands = self._hands_for(viewer, player)
            discard = self._discard_for(viewer, player)
            if hands != view.hands or discard != view.discard:
                views[seat] = replaced(view, hands=hands, discard=discard)
        return views

    def _shown_plainly(self, player: Player) -> bool:
        """Whether a one-hand seat is shown now as the base rules show it — its badges, its
        cards to whom, its discard — by a family with hooks of its own (`_seat_hooks`): then
        `_seat_records` does not ask them. A family that overrides a hook says when; by
        default never."""
        return False

    def _hands_for(self, viewer: int | None, player: Player) -> tuple[tuple[Card | None, ...], ...]:
        """A player's hands as `viewer` sees them: each shown whole or hidden whole."""
        shown = self._shown
        hands = player.hands
        if len(hands) == 1:  # (most tables: one hand, without a generator)
            hand = hands[0]
            return (tuple(hand) if shown(viewer, player, 0) else (None,) * len(hand),)
        return tuple(
            tuple(hand) if shown(viewer, player, index) else (None,) * len(hand)
            for index, hand in enumerate(player.hands)
        )

    def _table_now(self, state: dict[str, object]) -> None:
        """How the table stands now, read from the pot game's own attributes where the family
        keeps the base hooks for its phase, pots, carried chips and stake (`_plain_table`)."""
        if not self._plain_table:
            super()._table_now(state)
            return
        state["phase"] = self.phase
        state["pots"] = (self.pot,) if not self.closed_pots else self._pots()
        state["carried"] = self.carried
        state["stake"] = self.stake
        state["pack_size"] = len(self.pack)
        state["pack_showing"] = self._pack_showing() if self._shows_pack else None

    def _stake(self) -> int:
        return self.stake

    def _phase_now(self) -> Phase:
        return self.phase

    def _carried_now(self) -> int:
        return self.carried

    # --- hooks for the families -----------------------------------------------------------

    def _badges(self, player: Player) -> tuple[str, ...]:
        return base_badges(player.folded, player.looked, player.covering)

    def _pots(self) -> tuple[int, ...]:
        if not self.closed_pots:
            return (self.pot,)
        return (*(amount for amount, _ in self.closed_pots), self.pot)

    def _discard_for(self, viewer: int | None, player: Player) -> Hidden:
        """A seat's discarded card as `viewer` sees it (only four-card brag discards)."""
        return None

    def _pack_showing(self) -> Hidden:
        return None

    def _shown(self, viewer: int | None, player: Player, index: int) -> bool:
        """Whether `viewer` sees the cards of a player's hand `index` (every card of a hand is
        shown alike). It, and `_discard_for`, may tell viewers apart only by whether the viewer
        is the player's seat and whether it is in the player's `known_by`
        (`_seat_views_beside` relies on it)."""
        if player.revealed and index == 0:
            return True
        if viewer is None:
            return False
        if viewer == player.seat:
            return self._has_seen(player, index)
        return viewer in player.known_by and index == 0

    def _has_seen(self, player: Player, index: int) -> bool:
        return player.looked

    # --- shared mechanics ----------------------------------------------------------------

    def seats_from(self, start: int) -> Iterator[int]:
        """Every seat once, starting at `start` and going in the direction of play."""
        return iter(self._rotations[start % len(self._stacks)])

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` in the direction of play."""
        return (seat + self._direction) % len(self._stacks)  # (`seat_count`, without the property)

    def live_players(self) -> list[Player]:
        """Players still in, in order of play from the dealer's left."""
        players = self.players
        return [players[seat] for seat in self._order if not players[seat].folded]

    def betting_players(self) -> list[Player]:
        """Live players still betting: not covering a pot, in order of play."""
        return list(self._betting)

    def _seat_players(self, ordered: Sequence[int]) -> None:
        """Seat this deal's players, in order of play, every one of them betting."""
        self.players = {seat: Player(seat, [[]]) for seat in ordered}  # (`hands`, given by place)
        self._betting = list(self.players.values())

    def _betting_changed(self) -> None:
        """A player folded or covered: work out again who is still betting."""
        self._betting = [
            player for player in self._betting if not player.folded and not player.covering
        ]

    def two_betting(self) -> bool:
        """Whether exactly two players are still betting (a Teen Patti show needs it)."""
        return len(self._betting) == 2

    def next_live_after(self, seat: int, *, betting: bool = True) -> int | None:
        """The next live player after `seat` (skipping covering players when `betting`)."""
        count, direction, players = len(self._stacks), self._direction, self.players
        for offset in range(1, count):
            player = players.get((seat + offset * direction) % count)
            if player and not player.folded and not (betting and player.covering):
                return player.seat
        return None

    def previous_live_before(self, seat: int) -> int | None:
        """The nearest live betting player before `seat`."""
        ordered = list(self.seats_from(seat))[1:]
        for candidate in reversed(ordered):
            player = self.players.get(candidate)
            if player and player.live and not player.covering:
                return candidate
        return None

    def can_deal(self) -> bool:
        """Whether at least two seats can pay the ante."""
        return len(self._seats_that_can_ante()) >= 2

    def why_not_dealing(self) -> Said:
        """Why no deal can start now, as a sentence; nothing when one can."""
        if self.can_deal():
            return NOTHING_SAID
        return says(N_("Fewer than two players can pay the ante: the session is over."))

    def _ante(self) -> int:
        raise NotImplementedError

    def _seats_that_can_ante(self) -> list[int]:
        ante = self._ante()
        return [seat for seat, stack in enumerate(self._stacks) if stack >= ante]

    def _begin_deal(self, deck: Sequence[Card] | None, shuffle_reason: Reason | None) -> list[int]:
        """Move the button, set the pack, collect antes; returns the seats dealt in."""
        if self._to_act is not None:
            raise IllegalActionError(says(N_("The current deal is not over yet.")))
        seats = self._seats_that_can_ante()
        if len(seats) < 2:
            raise IllegalActionError(
                says(N_("A deal needs at least two players who can pay the ante."))
            )
        if self._deal_number >= self._numbered_from:
            self._dealer = self._next_dealer()
        self._deal_number += 1
        self.events = []
        self.actions = []
        self.message = None
        self.deal_dealer = self._dealer
        self.deal_carried = self.carried
        self._start_of_deal = (tuple(self._stacks), self.retained_hands())
        self._deal_start = None  # (made when read: `deal_start`)
        if deck is not None:
            self._stack_pack(deck)
        elif shuffle_reason is not None:
            self.pack.shuffle(self.rng)
            self.events.append(PackShuffled(shuffle_reason))
        self.deal_deck = self.pack.cards
        ordered = [seat for seat in self.seats_from(self.next_seat(self._dealer)) if seat in seats]
        self._order = ordered
        self.events.append(DealStarted(self._deal_number, self._dealer, tuple(ordered)))
        self.pot = self.carried
        self.carried = 0
        self.closed_pots = []
        return ordered

    def _next_dealer(self) -> int:
        ante, dealer, stacks = self._ante(), self._dealer, self._stacks
        for seat in self._rotations[dealer]:
            if seat != dealer and stacks[seat] >= ante:
                return seat
        return dealer

    def _retained_cards(self, seat: int) -> tuple[Card, ...]:
        return ()

    def _stack_pack(self, deck: Sequence[Card]) -> None:
        """Put the given cards on top of the pack, in order, leaving the rest beneath."""
        wanted = list(deck)
        # (the cards told apart by their kept hashes: no Python call per card)
        held = {
            card._hash  # type: ignore[attr-defined]
            for seat in range(self.seat_count)
            for card in self._retained_cards(seat)
        }
        taken = {card._hash for card in wanted}  # type: ignore[attr-defined]
        if not held.isdisjoint(taken):
            raise ValueError("a stacked deck cannot hold a card of a retained hand")
        taken |= held
        self.pack = Pack(wanted + [card for card in FULL_DECK if card._hash not in taken])  # type: ignore[attr-defined]

    def _post_antes(self, seats: Sequence[int], amount: int) -> None:
        """Each of `seats` puts the ante, `amount`, into the pot, in turn."""
        stacks, players, events = self._stacks, self.players, self.events
        for seat in seats:
            stacks[seat] -= amount
            self.pot += amount
            players[seat].committed += amount
            key = (AntePosted, seat, amount, 0)
            event = _shared.get(key)
            if event is None:
                event = _shared_event(key, AntePosted(seat, amount))
            events.append(event)

    def _deal_round(self, ordered: Sequence[int], hand_index: int = 0) -> None:
        """Deal one card at a time to every seat in `ordered`, once round per card dealt."""
        cards = iter(self.pack.deal(self.cards_dealt * len(ordered)))  # taken off in turn
        hands = [self.players[seat].hands[hand_index] for seat in ordered]
        events = self.events
        shared = _shared
        for _round in range(self.cards_dealt):
            for seat, hand, card in zip(ordered, hands, cards, strict=False):
                hand.append(card)
                key = (CardDealt, seat, hand_index, id(card))
                event = shared.get(key)
                if event is None:
                    event = self._card_dealt(seat, card, hand_index, face_up=False)
                events.append(event)

    def _card_dealt(self, seat: int, card: Card, hand_index: int, *, face_up: bool) -> Event:
        """The event of `card` dealt to a seat's hand `hand_index`, face up or down: made once
        and shared by every deal that deals it alike (`_shared`)."""
        key: tuple[object, ...] = (CardDealt, seat, hand_index, id(card))
        if face_up:
            key += (True,)
        event = _shared.get(key)
        if event is None:
            audience = None if face_up else NOBODY
            event = _shared_event(key, CardDealt(seat, card, hand_index, face_up, audience))
        return event

    def _pay(self, seat: int, amount: int) -> None:
        """Move chips from a seat's stack to the pot."""
        if amount > self._stacks[seat]:
            raise IllegalActionError(
                says(
                    N_("Seat {seat} has only {stack} chips and cannot pay {amount}."),
                    seat=seat,
                    stack=self._stacks[seat],
                    amount=amount,
                )
            )
        self._stacks[seat] -= amount
        self.pot += amount
        self.players[seat].committed += amount

    def _cover_option(self, seat: int, low: int) -> LegalAction:
        """Covering the pot, for a seat that cannot afford the smallest bet, `low`."""
        stack = self._stacks[seat]

        @said_when_read
        def rule() -> Said:
            return says_counted(
                "Cover the pot: you cannot afford {low}, so put in your last {count} "
                "chip; the others bet on into a side pot.",
                "Cover the pot: you cannot afford {low}, so put in your last {count} "
                "chips; the others bet on into a side pot.",
                stack,
                low=low,
            )

        return LegalAction(Cover(seat), stack, stack, 1, rule)

    def _cover_pot(self, player: Player) -> None:
        """A short seat puts in its last chips and closes the pot; the others bet on into a
        new one."""
        amount = self._stacks[player.seat]
        self._pay(player.seat, amount)
        player.covering = True
        self._betting_changed()
        self.events.append(PotCovered(player.seat, amount))
        self.closed_pots.append((self.pot, player.seat))
        self.pot = 0

    def _award_open_pot(self, winners: list[Player], reason: Reason) -> None:
        """The open pot (the newest, after any covered ones), shared among `winners`."""
        if self.pot:
            self._share(self.pot, winners, reason, len(self.closed_pots))
        self.pot = 0

    def _share(self, amount: int, winners: list[Player], reason: Reason, pot_index: int) -> None:
        """Award `amount` of the pot `pot_index` to `winners`, shared (see `split`)."""
        if len(winners) == 1:  # the whole amount, as `ordered` and `split` give one seat
            self._award(winners[0].seat, amount, reason, pot_index)
            return
        seats = self.ordered([player.seat for player in winners])
        for seat, share in zip(seats, self.split(amount, seats), strict=True):
            self._award(seat, share, reason, pot_index)

    def _award_covered_pots(self, winners: list[Player]) -> list[Player]:
        """Award each covered pot, newest first, to the better of the hand that covered it and the
        winners so far (a tie stays with the winners); returns the winners of the oldest pot."""
        if not self.closed_pots:
            return winners  # (no pot was covered: most deals)
        for pot_index in range(len(self.closed_pots) - 1, -1, -1):
            amount, coverer_seat = self.closed_pots[pot_index]
            coverer = self.players[coverer_seat]
            for player in (*winners, coverer):
                if not player.revealed:
                    self._reveal(player)
            self._before_comparing([*winners, coverer])
            covering, best = self.value_of(coverer), self.value_of(winners[0])
            if covering > best:
                winners = [coverer]
                reason = Reason(
                    ReasonKey.COVERED_WITH_BETTER,
                    seat=coverer.seat,
                    winner=covering.name,
                    loser=best.name,
                )
            else:
                reason = Reason(
                    ReasonKey.BEATS_THE_COVERING_HAND,
                    seat=winners[0].seat,
                    winner=best.name,
                    loser=covering.name,
                )
            self._share(amount, winners, reason, pot_index)
        self.closed_pots = []
        return winners

    def _before_comparing(self, players: Sequence[Player]) -> None:
        """A hook before hands are compared for a covered pot (Brag shows tied discards)."""

    def _award(self, seat: int, amount: int, reason: Reason, pot_index: int = 0) -> None:
        self._stacks[seat] += amount
        self.events.append(PotAwarded(seat, amount, pot_index, reason))

    def _reveal(self, player: Player) -> None:
        player.revealed = True
        self.events.append(
            HandRevealed(
                player.seat,
                tuple(player.hand),
                self.ranking.evaluate(player.hand).name,
            )
        )

    def value_of(self, player: Player) -> HandValue:
        """The value of the hand a player plays."""
        return self.ranking.evaluate(player.hand)

    def _return_hand(self, player: Player, hand_index: int = 0, *, face_up: bool = False) -> None:
        cards = tuple(player.hands[hand_index])
        self.pack.to_bottom(cards)
        public = face_up or player.revealed
        audience: frozenset[int] | None = None if public else NOBODY
        self.events.append(CardsToPack(player.seat, cards, "bottom", face_up, audience))
        player.hands[hand_index] = []

    def _set_turn(self, seat: int | None) -> None:
        self.to_act = seat  # (what `_to_act`'s setter does)
        self._legal_cache = None
        if seat is not None:
            self.events.append(_TURNS[seat])

    def _end_deal(self) -> None:
        self.to_act = None  # (what `_to_act`'s setter does)
        self._legal_cache = None
        self.phase = self._PHASE_BETWEEN
        self.events.append(DealEnded(tuple(self._stacks)))

    def split(self, amount: int, winners: Sequence[int]) -> list[int]:
        """Shares of `amount` for tied winners; odd chips go first from the dealer's left."""
        if len(winners) == 1:
            return [amount]  # one winner: the whole amount, nothing to order
        ordered = [
            seat for seat in self.seats_from(self.next_seat(self._dealer)) if seat in winners
        ]
        share, remainder = divmod(amount, len(ordered))
        return [share + (1 if index < remainder else 0) for index in range(len(ordered))]

    def ordered(self, seats: Sequence[int]) -> list[int]:
        """`seats` in order of play from the dealer's left."""
        if len(seats) == 1:
            return list(seats)
        return [seat for seat in self.seats_from(self.next_seat(self._dealer)) if seat in seats]
