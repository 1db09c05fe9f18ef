"""A table in play: who sits where (a person, a bot or a script), the game, the turn loop that
asks each seat's agent, and every finished deal's history."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace

from game.agents.agent import Agent, SeatKind
from game.agents.background import BackgroundBot
from game.agents.seats import BotAgent, PersonAgent
from game.agents.turns import TurnLoop
from game.bots.registry import make_bot
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.history import write_deal
from game.engine.observation import Observation
from game.engine.rules import Rules

PERSON_NAME = "You"
"""The name of a person's own seat, which the narration speaks to ("You pack"): never a bot's."""

BOT_NAMES = ("Priya", "Oliver", "Arjun", "Meera", "Harry", "Kabir", "Amelia", "Rohan", "Isla")
"""Indian and British names for the bots (proper names: the same in every language)."""


@dataclass(frozen=True)
class SeatPlan:
    """One seat of a new table: a name, who decides for it, and a bot's level (a level the game
    offers; an outside bot is named only on the command line)."""

    name: str
    kind: SeatKind = SeatKind.BOT
    level: str = "easy"

    @classmethod
    def person(cls, name: str) -> SeatPlan:
        """A person at this screen."""
        return cls(name, SeatKind.PERSON, "")

    @classmethod
    def bot(cls, name: str, level: str = "easy") -> SeatPlan:
        """A bot of `level`."""
        return cls(name, SeatKind.BOT, level)

    @property
    def human(self) -> bool:
        """Whether a person at this screen plays the seat."""
        return self.kind is SeatKind.PERSON


def named_as_bots(seats: Sequence[SeatPlan]) -> list[SeatPlan]:
    """The seats, with a bot called "You" renamed to the first bot name no seat uses: "You" is
    the person's own seat, and a bot playing it is named as a bot ("Priya packs", never "You
    packs")."""
    used = {plan.name.casefold() for plan in seats}
    spare = (name for name in BOT_NAMES if name.casefold() not in used)
    named = []
    for index, plan in enumerate(seats):
        if not plan.human and plan.name.strip().casefold() == PERSON_NAME.casefold():
            plan = replace(plan, name=next(spare, f"Bot {index + 1}"))
        named.append(plan)
    return named


def agent_for(plan: SeatPlan, seat: int, seed: int) -> Agent:
    """The agent a seat plan asks for: a person at this screen, or a bot with its own random
    numbers (seeded from the session's seed and the seat, so a session replays)."""
    if plan.kind is SeatKind.PERSON:
        return PersonAgent()
    rng = random.Random(seed * 7919 + seat)
    return BotAgent(make_bot(plan.level), rng, plan.kind, plan.level)


