"""The medium and hard bots, and the personalities that colour them.

Medium weighs its table chance of beating the players still in against the pot odds, bluffs at
the game-theory rate, stays blind while it is cheap, answers a sideshow by its chance against
the asker and, in a Teen Patti chaal war it is losing, shows where the pot pays; every level
plays a long war of seen chaals by where it ends and looks in a no-limit blind war against a
seen caller (game/bots/wars.py), and asks no player who refused its sideshow again until
something changes (reading.refused_sideshows). It reads a seen
player who bet after looking as holding the top share of hands it plays (one who folds most of
its seen hands keeps only its best) and a seen raise by how often that player raises; it
leaves a Teen Patti blind standoff at a full table after its own blind turns (where a short
seen player must pack, only against a player who leaves standoffs by looking). Hard adds a
model of every opponent (a weight over twenty strength buckets, updated from their actions and
learned from showdowns: game/bots/opponents.py) and picks the action with the best one-step
expected value; no bet narrows that model beyond the share of its seen hands the bettor bets
that way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.bots.banked import BANKED_POLICIES, BankedPolicy, choose_banked
from game.bots.opponents import (
    BUCKETS,
    UNWATCHED,
    WEIGHING,
    Boldness,
    OpponentModel,
    Persistence,
    RaiseKind,
    SeenBet,
    SideshowAnswers,
    StrengthBuckets,
    big_bet,
    likelihood,
    pressure_band,
    strength_buckets,
)
from game.bots.reading import Situation, best_discard, dealt_in, read, refused_sideshows
from game.bots.standoffs import StandoffWatch, shows_when_short
from game.bots.strength import StrengthTable
from game.bots.wars import (
    SHOW_TIES,
    blind_war_over,
    in_war,
    seen_bets,
    settle_war,
    show_pays,
)
from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    Fold,
    KeepHand,
    LegalAction,
)
from game.engine.cards import Card
from game.engine.events import (
    AntePosted,
    BetPlaced,
    DealEnded,
    DealStarted,
    Folded,
    HandRevealed,
    Looked,
    ShowdownAnswered,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
)
from game.engine.families import Family, is_pot_game
from game.engine.observation import Observation, SeatView
from game.engine.reasons import NO_REASON
from game.engine.rules import BragRules, Rules, TeenPattiRules

FUTURE_ROUNDS = 1.5
"""Hard counts this many more rounds of the same bet from each side when it continues."""

BRAG_TABLE_ROUNDS = 0.5
"""The further rounds counted instead in Brag before a see (three or more still in): 1.5 there
overvalues betting on with a middling hand, and a tight player who plays its best 30 % and
calls every raise drew level with hard (+0.78 boots a deal at 5 seats; -0.95 with half)."""

LOOK_BELOW = 0.7
"""A blind bot looks when an unseen hand's chance falls below this share of an even chance."""

HARD_BLIND = (12, 0.3, -2)
"""Hard's extra blind turns and stack share in Teen Patti, and its blind turns less in Brag."""

RAISED_STRENGTH = 0.75
"""Medium's reading of a seen raise (by a player who never raised blind): a top-quarter hand."""

RAISER_FLOOR = {Family.TEEN_PATTI: 0.6, Family.BRAG: 0.7}
"""Medium reads a seen raise as a hand above this strength percentile: in Brag, where every later
bet must match it, above the 70th ("look, bet the maximum with a pair" beat medium at five seats
when read from the 60th); in Teen Patti above the 60th (the 70th drew medium level with hard)."""

READS_WHAT_IS_PLAYED = frozenset({Family.TEEN_PATTI})
"""Where medium reads a seen player by what it plays: its seen raise shows strength even after a
blind raise, and once it bets after looking it holds the top share of the hands it bets on.
Measured in Teen Patti (a player who raised blind once, then played only its best three hands
in ten at the maximum, beat four mediums by 17 boots a deal); in Brag the same reads lifted
medium above hard heads-up (hard over medium +2,343 -> -1,018 milli-boots over 3,000 deals), so
Brag keeps the reading it was tuned with heads-up; at a table of three or more it reads the top
share of what is played too (reads_selective_bettors). The seen raise after a blind raise is
read so only where three or more were dealt in: heads-up it took hard's step over medium to
zero (muflis +2,356 -> +268, jokers +1,589 -> -42 milli-boots over 3,000 deals)."""

SELECTIVE = 0.2
"""Medium reads a seen player who bet after looking as holding its top share of hands once it
folds at least this share of its seen hands without a bet."""

KEEPS_PART = 0.1
"""A blind hard or expert looks at once against seen bettors who each fold at least this share of
their seen hands without a bet (the other players still in blind)."""

LIMITED_BLIND_SHARE = 0.25
"""With a blind limit, the share of its stack a bot's blind bet may cost."""

KEPT_FLOOR = 0.05
"""A call of this bot's raise read by the share its caller keeps against such raises
(HardBot._kept_against) leaves the hands under that share this weight, where a bet read by its
size leaves a bluff's (WEIGHING's floor): the share folded says what the call holds, and a call
is not a bluff (issue 46: a caller who kept its top fifth over every raise was read as holding
its hands under the median one time in four, and was paid to the stacks). Heads-up, or of a
seat that plays every hand (reads_by_decision): at a full table a call answers several bettors."""

FOLDS_MOST = 0.5
"""The learned fold rate to this bot's raises from which a call of one is read by the share
kept (HardBot._kept_against): a player who folds most hands to a raise."""

CHAAL_WAR_BETS = 6
"""Seen bets by every opponent in one deal that make medium read a war of seen bets (a chaal
war in Teen Patti)."""

STAY_BLIND_TURNS = 99
"""Blind turns that mean "while a blind bet is affordable" (the blind limit may end them)."""

VALUE_SHARE = 0.25
"""A bettor who bets big on no more than this share of its seen hands may be betting only
the top quarter (a pair or better): its big bets are not defended beyond their value."""

BALANCED_SHARE = 0.5
"""A bettor who bets big on this share of its seen hands or more may be bluffing as often
as a balanced bettor would, and is defended against in full; between VALUE_SHARE and this, in
proportion."""

VALUE_FROM = {Family.TEEN_PATTI: 0.72, Family.BRAG: 0.75}
"""A seen bot bets for value above the stake from this chance of beating the players still in
(plus its tightness); its value bet grows with the chance to the top of the range
VALUE_SPREAD above it."""

VALUE_SPREAD = 0.2
"""The chance above VALUE_FROM at which a value bet reaches the top of its range."""

MOST_BLUFFING = 0.5
"""No hand that would fold bluffs more often than this."""


@dataclass(frozen=True)
class Profile:
    """A personality: how tight, how blind, how bold a bot plays."""

    name: str = "plain"
    tightness: float = 0.0
    blind_turns: int = 3
    cheap_fraction: float = 0.04
    aggression: float = 1.0
    bluffing: float = 1.0


PERSONALITIES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        Profile("tight", tightness=0.08, blind_turns=2, bluffing=0.4),
        Profile("loose", tightness=-0.08, aggression=1.2, cheap_fraction=0.06),
        Profile("blind-lover", blind_turns=7, cheap_fraction=0.12),
        Profile("bluffer", bluffing=2.5, aggression=1.4),
    )
}
"""The named personalities a table can mix in."""


def minimum_defence(bet: int, pot: int, defenders: int) -> float:
    """The share of its hands each of `defenders` players must continue with so that a bet of
    `bet` into `pot` made with any two cards does not pay: the bluff risks bet to win pot, so
    everyone may fold at most bet / (pot + bet) of the time."""
    if bet <= 0 or defenders <= 0:
        return 0.0
    return 1 - math.pow(bet / (pot + bet), 1 / defenders)


def defended_share(bold_share: float) -> float:
    """How much of the minimum defence a bettor with this share of big bets is owed: none to a
    bettor of the top quarter only, all of it to one who bets big on half its hands or more."""
    excess = (bold_share - VALUE_SHARE) / (BALANCED_SHARE - VALUE_SHARE)
    return min(1.0, max(0.0, excess))


def bluff_rate(bet: int, pot: int) -> float:
    """The game-theory share of bluffs in a betting range: a bet b into pot P risks b to win P,
    so it must succeed b/(P+b) of the time, and a caller is indifferent when bluffs are that
    share of the bets."""
    return bet / (pot + 2 * bet) if pot + bet > 0 else 0.0


