"""Headless play of many deals with invariant checks after every step (the `simulate` verb)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import is_not
from typing import assert_never, cast

from game.agents.agent import Agent, SeatError
from game.agents.seats import BotAgent
from game.agents.turns import TurnLoop
from game.bots.base import Bot
from game.bots.registry import command_line_bot
from game.engine.actions import Action, Bet, Fold, IllegalActionError, LegalAction
from game.engine.all_events import AnyEvent
from game.engine.cards import FULL_DECK, Card, distinct_cards
from game.engine.events import (
    AntePosted,
    BetPlaced,
    BetReturned,
    CardDealt,
    CardsToPack,
    DealEnded,
    DealStarted,
    Discarded,
    DiscardShown,
    Event,
    Folded,
    HandKept,
    HandRetained,
    HandRevealed,
    JokerTurned,
    LoanMade,
    LoanRepaid,
    Looked,
    PackShuffled,
    PotAwarded,
    PotCarried,
    PotCovered,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
    TimeRanOut,
    TurnPassed,
)
from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.history import replay, write_deal
from game.engine.observation import Observation
from game.engine.rules import BragRules, CasinoRules, Rules, TeenPattiRules, get_preset
from game.engine.three_card_poker import (
    BankOffered,
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
    HandDead,
    Qualified,
    WagerSettled,
)

Chooser = Callable[[Observation, list[LegalAction], random.Random], Action]
"""A policy: picks an action from what a seat observes and may do."""


class InvariantError(AssertionError):
    """A rule of the simulation was broken: chips, cards, legality or secrecy."""


def random_policy(observation: Observation, legal: list[LegalAction], rng: random.Random) -> Action:
    """Uniform over the legal actions, with a uniform amount for a bet."""
    option = rng.choice(legal)
    if isinstance(option.action, Bet):
        return Bet(option.action.seat, rng.choice(option.amounts()))
    return option.action


def knowable_cards(events: Sequence[Event], viewer: int | None) -> set[Card]:
    """Cards the event log (unredacted) says `viewer` was allowed to learn."""
    known: set[Card | None] = set()
    for event in cast(Sequence[AnyEvent], events):  # (any_event, without a call per event)
        cards = cards_shown(event, viewer)
        if cards:
            known.update(cards)
    known.discard(None)  # a hidden card shows nothing
    return cast(set[Card], known)


class KnownCards:
    """What each viewer may know from one deal's events, folded in as the events come: a deal's
    list of events is only ever appended to, and each deal starts a new list (a list it has not
    seen, or one that shrank, is read from its start)."""

    def __init__(self) -> None:
        self._events: list[Event] | None = None
        self._known: dict[int | None, tuple[int, set[Card]]] = {}
        """Each viewer's knowable cards and how many of the events they were read from."""

    def of(self, events: list[Event], viewer: int | None) -> set[Card]:
        """The cards `events` say `viewer` was allowed to learn (knowable_cards, kept)."""
        if events is not self._events:
            self._events, self._known = events, {}
        read, known = self._known.get(viewer, (0, set()))
        if read > len(events):
            read, known = 0, set()
        if read < len(events):
            known.update(knowable_cards(events[read:], viewer))  # this record's own set
            self._known[viewer] = (len(events), known)
        return known


_KNOWN = KnownCards()
"""check_step's record of the last deal it checked (simulate checks one game at a time)."""


def cards_shown(event: AnyEvent, viewer: int | None) -> tuple[Card | None, ...]:
    """The cards one event lets `viewer` learn (every kind of event decided)."""
    match event:
        case HandRevealed():
            return event.cards
        case Looked():
            return event.cards if event.seat == viewer or event.audience is None else ()
        case DiscardShown():
            return (event.card,)
        case Discarded():
            return (event.card,) if event.seat == viewer else ()
        case SideshowCompared():
            both = event.asker_cards + event.target_cards
            return both if viewer in (event.asker, event.target) else ()
        case CardDealt():
            return (event.card,) if event.face_up else ()
        case CardsToPack():
            return event.cards if event.face_up or event.audience is None else ()
        case JokerTurned():
            return event.cards if event.audience is None else ()
        case (
            DealStarted()
            | PackShuffled()
            | AntePosted()
            | BetPlaced()
            | Folded()
            | ShowPaid()
            | SideshowAsked()
            | SideshowAnswered()
            | PotAwarded()
            | PotCarried()
            | HandKept()
            | HandRetained()
            | PotCovered()
            | BetReturned()
            | LoanMade()
            | LoanRepaid()
            | ShowdownProposed()
            | ShowdownAnswered()
            | TurnPassed()
            | TimeRanOut()
            | DealEnded()
            | BankOffered()
            | BankWaived()
            | DesignatedPlayerChosen()
            | BetsPosted()
            | Called()
            | Qualified()
            | WagerSettled()
            | HandDead()
        ):
            return ()  # no cards
        case _:
            assert_never(event)


