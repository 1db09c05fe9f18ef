"""A table hosted from the game: the server in its own thread, the host's own screen a client
over loopback (sent only its own seat's view), the host starting the table, giving seats to
bots and freeing them between deals, and leaving with every finished deal saved."""

from __future__ import annotations

import asyncio
import json
import random
import re
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from network_tables import LOOPBACK

from game.agents.agent import SeatKind
from game.agents.background import BackgroundBot
from game.agents.seats import BotAgent
from game.bots.registry import make_bot
from game.cli import main
from game.engine.history import replay
from game.engine.rules import get_preset, starting_stack
from game.network.address import TableAddress
from game.network.client import BotClient, ClientReport
from game.network.hosting import HostedTable, HostingError, history_path
from game.network.remote_table import RemoteTable
from game.network.server import (
    RemoteAgent,
    TableConfig,
    TableServer,
    TableSetupError,
)
from game.persistence.paths import histories_folder

WAIT = 30.0
"""Seconds any one wait of these tests may take."""


class Host:
    """The host's own screen: a RemoteTable whose person plays at random when asked."""

    def __init__(self, hosted: HostedTable, seed: int = 1) -> None:
        self.table = hosted.own_table()
        self.rng = random.Random(seed)
        self.table.start()

    def play_until(self, done: Callable[[], bool], seconds: float = WAIT) -> None:
        deadline = time.monotonic() + seconds
        table = self.table
        while time.monotonic() < deadline:
            table.step()
            if done():
                return
            person = table.person_to_act()
            if person is not None and person.question is not None:
                choice = self.rng.choice(person.question.legal)
                action = choice.action
                if choice.high > choice.low:
                    amount = self.rng.randrange(choice.low, choice.high + 1, choice.step)
                    action = type(action)(action.seat, amount)  # type: ignore[call-arg]
                table.submit(action)
            time.sleep(0.005)
        raise AssertionError(f"the host's table did not get there in time ({table.problem})")

    def deal_over(self, number: int) -> bool:
        """Whether deal `number` (or a later one) is over on the host's screen."""
        observation = self.table.observation
        return observation is not None and (
            observation.deal_number > number
            or (observation.deal_number == number and observation.deal_over)
        )


class ClientThread:
    """A headless bot client run in its own thread, with its own loop."""

    def __init__(self, hosted: HostedTable, name: str) -> None:
        self.client = BotClient(
            TableAddress.at(LOOPBACK, hosted.port),
            hosted.code,
            name,
            make_bot("easy"),
            timeout=WAIT,
        )
        self.report: ClientReport | None = None
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.report = asyncio.run(asyncio.wait_for(self.client.run(), WAIT * 3))
        except BaseException as error:  # the test reads it
            self.failure = error

    def finished(self, seconds: float = WAIT) -> ClientReport:
        self.thread.join(seconds)
        assert not self.thread.is_alive(), "the client did not finish in time"
        assert self.failure is None, self.failure
        assert self.report is not None
        return self.report


