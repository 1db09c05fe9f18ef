"""The one turn loop: a whole deal of every game through it with an agent per seat, and the
edge checks that turn a failing agent into a SeatError naming the seat, the game untouched."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence

import pytest

from game.agents.agent import SeatError, SeatKind
from game.agents.seats import BotAgent, PersonAgent, ScriptedAgent
from game.agents.turns import TurnLoop
from game.bots.registry import make_bot
from game.engine.actions import Action, Fold
from game.engine.events import Event, redact
from game.engine.factory import create_game
from game.engine.observation import Observation
from game.engine.rules import PRESETS, get_preset
from game.session import SeatPlan, Session


class Watchful:
    """An agent around a bot that checks it is only ever shown its own seat's view."""

    def __init__(self, seat: int, level: str) -> None:
        self.seat = seat
        self.inner = BotAgent(make_bot(level), random.Random(seat), level=level)
        self.asked = 0
        self.informed = 0
        self.ended = 0

    @property
    def kind(self) -> SeatKind:
        return SeatKind.BOT

    @property
    def label(self) -> str:
        return self.inner.label

    def ask(self, observation: Observation) -> None:
        assert observation.viewer == self.seat and observation.to_act == self.seat
        assert observation.legal, "asked with nothing to do"
        self.asked += 1
        self.inner.ask(observation)

    def poll(self) -> Action | None:
        return self.inner.poll()

    def inform(self, events: Sequence[Event]) -> None:
        assert all(redact(event, self.seat) == event for event in events), "told a secret"
        self.informed += 1

    def deal_ended(self, view: Callable[[], Observation]) -> None:
        observation = view()
        assert observation.viewer == self.seat and observation.deal_over
        self.ended += 1
        self.inner.deal_ended(view)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_whole_deal_of_every_game_plays_through_the_one_loop(preset: str) -> None:
    """Every preset: four seats (three where the casino table's dealer is the fourth), each
    with its own agent, play whole deals through the session's turn loop; chips are conserved,
    every seat is told of every action, and the history is written."""
    rules = get_preset(preset).rules()
    seats = 3 if preset.startswith("casino") else 4
    levels = ("easy", "medium", "hard", "random")
    agents = [Watchful(seat, levels[seat]) for seat in range(seats)]
    plans = [SeatPlan.bot(f"Bot {seat}", levels[seat]) for seat in range(seats)]
    session = Session(rules, plans, stack=400, seed=11, agents=agents)
    chips = session.game.chips_in_play()
    for _ in range(3):
        if not session.can_deal():
            break
        session.start_deal()
        session.play_deal()
        assert session.game.deal_over
        assert session.game.chips_in_play() == chips
    assert len(session.histories) >= 1
    assert sum(agent.asked for agent in agents) >= 1
    assert all(agent.informed >= 1 and agent.ended >= 1 for agent in agents)


def _started(seats: int = 3) -> tuple[TurnLoop, list[BotAgent]]:
    game = create_game(get_preset("teen_patti").rules(), [200] * seats, seed=3)
    bots = [BotAgent(make_bot("easy"), random.Random(seat)) for seat in range(seats)]
    turns = TurnLoop(game, list(bots))
    turns.start_deal()
    return turns, bots


