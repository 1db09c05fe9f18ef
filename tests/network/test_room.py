"""A table's room with no sockets, on a fake clock: joining and refusals, moves checked at the
edge, a dropped seat's clock and its return, the host's changes, reactions and deal pauses.
Bots think inline (an executor that runs at once), so every test is deterministic and quick."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

import pytest

from game.agents.agent import SeatKind
from game.agents.background import BackgroundBot
from game.bots.base import RandomBot
from game.engine.observation import Observation
from game.network import fairness, frames
from game.network.protocol import PROTOCOL_VERSION, ActionMessage, Hello, Nonce, Reaction
from game.network.room import NONCE_WAIT, Peer, Refusal, RemoteAgent, TableRoom
from game.network.table_config import TableConfig, TableSetupError

Parameters = ParamSpec("Parameters")
Result = TypeVar("Result")

TURN = 30.0
MOST_ADVANCES = 2_000
"""Calls of `advance` one test's play may make (each plays up to STEPS_AT_ONCE changes)."""


class Inline(Executor):
    """Runs what is submitted at once, in the caller's thread (bots decide inline)."""

    def submit(  # type: ignore[override]
        self, fn: Callable[Parameters, Result], /, *args: Any, **kwargs: Any
    ) -> Future[Result]:
        future: Future[Result] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # the bot's failure is the future's
            future.set_exception(error)
        return future


def make_room(**setup: Any) -> TableRoom:
    """A room of the given setup (Teen Patti, 3 seats, one easy bot unless told)."""
    config = TableConfig(**{"seats": 3, "bots": ("easy",), **setup})
    return TableRoom(config, pool=Inline())


def hello(name: str = "Ann", **fields: Any) -> Hello:
    return Hello(protocol=PROTOCOL_VERSION, name=name, code="ignored", **fields)


def joined(room: TableRoom, name: str, now: float = 0.0, **fields: Any) -> Peer:
    peer = room.join(hello(name, **fields), now)
    assert isinstance(peer, Peer), peer
    return peer


def read(peer: Peer) -> list[dict[str, Any]]:
    """The frames waiting for `peer`, read."""
    return [json.loads(frame) for frame in peer.take()]


def settle(room: TableRoom, now: float) -> float | None:
    """Advance the room at `now` until it waits for later or for someone."""
    for _ in range(MOST_ADVANCES):
        wake = room.advance(now)
        if wake is None or wake > now:
            return wake
    raise AssertionError("the room never settled")


def latest_state(frames: list[dict[str, Any]]) -> dict[str, Any]:
    states = [frame for frame in frames if frame["type"] == "state"]
    assert states, [frame["type"] for frame in frames]
    return states[-1]


def started_room(**setup: Any) -> tuple[TableRoom, Peer, Peer]:
    """A started table: Ann at seat 0, Bob at seat 1, a bot at seat 2."""
    room = make_room(**setup)
    ann, bob = joined(room, "Ann"), joined(room, "Bob")
    settle(room, 0.0)
    assert room.session is not None, "the table starts once every seat is taken"
    return room, ann, bob


def fold_until(room: TableRoom, peers: list[Peer], done: Callable[[], bool], now: float) -> None:
    """Every peer folds (or makes its first legal move) whenever asked, until `done`."""
    for _ in range(MOST_ADVANCES):
        if done():
            return
        for peer in peers:
            states = [frame for frame in read(peer) if frame["type"] == "state"]
            if states and states[-1]["legal"]:
                moves = [legal["move"] for legal in states[-1]["legal"]]
                move = "fold" if "fold" in moves else moves[0]
                room.act(peer, ActionMessage(state=states[-1]["state"], move=move), now)
        settle(room, now)
    raise AssertionError("never done")


def to_act(room: TableRoom, ann: Peer, bob: Peer) -> tuple[Peer, dict[str, Any]]:
    """The peer whose turn it is, and their latest state."""
    assert room.session is not None
    seat = room.session.game.to_act
    peer = ann if seat == 0 else bob
    return peer, latest_state(read(peer))


