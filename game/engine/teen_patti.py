"""Teen Patti (Flush / Flash): blind and seen stakes, show, sideshow and the house options.

The stake starts at the boot. A blind player bets 1x-2x the stake and the bet becomes the
stake; a seen player bets 2x-4x and half the bet becomes the stake. Seen bets are whole even
numbers so that the stake stays a whole number of chips.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar, NoReturn

from game.engine.actions import (
    Action,
    AnswerSideshow,
    Bet,
    Cover,
    Fold,
    IllegalActionError,
    LegalAction,
    Look,
    Show,
    Sideshow,
    said_when_read,
)
from game.engine.base import MOST_SEATS, OneOffer, VerbTable, offered, permitted, verb
from game.engine.cards import Card
from game.engine.events import (
    BetPlaced,
    BetReturned,
    CardsToPack,
    Event,
    Folded,
    JokerTurned,
    Looked,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
)
from game.engine.family import Family
from game.engine.hands import Ranking
from game.engine.marks import N_
from game.engine.phases import Phase
from game.engine.reasons import NO_REASON, Reason, ReasonKey
from game.engine.rules import Rules, TeenPattiRules
from game.engine.said import Said, says, says_counted
from game.engine.table import Player, PotGame

BETTING, SIDESHOW = Phase.BETTING, Phase.SIDESHOW


def show_winner_rule(ranking: Ranking) -> Said:
    """Who wins a show under this ranking, in one sentence: the higher hand, in Muflis the lower."""
    if ranking.spec.reverse:
        return says(N_("The lower hand wins; on equal hands the player who did not pay wins."))
    return says(N_("The higher hand wins; on equal hands the player who did not pay wins."))


def sideshow_loser_rule(ranking: Ranking) -> Said:
    """Which hand folds in an accepted sideshow under this ranking, in one sentence."""
    if ranking.spec.reverse:
        return says(N_("The higher hand folds; on a tie the asker folds."))
    return says(N_("The lower hand folds; on a tie the asker folds."))


_SHUFFLES = Reason(ReasonKey.TEEN_PATTI_SHUFFLES)
_PACK_RULE = says(N_("Pack: drop out and lose what you have put in."))
_REFUSE_SIDESHOW_RULE = says(N_("Refuse: betting goes on with the player after the asker."))


_BETTING_PHASES = tuple(phase for phase in Phase if phase is not SIDESHOW)
"""The phases the betting verbs are listed in: whenever no sideshow waits for its answer."""


def _cap_sentence(limit: int, blind: bool, cap: int) -> Said:
    """The chaal limit's sentence for a bet capped at `cap` (see `TeenPattiGame.bet_cap`)."""
    if blind:
        return says(
            N_("The chaal limit of {limit} caps blind bets at half of it, {cap}."),
            limit=limit,
            cap=cap,
        )
    return says(N_("No bet may exceed the chaal limit of {limit}."), limit=limit)


def _bet_rule(low: int, top: int, stake: int, blind: bool, cap: int | None, limit: int) -> Said:
    """The rule of a bet option (see `_bet_option`)."""
    amounts = {"stake": stake, "low": low, "high": top}
    if low == top and blind:
        said = says(
            N_("Blind players bet 1x-2x the stake ({stake}): exactly {low} now."),
            **amounts,
        )
    elif low == top:
        said = says(
            N_("Seen players bet 2x-4x the stake ({stake}): exactly {low} now."),
            **amounts,
        )
    elif blind:
        said = says(N_("Blind players bet 1x-2x the stake ({stake}): {low}-{high}."), **amounts)
    else:
        said = says(
            N_(
                "Seen players bet 2x-4x the stake ({stake}): {low}-{high}, in steps of 2 "
                "so the stake stays whole."
            ),
            **amounts,
        )
    return said if cap is None else said + _cap_sentence(limit, blind, cap)