class Broken:
    """An agent that answers the question with whatever it is given (or raises it)."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    @property
    def kind(self) -> SeatKind:
        return SeatKind.BOT

    @property
    def label(self) -> str:
        return "broken bot"

    def ask(self, observation: Observation) -> None:
        self.observation = observation

    def poll(self) -> Action | None:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer  # type: ignore[return-value]

    def inform(self, events: Sequence[Event]) -> None:
        pass

    def deal_ended(self, observation: Observation) -> None:
        pass


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (RuntimeError("boom"), "failed: RuntimeError: boom"),
        ("fold", "returned 'fold', not an action"),
        (None, "gave no answer"),
    ],
)
def test_an_agent_that_fails_is_named_and_nothing_changes(answer: object, words: str) -> None:
    turns, _ = _started()
    seat = turns.game.to_act
    assert seat is not None
    turns.replace(seat, Broken(answer))
    before = (turns.game.stacks, len(turns.game.actions), turns.game.to_act)
    with pytest.raises(SeatError) as raised:
        turns.play_deal()
    assert str(raised.value).startswith(f"seat {seat}'s broken bot ")
    assert words in str(raised.value)
    assert (turns.game.stacks, len(turns.game.actions), turns.game.to_act) == before


def test_an_action_for_another_seat_or_against_the_rules_is_refused_naming_the_rule() -> None:
    turns, _ = _started()
    seat = turns.game.to_act
    assert seat is not None
    other = (seat + 1) % 3
    turns.replace(seat, Broken(Fold(other)))
    with pytest.raises(SeatError, match=rf"seat {seat}'s broken bot chose '{other} fold', an"):
        turns.step()
    turns.replace(seat, Broken(ScriptedAgent))  # not an action at all
    with pytest.raises(SeatError, match="not an action"):
        turns.step()
    from game.engine.actions import Bet

    turns.replace(seat, Broken(Bet(seat, 10_000)))
    with pytest.raises(SeatError) as raised:
        turns.step()
    assert f"seat {seat}'s broken bot chose '{seat} bet 10000': " in str(raised.value)
    assert len(str(raised.value)) > len(f"seat {seat}'s broken bot chose '{seat} bet 10000': ")
    assert turns.game.to_act == seat and not turns.game.actions


def test_an_agent_that_takes_too_long_is_named() -> None:
    game = create_game(get_preset("teen_patti").rules(), [200] * 3, seed=3)
    now = [0.0]

    def clock() -> float:
        now[0] += 6.0  # every reading of the clock is six seconds later
        return now[0]

    bots = [BotAgent(make_bot("easy"), random.Random(seat)) for seat in range(3)]
    turns = TurnLoop(game, list(bots), clock=clock)
    turns.start_deal()
    seat = game.to_act
    turns.time_limits[SeatKind.BOT] = 5.0
    with pytest.raises(SeatError, match=rf"seat {seat}'s easy bot took 6.0 s, over the 5 s"):
        turns.step()
    assert not game.actions


def test_a_person_is_asked_and_waits_without_blocking_until_they_click() -> None:
    rules = get_preset("teen_patti").rules()
    plans = [SeatPlan.person("You"), SeatPlan.bot("Priya"), SeatPlan.bot("Oliver")]
    session = Session(rules, plans, stack=200, seed=5, dealer=2)
    session.start_deal()
    assert session.game.to_act == 0
    person = session.person_to_act()
    assert isinstance(person, PersonAgent) and person.question is not None
    assert person.question.viewer == 0 and person.question.legal
    assert session.step() == [] and session.step() == []  # still deciding: nothing happens
    person.offer(Fold(0))
    events = session.step()
    assert events and session.game.actions == [Fold(0)]
    assert person.question is None


def test_a_failed_bot_at_the_table_is_replaced_by_a_stand_in() -> None:
    rules = get_preset("teen_patti").rules()
    plans = [SeatPlan.bot(name) for name in ("Asha", "Priya", "Oliver")]
    session = Session(rules, plans, stack=200, seed=5)
    session.start_deal()
    seat = session.game.to_act
    assert seat is not None
    session.turns.replace(seat, Broken(RuntimeError("boom")))
    with pytest.raises(SeatError):
        session.step()
    session.stand_in(seat)
    assert session.agents[seat].kind is SeatKind.STAND_IN
    session.play_deal()
    assert session.game.deal_over


def test_a_seat_is_told_its_own_view_and_an_agent_that_ignores_it_costs_no_redaction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots ignore what they are told: the loop redacts nothing for them; an agent that reads
    its events gets each as its seat may see it."""
    import game.agents.turns as turns

    redacted: list[int] = []

    def counted(event: Event, viewer: int | None) -> Event:
        redacted.append(1)
        return redact(event, viewer)

    monkeypatch.setattr(turns, "redact", counted)
    game = create_game(get_preset("teen_patti").rules(), [200] * 3, seed=4)
    bots = [BotAgent(make_bot("medium"), random.Random(seat), level="medium") for seat in range(3)]
    loop = TurnLoop(game, bots)
    events = loop.start_deal() + loop.play_deal()
    assert events and not redacted, "nobody read what it was told"
    told = turns.SeatsEvents(events, 1)
    assert list(told) == [redact(event, 1) for event in events]
    assert len(redacted) == len(events)
    assert told[0] == events[0] and told[-1:] == [events[-1]]
    assert list(told) == list(told) and len(redacted) == len(events), "redacted once"


