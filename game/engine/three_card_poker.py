"""Three Card Poker with a designated player (DP) who banks the table, rotating every deal.

A deal goes:

1. **Bank.** The bank is offered to the next eligible seat after the last DP (the first deal:
   the `dealer` seat given to the constructor, or the next eligible one). The seat takes it
   (`TakeBank`) or waives (`Waive`) and the offer moves on clockwise. The last eligible seat that
   has not waived becomes the DP without being asked.
2. **Bets.** Every other seat that can afford a Base Bet and a Call (2 x base) posts the Base Bet,
   with or without Pair Plus (`PostBets`), in turn from the DP's left.
3. **Cards.** Three each, face down, one at a time from the DP's left, the DP last; then everyone
   (the DP too) looks at their own hand (`Looked`, seen by that seat alone).
4. **Decisions.** From the DP's left each player Calls (equal to the Base) or folds; a fold gives
   the Base and Pair Plus to the DP at once.
5. **Settlement.** The DP shows; queen-high or better qualifies. In order from the button, each
   called hand is settled against the DP's hand alone (RULES.md, TCP).

Definitions (RULES.md leaves them open):

- **Button**: the DP's seat carries the button; "in order from the button" is the order of play,
  starting with the first seat to the DP's left and going clockwise.
- **Eligible to bank**: a seat whose stack covers everything the other seats could stake this
  deal: for each seat able to play, its Base, its Call and (when that seat can afford it and the
  table allows it) its Pair Plus. A seat with nobody to play against is not eligible.
- **Covered**: a called hand is settled only if the DP, when its turn in the settlement comes,
  has at least the chips that hand has in action (Base, Pair Plus, and the Call when the DP
  qualified). Otherwise the hand is **dead**: its wagers are returned. A covered hand that wins
  more than the DP has left is paid as far as the DP's money reaches (Base, then Call, then Pair
  Plus); its stakes come back in full.
- **Ties** push Base, Call and Pair Plus under the default tie rule; under the option that the
  DP wins ties, a tie is a lost call. A Pair Plus below a pair is lost whatever happens to the
  Call (it pays only by the table), so only a Pair Plus on a pair or better is pushed.

Each deal records `deal_start`, `deal_dealer` (the first seat offered the bank), `deal_deck` and
`actions`, as the pot games do, so `history.write_deal()` writes it and a replay that starts the
same stacks with that dealer and deck and applies the actions ends in the same state.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from game.engine.actions import (
    Action,
    Fold,
    IllegalActionError,
    LegalAction,
)
from game.engine.actions import Call as Call  # the records live with every other action
from game.engine.actions import PostBets as PostBets
from game.engine.actions import TakeBank as TakeBank
from game.engine.actions import Waive as Waive
from game.engine.base import TableGame, VerbTable, offered, verb
from game.engine.cards import FULL_DECK, Card, Pack
from game.engine.events import (
    CardDealt,
    DealEnded,
    DealStarted,
    Event,
    Folded,
    HandRevealed,
    Looked,
    PackShuffled,
    TurnPassed,
)
from game.engine.family import Family
from game.engine.hands import HandName, HandValue, Ranking, get_ranking
from game.engine.marks import N_
from game.engine.observation import Hidden, SeatView
from game.engine.paytables import PAIR_PLUS_TABLES, PayTable, qualifying_strength
from game.engine.phases import Phase
from game.engine.reasons import NO_REASON, Reason, ReasonKey
from game.engine.rules import Rules, ThreeCardPokerRules
from game.engine.said import NOTHING_SAID, Said, Word, says, says_counted

if TYPE_CHECKING:
    from game.engine.game import Game

PAIR_PLUS = N_("pair plus")
"""The Pair Plus wager's name in events (a key the UI knows; translated where drawn)."""

# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BankOffered(Event):
    """The bank was offered to a seat, which may take it or waive."""

    seat: int


@dataclass(frozen=True)
class BankWaived(Event):
    """A seat waived its turn as the designated player."""

    seat: int


@dataclass(frozen=True)
class DesignatedPlayerChosen(Event):
    """This seat is the designated player (the bank) for the deal; `reason` says why."""

    seat: int
    reason: Reason


