"""The easy bot: thresholds on its hand category with some noise, a few blind turns, no bluffs.

After EASY_PATIENCE seen bets in a deal it ends the war: shows where it may, raises with a pair
or better, and folds the rest (against a player who chaals whatever it holds, a deal would
otherwise run to the pot limit)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.bots.banked import BANKED_POLICIES, choose_banked
from game.bots.reading import best_discard, read
from game.bots.wars import own_seen_bets
from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    ChooseHand,
    Cover,
    Fold,
    KeepHand,
    LegalAction,
    Look,
    Show,
    Stay,
)
from game.engine.cards import Card
from game.engine.families import is_pot_game
from game.engine.hands import Category
from game.engine.observation import Observation

EASY_PATIENCE = 4
"""Seen bets in a deal after which the easy bot ends a war."""

_CATEGORY_SCORE = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 1,
    Category.FLUSH: 2,
    Category.STRAIGHT: 3,
    Category.STRAIGHT_FLUSH: 4,
    Category.TRIO: 5,
}


class EasyBot:
    """Plays its cards at face value: bets good hands, folds poor ones, never bluffs."""

    name = "easy"

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """Pick an action by simple thresholds on the hand it has seen."""
        by_kind: dict[type[Action], LegalAction] = {}
        for option in legal:
            by_kind.setdefault(type(option.action), option)
        me = observation.me
        cards = [card for card in me.hands[0] if card is not None] if me and me.hands else []
        if not is_pot_game(observation.family):
            banked = choose_banked(BANKED_POLICIES["easy"], read(observation, legal), rng)
            return banked if banked is not None else legal[0].action
        discard = best_discard(observation, legal)
        if discard is not None:
            return discard
        strength = self._strength(observation, cards, rng)
        for kind in (KeepHand, AnswerSideshow, AnswerShowdown):
            if kind in by_kind:
                wanted = strength >= 1.0
                return next(o.action for o in legal if _answer(o.action) == wanted)
        if ChooseHand in by_kind:
            return rng.choice([option.action for option in legal])
        if Stay in by_kind:
            return by_kind[Stay].action
        unseen = len(cards) not in (3, 4)  # a seen hand below nine-high scores below 0 too
        if unseen and Look in by_kind:
            blind_turns = sum(
                1
                for event in observation.history
                if getattr(event, "seat", None) == observation.viewer
                and getattr(event, "blind", False)
            )
            if blind_turns >= rng.randint(1, 3) or Bet not in by_kind:
                return by_kind[Look].action
        if unseen:
            if Bet in by_kind:
                return by_kind[Bet].action
            return by_kind[Fold].action if Fold in by_kind else legal[0].action
        return self._play_seen(by_kind, strength, observation, rng)

    def _strength(self, observation: Observation, cards: list[Card], rng: random.Random) -> float:
        """-1 when the hand is unseen; otherwise category score plus a high-card share and noise."""
        if len(cards) not in (3, 4):
            return -1.0
        ranking = observation.hand_ranking()
        if ranking is None:
            return 0.5
        value = ranking.evaluate(cards)
        score = float(_CATEGORY_SCORE[value.category])
        if value.category is Category.HIGH_CARD:
            score += (value.hand_class.ranks[0] - 9) / 6
        return score + rng.uniform(-0.3, 0.3)

    def _play_seen(
        self,
        by_kind: dict[type[Action], LegalAction],
        strength: float,
        observation: Observation,
        rng: random.Random,
    ) -> Action:
        me = observation.me
        stack = me.stack if me else 0
        if Bet in by_kind and own_seen_bets(observation) >= EASY_PATIENCE:
            if Show in by_kind:
                return by_kind[Show].action
            option = by_kind[Bet]
            if strength >= 1.0:
                return Bet(option.action.seat, option.high)
            return by_kind[Fold].action if Fold in by_kind else option.action
        if Show in by_kind and strength >= 1.0:
            return by_kind[Show].action
        if Bet in by_kind:
            option = by_kind[Bet]
            budget = stack * (0.02 + 0.04 * max(0.0, strength))
            affordable = option.low <= max(2, budget) or strength >= 3.0
            if strength >= 0.6 and affordable:
                amounts = list(option.amounts())
                top = amounts[min(len(amounts) - 1, int(strength))]
                return Bet(option.action.seat, top if strength >= 2 else amounts[0])
        if Cover in by_kind and strength >= 1.0:
            return by_kind[Cover].action
        if Show in by_kind and strength >= 0.5:
            return by_kind[Show].action
        if Fold in by_kind:
            return by_kind[Fold].action
        return next(iter(by_kind.values())).action


def _answer(action: Action) -> bool:
    for name in ("keep", "accept", "agree"):
        value = getattr(action, name, None)
        if isinstance(value, bool):
            return value
    return False
