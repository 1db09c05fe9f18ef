"""A process of many tables and the cyclic garbage collector: a closed room (its game, its
seats, its bots) is freed by reference counting alone, with or without a transport around it,
so the serving policy may freeze what lives long (`game.network.collector`); the policy freezes
the survivors of every collection, still sweeps a garbage cycle among frozen objects once
what lives (counted in memory blocks) has grown enough, and `trey serve` installs it."""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import weakref
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any

from game.agents.background import BackgroundBot
from game.bots.registry import make_bot
from game.cli import _run_server
from game.network import collector
from game.network.address import TableAddress
from game.network.client import BotClient
from game.network.limits import Limits
from game.network.protocol import PROTOCOL_VERSION, ActionMessage, Hello
from game.network.room import Peer, TableRoom
from game.network.server import TableServer
from game.network.table_config import TableConfig
from game.network.transport import Transport
from tests.network.network_tables import LOOPBACK, run


class Inline(Executor):
    """Runs a bot's thought at once."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:  # type: ignore[override]
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@contextmanager
def collector_off() -> Iterator[None]:
    """The automatic cyclic collector off for the block: what is freed meanwhile is freed by
    reference counting."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def play_room(room: TableRoom, players: list[Peer], watchers: list[Peer], moves: int) -> None:
    """The players send random legal moves from their latest states, `moves` rounds at most."""
    rng = random.Random(7)
    for tick in range(moves):
        if room.ended:
            return
        for peer in players:
            states = [frame for frame in peer.take() if frame.startswith('{"type":"state"')]
            legal = _legal(states[-1]) if states else None
            if legal is not None:
                state, options = legal
                option = rng.choice(options)
                move = option["move"] + (f" {option['low']}" if option["move"] == "bet" else "")
                room.act(peer, ActionMessage(state=state, move=move), float(tick))
        for peer in watchers:
            peer.take()
        room.take_outgoing()
        room.advance(float(tick))


def _legal(frame: str) -> tuple[int, list[dict[str, Any]]] | None:
    import json

    state = json.loads(frame)
    return (int(state["state"]), state["legal"]) if state["legal"] else None


def test_a_closed_room_is_freed_by_reference_counting_alone() -> None:
    with collector_off():
        config = TableConfig(seats=4, bots=("easy", "medium"), deals=3, stack=100_000)
        room = TableRoom(config, pool=Inline())
        hello = Hello(protocol=PROTOCOL_VERSION, name="P", code=room.code)
        players = [room.join(hello, 0.0) for _ in range(2)]
        watchers = [room.join(hello.model_copy(update={"spectator": True}), 0.0)]
        assert all(isinstance(peer, Peer) for peer in [*players, *watchers])
        room.advance(0.0)
        play_room(room, players, watchers, 400)  # type: ignore[arg-type]
        assert room.session is not None and room.deals_played >= 1
        freed = [weakref.ref(room), weakref.ref(room.session), weakref.ref(room.session.game)]
        room.stop()
        for peer in [*players, *watchers]:
            room.leave(peer, 400.0)  # type: ignore[arg-type]
        del room, players, watchers, peer
        assert [ref() for ref in freed] == [None, None, None], "a cycle keeps the room"