def test_joining_seats_players_in_order_and_starts_when_every_seat_is_taken() -> None:
    room = make_room()
    ann = joined(room, "Ann")
    assert [frame["type"] for frame in read(ann)] == ["welcome", "lobby"]
    assert settle(room, 0.0) is None and room.session is None, "one seat still open"
    bob = joined(room, "Bob")
    welcome = read(bob)[0]
    assert welcome["seat"] == 1 and welcome["resume"]
    settle(room, 0.0)
    assert room.session is not None and room.session.names[:2] == ["Ann", "Bob"]
    assert latest_state(read(ann))["observation"], "each is sent its own state"
    assert set(room.take_outgoing()) == {ann, bob}, "the transport is told whom to send to"
    assert room.take_outgoing() == [], "once"


def test_hellos_the_room_cannot_seat_are_refused_in_one_sentence() -> None:
    room, _, _ = started_room(spectators=False)
    full = room.join(hello("Cat"), 0.0)
    assert isinstance(full, Refusal) and json.loads(full.frame)["reason"] == "full"
    stale = room.join(hello("Cat", resume="not-a-token"), 0.0)
    assert isinstance(stale, Refusal) and json.loads(stale.frame)["reason"] == "resume"
    watcher = room.join(hello("Cat", spectator=True), 0.0)
    assert isinstance(watcher, Refusal) and json.loads(watcher.frame)["reason"] == "spectators"
    assert full.code == stale.code == 1008
    room.stop("host_left")
    after = room.join(hello("Cat"), 0.0)
    assert isinstance(after, Refusal) and after.code == 1000
    assert json.loads(after.frame)["type"] == "bye"


def test_a_move_is_checked_at_the_edge_and_the_seat_comes_from_the_peer() -> None:
    room, ann, bob = started_room()
    mover, state = to_act(room, ann, bob)
    other = bob if mover is ann else ann
    read(other)
    number = state["state"]
    assert not room.act(other, ActionMessage(state=number, move="fold"), 1.0)
    assert read(other)[0]["reason"] == "not_your_turn"
    assert not room.act(mover, ActionMessage(state=number - 1, move="fold"), 1.0)
    assert read(mover)[0]["reason"] == "stale"
    assert not room.act(mover, ActionMessage(state=number, move="1 fold"), 1.0)
    assert read(mover)[0]["reason"] == "illegal", "a move names no seat"
    assert room.act(mover, ActionMessage(state=number, move="show"), 1.0), "read at the edge"
    settle(room, 1.0)
    refused, resent = read(mover)
    assert refused["reason"] == "illegal" and "show" in refused["sentence"], "the rule is named"
    assert resent["type"] == "state" and resent["state"] == number, "the turn stays open"
    assert room.session is not None and room.session.game.to_act == mover.seat
    assert mover.applied == 0, "a refused move is not given back to the budget"
    assert room.act(mover, ActionMessage(state=number, move="fold"), 1.0)
    settle(room, 1.0)
    assert mover.applied == 1
    read(mover)
    assert not room.act(mover, ActionMessage(state=number, move="fold"), 1.0)
    assert read(mover)[0]["reason"] == "duplicate"
    watcher = joined(room, "Sam", spectator=True)
    assert not room.act(watcher, ActionMessage(state=number, move="fold"), 1.0)
    assert [frame["reason"] for frame in read(watcher) if frame["type"] == "refused"] == [
        "spectator"
    ]


def test_a_dropped_seat_waits_out_its_clock_then_plays_at_once_until_its_player_returns() -> None:
    room = make_room(turn_seconds=TURN, seats=2)
    ann = joined(room, "Ann")
    token = read(ann)[0]["resume"]
    settle(room, 0.0)
    assert room.session is not None
    game = room.session.game
    for _ in range(200):  # the bot acts inline: wait for Ann's turn
        if game.to_act == 0:
            break
        settle(room, 0.0)
    assert game.to_act == 0
    room.leave(ann, 5.0)
    agent = room.session.agents[0]
    assert isinstance(agent, RemoteAgent) and not agent.connected
    wake = settle(room, 5.0)
    assert wake == pytest.approx(TURN), "the turn waits out its clock, from when it was shown"
    room.advance(TURN + 1)  # up to STEPS_AT_ONCE changes: a few deals, not the whole table
    assert room.deals_played >= 2, "the clock played the turn, and the next at once"
    assert agent.away, "its later turns are played at once"
    back = joined(room, "Ann", now=TURN + 2, resume=token)
    assert back.seat == 0 and agent.connected and not agent.away
    state = latest_state(read(back))
    assert state["observation"], "the player is shown the table at once"


