"""Casino Three Card Poker: the house deals and banks, for solo practice (or a few seats).

Each seat posts an Ante (and, if wanted, Pair Plus), sees its cards, then Plays (a bet equal to
the Ante) or folds (losing Ante and Pair Plus). The dealer qualifies with queen-high or better.
Not qualified: Ante paid 1:1, Play pushes. Qualified: the better hand wins Ante and Play at
even money; a tie pushes both. The Ante bonus (5-4-1 by default: straight flush 5, trips 4,
straight 1) is paid whenever the seat plays, whatever the dealer holds; Pair Plus is paid by its
table whenever the seat plays.

The house's bank is unlimited. It is not a seat: its cards travel in events under the seat
number `house_seat` (one past the last seat), it appears last in observations, and what it wins
or loses is `house_net`, so `chips_in_play()` (stacks + wagers + house_net) is constant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from game.engine.actions import Fold, IllegalActionError, LegalAction
from game.engine.actions import Play as Play  # the records live with every other action
from game.engine.actions import PostAnte as PostAnte
from game.engine.base import VerbTable, offered, verb
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.family import Family
from game.engine.marks import N_
from game.engine.observation import SeatView
from game.engine.paytables import (
    ANTE_BONUS_TABLES,
    PAIR_PLUS_TABLES,
    casino_should_play,
    qualifying_strength,
)
from game.engine.phases import Phase
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import CasinoRules, Rules
from game.engine.said import NOTHING_SAID, Said, Word, says
from game.engine.three_card_poker import BankedGame, Qualified, SeatHand

ANTE_BONUS = N_("ante bonus")
"""The Ante bonus wager's name in events (a key the UI knows; translated where drawn)."""


