"""The interface every game family's state machine offers to the session, UI, bots and tools."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from game.engine.actions import Action, LegalAction
from game.engine.base import SeatSetup
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.family import Family
from game.engine.hands import Ranking
from game.engine.observation import Observation
from game.engine.rules import Rules
from game.engine.said import Said


class SeatCards(Protocol):
    """A seat's part in the current deal, as far as its cards go."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """The seat's hands (one, or two with a retained Brag hand), each as dealt."""
        ...


class Game(Protocol):
    """A session of many deals of one game family at one table."""

    @property
    def family(self) -> Family:
        """The game family this session plays."""
        ...

    @property
    def rules(self) -> Rules:
        """The rule set this session plays."""
        ...

    @property
    def seed(self) -> int:
        """The seed the session's random number generator started from."""
        ...

    @property
    def rng(self) -> random.Random:
        """The session's random number generator (its state is saved and restored)."""
        ...

    @property
    def ranking(self) -> Ranking:
        """The hand ranking the current deal plays (with this deal's open jokers, if any)."""
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

    def time_ran_out(self, seat: int, stand_in: bool = False) -> list[Event]:
        """The seat to act did not act in time: the fact goes into the deal's events, before
        the move played for it (`stand_in`: a bot plays it, else the seat packs)."""
        ...

    def refusal(self, action: Action) -> Said:
        """The sentence naming the rule that forbids `action` now; nothing when it is allowed."""
        ...

    def observe(self, viewer: int | None) -> Observation:
        """What `viewer` may know now (None: a spectator who sees only public cards)."""
        ...

    def chips_in_play(self) -> int:
        """Stacks plus every pot: constant over a session (chips are conserved)."""
        ...

    def pot_sizes(self) -> tuple[int, ...]:
        """The chips in each pot now: an observation's `pots`, without making one."""
        ...

    def why_not_dealing(self) -> Said:
        """Why no deal can start now, as a sentence; nothing when one can."""
        ...

    @property
    def players(self) -> Mapping[int, SeatCards]:
        """Every seat dealt into the current (or last) deal, by seat."""
        ...

    @property
    def deal_start(self) -> tuple[SeatSetup, ...]:
        """Each seat's stack (and retained hand) when the current deal started."""
        ...

    @property
    def deal_dealer(self) -> int:
        """The seat that dealt the current deal (the first offered the bank, when banked)."""
        ...

    @property
    def deal_carried(self) -> int:
        """The chips carried into the current deal from the one before."""
        ...

    @property
    def deal_deck(self) -> tuple[Card, ...]:
        """The pack the current deal was dealt from, top first."""
        ...

    @property
    def actions(self) -> list[Action]:
        """The actions taken in the current deal, in order."""
        ...

    @property
    def events(self) -> list[Event]:
        """Everything that happened in the current deal, in order."""
        ...

    def number_deals_from(self, number: int) -> None:
        """Call the next deal `number` (a replay that resumes a session part way through)."""
        ...

    @property
    def house_net(self) -> int:
        """What the house has won over the session (0 where no house banks)."""
        ...

    def restore_house_net(self, net: int) -> None:
        """Set what the house has won so far, as a save recorded it."""
        ...

    @property
    def carried(self) -> int:
        """Chips waiting in the pot for the next deal (0 where nothing carries over)."""
        ...

    def retained_hands(self) -> Mapping[int, tuple[Card, ...]]:
        """Hands kept back for the next deal, by seat (Brag's retained blind hands)."""
        ...

    def physical_cards(self) -> list[Card]:
        """Every card where it lies now (pack, hands, retained, discards, table): all 52."""
        ...