@dataclass(frozen=True)
class BetsPosted(Event):
    """A seat put out its Base Bet (or casino Ante) and its Pair Plus bet (0 for none)."""

    seat: int
    base: int
    pair_plus: int


@dataclass(frozen=True)
class Called(Event):
    """A seat made its Call (or casino Play) bet."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Qualified(Event):
    """The bank showed its hand: did it qualify (queen-high or better)?"""

    seat: int
    qualified: bool
    description: HandName


class Outcome(enum.StrEnum):
    """How a wager settled (the values are the words `simulate` and the records write)."""

    WON = "won"
    LOST = "lost"
    PUSHED = "pushed"
    NO_ACTION = "no action"


@dataclass(frozen=True)
class WagerSettled(Event):
    """One wager settled: won (stake back plus `payout`), lost, pushed or no action.

    `owed` is what the bank owed; `payout` is less only when the designated player ran short.
    """

    seat: int
    wager: str
    stake: int
    outcome: Outcome
    payout: int
    owed: int
    reason: Reason


@dataclass(frozen=True)
class HandDead(Event):
    """The designated player could not cover this hand: it is dead, its wagers returned."""

    seat: int
    returned: int
    reason: Reason


# --- what both Three Card Poker engines share ---------------------------------------------


@dataclass
class SeatHand:
    """One seat's part in the current deal: its cards and the wagers in front of it."""

    seat: int
    cards: list[Card] = field(default_factory=list)
    base: int = 0
    pair_plus: int = 0
    call: int = 0
    looked: bool = False
    posted: bool = False
    decided: bool = False
    folded: bool = False
    revealed: bool = False
    dead: bool = False

    @property
    def staked(self) -> int:
        """Chips this seat has on the table now."""
        return self.base + self.pair_plus + self.call

    @property
    def hands(self) -> list[list[Card]]:
        """The cards as a list of hands (always one), the shape the pot games use."""
        return [self.cards]

    def take(self, pile: str) -> int:
        """Take the chips off one pile ('base', 'pair_plus' or 'call') to settle it."""
        match pile:
            case "base":
                stake, self.base = self.base, 0
            case "pair_plus":
                stake, self.pair_plus = self.pair_plus, 0
            case "call":
                stake, self.call = self.call, 0
            case _:
                raise ValueError(f"no wager pile is called {pile!r}")
        return stake