def check_step(game: Game, chips: int, rng: random.Random) -> None:
    """Every invariant after one step; raises InvariantError naming the broken one."""
    if game.chips_in_play() != chips:
        raise InvariantError(f"chips not conserved: {game.chips_in_play()} != {chips}")
    spectator = game.observe(None)
    stacks = game.stacks
    pots = spectator.pots
    if min(pots, default=0) < 0 or spectator.carried < 0 or min(stacks, default=0) < 0:
        negative = [amount for amount in (*pots, spectator.carried) if amount < 0]
        raise InvariantError(f"a pot or a stack is negative ({[*negative, *stacks]})")
    seen = spectator.known_cards()
    public = set(seen)
    if len(seen) != len(public):
        raise InvariantError("a card shows twice on the table")
    held = game.physical_cards()
    if len(held) != 52 or distinct_cards(held) != 52:
        raise InvariantError(f"the 52 cards are not all there exactly once ({len(set(held))})")
    events = game.events
    _check_secrecy(None, public, spectator.pack_showing, events)
    for viewer in range(len(stacks)):
        observation = game.observe(viewer)
        # What the spectator is shown every seat may know (the events that tell the spectator
        # tell everyone), so only the records the viewer's observation does not share with
        # the spectator's are read (most of a seat's view is the very same record).
        shown = _shown_beside(observation, spectator)
        if shown:
            _check_secrecy(viewer, set(shown), observation.pack_showing, events)
    if not game.deal_over:
        legal = game.legal_actions()
        if not legal:
            raise InvariantError("the deal is live but nobody may act")
        _check_refusal(game, legal, rng)


def _shown_beside(observation: Observation, spectator: Observation) -> list[Card]:
    """The cards `observation` shows through records the spectator's observation of the same
    state does not hold (a seat's view, the pack's top card, the cards in the middle): what it
    shows beyond those, `known_cards` of it would add nothing to."""
    seats, public = observation.seats, spectator.seats
    if len(seats) != len(public):
        return observation.known_cards()
    cards: list[Card] = []
    # (the records not shared picked out in C: most of a seat's view is the spectator's)
    for view in compress(seats, map(is_not, seats, public)):
        for hand in view.hands:
            cards += filter(None, hand)  # (a hidden card is None; a card is always true)
        if view.discard is not None:
            cards.append(view.discard)
    if observation.pack_showing is not None and observation.pack_showing != spectator.pack_showing:
        cards.append(observation.pack_showing)
    if observation.table_cards is not spectator.table_cards:
        cards.extend(observation.table_cards)
    return cards


def _check_secrecy(
    viewer: int | None, shown: set[Card], pack_showing: Card | None, events: list[Event]
) -> None:
    """Every card in `shown` is one the deal's events let `viewer` learn (None: everyone), or
    the pack's top card showing."""
    if not shown or not events:
        return  # nothing shown, nothing to have learned (the events read when needed)
    extra = shown - _KNOWN.of(events, viewer)
    if pack_showing is not None:
        extra.discard(pack_showing)
    if extra:
        who = "the spectator" if viewer is None else f"seat {viewer}"
        raise InvariantError(f"{who} can see {sorted(map(str, extra))}")


def check_restored(game: Game) -> None:
    """Check a deal rebuilt from a save's history as check_step does, from its header's chips."""
    chips = sum(setup.stack for setup in game.deal_start) + game.deal_carried
    check_step(game, chips, random.Random(0))


def _check_refusal(game: Game, legal: list[LegalAction], rng: random.Random) -> None:
    """An action by the wrong seat, or a bet out of range, must be refused."""
    seat = legal[0].action.seat
    count = len(game.stacks)
    attempts: list[Action] = []
    if count > 1:  # another seat, any of them alike (a draw in C: `randrange` is Python's)
        attempts.append(Fold((seat + 1 + int(rng.random() * (count - 1))) % count))
    most = next((option.high for option in legal if isinstance(option.action, Bet)), None)
    attempts.append(Bet(seat, 10**9 if most is None else most + 1))
    for attempt in attempts:  # each must be refused (caught here: one frame fewer to unwind)
        try:
            game.apply(attempt)
        except IllegalActionError:
            continue
        raise InvariantError(f"the illegal action '{attempt.notation()}' was accepted")


