"""Benchmark: the cyclic garbage collector's pauses in a process of many served tables.

N rooms (`game.network.room.TableRoom`, four remote seats of Teen Patti each, no sockets, no
event loop) are kept alive mid-deal, and random legal moves are played round-robin across them,
each read from the state frame its seat was sent, as bench_room.py plays one table. Every
collection the collector makes while they play is timed (`gc.callbacks`, CPU time), by
generation: how many, their total and their longest; the longest is how long a server's event
loop would stand still. The objects the collector tracks are counted once the rooms have
started and again after the play (`len(gc.get_objects())` and the frozen ones, the rise over
the process before the rooms, per table: what a table keeps as it plays deals), and
`--types` lists the types that make them up, per table. Prints one JSON line per size; asserts
nothing:

    python tests/benchmarks/bench_collector.py [--tables 200 500 1000] [--actions 20000]
        [--policy server|none] [--types 15] [--churn 0]

`--policy server` runs with the served tables' collector policy (`game.network.collector`, what
`trey serve` installs, its own time counted in the collections'); `--policy none` with Python's
defaults, as before it.
`--churn K` closes the oldest room and opens a new one every K actions, and prints the tracked
objects, the frozen ones and the resident memory as it goes (memory stays flat when nothing
leaks).
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game, always
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_room import Inline, move_from

from game.network import collector
from game.network.protocol import PROTOCOL_VERSION, ActionMessage, Hello
from game.network.room import Peer, TableRoom
from game.network.table_config import TableConfig

SEATS = 4


@dataclass
class Collections:
    """A gc callback that times every collection (CPU time), by generation."""

    pauses: dict[int, list[float]] = field(default_factory=lambda: {0: [], 1: [], 2: []})
    began: float = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began = time.process_time()
        else:
            self.pauses[info["generation"]].append(time.process_time() - self.began)

    def report(self, actions: int) -> dict[str, object]:
        """Count, total and longest (ms) by generation, and the collections per 1,000 actions."""
        return {
            f"gen{generation}": {
                "count": len(pauses),
                "per_1000_actions": round(1000 * len(pauses) / max(actions, 1), 2),
                "total_ms": round(1000 * sum(pauses), 1),
                "max_ms": round(1000 * max(pauses, default=0.0), 2),
            }
            for generation, pauses in self.pauses.items()
        }


@dataclass
class Table:
    """One room and its four seats' connections, as the benchmark plays them."""

    room: TableRoom
    players: list[Peer]
    rng: random.Random


def open_table(pool: Inline, seed: int) -> Table:
    """A started room of four remote seats."""
    room = TableRoom(TableConfig(preset="teen_patti", seats=SEATS, stack=100_000), pool=pool)
    hello = Hello(protocol=PROTOCOL_VERSION, name="P", code="")
    players = [room.join(hello, 0.0) for _ in range(SEATS)]
    assert all(isinstance(peer, Peer) for peer in players)
    room.advance(0.0)
    return Table(room, players, random.Random(seed))  # type: ignore[arg-type]


def close_table(table: Table) -> None:
    """End the room and let its connections go, as the transport does."""
    table.room.stop()
    for peer in table.players:
        peer.take()
        table.room.leave(peer, 0.0)
    table.room.take_outgoing()


def play_once(table: Table) -> int:
    """Each seat whose turn it is plays a random legal move: the moves applied."""
    applied = 0
    room = table.room
    for peer in table.players:
        states = [frame for frame in peer.take() if frame.startswith('{"type":"state"')]
        chosen = move_from(states[-1], table.rng) if states else None
        if chosen is not None:
            room.act(peer, ActionMessage(state=chosen[0], move=chosen[1]), 0.0)
            applied += 1
    room.take_outgoing()
    room.advance(0.0)
    return applied


def tracked() -> int:
    """Objects the collector tracks now (the frozen ones apart)."""
    return len(gc.get_objects())


def rss_megabytes() -> float:
    """The resident set size of this process now."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def types_of(objects: list[Any], before: set[int], tables: int, most: int) -> dict[str, float]:
    """The `most` commonest types among the tracked objects that are not in `before`, per table."""
    counts = collections.Counter(
        type(thing).__qualname__ for thing in objects if id(thing) not in before
    )
    return {name: round(count / tables, 1) for name, count in counts.most_common(most)}


def measure(
    tables: int, actions: int, policy: str, most_types: int, churn: int, seed: int
) -> dict[str, object]:
    """Open `tables` rooms, play `actions` moves round-robin, and report the collections."""
    pool = Inline()
    gc.collect()
    serving = collector.serve_many() if policy == "server" else None
    ids_before = {id(thing) for thing in gc.get_objects()} if most_types else set()
    before = tracked() + gc.get_freeze_count()
    rng = random.Random(seed)
    opened = [open_table(pool, rng.getrandbits(32)) for _ in range(tables)]
    for table in opened:  # mid-deal, each table at its own point of it
        for _ in range(rng.randrange(4)):
            play_once(table)
    gc.collect()
    per_table = (tracked() + gc.get_freeze_count() - before) / tables
    kinds = types_of(gc.get_objects(), ids_before, tables, most_types) if most_types else {}
    del ids_before
    if serving is not None:
        serving.settle()  # the tables are open: the sweep their growth calls for, now
    timer = Collections()
    gc.callbacks.append(timer)
    applied, turn, soak = 0, 0, []
    began, cpu_began = time.perf_counter(), time.process_time()
    next_churn = churn
    while applied < actions:
        table = opened[turn % len(opened)]
        turn += 1
        applied += play_once(table)
        if churn and applied >= next_churn:
            next_churn += churn
            close_table(opened.pop(0))
            opened.append(open_table(pool, rng.getrandbits(32)))
            if (next_churn // churn) % max(1, tables // 10) == 0:
                soak.append(
                    {
                        "actions": applied,
                        "tracked": tracked(),
                        "frozen": gc.get_freeze_count(),
                        "rss_mb": round(rss_megabytes(), 1),
                    }
                )
    cpu, wall = time.process_time() - cpu_began, time.perf_counter() - began
    gc.callbacks.remove(timer)
    gc.collect()
    per_table_after = (tracked() + gc.get_freeze_count() - before) / len(opened)
    for table in opened:
        close_table(table)
    if serving is not None:
        collector.restore()
    report: dict[str, object] = {
        "tables": tables,
        "policy": policy,
        "actions": applied,
        "tracked_per_table": round(per_table, 1),
        "tracked_per_table_after": round(per_table_after, 1),
        "cpu_ms_per_action": round(1000 * cpu / applied, 3),
        "seconds": round(wall, 1),
        **timer.report(applied),
        "gc_share_of_cpu": round(
            sum(sum(pauses) for pauses in timer.pauses.values()) / max(cpu, 1e-9), 3
        ),
    }
    if serving is not None:
        report["memory_counts"], report["sweeps"] = serving.counts, serving.sweeps
    if kinds:
        report["types_per_table"] = kinds
    if soak:
        report["soak"] = soak
    return report


def main() -> None:
    """One JSON line per table count asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[200, 500, 1000])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--policy", choices=("server", "none"), default="server")
    parser.add_argument("--types", type=int, default=0, help="list this many commonest types")
    parser.add_argument("--churn", type=int, default=0, help="replace a room every K actions")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    for tables in options.tables:
        report = measure(
            tables, options.actions, options.policy, options.types, options.churn, options.seed
        )
        print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