_VALUE_RANGES: dict[tuple[str, int, float], tuple[tuple[float, float], ...]] = {}


def value_range(
    table: StrengthTable, opponents: int, value_from: float
) -> tuple[tuple[float, float], ...]:
    """The hands a bot bets for value against `opponents` random hands: (chance, share of all
    hands) for each level whose chance reaches `value_from`."""
    key = (table.name, opponents, value_from)
    found = _VALUE_RANGES.get(key)
    if found is None:
        total = sum(table.counts)
        found = _VALUE_RANGES[key] = tuple(
            (chance, count / total)
            for level, count in enumerate(table.counts)
            if count and (chance := table.chance(level, opponents)) >= value_from
        )
    return found


class MediumBot:
    """Chance of beating the players still in against the pot odds; game-theory bluffs."""

    name = "medium"
    banked: BankedPolicy = BANKED_POLICIES["medium"]
    bluffs_keepers = False
    """Whether to bluff a seen bettor read as betting only the hands it kept: medium, which
    learns no fold rates, does not (a player who folded half its hands and bet the rest big
    won +3.46 boots a deal from it heads-up in `muflis`); hard weighs its model of them."""

    def __init__(self, profile: Profile | None = None) -> None:
        self.profile = profile or Profile()
        if profile is not None:
            self.name = f"{self.name}+{profile.name}"
        self.boldness: dict[int, Boldness] = {}
        self.persistence: dict[int, Persistence] = {}
        self.standoff_watch = StandoffWatch()
        self.sideshow_answers: dict[int, SideshowAnswers] = {}
        self._watched = 0
        self._watched_deal: int | None = None
        self._watched_over = False
        self._watched_stake = 0
        self._looked: set[int] = set()
        self._acted_seen: set[int] = set()
        self._acted_unraised: set[int] = set()
        # The stake at each seat's last bet this deal (at the start: the opening stake).
        self._stake_at_bet: dict[int, int] = {}
        self._opening_stake = 0
        self._bet_big: set[int] = set()
        self._later_seen: set[int] = set()
        self._later_big: set[int] = set()
        self._bet_seen: set[int] = set()
        self._opened: set[int] = set()
        self._took_turn: set[int] = set()
        self._seen_decisions: dict[int, int] = {}
        self._folded: set[int] = set()

    # --- the entry point -------------------------------------------------------------------

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """The action to take now."""
        situation = read(observation, legal)
        self.notice(observation)
        discard = best_discard(observation, legal)
        if discard is not None:
            return discard
        if not is_pot_game(situation.family):
            action = choose_banked(self.banked, situation, rng)
            return action if action is not None else legal[0].action
        if situation.has("sideshow") and not self.may_ask(situation):
            del situation.options["sideshow"]
        if situation.family != Family.TEEN_PATTI:
            return self.defend(situation, self._brag(situation, rng))
        action = self.defend(situation, self._teen_patti(situation, rng))
        if not in_war(situation):
            return action
        # A war of chaals is judged by where it ends (game/bots/wars.py); where nobody raised,
        # the defence included: a chaal there buys no show, only the next round.
        chance, tight = self.win_chance(situation), self.profile.tightness
        return settle_war(situation, action, chance, self.value_from(situation), tight)

    def may_ask(self, situation: Situation) -> bool:
        """Whether to ask the previous bettor for a sideshow: not if it refused this bot's and
        nothing has changed since, nor if it refuses nearly every sideshow it is asked."""
        target = _previous_bettor(situation)
        if target is None or target in refused_sideshows(situation.observation):
            return False
        return not self.sideshow_answers.get(target, SideshowAnswers()).refuses()

    def notice(self, observation: Observation) -> None:
        """Read the events so far: how often each opponent bets big when it acts seen."""
        if not is_pot_game(observation.family) or observation.viewer is None:
            return
        history = observation.history
        if (
            observation.deal_number != self._watched_deal
            or self._watched_over
            or len(history) < self._watched
        ):
            over = any(isinstance(event, DealEnded) for event in history)
            self.standoff_watch.start(observation, over)
            self._watched_deal = observation.deal_number
            self._watched_over = False
            self._watched = 0
            self._watched_stake = opening_stake(observation.rules)
            self._looked = set()
            self._acted_seen = set()
            self._acted_unraised = set()
            self._stake_at_bet = {}
            self._opening_stake = self._watched_stake
            self._bet_big = set()
            self._later_seen, self._later_big = set(), set()
            self._bet_seen = set()
            self._opened = set()
            self._took_turn = set()
            self._seen_decisions = {}
            self._folded = set()
        for event in history[self._watched :]:
            self._watch(observation, event)
        self._watched = len(history)

    def _watch(self, observation: Observation, event: object) -> None:
        """Count one event into the seat's boldness (its seen hands, and those it bet big)."""
        if isinstance(event, AntePosted | BetPlaced):
            self.standoff_watch.paid(event.seat, event.amount)
        if isinstance(event, SideshowAnswered):
            self.sideshow_answers.setdefault(event.seat, SideshowAnswers()).count(event.accept)
        if not isinstance(event, Looked | BetPlaced | ShowPaid | SideshowAsked | Folded):
            return
        seat = event.seat
        if isinstance(event, Looked) or (isinstance(event, BetPlaced) and event.blind):
            looked = isinstance(event, Looked)
            watch = self.standoff_watch
            watch.watch(observation, seat, looked, self._looked, self._folded, self._watched_stake)
        if isinstance(event, Looked):
            self._looked.add(seat)
        if isinstance(event, Folded):
            self._folded.add(seat)
        unraised = self._watched_stake <= self._stake_at_bet.get(seat, self._opening_stake)
        first_bet = seat not in self._stake_at_bet
        if isinstance(event, BetPlaced):
            stake_before, self._watched_stake = self._watched_stake, event.stake
            self._stake_at_bet[seat] = event.stake
        if seat == observation.viewer:
            return
        if seat not in self._took_turn and not isinstance(event, SideshowAsked):
            self._took_turn.add(seat)
            turns = self.boldness.setdefault(seat, Boldness())
            turns.first_turns += 1
            turns.looked_first += isinstance(event, Looked)
        if isinstance(event, BetPlaced) and seat not in self._opened:
            self._opened.add(seat)
            opening = self.boldness.setdefault(seat, Boldness())
            opening.openings += 1
            opening.first_big += event.stake > stake_before or big_bet(
                event, stake_before, observation.rules
            )
        if not seen_decision(event, self._looked):
            return
        decision = self._seen_decisions.get(seat, 0)
        self._seen_decisions[seat] = decision + 1
        persistence = self.persistence.setdefault(seat, Persistence())
        persistence.count(decision, isinstance(event, BetPlaced))
        boldness = self.boldness.setdefault(seat, Boldness())
        if seat not in self._acted_seen:
            self._acted_seen.add(seat)
            boldness.decisions += 1
        chosen = not isinstance(event, Folded) or event.reason == NO_REASON
        if unraised and chosen and seat not in self._acted_unraised:
            self._acted_unraised.add(seat)
            boldness.unraised_decisions += 1
            boldness.unraised_bets += isinstance(event, BetPlaced)
        if not unraised and first_bet and chosen:
            boldness.raised_first += 1
            boldness.raised_first_bets += isinstance(event, BetPlaced)
        big = isinstance(event, BetPlaced) and big_bet(event, stake_before, observation.rules)
        if big and seat not in self._bet_big:
            self._bet_big.add(seat)
            boldness.big += 1
        if decision >= 1 and seat not in self._later_seen:
            self._later_seen.add(seat)
            boldness.later_decisions += 1
        if decision >= 1 and big and seat not in self._later_big:
            self._later_big.add(seat)
            boldness.later_big += 1
        if isinstance(event, BetPlaced) and seat not in self._bet_seen:
            self._bet_seen.add(seat)
            boldness.bets += 1

    def bold_share(self, seat: int) -> float:
        """The share of an opponent's seen hands that it bet big with."""
        return self.boldness.get(seat, UNWATCHED).share()

    def later_bold_share(self, seat: int) -> float:
        """The share of an opponent's seen hands that it bet big with after its first seen
        decision of the deal."""
        return self.boldness.get(seat, UNWATCHED).later_share()

    def opens_big(self, seat: int) -> bool:
        """Whether an opponent opens big on nearly every hand (Boldness.opens_big)."""
        return self.boldness.get(seat, UNWATCHED).opens_big()

    def looks_at_once(self, seat: int) -> bool:
        """Whether an opponent looks at its first turn in nearly every deal (Boldness)."""
        return self.boldness.get(seat, UNWATCHED).looks_at_once()

    def plays_every_hand(self, seat: int) -> bool:
        """Whether an opponent opens big or calls on nearly every hand (Boldness)."""
        return self.boldness.get(seat, UNWATCHED).plays_every_hand()

    def betting_share(self, seat: int) -> float:
        """The share of an opponent's seen hands that it bet on at all."""
        return self.boldness.get(seat, UNWATCHED).betting()

    def kept_from(self, seat: int) -> float | None:
        """The percentile a selective seen bettor's bet holds at least: one who bets on a share
        s of its seen hands holds one of its top s; None for one that folds under SELECTIVE."""
        return selective_floor(self.betting_share(seat))

    def kept_over_a_raise(self, seat: int) -> float | None:
        """The percentile a seat's first bet of a deal over a raise holds at least: one of the
        share of such hands it bets on (None where it folds under SELECTIVE of them)."""
        return selective_floor(self.boldness.get(seat, UNWATCHED).over_a_raise())

    def kept_floor(self, situation: Situation, view: SeatView) -> float | None:
        """Where medium reads what is played (see reads_selective_bettors), the percentile an
        opponent still in that bet after looking holds at least (kept_from); None otherwise
        (one that has only looked has not chosen yet)."""
        if view.blind or view.seat not in self._bet_seen:
            return None
        return self.kept_from(view.seat) if reads_selective_bettors(situation) else None

    def deal_ended(self, observation: Observation) -> None:
        """The deal is over: count its last events; the next look starts a new deal."""
        self.notice(observation)
        self.standoff_watch.close()
        self._watched_over = True

    # --- the minimum defence ---------------------------------------------------------------

    def defend(self, situation: Situation, action: Action) -> Action:
        """A fold against a seen bet becomes the cheapest way on (show, call, cover) when the
        hand is in the share a bluff must not win: the bet's minimum defence, in proportion to
        how often this bettor bets big (one who bets big on most hands has a wide range).
        Any fold where a show or a cover costs nothing (no chips left) becomes it: a hand kept
        in for nothing may still win, and no read of the others is certain."""
        if not isinstance(action, Fold):
            return action
        for verb in ("show", "cover"):
            if situation.has(verb) and situation.option(verb).low == 0:
                return situation.action(verb)
        if situation.blind or situation.level is None:
            return action
        if any(situation.has(verb) for verb in ("answer", "agree", "keep", "stay")):
            return action
        bet = facing_bet(situation)
        if bet is None or not calls_defend(situation):
            return action
        defence = minimum_defence(bet.amount, bet.pot - bet.amount, len(situation.opponents))
        defence *= defended_share(self.bold_share(bet.seat))
        # A bettor who folds part of its seen hands bets from the rest: a hand below the
        # weakest of those beats none of them, and calling with it defends nothing.
        floor = max(1 - defence, self.kept_from(bet.seat) or 0.0)
        if situation.strength.table.percentile(situation.level) < floor:
            return action
        for verb in ("show", "bet", "cover"):
            if situation.has(verb):
                return situation.action(verb)
        return action

    # --- chances ---------------------------------------------------------------------------

    def win_chance(self, situation: Situation, against: Sequence[int] | None = None) -> float:
        """Chance of beating the opponents (all still in, or the seats named): random hands,
        except that an opponent who raised seen this deal holds a hand in the top part."""
        views = {view.seat: view for view in situation.opponents}
        seats = list(views) if against is None else list(against)
        level = situation.level
        if level is None:
            return situation.chance(len(seats))
        raisers = [
            seat
            for seat in seats
            if seat in views
            and self.shown_strength(situation, seat, views[seat].blind) >= RAISED_STRENGTH
        ]
        percentile = situation.strength.table.percentile(level)
        raiser_floor = RAISER_FLOOR.get(Family(situation.family), RAISER_FLOOR[Family.TEEN_PATTI])
        floors = {seat: raiser_floor for seat in raisers}
        for seat in seats:
            kept = self.kept_floor(situation, views[seat]) if seat in views else None
            if kept is not None and seat not in floors:
                floors[seat] = kept
        chance = situation.chance(len(seats) - len(floors))
        for floor in floors.values():
            chance *= min(1.0, max(0.0, (percentile - floor) / (1 - floor)))
        return chance

    # --- Teen Patti ------------------------------------------------------------------------

    def _teen_patti(self, situation: Situation, rng: random.Random) -> Action:
        if situation.has("answer"):
            asker = _sideshow_asker(situation.observation)
            chance = self.win_chance(situation, [asker] if asker is not None else None)
            accept = chance >= 0.55 + self.profile.tightness
            return AnswerSideshow(situation.me.seat, accept)
        if situation.blind:
            return self._blind(situation, rng)
        standoff = blind_standoff(situation) and self._stays_blind(situation)
        if standoff and len(situation.opponents) == 1:
            return against_blind(situation, self.win_chance(situation))
        return self._seen(situation, rng)

    def _blind(self, situation: Situation, rng: random.Random) -> Action:
        """Stay blind while a blind bet is cheap and the opponents' play shows no strength.

        Looking is free and a seen hand can fold a loser, so the bot looks when a seen opponent's
        bets say it is beaten. With no blind bet left (too few chips) it shows blind for what it
        has (the all-in show) against a blind opponent, and looks first against a seen one.
        """
        looks = situation.options.get("look", [])
        if not situation.has("bet"):
            facing_seen = any(not view.blind for view in situation.opponents)
            if situation.has("show") and not (facing_seen and looks):
                return situation.action("show")
            if looks:
                return looks[rng.randrange(len(looks))].action
            return Fold(situation.me.seat)
        if looks and (
            self.outgunned(situation)
            or blind_war_over(situation)
            or self._priced_by_an_opener(situation)
        ):
            return looks[rng.randrange(len(looks))].action
        if self._cheap(situation) or not looks:
            option = situation.option("bet")
            if len(situation.opponents) > 1 and self._a_seen_player_to_come(situation):
                return situation.bet(option.low)
            if blind_standoff(situation):
                # A war of attrition: every blind player pays the stake each round. The first to
                # act in a round raises it, so everyone pays the same that round and the war
                # ends in a few rounds; anyone else raising would pay more than the rest.
                # Heads-up a raise answers only a bet at the stake: raising over a raise each
                # turn pays more than the other player and runs out first, to show for the rest
                # (a never-look raiser won +0.48 boots a deal from hard that way).
                if len(situation.opponents) == 1:
                    raises = not last_bet_raised(situation.observation)
                else:
                    raises = round_leader(situation.observation) == situation.me.seat
                return situation.bet(option.high if raises else option.low)
            return situation.bet(option.high if self._bold_blind(situation, rng) else option.low)
        return looks[rng.randrange(len(looks))].action

    def _stays_blind(self, situation: Situation) -> bool:
        """Whether every opponent still in is blind and none looks at its first turn: a seen
        hand heads-up then plays a blind one to the end (against_blind). One that looks at once
        is a seen player to come (issue 46: against a caller who looked at once the bots folded
        even hands before its turn, reckoning on a blind war it would never play)."""
        return facing_only_blind(situation) and not self._a_seen_player_to_come(situation)

    def _a_seen_player_to_come(self, situation: Situation) -> bool:
        """Whether an opponent still blind looks at its first turn (Boldness.looks_at_once).
        At a table of three or more the bot then makes no blind raise, a standoff's nor its
        personality's: the raise builds a pot for a seen player who chooses its hands (issue
        46: at a full Brag table the first blind hard raised every standoff to the blind
        maximum, and a tight caller who looked at once and kept its top quarter over the raise
        collected the blind money, tying four hards)."""
        return any(self.looks_at_once(view.seat) for view in situation.opponents)

    def _priced_by_an_opener(self, situation: Situation) -> bool:
        """Teen Patti, three or more in: whether an opponent who opens big on nearly every hand
        raised blind this deal, pricing every blind turn up (as _bold_blind never does): then look,
        and fold what loses (issue 46: a blind opener tied four hards who paid its stake blind)."""
        if situation.family != Family.TEEN_PATTI or len(situation.opponents) < 2:
            return False
        openers = {view.seat for view in situation.opponents if self.opens_big(view.seat)}
        return bool(openers) and raised_blind_by(situation.observation, openers)

    def _bold_blind(self, situation: Situation, rng: random.Random) -> bool:
        """Whether this blind bet is a raise: now and then, as the personality's aggression,
        but never at a Teen Patti table of three or more. There a blind raise is a coin flip's
        stake for everyone, and the stakes it doubles price the seen rounds out of reach (a
        blind stake of 64 boots leaves a seen player short of the 128-boot chaal, to fold a
        pair) while a seen player who kept only its best hands collects the pot it built."""
        if situation.family == Family.TEEN_PATTI and len(situation.opponents) > 1:
            return False
        return rng.random() < 0.15 * self.profile.aggression

    def outgunned(self, situation: Situation) -> bool:
        """Whether an unseen hand is a clear underdog to what the opponents' bets show."""
        fair = 0.5 ** len(situation.opponents)
        return self.blind_chance(situation) < LOOK_BELOW * fair

    def blind_chance(self, situation: Situation) -> float:
        """Chance an unseen hand beats the opponents still in, as far as their bets tell
        (medium's reading: a seen opponent who raised this deal holds a top-quarter hand)."""
        chance = 1.0
        for view in situation.opponents:
            chance *= 1 - self.shown_strength(situation, view.seat, view.blind)
        return chance

    def shown_strength(self, situation: Situation, seat: int, blind: bool) -> float:
        """The strength percentile an opponent's play this deal suggests (0.5: nothing known)."""
        if blind:
            return 0.5
        raised = raised_blind = False
        rules = situation.observation.rules
        stake = opening_stake(rules)
        most = rules.max_bet if isinstance(rules, BragRules) else None
        for event in situation.observation.history:
            if isinstance(event, BetPlaced) and event.seat == seat:
                at_most = isinstance(most, int) and not event.blind and event.amount >= most
                if event.stake > stake or at_most:
                    raised_blind |= event.blind
                    raised |= not event.blind
            if isinstance(event, BetPlaced):
                stake = event.stake
        multiway = dealt_in(situation.observation) > 2
        if raised and (not raised_blind or (multiway and situation.family in READS_WHAT_IS_PLAYED)):
            # A raise made seen says what a blind raise could not; a bettor who bets big on
            # most hands shows less by it: its range is its share. Heads-up medium keeps the
            # older read (hard's blind-then-seen raises beat it there: the ladder's step).
            return min(RAISED_STRENGTH, 1 - self.bold_share(seat) / 2)
        return 0.6 if raised else 0.55  # one who raised blind, not knowing its cards, raises anyway

    def _cheap(self, situation: Situation) -> bool:
        """Whether another blind bet is worth making: always against only blind players in Teen
        Patti and in a blind standoff, else within the bot's blind turns and share of its
        stack."""
        if blind_standoff(situation):
            return not self._leaves_standoff(situation)
        if blind_limit(situation) is not None and facing_only_blind(situation):
            return True  # blind against blind up to the limit: nobody's bets say anything
        if self._looks_at_seen(situation):
            return False
        cost = situation.option("bet").low if situation.has("bet") else 0
        turns, fraction = self._blind_limits(situation)
        budget = situation.me.stack * fraction
        return cost <= max(budget, 1) and situation.blind_turns() < turns

    def _looks_at_seen(self, situation: Situation) -> bool:
        """Whether to look at once against a seen bettor: medium does not (seen, with no model of
        the bettor, it plays worse than its blind hand pays: medium over easy heads-up fell from
        +3,035 to +2,541 milli-boots a deal when it did)."""
        return False

    def _leaves_standoff(self, situation: Situation) -> bool:
        """In a blind standoff at a table of three or more, whether to look now, after the
        bot's own blind turns. In Teen Patti where a short player may show for what it has or
        cover the pot, it always does: a seen player plays a good hand to the end (its last
        chips show the blind one), so blind bets only build a pot for whoever sees first and
        keeps its best hands (a plan that did won +3.23 boots a deal from four hards that stayed
        blind, and a player who never looked lost 27 boots a deal to four that left). Where a
        short seen player must pack, a blind one outlasts it: the bot stays unless an opponent
        still in is a leaver (it looks after a few blind turns and keeps only its best hands
        while the others stay blind to the end)."""
        if len(situation.opponents) < 2 or situation.blind_turns() < self.profile.blind_turns:
            return False
        if situation.family == Family.TEEN_PATTI and shows_when_short(situation.observation.rules):
            return True
        return any(self.standoff_watch.leaves(view.seat) for view in situation.opponents)

    def _blind_limits(self, situation: Situation) -> tuple[int, float]:
        """How many blind turns, and what share of the stack a blind bet may cost (Teen Patti
        with a blind limit: up to the limit, since it ends blind play anyway)."""
        turns, fraction = self.profile.blind_turns, self.profile.cheap_fraction
        limit = blind_limit(situation)
        if limit is not None:
            return max(turns, limit), max(fraction, LIMITED_BLIND_SHARE)
        if situation.family == Family.BRAG and not facing_only_blind(situation):
            # A blind player left alone does not win in Brag (the pot carries), so against a
            # seen player, who may fold, the bot looks at once to be able to take the pot.
            return 0, fraction
        return turns, fraction

    def _seen(self, situation: Situation, rng: random.Random) -> Action:
        """Bet, show, sideshow or fold by chance against pot odds."""
        chance = self.win_chance(situation)
        pot = situation.pot
        tight = self.profile.tightness
        war = self.end_war(situation, chance)
        if war is not None:
            return war
        if situation.has("bet") and chance >= self.value_from(situation):
            return situation.bet(self.value_bet(situation, chance))
        if situation.has("show") and chance >= 0.5 + tight:
            return situation.action("show")
        if situation.has("bet"):
            option = situation.option("bet")
            need = min(0.9, 1.5 * option.low / (pot + option.low)) + tight
            if chance >= need:
                # A sideshow costs a chaal: asked only where the chaal is worth it anyway (a
                # hand that beats the asked player but not a raiser would pay every raise).
                if situation.has("sideshow"):
                    target = _previous_bettor(situation)
                    against = [target] if target is not None else None
                    if self.win_chance(situation, against) >= 0.5 + tight:
                        return situation.action("sideshow")
                return situation.action("bet")
            bluff = self.bluff(situation, rng)
            if bluff is not None:
                return bluff
        if not situation.has("bet"):
            return short_of_chips(situation, chance)
        return Fold(situation.me.seat)

    def end_war(self, situation: Situation, chance: float) -> Action | None:
        """In a war of seen bets below an even chance: show (Brag: see) where the pot pays
        (None: go on). A bet at the stake does not end the hand: against players who bet on
        whatever they hold, calling by pot odds below an even chance pays every round, up to
        the pot limit or the last chip. Hard ends a war so in Brag too (its `_brag_seen`)."""
        tight = self.profile.tightness
        if chance < 0.5 + tight and in_chaal_war(situation) and show_pays(situation, chance):
            return situation.action("show")
        return None

    def value_from(self, situation: Situation) -> float:
        """The chance of beating the players still in from which this bot bets for value."""
        family = Family(situation.family)
        return VALUE_FROM.get(family, VALUE_FROM[Family.TEEN_PATTI]) + self.profile.tightness

    def value_bet(self, situation: Situation, chance: float) -> int:
        """The size of a value bet at this chance: from the smallest bet at `value_from` to the
        largest VALUE_SPREAD above it (Brag: up to twice the smallest, at most the pot more)."""
        option = situation.option("bet")
        excess = chance - self.value_from(situation)
        share = min(1.0, max(0.0, excess / VALUE_SPREAD * self.profile.aggression))
        if situation.family == Family.BRAG:
            return round(min(option.low * (1 + share), option.low + situation.pot))
        return option.low + round((option.high - option.low) * share)

    def may_bluff(self, situation: Situation) -> bool:
        """Whether a bluff may be tried: never into a player whose own seen raise shows a
        strong hand, nor (unless bluffs_keepers) into one read as betting only the hands it
        kept (kept_floor): neither folds."""
        return situation.has("bet") and not any(
            self.shown_strength(situation, view.seat, view.blind) >= RAISED_STRENGTH
            or (not self.bluffs_keepers and self.kept_floor(situation, view) is not None)
            for view in situation.opponents
        )

    def bluff(self, situation: Situation, rng: random.Random) -> Action | None:
        """A bluff with a hand that would fold, balanced against this bot's value bets.

        Its size is that of a value bet drawn from the bot's value range (the hands whose table
        chance reaches `value_from`), so a big bet is a bluff as often as a small one; it is
        made as often as puts bluffs at the game-theory share b/(P+2b) of the bets of that size,
        so a caller holding a hand that beats only bluffs gains nothing by calling, and one who
        calls everything pays the value bets (None: no bluff this time).
        """
        if not self.may_bluff(situation):
            return None
        table = situation.strength.table
        value = value_range(table, len(situation.opponents), self.value_from(situation))
        if not value:
            return None
        chances, weights = zip(*value, strict=True)
        drawn = rng.choices(chances, weights)[0]
        amount = situation.bet(self.value_bet(situation, drawn))
        assert isinstance(amount, Bet)
        rate = min(0.49, bluff_rate(amount.amount, situation.pot) * self.profile.bluffing)
        mass = sum(weights)
        often = min(MOST_BLUFFING, mass * rate / (1 - rate) / max(0.05, 1 - mass))
        return amount if rng.random() < often else None

    # --- Brag ------------------------------------------------------------------------------

    def _brag(self, situation: Situation, rng: random.Random) -> Action:
        count = len(situation.opponents)
        if situation.has("keep"):
            above = self.win_chance(situation) >= 1 / (count + 1) + self.profile.tightness / 2
            return KeepHand(situation.me.seat, above)
        if situation.has("choose"):
            return rng.choice(list(situation.legal)).action
        if situation.has("stay"):
            if self.win_chance(situation) >= 0.3 + self.profile.tightness:
                return situation.action("stay")
            return Fold(situation.me.seat)
        if situation.has("agree"):
            agree = not situation.blind and self.win_chance(situation) >= 1 / (count + 1)
            return AnswerShowdown(situation.me.seat, agree)
        if situation.blind:
            looks = situation.options.get("look", [])
            if len(looks) == 2:
                return looks[0].action
            return self._blind(situation, rng)
        if len(situation.opponents) == 1 and self._stays_blind(situation):
            # "You cannot see a blind man."
            return against_blind(situation, self.win_chance(situation))
        if situation.has("propose") and self.win_chance(situation) >= 0.6 and rng.random() < 0.3:
            return situation.action("propose")
        return self._brag_seen(situation, rng)

    def _brag_seen(self, situation: Situation, rng: random.Random) -> Action:
        chance = self.win_chance(situation)
        war = self.end_war(situation, chance)
        if war is not None:
            return war
        pot = situation.pot
        tight = self.profile.tightness
        if situation.has("bet") and chance >= self.value_from(situation):
            return situation.bet(self.value_bet(situation, chance))
        if situation.has("show"):
            cost = situation.option("show").low
            if chance >= 0.5 + tight and chance * (pot + cost) > cost:
                return situation.action("show")
        if situation.has("bet"):
            option = situation.option("bet")
            need = min(0.9, 1.5 * option.low / (pot + option.low)) + tight
            if chance >= need:
                return situation.action("bet")
            bluff = self.bluff(situation, rng)
            if bluff is not None:
                return bluff
        if situation.has("cover") and chance >= 0.45 + tight:
            return situation.action("cover")
        return Fold(situation.me.seat)