class BankedGame(TableGame):
    """Base of the two Three Card Poker engines: wagers against a bank, not a pot."""

    _BETWEEN: ClassVar[Phase] = Phase.BETWEEN_DEALS

    def __init__(self, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0) -> None:
        super().__init__(stacks, seed=seed, dealer=dealer)
        self.ranking: Ranking = get_ranking("three_card_poker")
        self._phase = self._BETWEEN
        self._hands: dict[int, SeatHand] = {}
        self._house_net = 0

    # --- the Game protocol ---------------------------------------------------------------

    def pair_plus_offer(self) -> tuple[int, int] | None:
        """(the Pair Plus bet, the chips a seat needs beside it for its main wagers), or None
        where the table plays without Pair Plus."""
        raise NotImplementedError

    def can_afford_pair_plus(self, seat: int) -> bool:
        """Whether this table offers Pair Plus and the seat can add it to its main wagers."""
        offer = self.pair_plus_offer()
        return offer is not None and self._stacks[seat] >= sum(offer)

    def _verify_pair_plus(self, seat: int, pair_plus: int, short: str) -> int:
        """Raise IllegalActionError unless `seat` may add `pair_plus` to its main wagers (`short`
        says, with {seat}, {stack} and {need}, that it has too few chips); else the bet."""
        offer = self.pair_plus_offer()
        if offer is None:
            raise self._refused(N_("This table plays without Pair Plus."))
        side = offer[0]
        if not self.can_afford_pair_plus(seat):
            raise self._refused(short, seat=seat, stack=self._stacks[seat], need=sum(offer))
        if pair_plus != side:
            raise self._refused(
                N_("Pair Plus is {bet} chips or none, not {amount}."),
                bet=side,
                amount=pair_plus,
            )
        return side

    @property
    def phase(self) -> Phase:
        """What the table is doing: between deals, bank, bets or decisions."""
        return self._phase

    @property
    def house_net(self) -> int:
        """What the house has won over the session (casino form; always 0 with a DP)."""
        return self._house_net

    def restore_house_net(self, net: int) -> None:
        """Set what the house has won so far, as a save recorded it."""
        self._house_net = net
        self._forget_observations()

    @property
    def carried(self) -> int:
        """Chips carried to the next deal: none, every wager is settled in its deal."""
        return 0

    def physical_cards(self) -> list[Card]:
        """Every card where it lies now: the pack and each seat's hand."""
        held = [card for hand in self._hands.values() for card in hand.cards]
        return list(self.pack.cards) + held

    @property
    def players(self) -> dict[int, SeatHand]:
        """Every hand of the current (or last) deal by seat, the bank's included."""
        return self._hands

    def hand_of(self, seat: int) -> SeatHand | None:
        """A seat's part in the current (or last) deal, or None if it was not dealt in."""
        return self._hands.get(seat)

    def chips_in_play(self) -> int:
        """Stacks plus wagers on the table plus the house's net: constant over a session."""
        return (
            sum(self._stacks)
            + sum(hand.staked for hand in self._hands.values())
            + (self._house_net)
        )

    def _seat_views(self, viewer: int | None) -> list[SeatView]:
        views = [self._seat_view(seat, viewer) for seat in range(self.seat_count)]
        return views + self._extra_views(viewer)

    def _pots(self) -> tuple[int, ...]:
        return ()

    def _stake(self) -> int:
        return self._base_amount()

    def _phase_now(self) -> Phase:
        return self._phase

    def _carried_now(self) -> int:
        return 0

    def can_deal(self) -> bool:
        """Whether another deal can start now (why_not_dealing() says why not)."""
        return not self.why_not_dealing()

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Start the next deal; `deck` (top first) stacks the pack, for replays and tutorials."""
        if self._to_act is not None:
            raise self._refused(N_("The current deal is not over yet."))
        return self._start(deck)

    # --- hooks for the two forms ---------------------------------------------------------

    def why_not_dealing(self) -> Said:
        """Why no deal can start now, as a sentence; nothing when one can."""
        raise NotImplementedError

    def _base_amount(self) -> int:
        raise NotImplementedError

    def _in_phase(self, seat: int, kind: type[Action], phase: Phase) -> None:
        """Refuse an action of this kind unless it is `seat`'s turn and the deal is at `phase`."""
        self._verify_actor(seat, kind)
        if self._phase != phase:
            raise IllegalActionError(self._not_now(seat, kind))

    def _not_now(self, seat: int, kind: type[Action]) -> Said:
        if self._listing:
            return NOTHING_SAID  # the list being built is what the sentence names; nobody reads it
        allowed = ", ".join(sorted({option.action.verb for option in self.legal_actions()}))
        return says(
            # Translators: {verb}, {phase} and {allowed} are the engine's words (bet, bets, call).
            N_("Seat {seat} may not {verb} now ({phase}); allowed: {allowed}."),
            seat=seat,
            verb=kind.verb,
            phase=self._phase.value,
            allowed=allowed,
        )

    def _bank_collects(self, amount: int) -> None:
        raise NotImplementedError

    def _bank_pays(self, owed: int) -> int:
        """Take up to `owed` chips from the bank; returns what it could pay."""
        raise NotImplementedError

    def _badges(self, hand: SeatHand) -> list[str]:
        badges = []  # keys the UI knows (marked here, translated where drawn)
        if hand.pair_plus:
            badges.append(N_("PAIR PLUS"))
        if hand.call:
            badges.append(N_("CALLED"))
        if hand.folded:
            badges.append(N_("FOLDED"))
        if hand.dead:
            badges.append(N_("DEAD"))
        return badges

    def _extra_views(self, viewer: int | None) -> list[SeatView]:
        return []

    # --- shared mechanics ----------------------------------------------------------------

    def seats_from(self, start: int) -> Iterator[int]:
        """Every seat once, clockwise, starting at `start`."""
        for offset in range(self.seat_count):
            yield (start + offset) % self.seat_count

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        hand = self._hands.get(seat)
        if hand is None:
            return SeatView(seat, self._stacks[seat], False, False, False, (), 0)
        cards = tuple(self._card_for(viewer, hand, card) for card in hand.cards)
        return SeatView(
            seat=seat,
            stack=self._stacks[seat],
            playing=True,
            folded=hand.folded,
            blind=False,
            hands=(cards,) if cards else (),
            committed=hand.staked,
            badges=tuple(self._badges(hand)),
            wagers=tuple(
                (name, amount)
                for name, amount in (
                    ("pair_plus", hand.pair_plus),
                    ("base", hand.base),
                    ("call", hand.call),
                )
                if amount
            ),
        )

    @staticmethod
    def _card_for(viewer: int | None, hand: SeatHand, card: Card) -> Hidden:
        return card if hand.revealed or (viewer == hand.seat and hand.looked) else None

    def _begin(self, deck: Sequence[Card] | None, dealer: int, seats: Sequence[int]) -> None:
        """Set the pack (stacked or shuffled), reset the deal's records and announce the deal."""
        shuffled = deck is None
        if deck is None:
            pack = Pack.new()
            pack.shuffle(self.rng)
        else:
            wanted = list(deck)
            pack = Pack(wanted + [card for card in FULL_DECK if card not in set(wanted)])
        self.pack = pack
        self._deal_number += 1
        self.events = []
        self.actions = []
        self.message = None
        self._start_of_deal = (tuple(self._stacks), {})
        self._deal_start = None  # (made when read: `deal_start`)
        self.deal_dealer = dealer
        self.deal_deck = pack.cards
        self._hands = {seat: SeatHand(seat) for seat in seats}
        if shuffled:
            self.events.append(PackShuffled(Reason(ReasonKey.FRESH_PACK)))
        self.events.append(DealStarted(self._deal_number, dealer, tuple(seats)))

    def _deal_cards(self, order: Sequence[int], lookers: Sequence[int]) -> None:
        """Three cards each, face down, one at a time in `order`; then `lookers` look at theirs."""
        for _round in range(3):
            for seat in order:
                (card,) = self.pack.deal(1)
                self._hands[seat].cards.append(card)
                self.events.append(CardDealt(seat, card, audience=frozenset()))
        for seat in lookers:
            hand = self._hands[seat]
            hand.looked = True
            self.events.append(Looked(seat, tuple(hand.cards), audience=frozenset({seat})))

    def _set_turn(self, seat: int | None) -> None:
        self._to_act = seat
        if seat is not None:
            self.events.append(TurnPassed(seat))

    def _end_deal(self) -> None:
        self._to_act = None
        self._phase = self._BETWEEN
        self.events.append(DealEnded(tuple(self._stacks)))

    def value_of(self, seat: int) -> HandValue:
        """The value of a seat's hand in the current deal."""
        return self.ranking.evaluate(self._hands[seat].cards)

    def _reveal(self, seat: int) -> None:
        hand = self._hands[seat]
        if hand.revealed:
            return
        hand.revealed = True
        name = self.ranking.evaluate(hand.cards).name
        self.events.append(HandRevealed(seat, tuple(hand.cards), name))

    def _post(self, hand: SeatHand, base: int, pair_plus: int) -> None:
        self._stacks[hand.seat] -= base + pair_plus
        hand.base, hand.pair_plus, hand.posted = base, pair_plus, True
        self.events.append(BetsPosted(hand.seat, base, pair_plus))

    def _call(self, hand: SeatHand, amount: int) -> None:
        self._stacks[hand.seat] -= amount
        hand.call, hand.decided = amount, True
        self.events.append(Called(hand.seat, amount))

    def _fold(self, hand: SeatHand, main_wager: str) -> None:
        """A fold: the main bet (Base or Ante) and Pair Plus go to the bank at once."""
        hand.folded, hand.decided = True, True
        self.events.append(Folded(hand.seat, NO_REASON))
        reason = Reason(ReasonKey.FOLDED_HAND_LOSES)
        self._lose(hand, main_wager, "base", reason)
        self._lose(hand, PAIR_PLUS, "pair_plus", reason)

    def _lose(self, hand: SeatHand, wager: str, attribute: str, reason: Reason) -> None:
        stake = hand.take(attribute)
        if not stake:
            return
        self._bank_collects(stake)
        self.events.append(WagerSettled(hand.seat, wager, stake, Outcome.LOST, 0, 0, reason))

    def _push(
        self,
        hand: SeatHand,
        wager: str,
        attribute: str,
        reason: Reason,
        outcome: Outcome = Outcome.PUSHED,
    ) -> None:
        stake = hand.take(attribute)
        if not stake:
            return
        self._stacks[hand.seat] += stake
        self.events.append(WagerSettled(hand.seat, wager, stake, outcome, 0, 0, reason))

    def _win(self, hand: SeatHand, wager: str, attribute: str, odds: int, reason: Reason) -> None:
        stake = hand.take(attribute)
        if not stake:
            return
        self._paid(hand.seat, wager, stake, stake * odds, reason)

    def _paid(self, seat: int, wager: str, stake: int, owed: int, reason: Reason) -> None:
        """Return `stake` to the seat with what the bank can pay of `owed`."""
        paid = self._bank_pays(owed)
        self._stacks[seat] += stake + paid
        if paid < owed:
            reason = reason.followed_by(Reason(ReasonKey.BANK_SHORT, paid=paid, owed=owed))
        self.events.append(WagerSettled(seat, wager, stake, Outcome.WON, paid, owed, reason))

    def _settle_pair_plus(self, hand: SeatHand, table: PayTable) -> None:
        """Pay Pair Plus by the table, or take it if the hand is not a paying hand."""
        if not hand.pair_plus:
            return
        odds = table.odds_for_cards(hand.cards)
        if odds is None:
            self._lose(hand, PAIR_PLUS, "pair_plus", Reason(ReasonKey.PAIR_PLUS_NEEDS_A_PAIR))
        else:
            category = self.ranking.evaluate(hand.cards).category_title
            reason = Reason(ReasonKey.PAIR_PLUS_PAYS, hand=category, odds=odds)
            self._win(hand, PAIR_PLUS, "pair_plus", odds, reason)

    def _start(self, deck: Sequence[Card] | None) -> list[Event]:
        raise NotImplementedError