def test_the_hosts_changes_wait_for_the_next_deal_and_tell_the_player_who_left() -> None:
    room = make_room(host_name="Hana", bots=(), seats=3)
    assert room.host_token is not None
    host = joined(room, "Hana", resume=room.host_token)
    assert host.seat == 0
    guest = joined(room, "Gus")
    assert settle(room, 0.0) is None and room.session is None, "a hosted table waits for begin"
    room.begin("easy")
    settle(room, 0.0)
    assert room.session is not None and room.session.names[2] != "", "an easy bot took seat 2"
    room.give_to_bot(1, "easy")
    assert not guest.closing, "the seat is the guest's until the deal ends"
    fold_until(room, [host, guest], lambda: guest.closing, 1.0)
    assert room.deals_played == 1, "the change took effect as the next deal started"
    error = [frame for frame in read(guest) if frame["type"] == "error"]
    assert [frame["reason"] for frame in error] == ["replaced"] and guest.close_code == 1008
    with pytest.raises(TableSetupError):
        room.give_to_bot(0, "easy")


def test_reactions_are_told_to_everyone_at_most_one_a_second_and_never_from_spectators() -> None:
    room, ann, bob = started_room()
    read(ann), read(bob)
    room.react(ann, Reaction(text="  nice   hand "), 10.0)
    assert read(bob) == [{"type": "reaction", "text": "nice hand", "seat": 0}]
    room.react(ann, Reaction(text="again"), 10.5)
    assert read(ann)[-1]["reason"] == "rate" and read(bob) == []
    watcher = joined(room, "Sam", spectator=True)
    read(watcher)
    room.react(watcher, Reaction(text="hi"), 20.0)
    assert read(watcher)[0]["reason"] == "spectator"


def test_the_deal_pause_runs_on_the_rooms_clock() -> None:
    room = make_room(seats=2, bots=("easy",), deal_pause=3.0)
    ann = joined(room, "Ann")
    settle(room, 0.0)
    assert room.session is not None
    fold_until(room, [ann], lambda: room.deals_played == 1, 1.0)
    assert room.deals_played == 1
    assert settle(room, 1.0) == pytest.approx(4.0), "the next deal waits for the pause"
    assert room.session.game.deal_over
    settle(room, 4.0)
    assert room.session.game.deal_number == 2


def test_a_verifiable_table_mixes_in_each_players_nonce_fixed_when_it_starts() -> None:
    room = make_room(verifiable=True)
    ann, bob = joined(room, "Ann"), joined(room, "Bob")
    room.nonce(ann, Nonce(nonce="aa" * 16))
    room.nonce(ann, Nonce(nonce="cc" * 16))  # a seat's first nonce is the one that counts
    assert settle(room, 0.0) == pytest.approx(NONCE_WAIT), "the start waits for Bob's nonce"
    assert room.session is None
    room.nonce(bob, Nonce(nonce="bb" * 16))
    settle(room, 0.5)
    assert room.session is not None, "every nonce came: the table starts at once"
    watcher = joined(room, "Sam", spectator=True)
    room.nonce(watcher, Nonce(nonce="dd" * 16))
    room.nonce(bob, Nonce(nonce="ee" * 16))
    listed = {"0": "aa" * 16, "1": "bb" * 16}
    assert room.lobby().nonces == listed, "late, repeated and spectators' nonces are ignored"
    mixed = fairness.mixed_seed(room.seed, {0: bytes([0xAA] * 16), 1: bytes([0xBB] * 16)})
    assert room.deck_seed == mixed != room.seed
    room.stop("finished")
    bye = [frame for frame in read(ann) if frame["type"] == "bye"]
    assert bye[0]["nonces"] == listed and bye[0]["seed"] == room.seed.hex()


