"""A family of simple strategies with knobs, for searching what beats the bots.

A Plan is a fixed rule of play like the six in game/bots/simple.py, but with parameters: when to
look, how much of the bet range to bet by hand-strength bucket, what to do when someone raises
over it, when to show or ask for a sideshow, and how hard to open. It reads nothing of its
opponents. tests/benchmarks/bench_best_response.py searches the family against each bot level;
`make_bot("plan(...)")` builds one from its name, so simulate's `levels` can seat it too (the
command line's --seats splits at commas and cannot).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace

from game.bots.base import PLAN_PREFIX
from game.bots.reading import Situation, read
from game.bots.simple import BELOW_A_PAIR, settled_without_a_rule
from game.bots.thinking import opening_stake
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
from game.engine.observation import Observation

NEVER = 99
"""Blind turns that mean "never look" (and thresholds above 1 mean "never")."""

WHOLE_KNOBS = frozenset({"look", "opens", "blind_raises", "peek"})
"""The knobs that are counts or switches, not shares."""


@dataclass(frozen=True)
class Plan:
    """One simple strategy of the family: each field a knob a player could set by hand.

    Bet sizes are shares of the legal bet range (0: the minimum, 1: the maximum); strengths are
    percentiles of the hand among all hands of the table's ranking.
    """

    look: int = 0
    """Blind turns before looking: 0 looks at once, NEVER never looks."""
    blind: float = 0.0
    """Share of the range for a blind bet."""
    first: float = 0.0
    """Share of the range for the seat's first bet of the deal (first-turn aggression), at
    least the bucket's own size."""
    weak: float = 1.0
    """Seen bet size below the middle (a hand under the 50th percentile)."""
    middle: float = 1.0
    """Seen bet size from the 50th percentile to a pair."""
    strong: float = 1.0
    """Seen bet size with a pair or better (the top quarter)."""
    play: float = 0.0
    """Seen, fold at once below this percentile (0: play every hand)."""
    fold: float = 0.0
    """Raised over (an opponent raised the stake since this seat's last bet): fold below this
    percentile (blind: never)."""
    reraise: float = 2.0
    """Raised over: bet the maximum at or above this percentile, else call (the minimum)."""
    show: float = 2.0
    """Show (Brag: see) whenever legal at or above this percentile."""
    sideshow: float = 2.0
    """Ask for a sideshow (Brag: propose a showdown) whenever legal at or above this
    percentile, and accept one at or above it."""
    accept: float = 2.0
    """Accept a sideshow (Brag: agree to a showdown) at or above this percentile too (0: every
    one asked, as the bold opener does, who asks none)."""
    opens: int = 0
    """The seat's first `opens` bets of the deal (blind or seen) are at `first` whatever it
    holds and whoever raised (0: only its first seen bet, and not when raised over)."""
    blind_raises: int = 0
    """1: a blind raise counts as raised over too (0: only a seen one)."""
    peek: int = 0
    """1: blind and raised over, look (then the seen rules answer the raise)."""

    def name(self) -> str:
        """The plan's name, which make_bot reads back."""
        parts = [f"{name}={value:g}" for name, value in asdict(self).items()]
        return PLAN_PREFIX + ",".join(parts) + ")"


def parse_plan(name: str) -> Plan:
    """The plan a name spells (fields left out keep their defaults); ValueError if it does not."""
    if not name.startswith(PLAN_PREFIX) or not name.endswith(")"):
        raise ValueError(f"'{name}' is not a plan: write plan(look=0,weak=1,...)")
    known = {field.name: field.type for field in fields(Plan)}
    values: dict[str, int | float] = {}
    body = name[len(PLAN_PREFIX) : -1]
    for part in filter(None, body.split(",")):
        key, _, text = part.partition("=")
        if key not in known:
            raise ValueError(f"'{name}': a plan has no knob '{key}' ({', '.join(known)})")
        try:
            values[key] = int(float(text)) if key in WHOLE_KNOBS else float(text)
        except ValueError:
            raise ValueError(f"'{name}': '{text}' is not a number for {key}") from None
    return replace(Plan(), **values)  # type: ignore[arg-type]