# --- the designated-player game -----------------------------------------------------------


class ThreeCardPokerGame(BankedGame):
    """Three Card Poker with a designated player banking each deal (see the module text)."""

    family: ClassVar[Family] = Family.THREE_CARD_POKER

    def __init__(
        self,
        rules: ThreeCardPokerRules,
        stacks: Sequence[int],
        *,
        seed: int = 0,
        dealer: int = 0,
    ) -> None:
        super().__init__(stacks, seed=seed, dealer=dealer)
        self.rules = rules
        # The house options read at every action, kept as plain attributes (as Teen Patti's
        # are): a pydantic model's class has a __getattr__, which keeps the interpreter from
        # specialising a read of its fields (each read costs about twice as much).
        self._base = rules.base_bet
        self._pair_plus_bet = rules.pair_plus_bet
        self._pair_plus = rules.pair_plus
        self._ties_push = rules.tie == "push"
        self._pair_plus_pushes = rules.pair_plus_on_lost_call == "pushes"
        self.pay_table = PAIR_PLUS_TABLES[rules.pay_table]
        self._next_offer = dealer
        self._designated: int | None = None
        self._waived: set[int] = set()

    def rules_in_play(self) -> Rules:
        """This game's rules, as observations carry them."""
        return self.rules

    @property
    def designated_player(self) -> int | None:
        """The seat banking the current deal (None before the bank is taken)."""
        return self._designated

    # --- who may play and who may bank ---------------------------------------------------

    def _base_amount(self) -> int:
        return self._base

    def minimum_to_play(self) -> int:
        """A player needs the Base Bet and a Call in front of it to be dealt in."""
        return 2 * self._base

    def pair_plus_offer(self) -> tuple[int, int] | None:
        """The Pair Plus bet and the Base and Call beside it (None: no Pair Plus here)."""
        return (self._pair_plus_bet, self.minimum_to_play()) if self._pair_plus else None

    def players_able(self) -> list[int]:
        """Seats with enough chips to be dealt in (Base plus Call)."""
        return [seat for seat in range(self.seat_count) if self._stacks[seat] >= 2 * self._base]

    def cover_needed(self, seat: int) -> int:
        """What `seat` must hold to bank: everything the others could stake this deal."""
        total = 0
        for other in self.players_able():
            if other != seat:
                side = self._pair_plus_bet if self.can_afford_pair_plus(other) else 0
                total += 2 * self._base + side
        return total

    def is_eligible(self, seat: int) -> bool:
        """Whether `seat` may bank: someone to play against, and it covers them all."""
        opponents = [other for other in self.players_able() if other != seat]
        return bool(opponents) and self._stacks[seat] >= self.cover_needed(seat)

    def eligible_seats(self) -> list[int]:
        """Seats that may bank, clockwise from the next seat in the rotation."""
        return [seat for seat in self.seats_from(self._next_offer) if self.is_eligible(seat)]

    def why_not_dealing(self) -> Said:
        """Why no deal can start now, as a sentence; nothing when one can."""
        able = self.players_able()
        if len(able) < 2:
            return says_counted(
                "Only {count} seat(s) have the {need} chips a Base Bet and a Call need: a deal "
                "needs two.",
                "Only {count} seat(s) have the {need} chips a Base Bet and a Call need: a deal "
                "needs two.",
                len(able),
                need=self.minimum_to_play(),
            )
        if not self.eligible_seats():
            richest = max(range(self.seat_count), key=lambda seat: self._stacks[seat])
            return says(
                N_(
                    "No seat can bank: the designated player must cover everything the others "
                    "could stake (seat {seat} has {stack}, needs {need})."
                ),
                seat=richest,
                stack=self._stacks[richest],
                need=self.cover_needed(richest),
            )
        return NOTHING_SAID

    # --- the deal ------------------------------------------------------------------------

    def _start(self, deck: Sequence[Card] | None) -> list[Event]:
        reason = self.why_not_dealing()
        if reason:
            raise IllegalActionError(reason)
        first = self.eligible_seats()[0]
        able = self.players_able()
        seats = [seat for seat in self.seats_from(first + 1) if seat in able]
        self._begin(deck, first, seats)
        self._designated = None
        self._waived = set()
        self._dealer = first
        self._phase = Phase.BANK
        self._offer(first)
        return list(self.events)

    def _offer(self, seat: int) -> None:
        remaining = [other for other in self.eligible_seats() if other not in self._waived]
        if remaining == [seat]:
            why = ReasonKey.BANKS_AFTER_WAIVERS if self._waived else ReasonKey.BANKS_ALONE
            self._take_bank(seat, Reason(why, seat=seat))
            return
        self.events.append(BankOffered(seat))
        self._set_turn(seat)

    def _take_bank(self, seat: int, reason: Reason) -> None:
        self._designated = seat
        self._dealer = seat
        self._next_offer = (seat + 1) % self.seat_count
        self.events.append(DesignatedPlayerChosen(seat, reason))
        self._phase = Phase.BETS
        self._set_turn(self._players()[0])

    def _players(self) -> list[int]:
        """The designated player's opponents this deal, in order from the button."""
        return [seat for seat in self.seats_from(self._dealer) if seat in self._hands][1:]

    def verify_take_bank(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` is offered the bank now; else the option."""
        self._in_phase(seat, TakeBank, Phase.BANK)
        return LegalAction(TakeBank(seat), rule=says(N_("Bank this deal as the designated player")))

    def verify_waive(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` is offered the bank now; else the option."""
        self._in_phase(seat, Waive, Phase.BANK)
        return LegalAction(Waive(seat), rule=says(N_("Waive: the offer moves on clockwise")))

    def verify_post_bets(self, seat: int, base: int, pair_plus: int = 0) -> LegalAction:
        """Raise IllegalActionError unless `seat` may post these bets now; else the option."""
        self._in_phase(seat, PostBets, Phase.BETS)
        if base != self._base:
            raise self._refused(
                N_("The base bet at this table is {base}, not {amount}."),
                base=self._base,
                amount=base,
            )
        if not pair_plus:
            rule = says(N_("Base Bet {base}"), base=base)
            return LegalAction(PostBets(seat, base), base, base, rule=rule)
        short = N_(
            "Seat {seat} has {stack} chips: Pair Plus needs {need} with the Base and the Call."
        )
        side = self._verify_pair_plus(seat, pair_plus, short)
        rule = says(
            N_("Base Bet {base} and Pair Plus {side} ({table})"),
            base=base,
            side=side,
            table=Word(self.pay_table.title),
        )
        total = base + side
        return LegalAction(PostBets(seat, base, side), total, total, rule=rule)

    def verify_call(self, seat: int, amount: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may call `amount` now; else the option."""
        self._in_phase(seat, Call, Phase.DECISIONS)
        base = self._base
        if amount != base:
            raise self._refused(
                N_("A call must equal the base bet of {base}, not {amount}."),
                base=base,
                amount=amount,
            )
        rule = says(N_("Call {base}: equal to the Base Bet"), base=base)
        return LegalAction(Call(seat, base), base, base, rule=rule)

    def verify_fold(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may fold now; else the option."""
        self._in_phase(seat, Fold, Phase.DECISIONS)
        return LegalAction(Fold(seat), rule=says(N_("Fold: lose the Base Bet and any Pair Plus")))

    def _refuse_out_of_role(self, seat: int, kind: type[Action]) -> None:
        if (
            kind in (Call, Fold, PostBets)
            and self._designated is not None
            and seat == self._designated
        ):
            refusals = {
                Call: N_(
                    "Only the designated player's opponents may call: seat {seat} is the "
                    "designated player and banks this deal."
                ),
                Fold: N_(
                    "Only the designated player's opponents may fold: seat {seat} is the "
                    "designated player and banks this deal."
                ),
                PostBets: N_(
                    "Only the designated player's opponents may post bets: seat {seat} is the "
                    "designated player and banks this deal."
                ),
            }
            raise self._refused(refusals[kind], seat=seat)

    def _waive(self, seat: int) -> None:
        self._waived.add(seat)
        self.events.append(BankWaived(seat))
        remaining = [other for other in self.eligible_seats() if other not in self._waived]
        self._offer(remaining[0])

    def _post_in_turn(self, seat: int, base: int, pair_plus: int) -> None:
        self._post(self._hands[seat], base, pair_plus)
        self._next_or(seat, self._deal)

    def _call_in_turn(self, seat: int, amount: int) -> None:
        self._call(self._hands[seat], amount)
        self._next_or(seat, self._settle)

    def _fold_in_turn(self, seat: int) -> None:
        self._fold(self._hands[seat], "base")
        self._next_or(seat, self._settle)

    def _next_or(self, seat: int, then: Callable[[], None]) -> None:
        players = self._players()
        position = players.index(seat)
        if position + 1 < len(players):
            self._set_turn(players[position + 1])
        else:
            then()

    def _deal(self) -> None:
        order = [*self._players(), self._dealer]
        self._deal_cards(order, order)
        self._phase = Phase.DECISIONS
        self._set_turn(self._players()[0])

    def _bank_collects(self, amount: int) -> None:
        assert self._designated is not None
        self._stacks[self._designated] += amount

    def _bank_pays(self, owed: int) -> int:
        assert self._designated is not None
        paid = min(owed, self._stacks[self._designated])
        self._stacks[self._designated] -= paid
        return paid

    def _settle(self) -> None:
        self._to_act = None
        called = [seat for seat in self._players() if not self._hands[seat].folded]
        designated = self._dealer
        if not called:
            self.message = Reason(ReasonKey.EVERYONE_FOLDED_TO_BANK)
            self._end_deal()
            return
        self._reveal(designated)
        value = self.value_of(designated)
        qualified = value.strength >= qualifying_strength()
        self.events.append(Qualified(designated, qualified, value.name))
        for seat in called:
            self._settle_hand(self._hands[seat], qualified, value)
        verdict = (
            ReasonKey.DESIGNATED_QUALIFIED_WITH
            if qualified
            else ReasonKey.DESIGNATED_NOT_QUALIFIED_WITH
        )
        self.message = Reason(verdict, hand=value.name)
        self._end_deal()

    def _settle_hand(self, hand: SeatHand, qualified: bool, bank_value: HandValue) -> None:
        in_action = hand.base + hand.pair_plus + (hand.call if qualified else 0)
        bank = self._stacks[self._dealer]
        if bank < in_action:
            returned = hand.staked
            self._stacks[hand.seat] += returned
            hand.base = hand.pair_plus = hand.call = 0
            hand.dead = True
            self.events.append(
                HandDead(
                    hand.seat,
                    returned,
                    Reason(ReasonKey.HAND_DEAD, bank=bank, amount=in_action),
                )
            )
            return
        self._reveal(hand.seat)
        self._pair_plus_lost_first(hand)
        if not qualified:
            reason = Reason(ReasonKey.DESIGNATED_NOT_QUALIFIED)
            self._push(hand, "call", "call", reason, Outcome.NO_ACTION)
            self._win(hand, "base", "base", 1, reason)
            self._settle_pair_plus(hand, self.pay_table)
            return
        player_value = self.value_of(hand.seat)
        if player_value > bank_value:
            reason = Reason(
                ReasonKey.HAND_BEATS_HAND, winner=player_value.name, loser=bank_value.name
            )
            self._win(hand, "base", "base", 1, reason)
            self._win(hand, "call", "call", 1, reason)
            self._settle_pair_plus(hand, self.pay_table)
        elif player_value == bank_value and self._ties_push:
            reason = Reason(ReasonKey.TIE_WITH_DESIGNATED_PUSHES)
            for wager, attribute in (
                ("base", "base"),
                ("call", "call"),
                (PAIR_PLUS, "pair_plus"),
            ):
                self._push(hand, wager, attribute, reason)
        else:
            if player_value == bank_value:
                reason = Reason(ReasonKey.DESIGNATED_WINS_TIES)
            else:
                reason = Reason(
                    ReasonKey.HAND_BEATS_HAND, winner=bank_value.name, loser=player_value.name
                )
            self._lose(hand, "base", "base", reason)
            self._lose(hand, "call", "call", reason)
            if self._pair_plus_pushes:
                self._push(
                    hand, PAIR_PLUS, "pair_plus", Reason(ReasonKey.PAIR_PLUS_PUSHES_ON_LOST_CALL)
                )
            else:
                self._lose(hand, PAIR_PLUS, "pair_plus", Reason(ReasonKey.PAIR_PLUS_LOST_WITH_CALL))

    def _pair_plus_lost_first(self, hand: SeatHand) -> None:
        """A Pair Plus below a pair is lost whatever happens to the Call, and is collected first:
        it helps the bank pay the rest. Only a paying Pair Plus is left to a tie or lost call."""
        if self.pay_table.odds_for_cards(hand.cards) is None:
            self._settle_pair_plus(hand, self.pay_table)

    def _badges(self, hand: SeatHand) -> list[str]:
        badges = super()._badges(hand)
        if hand.seat == self._designated:
            badges.insert(0, N_("DESIGNATED PLAYER"))
        if hand.seat in self._waived:
            badges.append(N_("WAIVED"))
        return badges

    verbs: ClassVar[VerbTable[ThreeCardPokerGame]] = VerbTable(
        verb(
            TakeBank,
            lambda game, action: game.verify_take_bank(action.seat),
            lambda game, seat: [offered(game.verify_take_bank, seat)],
            lambda game, action: game._take_bank(
                action.seat, Reason(ReasonKey.TOOK_THE_BANK, seat=action.seat)
            ),
            listed_in=(Phase.BANK,),
        ),
        verb(
            Waive,
            lambda game, action: game.verify_waive(action.seat),
            lambda game, seat: [offered(game.verify_waive, seat)],
            lambda game, action: game._waive(action.seat),
            listed_in=(Phase.BANK,),
        ),
        verb(
            PostBets,
            lambda game, action: game.verify_post_bets(action.seat, action.base, action.pair_plus),
            lambda game, seat: [
                offered(game.verify_post_bets, seat, game._base),
                offered(game.verify_post_bets, seat, game._base, game._pair_plus_bet),
            ],
            lambda game, action: game._post_in_turn(action.seat, action.base, action.pair_plus),
            listed_in=(Phase.BETS,),
        ),
        verb(
            Call,
            lambda game, action: game.verify_call(action.seat, action.amount),
            lambda game, seat: [offered(game.verify_call, seat, game._base)],
            lambda game, action: game._call_in_turn(action.seat, action.amount),
            listed_in=(Phase.DECISIONS,),
        ),
        verb(
            Fold,
            lambda game, action: game.verify_fold(action.seat),
            lambda game, seat: [offered(game.verify_fold, seat)],
            lambda game, action: game._fold_in_turn(action.seat),
            listed_in=(Phase.DECISIONS,),
        ),
    )


if TYPE_CHECKING:

    def _is_a_game(game: ThreeCardPokerGame) -> Game:
        """mypy checks here that the engine satisfies the Game protocol."""
        return game
