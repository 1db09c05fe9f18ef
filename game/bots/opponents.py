"""What the thinking bots learn about each opponent: its hand as weights over strength
buckets, how it folds and shows down, how widely it bets, and how it plays a blind standoff."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

from game.bots.strength import StrengthTable
from game.engine.events import BetPlaced
from game.engine.rules import BragRules, Rules, TeenPattiRules

BUCKETS = 20
"""Opponent hands are modelled as weights over this many equal-mass strength buckets."""

RAISES_LEARNED = 5
"""Seen answers to the viewer's raises after which their fold rate reads a call of one."""

WEIGHING = (0.1, 0.8, 0.2, 0.15)
"""An open bet's evidence: continue threshold = a + b * pressure + c * size; floor for bluffs."""

BOLDNESS_PRIOR = (1, 4)
"""A bettor's share of seen hands bet big starts as 1 in 4 (big, hands)."""

BETTING_PRIOR = (1, 2)
"""A bettor's share of seen hands it bet on at all starts as 1 in 2 (bet, hands)."""

LEAVING_PRIOR = (1, 4)
"""A player's share of blind standoffs it leaves by looking starts as 1 in 4 (left, played)."""

LEAVER = 0.5
"""A player who leaves at least this share of the blind standoffs it plays by looking, while
the others stay blind, is a leaver: where a short seen player must pack, the bots stay in a
standoff with it only for their own blind turns (elsewhere they leave every one then)."""

REFUSING_PRIOR = (1, 2)
"""A player's share of sideshows refused starts as 1 in 2 (refused, answered)."""

REFUSER = 0.8
"""A player who refuses at least this share of the sideshows it is asked is not asked again:
a minimum-chaal caller who refused every one was asked after every raise (issue 43)."""

OPENS_BIG = 0.9
"""A seat whose first bet of a deal, blind or seen, was a big one in at least this share of the
deals it bet in opens big on nearly every hand (issue 46's bold and blind openers); no bot level
plays so (the largest share measured in bot-against-bot play: 0.69, heads-up Brag; 0 at a
5-seat Teen Patti table)."""

OPENS_BIG_DEALS = 10
"""Deals with a bet watched before a seat may be read as opening big on nearly every hand."""

CALLS_EVERY = 0.95
"""A seat that made a seen bet in at least this share of the deals in which it made a seen
decision with nobody raising since its own last bet calls on nearly every hand until raised
(issue 46's callers, seen and blind); no bot level plays so (the largest share measured in
bot-against-bot play: 0.80, heads-up `nine_nine_nine`, expert against hard; at most 0.62 at a
5-seat table)."""

CALLS_EVERY_DEALS = 30
"""Deals with such a decision watched before a seat may be read as calling on nearly every
hand: three times OPENS_BIG_DEALS, as a bot's share reaches 0.80 and twenty deals would read
one so now and then."""

LOOKS_AT_ONCE = 0.9
"""A seat that looked at its first turn in at least this share of the deals it took one in looks
at once (issue 46's seen callers and openers): no blind standoff is played with it."""

LOOKS_AT_ONCE_DEALS = 10
"""First turns watched before a seat may be read as looking at once."""

PRESSURES = 3
"""Bets are sorted by pressure (bet / (pot + bet)) into this many bands for response counts."""


class SeenBet(enum.IntEnum):
    """A player's last seen bet this deal, which its fold counts are kept apart by: one still
    choosing whether to play folds more often than one who chose to, or chose to bet big."""

    NONE = 0
    AT_STAKE = 1
    BIG = 2
    WENT_ON = 3
    """A player that went on seen against a raise of the viewer's this deal (heads-up, or one
    that plays every hand)."""


class RaiseKind(enum.IntEnum):
    """What kind of raise of the viewer's a player answered, its answers counted apart: a
    player may fold to a seen raise, let one made blind go by, and make its first bet of a
    deal whatever was raised before it, or fold most hands there (issue 46)."""

    SEEN = 0
    BLIND = 1
    BEFORE_FIRST_BET = 2
    """Answered before the player's own first bet of the deal."""


