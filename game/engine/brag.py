"""3 Card Brag: the unshuffled pack, no equalising, blind bets count double, seeing, retained
blind hands (both forms), covering the pot or borrowing, and showdown by agreement.

Four-card brag is the same game with four cards dealt (`cards_dealt`): a player discards one
face down right after looking; a blind hand plays as its best three, the fourth as its discard;
equal hands compare the discards, then a seen hand beats a blind one.

Bets are measured in *open value*: an open player's bet of 4 is worth 4, a blind player's bet
of 2 is worth 4 (blind bets count double). Every bet must be worth at least the previous one.

`BragGame` plays the betting and the settlement; it owns one collaborator for each of the other
jobs: `Lending` (the borrowing rule), `Discards` (four-card brag), `TwoHands` (a retained blind
hand beside the new one), `FaceUpHand` (the face-up form of a retained hand) and `ShowdownVote`
(showdown by agreement). Its verb table names each action's check, offers and execution, in
whichever of them the action belongs to.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import ClassVar, NoReturn

from game.engine.actions import (
    Action,
    AnswerShowdown,
    Bet,
    ChooseHand,
    Cover,
    Discard,
    Fold,
    IllegalActionError,
    KeepHand,
    LegalAction,
    Look,
    ProposeShowdown,
    Show,
    Stay,
)
from game.engine.base import OneOffer, VerbTable, offered, verb
from game.engine.cards import Card, format_cards
from game.engine.events import (
    BetPlaced,
    CardsToPack,
    Discarded,
    DiscardShown,
    Event,
    Folded,
    HandKept,
    HandRetained,
    LoanMade,
    LoanRepaid,
    Looked,
    PotCarried,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
)
from game.engine.family import Family
from game.engine.hands import Category, HandValue
from game.engine.marks import N_
from game.engine.observation import Hidden
from game.engine.phases import Phase
from game.engine.reasons import NO_REASON, Reason, ReasonKey
from game.engine.rules import BragRules, Rules
from game.engine.said import Said, says, says_counted
from game.engine.table import Player, PotGame

BETTING, KEEP, CHOOSE = Phase.BETTING, Phase.KEEP, Phase.CHOOSE
FACE_UP, VOTE, DISCARD = Phase.FACE_UP, Phase.VOTE, Phase.DISCARD

FOUR_CARD_TIE_RULE = N_(
    "equal hands compare the discards (the higher wins), then a seen hand beats a blind one"
)
"""Four-card brag's tie rule, written once (the engine's value_of does what it says)."""

DISCARD_RULE = N_(
    "Discard {card} face down and play the other three; equal hands compare the discards (the "
    "higher wins), then a seen hand beats a blind one."
)
"""The sentence behind each Discard a player may make (it ends with FOUR_CARD_TIE_RULE)."""

HAND_NAMES = ("new", "old")
"""The two hands of a player with a retained blind hand: index 0 the new one, 1 the old one
(in the face-up form, index 0 is the blind hand and 1 the face-up hand, which is never named)."""


_FOLD_RULE = says(N_("Fold: your cards go to the bottom of the pack."))
_LOOK_RULES = {
    "new": says(N_("Look at the new hand; you must then keep it or fold it at once.")),
    "old": says(N_("Look at the old hand; you must then keep it or fold it at once.")),
}
"""The rules behind a look with two hands, by the hand named."""
_LOOK_ONLY_RULE = says(N_("Look at your cards; from then on you bet open amounts."))
_FIRST: dict[int, Said] = {}
"""The refusal of a betting move while the deal is at another phase ("First {phase}."), by the
phase's identity (an Enum's own hash is a Python call): made once per phase."""


@functools.lru_cache(maxsize=64)
def _fold_option(seat: int) -> LegalAction:
    """A seat's fold in the betting, made once: an option is immutable."""
    return LegalAction(Fold(seat), rule=_FOLD_RULE)


@functools.lru_cache(maxsize=64)
def _look_option(seat: int, hand: str) -> LegalAction:
    """A seat's look at the hand named (`only`, `new` or `old`), made once."""
    return LegalAction(Look(seat, hand), rule=_LOOK_RULES.get(hand, _LOOK_ONLY_RULE))


@functools.lru_cache(maxsize=4096)
def _bet_option(
    seat: int, low: int, top: int, blind: bool, previous: int, most: int, pot_limited: bool
) -> LegalAction:
    """A seat's bet option from `low` to `top`, blind or open, after a bet worth `previous`,
    under the maximum `most` (and the pot's limit when `pot_limited`), made once for these
    values: an option is immutable."""
    amounts = {"low": low, "high": top, "previous": previous, "most": most}
    if low == top:
        rule = _one_amount_rule(blind, low, previous)
    elif blind:
        rule = says(
            N_(
                "Bet {low}-{high} (worth double): at least as much as the previous bet "
                "({previous}), at most the maximum {most}."
            ),
            **amounts,
        )
    else:
        rule = says(
            N_(
                "Bet {low}-{high} (at open value): at least as much as the previous bet "
                "({previous}), at most the maximum {most}."
            ),
            **amounts,
        )
    if pot_limited:
        rule += says(N_("No bet may put in more than the pot holds."))
    return LegalAction(Bet(seat, low), low, top, 1, rule)


