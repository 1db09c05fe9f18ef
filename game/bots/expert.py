"""The expert bot: exact Three Card Poker, a solved strategy heads-up, and hard's play sharpened.

Heads-up Teen Patti and Brag follow the CFR+ strategy of game/bots/cfr.py solved for the table's
preset (its ranking and table limits), shipped as game/bots/data/strategy-<preset>.json: the
real history is translated into the abstraction (each bet is the "same" or the "bigger" size,
by which it is nearer) and the hand into its strength bucket. Where the deal leaves the
abstraction (more bets or raises than it holds, a carried pot, two Brag hands, house options no
solved preset has) or the solved action is not legal here, and at tables of three or more, the
expert plays hard's one-step expected value with these changes, each measured against hard in
duplicate play (tests/benchmarks/bench_ladder.py and docs/bots.md):

- Teen Patti: it stays blind while a blind bet is affordable (a seen player pays double),
  unless a seen opponent's bets say an unseen hand is beaten or a blind war with no blind limit
  has run on (game/bots/wars.py); a no-limit standoff at a full table it leaves as hard does.
  Where the solved strategy shows or looks blind against only blind players (a coin flip, or
  giving up paying half) the expert bets on instead, up to any blind limit.
- Teen Patti, seen against seen bettors who seldom fold: below an even chance it shows or
  folds instead of chaaling on (hard's one-step value counts a showdown that never comes, and
  two hards chaal king-high at each other to the last chip); not against a bettor who bets big
  on a wide range and whose shown hands were weaker than its bets read, whose chaals are
  bluffs (hard ends a war only after six seen bets each). Heads-up, a chaal deep in a war it
  reads by how often that player still chaals so far into a deal, where hard reads a chaal at
  the stake by its size and pressure, a middling hand. Its solved decisions keep the shared
  minimum defence. The solved strategy's own betting cap (only show and fold after nine bets)
  is not followed where the table still allows a bet.
- Brag: it looks at once unless a blind standoff at a full table keeps it blind (hard's
  reading of blind bets punishes a blind turn); with two left it never bluffs and stops betting
  a long shot (under two fifths of a fair chance: see if it pays, else fold) instead of raising
  a war to the last chip. With three or more still in it reads a selective bettor's later seen
  bets by how often that player still bets so far into a deal, where hard reads every one as a
  hand it plays at all.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.bots.banked import BANKED_POLICIES, BankedPolicy
from game.bots.cfr import (
    BRAG_MAXIMUM,
    MOST_BETS,
    Limits,
    Node,
    bucket_bounds,
    build_tree,
    limits_of,
)
from game.bots.opponents import Persistence, pressure_band
from game.bots.reading import Situation, best_discard, dealt_in, read
from game.bots.strength import DATA_FOLDER, StrengthTable
from game.bots.thinking import (
    STAY_BLIND_TURNS,
    HardBot,
    Profile,
    before_a_see,
    defended_share,
    facing_only_blind,
    in_chaal_war,
    selective_floor,
)
from game.bots.wars import show_pays
from game.engine.actions import Action, Bet, Fold, LegalAction, Look, Show
from game.engine.events import BetPlaced, DealStarted, Folded, HandRetained, Looked, ShowPaid
from game.engine.families import Family, is_pot_game
from game.engine.observation import Observation
from game.engine.rules import BragRules, Rules, TeenPattiRules, get_preset
from game.persistence.reading import DATA_LIMIT, FileProblem, read_json

LONG_SHOT = 0.2
"""Brag heads-up: with less than this chance of beating the other player, the expert stops
betting; against n players it stops below LONG_SHOT * 2 / (n + 1), the same share of a fair
chance (an even chance heads-up, 1/5 against four)."""

OVERSTATED = 0.1
"""An opponent whose shown hands were this far (in percentile) below what its bets read, and
who bets big on a wide range, is bluffing: the chaal-war rule does not apply against it."""

WAR_CHANCE = 0.5
"""Teen Patti, seen against seen bettors: below this chance another chaal only feeds the war."""


@dataclass(frozen=True)
class SolvedGame:
    """A shipped CFR+ strategy: the preset it was solved for, its limits and its table."""

    preset: str
    family: str
    limits: Limits
    strategy: dict[str, list[list[int]]]

    @functools.cached_property
    def tree(self) -> Node:
        """The abstract game's public tree the strategy was solved on."""
        return build_tree(self.family, self.limits)

    def node(self, history: str) -> Node | None:
        """The abstract node after `history`, or None if the history is not in the tree."""
        node = self.tree
        for step in history:
            for action, child in zip(node.actions, node.children, strict=True):
                if action[0] == step:
                    node = child
                    break
            else:
                return None
            if node.terminal:
                return None
        return node


