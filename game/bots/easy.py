"""The easy bot: thresholds on its hand category with some noise, a few blind turns, no bluffs."""

from __future__ import annotations

import random
from collections.abc import Sequence

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
from game.engine.hands import Category, Ranking
from game.engine.observation import Observation

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
        strength = self._strength(observation, cards, rng)
        banked = self._banked_game(legal, strength, rng)
        if banked is not None:
            return banked
        for kind in (KeepHand, AnswerSideshow, AnswerShowdown):
            if kind in by_kind:
                wanted = strength >= 1.0
                return next(o.action for o in legal if _answer(o.action) == wanted)
        if ChooseHand in by_kind:
            return rng.choice([option.action for option in legal])
        if Stay in by_kind:
            return by_kind[Stay].action
        if strength < 0 and Look in by_kind:
            blind_turns = sum(
                1
                for event in observation.history
                if getattr(event, "seat", None) == observation.viewer
                and getattr(event, "blind", False)
            )
            if blind_turns >= rng.randint(1, 3) or Bet not in by_kind:
                return by_kind[Look].action
        if strength < 0:
            if Bet in by_kind:
                return by_kind[Bet].action
            return by_kind[Fold].action if Fold in by_kind else legal[0].action
        return self._play_seen(by_kind, strength, observation, rng)

    def _banked_game(
        self, legal: Sequence[LegalAction], strength: float, rng: random.Random
    ) -> Action | None:
        """Three Card Poker: bank when offered, Pair Plus now and then, call Q-high or better."""
        by_verb = {option.action.verb: option for option in legal}
        if "bank" in by_verb:
            wanted = "bank" if rng.random() < 0.8 or "waive" not in by_verb else "waive"
            return by_verb[wanted].action
        posts = [option for option in legal if option.action.verb in ("post", "ante")]
        if posts:
            with_side_bet = max(posts, key=lambda option: option.low)
            return with_side_bet.action if rng.random() < 0.3 else min(posts, key=_cost).action
        for verb in ("call", "play"):
            if verb in by_verb:
                if strength >= 0.45 or "fold" not in by_verb:
                    return by_verb[verb].action
                return by_verb["fold"].action
        return None

    def _strength(self, observation: Observation, cards: list[Card], rng: random.Random) -> float:
        """-1 when the hand is unseen; otherwise category score plus a high-card share and noise."""
        if len(cards) != 3:
            return -1.0
        hand_ranking = getattr(observation.rules, "hand_ranking", None)
        ranking = hand_ranking() if callable(hand_ranking) else None
        if not isinstance(ranking, Ranking):
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
        if Show in by_kind and strength >= 1.0:
            return by_kind[Show].action
        if Bet in by_kind:
            option = by_kind[Bet]
            affordable = option.low <= max(2, stack // 5) or strength >= 1.0
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


def _cost(option: LegalAction) -> int:
    return option.low


def _answer(action: Action) -> bool:
    for name in ("keep", "accept", "agree"):
        value = getattr(action, name, None)
        if isinstance(value, bool):
            return value
    return False