def _one_amount_rule(blind: bool, low: int, previous: int) -> Said:
    """The bet's rule when the least and the most it may be are one amount: that amount,
    not 'at least 20, at most 20'."""
    if blind:
        words = N_(
            "Bet exactly {low} (worth double): as much as the previous bet ({previous}), "
            "and no more may be bet now."
        )
    else:
        words = N_(
            "Bet exactly {low} (at open value): as much as the previous bet ({previous}), "
            "and no more may be bet now."
        )
    return says(words, low=low, previous=previous)


def _half_up(value: int) -> int:
    return -(-value // 2)


def _hand_key(value: HandValue) -> tuple[int, int]:
    """A four-card brag value without its discard and seen tie-breaks: the three cards alone."""
    return value.strength, value.tiebreak // 32


class BragGame(PotGame):
    """A session of 3 Card Brag deals at one table."""

    family = Family.BRAG

    def __init__(
        self, rules: BragRules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0
    ) -> None:
        super().__init__(rules, stacks, seed=seed, dealer=dealer)
        self.rules = rules
        # The house options read at every action, kept as plain attributes (as Teen Patti's
        # are): a pydantic model's class has a __getattr__, which keeps the interpreter from
        # specialising a read of its fields (each read costs about twice as much).
        self._ante_amount = rules.ante
        self._min_bet = rules.min_bet
        self._max_bet = rules.max_bet
        self._pot_limited = rules.raise_limit == "pot"
        self._equal_sees = rules.see_cost == "equal"
        self._short_covers = rules.running_short == "cover"
        self._short_borrows = rules.running_short == "borrow"
        self._open_pack = rules.open_pack
        self._retained_face_up = rules.retained_hand == "face_up"
        self._showdowns_agreed = rules.showdown_by_agreement
        self.last_value = 0
        self.shuffle_next = True
        self.retained: dict[int, list[Card]] = {}
        self._see: tuple[int, int] | None = None
        self.lending = Lending(self)
        self.discarding = Discards(self)
        self.two_hands = TwoHands(self)
        self.face_up = FaceUpHand(self)
        self.vote = ShowdownVote(self)

    def rules_in_play(self) -> Rules:
        """This game's rules, as observations carry them."""
        return self.rules

    @property
    def loans(self) -> dict[tuple[int, int], int]:
        """What each borrower owes each lender now, by (lender, borrower)."""
        return self.lending.loans

    @property
    def deal_loans(self) -> dict[tuple[int, int], int]:
        """The loans standing when this deal began."""
        return self.lending.deal_loans

    @property
    def discards(self) -> dict[int, Card]:
        """Each seat's discard this deal (four-card brag)."""
        return self.discarding.cards

    def capacity(self, seat: int) -> int:
        """Chips a seat can put in now: its stack, plus a loan under the borrowing rule."""
        return self.lending.capacity(seat)

    def value_of(self, player: Player) -> HandValue:
        """The hand's value; with four cards dealt, the discard and being seen break ties."""
        four = self.discarding.value_of(player)
        return super().value_of(player) if four is None else four

    def _ante(self) -> int:
        return self._ante_amount

    def _retained_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.retained.get(seat, ()))

    def retained_hands(self) -> dict[int, tuple[Card, ...]]:
        """The retained blind hands waiting for the next deal, by seat."""
        return {seat: tuple(cards) for seat, cards in self.retained.items()}

    def _set_aside_cards(self) -> list[Card]:
        cards = [card for hand in self.retained.values() for card in hand]
        return cards + list(self.discards.values())

    def _pack_showing(self) -> Hidden:
        if self._open_pack and len(self.pack):
            return self.pack.cards[-1]
        return None

    def _has_seen(self, player: Player, index: int) -> bool:
        return self.two_hands.has_seen(player, index)

    def _discard_for(self, viewer: int | None, player: Player) -> Hidden:
        return self.discarding.card_for(viewer, player)

    def _before_comparing(self, players: Sequence[Player]) -> None:
        self.discarding.show_tied(players)

    def _shown(self, viewer: int | None, player: Player, index: int) -> bool:
        if player.seat == self.face_up.seat and index == 1:
            return True
        return super()._shown(viewer, player, index)

    def _shown_plainly(self, player: Player) -> bool:
        """A seat holding one hand, none face up, retained, half looked at or discarded from, is
        shown as the base rules show it (the hooks here differ from them only for such)."""
        seat = player.seat
        return (
            seat != self.face_up.seat
            and seat not in self.retained
            and seat not in self.two_hands.peeked
            and seat not in self.discarding.cards
        )

    def _badges(self, player: Player) -> tuple[str, ...]:
        badges = super()._badges(player)
        if player.seat in self.two_hands.peeked:  # looking at one of two hands: keep or fold it
            badges = tuple(N_("LOOKING") if badge == N_("BLIND") else badge for badge in badges)
        if len(player.hands) == 2 and player.seat != self.face_up.seat:
            badges += (N_("TWO HANDS"),)
        if player.seat in self.retained or player.seat == self.face_up.seat:
            badges += (N_("RETAINED"),)
        return badges

    # --- dealing ---------------------------------------------------------------------------

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Ante and deal from the top of the pack (shuffled only when the rules say so)."""
        reason = None
        if self.shuffle_next:
            reason = (
                Reason(ReasonKey.FIRST_DEAL)
                if self._deal_number < self._numbered_from
                else Reason(ReasonKey.PRIAL_WON)
            )
        ordered = self._begin_deal(deck, reason)
        self.lending.start_deal()
        self.shuffle_next = False
        for part in (self.vote, self.two_hands, self.face_up, self.discarding):
            part.start_deal()
        self.last_value = 0
        for seat in list(self.retained):
            if seat not in ordered:
                self.pack.to_bottom(self.retained.pop(seat))
        self._seat_players(ordered)
        self._post_antes(ordered, self._ante_amount)
        self.face_up.antes = self._ante_amount * len(ordered)
        self._deal_round(ordered)
        self.stake = 0
        for seat, cards in self.retained.items():
            player = self.players[seat]
            if self._retained_face_up:
                player.hands = [list(cards), player.hands[0]]
                self.face_up.seat = seat
            else:
                player.hands = [player.hands[0], list(cards)]
            self.events.append(HandRetained(seat))
        self.retained = {}
        self.phase = BETTING
        if self.face_up.seat is not None:
            self.face_up.start(ordered)
        else:
            self._set_turn(ordered[0])
        return list(self.events)

    def _deal_round(self, ordered: Sequence[int], hand_index: int = 0) -> None:
        face_up_seat = self.face_up.seat_for_deal()
        if face_up_seat is None:  # every card face down, as the pot games deal them
            super()._deal_round(ordered, hand_index)
            return
        for _round in range(self.cards_dealt):
            for seat in ordered:
                (card,) = self.pack.deal(1)
                self.players[seat].hands[hand_index].append(card)
                face_up = seat == face_up_seat
                self.events.append(self._card_dealt(seat, card, hand_index, face_up=face_up))

    # --- what is legal ---------------------------------------------------------------------

    def required_value(self) -> int:
        """The open value the next bet must reach: the previous bet, or the minimum."""
        return max(self.last_value, self._min_bet)

    def bet_range(self, player: Player) -> tuple[int, int]:
        """(lowest, highest) chips this player may bet now, before the money it has."""
        required = self.required_value()
        if player.blind:
            low, high = _half_up(required), self._max_bet // 2
        else:
            low, high = required, self._max_bet
        if self._pot_limited:
            high = min(high, self.pot)
        return low, max(low, high)

    def see_cost(self, player: Player, opponent: Player) -> int:
        """What seeing costs: twice the last bet (or equal to it); blind: twice the blind stake."""
        if player.blind:
            return 2 * _half_up(self.last_value)
        if self._equal_sees and not opponent.blind:
            return self.last_value
        return 2 * self.last_value

    def _refuse_unknown(self, action: Action) -> NoReturn:
        self._acting(action.seat, type(action), BETTING)
        raise IllegalActionError(self._not_now(action.seat, type(action)))

    def _hand_names(self, seat: int) -> tuple[str, ...]:
        """The names a seat may look at: 'new' and 'old' with two hands, else 'only'."""
        return HAND_NAMES if len(self.players[seat].hands) == 2 else ("only",)

    def _acting(self, seat: int, kind: type[Action], phase: Phase) -> Player:
        """The player acting, once it is its turn and the deal is at `phase`."""
        self._verify_actor(seat, kind)
        if self.phase != phase:
            if self.phase != BETTING:
                said = _FIRST.get(id(self.phase))
                if said is None:  # (said once per phase: the same sentence every time)
                    # Translators: {phase} says what to do, e.g. "choose a hand sight unseen".
                    said = _FIRST[id(self.phase)] = says(N_("First {phase}."), phase=self.phase)
                raise IllegalActionError(said)
            raise IllegalActionError(self._not_now(seat, kind))
        return self.players[seat]

    def verify_fold(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may fold now; else the option."""
        if self.phase == FACE_UP:
            self._verify_actor(seat, Fold)
            return LegalAction(
                Fold(seat),
                rule=says(
                    N_("Fold: anyone who cannot beat the face-up {hand} must."),
                    hand=self.face_up.value().name,
                ),
            )
        self._acting(seat, Fold, BETTING)
        return _fold_option(seat)

    def verify_look(self, seat: int, hand: str = "only") -> LegalAction:
        """Raise IllegalActionError unless `seat` may look at `hand` now; else the option."""
        player = self._acting(seat, Look, BETTING)
        if player.looked:
            raise self._refused(N_("You have already looked."))
        if hand not in (HAND_NAMES if len(player.hands) == 2 else ("only",)):
            raise self._refused(N_("Name the hand: new or old."))
        return _look_option(seat, hand)

    def _bet_bounds(self, player: Player) -> tuple[int, int]:
        """(lowest, highest) chips this player may bet now, the money it has included."""
        low, high = self.bet_range(player)
        return low, min(high, self.capacity(player.seat))

    def verify_bet(self, seat: int, amount: int | None = None) -> LegalAction:
        """Raise IllegalActionError unless `seat` may bet `amount` (None: any amount) now.

        Returns the bet option: its range of amounts and the rule a tooltip shows.
        """
        player = self._acting(seat, Bet, BETTING)
        low, high = self.bet_range(player)
        capacity = self.capacity(seat)
        top = min(high, capacity)  # (`_bet_bounds`, with its parts kept for the checks below)
        if amount is not None and amount < low:
            amounts = {
                "previous": self.required_value(),
                "low": low,
                "amount": amount,
                "worth": 2 * amount,
            }
            if player.blind:
                raise self._refused(
                    N_(
                        "No equalising: a bet must be worth at least the previous bet "
                        "({previous}) (a blind bet of {amount} is worth {worth}); bet {low} "
                        "or more."
                    ),
                    **amounts,
                )
            raise self._refused(
                N_(
                    "No equalising: a bet must be worth at least the previous bet "
                    "({previous}); bet {low} or more."
                ),
                **amounts,
            )
        if top < low or (amount is not None and amount > capacity):
            raise IllegalActionError(
                says_counted(
                    "You have only {count} chip to bet with.",
                    "You have only {count} chips to bet with.",
                    capacity,
                )
            )
        if amount is not None and amount > top:
            raise self._refused(N_("The most you may bet now is {high}."), high=high)
        previous, pot_limited = self.required_value(), self._pot_limited
        return _bet_option(seat, low, top, player.blind, previous, self._max_bet, pot_limited)

    def verify_cover(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may cover the pot now; else the option."""
        player = self._acting(seat, Cover, BETTING)
        low, top = self._bet_bounds(player)
        if top >= low or not self._short_covers:
            raise self._refused(N_("You can afford the bet, so there is nothing to cover."))
        return self._cover_option(seat, low)

    def verify_show(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may pay to see now; else the option."""
        player = self._acting(seat, Show, BETTING)
        betting = self._betting
        if len(betting) != 2:
            raise self._refused(N_("You may only see when exactly two players are left."))
        opponent = betting[0] if betting[1] is player else betting[1]
        if not player.blind and opponent.blind:
            raise self._refused(N_("You cannot see a blind man: bet or fold."))
        if self.last_value == 0:
            raise self._refused(N_("There is no bet to see yet: bet first."))
        cost = self.see_cost(player, opponent)
        if cost > self.capacity(seat):
            raise self._refused(N_("You cannot afford to see."))
        if player.blind:
            rule = says(N_("See for twice the blind stake ({cost})."), cost=cost)
        elif self._equal_sees:
            rule = says(N_("See for the last bet ({cost})."), cost=cost)
        else:
            rule = says(N_("See for twice the last bet ({cost})."), cost=cost)
        rule += says(N_("The other shows first; if yours is not better you lose and stay hidden."))
        return LegalAction(Show(seat), cost, cost, 1, rule)

    # --- doing it --------------------------------------------------------------------------

    def _look(self, player: Player, hand: str) -> None:
        if len(player.hands) == 2:
            self.two_hands.look(player, hand)
            return
        player.looked = True
        self.events.append(
            Looked(player.seat, tuple(player.hand), audience=frozenset({player.seat}))
        )
        self.discarding.ask(player)

    def _bet(self, player: Player, amount: int) -> None:
        blind = player.blind
        self.lending.pay_chips(player.seat, amount)
        self.last_value = 2 * amount if blind else amount
        self.stake = self.last_value
        self.events.append(BetPlaced(player.seat, amount, blind, self.last_value, self.pot))
        self._set_turn(self.next_live_after(player.seat))

    def _fold(self, player: Player) -> None:
        if self.phase == FACE_UP:
            self.face_up.answer(player, stay=False)
            return
        player.folded = True
        self._betting_changed()
        self.events.append(Folded(player.seat, NO_REASON))
        for index in range(len(player.hands)):
            if player.hands[index]:
                self._return_hand(player, index)
        self.discarding.return_card(player)
        self.two_hands.peeked.pop(player.seat, None)
        betting = self._betting
        if len(betting) == 1:
            self._one_left(betting[0])
        else:
            self._set_turn(self.next_live_after(player.seat))

    def _one_left(self, last: Player) -> None:
        if self.closed_pots:
            # Not alone: the covering hands are still in, so this is a settlement, not a carry.
            self._settle_after_choices(last)
            return
        if last.blind:
            self.carried = self.pot
            self.events.append(
                PotCarried(
                    self.pot,
                    Reason(ReasonKey.LEFT_ALONE_BLIND, seat=last.seat),
                )
            )
            self.pot = 0
            if len(last.hands) == 2:
                self.two_hands.ask_choice([last.seat], "retain")
                return
            self._retain(last, 0)
            self._finish()
            return
        last_left = Reason(ReasonKey.LAST_PLAYER_LEFT, seat=last.seat)
        self._award(last.seat, self.pot, last_left)
        self.pot = 0
        self._finish()

    def _retain(self, player: Player, index: int) -> None:
        self.retained[player.seat] = player.hands[index]
        player.hands[index] = []
        self.events.append(HandRetained(player.seat))

    def _cover(self, player: Player) -> None:
        self._cover_pot(player)
        betting = self._betting
        if len(betting) == 1:
            self._settle_after_choices(betting[0])
        else:
            self._set_turn(self.next_live_after(player.seat))

    def _settle_after_choices(self, winner: Player) -> None:
        """Settle the covered pots, once every hand in them holding two blind hands keeps one."""
        seats = [winner.seat, *(coverer for _, coverer in self.closed_pots)]
        choosers = [seat for seat in dict.fromkeys(seats) if self.two_hands.two_blind(seat)]
        self.two_hands.settling_winner = winner.seat
        if choosers:
            self.two_hands.ask_choice(choosers, "settle")
        else:
            self._settle(winner)

    def _pay_see(self, player: Player) -> None:
        betting = self._betting
        opponent = betting[0] if betting[1] is player else betting[1]
        cost = self.see_cost(player, opponent)
        self.lending.pay_chips(player.seat, cost)
        self.events.append(ShowPaid(player.seat, cost, opponent.seat))
        self._see = (player.seat, opponent.seat)
        choosers = [seat for seat in (opponent.seat, player.seat) if self.two_hands.two_blind(seat)]
        if choosers:
            self.two_hands.ask_choice(choosers, "see")
        else:
            self._resolve_see()

    def _resolve_see(self) -> None:
        assert self._see is not None
        seer, opponent = (self.players[seat] for seat in self._see)
        self._see = None
        self._reveal(opponent)
        if self.value_of(seer) > self.value_of(opponent):
            self._reveal(seer)
            winner = seer
        else:
            winner = opponent
        self.discarding.show_tied([seer, opponent])
        self._settle_after_choices(winner)

    def _settle(self, winner: Player) -> None:
        """Award the open pot to `winner`, then each covered pot to the better of two hands."""
        reason = Reason(ReasonKey.WINS_THE_BETTING, seat=winner.seat)
        self._award_open_pot([winner], reason)
        (winner,) = self._award_covered_pots([winner])
        if winner.revealed and self.value_of(winner).category is Category.TRIO:
            self.shuffle_next = True  # the hand was seen and won by a prial
        self._finish()

    def _finish(self) -> None:
        # Hidden hands go under first, shown ones last, so an open pack's showing (bottom)
        # card never belongs to a hand that must stay hidden, such as a losing seer's.
        for player in sorted(self.live_players(), key=lambda player: player.revealed):
            for index in range(len(player.hands)):
                if player.hands[index]:
                    self._return_hand(player, index)
            self.discarding.return_card(player)
        self.lending.repay()
        self._to_act = None
        self._end_deal()

    verbs: ClassVar[VerbTable[BragGame]] = VerbTable(
        verb(
            Look,
            lambda game, action: game.verify_look(action.seat, action.hand),
            lambda game, seat: [
                offered(game.verify_look, seat, name) for name in game._hand_names(seat)
            ],
            lambda game, action: game._look(game.players[action.seat], action.hand),
            listed_in=(BETTING,),
        ),
        verb(
            Bet,
            lambda game, action: game.verify_bet(action.seat, action.amount),
            OneOffer(verify_bet),
            lambda game, action: game._bet(game.players[action.seat], action.amount),
            listed_in=(BETTING,),
        ),
        verb(
            Cover,
            lambda game, action: game.verify_cover(action.seat),
            OneOffer(verify_cover),
            lambda game, action: game._cover(game.players[action.seat]),
            listed_in=(BETTING,),
        ),
        verb(
            Show,
            lambda game, action: game.verify_show(action.seat),
            OneOffer(verify_show),
            lambda game, action: game._pay_see(game.players[action.seat]),
            listed_in=(BETTING,),
        ),
        verb(
            ProposeShowdown,
            lambda game, action: game.vote.verify_propose_showdown(action.seat),
            lambda game, seat: [offered(game.vote.verify_propose_showdown, seat)],
            lambda game, action: game.vote.propose(game.players[action.seat]),
            listed_in=(BETTING,),
        ),
        verb(
            Discard,
            lambda game, action: game.discarding.verify_discard(action.seat, action.card),
            lambda game, seat: [
                offered(game.discarding.verify_discard, seat, str(card))
                for card in game.players[seat].hand
            ],
            lambda game, action: game.discarding.discard(game.players[action.seat], action.card),
            listed_in=(DISCARD,),
        ),
        verb(
            KeepHand,
            lambda game, action: game.two_hands.verify_keep_hand(action.seat, action.keep),
            lambda game, seat: [
                offered(game.two_hands.verify_keep_hand, seat, keep) for keep in (True, False)
            ],
            lambda game, action: game.two_hands.keep(game.players[action.seat], action.keep),
            listed_in=(KEEP,),
        ),
        verb(
            ChooseHand,
            lambda game, action: game.two_hands.verify_choose_hand(action.seat, action.hand),
            lambda game, seat: [
                offered(game.two_hands.verify_choose_hand, seat, name) for name in HAND_NAMES
            ],
            lambda game, action: game.two_hands.choose(
                game.players[action.seat], HAND_NAMES.index(action.hand)
            ),
            listed_in=(CHOOSE,),
        ),
        verb(
            Stay,
            lambda game, action: game.face_up.verify_stay(action.seat),
            lambda game, seat: [offered(game.face_up.verify_stay, seat)],
            lambda game, action: game.face_up.answer(game.players[action.seat], stay=True),
            listed_in=(FACE_UP,),
        ),
        verb(
            Fold,
            lambda game, action: game.verify_fold(action.seat),
            OneOffer(verify_fold),
            lambda game, action: game._fold(game.players[action.seat]),
            listed_in=(BETTING, FACE_UP),
        ),
        verb(
            AnswerShowdown,
            lambda game, action: game.vote.verify_answer_showdown(action.seat, action.agree),
            lambda game, seat: [
                offered(game.vote.verify_answer_showdown, seat, agree) for agree in (True, False)
            ],
            lambda game, action: game.vote.vote(game.players[action.seat], action.agree),
            listed_in=(VOTE,),
        ),
    )


class Lending:
    """Brag's borrowing rule: the shortfall of a bet lent by the richest seat, repaid after."""

    def __init__(self, game: BragGame) -> None:
        self.game = game
        self.loans: dict[tuple[int, int], int] = {}
        """What each borrower owes each lender now, by (lender, borrower)."""
        self.deal_loans: dict[tuple[int, int], int] = {}
        """The loans standing when this deal began (a hand history's header)."""

    def start_deal(self) -> None:
        """Note the loans standing as a deal begins."""
        self.deal_loans = dict(self.loans)

    def capacity(self, seat: int) -> int:
        """Chips a seat can put in now: its stack, plus a loan under the borrowing rule."""
        game = self.game
        stack = game._stacks[seat]
        if game._short_borrows:
            others = [game._stacks[other] for other in range(game.seat_count) if other != seat]
            stack += max(others, default=0)
        return stack

    def pay_chips(self, seat: int, amount: int) -> None:
        """Pay into the pot, borrowing the shortfall from the richest seat when allowed."""
        game = self.game
        shortfall = amount - game._stacks[seat]
        if shortfall > 0:
            lender = max(
                (other for other in range(game.seat_count) if other != seat),
                key=lambda other: (game._stacks[other], -other),
            )
            game._stacks[lender] -= shortfall
            game._stacks[seat] += shortfall
            key = (lender, seat)
            self.loans[key] = self.loans.get(key, 0) + shortfall
            game.events.append(LoanMade(lender, seat, shortfall))
        game._pay(seat, amount)

    def repay(self) -> None:
        """After a deal, each borrower repays what it can of what it owes."""
        game = self.game
        for (lender, borrower), owed in list(self.loans.items()):
            paid = min(owed, game._stacks[borrower])
            if paid:
                game._stacks[borrower] -= paid
                game._stacks[lender] += paid
                game.events.append(LoanRepaid(lender, borrower, paid))
            if owed - paid:
                self.loans[(lender, borrower)] = owed - paid
            else:
                del self.loans[(lender, borrower)]


class Discards:
    """Four-card brag's discards: one card put face down after looking, and the tie rule."""

    def __init__(self, game: BragGame) -> None:
        self.game = game
        self.cards: dict[int, Card] = {}
        """Each seat's discard this deal."""
        self.shown: set[int] = set()
        """The seats whose discard was turned face up to break a tie."""

    def start_deal(self) -> None:
        """No discards yet."""
        self.cards = {}
        self.shown = set()

    def verify_discard(self, seat: int, card: str) -> LegalAction:
        """Raise IllegalActionError unless `seat` may discard `card` now; else the option."""
        game = self.game
        game._verify_actor(seat, Discard)
        player = game.players[seat]
        if game.cards_dealt == 3:
            raise game._refused(
                N_("Each player holds three cards here: there is nothing to discard.")
            )
        if game.phase == DISCARD:
            if card not in {str(held) for held in player.hand}:
                raise game._refused(
                    N_("Discard one of your own cards: {cards}."),
                    cards=format_cards(player.hand),
                )
            return LegalAction(Discard(seat, card), rule=says(DISCARD_RULE, card=card))
        if player.blind:
            raise game._refused(
                N_("A blind player keeps all four cards: discard right after looking.")
            )
        raise game._refused(N_("You have already discarded: play the three you kept."))

    def ask(self, player: Player) -> None:
        """Four-card brag: a player who has just looked at four cards discards before betting."""
        if player.looked and len(player.hand) == 4:
            self.game.phase = DISCARD

    def discard(self, player: Player, text: str) -> None:
        """Put the card named `text` face down; the betting goes on."""
        card = next(card for card in player.hand if str(card) == text)
        player.hand.remove(card)
        self.cards[player.seat] = card
        self.game.events.append(Discarded(player.seat, card, audience=frozenset({player.seat})))
        self.game.phase = BETTING

    def card_for(self, viewer: int | None, player: Player) -> Hidden:
        """A seat's discard as `viewer` sees it."""
        card = self.cards.get(player.seat)
        if viewer == player.seat or player.seat in self.shown:
            return card
        return None

    def return_card(self, player: Player) -> None:
        """The discard goes to the bottom of the pack after its hand (face up once shown)."""
        card = self.cards.pop(player.seat, None)
        if card is None:
            return
        shown = player.seat in self.shown
        self.game.pack.to_bottom([card])
        audience: frozenset[int] | None = None if shown else frozenset()
        self.game.events.append(
            CardsToPack(player.seat, (card,), "bottom", shown, audience=audience)
        )

    def value_of(self, player: Player) -> HandValue | None:
        """The hand's value with four cards dealt, the discard and being seen breaking ties;
        None where the three cards alone are the value (three dealt, or no discard to count).

        A blind four-card hand plays as its best three with the fourth as its discard.
        """
        game = self.game
        if game.cards_dealt == 3:
            return None
        hand = player.hand
        discard = self.cards.get(player.seat)
        if discard is None and len(hand) == 4:
            choices = [([other for other in hand if other is not card], card) for card in hand]
        elif discard is None:
            return None
        else:
            choices = [(list(hand), discard)]
        seen = 0 if player.blind else 1
        values = []
        for three, fourth in choices:
            value = game.ranking.evaluate(three)
            tiebreak = value.tiebreak * 32 + 2 * game.ranking.knobs.rank_value(fourth.rank) + seen
            values.append(dataclasses.replace(value, tiebreak=tiebreak))
        return max(values, key=lambda value: value.sort_key)

    def show_tied(self, players: Sequence[Player]) -> None:
        """Shown hands equal but for their discards: the discards compared turn face up."""
        game = self.game
        if game.cards_dealt == 3:
            return
        shown = [player for player in players if player.revealed]
        for player in shown:
            key = _hand_key(game.value_of(player))
            tied = any(
                _hand_key(game.value_of(other)) == key for other in shown if other is not player
            )
            card = self.cards.get(player.seat)
            if tied and card is not None and player.seat not in self.shown:
                self.shown.add(player.seat)
                game.events.append(DiscardShown(player.seat, card))


class TwoHands:
    """A retained blind hand beside the new one: looking at one and keeping or folding it, and
    choosing one sight unseen before hands are compared."""

    def __init__(self, game: BragGame) -> None:
        self.game = game
        self.peeked: dict[int, int] = {}
        """The hand each seat with two has just looked at (0 new, 1 old)."""
        self.choosers: list[int] = []
        self.after_choice = ""
        self.settling_winner = 0

    def start_deal(self) -> None:
        """Nobody has looked at either of two hands yet."""
        self.peeked = {}

    def has_seen(self, player: Player, index: int) -> bool:
        """Whether a player has seen its hand `index`."""
        if self.peeked.get(player.seat) == index:
            return True
        return player.looked and index == 0

    def two_blind(self, seat: int) -> bool:
        """Whether a seat still holds two hands, both unseen."""
        player = self.game.players[seat]
        return player.blind and len(player.hands) == 2

    def verify_keep_hand(self, seat: int, keep: bool) -> LegalAction:
        """Raise IllegalActionError unless `seat` is keeping or folding a hand looked at."""
        self.game._acting(seat, KeepHand, KEEP)
        if keep:
            return LegalAction(
                KeepHand(seat, True), rule=says(N_("Keep it: the other hand folds unseen."))
            )
        return LegalAction(
            KeepHand(seat, False), rule=says(N_("Fold it: play the other hand blind."))
        )

    def verify_choose_hand(self, seat: int, hand: str) -> LegalAction:
        """Raise IllegalActionError unless `seat` may keep `hand` sight unseen now."""
        game = self.game
        game._acting(seat, ChooseHand, CHOOSE)
        rules = {
            "new": says(N_("Keep the new hand sight unseen; the other goes to the pack.")),
            "old": says(N_("Keep the old hand sight unseen; the other goes to the pack.")),
        }
        if hand not in rules:
            raise game._refused(N_("First {phase}."), phase=game.phase)
        return LegalAction(ChooseHand(seat, hand), rule=rules[hand])

    def look(self, player: Player, hand: str) -> None:
        """Look at one of two hands: it must be kept or folded at once."""
        game = self.game
        index = HAND_NAMES.index(hand)
        self.peeked[player.seat] = index
        game.events.append(
            Looked(player.seat, tuple(player.hands[index]), hand, audience=frozenset({player.seat}))
        )
        game.phase = KEEP

    def keep(self, player: Player, keep: bool) -> None:
        """Keep the hand looked at (the other folds unseen) or fold it (play the other blind)."""
        game = self.game
        index = self.peeked.pop(player.seat)
        other = 1 - index
        dropped = other if keep else index
        folded = Reason(ReasonKey.FOLDED_ONE_OF_TWO)
        game.events.append(Folded(player.seat, folded, HAND_NAMES[dropped]))
        game._return_hand(player, dropped)
        kept = player.hands[other if not keep else index]
        player.hands = [kept]
        player.looked = keep
        game.events.append(HandKept(player.seat, HAND_NAMES[index if keep else other]))
        game.phase = BETTING
        game.discarding.ask(player)

    def ask_choice(self, seats: list[int], after: str) -> None:
        """Ask `seats`, in turn, to keep one of two blind hands; then go on to `after`."""
        self.choosers = list(seats)
        self.after_choice = after
        self.game.phase = CHOOSE
        self.game._set_turn(self.choosers[0])

    def choose(self, player: Player, index: int) -> None:
        """Keep hand `index` sight unseen; the last chooser's choice goes on to what waited."""
        game = self.game
        self.choosers.pop(0)
        game.events.append(HandKept(player.seat, HAND_NAMES[index]))
        if self.after_choice == "retain":
            game._return_hand(player, 1 - index)
            game._retain(player, index)
        else:
            game._return_hand(player, 1 - index)
            player.hands = [player.hands[index]]
        if self.choosers:
            game._set_turn(self.choosers[0])
            return
        game.phase = BETTING
        if self.after_choice == "retain":
            game._finish()
        elif self.after_choice == "see":
            game._resolve_see()
        elif self.after_choice == "settle":
            game._settle(game.players[self.settling_winner])
        else:
            game.vote.resolve()


class FaceUpHand:
    """The face-up form of a retained hand: everyone else must beat it to stay in the deal."""

    def __init__(self, game: BragGame) -> None:
        self.game = game
        self.seat: int | None = None
        """The seat whose retained hand lies face up this deal, until everyone has answered."""
        self.pending: list[int] = []
        self.antes = 0

    def start_deal(self) -> None:
        """No hand lies face up yet."""
        self.seat = None

    def seat_for_deal(self) -> int | None:
        """The seat whose retained hand will lie face up in the deal being dealt."""
        game = self.game
        if game._retained_face_up and game.retained:
            return next(iter(game.retained))
        return None

    def start(self, ordered: Sequence[int]) -> None:
        """Everyone else looks at once and must beat the face-up hand or fold."""
        game = self.game
        game.phase = FACE_UP
        self.pending = [seat for seat in ordered if seat != self.seat]
        for seat in self.pending:
            player = game.players[seat]
            player.looked = True
            game.events.append(Looked(seat, tuple(player.hand), audience=frozenset({seat})))
        game._set_turn(self.pending[0])

    def value(self) -> HandValue:
        """The value of the face-up hand."""
        assert self.seat is not None
        return self.game.ranking.evaluate(self.game.players[self.seat].hands[1])

    def verify_stay(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat`'s hand beats the face-up hand; else the option."""
        game = self.game
        player = game._acting(seat, Stay, FACE_UP)
        face_up = self.value()
        if not game.value_of(player) > face_up:
            raise game._refused(N_("First {phase}."), phase=game.phase)
        return LegalAction(
            Stay(seat),
            rule=says(N_("Your hand beats the face-up {hand}: you may stay."), hand=face_up.name),
        )

    def answer(self, player: Player, *, stay: bool) -> None:
        """A player stays (beating the face-up hand) or folds; after the last, betting begins."""
        game = self.game
        self.pending.remove(player.seat)
        if not stay:
            player.folded = True
            game._betting_changed()
            game.events.append(Folded(player.seat, Reason(ReasonKey.COULD_NOT_BEAT_FACE_UP)))
            game._return_hand(player, 0)
        if self.pending:
            game._set_turn(self.pending[0])
            return
        assert self.seat is not None
        blind = game.players[self.seat]
        self.seat = None
        game._return_hand(blind, 1, face_up=True)
        blind.hands = [blind.hands[0]]
        game.phase = BETTING
        others = [p for p in game.live_players() if p is not blind]
        if not others:
            antes = self.antes
            game.carried = game.pot - antes
            game.pot = 0
            nobody = Reason(ReasonKey.NOBODY_BEAT_FACE_UP)
            game._award(blind.seat, antes, nobody)
            if game.carried:
                waits = Reason(ReasonKey.CARRIED_POT_WAITS)
                game.events.append(PotCarried(game.carried, waits))
            game._retain(blind, 0)
            game._finish()
            return
        game._set_turn(game.live_players()[0].seat)


class ShowdownVote:
    """Showdown by agreement: with three or more left, one proposes and all must agree."""

    def __init__(self, game: BragGame) -> None:
        self.game = game
        self.voters: list[int] = []
        self.proposer: int | None = None
        self.proposed: set[int] = set()
        """The seats that have proposed a showdown this deal (once each)."""

    def start_deal(self) -> None:
        """Nobody has proposed a showdown yet."""
        self.proposed = set()

    def verify_propose_showdown(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may propose a showdown now; else the option."""
        game = self.game
        game._acting(seat, ProposeShowdown, BETTING)
        if not (
            game._showdowns_agreed
            and len(game.betting_players()) >= 3
            and not game.closed_pots
            and seat not in self.proposed
        ):
            raise IllegalActionError(game._not_now(seat, ProposeShowdown))
        return LegalAction(
            ProposeShowdown(seat),
            rule=says(N_("Propose that everyone still in shows now; all must agree.")),
        )

    def verify_answer_showdown(self, seat: int, agree: bool) -> LegalAction:
        """Raise IllegalActionError unless `seat` is voting on a proposed showdown."""
        self.game._acting(seat, AnswerShowdown, VOTE)
        if agree:
            return LegalAction(
                AnswerShowdown(seat, True), rule=says(N_("Agree: everyone shows now."))
            )
        return LegalAction(
            AnswerShowdown(seat, False), rule=says(N_("Refuse: the betting goes on."))
        )

    def propose(self, player: Player) -> None:
        """Ask everyone else still betting, in turn from the proposer's left."""
        game = self.game
        self.proposed.add(player.seat)
        self.proposer = player.seat
        game.events.append(ShowdownProposed(player.seat))
        self.voters = [p.seat for p in game.betting_players() if p is not player]
        ordered_voters = []
        seat = player.seat
        for _turn in range(game.seat_count):
            seat = game.next_seat(seat)
            if seat in self.voters:
                ordered_voters.append(seat)
        self.voters = ordered_voters
        game.phase = VOTE
        game._set_turn(self.voters[0])

    def vote(self, player: Player, agree: bool) -> None:
        """One answer: a refusal ends the vote, the last agreement shows everyone down."""
        game = self.game
        game.events.append(ShowdownAnswered(player.seat, agree))
        self.voters.pop(0)
        if not agree:
            self.voters = []
            game.phase = BETTING
            assert self.proposer is not None
            game._set_turn(self.proposer)
            return
        if self.voters:
            game._set_turn(self.voters[0])
            return
        game.phase = BETTING
        choosers = [p.seat for p in game.betting_players() if game.two_hands.two_blind(p.seat)]
        if choosers:
            game.two_hands.ask_choice(choosers, "showdown")
        else:
            self.resolve()

    def resolve(self) -> None:
        """Everyone still betting shows; the best hand takes the pot."""
        game = self.game
        live = game.betting_players()
        for player in live:
            game._reveal(player)
        game.discarding.show_tied(live)
        best = max(game.value_of(player) for player in live)
        winners = [player for player in live if game.value_of(player) == best]
        if best.category is Category.TRIO:
            game.shuffle_next = True
        game._award_open_pot(
            winners, Reason(ReasonKey.BEST_AT_AGREED_SHOWDOWN)
        )  # no pot is covered
        game._finish()
