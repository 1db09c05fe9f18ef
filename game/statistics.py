"""Statistics of a player's play: per game, hands played and won, net chips, biggest pot, best
hand, and the chips after each deal (for the session chart); lifetime totals saved on disk."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from game.engine.cards import Card
from game.engine.events import DealEnded, DealStarted, Event, HandRevealed, Looked, PotAwarded
from game.engine.hands import Ranking
from game.i18n import _
from game.persistence.paths import data_folder
from game.persistence.reading import STATISTICS_LIMIT
from game.persistence.store import Loaded, load_model, save_model

STATISTICS_VERSION = 1


class GameRecord(BaseModel):
    """One player's record at one game."""

    hands_played: int = 0
    hands_won: int = 0
    net_chips: int = 0
    biggest_pot: int = 0
    best_hand: str = ""
    best_hand_strength: int = -1
    chips_after_each_deal: list[int] = Field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Share of the hands played that won a pot."""
        return self.hands_won / self.hands_played if self.hands_played else 0.0


class Statistics(BaseModel):
    """Records by game family (the lifetime file holds one of these)."""

    schema_version: int = STATISTICS_VERSION
    games: dict[str, GameRecord] = Field(default_factory=dict)

    def record(self, family: str) -> GameRecord:
        """The record of a game, created empty the first time."""
        return self.games.setdefault(family, GameRecord())


def _cards_seen_by(events: Sequence[Event], seat: int) -> tuple[Card, ...]:
    seen: tuple[Card, ...] = ()
    for event in events:
        if isinstance(event, Looked | HandRevealed) and event.seat == seat:
            cards = tuple(card for card in event.cards if card is not None)
            if len(cards) == 3:
                seen = cards
    return seen


def record_deal(
    record: GameRecord,
    events: Sequence[Event],
    seat: int,
    stack_before: int,
    ranking: Ranking,
    *,
    keep_chart: bool = True,
) -> None:
    """Add one finished deal, from its events, to a seat's record."""
    started = next((event for event in events if isinstance(event, DealStarted)), None)
    ended = next((event for event in reversed(events) if isinstance(event, DealEnded)), None)
    if started is None or ended is None or seat not in started.seats:
        return
    record.hands_played += 1
    stack_after = ended.stacks[seat]
    awards = [event for event in events if isinstance(event, PotAwarded)]
    if awards:
        won = sum(event.amount for event in awards if event.seat == seat)
    else:  # a banked game (Three Card Poker) has no pot: a deal is won by ending it richer
        won = max(0, stack_after - stack_before)
    if won:
        record.hands_won += 1
        record.biggest_pot = max(record.biggest_pot, won)
    record.net_chips += stack_after - stack_before
    if keep_chart:
        record.chips_after_each_deal.append(stack_after)
    cards = _cards_seen_by(events, seat)
    if cards:
        value = ranking.evaluate(cards)
        if value.strength > record.best_hand_strength:
            record.best_hand_strength = value.strength
            record.best_hand = value.description


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
    )


def save_lifetime(statistics: Statistics) -> str:
    """Save lifetime statistics; returns '' or why not."""
    return save_model(statistics_file(), statistics)
