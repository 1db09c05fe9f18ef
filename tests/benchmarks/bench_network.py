"""Benchmark (not a test): one server process on loopback with N tables of four bot clients.

The clients run in a second process. For each action a client sends, the time until all four
clients of its table have the next state is one latency sample; actions per second count the
actions the tables applied; the server's CPU time per action (all its threads, over the same
window) is the server's own cost, whatever the clients' process costs. Usage:
`python tests/benchmarks/bench_network.py [TABLES ...]` (default 1 10 50; the goal is 200
tables with p99 ≤ 50 ms on one core).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from game.bots.registry import make_bot
from game.network.address import TableAddress
from game.network.client import BotClient
from game.network.protocol import ActionMessage, State
from game.network.server import TableConfig, TableServer

SECONDS = 10.0
"""How long each size plays."""


@dataclass
class Latency:
    """When each table's actions were sent, and when each client saw the next state."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    seen: dict[tuple[int, int], list[float]] = field(default_factory=dict)


class TimedClient(BotClient):
    """A bot client that notes when it sends an action and when it receives each state."""

    def __init__(self, table: int, latency: Latency, *args: object, **options: object) -> None:
        super().__init__(*args, **options)  # type: ignore[arg-type]
        self.table = table
        self.latency = latency

    async def _state(self, socket: object, message: State) -> bool:  # type: ignore[override]
        key = (self.table, message.state)
        self.latency.seen.setdefault(key, []).append(time.perf_counter())
        original = socket.send  # type: ignore[attr-defined]

        async def send(frame: str) -> None:
            if '"type":"action"' in frame:
                sent = ActionMessage.model_validate_json(frame)
                self.latency.sent[(self.table, sent.state + 1)] = time.perf_counter()
            await original(frame)

        socket.send = send  # type: ignore[attr-defined]
        try:
            return await super()._state(socket, message)  # type: ignore[arg-type]
        finally:
            socket.send = original  # type: ignore[attr-defined]


def run_clients(tables: list[tuple[int, str]], result: multiprocessing.Queue[object]) -> None:
    """The client process: four bot clients per table, for SECONDS."""

    async def play() -> dict[str, object]:
        latency = Latency()
        clients = [
            TimedClient(
                table,
                latency,
                TableAddress.at("127.0.0.1", port),
                code,
                f"P{seat}",
                make_bot("easy"),
                rng=random.Random(table * 10 + seat),
                timeout=60.0,
            )
            for table, (port, code) in enumerate(tables)
            for seat in range(4)
        ]
        tasks = [asyncio.create_task(client.run()) for client in clients]
        await asyncio.wait(tasks, timeout=SECONDS + 30)
        samples = [
            max(seen) - latency.sent[key]
            for key, seen in latency.seen.items()
            if key in latency.sent and len(seen) == 4
        ]
        sizes = [client.report.max_message_bytes for client in clients]
        messages = sum(client.report.messages for client in clients)
        return {"samples": samples, "max_bytes": max(sizes), "messages": messages}

    result.put(asyncio.run(play()))


async def serve(count: int) -> tuple[list[TableServer], list[tuple[int, str]]]:
    servers = [
        TableServer(TableConfig(preset="teen_patti", seats=4, stack=100_000)) for _ in range(count)
    ]
    ports = [await server.start("127.0.0.1", 0) for server in servers]
    return servers, [(port, server.code) for port, server in zip(ports, servers, strict=True)]


def measure(count: int) -> dict[str, object]:
    """Serve `count` tables for SECONDS and measure them."""

    async def main() -> dict[str, object]:
        servers, addresses = await serve(count)
        result: multiprocessing.Queue[object] = multiprocessing.Queue()
        process = multiprocessing.Process(target=run_clients, args=(addresses, result))
        process.start()
        await asyncio.sleep(2.0)
        started, cpu_started = time.perf_counter(), time.process_time()
        actions_before = sum(table_actions(server) for server in servers)
        await asyncio.sleep(SECONDS)
        actions = sum(table_actions(server) for server in servers) - actions_before
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        for server in servers:
            await server.stop()
        data = await asyncio.get_running_loop().run_in_executor(None, result.get)
        process.join(10)
        for server in servers:
            server.config.linger = 0
            await server.wait_closed()
        samples = sorted(data["samples"])  # type: ignore[call-overload, index]
        p99 = samples[int(len(samples) * 0.99)] if samples else float("nan")
        return {
            "tables": count,
            "actions_per_second": round(actions / elapsed),
            "server_cpu_ms_per_action": round(1000 * cpu / max(actions, 1), 2),
            "server_cpu_share": round(cpu / elapsed, 2),
            "p50_ms": round(1000 * statistics.median(samples), 1) if samples else None,
            "p99_ms": round(1000 * p99, 1),
            "max_message_bytes": data["max_bytes"],  # type: ignore[index]
            "messages": data["messages"],  # type: ignore[index]
        }

    return asyncio.run(main())


def table_actions(server: TableServer) -> int:
    """Actions applied at a table so far (changes of the turn loop)."""
    return 0 if server.session is None else server.session.turns.changes


if __name__ == "__main__":
    sizes = [int(argument) for argument in sys.argv[1:]] or [1, 10, 50]
    for size in sizes:
        print(json.dumps(measure(size)))
