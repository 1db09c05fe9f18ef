"""3 Card Brag: the unshuffled pack, no equalising, blind bets count double, seeing, retained
blind hands (both forms), covering the pot or borrowing, and showdown by agreement.

Four-card brag is the same game with four cards dealt (`cards_dealt`): a player discards one
face down right after looking; a blind hand plays as its best three, the fourth as its discard;
equal hands compare the discards, then a seen hand beats a blind one.

Bets are measured in *open value*: an open player's bet of 4 is worth 4, a blind player's bet
of 2 is worth 4 (blind bets count double). Every bet must be worth at least the previous one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

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
from game.engine.base import offered, permitted
from game.engine.cards import Card, format_cards
from game.engine.events import (
    BetPlaced,
    CardDealt,
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
from game.engine.observation import Hidden
from game.engine.reasons import NO_REASON, Reason, ReasonKey
from game.engine.rules import BragRules
from game.engine.table import Player, PotGame
from game.i18n import N_, _, ngettext, number
from game.words.hands import said_description  # the rule texts still name the face-up hand

# The phases: identifiers, and what the player must do first ("First {phase}.")
BETTING = "betting"
KEEP = N_("keep or fold the hand looked at")
CHOOSE = N_("choose a hand sight unseen")
FACE_UP = N_("beat the face-up hand or fold")
VOTE = N_("showdown vote")
DISCARD = N_("discard one card")

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
        self.last_value = 0
        self.shuffle_next = True
        self.retained: dict[int, list[Card]] = {}
        self.loans: dict[tuple[int, int], int] = {}
        self.deal_loans: dict[tuple[int, int], int] = {}
        self._peeked: dict[int, int] = {}
        self._choosers: list[int] = []
        self._after_choice = ""
        self._see: tuple[int, int] | None = None
        self._settling_winner = 0
        self._voters: list[int] = []
        self._proposer: int | None = None
        self._proposed: set[int] = set()
        self._face_up_seat: int | None = None
        self._face_up_pending: list[int] = []
        self._antes = 0
        self.discards: dict[int, Card] = {}
        self._discards_shown: set[int] = set()

    def _ante(self) -> int:
        return self.rules.ante

    def _retained_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.retained.get(seat, ()))

    def retained_hands(self) -> dict[int, tuple[Card, ...]]:
        """The retained blind hands waiting for the next deal, by seat."""
        return {seat: tuple(cards) for seat, cards in self.retained.items()}

    def _set_aside_cards(self) -> list[Card]:
        cards = [card for hand in self.retained.values() for card in hand]
        return cards + list(self.discards.values())

    def _pack_showing(self) -> Hidden:
        if self.rules.open_pack and len(self.pack):
            return self.pack.cards[-1]
        return None

    def _has_seen(self, player: Player, index: int) -> bool:
        if self._peeked.get(player.seat) == index:
            return True
        return player.looked and index == 0

    def _card_for(self, viewer: int | None, player: Player, index: int, card: Card) -> Hidden:
        if player.seat == self._face_up_seat and index == 1:
            return card
        return super()._card_for(viewer, player, index, card)

    def _badges(self, player: Player) -> tuple[str, ...]:
        badges = super()._badges(player)
        if len(player.hands) == 2 and player.seat != self._face_up_seat:
            badges += (N_("TWO HANDS"),)
        if player.seat in self.retained or player.seat == self._face_up_seat:
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
        self.deal_loans = dict(self.loans)
        self.shuffle_next = False
        self._proposed = set()
        self._peeked = {}
        self._face_up_seat = None
        self.discards = {}
        self._discards_shown = set()
        self.last_value = 0
        for seat in list(self.retained):
            if seat not in ordered:
                self.pack.to_bottom(self.retained.pop(seat))
        self.players = {seat: Player(seat, hands=[[]]) for seat in ordered}
        for seat in ordered:
            self._post_ante(seat, self.rules.ante)
        self._antes = self.rules.ante * len(ordered)
        self._deal_round(ordered)
        self.stake = 0
        for seat, cards in self.retained.items():
            player = self.players[seat]
            if self.rules.retained_hand == "face_up":
                player.hands = [list(cards), player.hands[0]]
                self._face_up_seat = seat
            else:
                player.hands = [player.hands[0], list(cards)]
            self.events.append(HandRetained(seat))
        self.retained = {}
        self.phase = BETTING
        if self._face_up_seat is not None:
            self._start_face_up(ordered)
        else:
            self._set_turn(ordered[0])
        return list(self.events)

    def _deal_round(self, ordered: Sequence[int], hand_index: int = 0) -> None:
        face_up_seat = self._face_up_seat_for_deal()
        for _round in range(self.cards_dealt):
            for seat in ordered:
                (card,) = self.pack.deal(1)
                self.players[seat].hands[hand_index].append(card)
                public = seat == face_up_seat
                audience: frozenset[int] | None = None if public else frozenset()
                self.events.append(CardDealt(seat, card, hand_index, public, audience=audience))

    def _face_up_seat_for_deal(self) -> int | None:
        if self.rules.retained_hand == "face_up" and self.retained:
            return next(iter(self.retained))
        return None

    def _start_face_up(self, ordered: Sequence[int]) -> None:
        self.phase = FACE_UP
        self._face_up_pending = [seat for seat in ordered if seat != self._face_up_seat]
        for seat in self._face_up_pending:
            player = self.players[seat]
            player.looked = True
            self.events.append(Looked(seat, tuple(player.hand), audience=frozenset({seat})))
        self._set_turn(self._face_up_pending[0])

    # --- what is legal ---------------------------------------------------------------------

    def required_value(self) -> int:
        """The open value the next bet must reach: the previous bet, or the minimum."""
        return max(self.last_value, self.rules.min_bet)

    def capacity(self, seat: int) -> int:
        """Chips a seat can put in now: its stack, plus a loan under the borrowing rule."""
        stack = self._stacks[seat]
        if self.rules.running_short == "borrow":
            others = [self._stacks[other] for other in range(self.seat_count) if other != seat]
            stack += max(others, default=0)
        return stack

    def bet_range(self, player: Player) -> tuple[int, int]:
        """(lowest, highest) chips this player may bet now, before the money it has."""
        required = self.required_value()
        if player.blind:
            low, high = _half_up(required), self.rules.max_bet // 2
        else:
            low, high = required, self.rules.max_bet
        if self.rules.raise_limit == "pot":
            high = min(high, self.pot)
        return low, max(low, high)

    def see_cost(self, player: Player, opponent: Player) -> int:
        """What seeing costs: twice the last bet (or equal to it); blind: twice the blind stake."""
        if player.blind:
            return 2 * _half_up(self.last_value)
        if self.rules.see_cost == "equal" and not opponent.blind:
            return self.last_value
        return 2 * self.last_value

    def _legal_for(self, seat: int) -> list[LegalAction]:
        player = self.players[seat]
        if self.phase == DISCARD:
            checks = [offered(self.verify_discard, seat, str(card)) for card in player.hand]
        elif self.phase == KEEP:
            checks = [offered(self.verify_keep_hand, seat, keep) for keep in (True, False)]
        elif self.phase == CHOOSE:
            checks = [offered(self.verify_choose_hand, seat, name) for name in HAND_NAMES]
        elif self.phase == FACE_UP:
            checks = [offered(self.verify_stay, seat), offered(self.verify_fold, seat)]
        elif self.phase == VOTE:
            checks = [offered(self.verify_answer_showdown, seat, agree) for agree in (True, False)]
        else:
            names = HAND_NAMES if len(player.hands) == 2 else ("only",)
            checks = [offered(self.verify_look, seat, name) for name in names]
            checks += [
                offered(self.verify_bet, seat),
                offered(self.verify_cover, seat),
                offered(self.verify_show, seat),
                offered(self.verify_propose_showdown, seat),
                offered(self.verify_fold, seat),
            ]
        return [option for option in checks if option is not None]

    def _verify_action(self, action: Action) -> LegalAction:
        seat = action.seat
        if isinstance(action, Look):
            return self.verify_look(seat, action.hand)
        if isinstance(action, KeepHand):
            return self.verify_keep_hand(seat, action.keep)
        if isinstance(action, ChooseHand):
            return self.verify_choose_hand(seat, action.hand)
        if isinstance(action, Bet):
            return self.verify_bet(seat, action.amount)
        if isinstance(action, Fold):
            return self.verify_fold(seat)
        if isinstance(action, Show):
            return self.verify_show(seat)
        if isinstance(action, Cover):
            return self.verify_cover(seat)
        if isinstance(action, Stay):
            return self.verify_stay(seat)
        if isinstance(action, ProposeShowdown):
            return self.verify_propose_showdown(seat)
        if isinstance(action, AnswerShowdown):
            return self.verify_answer_showdown(seat, action.agree)
        if isinstance(action, Discard):
            return self.verify_discard(seat, action.card)
        self._acting(action.seat, type(action), BETTING)
        raise IllegalActionError(self._not_now(action.seat, type(action)))

    def _acting(self, seat: int, kind: type[Action], phase: str) -> Player:
        """The player acting, once it is its turn and the deal is at `phase`."""
        self._verify_actor(seat, kind)
        if self.phase != phase:
            if self.phase != BETTING:
                # Translators: {phase} says what to do, e.g. "choose a hand sight unseen".
                raise IllegalActionError(_("First {phase}.").format(phase=_(self.phase)))
            raise IllegalActionError(self._not_now(seat, kind))
        return self.players[seat]

    def verify_discard(self, seat: int, card: str) -> LegalAction:
        """Raise IllegalActionError unless `seat` may discard `card` now; else the option."""
        self._verify_actor(seat, Discard)
        player = self.players[seat]
        if self.cards_dealt == 3:
            raise IllegalActionError(
                _("Each player holds three cards here: there is nothing to discard.")
            )
        if self.phase == DISCARD:
            if card not in {str(held) for held in player.hand}:
                raise IllegalActionError(
                    _("Discard one of your own cards: {cards}.").format(
                        cards=format_cards(player.hand)
                    )
                )
            return LegalAction(Discard(seat, card), rule=_(DISCARD_RULE).format(card=card))
        if player.blind:
            raise IllegalActionError(
                _("A blind player keeps all four cards: discard right after looking.")
            )
        raise IllegalActionError(_("You have already discarded: play the three you kept."))

    def can_discard(self, seat: int, card: str) -> bool:
        """Whether `seat` may discard `card` now."""
        return permitted(self.verify_discard, seat, card)

    def verify_keep_hand(self, seat: int, keep: bool) -> LegalAction:
        """Raise IllegalActionError unless `seat` is keeping or folding a hand looked at."""
        self._acting(seat, KeepHand, KEEP)
        if keep:
            return LegalAction(
                KeepHand(seat, True), rule=_("Keep it: the other hand folds unseen.")
            )
        return LegalAction(KeepHand(seat, False), rule=_("Fold it: play the other hand blind."))

    def can_keep_hand(self, seat: int, keep: bool) -> bool:
        """Whether `seat` may keep (or fold) the hand it has just looked at."""
        return permitted(self.verify_keep_hand, seat, keep)

    def verify_choose_hand(self, seat: int, hand: str) -> LegalAction:
        """Raise IllegalActionError unless `seat` may keep `hand` sight unseen now."""
        self._acting(seat, ChooseHand, CHOOSE)
        rules = {
            "new": _("Keep the new hand sight unseen; the other goes to the pack."),
            "old": _("Keep the old hand sight unseen; the other goes to the pack."),
        }
        if hand not in rules:
            raise IllegalActionError(_("First {phase}.").format(phase=_(self.phase)))
        return LegalAction(ChooseHand(seat, hand), rule=rules[hand])

    def can_choose_hand(self, seat: int, hand: str) -> bool:
        """Whether `seat` may keep `hand` ('new' or 'old') sight unseen now."""
        return permitted(self.verify_choose_hand, seat, hand)

    def verify_answer_showdown(self, seat: int, agree: bool) -> LegalAction:
        """Raise IllegalActionError unless `seat` is voting on a proposed showdown."""
        self._acting(seat, AnswerShowdown, VOTE)
        if agree:
            return LegalAction(AnswerShowdown(seat, True), rule=_("Agree: everyone shows now."))
        return LegalAction(AnswerShowdown(seat, False), rule=_("Refuse: the betting goes on."))

    def can_answer_showdown(self, seat: int, agree: bool) -> bool:
        """Whether `seat` may agree to (or refuse) a proposed showdown now."""
        return permitted(self.verify_answer_showdown, seat, agree)

    def _face_up_value(self) -> HandValue:
        assert self._face_up_seat is not None
        return self.ranking.evaluate(self.players[self._face_up_seat].hands[1])

    def verify_stay(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat`'s hand beats the face-up hand; else the option."""
        player = self._acting(seat, Stay, FACE_UP)
        face_up = self._face_up_value()
        if not self.value_of(player) > face_up:
            raise IllegalActionError(_("First {phase}.").format(phase=_(self.phase)))
        return LegalAction(
            Stay(seat),
            rule=_("Your hand beats the face-up {hand}: you may stay.").format(
                hand=said_description(face_up)
            ),
        )

    def can_stay(self, seat: int) -> bool:
        """Whether `seat` may stay against the face-up hand."""
        return permitted(self.verify_stay, seat)

    def verify_fold(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may fold now; else the option."""
        if self.phase == FACE_UP:
            self._verify_actor(seat, Fold)
            return LegalAction(
                Fold(seat),
                rule=_("Fold: anyone who cannot beat the face-up {hand} must.").format(
                    hand=said_description(self._face_up_value())
                ),
            )
        self._acting(seat, Fold, BETTING)
        return LegalAction(Fold(seat), rule=_("Fold: your cards go to the bottom of the pack."))

    def can_fold(self, seat: int) -> bool:
        """Whether `seat` may fold now."""
        return permitted(self.verify_fold, seat)

    def verify_look(self, seat: int, hand: str = "only") -> LegalAction:
        """Raise IllegalActionError unless `seat` may look at `hand` now; else the option."""
        player = self._acting(seat, Look, BETTING)
        if player.looked:
            raise IllegalActionError(_("You have already looked."))
        if len(player.hands) == 2:
            rules = {
                "new": _("Look at the new hand; you must then keep it or fold it at once."),
                "old": _("Look at the old hand; you must then keep it or fold it at once."),
            }
        else:
            rules = {"only": _("Look at your cards; from then on you bet open amounts.")}
        if hand not in rules:
            raise IllegalActionError(_("Name the hand: new or old."))
        return LegalAction(Look(seat, hand), rule=rules[hand])

    def can_look(self, seat: int, hand: str = "only") -> bool:
        """Whether `seat` may look at `hand` ('only', or 'new' or 'old' with two hands) now."""
        return permitted(self.verify_look, seat, hand)

    def _bet_bounds(self, player: Player) -> tuple[int, int]:
        """(lowest, highest) chips this player may bet now, the money it has included."""
        low, high = self.bet_range(player)
        return low, min(high, self.capacity(player.seat))

    def verify_bet(self, seat: int, amount: int | None = None) -> LegalAction:
        """Raise IllegalActionError unless `seat` may bet `amount` (None: any amount) now.

        Returns the bet option: its range of amounts and the rule a tooltip shows.
        """
        player = self._acting(seat, Bet, BETTING)
        low, top = self._bet_bounds(player)
        if amount is not None and amount < low:
            amounts = {
                "previous": number(self.required_value()),
                "low": number(low),
                "amount": number(amount),
                "worth": number(2 * amount),
            }
            if player.blind:
                raise IllegalActionError(
                    _(
                        "No equalising: a bet must be worth at least the previous bet "
                        "({previous}) (a blind bet of {amount} is worth {worth}); bet {low} or "
                        "more."
                    ).format(**amounts)
                )
            raise IllegalActionError(
                _(
                    "No equalising: a bet must be worth at least the previous bet ({previous}); "
                    "bet {low} or more."
                ).format(**amounts)
            )
        capacity = self.capacity(seat)
        if top < low or (amount is not None and amount > capacity):
            raise IllegalActionError(
                ngettext(
                    "You have only {count} chip to bet with.",
                    "You have only {count} chips to bet with.",
                    capacity,
                ).format(count=number(capacity))
            )
        if amount is not None and amount > top:
            high = self.bet_range(player)[1]
            raise IllegalActionError(
                _("The most you may bet now is {high}.").format(high=number(high))
            )
        amounts = {
            "low": number(low),
            "high": number(top),
            "previous": number(self.required_value()),
            "most": number(self.rules.max_bet),
        }
        if player.blind:
            rule = _(
                "Bet {low}-{high} (worth double): at least as much as the previous bet "
                "({previous}), at most the maximum {most}."
            ).format(**amounts)
        else:
            rule = _(
                "Bet {low}-{high} (at open value): at least as much as the previous bet "
                "({previous}), at most the maximum {most}."
            ).format(**amounts)
        if self.rules.raise_limit == "pot":
            rule += " " + _("No bet may put in more than the pot holds.")
        return LegalAction(Bet(seat, low), low, top, 1, rule)

    def can_bet(self, seat: int, amount: int | None = None) -> bool:
        """Whether `seat` may bet `amount` (None: any amount) now."""
        return permitted(self.verify_bet, seat, amount)

    def verify_cover(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may cover the pot now; else the option."""
        player = self._acting(seat, Cover, BETTING)
        low, top = self._bet_bounds(player)
        if top >= low or self.rules.running_short != "cover":
            raise IllegalActionError(_("You can afford the bet, so there is nothing to cover."))
        return self._cover_option(seat, low)

    def can_cover(self, seat: int) -> bool:
        """Whether `seat` may cover the pot now (it cannot afford the smallest bet)."""
        return permitted(self.verify_cover, seat)

    def verify_show(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may pay to see now; else the option."""
        player = self._acting(seat, Show, BETTING)
        betting = self.betting_players()
        if len(betting) != 2:
            raise IllegalActionError(_("You may only see when exactly two players are left."))
        opponent = betting[0] if betting[1] is player else betting[1]
        if not player.blind and opponent.blind:
            raise IllegalActionError(_("You cannot see a blind man: bet or fold."))
        if self.last_value == 0:
            raise IllegalActionError(_("There is no bet to see yet: bet first."))
        cost = self.see_cost(player, opponent)
        if cost > self.capacity(seat):
            raise IllegalActionError(_("You cannot afford to see."))
        if player.blind:
            rule = _("See for twice the blind stake ({cost}).").format(cost=number(cost))
        elif self.rules.see_cost == "equal":
            rule = _("See for the last bet ({cost}).").format(cost=number(cost))
        else:
            rule = _("See for twice the last bet ({cost}).").format(cost=number(cost))
        rule += " " + _("The other shows first; if yours is not better you lose and stay hidden.")
        return LegalAction(Show(seat), cost, cost, 1, rule)

    def can_show(self, seat: int) -> bool:
        """Whether `seat` may pay to see the other player now."""
        return permitted(self.verify_show, seat)

    def verify_propose_showdown(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may propose a showdown now; else the option."""
        self._acting(seat, ProposeShowdown, BETTING)
        if not (
            self.rules.showdown_by_agreement
            and len(self.betting_players()) >= 3
            and not self.closed_pots
            and seat not in self._proposed
        ):
            raise IllegalActionError(self._not_now(seat, ProposeShowdown))
        return LegalAction(
            ProposeShowdown(seat),
            rule=_("Propose that everyone still in shows now; all must agree."),
        )

    def can_propose_showdown(self, seat: int) -> bool:
        """Whether `seat` may propose that everyone still in shows now."""
        return permitted(self.verify_propose_showdown, seat)

    # --- doing it --------------------------------------------------------------------------

    def _do(self, action: Action) -> None:
        player = self.players[action.seat]
        if isinstance(action, Look):
            self._look(player, action.hand)
        elif isinstance(action, KeepHand):
            self._keep(player, action.keep)
        elif isinstance(action, ChooseHand):
            self._choose(player, HAND_NAMES.index(action.hand))
        elif isinstance(action, Bet):
            self._bet(player, action.amount)
        elif isinstance(action, Fold):
            self._fold(player)
        elif isinstance(action, Show):
            self._pay_see(player)
        elif isinstance(action, Cover):
            self._cover(player)
        elif isinstance(action, Stay):
            self._face_up_answer(player, stay=True)
        elif isinstance(action, ProposeShowdown):
            self._propose(player)
        elif isinstance(action, AnswerShowdown):
            self._vote(player, action.agree)
        elif isinstance(action, Discard):
            self._discard(player, action.card)
        else:
            raise IllegalActionError(_("Brag has no '{verb}' action.").format(verb=action.verb))

    def _look(self, player: Player, hand: str) -> None:
        if len(player.hands) == 2:
            index = HAND_NAMES.index(hand)
            self._peeked[player.seat] = index
            self.events.append(
                Looked(
                    player.seat, tuple(player.hands[index]), hand, audience=frozenset({player.seat})
                )
            )
            self.phase = KEEP
            return
        player.looked = True
        self.events.append(
            Looked(player.seat, tuple(player.hand), audience=frozenset({player.seat}))
        )
        self._ask_discard(player)

    def _ask_discard(self, player: Player) -> None:
        """Four-card brag: a player who has just looked at four cards discards before betting."""
        if player.looked and len(player.hand) == 4:
            self.phase = DISCARD

    def _discard(self, player: Player, text: str) -> None:
        card = next(card for card in player.hand if str(card) == text)
        player.hand.remove(card)
        self.discards[player.seat] = card
        self.events.append(Discarded(player.seat, card, audience=frozenset({player.seat})))
        self.phase = BETTING

    def _discard_for(self, viewer: int | None, player: Player) -> Hidden:
        card = self.discards.get(player.seat)
        if viewer == player.seat or player.seat in self._discards_shown:
            return card
        return None

    def _return_discard(self, player: Player) -> None:
        """The discard goes to the bottom of the pack after its hand (face up once shown)."""
        card = self.discards.pop(player.seat, None)
        if card is None:
            return
        shown = player.seat in self._discards_shown
        self.pack.to_bottom([card])
        audience: frozenset[int] | None = None if shown else frozenset()
        self.events.append(CardsToPack(player.seat, (card,), "bottom", shown, audience=audience))

    def value_of(self, player: Player) -> HandValue:
        """The hand's value; with four cards dealt, the discard and being seen break ties.

        A blind four-card hand plays as its best three with the fourth as its discard.
        """
        if self.cards_dealt == 3:
            return super().value_of(player)
        hand = player.hand
        discard = self.discards.get(player.seat)
        if discard is None and len(hand) == 4:
            choices = [([other for other in hand if other is not card], card) for card in hand]
        elif discard is None:
            return super().value_of(player)
        else:
            choices = [(list(hand), discard)]
        seen = 0 if player.blind else 1
        values = []
        for three, fourth in choices:
            value = self.ranking.evaluate(three)
            tiebreak = value.tiebreak * 32 + 2 * self.ranking.knobs.rank_value(fourth.rank) + seen
            values.append(dataclasses.replace(value, tiebreak=tiebreak))
        return max(values, key=lambda value: value.sort_key)

    def _before_comparing(self, players: Sequence[Player]) -> None:
        self._show_tied_discards(players)

    def _show_tied_discards(self, players: Sequence[Player]) -> None:
        """Shown hands equal but for their discards: the discards compared turn face up."""
        if self.cards_dealt == 3:
            return
        shown = [player for player in players if player.revealed]
        for player in shown:
            key = _hand_key(self.value_of(player))
            tied = any(
                _hand_key(self.value_of(other)) == key for other in shown if other is not player
            )
            card = self.discards.get(player.seat)
            if tied and card is not None and player.seat not in self._discards_shown:
                self._discards_shown.add(player.seat)
                self.events.append(DiscardShown(player.seat, card))

    def _keep(self, player: Player, keep: bool) -> None:
        index = self._peeked.pop(player.seat)
        other = 1 - index
        dropped = other if keep else index
        folded = Reason(ReasonKey.FOLDED_ONE_OF_TWO)
        self.events.append(Folded(player.seat, folded, HAND_NAMES[dropped]))
        self._return_hand(player, dropped)
        kept = player.hands[other if not keep else index]
        player.hands = [kept]
        player.looked = keep
        self.events.append(HandKept(player.seat, HAND_NAMES[index if keep else other]))
        self.phase = BETTING
        self._ask_discard(player)

    def _pay_chips(self, seat: int, amount: int) -> None:
        """Pay into the pot, borrowing the shortfall from the richest seat when allowed."""
        shortfall = amount - self._stacks[seat]
        if shortfall > 0:
            lender = max(
                (other for other in range(self.seat_count) if other != seat),
                key=lambda other: (self._stacks[other], -other),
            )
            self._stacks[lender] -= shortfall
            self._stacks[seat] += shortfall
            key = (lender, seat)
            self.loans[key] = self.loans.get(key, 0) + shortfall
            self.events.append(LoanMade(lender, seat, shortfall))
        self._pay(seat, amount)

    def _bet(self, player: Player, amount: int) -> None:
        blind = player.blind
        self._pay_chips(player.seat, amount)
        self.last_value = 2 * amount if blind else amount
        self.stake = self.last_value
        self.events.append(BetPlaced(player.seat, amount, blind, self.last_value, self.pot))
        self._set_turn(self.next_live_after(player.seat))

    def _fold(self, player: Player) -> None:
        if self.phase == FACE_UP:
            self._face_up_answer(player, stay=False)
            return
        player.folded = True
        self.events.append(Folded(player.seat, NO_REASON))
        for index in range(len(player.hands)):
            if player.hands[index]:
                self._return_hand(player, index)
        self._return_discard(player)
        self._peeked.pop(player.seat, None)
        betting = self.betting_players()
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
                self._ask_choice([last.seat], "retain")
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
        betting = self.betting_players()
        if len(betting) == 1:
            self._settle_after_choices(betting[0])
        else:
            self._set_turn(self.next_live_after(player.seat))

    def _settle_after_choices(self, winner: Player) -> None:
        """Settle the covered pots, once every hand in them holding two blind hands keeps one."""
        seats = [winner.seat, *(coverer for _, coverer in self.closed_pots)]
        choosers = [seat for seat in dict.fromkeys(seats) if self._two_blind(seat)]
        self._settling_winner = winner.seat
        if choosers:
            self._ask_choice(choosers, "settle")
        else:
            self._settle(winner)

    def _pay_see(self, player: Player) -> None:
        betting = self.betting_players()
        opponent = betting[0] if betting[1] is player else betting[1]
        cost = self.see_cost(player, opponent)
        self._pay_chips(player.seat, cost)
        self.events.append(ShowPaid(player.seat, cost, opponent.seat))
        self._see = (player.seat, opponent.seat)
        choosers = [seat for seat in (opponent.seat, player.seat) if self._two_blind(seat)]
        if choosers:
            self._ask_choice(choosers, "see")
        else:
            self._resolve_see()

    def _two_blind(self, seat: int) -> bool:
        player = self.players[seat]
        return player.blind and len(player.hands) == 2

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
        self._show_tied_discards([seer, opponent])
        self._settle_after_choices(winner)

    def _settle(self, winner: Player) -> None:
        """Award the open pot to `winner`, then each covered pot to the better of two hands."""
        reason = Reason(ReasonKey.WINS_THE_BETTING, seat=winner.seat)
        self._award_open_pot([winner], reason)
        (winner,) = self._award_covered_pots([winner])
        if winner.revealed and self.value_of(winner).category is Category.TRIO:
            self.shuffle_next = True  # the hand was seen and won by a prial
        self._finish()

    def _ask_choice(self, seats: list[int], after: str) -> None:
        self._choosers = list(seats)
        self._after_choice = after
        self.phase = CHOOSE
        self._set_turn(self._choosers[0])

    def _choose(self, player: Player, index: int) -> None:
        self._choosers.pop(0)
        self.events.append(HandKept(player.seat, HAND_NAMES[index]))
        if self._after_choice == "retain":
            self._return_hand(player, 1 - index)
            self._retain(player, index)
        else:
            self._return_hand(player, 1 - index)
            player.hands = [player.hands[index]]
        if self._choosers:
            self._set_turn(self._choosers[0])
            return
        self.phase = BETTING
        if self._after_choice == "retain":
            self._finish()
        elif self._after_choice == "see":
            self._resolve_see()
        elif self._after_choice == "settle":
            self._settle(self.players[self._settling_winner])
        else:
            self._resolve_showdown()

    def _face_up_answer(self, player: Player, *, stay: bool) -> None:
        self._face_up_pending.remove(player.seat)
        if not stay:
            player.folded = True
            self.events.append(Folded(player.seat, Reason(ReasonKey.COULD_NOT_BEAT_FACE_UP)))
            self._return_hand(player, 0)
        if self._face_up_pending:
            self._set_turn(self._face_up_pending[0])
            return
        assert self._face_up_seat is not None
        blind = self.players[self._face_up_seat]
        self._face_up_seat = None
        self._return_hand(blind, 1, face_up=True)
        blind.hands = [blind.hands[0]]
        self.phase = BETTING
        others = [p for p in self.live_players() if p is not blind]
        if not others:
            antes = self._antes
            self.carried = self.pot - antes
            self.pot = 0
            nobody = Reason(ReasonKey.NOBODY_BEAT_FACE_UP)
            self._award(blind.seat, antes, nobody)
            if self.carried:
                waits = Reason(ReasonKey.CARRIED_POT_WAITS)
                self.events.append(PotCarried(self.carried, waits))
            self._retain(blind, 0)
            self._finish()
            return
        self._set_turn(self.live_players()[0].seat)

    def _propose(self, player: Player) -> None:
        self._proposed.add(player.seat)
        self._proposer = player.seat
        self.events.append(ShowdownProposed(player.seat))
        self._voters = [p.seat for p in self.betting_players() if p is not player]
        ordered_voters = []
        seat = player.seat
        for _turn in range(self.seat_count):
            seat = self.next_seat(seat)
            if seat in self._voters:
                ordered_voters.append(seat)
        self._voters = ordered_voters
        self.phase = VOTE
        self._set_turn(self._voters[0])

    def _vote(self, player: Player, agree: bool) -> None:
        self.events.append(ShowdownAnswered(player.seat, agree))
        self._voters.pop(0)
        if not agree:
            self._voters = []
            self.phase = BETTING
            assert self._proposer is not None
            self._set_turn(self._proposer)
            return
        if self._voters:
            self._set_turn(self._voters[0])
            return
        self.phase = BETTING
        choosers = [p.seat for p in self.betting_players() if self._two_blind(p.seat)]
        if choosers:
            self._ask_choice(choosers, "showdown")
        else:
            self._resolve_showdown()

    def _resolve_showdown(self) -> None:
        live = self.betting_players()
        for player in live:
            self._reveal(player)
        self._show_tied_discards(live)
        best = max(self.value_of(player) for player in live)
        winners = [player for player in live if self.value_of(player) == best]
        if best.category is Category.TRIO:
            self.shuffle_next = True
        self._award_open_pot(
            winners, Reason(ReasonKey.BEST_AT_AGREED_SHOWDOWN)
        )  # no pot is covered
        self._finish()

    def _finish(self) -> None:
        # Hidden hands go under first, shown ones last, so an open pack's showing (bottom)
        # card never belongs to a hand that must stay hidden, such as a losing seer's.
        for player in sorted(self.live_players(), key=lambda player: player.revealed):
            for index in range(len(player.hands)):
                if player.hands[index]:
                    self._return_hand(player, index)
            self._return_discard(player)
        self._repay_loans()
        self._to_act = None
        self._end_deal()

    def _repay_loans(self) -> None:
        for (lender, borrower), owed in list(self.loans.items()):
            paid = min(owed, self._stacks[borrower])
            if paid:
                self._stacks[borrower] -= paid
                self._stacks[lender] += paid
                self.events.append(LoanRepaid(lender, borrower, paid))
            if owed - paid:
                self.loans[(lender, borrower)] = owed - paid
            else:
                del self.loans[(lender, borrower)]
