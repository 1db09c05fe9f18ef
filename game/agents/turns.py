"""The one turn loop: ask the agent whose turn it is, check its answer at the edge, apply it,
and tell every seat what it may see of what happened.

Every way of playing uses it — the table, hot-seat, tutorials, replays, watching the bots, the
demonstrations and `simulate` — so a decision is checked the same way wherever it comes from:
an agent that raises, answers with something that is not an action, takes too long or breaks a
rule becomes a SeatError naming the seat, and the game is left as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import overload

from game.agents.agent import Agent, SeatError, SeatKind
from game.agents.seats import SeatAgent
from game.engine.actions import Action, IllegalActionError
from game.engine.cards import Card
from game.engine.events import Event, redact
from game.engine.game import Game

_IGNORED = SeatAgent.inform
"""The `inform` of the agents that read the table from the question they are asked, which does
nothing: the loop does not call it."""

RETRYABLE = frozenset({SeatKind.PERSON, SeatKind.REMOTE})
"""The kinds of agent a broken rule does not fail: their answer is refused with its reason
and the turn stays open (a person may misclick; only bots and scripts fail their seat)."""

TIME_LIMITS: Mapping[SeatKind, float] = {SeatKind.BOT: 60.0, SeatKind.STAND_IN: 60.0}
"""Seconds an agent of each kind may take over one decision (people have all the time they
want; a turn clock for remote players is the host's choice)."""


@dataclass(frozen=True)
class Refusal:
    """An answer the loop refused without failing the seat: whose, what, and the rule broken."""

    seat: int
    action: Action
    error: IllegalActionError


class SeatsEvents(Sequence[Event]):
    """What just happened as one seat may see it, each event redacted when first read: an agent
    that ignores what it is told (every bot) costs the loop nothing."""

    __slots__ = ("_events", "_redacted", "_seat")

    def __init__(self, events: Sequence[Event], seat: int) -> None:
        self._events = events
        self._seat = seat
        self._redacted: list[Event] | None = None

    def _seen(self) -> list[Event]:
        if self._redacted is None:
            self._redacted = [redact(event, self._seat) for event in self._events]
        return self._redacted

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        return self._seen()[index]

    def __len__(self) -> int:
        return len(self._events)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SeatsEvents({self._seen()!r}, seat={self._seat})"


class TurnLoop:
    """Asks and applies, one decision at a time, never blocking: `step` returns at once."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent],
        *,
        time_limits: Mapping[SeatKind, float] = TIME_LIMITS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.agents = list(agents)
        self.time_limits = dict(time_limits)
        self.clock = clock
        self._asked: tuple[int, int, int] | None = None
        """(deal, action count, seat) of the question out, so each turn is asked once."""
        self._asked_at = 0.0
        self.changes = 0
        """How many times the loop has changed the game (deals started, actions applied)."""
        self.refusal: Refusal | None = None
        """The latest answer refused for a person or remote seat (the turn stayed open)."""
        self._seated: list[Agent] = []
        """The agents as of the last look at who sits where (`_seat_agents`)."""
        self._informed: list[tuple[int, Agent]] = []
        """The seats whose agents read events, as of the agents `_seated` lists."""
        self._kinds: list[SeatKind] = []
        """Each seat's agent's kind, as of the agents `_seated` lists (read once per agent)."""

    def agent_to_act(self) -> Agent | None:
        """The agent whose turn it is, or None between deals."""
        seat = self.game.to_act
        return None if seat is None else self.agents[seat]

    def replace(self, seat: int, agent: Agent) -> None:
        """Give `seat` to another agent (a stand-in for a failed bot, a rejoining player)."""
        self.agents[seat] = agent
        self._asked = None

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        """Deal the next hand and tell every seat what it may see of the deal."""
        events = self.game.start_deal(deck)
        self.changes += 1
        self._asked = None
        self._inform(events)
        return events

    def ask(self) -> None:
        """Put the question to the agent whose turn it is, once per turn."""
        game = self.game
        seat = game.to_act
        if seat is not None:
            self._ask(game, seat)

    def _ask(self, game: Game, seat: int) -> None:
        """`ask` for `seat`, the seat to act."""
        key = (game.deal_number, len(game.actions), seat)
        if self._asked == key:
            return
        self._asked = key
        self._asked_at = self.clock()
        agent = self.agents[seat]
        try:
            agent.ask(game.observe(seat))
        except Exception as error:  # an agent written anywhere may raise anything
            self._asked = None
            raise SeatError(seat, agent.label, f"failed: {type(error).__name__}: {error}") from None

    def step(self) -> list[Event]:
        """The agent to act decides, if it has: its action is checked and applied, and the
        events returned; [] while it is still deciding or between deals, or when a person's or
        remote seat's answer breaks a rule (`take_refusal` says why; the turn is asked again).
        SeatError when the agent fails its seat (the turn is then asked again)."""
        seat = self.game.to_act
        return [] if seat is None else self._step(seat)

    def _step(self, seat: int) -> list[Event]:
        """`step` for `seat`, the seat to act: asked (`_ask`, inline: a decision of a bot
        deciding at once is asked, polled and applied in this one call), polled, checked,
        applied and told (`apply`, inline). The question's key is worked out only where it is
        needed: to tell a question already out, and to remember one left open."""
        game = self.game
        agents = self.agents
        agent = agents[seat]
        if self._seated != agents:  # (the seats given to other agents since)
            self._seat_agents()
        asked = self._asked
        if asked is None or asked != (game.deal_number, len(game.actions), seat):
            self._asked = None  # (until it is left open: nothing changes the game meanwhile)
            self._asked_at = self.clock()
            try:
                agent.ask(game.observe(seat))
            except Exception as error:  # an agent written anywhere may raise anything
                raise SeatError(
                    seat, agent.label, f"failed: {type(error).__name__}: {error}"
                ) from None
        try:
            answer: object = agent.poll()
        except Exception as error:  # an agent written anywhere may raise anything
            self._asked = None
            raise SeatError(seat, agent.label, f"failed: {type(error).__name__}: {error}") from None
        limit = self.time_limits.get(self._kinds[seat])
        if limit is not None:
            took = self.clock() - self._asked_at
            if took > limit:
                self._asked = None
                raise SeatError(
                    seat, agent.label, f"took {took:.1f} s, over the {limit:g} s allowed"
                )
        if answer is None:
            self._asked = (game.deal_number, len(game.actions), seat)  # (the question stays out)
            return []
        if not isinstance(answer, Action):
            self._asked = None
            raise SeatError(seat, agent.label, f"returned {answer!r:.80}, not an action")
        if answer.seat != seat:
            self._asked = None
            raise SeatError(
                seat, agent.label, f"chose '{answer.notation()}', an action for another seat"
            )
        try:
            events = game.apply(answer)
        except IllegalActionError as error:
            if agent.kind in RETRYABLE:
                self.refusal = Refusal(seat, answer, error)
                agent.ask(game.observe(seat))  # the same question, open again
                self._asked = (game.deal_number, len(game.actions), seat)
                return []
            self._asked = None
            raise SeatError(seat, agent.label, f"chose '{answer.notation()}': {error}") from error
        self.changes += 1
        self._asked = None
        if self._informed or (game.to_act is None and game.deal_over):  # (a deal over has
            self._inform(events)  # nobody to act) else nobody reads events, no deal ended: untold
        return events

    def take_refusal(self) -> Refusal | None:
        """The answer refused since the last call, if one was (then forgotten)."""
        refusal, self.refusal = self.refusal, None
        return refusal

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (a person's click, or an agent's checked answer) and tell every seat;
        IllegalActionError naming the rule if it is not allowed now (nothing changes then)."""
        events = self.game.apply(action)
        self.changes += 1
        self._asked = None
        self._inform(events)
        return events

    def time_ran_out(self, seat: int, *, stand_in: bool) -> list[Event]:
        """The seat to act did not act before its turn clock ran out: the fact goes into the
        deal's events and every seat is told, before the move the table plays for it."""
        events = self.game.time_ran_out(seat, stand_in)
        self._inform(events)
        return events

    def play_deal(self, limit: int = 100_000) -> list[Event]:
        """Play the deal under way to its end, every seat deciding at once when asked (bots,
        scripts, replays); SeatError if an agent fails or has no answer."""
        events: list[Event] = []
        game = self.game
        for _ in range(limit):
            seat = game.to_act
            if seat is None:  # (nobody to act: between deals, by the Game protocol)
                if game.deal_over:
                    return events
                continue
            done = self._step(seat)
            if not done:
                raise SeatError(seat, self.agents[seat].label, "gave no answer when asked")
            events += done
        raise SeatError(game.to_act or 0, "table", f"ran past {limit:,} actions in a deal")

    def _seat_agents(self) -> None:
        """Look again at who sits where: which seats' agents read events (an agent whose
        `inform` does nothing is not called) and each agent's kind."""
        agents = self.agents
        self._seated = list(agents)
        self._informed = [
            (seat, agent)
            for seat, agent in enumerate(agents)
            if type(agent).inform is not _IGNORED  # (an agent that reads no events: no call)
        ]
        self._kinds = [agent.kind for agent in agents]

    def _inform(self, events: Sequence[Event]) -> None:
        agents = self.agents
        if self._seated != agents:  # (the seats given to other agents since)
            self._seat_agents()
        if self._informed:
            told = tuple(events)  # each seat's copy is redacted from this, when read
            for seat, agent in self._informed:
                agent.inform(SeatsEvents(told, seat))
        game = self.game
        if game.deal_over:
            for seat, agent in enumerate(agents):
                agent.deal_ended(partial(game.observe, seat))