def test_a_verifiable_table_starts_without_a_nonce_that_never_comes() -> None:
    room = make_room(verifiable=True)
    joined(room, "Ann"), joined(room, "Bob")
    settle(room, 0.0)
    settle(room, NONCE_WAIT)
    assert room.session is not None and room.lobby().nonces == {}
    assert room.deck_seed == room.seed, "no nonce: the seed alone, as before"


def test_a_bot_past_its_time_limit_is_cut_off_and_a_stand_in_plays_its_seat() -> None:
    stuck = threading.Event()

    class Stuck(RandomBot):
        def choose(self, *arguments: Any) -> Any:
            stuck.wait(10)  # thinks until the test ends
            raise AssertionError("a bot past its limit is never asked for its move")

    pool = ThreadPoolExecutor(2)
    room = TableRoom(TableConfig(seats=2, bots=("easy",)), pool=pool)
    try:
        joined(room, "Ann")
        settle(room, 0.0)
        assert room.session is not None
        bot_seat = 1
        original = room.session.agents[bot_seat]
        assert isinstance(original, BackgroundBot)
        original.agent.bot = Stuck()
        room.session.turns.time_limits[SeatKind.BOT] = 0.05
        ann = room.seated[0]
        for _ in range(400):  # real time: Ann bets when asked, the loop polls the bot
            if room.session.agents[bot_seat] is not original:
                break
            states = [frame for frame in read(ann) if frame["type"] == "state"]
            if states and states[-1]["legal"]:
                bet = next(move for move in states[-1]["legal"] if move["move"] == "bet")
                room.act(ann, ActionMessage(state=states[-1]["state"], move=f"bet {bet['low']}"), 0)
            settle(room, 0.0)
            time.sleep(0.01)
        stand_in = room.session.agents[bot_seat]
        assert stand_in is not original and stand_in.kind is SeatKind.STAND_IN
    finally:
        stuck.set()
        pool.shutdown(wait=True)


def test_each_viewers_observation_is_written_once_a_state(monkeypatch: pytest.MonkeyPatch) -> None:
    room, ann, bob = started_room()
    watchers = [joined(room, f"Sam {index}", spectator=True) for index in range(3)]
    written: list[int | None] = []
    real = frames.observation_text

    def counted(value: Observation, fragments: Any) -> str:
        written.append(value.viewer)
        return real(value, fragments)

    monkeypatch.setattr(frames, "observation_text", counted)
    mover, state = to_act(room, ann, bob)
    for peer in (ann, bob, *watchers):
        read(peer)
    before = room.state_number
    room.act(mover, ActionMessage(state=state["state"], move="fold"), 1.0)
    room.advance(1.0)
    states = room.state_number - before
    assert states >= 1 and len(written) == 3 * states, "once a state for each viewer"
    assert written.count(None) == states, "the 3 watchers share the public view's writing"
    sent = [latest_state(read(watcher))["observation"] for watcher in watchers]
    assert sent[0] == sent[1] == sent[2]


def test_a_peer_that_changes_its_language_hears_the_next_states_in_it() -> None:
    devanagari = range(0x0900, 0x0980)
    room = make_room()
    ann, bob = joined(room, "Ann", language="en"), joined(room, "Bob")
    settle(room, 0.0)
    first = {ann: latest_state(read(ann)), bob: latest_state(read(bob))}
    english = first[ann]["said"]
    assert english and not any(ord(c) in devanagari for line in english for c in line)
    assert "said" not in first[bob], "a peer that named no language hears no words"
    room.speak(ann, "hi")
    room.speak(ann, "xx")  # not one of the game's: ignored, as in a hello
    assert ann.language == "hi"
    assert room.session is not None
    peer = ann if room.session.game.to_act == 0 else bob
    move = first[peer]["legal"][0]["move"]
    room.act(peer, ActionMessage(state=first[peer]["state"], move=move), 1.0)
    settle(room, 1.0)
    said = [line for frame in read(ann) if frame["type"] == "state" for line in frame["said"]]
    assert said and all(any(ord(c) in devanagari for c in line) for line in said)