class Session:
    """Seats, the game, the turn loop and the hand histories; the one place actions are applied."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[SeatPlan],
        *,
        stack: int = 200,
        seed: int = 0,
        dealer: int = 0,
        agents: Sequence[Agent] | None = None,
        game: Game | None = None,
    ) -> None:
        self.rules = rules
        self.seats = named_as_bots(seats)
        self.seed = seed
        self.stack = stack
        self.after_deal: Callable[[Session], None] | None = None
        if game is None:
            game = create_game(rules, [stack] * len(seats), seed=seed, dealer=dealer)
        if agents is None:
            agents = [agent_for(plan, seat, seed) for seat, plan in enumerate(self.seats)]
        self.turns = TurnLoop(game, agents)
        self.histories: list[str] = []
        self._thinking: tuple[Executor, float] | None = None

    @property
    def game(self) -> Game:
        """The game being played (for the record keeper, saves and tools; the table draws only
        observations)."""
        return self.turns.game

    @property
    def agents(self) -> list[Agent]:
        """Each seat's agent."""
        return self.turns.agents

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        return [plan.name for plan in self.seats]

    @property
    def humans(self) -> list[int]:
        """The seats that belong to people (their records and statistics are kept), even while
        a bot stands in for one."""
        return [seat for seat, plan in enumerate(self.seats) if plan.human]

    def _bot(self, seat: int) -> BotAgent | None:
        """The bot playing `seat` (thinking here or in the background), if a bot does."""
        agent = self.agents[seat]
        if isinstance(agent, BackgroundBot):
            return agent.agent
        return agent if isinstance(agent, BotAgent) else None

    @property
    def bot_rngs(self) -> dict[int, random.Random]:
        """Each bot's own random numbers, by seat (saved and restored with the game)."""
        bots = {seat: self._bot(seat) for seat in range(len(self.agents))}
        return {seat: bot.rng for seat, bot in bots.items() if bot is not None}

    def plays_at_random(self, seat: int) -> bool:
        """Whether a bot that picks its moves at random, with no reasons, plays `seat`."""
        bot = self._bot(seat)
        return bot is not None and bot.bot.name == "random"

    def think_in_background(self, pool: Executor, patience: float = 0.0) -> None:
        """From now on every bot (stand-ins too) thinks in `pool`'s thread, so the caller's
        thread (a window's) never thinks; a poll waits at most `patience` seconds for a thought
        about to end."""
        self._thinking = (pool, patience)
        for seat, agent in enumerate(self.agents):
            if isinstance(agent, BotAgent):
                self.turns.replace(seat, self._thinker(agent))

    def wait_for_thoughts(self, patience: float) -> None:
        """From now on a poll of a bot thinking in the background waits at most `patience`
        seconds for its thought (the bots already thinking there too)."""
        if self._thinking is None:
            return
        self._thinking = (self._thinking[0], patience)
        for agent in self.agents:
            if isinstance(agent, BackgroundBot):
                agent.patience = patience

    def _thinker(self, bot: BotAgent) -> Agent:
        """The bot as this session runs it: in the background once asked to."""
        if self._thinking is None:
            return bot
        pool, patience = self._thinking
        return BackgroundBot(bot, pool, lambda delay: None, patience=patience)

    def ask(self) -> None:
        """Put the question to the seat to act (a bot in the background starts thinking)."""
        self.turns.ask()

    @property
    def version(self) -> int:
        """A number that changes whenever the table changes (a deal starts, an action is
        applied), so a client may keep an observation until it does."""
        game = self.game
        return hash(
            (self.turns.changes, game.deal_number, len(game.events), game.to_act, game.stacks)
        )

    def stand_in(self, seat: int, level: str = "medium") -> None:
        """A bot of `level` takes over `seat` (its agent failed or left); the seat keeps its
        name and stays a person's in the records."""
        rng = random.Random(self.seed * 7919 + seat + 1)
        bot = BotAgent(make_bot(level), rng, SeatKind.STAND_IN, level)
        self.turns.replace(seat, self._thinker(bot))

    def open_hands(self) -> dict[int, tuple[tuple[Card, ...], ...]]:
        """Every seat's cards, face up, for a watcher at a table where no person sits (the V
        key); {} while any seat is a person's, whose cards no screen may show to others."""
        if self.humans:
            return {}
        players = self.game.players
        return {seat: tuple(map(tuple, player.hands)) for seat, player in players.items()}

    def observe(self, viewer: int | None) -> Observation:
        """What `viewer` may know now (None: a spectator, who sees only what everyone sees)."""
        return self.game.observe(viewer)

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Start the next deal (`deck`, top first, stacks the pack for lessons and replays)."""
        events = self.turns.start_deal(deck)
        self._after(events)
        return events

    def person_to_act(self) -> PersonAgent | None:
        """The person at this screen whose turn it is (asked, so their question is ready), if
        it is a person's turn."""
        agent = self.turns.agent_to_act()
        if not isinstance(agent, PersonAgent):
            return None
        self.turns.ask()
        return agent

    def bot_to_act(self) -> bool:
        """Whether the seat to act decides by itself (a bot, a script, a replay)."""
        agent = self.turns.agent_to_act()
        return agent is not None and not isinstance(agent, PersonAgent)

    def submit(self, action: Action) -> list[Event]:
        """Apply a person's action through the turn loop; raises IllegalActionError naming the
        rule on a bad one (and nothing changes)."""
        events = self.turns.apply(action)
        self._after(events)
        return events

    def can_deal(self) -> bool:
        """Whether another deal can start now."""
        return self.game.can_deal()

    def play_deal(self) -> list[Event]:
        """Play the deal under way to its end, every seat's agent deciding at once (bots,
        scripts, stand-ins); SeatError if one fails or has no answer."""
        events = self.turns.play_deal()
        self._after(events)
        return events

    def step(self) -> list[Event]:
        """Let the agent whose turn it is act, if it has decided; SeatError if it fails."""
        events = self.turns.step()
        self._after(events)
        return events

    def _after(self, events: list[Event]) -> None:
        if events and self.game.deal_over:
            self.histories.append(write_deal(self.game, self.names))
            if self.after_deal is not None:
                self.after_deal(self)