def folded_below(weights: Sequence[float], fold: float) -> float:
    """The percentile below which a share `fold` of a modelled range lies (equal buckets from
    the weakest up): a seen player who folds that often to a bet folds its weakest hands."""
    total = sum(weights)
    if total <= 0 or fold <= 0:
        return 0.0
    below = 0.0
    for bucket, weight in enumerate(weights):
        share = weight / total
        if share > 0 and below + share >= fold:
            return (bucket + (fold - below) / share) / len(weights)
        below += share
    return 1.0


def short_of_chips(situation: Situation, chance: float) -> Action:
    """Too few chips to bet: show or cover the pot with what is left when the pot pays for it,
    else fold (MediumBot.defend turns a fold where a show or a cover is free into it)."""
    for verb in ("show", "cover"):
        if situation.has(verb):
            cost = situation.option(verb).low
            if chance * (situation.pot + cost) > cost:
                return situation.action(verb)
    return Fold(situation.me.seat)


def selective_floor(share: float) -> float | None:
    """The percentile a bettor who bets on a share `share` of its seen hands holds at least (one
    of its top `share`), if it folds at least SELECTIVE of them; None otherwise."""
    floor = 1 - share
    return floor if floor >= SELECTIVE else None


def seen_decision(event: object, looked: Collection[int]) -> bool:
    """Whether an event is a choice its player made after looking: a seen bet, a show, a
    sideshow asked, or the fold of a seen hand (`looked`: the seats that have looked)."""
    if isinstance(event, BetPlaced):
        return not event.blind
    if isinstance(event, Folded):
        return event.seat in looked
    return isinstance(event, ShowPaid | SideshowAsked)