def until(done: Callable[[], bool], seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return
        time.sleep(0.01)
    raise AssertionError("not there in time")


BUY_IN = starting_stack(get_preset("teen_patti").rules())
"""The chips each seat of a hosted Teen Patti table starts with (the pot limit, 1,024)."""


def hosted_table(tmp_path: Path, seats: int = 4, **options: object) -> HostedTable:
    config = TableConfig(
        preset="teen_patti",
        seats=seats,
        host_name="Ann",
        history=tmp_path / "table.txt",
        linger=0.1,
        wrong_code_delay=0.01,
        **options,  # type: ignore[arg-type]
    )
    hosted = HostedTable(config, host=LOOPBACK, port=0)
    hosted.start()
    return hosted


def seat_names_by_deal(history: str) -> dict[int, dict[int, str]]:
    """Each deal of a history: the name of each seat."""
    deals: dict[int, dict[int, str]] = {}
    deal = 0
    for line in history.splitlines():
        if match := re.fullmatch(r"deal (\d+)", line):
            deal = int(match.group(1))
            deals[deal] = {}
        elif match := re.fullmatch(r"seat (\d+) \d+ ?(.*)", line):
            deals[deal][int(match.group(1))] = match.group(2)
    return deals


def replayed_stacks(path: Path, capsys: pytest.CaptureFixture[str]) -> list[int]:
    """`trey replay FILE --json`'s final stacks."""
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    stacks: list[int] = summary["stacks"]
    assert summary["deal_over"] is True
    return stacks


def test_the_host_begins_plays_and_leaves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hosted = hosted_table(tmp_path)
    host = Host(hosted)
    bob: ClientThread | None = None
    try:
        until(lambda: hosted.lobby().players[0].connected)
        bob = ClientThread(hosted, "Bob")
        until(lambda: hosted.lobby().players[1].connected)
        lobby = hosted.lobby()
        assert [seat.kind for seat in lobby.players] == ["remote", "remote", "open", "open"]
        assert [seat.host for seat in lobby.players] == [True, False, False, False]
        assert [seat.name for seat in lobby.players[:2]] == ["Ann", "Bob"]
        assert lobby.waiting == 2 and not lobby.started and not hosted.started
        host.table.pump()
        assert host.table.seat == 0 and host.table.observation is None
        hosted.begin("easy")
        host.play_until(lambda: host.deal_over(3))
        lobby = hosted.lobby()
        assert lobby.started and hosted.started and lobby.waiting == 0
        assert [seat.kind for seat in lobby.players] == ["remote", "remote", "bot", "bot"]
        assert {seat.level for seat in lobby.players[2:]} == {"easy"}
        observation = host.table.observation
        assert observation is not None and observation.viewer == 0
        with pytest.raises(LookupError):
            host.table.observe(1)
        assert LOOPBACK in hosted.addresses() and hosted.addresses()[-1] == LOOPBACK
    finally:
        hosted.stop()
    assert hosted.ended
    until(lambda: (host.table.pump(), host.table.ended)[1] is not None)
    assert host.table.ended is not None and host.table.ended.reason == "host_left"
    host.table.close()
    assert bob is not None and bob.finished().ended == "host_left"
    path = hosted.history
    assert path is not None
    text = path.read_text(encoding="utf-8")
    deals = seat_names_by_deal(text)
    assert len(deals) >= 3 and all(names[0] == "Ann" for names in deals.values())
    assert replay(text).deals == len(deals)
    assert sum(replayed_stacks(path, capsys)) == 4 * BUY_IN


def test_seats_change_hands_from_the_next_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames: list[tuple[int | None, str]] = []
    hosted = hosted_table(tmp_path, seats=3, deal_pause=0.4)
    hosted.server.tap = lambda seat, frame: frames.append((seat, frame))
    host = Host(hosted)
    cy: ClientThread | None = None
    try:
        until(lambda: hosted.lobby().players[0].connected)
        bob = ClientThread(hosted, "Bob")
        until(lambda: hosted.lobby().players[1].connected)
        hosted.begin("easy")
        host.play_until(lambda: host.deal_over(2))
        session = hosted.server.session
        assert session is not None
        given_at = session.game.deal_number
        assert session.game.deal_over and isinstance(session.agents[1], RemoteAgent)
        hosted.give_to_bot(1, "medium")
        assert hosted.lobby().players[1].kind == "bot"
        assert hosted.lobby().players[1].level == "medium"
        host.play_until(lambda: host.deal_over(given_at + 1))
        agent = session.agents[1]
        assert isinstance(agent, BackgroundBot) and agent.agent.level == "medium"
        bob_report = bob.finished()
        assert bob_report.ended == "", "Bob was sent away, not told the table ended"
        told = [frame for seat, frame in frames if seat == 1 and '"replaced"' in frame]
        assert len(told) == 1 and "gave your seat to a bot" in told[0]
        with pytest.raises(HostingError, match="host's own seat"):
            hosted.give_to_bot(0, "easy")
        with pytest.raises(HostingError, match="no seat 7"):
            hosted.free_seat(7)

        hosted.free_seat(1)
        seat = hosted.lobby().players[1]
        assert (seat.kind, seat.level, seat.connected) == ("open", "medium", True)
        cy = ClientThread(hosted, "Cy")
        until(lambda: hosted.lobby().players[1].kind == "remote")
        assert hosted.lobby().players[1].name == "Cy"
        joined_at = session.game.deal_number
        host.play_until(lambda: host.deal_over(joined_at + 1))
        assert isinstance(session.agents[1], RemoteAgent) and session.agents[1].name == "Cy"
    finally:
        hosted.stop()
    assert cy is not None and cy.finished().ended == "host_left"
    host.table.close()
    path = hosted.history
    assert path is not None
    deals = seat_names_by_deal(path.read_text(encoding="utf-8"))
    assert {deals[deal][1] for deal in deals if deal <= given_at} == {"Bob"}
    later = [deals[deal][1] for deal in sorted(deals) if deal > given_at]
    assert later[0] not in ("Bob", "Cy") and later[-1] == "Cy"
    viewers = set()
    for seat, frame in frames:
        message = json.loads(frame)
        if seat == 1 and message["type"] == "state":
            observation = message["observation"]
            deal = observation["deal_number"]
            if deal in deals:
                player = deals[deal][1] in ("Bob", "Cy")
                viewers.add((player, observation["viewer"]))
    assert viewers == {(True, 1), (False, None)}, "a seat's bot's cards went to its next player"
    assert sum(replayed_stacks(path, capsys)) == 3 * BUY_IN


def test_changes_before_the_table_starts_are_at_once(tmp_path: Path) -> None:
    """Also: the host's seat is the host's screen's alone — a client with the right code from
    the host's own machine is given a free seat, never the host's."""
    hosted = hosted_table(tmp_path, seats=4)
    stranger = RemoteTable(TableAddress.at(LOOPBACK, hosted.port), hosted.code, "Whoever")
    stranger.start()
    until(lambda: (stranger.pump(), stranger.seat)[1] is not None)
    assert stranger.seat == 1 and hosted.lobby().players[0].name == "Ann"
    assert not hosted.lobby().players[0].connected
    stranger.close()
    until(lambda: not hosted.lobby().players[1].connected)
    screen = hosted.own_table()
    try:
        hosted.give_to_bot(3, "hard")
        assert [seat.kind for seat in hosted.lobby().players] == ["remote", "open", "open", "bot"]
        screen.start()
        until(lambda: (screen.pump(), screen.seat)[1] == 0)
        assert hosted.lobby().players[0].connected and hosted.lobby().players[0].name == "Ann"
        bob = ClientThread(hosted, "Bob")
        until(lambda: hosted.lobby().players[1].connected)
        hosted.give_to_bot(1, "easy")
        assert bob.finished().ended == ""
        hosted.free_seat(3)
        lobby = hosted.lobby()
        assert [seat.kind for seat in lobby.players] == ["remote", "bot", "open", "open"]
        assert lobby.players[3].level == "" and not lobby.players[3].connected
        with pytest.raises(HostingError, match="only a bot's seat"):
            hosted.free_seat(0)
        with pytest.raises(HostingError):
            hosted.give_to_bot(2, "no-such-level")
        assert not hosted.started
    finally:
        hosted.stop()
        screen.close()
    assert hosted.ended


def test_a_taken_port_is_a_hosting_error_in_a_sentence(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        config = TableConfig(history=tmp_path / "table.txt")
        hosted = HostedTable(config, host=LOOPBACK, port=port)
        with pytest.raises(HostingError, match=f"cannot host on {LOOPBACK}:{port}"):
            hosted.start()
        hosted.stop()
    with pytest.raises(HostingError, match="seats"):
        HostedTable(TableConfig(seats=9))


def test_hand_histories_go_to_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = histories_folder()
    assert folder.is_relative_to(tmp_path) and folder.name == "histories"
    hosted = HostedTable(TableConfig(code="ABCDE7"), host=LOOPBACK)
    assert hosted.history is not None and hosted.history.parent == folder
    assert hosted.history.name.endswith("-ABCDE7.txt")
    assert history_path("ABCDEF").name[:4].isdigit()


def test_a_bot_waits_out_its_pause() -> None:
    wakes: list[float] = []
    bot = BotAgent(make_bot("easy"), random.Random(1), SeatKind.BOT, "easy")
    from game.engine.factory import create_game
    from game.engine.rules import get_preset

    game = create_game(get_preset("teen_patti").rules(), [200, 200], seed=3)
    game.start_deal()
    seat = game.to_act
    assert seat is not None
    with ThreadPoolExecutor(max_workers=1) as pool:
        paused = BackgroundBot(bot, pool, wakes.append, pause=(0.3, 0.3))
        started = time.monotonic()
        paused.ask(game.observe(seat))
        until(lambda: bool(wakes), 5.0)
        assert 0.0 < wakes[0] <= 0.3
        assert paused.poll() is None
        action = None
        while action is None and time.monotonic() - started < 5.0:
            action = paused.poll()
            time.sleep(0.01)
        assert action is not None and time.monotonic() - started >= 0.3


def test_bots_pause_before_they_move_at_a_watched_table(tmp_path: Path) -> None:
    hosted = hosted_table(tmp_path, seats=2, bot_pause=(0.1, 0.1))
    host = Host(hosted, seed=3)
    try:
        until(lambda: hosted.lobby().players[0].connected)
        started = time.monotonic()
        hosted.begin("easy")
        host.play_until(lambda: host.deal_over(2))
        elapsed = time.monotonic() - started
    finally:
        hosted.stop()
        host.table.close()
    path = hosted.history
    assert path is not None
    text = path.read_text(encoding="utf-8")
    bot_moves = sum(1 for line in text.splitlines() if line.startswith("1 "))
    assert bot_moves > 0 and elapsed >= 0.1 * bot_moves


def test_a_hosted_table_plays_the_house_rules_its_host_chose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The host's setup rows go to the server: the welcome tells every client the rules and the
    deal pause, the deals are played under them, and the history records them."""
    house = {"boot": 2, "sideshow": False, "blind_limit": 2}
    hosted = hosted_table(tmp_path, seats=2, options=house, deal_pause=0.3)
    host = Host(hosted)
    try:
        until(lambda: hosted.lobby().players[0].connected)
        hosted.begin("easy")
        host.play_until(lambda: host.deal_over(2))
        table = host.table.table
        assert table is not None and table.deal_pause == 0.3
        assert {field: table.rules[field] for field in house} == house
        rules = host.table.rules
        assert (rules.boot, rules.sideshow, rules.blind_limit) == (2, False, 2)
    finally:
        hosted.stop()
        host.table.close()
    path = hosted.history
    assert path is not None
    rules_line = next(line for line in path.read_text().splitlines() if line.startswith("rules "))
    assert all(f'"{field}": {json.dumps(value)}' in rules_line for field, value in house.items())
    assert sum(replayed_stacks(path, capsys)) == 2 * BUY_IN


def test_house_rules_that_do_not_go_together_are_one_sentence() -> None:
    with pytest.raises(TableSetupError, match="blind"):
        TableServer(TableConfig(preset="teen_patti", options={"blind_limit": -3}))
    with pytest.raises(TableSetupError):
        TableServer(TableConfig(preset="teen_patti", options={"no_such_rule": 1}))