def pressure_band(amount: int, pot: int) -> int:
    """The band of a bet's pressure: under 1/4, under 2/5, or more."""
    pressure = amount / (pot + amount) if pot + amount else 0.0
    return 0 if pressure < 0.25 else 1 if pressure < 0.4 else 2


@dataclass
class Boldness:
    """In how many of the deals where one seat acted seen it made a big bet, and a seen bet at
    all, over every deal watched: the width of the ranges it bets big and bets with."""

    big: int = 0
    decisions: int = 0
    bets: int = 0
    later_big: int = 0
    """Deals in which it bet big at a later seen decision than its first."""
    later_decisions: int = 0
    """Deals in which it reached a later seen decision than its first."""
    openings: int = 0
    """Deals in which it bet, blind or seen."""
    first_big: int = 0
    """Deals in which its first bet raised the stake or reached the table's largest bet."""
    unraised_decisions: int = 0
    """Deals in which it made a seen decision with nobody raising since its own last bet."""
    unraised_bets: int = 0
    """Deals in which such a decision (its first of the deal) was a seen bet."""
    first_turns: int = 0
    """Deals in which it took a turn (a look, a bet, a show or a fold)."""
    looked_first: int = 0
    """Deals in which its first turn was a look."""
    raised_first: int = 0
    """Deals in which it made a seen decision before its first bet with the stake raised."""
    raised_first_bets: int = 0
    """Deals in which that decision was a seen bet."""

    def share(self) -> float:
        """The share of its seen hands it bet big with (with the prior)."""
        return (self.big + BOLDNESS_PRIOR[0]) / (self.decisions + BOLDNESS_PRIOR[1])

    def later_share(self) -> float:
        """The share of the seen hands it went on with that it bet big with after its first
        seen decision (an opener who bets big on every first bet and never after is narrow
        there)."""
        return (self.later_big + BOLDNESS_PRIOR[0]) / (self.later_decisions + BOLDNESS_PRIOR[1])

    def opens_big(self) -> bool:
        """Whether its first bet was big in at least OPENS_BIG of the deals it bet in, over at
        least OPENS_BIG_DEALS: an opener who bets big whatever it holds, blind or seen."""
        return self.openings >= OPENS_BIG_DEALS and self.first_big >= OPENS_BIG * self.openings

    def calls_every_hand(self) -> bool:
        """Whether it bet at its first seen decision with nobody raising since its own last bet
        in at least CALLS_EVERY of such deals, over at least CALLS_EVERY_DEALS: a caller who
        plays on with whatever it holds until raised (issue 46: a blind caller who looked when
        raised, or at the blind limit, and folded four hands in five to raises bet on 0.85 of
        its seen hands in all, and was not read so)."""
        enough = self.unraised_decisions >= CALLS_EVERY_DEALS
        return enough and self.unraised_bets >= CALLS_EVERY * self.unraised_decisions

    def plays_every_hand(self) -> bool:
        """Whether it opens big (opens_big) or calls (calls_every_hand) on nearly every hand:
        its bets say nothing of its cards, its answers to raises do."""
        return self.opens_big() or self.calls_every_hand()

    def looks_at_once(self) -> bool:
        """Whether it looked at its first turn in at least LOOKS_AT_ONCE of the deals, over at
        least LOOKS_AT_ONCE_DEALS."""
        enough = self.first_turns >= LOOKS_AT_ONCE_DEALS
        return enough and self.looked_first >= LOOKS_AT_ONCE * self.first_turns

    def over_a_raise(self) -> float:
        """The share of its seen hands it made its first bet with over a raise (with the
        prior), of those it had to answer a raise with before its first bet."""
        return (self.raised_first_bets + BETTING_PRIOR[0]) / (self.raised_first + BETTING_PRIOR[1])

    def betting(self) -> float:
        """The share of its seen hands it made a seen bet with (with the prior)."""
        return (self.bets + BETTING_PRIOR[0]) / (self.decisions + BETTING_PRIOR[1])


UNWATCHED = Boldness()
"""The Boldness of a seat not watched yet: read only, never counted into (the counts go into
each seat's own, made with setdefault)."""