class _Reader(BotAgent):
    """A bot's seat whose agent reads what it is told (as a subclass of the seat agents)."""

    def __init__(self, seat: int) -> None:
        super().__init__(make_bot("easy"), random.Random(seat), level="easy")
        self.told: list[Event] = []

    def inform(self, events: Sequence[Event]) -> None:
        self.told.extend(events)


def test_only_an_agent_that_reads_its_events_is_told_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat agents' own `inform` does nothing, so the loop does not call it; an agent that
    overrides it is told every event, as its seat may see it."""
    import game.agents.turns as turns

    told_by_default: list[int] = []
    monkeypatch.setattr(turns.SeatAgent, "inform", lambda agent, events: told_by_default.append(1))
    monkeypatch.setattr(turns, "_IGNORED", BotAgent.inform)  # the default, as the loop knows it
    game = create_game(get_preset("teen_patti").rules(), [200] * 3, seed=5)
    reader = _Reader(1)
    agents = [BotAgent(make_bot("easy"), random.Random(seat), level="easy") for seat in (0, 2)]
    loop = TurnLoop(game, [agents[0], reader, agents[1]])
    events = loop.start_deal() + loop.play_deal()
    assert not told_by_default
    assert reader.told == [redact(event, 1) for event in events]


class _Learner:
    """A random bot that learns: it keeps every deal's end it is shown."""

    name = "learner"

    def __init__(self) -> None:
        self.ends: list[Observation] = []

    def choose(
        self, observation: Observation, legal: Sequence[object], rng: random.Random
    ) -> Action:
        return make_bot("random").choose(observation, legal, rng)  # type: ignore[arg-type]

    def deal_ended(self, observation: Observation) -> None:
        self.ends.append(observation)


def test_a_bot_agent_tells_the_bot_it_has_now_of_each_deals_end() -> None:
    """Whether a bot learns is asked once per bot given (not once per deal), so a bot swapped in
    later is asked again: the learner is told, the plain bot it replaced was not."""
    agent = BotAgent(make_bot("random"), random.Random(1))
    learner = _Learner()
    game = create_game(get_preset("teen_patti").rules(), [1_000] * 2, seed=3)
    turns = TurnLoop(game, [agent, BotAgent(make_bot("random"), random.Random(2))])
    turns.start_deal()
    turns.play_deal()
    agent.bot = learner  # type: ignore[assignment]
    turns.start_deal()
    turns.play_deal()
    assert [end.deal_number for end in learner.ends] == [2]
    assert learner.ends[0].viewer == 0 and learner.ends[0].deal_over


def test_a_reader_given_a_seat_later_is_told_and_the_agent_it_replaced_is_not() -> None:
    """The loop works out once which agents read events, and again when a seat changes hands
    (by `replace` or by the agents list written to): the new agent is told, the old is not."""
    game = create_game(get_preset("teen_patti").rules(), [500] * 3, seed=8)
    first, second = _Reader(1), _Reader(1)
    loop = TurnLoop(game, [_Reader(0), first, _Reader(2)])
    loop.start_deal()
    loop.play_deal()
    told_first = len(first.told)
    loop.replace(1, second)
    events = loop.start_deal() + loop.play_deal()
    assert len(first.told) == told_first and second.told == [redact(e, 1) for e in events]
    third = _Reader(2)
    loop.agents[2] = third
    events = loop.start_deal() + loop.play_deal()
    assert third.told == [redact(event, 2) for event in events]


class Recording:
    """A bot that keeps what it was handed, and folds."""

    name = "recording"

    def __init__(self) -> None:
        self.handed: list[tuple[Observation, Sequence[object]]] = []

    def choose(
        self, observation: Observation, legal: Sequence[object], rng: random.Random
    ) -> Action:
        self.handed.append((observation, legal))
        return Fold(observation.viewer or 0)


def test_a_bot_is_handed_the_legal_moves_as_the_observation_holds_them() -> None:
    """The legal moves a bot is handed are the observation's own tuple (which no bot can
    change), not a list copied at every decision."""
    recording = Recording()
    game = create_game(get_preset("teen_patti").rules(), [400, 400], seed=1)
    loop = TurnLoop(game, [BotAgent(recording, random.Random(seat)) for seat in range(2)])
    loop.start_deal()
    loop.play_deal()
    assert recording.handed
    for observation, legal in recording.handed:
        assert legal is observation.legal and isinstance(legal, tuple)


