"""Statistics of a player's play: per game, hands played and won, net chips, biggest pot, best
hand, and the chips after each deal (for the session chart); lifetime totals saved on disk,
the deals played at network tables apart from those played on this machine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import assert_never

from pydantic import BaseModel, ConfigDict, Field

from game.engine.all_events import any_event
from game.engine.cards import Card
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
from game.engine.hands import Ranking
from game.engine.observation import Observation
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
from game.i18n import _
from game.persistence.paths import data_folder
from game.persistence.reading import STATISTICS_LIMIT
from game.persistence.store import Loaded, load_model, save_model

STATISTICS_VERSION = 2
"""Format 2 adds the network tables' records (`network_games`); a format 1 file loads with
none."""


class GameRecord(BaseModel):
    """One player's record at one game."""

    model_config = ConfigDict(defer_build=True)

    hands_played: int = 0
    hands_won: int = 0
    net_chips: int = 0
    biggest_pot: int = 0
    best_hand: str = ""
    best_hand_strength: int = -1
    chips_after_each_deal: list[int] = Field(default_factory=list)
    undecided_chips: int = 0
    """What deals whose pot carried forward (Brag) changed the chips by: not yet a win or a
    loss, it counts in net_chips with the deal that decides the pot."""

    @property
    def win_rate(self) -> float:
        """Share of the hands played that won a pot."""
        return self.hands_won / self.hands_played if self.hands_played else 0.0


class Statistics(BaseModel):
    """Records by game family (the lifetime file holds one of these)."""

    model_config = ConfigDict(defer_build=True)

    schema_version: int = STATISTICS_VERSION
    games: dict[str, GameRecord] = Field(default_factory=dict)
    network_games: dict[str, GameRecord] = Field(default_factory=dict)
    """The deals played at network tables, by game (format 2)."""

    def record(self, family: str) -> GameRecord:
        """The record of a game, created empty the first time."""
        return self.games.setdefault(family, GameRecord())

    def network_record(self, family: str) -> GameRecord:
        """The record of a game at network tables, created empty the first time."""
        return self.network_games.setdefault(family, GameRecord())


@dataclass
class DealFacts:
    """What one deal's events tell a seat's record: its start and end, the pots awarded, and
    the last three cards the seat saw of its own (looked at or shown)."""

    started: DealStarted | None = None
    ended: DealEnded | None = None
    awards: list[PotAwarded] = field(default_factory=list)
    seen: tuple[Card, ...] = ()
    carried: bool = False
    """The pot carried forward to the next deal: this deal did not decide it."""


def deal_facts(events: Sequence[Event], seat: int) -> DealFacts:
    """Read a deal's events once for a seat's record (every kind of event decided)."""
    facts = DealFacts()
    for event in map(any_event, events):
        match event:
            case DealStarted():
                if facts.started is None:
                    facts.started = event
            case DealEnded():
                facts.ended = event
            case PotAwarded():
                facts.awards.append(event)
            case PotCarried():
                facts.carried = True
            case Looked() | HandRevealed():
                cards = tuple(card for card in event.cards if card is not None)
                if event.seat == seat and len(cards) == 3:
                    facts.seen = cards
            case (
                PackShuffled()
                | AntePosted()
                | CardDealt()
                | JokerTurned()
                | BetPlaced()
                | Folded()
                | ShowPaid()
                | SideshowAsked()
                | SideshowAnswered()
                | SideshowCompared()
                | CardsToPack()
                | HandKept()
                | Discarded()
                | DiscardShown()
                | HandRetained()
                | PotCovered()
                | BetReturned()
                | LoanMade()
                | LoanRepaid()
                | ShowdownProposed()
                | ShowdownAnswered()
                | TurnPassed()
                | TimeRanOut()
                | BankOffered()
                | BankWaived()
                | DesignatedPlayerChosen()
                | BetsPosted()
                | Called()
                | Qualified()
                | WagerSettled()
                | HandDead()
            ):
                pass  # the record counts deals, pots and hands, not the moves between them
            case _:
                assert_never(event)
    return facts


def record_deal(
    record: GameRecord,
    events: Sequence[Event],
    seat: int,
    stack_before: int,
    ranking: Ranking,
    *,
    keep_chart: bool = True,
) -> None:
    """Add one finished deal, from its events, to a seat's record; a deal whose pot carries
    forward adds its chips to the record's undecided ones, and the deal that decides the pot
    counts them with its own in net_chips."""
    facts = deal_facts(events, seat)
    started, ended, awards = facts.started, facts.ended, facts.awards
    if started is None or ended is None or seat not in started.seats or seat >= len(ended.stacks):
        return
    record.hands_played += 1
    stack_after = ended.stacks[seat]
    if awards:
        won = sum(event.amount for event in awards if event.seat == seat)
    else:  # a banked game (Three Card Poker) has no pot: a deal is won by ending it richer
        won = max(0, stack_after - stack_before)
    if won:
        record.hands_won += 1
        record.biggest_pot = max(record.biggest_pot, won)
    record.undecided_chips += stack_after - stack_before
    if not facts.carried:
        settle_undecided(record)
    if keep_chart:
        record.chips_after_each_deal.append(stack_after)
    if facts.seen:
        try:
            value = ranking.evaluate(facts.seen)
        except ValueError:  # cards no hand holds (a network table's garbled history)
            return
        if value.strength > record.best_hand_strength:
            record.best_hand_strength = value.strength
            record.best_hand = value.description


def record_observed_deal(record: GameRecord, observation: Observation) -> bool:
    """Add a finished deal as its seat saw it (a network table's last state of the deal: the
    seat's own observation, its history whole) to a record; whether it counted (a deal seen
    by no seat, or not yet over, does not)."""
    seat = observation.viewer
    ranking = observation.hand_ranking()
    if seat is None or not observation.deal_over or ranking is None:
        return False
    if seat >= len(observation.seats):
        return False
    starts = observation.start_stacks
    before = starts[seat] if seat < len(starts) else observation.seats[seat].stack
    played = record.hands_played
    record_deal(record, observation.history, seat, before, ranking, keep_chart=False)
    return record.hands_played > played


def settle_undecided(record: GameRecord) -> None:
    """Count the chips of carried pots in net_chips: a deal decided the pot, or none will."""
    record.net_chips += record.undecided_chips
    record.undecided_chips = 0


def statistics_file() -> Path:
    """Where lifetime statistics are kept, in the user data folder."""
    return data_folder() / "statistics.json"


def load_lifetime() -> Loaded[Statistics]:
    """Lifetime statistics, or empty ones with a note of any problem."""
    return load_model(
        statistics_file(),
        Statistics,
        schema_version=STATISTICS_VERSION,
        limit=STATISTICS_LIMIT,
        instead=_("the lifetime statistics start afresh"),
        what=_("Your statistics file"),
    )


def save_lifetime(statistics: Statistics) -> str:
    """Save lifetime statistics in this build's format (a file read in an older format is
    written in the new one); returns '' or why not."""
    current = statistics.model_copy(update={"schema_version": STATISTICS_VERSION})
    return save_model(statistics_file(), current)


def count_network_deal(observation: Observation) -> str:
    """Add a finished deal of a network table, as its seat saw it, to the lifetime statistics
    as a network deal; '' or why the file could not be read or written."""
    loaded = load_lifetime()
    lifetime = loaded.value
    if not record_observed_deal(lifetime.network_record(observation.family), observation):
        return loaded.problem
    return save_lifetime(lifetime) or loaded.problem