def reads_selective_bettors(situation: Situation) -> bool:
    """Whether medium reads a seen bettor as holding the top share of the hands it bets on
    (see READS_WHAT_IS_PLAYED): in Teen Patti, and in Brag at a table of three or more, where a
    player who looked after one blind turn and played only its best 30 % reached zero against
    four mediums without it (+1.63 boots a deal; -0.47 with it, hard over medium unchanged)."""
    return situation.family in READS_WHAT_IS_PLAYED or before_a_see(situation)


def before_a_see(situation: Situation) -> bool:
    """Brag with three or more still in: nobody may see until two are left, so a bet is only
    answered by the next round."""
    return situation.family == Family.BRAG and len(situation.opponents) > 1


def future_rounds(situation: Situation) -> float:
    """How many more rounds of the same bet a continuing hand is counted to pay and win."""
    return BRAG_TABLE_ROUNDS if before_a_see(situation) else FUTURE_ROUNDS


def calls_defend(situation: Situation) -> bool:
    """Whether calling a seen bet defends against a bluff: not before a see in Brag. There a bet
    is capped while the pot grows, so the minimum defence would grow to every hand, and a call
    reaches no show: the bettor bets again, and the callers of weak hands pay whoever plays only
    strong ones (a player who played its best 30 % at the maximum won +3.57 boots a deal from
    four hards that called it down)."""
    return not before_a_see(situation)