@dataclass
class SeatResult:
    """One seat's results over a simulation."""

    seat: int
    bot: str
    per_deal: list[float] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """The seat's line of the JSON report: net chips, mean per deal and its 95 % interval."""
        net: float = sum(self.per_deal)
        if any(isinstance(value, float) for value in self.per_deal):
            net = round(net, 4)
        mean, low, high = mean_interval(self.per_deal)
        return {
            "seat": self.seat,
            "bot": self.bot,
            "net": net,
            "mean": round(mean, 4),
            "ci95_low": round(low, 4),
            "ci95_high": round(high, 4),
        }


def mean_interval(values: Sequence[float], scale: float = 1.0) -> tuple[float, float, float]:
    """The mean of per-deal results and its 95 % interval (1.96 standard errors), times
    `scale` (1000: milli-units); (0, 0, 0) for no deals, no spread for one."""
    count = len(values)
    if count == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / count
    spread = 0.0
    if count > 1:
        variance = sum((value - mean) ** 2 for value in values) / (count - 1)
        spread = 1.96 * math.sqrt(variance / count)
    return mean * scale, (mean - spread) * scale, (mean + spread) * scale


@dataclass
class SimulationReport:
    """What a simulation did and how each seat fared."""

    hands: int
    seconds: float
    seats: list[SeatResult]
    played: int | None = None

    def as_dict(self) -> dict[str, object]:
        """The JSON report of the simulate verb (the rate counts every deal played)."""
        played = self.hands if self.played is None else self.played
        rate = played / self.seconds if self.seconds else 0.0
        return {
            "hands": self.hands,
            "hands_per_second": round(rate, 1),
            "seats": [seat.as_dict() for seat in self.seats],
        }


Player = Chooser | Bot
"""A seat's player in a simulation: a bare policy function or a bot (which may also learn)."""


class PolicyBot:
    """A bare policy function playing as a bot."""

    def __init__(self, policy: Chooser, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def choose(
        self, observation: Observation, legal: Sequence[LegalAction], rng: random.Random
    ) -> Action:
        """The policy's choice."""
        return self.policy(observation, list(legal), rng)


def seat_agents(players: Sequence[Player], rngs: Sequence[random.Random]) -> list[Agent]:
    """An agent per seat: each player as a bot, with that seat's random numbers."""
    return [
        BotAgent(player if isinstance(player, Bot) else PolicyBot(player), rng)
        for player, rng in zip(players, rngs, strict=True)
    ]


def bot_players(levels: Sequence[str]) -> list[tuple[str, Player]]:
    """A (name, bot) per level name, as simulate() takes them."""
    return [(level, command_line_bot(level)) for level in levels]


def simulate(
    preset: str,
    players: int,
    hands: int,
    seed: int,
    *,
    policies: Sequence[tuple[str, Player]] = (),
    stack: int | None = None,
    check: bool = True,
    duplicate: bool = False,
    levels: Sequence[str] = (),
) -> SimulationReport:
    """Play `hands` deals of a preset, checking invariants after every step when `check`.

    `levels` names a bot per seat (made fresh for every rotation in duplicate play).
    `duplicate` plays every deal once per rotation of the seats, from the same deck and fresh
    stacks, and credits each bot with its mean over the rotations, so the cards' luck cancels.
    """
    rules = get_preset(preset).rules()
    unit = (
        rules.boot
        if isinstance(rules, TeenPattiRules)
        else rules.ante
        if isinstance(rules, BragRules | CasinoRules)
        else 1
    )
    start_stack = stack if stack is not None else 200 * unit
    if levels:
        policies = bot_players(levels)
    chosen = list(policies) or [("random", random_policy)] * players
    if len(chosen) != players:
        raise ValueError(f"{len(chosen)} policies for {players} seats")
    if duplicate:
        return _simulate_duplicate(
            rules, chosen, hands, seed, start_stack, unit, check, list(levels)
        )
    rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 1000 + seat) for seat in range(players)]
    results = [SeatResult(seat, name) for seat, (name, _) in enumerate(chosen)]
    table = [player for _, player in chosen]
    session = 0
    game = create_game(rules, [start_stack] * players, seed=seed, dealer=0)
    turns = TurnLoop(game, seat_agents(table, seat_rngs))
    started = time.perf_counter()
    played = 0
    while played < hands:
        if not _everyone_can_play(game, unit):
            session += 1
            game = create_game(rules, [start_stack] * players, seed=seed + session, dealer=0)
            turns = TurnLoop(game, turns.agents)
        before = list(game.stacks)
        turns.start_deal()
        _play_deal(turns, rng, check)
        for seat, result in enumerate(results):
            result.per_deal.append(game.stacks[seat] - before[seat])
        played += 1
    return SimulationReport(played, time.perf_counter() - started, results)