@dataclass
class Persistence:
    """How one seat goes on betting within a deal after looking: at its first, second, ...
    seen decision of a deal (a bet, a fold, a show or a sideshow asked), in how many deals it
    reached that decision and in how many it bet there."""

    reached: list[int] = field(default_factory=list)
    bets: list[int] = field(default_factory=list)

    def count(self, index: int, bet: bool) -> None:
        """Count its seen decision number `index` (from 0) of a deal, a bet or not."""
        while len(self.reached) <= index:
            self.reached.append(0)
            self.bets.append(0)
        self.reached[index] += 1
        self.bets[index] += bet

    def betting_through(self, decisions: int) -> float:
        """The share of its seen hands it still bets on at its `decisions`-th seen decision of
        a deal: how often it bet at each decision up to it, multiplied (each with the prior)."""
        share = 1.0
        for index in range(decisions):
            reached, bets = (
                (self.reached[index], self.bets[index]) if index < len(self.reached) else (0, 0)
            )
            share *= (bets + BETTING_PRIOR[0]) / (reached + BETTING_PRIOR[1])
        return share


@dataclass
class SideshowAnswers:
    """How one seat answers the sideshows it is asked: of how many, how many it refused."""

    answered: int = 0
    refused: int = 0

    def count(self, accept: bool) -> None:
        """Count one answer."""
        self.answered += 1
        self.refused += not accept

    def refuses(self) -> bool:
        """Whether it refuses at least REFUSER of the sideshows it is asked (with the prior):
        three refusals and no acceptance make a refuser, whom a bot asks no more."""
        share = (self.refused + REFUSING_PRIOR[0]) / (self.answered + REFUSING_PRIOR[1])
        return share >= REFUSER


@dataclass
class Standoffs:
    """How one seat plays Teen Patti's blind standoff at a table of three or more: of the deals
    in which it was in one that nobody else left first, in how many it left by looking while
    every other player still in was blind."""

    played: int = 0
    left: int = 0

    def share(self) -> float:
        """The share of its standoffs it left by looking (with the prior)."""
        return (self.left + LEAVING_PRIOR[0]) / (self.played + LEAVING_PRIOR[1])


def big_bet(event: BetPlaced, stake_before: int, rules: Rules | None) -> bool:
    """A seen bet that raised the stake or reached the table's largest bet."""
    if event.blind:
        return False
    if event.stake > stake_before:
        return True
    most = (
        rules.max_bet
        if isinstance(rules, BragRules)
        else rules.chaal_limit
        if isinstance(rules, TeenPattiRules)
        else None
    )
    return isinstance(most, int) and event.amount >= most


@dataclass
class OpponentModel:
    """What a bot believes about one opponent this deal, and has learned over many deals.

    `weights` is this deal's belief over strength buckets, narrowed by every open bet, and
    `floored` whether a bet of this deal was read by the share its bettor keeps rather than by
    its size. Learned across deals: how often the opponent folds to a bet of each pressure band
    (blind or seen, and by its last seen bet this deal), the mean strength it showed down after
    calling one, how often it folds seen to a raise of the viewer's, and `offset`, how much
    stronger its shown hands were than its bets' sizes made the model expect.
    """

    weights: list[float]
    offset: float = 0.0
    folds: dict[tuple[bool, int, SeenBet], list[int]] = field(default_factory=dict)
    raise_answers: dict[tuple[RaiseKind, int], list[int]] = field(default_factory=dict)
    """Of the viewer's raises of each kind and pressure band it answered seen: how many it
    folded to, and how many it faced."""
    shown: dict[int, list[float]] = field(default_factory=dict)
    called_bands: list[int] = field(default_factory=list)
    predicted: float | None = None
    bets_seen: int = 0
    floored: bool = False

    def normalised(self) -> list[float]:
        """The weights summing to one."""
        total = sum(self.weights)
        if total <= 0:
            return [1 / len(self.weights)] * len(self.weights)
        return [weight / total for weight in self.weights]

    def mean_percentile(self) -> float:
        """The model's expected strength percentile of the opponent's hand."""
        weights = self.normalised()
        return sum(weight * (bucket + 0.5) / BUCKETS for bucket, weight in enumerate(weights))

    def fold_rate(self, blind: bool, band: int, seen_bet: SeenBet) -> float:
        """How often it has folded to a bet of this band (a prior of 1 fold in 3), blind or
        seen, after that last seen bet of its own this deal."""
        folded, faced = self.folds.get((blind, band, seen_bet), [0, 0])
        return (folded + 1) / (faced + 3)

    def raise_fold_share(self, band: int, kind: RaiseKind = RaiseKind.SEEN) -> float:
        """How often it has folded seen to the viewer's raises of this kind and pressure band,
        with the prior of fold_rate (1 fold in 3)."""
        folded, faced = self.raise_answers.get((kind, band), [0, 0])
        return (folded + 1) / (faced + 3)

    def raise_fold_rate(self, band: int, kind: RaiseKind = RaiseKind.SEEN) -> float | None:
        """How often it has folded seen to the viewer's raises of this kind and pressure band
        (None before RAISES_LEARNED)."""
        folded, faced = self.raise_answers.get((kind, band), [0, 0])
        return folded / faced if faced >= RAISES_LEARNED else None

    def calling_strength(self, band: int) -> float:
        """Mean percentile shown down after calling a bet of this band (prior 0.6)."""
        total, count = self.shown.get(band, [0.0, 0.0])
        return (total + 0.6 * 3) / (count + 3)


