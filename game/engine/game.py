"""The interface every game family's state machine offers to the session, UI, bots and tools."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine.actions import Action, LegalAction
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.family import Family
from game.engine.observation import Observation


class Game(Protocol):
    """A session of many deals of one game family at one table."""

    @property
    def family(self) -> Family:
        """The game family this session plays."""
        ...

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips in front of it (not counting chips in the pot)."""
        ...

    @property
    def dealer(self) -> int:
        """The seat dealing now (or next, between deals)."""
        ...

    @property
    def deal_number(self) -> int:
        """How many deals have started in this session."""
        ...

    @property
    def deal_over(self) -> bool:
        """True between deals: nobody is to act."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or None between deals."""
        ...

    def can_deal(self) -> bool:
        """Whether enough seats can pay to take part in another deal."""
        ...

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Start the next deal; `deck` (top first) stacks the pack, for replays and tutorials."""
        ...

    def legal_actions(self) -> list[LegalAction]:
        """Exactly what the seat to act may do now."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Do the action and return what happened; raises IllegalActionError naming the rule."""
        ...

    def observe(self, viewer: int | None) -> Observation:
        """What `viewer` may know now (None: a spectator who sees only public cards)."""
        ...

    def chips_in_play(self) -> int:
        """Stacks plus every pot: constant over a session (chips are conserved)."""
        ...