@functools.cache
def solved_games() -> tuple[SolvedGame, ...]:
    """Every shipped solved strategy (game/bots/data/strategy-<preset>.json); a damaged file is
    named on stderr and left out, so the expert plays as hard where it would have applied."""
    games = []
    for path in sorted(DATA_FOLDER.glob("strategy-*.json")):
        try:
            games.append(_read_solved(path))
        except FileProblem as problem:
            print(f"trey: {problem}; the expert plays as hard there.", file=sys.stderr)
    return tuple(games)


def _read_solved(path: Path) -> SolvedGame:
    """One strategy file, checked field by field; FileProblem says what is wrong."""
    data = read_json(path, DATA_LIMIT)
    if not isinstance(data, dict):
        raise FileProblem(f"{path.name}: it holds no strategy", damaged=True)
    strategy = data.get("strategy")
    if not isinstance(strategy, dict) or not all(
        isinstance(rows, list)
        and all(isinstance(row, list) and all(type(x) is int for x in row) for row in rows)
        for rows in strategy.values()
    ):
        raise FileProblem(f"{path.name}: its 'strategy' is not rows of numbers", damaged=True)
    limits = data.get("limits")
    preset, family = data.get("preset"), data.get("family")
    if not isinstance(preset, str) or not isinstance(family, str) or not isinstance(limits, dict):
        raise FileProblem(f"{path.name}: it does not name its preset and limits", damaged=True)
    try:
        table_limits = Limits(**limits)
    except TypeError:
        raise FileProblem(f"{path.name}: its 'limits' are not table limits", damaged=True) from None
    return SolvedGame(preset, family, table_limits, strategy)


def solved_strategy(preset: str) -> dict[str, list[list[int]]]:
    """The shipped strategy of a preset (empty if none was solved for it)."""
    for game in solved_games():
        if game.preset == preset:
            return game.strategy
    return {}


@functools.cache
def solved_game_for(rules: Rules | None) -> SolvedGame | None:
    """The solved strategy that fits a rule set heads-up: the same family, limits (in boots)
    and betting options, the same ranking where one was solved for it; None if none fits."""
    if isinstance(rules, TeenPattiRules):
        if rules.show_cost != "pagat":
            return None
    elif isinstance(rules, BragRules):
        if (rules.min_bet, rules.max_bet, rules.see_cost, rules.raise_limit) != (
            1,
            BRAG_MAXIMUM,
            "double",
            "none",
        ) or rules.retained_hand != "two_hands":
            return None
    else:
        return None
    fitting = [
        game
        for game in solved_games()
        if game.family == rules.family and game.limits == limits_of(rules)
    ]
    for game in fitting:
        solved_rules = get_preset(game.preset).rules()
        same_ranking = isinstance(solved_rules, TeenPattiRules | BragRules) and (
            solved_rules.hand_ranking() == rules.hand_ranking()
        )
        if same_ranking:
            return game
    return fitting[0] if fitting else None


def long_shot(opponents: int) -> float:
    """Brag: the chance of beating `opponents` players below which the expert stops betting."""
    return LONG_SHOT * 2 / (opponents + 1)


@functools.cache
def _bucket_of_level(table: StrengthTable) -> tuple[int, ...]:
    return tuple(bucket_bounds(table.counts))