def against_blind(situation: Situation, chance: float) -> Action:
    """Seen, heads-up, against a blind player the rules forbid it to show (see).

    The seen player pays double, so the hand is decided only when someone runs out of
    chips: the blind player, who then shows; or the seen player, who then shows for what it
    has (Teen Patti, where the house rules let a short player show) or covers the pot
    (Brag), the blind player having paid half as much meanwhile. Bet on only when reaching
    that end is worth its whole cost, else fold now rather than pour chips into a pot it
    cannot contest. `chance`: of beating the blind player.
    """
    opponent, me = situation.opponents[0], situation.me
    if not situation.has("bet"):
        return short_of_chips(situation, chance)
    cost = situation.option("bet").low
    if situation.family == Family.TEEN_PATTI:
        stake = max(1, situation.observation.stake)
        rounds = math.ceil(opponent.stack / stake) if opponent.stack else 0
        needed, matched = cost * max(1, rounds), opponent.stack
        if needed > me.stack:
            if not shows_when_short(situation.observation.rules):
                return Fold(me.seat)  # it would have to pack when short
            needed, matched = me.stack, min(opponent.stack, me.stack // 2)
    else:
        needed = min(me.stack, 2 * opponent.stack)  # a blind bet counts double
        matched = needed // 2
    value = chance * (situation.pot + matched) - (1 - chance) * needed
    return situation.action("bet") if value > 0 else Fold(me.seat)


def raised_blind_by(observation: Observation, seats: set[int]) -> bool:
    """Whether one of these seats raised the stake with a blind bet this deal."""
    stake = opening_stake(observation.rules)
    for event in observation.history:
        if isinstance(event, BetPlaced):
            if event.seat in seats and event.blind and event.stake > stake:
                return True
            stake = event.stake
    return False


def last_bet_raised(observation: Observation) -> bool:
    """Whether the deal's last bet raised the stake."""
    stake, raised = opening_stake(observation.rules), False
    for event in observation.history:
        if isinstance(event, BetPlaced):
            raised, stake = event.stake > stake, event.stake
    return raised


def opening_stake(rules: Rules | None) -> int:
    """The first stake of a pot game's deal: Teen Patti's boot, Brag's smallest bet (else 1)."""
    if isinstance(rules, TeenPattiRules):
        return rules.boot
    if isinstance(rules, BragRules):
        return rules.min_bet
    return 1


def blind_limit(situation: Situation) -> int | None:
    """The Teen Patti blind limit of the table (None: no limit, or not Teen Patti)."""
    if situation.family != Family.TEEN_PATTI:
        return None
    rules = situation.observation.rules
    return rules.blind_limit if isinstance(rules, TeenPattiRules) else None


def facing_only_blind(situation: Situation) -> bool:
    """Every opponent still in is blind: their bets say nothing of their cards."""
    return bool(situation.opponents) and all(view.blind for view in situation.opponents)


def blind_standoff(situation: Situation) -> bool:
    """Every opponent still in is blind and no blind limit will make them look.

    A seen player may not show (Brag: see) a blind one and pays double, so against blind
    players the first to look pays double until someone runs out: heads-up the bots stay
    blind; at a full table they leave after their own blind turns where a short seen player
    may show for what it has (MediumBot._leaves_standoff). Brag has no blind limit, but there
    the standoff is bounded, below.
    """
    if not facing_only_blind(situation):
        return False
    if situation.family == Family.TEEN_PATTI:
        return blind_limit(situation) is None
    # Brag at a full table: someone else may fold first, so the standoff lasts while it has
    # cost under a quarter of the stack (measured against never-looking players at 5 seats).
    # Heads-up a blind player left alone does not win (the pot carries), so no standoff there:
    # a heads-up standoff lost hard 66 boots a deal to medium in the ladder.
    return len(situation.opponents) > 1 and situation.me.committed < situation.me.stack / 4


def in_chaal_war(situation: Situation, bets: int = CHAAL_WAR_BETS) -> bool:
    """Seen, against seen opponents who have each bet seen `bets` times this deal."""
    if situation.blind or not situation.opponents:
        return False
    counts = seen_bets(situation.observation)
    return all(not view.blind and counts.get(view.seat, 0) >= bets for view in situation.opponents)


def round_leader(observation: Observation) -> int | None:
    """The first seat still in to act in each betting round: the dealer's next live seat."""
    count = len(observation.seats)
    rules = observation.rules
    counterclockwise = (
        isinstance(rules, TeenPattiRules | BragRules) and rules.deal_direction == "counterclockwise"
    )
    step = -1 if counterclockwise else 1
    for offset in range(1, count + 1):
        view = observation.seats[(observation.dealer + offset * step) % count]
        if view.playing and not view.folded:
            return view.seat
    return None


def facing_bet(situation: Situation) -> BetPlaced | None:
    """The last seen bet of an opponent, if it came after this seat's own last bet."""
    seat = situation.me.seat
    for event in reversed(situation.observation.history):
        if isinstance(event, BetPlaced):
            if event.seat == seat:
                return None
            if not event.blind:
                return event
    return None


def _sideshow_asker(observation: Observation) -> int | None:
    for event in reversed(observation.history):
        if isinstance(event, SideshowAsked):
            return event.seat
    return None


def _previous_bettor(situation: Situation) -> int | None:
    last = situation.last_bet()
    return None if last is None else last.seat


# --- hard: a model of every opponent (game/bots/opponents.py) ------------------------------


class HardBot(MediumBot):
    """Medium plus a model of every opponent, and the best one-step expected value."""

    name = "hard"
    banked: BankedPolicy = BANKED_POLICIES["hard"]
    bluffs_keepers = True

    def __init__(self, profile: Profile | None = None) -> None:
        super().__init__(profile)
        self.models: dict[int, OpponentModel] = {}
        self._deal: int | None = None
        self._deal_over = False
        self._read = 0
        self._stake = 0
        self._table: StrengthBuckets | None = None
        self._pending: dict[int, int] = {}
        self._raised = False
        self._raised_blind = False
        self._raised_into_one = False
        self._out_so_far: set[int] = set()
        self._seen_bets: dict[int, SeenBet] = {}
        # The seats that went on seen against a raise of this bot's this deal (`seen_bet`).
        self._went_on: set[int] = set()
        # Each opponent's seen decisions this deal up to the event being read (the watcher's
        # count in MediumBot has read the whole history by then).
        self._decisions_read: dict[int, int] = {}
        # The opponents whose bets of this deal were read up to the event being read.
        self._bettors_read: set[int] = set()
        # The deal's opening stake, as the events read start from it.
        self._opening_stake_read = 0

    # --- reading the opponents -------------------------------------------------------------

    def notice(self, observation: Observation) -> None:
        """Update the opponent models from the events since the last look."""
        super().notice(observation)
        if not is_pot_game(observation.family) or observation.viewer is None:
            return
        new_deal = observation.deal_number != self._deal or self._deal_over
        if self._table is None or (new_deal and observation.table_cards):
            situation = read(observation, ())  # an open joker changes the ranking every deal
            self._table = strength_buckets(situation.strength.table)
        if new_deal:
            # A new deal (a fresh table may number its first deal 1 again): beliefs start over.
            self._deal = observation.deal_number
            self._deal_over = False
            self._read = 0
            self._pending = {}
            self._out_so_far = set()
            self._seen_bets = {}
            self._went_on = set()
            self._decisions_read = {}
            self._bettors_read = set()
            self._stake = opening_stake(observation.rules)
            self._opening_stake_read = self._stake
            for model in self.models.values():
                model.weights = list(self._table.prior())
                model.predicted = None
                model.bets_seen = 0
                model.floored = False
                model.called_bands = []
        history = observation.history
        for event in history[self._read :]:
            self._update(observation, event)
        self._read = len(history)

    def deal_ended(self, observation: Observation) -> None:
        """Learn from the hands shown at the end of the deal; the next look starts a new one."""
        if self._deal_over:
            return
        self.notice(observation)
        super().deal_ended(observation)
        self._deal_over = True

    def _model(self, seat: int) -> OpponentModel:
        model = self.models.get(seat)
        if model is None:
            assert self._table is not None
            model = self.models[seat] = OpponentModel(list(self._table.prior()))
        return model

    def _update(self, observation: Observation, event: object) -> None:
        me = observation.viewer
        if isinstance(event, DealStarted):
            return
        seat = getattr(event, "seat", None)
        if isinstance(event, SideshowCompared):
            if me in (event.asker, event.target):
                other = event.target if me == event.asker else event.asker
                cards = event.target_cards if me == event.asker else event.asker_cards
                self._reveal(observation, other, cards)
            return
        if isinstance(event, Folded) and isinstance(seat, int):
            self._out_so_far.add(seat)
        if isinstance(event, BetPlaced) and seat == me:
            # Those still in when the bet was made (the events are read after the fact, so the
            # observation's folds may be later ones: a fold in answer to this very bet).
            band = pressure_band(event.amount, max(1, event.pot - event.amount))
            self._pending = {other: band for other in self._still_in(observation) if other != me}
            # A raise into one opponent teaches and reads the answers to raises; into several,
            # only those of a seat that opens big on nearly every hand (reads_by_decision): at
            # a full table a call answers several bettors (the read of every seat there cost
            # the expert's and hard's steps of the 5-seat ladder).
            self._raised = event.stake > self._stake
            self._raised_blind = event.blind
            self._raised_into_one = len(self._pending) == 1
        if not isinstance(seat, int) or seat == me:
            if isinstance(event, BetPlaced):
                self._stake = event.stake
            return
        model = self._model(seat)
        if seen_decision(event, self._looked):
            self._decisions_read[seat] = self._decisions_read.get(seat, 0) + 1
        before_first_bet = seat not in self._bettors_read
        if isinstance(event, BetPlaced):
            self._bettors_read.add(seat)
        responded = isinstance(event, (BetPlaced, Folded, ShowPaid))
        faced = self._pending.pop(seat, None) if responded else None
        called: float | None = None
        by_decision = False  # (read only for an answer to this bot's bet)
        if faced is not None:
            # Heads-up, or a seat that plays every hand: read by what it keeps.
            by_decision = self.reads_by_decision(observation, seat)
            # A blind player may fold unseen: that fold is a blind one.
            blind = event.blind if isinstance(event, BetPlaced) else seat not in self._looked
            raised_over = self._raised and (self._raised_into_one or by_decision)
            # A seat that plays every hand may make its first bet whatever was raised before
            # it (read as going on against a raise, a Brag blind opening that lifts the stake
            # by its rounding made hard count the folding caller so), or fold most hands there
            # (the tight caller, issue 46): its answers there are counted apart, and only its
            # later ones are answers to a raise.
            kind = self._raise_kind(seat, before_first_bet, self._raised_blind)
            raised = raised_over and kind != RaiseKind.BEFORE_FIRST_BET
            # An opener's first answer to a raise is counted apart from its answers to bets at
            # the stake (it folds to the one, never to the other); once it went on against a
            # raise, its answers are counted as those of a player who chose to play on.
            went_on = seat in self._went_on
            apart = raised and not blind and not went_on and self.plays_every_hand(seat)
            if not apart:
                counts = model.folds.setdefault((blind, faced, self.seen_bet(seat)), [0, 0])
                counts[0] += isinstance(event, Folded)
                counts[1] += 1
            if raised_over and not blind and not went_on:
                answers = model.raise_answers.setdefault((kind, faced), [0, 0])
                answers[0] += isinstance(event, Folded)
                answers[1] += 1
            if not isinstance(event, Folded) and not blind:
                model.called_bands.append(faced)
                answered = raised_over and not went_on
                called = self._kept_against(model, faced, kind) if answered else None
                # Once it went on against a seen raise, a seat read by what it keeps has its
                # later answers counted apart (`seen_bet`): it keeps what it called with (issue
                # 46: a caller who folded most hands to a first raise and no hand to the next
                # ones was read as folding to every raise, and raised to the stacks; at a full
                # table the read cost the expert's step over hard).
                if apart or (raised and kind == RaiseKind.SEEN and by_decision):
                    self._went_on.add(seat)
        if isinstance(event, BetPlaced):
            if not event.blind:
                big = big_bet(event, self._stake, observation.rules)
                self._seen_bets[seat] = SeenBet.BIG if big else SeenBet.AT_STAKE
                ratio = event.amount / max(1, self._stake)
                if observation.family == Family.TEEN_PATTI:
                    size = min(1.0, max(0.0, ratio / 2 - 1))
                else:
                    size = min(1.0, max(0.0, math.log2(max(1.0, ratio))))
                before = max(1, event.pot - event.amount)
                pressure = event.amount / (before + event.amount)
                threshold = WEIGHING[0] + WEIGHING[1] * pressure + WEIGHING[2] * size
                # No bet says more than the share of hands this bettor bets that way with:
                # big, or at all.
                # Heads-up, or from a seat that opens big on nearly every hand, a big bet after
                # the bettor's first seen decision is read by how often it bets big that far
                # (issue 46: an opener who bets big on every first bet and raises later only
                # with its best hands). Of every seat at a full table the read cost the
                # ladder's 5-seat steps.
                later = (
                    self.reads_by_decision(observation, seat)
                    and self._decisions_read.get(seat, 0) > 1
                )
                bold = self.later_bold_share(seat) if later else self.bold_share(seat)
                widest = 1 - (bold if big else self.betting_share(seat))
                reading = min(threshold + model.offset, widest)
                kept = None
                # A seat that plays every hand chooses its hands where a raise came before its
                # first bet: that bet is one of those it keeps there (issue 46: a tight caller
                # who kept its top quarter over a blind raise was paid to the stacks by hards
                # with lower pairs at a full Brag table).
                raised_before = self._stake > self._opening_stake_read
                if before_first_bet and raised_before and self.plays_every_hand(seat):
                    kept = self.kept_over_a_raise(seat)
                elif self._reads_what_is_played(observation):
                    kept = self.kept_at(seat, self._decisions_read[seat])
                if kept is not None and kept > reading:
                    reading = kept
                    model.floored = True
                floor = None
                if called is not None and called >= reading:
                    reading = called
                    floor = KEPT_FLOOR if by_decision else None
                self._weigh(model, reading, floor)
                model.bets_seen += 1
            self._stake = event.stake
        elif isinstance(event, ShowPaid) or (isinstance(event, SideshowAnswered) and event.accept):
            self._weigh(model, max(0.45 + model.offset, called or 0.0))
        elif isinstance(event, ShowdownAnswered) and event.agree:
            self._weigh(model, 0.4 + model.offset)
        elif isinstance(event, HandRevealed):
            self._reveal(observation, seat, event.cards)

    def reads_by_decision(self, observation: Observation, seat: int) -> bool:
        """Whether an opponent's calls of this bot's raises and its later big bets are read by
        what it kept and how often it bets big that far: heads-up, or at any table against a
        seat that opens big or calls on nearly every hand (plays_every_hand, issue 46). Against
        bots at a full table the reads cost the ladder's 5-seat steps, and no bot plays so."""
        return dealt_in(observation) == 2 or self.plays_every_hand(seat)

    def _raise_kind(self, seat: int, before_first_bet: bool, blind: bool) -> RaiseKind:
        """The kind of a raise of this bot's (made `blind` or seen) as `seat` answers it:
        before its first bet of the deal (for a seat that plays every hand), else blind or
        seen."""
        if before_first_bet and self.plays_every_hand(seat):
            return RaiseKind.BEFORE_FIRST_BET
        return RaiseKind.BLIND if blind else RaiseKind.SEEN

    def _kept_against(self, model: OpponentModel, band: int, kind: RaiseKind) -> float | None:
        """The percentile a seen player who went on against this bot's raise of `band` holds at
        least (None: not yet learned): not the weakest share it has folded to such raises. A player
        who calls on without showing is read by what it kept calling with (issue 46: a bold
        opener that folds four hands in five to a raise and calls with the rest holds the fifth
        it keeps); the bet's own read by size stands where it says more."""
        fold = model.raise_fold_rate(band, kind)
        if fold is None or fold < FOLDS_MOST:
            return None
        return min(0.95, folded_below(model.normalised(), fold))

    def _still_in(self, observation: Observation) -> list[int]:
        """The seats dealt in that had not folded by the event being read (the observation's
        folds may be later ones)."""
        return [
            view.seat
            for view in observation.seats
            if view.playing and view.seat not in self._out_so_far
        ]

    def _reads_what_is_played(self, observation: Observation) -> bool:
        """Brag with three or more still in: a seen bet is read as at least the top share of
        the hands its bettor bets on there (kept_at), once it folds a fifth of its seen hands;
        a tight player's minimum bet is not weakness but one of the hands it chose to play
        (read by its size and pressure only, a tight player who looked at once, played its best
        30 % and called every raise tied four hards). Elsewhere a bet is read by its size and
        pressure: heads-up the read lifted medium above hard in Brag (READS_WHAT_IS_PLAYED)."""
        return observation.family == Family.BRAG and len(self._still_in(observation)) > 2

    def kept_at(self, seat: int, decisions: int) -> float | None:
        """The percentile a selective seen bettor's bet at its `decisions`-th seen decision of
        the deal holds at least: hard reads every such bet as one of the hands it bets on at
        all (kept_from)."""
        return self.kept_from(seat)

    def seen_bet(self, seat: int) -> SeenBet:
        """An opponent's last seen bet this deal (its fold counts are kept apart by it); for one
        that went on against a raise of this bot's this deal, that it did."""
        if seat in self._went_on:
            return SeenBet.WENT_ON
        return self._seen_bets.get(seat, SeenBet.NONE)

    def fold_rate(self, seat: int, blind: bool, band: int, raises: bool) -> float:
        """How often an opponent folds to this bot's bet of pressure `band` (learned): a seat
        that opens big or calls on nearly every hand folds to a raise (`raises`) as it folded
        to this bot's raises before it went on against one this deal, and to a bet at the stake
        as it folded to those (issue 46: an opener who folds four hands in five to a raise and
        none to a chaal was read as folding half of them to either)."""
        model = self._model(seat)
        if raises and not blind and self.plays_every_hand(seat) and seat not in self._went_on:
            kind = self._raise_kind(seat, seat not in self._bettors_read, blind=False)
            return model.raise_fold_share(band, kind)
        return model.fold_rate(blind, band, self.seen_bet(seat))

    def _weigh(self, model: OpponentModel, threshold: float, floor: float | None = None) -> None:
        percentiles = [(bucket + 0.5) / BUCKETS for bucket in range(BUCKETS)]
        for bucket, factor in enumerate(likelihood(percentiles, threshold, floor)):
            model.weights[bucket] *= factor
        model.predicted = model.mean_percentile()

    def _reveal(self, observation: Observation, seat: int, cards: Sequence[object]) -> None:
        known = [card for card in cards if isinstance(card, Card)]
        if self._table is None:
            return
        situation = read(observation, ())
        if len(known) not in (3, situation.strength.cards):
            return  # (a four-card hand valued as dealt, or three kept of four)
        level = situation.strength.level(known)
        model = self._model(seat)
        actual = situation.strength.table.percentile(level)
        if model.bets_seen and model.predicted is not None and not model.floored:
            # The offset calibrates the read by size; a deal read by the kept share would
            # teach it that floor's error instead (the expert's offset for hard fell from
            # -0.01 to -0.20 once it read Teen Patti chaals so, and undercut its other reads).
            error = actual - model.predicted
            model.offset = max(-0.3, min(0.3, model.offset + 0.2 * error))
        for band in model.called_bands:
            total = model.shown.setdefault(band, [0.0, 0.0])
            total[0] += actual
            total[1] += 1
        model.called_bands = []
        model.weights = [0.0] * BUCKETS
        model.weights[self._table.bucket_of(level)] = 1.0
        model.bets_seen = 0
        model.floored = False

    # --- chances from the models -----------------------------------------------------------

    def _against(self, situation: Situation, seat: int, level: int) -> float:
        assert self._table is not None
        beats = self._table.beats(level)
        weights = self._model(seat).normalised()
        return sum(weight * beat for weight, beat in zip(weights, beats, strict=True))

    def win_chance(self, situation: Situation, against: Sequence[int] | None = None) -> float:
        """Chance of beating the opponents given their modelled hands."""
        seats = [view.seat for view in situation.opponents] if against is None else list(against)
        level = situation.level
        if level is None or self._table is None or not seats:
            return super().win_chance(situation, against)
        chance = 1.0
        for seat in seats:
            chance *= self._against(situation, seat, level)
        table = situation.strength.table
        single = table.chance(level, 1)
        if len(seats) > 1 and single > 0:
            chance *= min(1.2, max(0.5, table.chance(level, len(seats)) / single ** len(seats)))
        return min(1.0, chance)

    def _blind_limits(self, situation: Situation) -> tuple[int, float]:
        """Teen Patti rewards blind play (a seen player pays double): stay blind far longer."""
        turns, fraction = super()._blind_limits(situation)
        if situation.family == Family.TEEN_PATTI:
            return turns + HARD_BLIND[0], fraction + HARD_BLIND[1]
        if facing_only_blind(situation):
            return turns, fraction  # Brag against blind players: their bets say nothing
        return max(0, turns + HARD_BLIND[2]), fraction

    def _looks_at_seen(self, situation: Situation) -> bool:
        """Teen Patti with a blind limit, against seen players who bet and each keep only part
        of their hands (any others still in blind): look rather than bet blind. A blind hand is
        an underdog to the kept hands and can only pay, while a seen one folds what loses and
        raises what wins (a tight minimum bettor that folds a sixth of its hands beat hard's
        blind turns heads-up, +1.18 boots a deal in `joker`, and tied four of them at 5 seats).
        Against one who plays every hand blind play pays half for an even chance; without a
        blind limit the blind player outlasts a seen one, who may not show it."""
        if situation.family != Family.TEEN_PATTI or blind_limit(situation) is None:
            return False
        seen = [view.seat for view in situation.opponents if not view.blind]
        return bool(seen) and all(
            seat in self._bet_seen and 1 - self.betting_share(seat) >= KEEPS_PART for seat in seen
        )

    def shown_strength(self, situation: Situation, seat: int, blind: bool) -> float:
        """The modelled strength percentile of an opponent (its bets narrow the model)."""
        if self._table is None:
            return super().shown_strength(situation, seat, blind)
        return self._model(seat).mean_percentile()

    # --- one-step expected value -----------------------------------------------------------

    def _seen(self, situation: Situation, rng: random.Random) -> Action:
        war = self.end_war(situation, self.win_chance(situation))
        return war if war is not None else self._best(situation, rng)

    def _brag_seen(self, situation: Situation, rng: random.Random) -> Action:
        """As in Teen Patti: a war of seen bets below an even chance ended by a see where the pot
        pays (end_war), else the best one-step value. Its value of a bet counts rounds to come
        but not the see that must end them: against a caller who never sees, hard bet a hand
        under the caller's kept fifth to the stacks (issue 46, `four_card_brag`)."""
        return self._seen(situation, rng)

    def _best(self, situation: Situation, rng: random.Random) -> Action:
        """The legal action with the best one-step expected value."""
        level = situation.level
        if level is None or self._table is None:
            return super()._seen(situation, rng)
        pot = situation.pot
        chance = self.win_chance(situation)
        candidates: list[tuple[float, Action]] = [(0.0, Fold(situation.me.seat))]
        for verb in ("show", "cover"):
            if situation.has(verb):
                cost = situation.option(verb).low
                ties_lost = SHOW_TIES if verb == "show" else 0.0
                value = (chance - ties_lost) * (pot + cost) - cost
                candidates.append((value, situation.action(verb)))
        if situation.has("sideshow"):
            target = _previous_bettor(situation)
            cost = situation.option("sideshow").low
            if target is not None:
                duel = self.win_chance(situation, [target])
                value = self._bet_value(situation, level, cost) + 0.5 * (duel - 0.5) * pot
                candidates.append((value, situation.action("sideshow")))
        if situation.has("bet"):
            option = situation.option("bet")
            # Each size valued as the bet it makes: a Teen Patti seen bet moves in steps of two
            # stakes, so the middle of a chaal's range is a chaal, not a raise (valued as a
            # raise, it was chosen against a seat that folds to raises, and then only called).
            middle = situation.bet_amount((option.low + option.high) // 2)
            sizes = sorted({option.low, middle, option.high})
            for amount in sizes:
                if situation.family == Family.BRAG and amount > option.low + pot:
                    continue
                value = self._bet_value(situation, level, amount)
                value -= self.profile.tightness * amount
                candidates.append((value, situation.bet(amount)))
        best_value, best = max(candidates, key=lambda pair: pair[0])
        if best_value <= 0:
            bluff = self.bluff(situation, rng)
            if bluff is not None:
                return bluff
        return best

    def _bet_value(self, situation: Situation, level: int, amount: int) -> float:
        """Win the pot now if all fold; otherwise pay and play the continuing hands.

        Each opponent folds as often as it has folded to bets of this pressure (learned, apart
        by its last seen bet this deal); a seen one folds the weakest of its modelled hands and
        continues with the rest, none weaker than it has shown down after calling such bets; a
        blind opponent continues with any hand and pays half, but a blind one that opens big on
        nearly every hand answers by looking and is read as a seen one (issue 46). Such an
        opener's folds to a raise and to a bet at the stake are counted apart (fold_rate).
        """
        assert self._table is not None
        pot = situation.pot
        band = pressure_band(amount, pot)
        raises = situation.has("bet") and amount > situation.option("bet").low
        everyone_folds = 1.0
        continuing_chance = 1.0
        paid_by_callers = 0.0
        percentiles = [(bucket + 0.5) / BUCKETS for bucket in range(BUCKETS)]
        beats = self._table.beats(level)
        for view in situation.opponents:
            model = self._model(view.seat)
            weights = model.normalised()
            # A blind opener answers a bet by looking, then folding or paying seen: read so.
            blind = view.blind and not (self.opens_big(view.seat) or self.looks_at_once(view.seat))
            fold = self.fold_rate(view.seat, blind, band, raises)
            if blind:
                keep = weights
                paid = amount / 2
            else:
                threshold = max(0.0, min(0.95, 2 * model.calling_strength(band) - 1))
                threshold = max(threshold, folded_below(weights, fold))
                keep = [
                    weight / (1 + math.exp((threshold - u) / 0.08))
                    for weight, u in zip(weights, percentiles, strict=True)
                ]
                paid = amount
            mass = sum(keep)
            if mass <= 1e-9:
                keep, mass = weights, 1.0
            continuing_chance *= sum(k * b for k, b in zip(keep, beats, strict=True)) / mass
            everyone_folds *= fold
            paid_by_callers += (1 - fold) * paid
        count = len(situation.opponents)
        table = situation.strength.table
        single = table.chance(level, 1)
        if count > 1 and single > 0:
            continuing_chance *= min(1.2, max(0.5, table.chance(level, count) / single**count))
        # Continuing is not the end: count more rounds of the same bet from each side.
        extra = future_rounds(situation) * amount
        showdown = continuing_chance * (pot + amount + paid_by_callers + 2 * extra)
        showdown -= amount + extra
        return everyone_folds * pot + (1 - everyone_folds) * showdown