@dataclass
class StrengthBuckets:
    """A table cut into equal-mass buckets, with each level's chance against each bucket."""

    table: StrengthTable
    bounds: list[tuple[int, int]] = field(default_factory=list)
    prefix: list[int] = field(default_factory=list)
    mass: list[int] = field(default_factory=list)
    cache: dict[int, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        counts = self.table.counts
        self.prefix = [0]
        for count in counts:
            self.prefix.append(self.prefix[-1] + count)
        total = self.prefix[-1]
        start = 0
        for bucket in range(BUCKETS):
            end = start
            limit = total * (bucket + 1) / BUCKETS
            while end < len(counts) and (self.prefix[end + 1] <= limit or end == start):
                end += 1
            if bucket == BUCKETS - 1:
                end = len(counts)
            self.bounds.append((start, max(start, end - 1)))
            self.mass.append(self.prefix[end] - self.prefix[start])
            start = end

    def bucket_of(self, level: int) -> int:
        """The bucket holding a level."""
        for bucket, (low, high) in enumerate(self.bounds):
            if low <= level <= high:
                return bucket
        return BUCKETS - 1

    def prior(self) -> list[float]:
        """Each bucket's share of all hands."""
        total = self.prefix[-1]
        return [mass / total for mass in self.mass]

    def beats(self, level: int) -> list[float]:
        """Chance a hand of `level` beats a random hand of each bucket (ties shared)."""
        found = self.cache.get(level)
        if found is not None:
            return found
        counts = self.table.counts
        row = []
        for low, high in self.bounds:
            mass = self.prefix[high + 1] - self.prefix[low]
            if mass <= 0 or low > high:
                row.append(0.5)
                continue
            below = self.prefix[min(max(level, low), high + 1)] - self.prefix[low]
            tie = counts[level] / 2 if low <= level <= high else 0
            row.append((below + tie) / mass)
        self.cache[level] = row
        return row


_BUCKET_CACHE: dict[str, StrengthBuckets] = {}


def strength_buckets(table: StrengthTable) -> StrengthBuckets:
    """The buckets of a strength table (made once per table)."""
    found = _BUCKET_CACHE.get(table.name)
    if found is None:
        found = _BUCKET_CACHE[table.name] = StrengthBuckets(table)
    return found


def likelihood(
    percentiles: list[float], threshold: float, floor: float | None = None
) -> list[float]:
    """Each percentile's chance of an open bet with a continue threshold of `threshold`:
    a slope around the threshold, never below `floor` (a bluff)."""
    floor = WEIGHING[3] if floor is None else floor
    return [floor + (1 - floor) / (1 + math.exp(-(u - threshold) / 0.1)) for u in percentiles]