class ExpertBot(HardBot):
    """Optimal Three Card Poker; heads-up pot games from the CFR+ strategy; sharpened hard
    elsewhere."""

    name = "expert"
    banked: BankedPolicy = BANKED_POLICIES["expert"]

    def __init__(self, profile: Profile | None = None) -> None:
        super().__init__(profile)
        self.solved_decisions = 0

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """The solved action heads-up when the abstraction covers the spot, kept to the shared
        minimum defence; hard's otherwise.

        The abstraction reads a bet only by its size, as an equilibrium bettor's would be read:
        a maximum bet there means strength. The defence reads it by the bettor, too: a solved
        fold against a seen bet of a player who bets big on a wide share of its hands becomes a
        call or a show where the hand is in the share a bluff must not win (see
        MediumBot.defend). Against a seat seen to open big or call on nearly every hand
        (plays_every_hand) the abstraction's bettor is not the one at the table, and hard's
        game, which reads the seat by what it was seen to do, plays instead (issue 46: the
        blind opener tied the solved strategy in `muflis` and `jokers` and lost to hard; a
        caller keeping its top tenth over a raise tied it in `brag`, where the solved strategy
        folded hands that beat three in five of the caller's)."""
        if is_pot_game(observation.family) and best_discard(observation, legal) is None:
            self.notice(observation)
            situation = read(observation, legal)
            solved = self._solved(situation, rng)
            if solved is not None:
                self.solved_decisions += 1
                return self.defend(situation, solved)
        return super().choose(observation, legal, rng)

    def _blind_limits(self, situation: Situation) -> tuple[int, float]:
        """Teen Patti: blind while a blind bet is affordable; Brag: look at once."""
        if situation.family == Family.TEEN_PATTI:
            return STAY_BLIND_TURNS, 1.0
        return 0, super()._blind_limits(situation)[1]

    def may_bluff(self, situation: Situation) -> bool:
        """No bluffs in Brag once a see is near (two left): hard calls them down; Teen Patti,
        and Brag before a see, bluff as hard does (with hard counting half a further round
        there, the expert's rules of the two-player end lost 286 milli-boots a seat a deal to
        it at 5 seats of `brag`)."""
        brag_end = situation.family == Family.BRAG and not before_a_see(situation)
        return not brag_end and super().may_bluff(situation)

    def _best(self, situation: Situation, rng: random.Random) -> Action:
        """Hard's best action, but in Brag with two left no bet on a long shot: see if it pays,
        else fold.

        Hard keeps betting a weak hand while it hopes the other side folds, and two such
        players raise each other to the last chip; the expert stops that war early.
        """
        action = super()._best(situation, rng)
        if situation.family == Family.TEEN_PATTI and isinstance(action, Bet):
            return self._war(situation, action)
        if (
            situation.family != Family.BRAG
            or not isinstance(action, Bet)
            or before_a_see(situation)
        ):
            return action
        chance = self.win_chance(situation)
        if chance >= long_shot(len(situation.opponents)):
            return action
        if situation.has("show"):
            cost = situation.option("show").low
            if chance * (situation.pot + cost) > cost:
                return situation.action("show")
        return Fold(situation.me.seat)

    def defend(self, situation: Situation, action: Action) -> Action:
        """The shared minimum defence, except that in Brag (where it holds heads-up only) the
        expert never bets on a long shot (see _best): a call there does not end the hand, so it
        would only start a war."""
        defended = super().defend(situation, action)
        if situation.family != Family.BRAG or not isinstance(defended, Bet):
            return defended
        if self.win_chance(situation) < long_shot(len(situation.opponents)):
            return action
        return defended

    def _reads_what_is_played(self, observation: Observation) -> bool:
        """In a heads-up Teen Patti deal, as at hard's full Brag table: a seen bet is read as at
        least the top share of the hands its bettor still bets on that far into a deal
        (kept_at). A chaal at the stake read by its size and pressure is a middling hand, and
        the expert chaaled such hands on into better ones for the whole stack; a player who
        chaals on at every decision is owed no floor and is read as before. At a full table a
        player's decisions answer several bettors and the read lost (`teen_patti_no_limit` at 5
        seats, the expert over hard +768 -> +278 milli-boots a seat a deal)."""
        if observation.family == Family.TEEN_PATTI and dealt_in(observation) == 2:
            return True
        return super()._reads_what_is_played(observation)

    def kept_at(self, seat: int, decisions: int) -> float | None:
        """The percentile a selective seen bettor's bet at its `decisions`-th seen decision of
        the deal holds at least: one of the hands it still bets on that far into a deal
        (Persistence), not only one of those it bets on at all, as hard reads it; each round a
        bettor folds the weakest of the hands it played, and at a full Brag table, where no see
        ends a bet, the rounds go on.

        Against a seat that opens big on nearly every hand (opens_big) hard's read (kept_from):
        such a seat goes on with any hand while nobody raises it and folds most hands once
        someone does, so the hands it still bets on that far are the few that met a raise, not
        the hand behind a chaal nobody raised (issue 46: in `teen_patti_no_limit` heads-up the
        read made the expert fold or show middling hands to the bold opener's minimum chaals,
        and it lost 2.1 boots a deal less to the expert than to hard, 1,000 deals, seed 12)."""
        if self.opens_big(seat):
            return super().kept_at(seat, decisions)
        return selective_floor(self.persistence.get(seat, Persistence()).betting_through(decisions))

    def end_war(self, situation: Situation, chance: float) -> Action | None:
        """None: the expert ends a chaal war by its own sharper rule (see _war)."""
        return None

    def _war(self, situation: Situation, action: Bet) -> Action:
        """Teen Patti, seen against seen players who have bet seen and seldom fold: a bet at
        the stake only buys another round of the same war, worth (2 * chance - 1) of the bet,
        so below an even chance against them the expert ends it (show if the pot pays, else
        fold) instead of chaaling on as hard does until the stacks run out."""
        if not in_chaal_war(situation, bets=1):
            return action
        if any(self._overstates(view.seat) for view in situation.opponents):
            return action  # a bluffer's chaals are not a war of two hands: hard's value decides
        band = pressure_band(action.amount, situation.pot)
        option = situation.option("bet")
        folds = 1.0
        for view in situation.opponents:
            folds *= self.fold_rate(view.seat, False, band, action.amount > option.low)
        chance = self.win_chance(situation)
        if chance >= WAR_CHANCE or folds * situation.pot > action.amount:
            return action
        if show_pays(situation, chance):
            return situation.action("show")
        return Fold(situation.me.seat)

    def _overstates(self, seat: int) -> bool:
        """Whether an opponent bets big on a wide range (it is owed the minimum defence) and
        the hands it showed were weaker than its bets read: its big bets are not strength."""
        wide = defended_share(self.bold_share(seat)) > 0
        return wide and self._model(seat).offset <= -OVERSTATED

    # --- translating the deal into the abstraction -----------------------------------------

    def _solved(self, situation: Situation, rng: random.Random) -> Action | None:
        solved = solved_game_for(situation.observation.rules)
        if solved is None or not situation.has("bet"):
            return None  # no bet left (too few chips, or a limit): the deep-stack tree is wrong
        if situation.family == Family.BRAG and not situation.blind and facing_only_blind(situation):
            return None  # seen against blind: no show ends it but a cover, beyond the tree
        history = self._history(situation.observation)
        if history is None:
            return None
        rows = solved.strategy.get(history)
        if rows is None:
            return None
        if any(self.plays_every_hand(view.seat) for view in situation.opponents):
            return None  # an equilibrium bettor raises with some hands only: read this one
        if situation.blind:
            row = rows[0]
        else:
            level = situation.level
            if level is None or len(rows) == 1:
                return None
            row = rows[_bucket_of_level(situation.strength.table)[level]]
        node = solved.node(history)
        if node is None or len(node.actions) != len(row):
            return None
        if node.blind[node.player] != situation.blind:
            return None
        if not any(action in ("bet", "raise") for action in node.actions):
            return None  # the abstraction's betting cap, not the table's: it would only show
        actions = node.actions
        pick = rng.random() * sum(row)
        chosen = actions[-1]
        for action, weight in zip(actions, row, strict=True):
            pick -= weight
            if pick < 0:
                chosen = action
                break
        blind_against_blind = situation.blind and facing_only_blind(situation)
        if (
            chosen in ("show", "look")
            and situation.family == Family.TEEN_PATTI
            and blind_against_blind
        ):
            # Blind against blind a show is a coin flip and a look gives up paying half: betting
            # on (up to any blind limit) beat the solved choice against never-looking players.
            chosen = "bet"
        if chosen == "fold" and situation.family == Family.BRAG and situation.blind:
            chosen = "look"  # the abstraction values a blind fold's carried pot like a look
        return self._real(situation, chosen)

    def _history(self, observation: Observation) -> str | None:
        """The abstract history of this deal so far, or None when it left the abstraction."""
        if observation.carried:
            return None
        seats: tuple[int, ...] = ()
        rules = observation.rules
        boot = rules.boot if isinstance(rules, TeenPattiRules) else 1
        stake = boot
        last_value = 0
        history = ""
        for event in observation.history:
            if isinstance(event, DealStarted):
                seats = event.seats
            elif isinstance(event, HandRetained | ShowPaid | Folded):
                return None
            elif isinstance(event, Looked):
                if event.hand != "only":
                    return None
                history += "l"
            elif isinstance(event, BetPlaced):
                if observation.family == Family.TEEN_PATTI:
                    ratio = event.amount / stake
                    bigger = ratio >= 1.5 if event.blind else ratio >= 3
                    stake = event.stake
                else:
                    value = 2 * event.amount if event.blind else event.amount
                    required = max(last_value, 1)
                    bigger = value >= 1.5 * required and required < BRAG_MAXIMUM
                    last_value = event.stake
                history += "r" if bigger else "b"
        if len(seats) != 2 or sum(1 for step in history if step in "br") > MOST_BETS:
            return None
        return history

    def _real(self, situation: Situation, action: str) -> Action | None:
        """The legal action standing for an abstract one, or None if it is not legal here."""
        seat = situation.me.seat
        if action == "fold":
            return Fold(seat)
        if action == "look":
            looks = situation.options.get("look", [])
            return Look(seat) if len(looks) == 1 else None
        if action == "show":
            return Show(seat) if situation.has("show") else None
        if not situation.has("bet"):
            return None
        option = situation.option("bet")
        amount = option.low
        if action == "raise":
            if situation.family == Family.TEEN_PATTI:
                amount = 2 * option.low
            else:
                required = max(getattr(situation.last_bet(), "stake", 0) or 0, 1)
                value = min(BRAG_MAXIMUM, 2 * required)
                amount = -(-value // 2) if situation.blind else value
        if not option.low <= amount <= option.high:
            return None
        bet = Bet(seat, amount)
        return bet if option.allows(bet) else None