@functools.lru_cache(maxsize=4096)
def _bet_option(
    seat: int, low: int, top: int, step: int, stake: int, blind: bool, cap: int | None, limit: int
) -> LegalAction:
    """A seat's bet option: `low` to `top` in steps of `step` at this stake, blind or seen;
    `cap` is the bet's cap under the chaal `limit` where the cap narrowed the range (else None).
    Made once for these values (an option is immutable) and its rule said when read (a partial
    of `_bet_rule`: fewer objects for the collector to trace than a closure's cells)."""
    rule = said_when_read(functools.partial(_bet_rule, low, top, stake, blind, cap, limit))
    return LegalAction(Bet(seat, low), low, top, step, rule)


def _show_rule(
    blind: bool, cost: int, paid: int, returned: int, tagalog: bool, ranking: Ranking
) -> Said:
    """The rule of a show option (see `_show_option`)."""
    if blind:
        said = says(
            N_("Show: a blind player pays 1x the stake ({paid}) and looks only after paying."),
            paid=cost,
        )
    else:
        said = says(
            N_("Show: with both players seen, a show costs 2x the stake ({paid})."),
            paid=cost,
        )
    if paid < cost:
        said += (
            says_counted(
                "You have only {count} chip left, so the show takes it (an all-in show).",
                "You have only {count} chips left, so the show takes them all (an all-in show).",
                paid,
            )
            if paid
            else says(N_("You have no chips left: an all-in show costs you nothing more."))
        )
    if returned:
        said += says(
            N_(
                "A show for what you have: the {returned} the other player has put in "
                "beyond you goes back."
            ),
            returned=returned,
        )
    if tagalog:
        said += says(N_("Both players pay for the show (TPT's reading)."))
    return said + show_winner_rule(ranking)


@functools.lru_cache(maxsize=1024)
def _show_option(
    seat: int, blind: bool, cost: int, paid: int, returned: int, tagalog: bool, ranking: Ranking
) -> LegalAction:
    """A seat's option to show, blind or seen, at this cost (`paid`: what it pays, all it has
    where that is less), `returned` going back to the other player; made once for these values
    (an option is immutable) and its rule said when read."""
    rule = said_when_read(
        functools.partial(_show_rule, blind, cost, paid, returned, tagalog, ranking)
    )
    return LegalAction(Show(seat), paid, paid, 1, rule)


@functools.cache
def _look_option(seat: int, turns: int | None) -> LegalAction:
    """A seat's option to look (`turns`: the blind turns it has played where the blind limit
    makes it look or pack now, else None), made once: an option is immutable."""

    @said_when_read
    def rule() -> Said:
        if turns is None:
            return says(
                N_("Look at your cards; from then on you play seen and bet 2x-4x the stake.")
            )
        return says_counted(
            "You have played {count} blind turn, the limit: look or pack.",
            "You have played {count} blind turns, the limit: look or pack.",
            turns,
        )

    return LegalAction(Look(seat), rule=rule)


_LAST_PLAYER_LEFT = tuple(
    Reason(ReasonKey.LAST_PLAYER_LEFT, seat=seat) for seat in range(MOST_SEATS)
)
_WINS_THE_BETTING = tuple(
    Reason(ReasonKey.WINS_THE_BETTING, seat=seat) for seat in range(MOST_SEATS)
)
"""Why the last seat betting wins, alone or against covered pots: one reason per seat, made
once (a reason is immutable)."""

_PACK_OPTIONS = tuple(LegalAction(Fold(seat), rule=_PACK_RULE) for seat in range(MOST_SEATS))
"""Each seat's option to pack where it may do anything else too, made once."""


