"""A server with three to six headless bot clients that drop and rejoin at random: chips are
conserved at every frame, every deal is in the hand history, the history replays to the table's
stacks, and a verifiable shuffle checks against its revealed seed."""

from __future__ import annotations

import random

import pytest
from network_tables import Player, play_table, run

from game.engine.history import replay
from game.network.fairness import verify_history
from game.network.server import TableConfig, TableServer


class ChipCounter:
    """The tap: the chips in play, checked each time the server sends a frame."""

    def __init__(self) -> None:
        self.server: TableServer | None = None
        self.chips: int | None = None
        self.problems: list[str] = []

    def __call__(self, seat: int | None, frame: str) -> None:
        if self.server is None or self.server.session is None:
            return
        chips = self.server.session.game.chips_in_play()
        if self.chips is None:
            self.chips = chips
        elif chips != self.chips:
            self.problems.append(f"{chips} chips in play, not {self.chips}")


def play_with_drops(
    preset: str,
    players: int,
    bots: int,
    deals: int,
    seed: int,
    stack: int = 1_000,
    levels: tuple[str, ...] = ("random", "easy", "medium"),
    seconds: float = 120,
) -> None:
    rng = random.Random(seed)
    config = TableConfig(
        preset=preset,
        seats=players + bots,
        bots=tuple(rng.choice(levels) for _ in range(bots)),
        deals=deals,
        verifiable=True,
        drop_grace=5.0,
        stack=stack,
    )
    counter = ChipCounter()
    table = [Player(rng.choice(levels), drop_chance=0.04) for _ in range(players)]

    async def play() -> tuple[TableServer, list[object]]:
        server_class = TableServer
        original = server_class.start

        async def start(self: TableServer, host: str = "127.0.0.1", port: int = 0) -> int:
            counter.server = self
            return await original(self, host, port)

        server_class.start = start  # type: ignore[method-assign]
        try:
            server, reports = await play_table(
                config, table, seed=seed, tap=counter, seconds=seconds
            )
        finally:
            server_class.start = original  # type: ignore[method-assign]
        return server, list(reports)

    server, reports = run(play(), seconds + 60)  # type: ignore[misc]
    assert not counter.problems, counter.problems[:5]
    assert server.deals_played == deals
    text = "".join(server.history.parts)
    replayed = replay(text)
    assert replayed.deals == deals
    assert server.session is not None
    assert replayed.game.stacks == server.session.game.stacks
    assert replayed.game.chips_in_play() == counter.chips
    commitment = server.table_info().commitment or ""
    nonces = reports[0].nonces
    seated = {str(report.seat) for report in reports if report.seat is not None}
    assert set(nonces) == seated, "every seated player's nonce was mixed in (none of a bot's)"
    assert verify_history(text, server.seed.hex(), commitment, nonces) == []
    assert verify_history(text, server.seed.hex(), commitment) != [], "the nonces count"
    assert sum(report.reconnects for report in reports) > 0, "no client ever dropped"
    for report in reports:
        assert report.ended == "finished"
        assert report.seed == server.seed.hex() and report.nonces == nonces
        assert report.max_message_bytes <= 64 * 1024


@pytest.mark.parametrize(
    ("preset", "players", "bots", "deals", "seed"),
    [("teen_patti", 3, 1, 20, 1), ("brag", 4, 2, 15, 2), ("casino", 3, 0, 12, 3)],
)
def test_clients_that_drop_and_rejoin(
    preset: str, players: int, bots: int, deals: int, seed: int
) -> None:
    play_with_drops(preset, players, bots, deals, seed)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["teen_patti", "four_card_brag", "jokers"])
def test_two_hundred_deals_with_drops(preset: str) -> None:
    """Bots that fold sensibly and deep stacks, so the table lasts 200 deals (random players
    with 20,000 chips each once raised one four-card brag deal past the 2,000 actions a
    history may hold)."""
    play_with_drops(preset, 5, 1, 200, 7, stack=3_000, levels=("easy", "medium"), seconds=1_200)
