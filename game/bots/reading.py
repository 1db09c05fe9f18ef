"""What a bot reads off its observation: its cards, who is still in, the pot and the options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.bots.strength import HandStrength, hand_strength
from game.engine.actions import Action, Bet, Discard, LegalAction
from game.engine.cards import Card, parse
from game.engine.events import BetPlaced, Folded, Looked, SideshowAnswered, SideshowAsked
from game.engine.families import is_pot_game
from game.engine.hands import Ranking, get_ranking
from game.engine.observation import Observation, SeatView
from game.engine.rules import BragRules, TeenPattiRules


@dataclass
class Situation:
    """One decision, as a bot sees it."""

    observation: Observation
    legal: Sequence[LegalAction]
    me: SeatView
    opponents: list[SeatView]
    cards: tuple[Card, ...] | None
    strength: HandStrength
    options: dict[str, list[LegalAction]] = field(default_factory=dict)

    @property
    def family(self) -> str:
        """The game family (a `Family` name)."""
        return self.observation.family

    @property
    def pot(self) -> int:
        """Chips in every pot of the deal."""
        return self.observation.pot

    @property
    def blind(self) -> bool:
        """Whether this seat has not looked at its cards."""
        return self.me.blind and is_pot_game(self.family)

    @property
    def level(self) -> int | None:
        """The level (hand class) of the cards seen, or None."""
        return None if self.cards is None else self.strength.level(self.cards)

    def chance(self, opponents: int | None = None) -> float:
        """Table chance of beating the opponents still in (or `opponents` random hands)."""
        count = len(self.opponents) if opponents is None else opponents
        if self.cards is None:
            return 1.0 / (count + 1)
        return self.strength.chance(self.cards, count)

    def has(self, verb: str) -> bool:
        """Whether an action with this verb is legal."""
        return verb in self.options

    def option(self, verb: str) -> LegalAction:
        """The (first) legal action with this verb."""
        return self.options[verb][0]

    def action(self, verb: str) -> Action:
        """The legal action with this verb, at its cheapest."""
        return self.options[verb][0].action

    def bet(self, amount: int) -> Action:
        """A legal bet as close to `amount` as the range and step allow."""
        return Bet(self.option("bet").action.seat, self.bet_amount(amount))

    def bet_amount(self, amount: int) -> int:
        """The legal bet amount as close to `amount` as the range and step allow."""
        option = self.option("bet")
        amount = max(option.low, min(option.high, amount))
        return amount - (amount - option.low) % option.step

    def blind_turns(self) -> int:
        """How many blind bets this seat has made this deal."""
        seat = self.me.seat
        return sum(
            1
            for event in self.observation.history
            if isinstance(event, BetPlaced) and event.seat == seat and event.blind
        )

    def last_bet(self) -> BetPlaced | None:
        """The most recent bet of the deal."""
        for event in reversed(self.observation.history):
            if isinstance(event, BetPlaced):
                return event
        return None


def refused_sideshows(observation: Observation) -> frozenset[int]:
    """The players who refused the viewer's sideshow this deal with nothing changed since: a
    refusal stands until a player packs, someone looks at their cards or the stake changes (by
    another player's raise: the refuser's own raise only says it again)."""
    viewer = observation.viewer
    refused: set[int] = set()
    asked: int | None = None
    stake: int | None = None
    for event in observation.history:
        if isinstance(event, SideshowAsked):
            asked = event.target if event.seat == viewer else None
        elif isinstance(event, SideshowAnswered):
            if asked is not None and not event.accept:
                refused.add(asked)
            asked = None
        elif isinstance(event, Folded | Looked):
            refused.clear()
        elif isinstance(event, BetPlaced):
            if stake is not None and event.stake != stake:
                refused &= {event.seat}  # a refuser's own raise only says it again
            stake = event.stake
    return frozenset(refused)


def dealt_in(observation: Observation) -> int:
    """How many players were dealt into this deal (folded ones included)."""
    return sum(view.playing for view in observation.seats)


def ranking_of(observation: Observation) -> Ranking:
    """The ranking the observed deal plays, open jokers included (Three Card Poker's when the
    rules are not shown)."""
    ranking = observation.hand_ranking()
    if ranking is not None:
        return ranking
    return get_ranking("three_card_poker")


def read(observation: Observation, legal: Sequence[LegalAction]) -> Situation:
    """The situation of the seat to act."""
    me = observation.me
    if me is None:
        raise ValueError("a bot decides only for a seat")
    opponents = [
        view
        for view in observation.seats
        if view.seat != me.seat and view.playing and not view.folded
    ]
    cards = None
    for hand in me.hands:
        seen = tuple(card for card in hand if card is not None)
        if len(seen) in (3, 4):
            cards = seen
            break
    options: dict[str, list[LegalAction]] = {}
    for option in legal:
        options.setdefault(option.action.verb, []).append(option)
    rules = observation.rules
    cards_dealt = rules.cards_dealt if isinstance(rules, TeenPattiRules | BragRules) else 3
    strength = hand_strength(ranking_of(observation), cards_dealt)
    return Situation(observation, legal, me, opponents, cards, strength, options)


def best_discard(observation: Observation, legal: Sequence[LegalAction]) -> Discard | None:
    """Four-card brag: the discard that keeps the best three (then the highest discard, which
    wins a tie); None when discarding is not what the seat must do now."""
    discards: list[Discard] = [
        option.action for option in legal if isinstance(option.action, Discard)
    ]
    if not discards:
        return None
    ranking = ranking_of(observation)
    me = observation.me
    hand = [card for card in (me.hands[0] if me and me.hands else ()) if card is not None]

    def kept_value(action: Discard) -> tuple[int, int, int]:
        (thrown,) = parse(action.card)
        three = [card for card in hand if card != thrown]
        if len(three) != 3:
            return (-1, 0, 0)
        key = ranking.evaluate(three).sort_key
        return (*key, ranking.knobs.rank_value(thrown.rank))

    return max(discards, key=kept_value)