class CasinoGame(BankedGame):
    """Casino Three Card Poker against an unlimited house bank (see the module text)."""

    family: ClassVar[Family] = Family.CASINO
    fewest_seats: ClassVar[int] = 1
    """One player will do: everyone plays the house."""

    def __init__(
        self, rules: CasinoRules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0
    ) -> None:
        super().__init__(stacks, seed=seed, dealer=dealer)
        self.rules = rules
        # The house options read at every action, kept as plain attributes (see Brag's).
        self._ante_amount = rules.ante
        self._pair_plus_bet = rules.pair_plus_bet
        self._pair_plus = rules.pair_plus
        self.pay_table = PAIR_PLUS_TABLES[rules.pay_table]
        self.ante_bonus = ANTE_BONUS_TABLES[rules.ante_bonus]

    def rules_in_play(self) -> Rules:
        """This game's rules, as observations carry them."""
        return self.rules

    @property
    def house_seat(self) -> int:
        """The seat number the house's hand uses in events and observations."""
        return self.seat_count

    def _base_amount(self) -> int:
        return self._ante_amount

    def players_able(self) -> list[int]:
        """Seats with the Ante and a Play bet in front of them, in order from the dealer."""
        return [
            seat
            for seat in self.seats_from(self._dealer + 1)
            if self._stacks[seat] >= 2 * self._ante_amount
        ]

    def pair_plus_offer(self) -> tuple[int, int] | None:
        """The Pair Plus bet and the Ante and Play beside it (None: no Pair Plus here)."""
        return (self._pair_plus_bet, 2 * self._ante_amount) if self._pair_plus else None

    def why_not_dealing(self) -> Said:
        """Why no deal can start now, as a sentence; nothing when one can."""
        if self.players_able():
            return NOTHING_SAID
        return says(
            N_("No seat has the {need} chips an Ante and a Play bet need."),
            need=2 * self._ante_amount,
        )

    def should_play(self, seat: int) -> bool:
        """The optimal decision for a seat's current hand (the coach's hint)."""
        return casino_should_play(self._hands[seat].cards, self.rules.ante_bonus)

    # --- the deal ------------------------------------------------------------------------

    def _start(self, deck: Sequence[Card] | None) -> list[Event]:
        reason = self.why_not_dealing()
        if reason:
            raise IllegalActionError(reason)
        self._begin(deck, self._dealer, self.players_able())
        self._hands[self.house_seat] = SeatHand(self.house_seat)
        self._phase = Phase.BETS
        self._set_turn(self._players()[0])
        return list(self.events)

    def _players(self) -> list[int]:
        return [seat for seat in self.seats_from(self._dealer + 1) if seat in self._hands]

    def verify_post_ante(self, seat: int, ante: int, pair_plus: int = 0) -> LegalAction:
        """Raise IllegalActionError unless `seat` may post this Ante and Pair Plus now."""
        self._in_phase(seat, PostAnte, Phase.BETS)
        if ante != self._ante_amount:
            raise self._refused(
                N_("The Ante at this table is {ante}, not {amount}."),
                ante=self._ante_amount,
                amount=ante,
            )
        if not pair_plus:
            rule = says(N_("Ante {ante}"), ante=ante)
            return LegalAction(PostAnte(seat, ante), ante, ante, rule=rule)
        short = N_(
            "Seat {seat} has {stack} chips: Pair Plus needs {need} with the Ante and the Play bet."
        )
        side = self._verify_pair_plus(seat, pair_plus, short)
        rule = says(
            N_("Ante {ante} and Pair Plus {side} ({table})"),
            ante=ante,
            side=side,
            table=Word(self.pay_table.title),
        )
        total = ante + side
        return LegalAction(PostAnte(seat, ante, side), total, total, rule=rule)

    def verify_play(self, seat: int, amount: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may make a Play bet of `amount` now."""
        self._in_phase(seat, Play, Phase.DECISIONS)
        ante = self._ante_amount
        if amount != ante:
            raise self._refused(
                N_("A Play bet must equal the Ante of {ante}, not {amount}."),
                ante=ante,
                amount=amount,
            )
        rule = says(N_("Play {ante}: equal to the Ante"), ante=ante)
        return LegalAction(Play(seat, ante), ante, ante, rule=rule)

    def verify_fold(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may fold now; else the option."""
        self._in_phase(seat, Fold, Phase.DECISIONS)
        return LegalAction(Fold(seat), rule=says(N_("Fold: lose the Ante and any Pair Plus")))

    def _post_in_turn(self, seat: int, ante: int, pair_plus: int) -> None:
        self._post(self._hands[seat], ante, pair_plus)
        if not self._next_turn(seat):
            self._deal()

    def _play_in_turn(self, seat: int, amount: int) -> None:
        self._call(self._hands[seat], amount)
        if not self._next_turn(seat):
            self._settle()

    def _fold_in_turn(self, seat: int) -> None:
        self._fold(self._hands[seat], "ante")
        if not self._next_turn(seat):
            self._settle()

    def _next_turn(self, seat: int) -> bool:
        """Pass the turn to the next seat; False when `seat` was the last."""
        players = self._players()
        position = players.index(seat)
        if position + 1 == len(players):
            return False
        self._set_turn(players[position + 1])
        return True

    def _deal(self) -> None:
        order = [*self._players(), self.house_seat]
        self._deal_cards(order, self._players())
        self._phase = Phase.DECISIONS
        self._set_turn(self._players()[0])

    def _bank_collects(self, amount: int) -> None:
        self._house_net += amount

    def _bank_pays(self, owed: int) -> int:
        self._house_net -= owed
        return owed

    def _settle(self) -> None:
        """The dealer shows (always, for practice) and every played hand is settled."""
        self._to_act = None
        self._reveal(self.house_seat)
        house = self.value_of(self.house_seat)
        qualified = house.strength >= qualifying_strength()
        self.events.append(Qualified(self.house_seat, qualified, house.name))
        for seat in self._players():
            hand = self._hands[seat]
            if not hand.folded:
                self._settle_hand(hand, qualified)
        verdict = (
            ReasonKey.DEALER_QUALIFIES_WITH if qualified else ReasonKey.DEALER_NOT_QUALIFIED_WITH
        )
        self.message = Reason(verdict, hand=house.name)
        self._end_deal()

    def _settle_hand(self, hand: SeatHand, qualified: bool) -> None:
        self._reveal(hand.seat)
        player = self.value_of(hand.seat)
        house = self.value_of(self.house_seat)
        if not qualified:
            reason = Reason(ReasonKey.DEALER_NOT_QUALIFIED)
            self._win(hand, "ante", "base", 1, reason)
            self._push(hand, "play", "call", reason)
        elif player > house:
            reason = Reason(ReasonKey.HAND_BEATS_HAND, winner=player.name, loser=house.name)
            self._win(hand, "ante", "base", 1, reason)
            self._win(hand, "play", "call", 1, reason)
        elif player == house:
            reason = Reason(ReasonKey.TIE_WITH_DEALER)
            self._push(hand, "ante", "base", reason)
            self._push(hand, "play", "call", reason)
        else:
            reason = Reason(ReasonKey.HAND_BEATS_HAND, winner=house.name, loser=player.name)
            self._lose(hand, "ante", "base", reason)
            self._lose(hand, "play", "call", reason)
        odds = self.ante_bonus.odds_for_cards(hand.cards)
        if odds:
            reason = Reason(ReasonKey.ANTE_BONUS_PAYS, hand=player.category_title, odds=odds)
            self._paid(hand.seat, ANTE_BONUS, 0, self._ante_amount * odds, reason)
        self._settle_pair_plus(hand, self.pay_table)

    def _extra_views(self, viewer: int | None) -> list[SeatView]:
        hand = self._hands.get(self.house_seat)
        cards = () if hand is None else tuple(self._card_for(viewer, hand, c) for c in hand.cards)
        return [
            SeatView(
                seat=self.house_seat,
                stack=0,
                playing=hand is not None,
                folded=False,
                blind=False,
                hands=(cards,) if cards else (),
                committed=0,
                badges=(N_("HOUSE"),),
            )
        ]

    verbs: ClassVar[VerbTable[CasinoGame]] = VerbTable(
        verb(
            PostAnte,
            lambda game, action: game.verify_post_ante(action.seat, action.ante, action.pair_plus),
            lambda game, seat: [
                offered(game.verify_post_ante, seat, game._ante_amount),
                offered(game.verify_post_ante, seat, game._ante_amount, game._pair_plus_bet),
            ],
            lambda game, action: game._post_in_turn(action.seat, action.ante, action.pair_plus),
            listed_in=(Phase.BETS,),
        ),
        verb(
            Play,
            lambda game, action: game.verify_play(action.seat, action.amount),
            lambda game, seat: [offered(game.verify_play, seat, game._ante_amount)],
            lambda game, action: game._play_in_turn(action.seat, action.amount),
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
    from game.engine.game import Game

    def _is_a_game(game: CasinoGame) -> Game:
        """mypy checks here that the engine satisfies the Game protocol."""
        return game
