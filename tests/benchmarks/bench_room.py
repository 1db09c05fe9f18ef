"""Benchmark: a served table's CPU per action, the room alone (no sockets, no event loop).

Four remote seats at a Teen Patti table (`game.network.room.TableRoom`) play random legal
moves, each read from the state frame its seat was sent, as a client would; the room's own CPU
time (`time.process_time` around every call into it: reading the move, the turn loop, the
observations and every frame written for every seat) is divided by the actions applied. The
clients' reading of their frames is not counted. Medians of several runs:

    python tests/benchmarks/bench_room.py [--actions 4000] [--runs 5] [--seats 4] [--watchers 0]

The goal (issue 47): at most 0.5 ms of server CPU per action. bench_network.py measures the
same with the websockets and the event loop around it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always

from game.network.protocol import PROTOCOL_VERSION, ActionMessage, Hello
from game.network.room import Peer, TableRoom
from game.network.table_config import TableConfig


class Inline(Executor):
    """Runs a bot's thought at once (this table has no bots; a stand-in would think inline)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:  # type: ignore[override]
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def move_from(frame: str, rng: random.Random) -> tuple[int, str] | None:
    """A random legal move from a state frame as the wire writes it (None: not its turn)."""
    state = json.loads(frame)
    if not state["legal"]:
        return None
    move = rng.choice(state["legal"])
    text = move["move"] + (f" {move['low']}" if move["move"] == "bet" else "")
    return int(state["state"]), text


def measure(actions: int, seats: int, watchers: int, seed: int) -> float:
    """Milliseconds of the room's CPU per action over `actions` random legal actions."""
    rng = random.Random(seed)
    room = TableRoom(TableConfig(preset="teen_patti", seats=seats, stack=100_000), pool=Inline())
    spent = 0.0

    def call(method: Any, *arguments: Any) -> Any:
        nonlocal spent
        began = time.process_time()
        result = method(*arguments)
        spent += time.process_time() - began
        return result

    hello = Hello(protocol=PROTOCOL_VERSION, name="P", code="")
    players: list[Peer] = [call(room.join, hello, 0.0) for _ in range(seats)]
    watcher = hello.model_copy(update={"spectator": True})
    watching: list[Peer] = [call(room.join, watcher, 0.0) for _ in range(watchers)]
    call(room.advance, 0.0)
    applied = 0
    while applied < actions:
        for peer in players:
            states = [frame for frame in peer.take() if frame.startswith('{"type":"state"')]
            chosen = move_from(states[-1], rng) if states else None
            if chosen is not None:
                call(room.act, peer, ActionMessage(state=chosen[0], move=chosen[1]), 0.0)
                applied += 1
        for peer in watching:
            peer.take()
        call(room.take_outgoing)
        call(room.advance, 0.0)
    return 1000 * spent / applied


def main() -> None:
    """Print the median of `--runs` runs, one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--watchers", type=int, default=0)
    options = parser.parse_args()
    runs = [
        measure(options.actions, options.seats, options.watchers, seed)
        for seed in range(1, options.runs + 1)
    ]
    print(
        json.dumps(
            {
                "seats": options.seats,
                "watchers": options.watchers,
                "actions": options.actions,
                "runs_ms_per_action": [round(run, 3) for run in runs],
                "median_ms_per_action": round(statistics.median(runs), 3),
            }
        )
    )


if __name__ == "__main__":
    main()
