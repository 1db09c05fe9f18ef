"""What the table shows right now: a mutable copy of an observation that animations change.

The engine jumps from one state to the next; the screen must walk there event by event (a card
lands, then the next one leaves the pack). `Board` holds the displayed state, built from an
observation, changed step by step by the animation director, and turned back into an
`Observation` for `draw_table`. It only ever holds what one viewer may know: it is filled from
that viewer's observation and from events already redacted for that viewer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.hands import Ranking
from game.engine.observation import Hidden, Observation, SeatView, deal_ranking
from game.engine.phases import Phase
from game.engine.rules import Rules
from game.i18n import N_
from game.words.wagers import BANK_BADGE, HOUSE_BADGE, Wagers, is_banked

FULL_PACK = 52
"""Cards in a pack."""

HAND_INDEX = {"only": 0, "new": 0, "old": 1}
"""A hand's name (as actions and events write it) to its index in a seat's hands."""


@dataclass
class SeatBoard:
    """One seat as drawn: stack, chips in front, cards per hand, and its state badges."""

    seat: int
    stack: int
    playing: bool
    folded: bool
    blind: bool
    hands: list[list[Hidden]]
    committed: int
    badges: tuple[str, ...] = ()

    def view(self) -> SeatView:
        """The seat as an engine SeatView, for the table renderer."""
        return SeatView(
            seat=self.seat,
            stack=self.stack,
            playing=self.playing,
            folded=self.folded,
            blind=self.blind,
            hands=tuple(tuple(hand) for hand in self.hands),
            committed=self.committed,
            badges=tuple(badge for badge in self.badges if badge not in _STATE_BADGES),
        )


_STATE_BADGES = (N_("BLIND"), N_("SEEN"), N_("FOLDED"), N_("OUT"))
"""Badges the renderer derives itself from blind / folded / playing."""


@dataclass
class Board:
    """The displayed table: seats, pots, pack, turn; `viewer` is whose knowledge it holds."""

    family: str
    viewer: int | None
    deal_number: int
    dealer: int
    to_act: int | None
    seats: list[SeatBoard]
    pots: list[int]
    carried: int
    stake: int
    pack_size: int
    pack_showing: Hidden
    rules: Rules | None = None
    retained: dict[int, list[Hidden]] = field(default_factory=dict)
    wagers: Wagers = field(default_factory=dict)
    table_cards: list[Card] = field(default_factory=list)
    """The open joker cards face up in the middle (kept on show between deals)."""

    @classmethod
    def from_observation(cls, observation: Observation) -> Board:
        """A board showing exactly this observation."""
        return cls(
            family=observation.family,
            viewer=observation.viewer,
            deal_number=observation.deal_number,
            dealer=observation.dealer,
            to_act=observation.to_act,
            seats=[
                SeatBoard(
                    seat=view.seat,
                    stack=view.stack,
                    playing=view.playing,
                    folded=view.folded,
                    blind=view.blind,
                    hands=[list(hand) for hand in view.hands],
                    committed=view.committed,
                    badges=view.badges,
                )
                for view in observation.seats
            ],
            pots=list(observation.pots) or [0],
            carried=observation.carried,
            stake=observation.stake,
            pack_size=observation.pack_size,
            pack_showing=observation.pack_showing,
            rules=observation.rules,
            wagers={view.seat: dict(view.wagers) for view in observation.seats if view.wagers},
            table_cards=list(observation.table_cards),
        )

    def hand_ranking(self) -> Ranking | None:
        """The ranking of the deal on show, with the open jokers still face up on the felt (the
        engine puts them back in the pack as the deal ends; the screen keeps them until the next
        deal)."""
        return deal_ranking(self.rules, self.table_cards)

    def observation(self) -> Observation:
        """The board as an Observation (no legal actions, no history), for `draw_table`."""
        return Observation(
            family=self.family,
            viewer=self.viewer,
            deal_number=self.deal_number,
            dealer=self.dealer,
            to_act=self.to_act,
            phase=Phase.BETWEEN_DEALS if self.to_act is None else Phase.BETTING,
            seats=tuple(seat.view() for seat in self.seats),
            pots=tuple(self.pots),
            carried=self.carried,
            stake=self.stake,
            pack_size=max(0, self.pack_size),
            pack_showing=self.pack_showing,
            legal=(),
            history=(),
            rules=self.rules,
            table_cards=tuple(self.table_cards),
        )

    @classmethod
    def before_deal(cls, observation: Observation, *, finished: bool = False) -> Board:
        """The board as the deal in `observation` began, before any of its events: each seat
        with the chips it was dealt in with, no cards, nothing in front; in the pot only what
        was carried in. Its events, replayed onto it, walk the board to the deal as it stands
        (or as it ended, when `finished`)."""
        start = cls.from_observation(observation)
        stacks = observation.start_stacks
        for seat in start.seats:
            seat.stack = stacks[seat.seat] if seat.seat < len(stacks) else seat.stack
            seat.committed = 0
            seat.hands = [[]]
            if finished:
                seat.playing = True
        now = sum(view.stack for view in observation.seats[: len(stacks)]) + observation.pot
        start.wagers = {}
        start.pots = [max(0, now - sum(stacks))]
        start.carried = 0
        return start

    def adopt(self, other: Board) -> None:
        """Become `other` (the animation director keeps this board, so it changes in place)."""
        self.__dict__.update(vars(other))

    def sync(self, observation: Observation, *, deal_over: bool) -> None:
        """Match the engine after a batch of events; between deals keep the cards on show.

        Between deals the engine has already swept every hand back into the pack, but the
        screen keeps the last hands (and the revealed ones) until the next deal is dealt, and
        the chips in front of the seats have gone to the winner.
        """
        kept = [(seat.hands, seat.badges) for seat in self.seats]
        pack_size = self.pack_size
        fresh = Board.from_observation(observation)
        fresh.retained = self.retained
        if deal_over:
            for seat, (hands, badges) in zip(fresh.seats, kept, strict=True):
                seat.hands = hands
                seat.badges = badges
                seat.committed = 0
            fresh.pack_size = pack_size
            fresh.pots = [0 for _ in fresh.pots]
            fresh.wagers = {}
            fresh.table_cards = self.table_cards
        self.adopt(fresh)

    # --- small changes the animation director makes, step by step ------------------------

    def seat(self, seat: int) -> SeatBoard:
        """One seat of the board."""
        return self.seats[seat]

    def start_deal(self, deal_number: int, dealer: int, playing: tuple[int, ...]) -> None:
        """Clear the table for a new deal: no cards, no chips in front, nobody folded."""
        self.deal_number = deal_number
        self.dealer = dealer
        self.to_act = None
        self.pots = [self.carried] if self.carried else [0]
        self.carried = 0
        self.stake = 0
        on_table = 0
        self.wagers = {}
        for seat in self.seats:
            house = HOUSE_BADGE in seat.badges
            seat.playing = seat.seat in playing or house
            seat.folded = False
            seat.blind = not is_banked(self.family)
            seat.committed = 0
            seat.badges = (HOUSE_BADGE,) if house else ()
            retained = self.retained.pop(seat.seat, None)
            seat.hands = [[], retained] if retained else [[]]
            on_table += len(retained or ())
        self.retained = {}
        self.table_cards = []
        self.pack_size = FULL_PACK - on_table

    def pay(self, seat: int, amount: int) -> None:
        """Chips leave a seat's stack (they are in the air until `commit`)."""
        self.seats[seat].stack -= amount

    def commit(self, seat: int, amount: int) -> None:
        """Chips land in front of a seat and count in the pot."""
        self.seats[seat].committed += amount
        self.pots[-1] += amount

    def take_back(self, seat: int, amount: int) -> None:
        """Chips go back from the middle towards a seat (an unmatched part of its bet)."""
        self.seats[seat].committed = max(0, self.seats[seat].committed - amount)
        self.pots[-1] = max(0, self.pots[-1] - amount)

    def place_wager(self, seat: int, pile: str, amount: int) -> None:
        """Chips land on one of a seat's wager piles (Three Card Poker: no pot)."""
        piles = self.wagers.setdefault(seat, {})
        piles[pile] = piles.get(pile, 0) + amount
        self.seats[seat].committed += amount

    def take_wager(self, seat: int, pile: str) -> int:
        """Chips leave a wager pile (settled or returned); returns how many there were."""
        amount = self.wagers.get(seat, {}).pop(pile, 0)
        self.seats[seat].committed -= amount
        return amount

    def bank_seat(self) -> int | None:
        """The seat that banks the deal: the casino dealer or the designated player."""
        for seat in self.seats:
            if HOUSE_BADGE in seat.badges or BANK_BADGE in seat.badges:
                return seat.seat
        return None

    def add_card(self, seat: int, hand: int, card: Hidden) -> None:
        """A dealt card lands in a seat's hand."""
        hands = self.seats[seat].hands
        while len(hands) <= hand:
            hands.append([])
        hands[hand].append(card)

    def show_cards(self, seat: int, hand: int, cards: tuple[Card | None, ...]) -> None:
        """Put known faces on a hand's cards (a look, a reveal); unknown ones stay as they are."""
        hands = self.seats[seat].hands
        if hand >= len(hands):
            return
        current = hands[hand]
        for position, card in enumerate(cards):
            if card is not None and position < len(current):
                current[position] = card

    def remove_hand(self, seat: int, hand: int) -> list[Hidden]:
        """Take a hand off the table (to the pack); a seat with no hands keeps an empty one."""
        hands = self.seats[seat].hands
        if not 0 <= hand < len(hands):
            return []
        cards = hands.pop(hand)
        if not hands:
            hands.append([])
        return cards

    def award(self, seat: int, amount: int, pot_index: int) -> None:
        """A pot (or part of it) leaves the middle."""
        index = min(max(0, pot_index), len(self.pots) - 1)
        self.pots[index] = max(0, self.pots[index] - amount)
        del seat

    def gather(self) -> None:
        """The chips in front of every seat are swept into the middle (they stay in the pot)."""
        for seat in self.seats:
            seat.committed = 0

    def hand_index_holding(self, seat: int, cards: tuple[Card | None, ...]) -> int | None:
        """The index of the seat's hand that holds these known cards, if any."""
        known = {card for card in cards if card is not None}
        if not known:
            return None
        for index, hand in enumerate(self.seats[seat].hands):
            if known & {card for card in hand if card is not None}:
                return index
        return None

    def live_hands(self, seat: int) -> list[int]:
        """Indexes of the seat's hands that hold cards."""
        return [index for index, hand in enumerate(self.seats[seat].hands) if hand]