def test_no_seat_is_told_when_no_agent_reads_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """While no agent reads events (every bot) the loop tells nobody after an action — only a
    deal's end is told (each seat's `deal_ended`); an agent that reads them is told every
    action's."""
    told: list[int] = []
    plain = TurnLoop._inform
    monkeypatch.setattr(
        TurnLoop, "_inform", lambda loop, events: told.append(len(events)) or plain(loop, events)
    )
    rules = get_preset("teen_patti").rules()
    game = create_game(rules, [400] * 3, seed=4)
    loop = TurnLoop(game, [BotAgent(make_bot("random"), random.Random(seat)) for seat in range(3)])
    loop.start_deal()
    told.clear()
    loop.play_deal()
    assert len(told) == 1 and game.deal_over  # (the deal's end alone)
    watchful = [Watchful(seat, "random") for seat in range(3)]
    loop = TurnLoop(create_game(rules, [400] * 3, seed=4), watchful)
    loop.start_deal()
    told.clear()
    loop.play_deal()
    assert len(told) == len(loop.game.actions)
    assert all(agent.informed == len(told) + 1 for agent in watchful)  # (+ the deal's start)
    assert all(agent.ended == 1 for agent in watchful)


class Deciding(Watchful):
    """A bot that takes `steps` polls over each decision, and counts its kind being read."""

    def __init__(self, seat: int, steps: int) -> None:
        super().__init__(seat, "random")
        self.steps = steps
        self.waited = 0
        self.kinds_read = 0

    @property
    def kind(self) -> SeatKind:
        self.kinds_read += 1
        return SeatKind.BOT

    def poll(self) -> Action | None:
        if self.waited < self.steps:
            self.waited += 1
            return None
        self.waited = 0
        return self.inner.poll()


def test_a_question_left_open_is_asked_once_and_a_new_turn_again() -> None:
    """A question is asked once per turn however many steps the agent takes to answer (its key
    remembered only when it is left open), and a new turn is asked anew, also when the game
    changed outside the loop while a question was out."""
    game = create_game(get_preset("teen_patti").rules(), [400] * 3, seed=2)
    agents = [Deciding(seat, 2) for seat in range(3)]
    loop = TurnLoop(game, agents)
    loop.start_deal()
    for _ in range(4):
        seat = game.to_act
        assert seat is not None
        asked = agents[seat].asked
        assert loop.step() == [] and loop.step() == []  # (still deciding)
        assert agents[seat].asked == asked + 1
        assert loop.step()  # (answered, applied)
        assert agents[seat].asked == asked + 1
    seat = game.to_act
    assert seat is not None and loop.step() == []  # (a question out)
    game.apply(game.legal_actions()[0].action)  # (the turn played outside the loop)
    seat = game.to_act
    assert seat is not None
    before = agents[seat].asked
    assert loop.step() == []
    assert agents[seat].asked == before + 1


def test_an_agents_kind_is_read_when_it_takes_its_seat_not_at_every_decision() -> None:
    """The loop reads each agent's kind (for its time limit) once when it takes its seat, and
    every seat's again when a seat is given to another agent."""
    game = create_game(get_preset("teen_patti").rules(), [400] * 3, seed=3)
    agents = [Deciding(seat, 0) for seat in range(3)]
    loop = TurnLoop(game, agents)
    loop.start_deal()
    loop.play_deal()
    assert len(game.actions) > 3
    assert all(agent.kinds_read == 1 for agent in agents)
    later = Deciding(1, 0)
    loop.replace(1, later)
    loop.start_deal()
    loop.play_deal()
    assert later.kinds_read == 1 and agents[0].kinds_read == 2


def test_a_seat_error_crosses_a_process_boundary_whole() -> None:
    """A process pool (the benchmarks') pickles an error to send it back: it arrives with its
    seat, its agent and its problem, not as a pickling failure of its own."""
    error = pickle.loads(pickle.dumps(SeatError(2, "hard bot", "failed: ValueError: no")))
    assert isinstance(error, SeatError)
    assert (error.seat, error.label, error.problem) == (2, "hard bot", "failed: ValueError: no")
    assert str(error) == "seat 2's hard bot failed: ValueError: no"