class Pending(Executor):
    """A bot's thought that never ends (the table closes while its bot thinks)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:  # type: ignore[override]
        return Future()


def test_a_room_closed_while_its_bot_thinks_is_freed_with_the_bot() -> None:
    with collector_off():
        room = TableRoom(TableConfig(seats=2, bots=("easy",), stack=100_000), pool=Pending())
        hello = Hello(protocol=PROTOCOL_VERSION, name="P", code=room.code)
        player = room.join(hello, 0.0)
        assert isinstance(player, Peer)
        room.advance(0.0)
        play_room(room, [player], [], 3)  # the player's moves, until the bot thinks
        assert room.session is not None
        bot = room.session.agents[1]
        assert isinstance(bot, BackgroundBot) and bot._thinking is not None, "the bot thinks"
        freed = [weakref.ref(room), weakref.ref(bot)]
        room.stop()
        room.leave(player, 3.0)
        del room, player, bot
        assert [ref() for ref in freed] == [None, None], "a thought keeps its bot"


def test_a_room_removed_from_its_transport_is_freed_once_its_connections_close() -> None:
    async def serve() -> tuple[list[weakref.ref[TableRoom]], list[int]]:
        transport = Transport(Limits(wrong_code_delay=0.01))
        port = await transport.start(LOOPBACK, 0)
        freed, deals = [], []
        try:
            for table in range(3):  # tables opened and closed on one port, one after another
                room = TableRoom(TableConfig(seats=2, bots=("easy",), deals=1))
                transport.add(room)
                room.open()
                client = BotClient(
                    TableAddress.at(LOOPBACK, port),
                    room.code,
                    f"P{table}",
                    make_bot("random"),
                    rng=random.Random(table),
                    timeout=30,
                )
                report = await client.run()
                await transport.wait_ended(room)
                deals.append(report.deals)
                transport.remove(room)
                freed.append(weakref.ref(room))
                del room, client, report
                for _ in range(100):  # the server's side of the connection closes
                    if freed[-1]() is None:
                        break
                    await asyncio.sleep(0.02)
            assert transport.rooms() == []
        finally:
            await transport.close()
        return freed, deals

    with collector_off():
        freed, deals = run(serve(), 90)  # type: ignore[misc]
        assert deals == [1, 1, 1]
        assert [ref() for ref in freed] == [None, None, None], "the transport keeps a room"


def test_removing_a_room_stops_it_and_frees_its_code() -> None:
    transport = Transport()
    room = TableRoom(TableConfig(seats=2, bots=("easy",)))
    transport.add(room)
    transport.remove(room)
    assert room.ended and transport.rooms() == []
    again = TableRoom(TableConfig(seats=2, bots=("easy",), code=room.code))
    transport.add(again)  # the code is free again
    assert transport.rooms() == [again]


class Knot:
    """An object in a reference cycle with itself."""

    def __init__(self) -> None:
        self.me = self


def test_the_policy_freezes_survivors_and_still_sweeps_frozen_cycles() -> None:
    policy = collector.ServingCollector(growth=2.0, least=0, every=0.0)
    policy.install()
    try:
        assert gc.get_threshold() == collector.YOUNG_THRESHOLDS
        kept = Knot()
        gc.collect(1)  # it survives an older collection: frozen
        assert not any(thing is kept for thing in gc.get_objects()), "walked again"
        assert gc.get_freeze_count() > 0
        garbage = weakref.ref(kept)
        del kept
        gc.collect()  # a frozen cycle is not walked by a full collection...
        assert garbage() is not None
        policy.sweep_at = 0  # ...until the frozen objects have grown past the sweep's mark
        gc.collect(1)
        assert policy.sweeping
        gc.collect()
        assert garbage() is None and policy.sweeps == 1 and not policy.sweeping
        assert policy.sweep_at == 2 * policy.counted > 0
        kept = Knot()
        gc.collect(1)
        garbage = weakref.ref(kept)
        del kept
        policy.settle()  # a sweep asked for: the frozen cycle is freed at once
        assert garbage() is None and policy.sweep_at == 2 * policy.counted and policy.sweeps == 2
    finally:
        policy.uninstall()
    assert policy not in gc.callbacks and gc.get_freeze_count() == 0
    assert gc.get_threshold() == policy.python_thresholds


def test_a_young_collection_freezes_its_survivors_and_the_sweep_is_counted_in_blocks() -> None:
    policy = collector.ServingCollector(least=0, every=0.0)
    policy.install()
    try:
        kept = Knot()
        gc.collect(0)  # it survives one young collection: frozen, never walked again
        assert not any(thing is kept for thing in gc.get_objects()), "walked again"
        assert policy.counted > 0 and policy.sweep_at == 2 * policy.counted
        policy.sweep_at = sys.getallocatedblocks() + 10_000_000  # (far off)
        gc.collect(0)
        assert not policy.sweeping  # what lives is counted, not walked: still short of it
        policy.sweep_at = 0
        gc.collect(0)
        assert policy.sweeping  # past the mark after a young collection too
    finally:
        policy.uninstall()
    assert gc.get_freeze_count() == 0


def test_a_due_sweep_is_made_on_the_event_loop() -> None:
    async def sweep() -> tuple[bool, bool, int]:
        policy = collector.ServingCollector(
            least=0, every=0.0, run_soon=asyncio.get_running_loop().call_soon_threadsafe
        )
        policy.install()
        try:
            kept = Knot()
            gc.collect(1)  # frozen
            garbage = weakref.ref(kept)
            del kept
            policy.sweep_at = 0
            gc.collect(1)  # the sweep is due: asked of the loop, not made in the collection
            asked = policy.sweeping and garbage() is not None
            for _ in range(10):
                await asyncio.sleep(0)
            return asked, garbage() is None, policy.sweeps
        finally:
            policy.uninstall()

    with collector_off():  # (the automatic collections may not sweep it first)
        asked, freed, sweeps = run(sweep(), 30)  # type: ignore[misc]
    assert asked and freed and sweeps == 1


def test_serve_installs_the_policy(capsys: Any) -> None:
    async def serve() -> bool:
        server = TableServer(TableConfig(seats=2, web=False, linger=0))
        serving = asyncio.create_task(_run_server(server, LOOPBACK, 0))
        for _ in range(200):
            if collector.serving in gc.callbacks:
                break
            await asyncio.sleep(0.01)
        installed = collector.serving in gc.callbacks and collector.serving.run_soon is not None
        await server.stop()
        await serving
        return installed

    try:
        assert run(serve(), 30)
    finally:
        collector.restore()
    assert collector.serving not in gc.callbacks