def _play_deal(turns: TurnLoop, rng: random.Random, check: bool) -> None:
    """Play the started deal to its end through the turn loop, checking every step when asked;
    SeatError names a seat whose bot fails it."""
    game = turns.game
    chips = game.chips_in_play()
    steps = 0
    while not game.deal_over:
        if check:
            check_step(game, chips, rng)
        seat = game.to_act
        if not turns.step() and seat is not None:
            raise SeatError(seat, turns.agents[seat].label, "gave no answer when asked")
        steps += 1
        if steps > 100_000:
            raise InvariantError("a deal ran past 100,000 actions")
    if check:
        check_step(game, chips, rng)
        _check_replay(game)


def _simulate_duplicate(
    rules: Rules,
    chosen: list[tuple[str, Player]],
    hands: int,
    seed: int,
    start_stack: int,
    unit: int,
    check: bool,
    levels: list[str],
) -> SimulationReport:
    """Every deal once per rotation of the seats; a bot's result is its mean over rotations.

    Each rotation is a fresh table from the same deck, and each seat draws the same random
    numbers in every rotation (common random numbers). A Brag deal that leaves the pot carried
    forward (a blind player left alone) is played on, with fresh decks from the same seed, until
    someone wins it, so every block conserves chips; the block counts as the deal.
    """
    players = len(chosen)
    names = [name for name, _ in chosen]
    rotations = players
    tables: list[list[Player]] = []
    for rotation in range(rotations):
        if levels:
            bots = [
                command_line_bot(levels[(seat - rotation) % players]) for seat in range(players)
            ]
            tables.append(list(bots))
        else:
            tables.append([chosen[(seat - rotation) % players][1] for seat in range(players)])
    results = [SeatResult(seat, name) for seat, name in enumerate(names)]
    rng = random.Random(seed)
    started = time.perf_counter()
    played = 0
    for deal in range(hands):
        deck_seed = seed * 1_000_003 + deal
        totals = [0.0] * players
        for rotation in range(rotations):
            deck_rng = random.Random(deck_seed)
            # The same chance for a seat in every rotation, as its cards are: two copies of
            # one bot score exactly even, and only what the players choose tells them apart.
            seat_rngs = [random.Random(deck_seed * 31 * 17 + seat) for seat in range(players)]
            game = create_game(
                rules, [start_stack] * players, seed=deck_seed, dealer=deal % players
            )
            turns = TurnLoop(game, seat_agents(tables[rotation], seat_rngs))
            for _ in range(20):
                held = {card for hand in game.retained_hands().values() for card in hand}
                deck = [card for card in FULL_DECK if card not in held]
                deck_rng.shuffle(deck)
                turns.start_deal(deck)
                _play_deal(turns, rng, check)
                played += 1
                if not _unsettled(game) or not _everyone_can_play(game, unit):
                    break
            for seat in range(players):
                slot = (seat - rotation) % players
                totals[slot] += game.stacks[seat] - start_stack
        for slot, result in enumerate(results):
            result.per_deal.append(totals[slot] / rotations)
    return SimulationReport(hands, time.perf_counter() - started, results, played)


def _unsettled(game: Game) -> bool:
    """Chips or hands wait for the next deal (a carried pot or a retained blind hand)."""
    return bool(game.carried) or bool(game.retained_hands())


def _everyone_can_play(game: Game, unit: int) -> bool:
    return game.can_deal() and min(game.stacks) >= unit * 10


def _check_replay(game: Game) -> None:
    """Replaying the history written for the deal must end in the same state."""
    result = replay(write_deal(game))
    if result.game.stacks != game.stacks:
        raise InvariantError(
            f"replaying the history gives stacks {result.game.stacks}, not {game.stacks}"
        )
    # The pots as an observation shows them, without making the replayed game's observation
    # (its whole history redacted) only to read them.
    if result.game.pot_sizes() != game.pot_sizes():
        raise InvariantError("replaying the history gives different pots")
