"""Simple strategies a curious player tries first, as bots of their own.

Each is one fixed rule of play ("never look and bet the minimum", "look and never fold"). They
are the yardstick of the real levels: a bot is only as good as the simplest strategy that beats
it, so tests/benchmarks/bench_exploiters.py plays every one of them against medium, hard and
expert. They play Teen Patti and Brag; at a Three Card Poker table they play as easy does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.banked import BANKED_POLICIES, choose_banked
from game.bots.reading import Situation, best_discard, read
from game.bots.wars import raised_since
from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    ChooseHand,
    Fold,
    KeepHand,
    LegalAction,
)
from game.engine.events import BetPlaced
from game.engine.families import is_pot_game
from game.engine.observation import Observation


@dataclass(frozen=True)
class SimpleRule:
    """One fixed way to play: whether to look, how much to bet, when to give up."""

    name: str
    summary: str
    looks: bool
    bets_most: bool = False
    pair_or_fold: bool = False
    shows_first: bool = False
    sideshows: bool = False
    opens_most: bool = False
    """Bets the maximum at its first bet of the deal, then the minimum."""
    raised_keeps: float = 0.0
    """Raised over since its own last bet: folds a hand below this percentile (a blind player
    looks first); 0 never folds."""
    accepts: bool = False
    """Accepts every sideshow (Brag: showdown) it is asked, though it asks none."""


BOLD_KEEPS = 0.8
"""The bold openers' percentile: raised over, they keep only a hand that beats this share."""

SIMPLE_RULES: dict[str, SimpleRule] = {
    rule.name: rule
    for rule in (
        SimpleRule("never-look-min", "never looks, always bets the minimum", looks=False),
        SimpleRule(
            "never-look-max", "never looks, always bets the maximum", looks=False, bets_most=True
        ),
        SimpleRule("look-max", "looks, then always bets the maximum", looks=True, bets_most=True),
        SimpleRule(
            "look-call", "looks, then always calls or shows, never folds", True, shows_first=True
        ),
        SimpleRule(
            "look-min",
            "looks, then always chaals the minimum: never raises, shows or asks a sideshow, and "
            "refuses every sideshow (Brag: every showdown)",
            looks=True,
        ),
        SimpleRule(
            "look-pair-max",
            "looks, bets the maximum with a pair or better, else folds",
            looks=True,
            bets_most=True,
            pair_or_fold=True,
        ),
        SimpleRule(
            "sideshow",
            "looks, always asks for and accepts a sideshow (Brag: a showdown), else calls",
            looks=True,
            sideshows=True,
        ),
        SimpleRule(
            "look-min-fold",
            "looks, then always chaals the minimum; never shows or asks a sideshow (accepts "
            "one); raised over, folds unless its hand beats 80 % of hands",
            looks=True,
            raised_keeps=BOLD_KEEPS,
            accepts=True,
        ),
        SimpleRule(
            "bold-opener",
            "looks, bets the maximum at its first bet, then the minimum; never shows or asks a "
            "sideshow (accepts one); raised over, folds unless its hand beats 80 % of hands",
            looks=True,
            opens_most=True,
            raised_keeps=BOLD_KEEPS,
            accepts=True,
        ),
        SimpleRule(
            "blind-opener",
            "stays blind, bets the maximum at its first bet, then the minimum; raised over, "
            "looks and folds unless its hand beats 80 % of hands",
            looks=False,
            opens_most=True,
            raised_keeps=BOLD_KEEPS,
            accepts=True,
        ),
    )
}
"""Every simple strategy by name, as `simulate --seats` takes them."""


def settled_without_a_rule(
    observation: Observation,
    legal: Sequence[LegalAction],
    situation: Situation,
    rng: random.Random,
) -> Action | None:
    """What a simple strategy does where its betting rule has no say: at a banked table the
    easy bot's play, and in four-card Brag the best discard when one is due; None otherwise."""
    if not is_pot_game(situation.family):
        action = choose_banked(BANKED_POLICIES["easy"], situation, rng)
        return action if action is not None else legal[0].action
    return best_discard(observation, legal)


class SimpleBot:
    """A bot that follows one SimpleRule whatever happens."""

    def __init__(self, rule: SimpleRule) -> None:
        self.rule = rule
        self.name = rule.name

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """The action the rule gives for this spot."""
        situation = read(observation, legal)
        settled = settled_without_a_rule(observation, legal, situation, rng)
        if settled is not None:
            return settled
        seat = situation.me.seat
        rule = self.rule
        if situation.has("answer"):
            return AnswerSideshow(seat, rule.sideshows or rule.accepts)
        if situation.has("agree"):
            return AnswerShowdown(seat, rule.sideshows or rule.accepts)
        if situation.has("keep"):
            return KeepHand(seat, not rule.pair_or_fold or self._worth_playing(situation))
        if situation.has("choose"):
            return ChooseHand(seat, "new")
        if situation.has("stay"):
            return situation.action("stay")
        if situation.blind and rule.looks and situation.has("look"):
            return situation.action("look")
        if rule.opens_most or rule.raised_keeps:
            return self._call_on(situation)
        if not situation.blind and rule.pair_or_fold and not self._worth_playing(situation):
            return Fold(seat)
        for verb in self._preferences(situation):
            if situation.has(verb):
                if verb == "bet" and rule.bets_most:
                    return situation.bet(situation.option("bet").high)
                return situation.action(verb)
        return Fold(seat)

    def _call_on(self, situation: Situation) -> Action:
        """The openers and the folding caller: the maximum at the first bet (`opens_most`),
        else the minimum, while nobody raised since its own last bet; raised over, only a hand
        above `raised_keeps` goes on (blind, it looks first). Never shows while it may bet."""
        seat, rule = situation.me.seat, self.rule
        first = not any(
            isinstance(event, BetPlaced) and event.seat == seat
            for event in situation.observation.history
        )
        if not first and raised_since(situation):
            if situation.blind and situation.has("look"):
                return situation.action("look")
            if not situation.blind and self._percentile(situation) < rule.raised_keeps:
                return Fold(seat)
        if situation.has("bet"):
            option = situation.option("bet")
            return situation.bet(option.high if first and rule.opens_most else option.low)
        for verb in ("show", "cover", "look"):
            if situation.has(verb):
                return situation.action(verb)
        return Fold(seat)

    def _preferences(self, situation: Situation) -> tuple[str, ...]:
        """The verbs this rule tries, first choice first (look only when nothing else is left)."""
        if self.rule.sideshows and not situation.blind:
            return ("sideshow", "propose", "bet", "show", "cover", "look")
        if self.rule.shows_first and not situation.blind:
            return ("show", "bet", "cover", "look")
        return ("bet", "show", "cover", "look")

    @staticmethod
    def _percentile(situation: Situation) -> float:
        """The seen hand's share of all hands it beats (0 unseen)."""
        level = situation.level
        return 0.0 if level is None else situation.strength.table.percentile(level)

    @classmethod
    def _worth_playing(cls, situation: Situation) -> bool:
        """A hand in the top quarter, where a pair begins in the usual rankings (Muflis and wild
        cards move the categories, not the share)."""
        return cls._percentile(situation) >= BELOW_A_PAIR


BELOW_A_PAIR = 16_440 / 22_100
"""The share of three-card hands below a pair: high cards, 16,440 of the 22,100."""