class TeenPattiGame(PotGame):
    """A session of Teen Patti deals at one table."""

    family = Family.TEEN_PATTI

    def __init__(
        self, rules: TeenPattiRules, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0
    ) -> None:
        super().__init__(rules, stacks, seed=seed, dealer=dealer)
        self.rules = rules
        # The house options the checks read at every action, kept as plain attributes: a
        # pydantic model's class has a __getattr__, which keeps the interpreter from
        # specialising a read of its fields (each read costs about twice as much).
        self._chaal_limit = rules.chaal_limit
        self._blind_limit = rules.blind_limit
        self._pot_limit = rules.pot_limit
        self._short_covers = rules.running_short == "cover"
        self._sideshows = rules.sideshow
        self._both_pay_shows = rules.show_cost == "tagalog"
        self._last_bettor: int | None = None
        self._committed_at_cover: dict[int, int] = {}
        self._asker: int | None = None

    def rules_in_play(self) -> Rules:
        """This game's rules, as observations carry them."""
        return self.rules

    def _ante(self) -> int:
        return self.rules.boot

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Ante, shuffle (unless a deck is given), deal three cards each one at a time."""
        ordered = self._begin_deal(deck, _SHUFFLES)
        self._seat_players(ordered)
        boot = self.rules.boot
        self._post_antes(ordered, boot)
        self._deal_round(ordered)
        self._turn_open_jokers()
        self.stake = boot
        self.phase = BETTING
        self._last_bettor = None
        self._committed_at_cover = {}
        self._asker = None
        self._set_turn(ordered[0])
        return list(self.events)

    def _turn_open_jokers(self) -> None:
        """Turn the open joker cards face up in the middle; every card of their ranks is wild."""
        jokers = self.rules.open_jokers
        self.open_cards = self.pack.deal(jokers) if jokers else ()
        if not self.open_cards:
            self.ranking = self.rules_ranking
            return
        self.ranking = self.rules.hand_ranking(self.open_cards)
        ranks = dict.fromkeys(card.rank.label for card in self.open_cards)
        self.events.append(JokerTurned(self.open_cards, " ".join(ranks)))

    # --- what is legal ---------------------------------------------------------------------

    def bet_range(self, player: Player) -> tuple[int, int, int]:
        """(lowest, highest, step) a player may bet now, before stack and chaal-limit caps."""
        if not player.looked:
            return self.stake, 2 * self.stake, 1
        return 2 * self.stake, 4 * self.stake, 2

    def bet_cap(self, player: Player) -> int | None:
        """The chaal limit on one bet: the limit when seen, half of it when blind.

        Capping blind bets at half keeps the stake low enough that a seen player can always
        answer with the seen minimum (2x the stake) without passing the limit.
        """
        limit = self._chaal_limit
        if limit is None:
            return None
        return limit if player.looked else limit // 2

    def _cap_sentence(self, blind: bool, cap: int) -> Said:
        """The chaal limit's sentence for a bet capped at `cap` (see `bet_cap`)."""
        return _cap_sentence(self._chaal_limit or 0, blind, cap)

    def show_cost(self, player: Player) -> int:
        """What a show costs this player: 1x the stake blind, 2x seen."""
        return 2 * self.stake if player.looked else self.stake

    def _must_look(self, player: Player) -> bool:
        limit = self._blind_limit
        return not player.looked and limit is not None and player.blind_turns >= limit

    def is_short(self, player: Player) -> bool:
        """Whether a player's chips are below the smallest bet it could make now."""
        return self._stacks[player.seat] < self.bet_range(player)[0]

    def _covers_short(self, player: Player) -> bool:
        """Whether the house rules give this short player a way on (a show or a cover)."""
        return self._short_covers and self.is_short(player)

    def _refuse_unknown(self, action: Action) -> NoReturn:
        self._betting_player(action.seat, type(action))
        raise IllegalActionError(self._not_now(action.seat, type(action)))

    def _betting_player(self, seat: int, kind: type[Action]) -> Player:
        """The player acting, once it is its turn and nobody waits for a sideshow answer."""
        if not self._listing:  # the legal list is built for the seat to act, in its turn
            self._verify_actor(seat, kind)
        if self.phase == SIDESHOW:
            raise self._refused(N_("You were asked for a sideshow: accept or refuse it first."))
        return self.players[seat]

    def verify_look(self, seat: int, hand: str = "only") -> LegalAction:
        """Raise IllegalActionError unless `seat` may look at its cards now; else the option."""
        player = self._betting_player(seat, Look)
        if player.looked or hand != "only":
            raise self._refused(N_("You have already looked at your cards."))
        return _look_option(seat, player.blind_turns if self._must_look(player) else None)

    def verify_bet(self, seat: int, amount: int | None = None) -> LegalAction:
        """Raise IllegalActionError unless `seat` may bet `amount` (None: any amount) now.

        Returns the bet option: its range of amounts and the rule a tooltip shows.
        """
        player = self._betting_player(seat, Bet)
        self._require_look(player)
        stack = self._stacks[seat]
        low, high, step = self.bet_range(player)
        cap = self.bet_cap(player)
        top = min(high, stack) if cap is None else min(high, cap, stack)
        top -= (top - low) % step
        if top < low:
            if self._chaal_limit is not None and low > self._chaal_limit:
                raise self._refused(
                    N_(
                        "The smallest bet now, {low}, is above the chaal limit of {limit}, so "
                        "you cannot bet."
                    ),
                    low=low,
                    limit=self._chaal_limit,
                )
            raise IllegalActionError(
                says_counted(
                    "You cannot afford the minimum bet with {count} chip.",
                    "You cannot afford the minimum bet with {count} chips.",
                    stack,
                )
            )
        narrowed = cap if cap is not None and top < high else None
        limit = self._chaal_limit or 0
        option = _bet_option(seat, low, top, step, self.stake, not player.looked, narrowed, limit)
        if amount is not None and not option.allows(Bet(seat, amount)):
            raise IllegalActionError(self._bet_range_refusal(player, option, amount))
        return option

    def _bet_range_refusal(self, player: Player, option: LegalAction, amount: int) -> Said:
        amounts = {"stake": self.stake, "low": option.low, "high": option.high, "amount": amount}
        if player.blind:
            text = says(
                N_(
                    "Blind players bet 1x-2x the stake of {stake}: between {low} and {high}, "
                    "not {amount}."
                ),
                **amounts,
            )
        elif option.step > 1:
            text = says(
                N_(
                    "Seen players bet 2x-4x the stake of {stake}: between {low} and {high}, "
                    "an even number, not {amount}."
                ),
                **amounts,
            )
        else:
            text = says(
                N_(
                    "Seen players bet 2x-4x the stake of {stake}: between {low} and {high}, "
                    "not {amount}."
                ),
                **amounts,
            )
        if option.high < self.bet_range(player)[1] and self.bet_cap(player) == option.high:
            text += self._cap_sentence(player.blind, option.high)
        return text

    def verify_show(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may pay for a show now; else the option."""
        player = self._betting_player(seat, Show)
        if not self.two_betting():
            raise self._refused(N_("A show is only possible when exactly two players are left."))
        betting = self._betting
        other = betting[0] if betting[1] is player else betting[1]
        if player.looked and not other.looked and not self._covers_short(player):
            raise self._refused(
                N_("A seen player may not ask a blind player for a show: bet or pack.")
            )
        self._require_look(player)
        cost = self.show_cost(player)
        paid = min(cost, self._stacks[seat])
        returned = self._returned_at_show(player, other, cost, paid)
        tagalog = self._both_pay_shows
        return _show_option(seat, not player.looked, cost, paid, returned, tagalog, self.ranking)

    def _in_open_pot(self, player: Player) -> int:
        """What a player has put into the open pot this deal (since the last cover)."""
        return player.committed - self._committed_at_cover.get(player.seat, 0)

    def _other_show_payment(self, other: Player) -> int:
        """What the player shown pays at a show: nothing, or its own show cost in TPT's reading."""
        if not self._both_pay_shows:
            return 0
        return min(self.show_cost(other), self._stacks[other.seat])

    def _returned_at_show(self, payer: Player, other: Player, cost: int, paid: int) -> int:
        """At a show for what you have, what the other player has put into the open pot beyond
        the short payer goes back: a player can win from another only as much as it put in
        (`cost`: what the show costs the payer, `paid`: what it pays)."""
        if paid >= cost or not self._covers_short(payer):
            return 0
        beyond = self._in_open_pot(other) + self._other_show_payment(other)
        return max(0, beyond - self._in_open_pot(payer) - paid)

    def _require_look(self, player: Player) -> None:
        """Refuse anything but a look (or a pack) from a blind player at the blind limit."""
        limit = self._blind_limit
        if self._must_look(player) and limit is not None:
            raise IllegalActionError(
                says_counted(
                    "After {count} blind turn you must look at your cards before anything else.",
                    "After {count} blind turns you must look at your cards before anything else.",
                    limit,
                )
            )

    def verify_cover(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may cover the pot now; else the option."""
        player = self._betting_player(seat, Cover)
        self._require_look(player)
        if not self._covers_short(player):
            raise self._refused(N_("You can afford the bet, so there is nothing to cover."))
        if len(self._betting) < 3:
            raise self._refused(
                N_("With two players left, a short player shows for what they have.")
            )
        return self._cover_option(seat, self.bet_range(player)[0])

    def verify_sideshow(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may ask for a sideshow now; else the option."""
        player = self._betting_player(seat, Sideshow)
        refusal = self._sideshow_refusal(player)
        if refusal is not None:
            raise self._refused(refusal)
        target = self.previous_live_before(seat)
        cost = 2 * self.stake
        limit = self._chaal_limit
        if (
            target is None
            or target != self._last_bettor
            or cost > self._stacks[seat]
            or (limit is not None and cost > limit)
        ):
            raise self._refused(
                N_("A sideshow may only be asked of the player who bet just before you.")
            )
        ranking = self.ranking

        @said_when_read
        def rule() -> Said:
            said = says(
                N_(
                    "Sideshow: bet the minimum ({cost}) and ask seat {seat}, who bet just before "
                    "you, to compare hands privately."
                ),
                cost=cost,
                seat=target,
            )
            return said + sideshow_loser_rule(ranking)

        return LegalAction(Sideshow(seat), cost, cost, 1, rule)

    def _sideshow_refusal(self, player: Player) -> str | None:
        """Why `player` may not ask anyone for a sideshow now (the sentence, N_-marked), or None
        where only whom it may ask is left to check: the house rules, its look and the players
        still betting. Asked before the check while the legal list is built (a refusal raised
        costs more than the question)."""
        if not self._sideshows:
            return N_("Sideshows are switched off in these house rules.")
        if not player.looked:
            return N_("Only a seen player may ask for a sideshow.")
        betting = self._betting
        if len(betting) < 3:
            return N_("A sideshow needs three or more players left; with two, ask for a show.")
        for other in betting:  # (without a generator: asked at every legal list of a seen seat)
            if not other.looked:
                return N_("A sideshow is only allowed when every remaining player is seen.")
        return None

    def verify_fold(self, seat: int) -> LegalAction:
        """Raise IllegalActionError unless `seat` may pack now; else the option."""
        player = self._betting_player(seat, Fold)
        only_pack = player.looked and self.is_short(player) and not self._covers_short(player)
        if not only_pack or permitted(self.verify_show, seat):
            return _PACK_OPTIONS[seat]
        low = self.bet_range(player)[0]

        @said_when_read
        def rule() -> Said:
            return says(
                N_(
                    "You cannot afford the smallest bet, {low}, and these house rules have no "
                    "show for what you have: you can only pack."
                ),
                low=low,
            )

        return LegalAction(Fold(seat), rule=rule)

    def verify_answer_sideshow(self, seat: int, accept: bool) -> LegalAction:
        """Raise IllegalActionError unless `seat` was asked for a sideshow; else the option."""
        self._verify_actor(seat, AnswerSideshow)
        if self.phase != SIDESHOW:
            raise self._refused(N_("Nobody has asked you for a sideshow."))
        if not accept:
            return LegalAction(AnswerSideshow(seat, accept), rule=_REFUSE_SIDESHOW_RULE)
        ranking = self.ranking

        @said_when_read
        def rule() -> Said:
            return says(N_("Accept: you compare hands privately.")) + sideshow_loser_rule(ranking)

        return LegalAction(AnswerSideshow(seat, accept), rule=rule)

    # --- doing it --------------------------------------------------------------------------

    def _look(self, player: Player) -> None:
        player.looked = True
        self.events.append(
            Looked(player.seat, tuple(player.hand), audience=frozenset({player.seat}))
        )

    def _chaal(self, player: Player, amount: int) -> None:
        """A bet in turn (blind or seen); the turn moves on."""
        self._bet(player, amount)
        self._continue_after(player.seat)

    def _pack(self, player: Player) -> None:
        """A fold in turn; the turn moves on unless the deal ended."""
        self._fold(player, NO_REASON)
        if self._to_act is not None:
            self._continue_after(player.seat)

    def _bet(self, player: Player, amount: int) -> None:
        blind = not player.looked
        if blind:
            self.stake = amount
            player.blind_turns += 1
        else:
            self.stake = amount // 2
        self._pay(player.seat, amount)
        self._last_bettor = player.seat
        self.events.append(BetPlaced(player.seat, amount, blind, self.stake, self.pot))

    def _continue_after(self, seat: int) -> None:
        if self._pot_limit is not None and sum(self._pots()) >= self._pot_limit:
            self._forced_show()
            return
        self._set_turn(self.next_live_after(seat))

    def _fold(self, player: Player, reason: Reason) -> None:
        player.folded = True
        self._betting_changed()
        self.events.append(Folded(player.seat, reason))
        self._return_hand(player)
        betting = self._betting
        if len(betting) == 1:
            winner = betting[0]
            # with covered pots in play the last one betting is not alone: it is compared
            reasons = _WINS_THE_BETTING if self.closed_pots else _LAST_PLAYER_LEFT
            self._settle([winner], reasons[winner.seat])

    def _cover(self, player: Player) -> None:
        self._cover_pot(player)
        self._committed_at_cover = {seat: each.committed for seat, each in self.players.items()}
        self._continue_after(player.seat)  # a cover needs three betting: two bet on

    def _settle(self, winners: list[Player], reason: Reason) -> None:
        """The open pot to `winners` (shared), then each covered pot; the deal ends."""
        self._award_open_pot(winners, reason)
        self._award_covered_pots(winners)
        self._finish()

    def _show(self, player: Player) -> None:
        betting = self._betting
        other = betting[0] if betting[1] is player else betting[1]
        cost = self.show_cost(player)
        paid = min(cost, self._stacks[player.seat])
        returned = self._returned_at_show(player, other, cost, paid)
        self._pay(player.seat, paid)
        self.events.append(ShowPaid(player.seat, paid, other.seat))
        if self._both_pay_shows:
            other_paid = self._other_show_payment(other)
            self._pay(other.seat, other_paid)
            self.events.append(ShowPaid(other.seat, other_paid, player.seat))
        if returned:
            self.pot -= returned
            self._stacks[other.seat] += returned
            other.committed -= returned
            self.events.append(BetReturned(other.seat, returned, player.seat))
        if player.blind:
            player.looked = True
            self.events.append(
                Looked(player.seat, tuple(player.hand), audience=frozenset({player.seat}))
            )
        self._reveal(other)
        self._reveal(player)
        paying, shown = self.value_of(player), self.value_of(other)
        payer_wins = paying > shown
        winner = player if payer_wins else other
        winning, losing = (paying, shown) if payer_wins else (shown, paying)
        reason = (
            Reason(ReasonKey.EQUAL_HANDS_AT_SHOW, seat=winner.seat)
            if not payer_wins and paying == shown  # (a hand that wins is not equal)
            else Reason(ReasonKey.BEATS, winner=winning.name, loser=losing.name)
        )
        self._settle([winner], reason)

    def _forced_show(self) -> None:
        for player in self.live_players():
            self._reveal(player)
        betting = self._betting
        best = max(self.value_of(player) for player in betting)
        winners = [player for player in betting if self.value_of(player) == best]
        self._settle(winners, Reason(ReasonKey.POT_LIMIT_REACHED, limit=self._pot_limit or 0))

    def _ask_sideshow(self, player: Player) -> None:
        target = self.previous_live_before(player.seat)
        assert target is not None
        self._bet(player, 2 * self.stake)
        self.events.append(SideshowAsked(player.seat, target))
        self._asker = player.seat
        self.phase = SIDESHOW
        self._set_turn(target)

    def _answer_sideshow(self, target: Player, accept: bool) -> None:
        assert self._asker is not None
        asker = self.players[self._asker]
        self.events.append(SideshowAnswered(target.seat, accept))
        self.phase = BETTING
        self._asker = None
        if accept:
            asker_wins = self.value_of(asker) > self.value_of(target)
            loser = target if asker_wins else asker
            self.events.append(
                SideshowCompared(
                    asker.seat,
                    target.seat,
                    loser.seat,
                    tuple(asker.hand),
                    tuple(target.hand),
                    audience=frozenset({asker.seat, target.seat}),
                )
            )
            asker.known_by.add(target.seat)
            target.known_by.add(asker.seat)
            self._fold(loser, Reason(ReasonKey.LOST_SIDESHOW))
        if self._to_act is not None:
            self._continue_after(asker.seat)

    def _finish(self) -> None:
        for player in self.players.values():
            if player.hand:
                self._return_hand(player)
        if self.open_cards:
            self.pack.to_bottom(self.open_cards)
            self.events.append(CardsToPack(None, self.open_cards, "bottom", True, audience=None))
            self.open_cards = ()
        self._end_deal()

    verbs: ClassVar[VerbTable[TeenPattiGame]] = VerbTable(
        verb(
            Look,
            lambda game, action: game.verify_look(action.seat, action.hand),
            OneOffer(verify_look, when=lambda game, seat: not game.players[seat].looked),
            lambda game, action: game._look(game.players[action.seat]),
            listed_in=_BETTING_PHASES,
        ),
        verb(
            Bet,
            lambda game, action: game.verify_bet(action.seat, action.amount),
            OneOffer(verify_bet),
            lambda game, action: game._chaal(game.players[action.seat], action.amount),
            listed_in=_BETTING_PHASES,
        ),
        verb(
            Cover,
            lambda game, action: game.verify_cover(action.seat),
            OneOffer(verify_cover, when=lambda game, seat: game._covers_short(game.players[seat])),
            lambda game, action: game._cover(game.players[action.seat]),
            listed_in=_BETTING_PHASES,
        ),
        verb(
            Show,
            lambda game, action: game.verify_show(action.seat),
            OneOffer(verify_show, when=lambda game, seat: game.two_betting()),
            lambda game, action: game._show(game.players[action.seat]),
            listed_in=_BETTING_PHASES,
        ),
        verb(
            Sideshow,
            lambda game, action: game.verify_sideshow(action.seat),
            OneOffer(
                verify_sideshow,
                when=lambda game, seat: game._sideshow_refusal(game.players[seat]) is None,
            ),
            lambda game, action: game._ask_sideshow(game.players[action.seat]),
            listed_in=_BETTING_PHASES,
        ),
        verb(
            Fold,
            lambda game, action: game.verify_fold(action.seat),
            OneOffer(verify_fold),
            lambda game, action: game._pack(game.players[action.seat]),
            listed_in=_BETTING_PHASES,
        ),
        verb(
            AnswerSideshow,
            lambda game, action: game.verify_answer_sideshow(action.seat, action.accept),
            lambda game, seat: [
                offered(game.verify_answer_sideshow, seat, accept) for accept in (True, False)
            ],
            lambda game, action: game._answer_sideshow(game.players[action.seat], action.accept),
            listed_in=(SIDESHOW,),
        ),
    )