class PlanBot:
    """A bot that plays one Plan whatever its opponents do."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.name = plan.name()

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """The action the plan gives for this spot."""
        situation = read(observation, legal)
        settled = settled_without_a_rule(observation, legal, situation, rng)
        if settled is not None:
            return settled
        plan, seat = self.plan, situation.me.seat
        strength = self._strength(situation)
        accepts = strength >= min(plan.sideshow, plan.accept)
        if situation.has("answer"):
            return AnswerSideshow(seat, accepts)
        if situation.has("agree"):
            return AnswerShowdown(seat, accepts)
        if situation.has("keep"):
            return KeepHand(seat, strength >= plan.play)
        if situation.has("choose"):
            return ChooseHand(seat, "new")
        if situation.has("stay"):
            return situation.action("stay")
        if situation.blind:
            return self._blind(situation)
        return self._seen(situation, strength)

    def _opening(self, situation: Situation) -> bool:
        """Whether this bet is one of the plan's `opens` opening bets."""
        seat = situation.me.seat
        bets = sum(
            1
            for event in situation.observation.history
            if isinstance(event, BetPlaced) and event.seat == seat
        )
        return bets < self.plan.opens

    def _blind(self, situation: Situation) -> Action:
        """Blind: bet the blind size until the plan's turns are up, then look (with `peek`,
        also when raised over)."""
        plan = self.plan
        turns = situation.blind_turns()
        opening = self._opening(situation)
        if situation.has("look") and turns >= plan.look:
            return situation.action("look")
        raised = not opening and raised_over(situation, bool(plan.blind_raises))
        if situation.has("look") and plan.peek and raised:
            return situation.action("look")
        if situation.has("bet"):
            if opening:
                return self._bet(situation, plan.first)
            size = plan.first if turns == 0 and not plan.opens else plan.blind
            return self._bet(situation, max(size, plan.blind))
        for verb in ("show", "cover", "look"):
            if situation.has(verb):
                return situation.action(verb)
        return Fold(situation.me.seat)

    def _seen(self, situation: Situation, strength: float) -> Action:
        """Seen: fold a hand below `play`; when raised over, fold, call or re-raise by
        strength; else show, sideshow or bet the bucket's size."""
        plan, seat = self.plan, situation.me.seat
        if strength < plan.play:
            return Fold(seat)
        if self._opening(situation) and situation.has("bet"):
            return self._bet(situation, plan.first)
        raised = raised_over(situation, bool(plan.blind_raises))
        if raised and strength < plan.fold:
            return Fold(seat)
        if situation.has("show") and strength >= plan.show:
            return situation.action("show")
        for verb in ("sideshow", "propose"):
            if situation.has(verb) and strength >= plan.sideshow:
                return situation.action(verb)
        if situation.has("bet"):
            if raised:
                return self._bet(situation, 1.0 if strength >= plan.reraise else 0.0)
            size = plan.weak if strength < 0.5 else plan.strong
            if 0.5 <= strength < BELOW_A_PAIR:
                size = plan.middle
            if not plan.opens and not any(seen_before(situation)):
                size = max(size, plan.first)
            return self._bet(situation, size)
        for verb in ("show", "cover"):
            if situation.has(verb):
                return situation.action(verb)
        return Fold(seat)

    @staticmethod
    def _bet(situation: Situation, share: float) -> Action:
        option = situation.option("bet")
        return situation.bet(option.low + round((option.high - option.low) * share))

    @staticmethod
    def _strength(situation: Situation) -> float:
        """The seen hand's percentile among all hands (0.5 blind)."""
        level = situation.level
        if level is None:
            return 0.5
        return situation.strength.table.percentile(level)


def seen_before(situation: Situation) -> list[BetPlaced]:
    """This seat's seen bets this deal."""
    seat = situation.me.seat
    return [
        event
        for event in situation.observation.history
        if isinstance(event, BetPlaced) and event.seat == seat and not event.blind
    ]


def raised_over(situation: Situation, blind_raises: bool = False) -> bool:
    """Whether an opponent raised the stake after this seat's last bet this deal (a blind
    raise counts only with `blind_raises`)."""
    seat = situation.me.seat
    stake = opening_stake(situation.observation.rules)
    raised = False
    for event in situation.observation.history:
        if not isinstance(event, BetPlaced):
            continue
        if event.seat == seat:
            raised = False
        elif event.stake > stake and (blind_raises or not event.blind):
            raised = True
        stake = event.stake
    return raised
