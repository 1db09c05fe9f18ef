"""Play with friends, end to end on the loopback address: the host's screens (setup, lobby,
table) driven by real frames and keys while a bot client joins over the network, a deal played
at the host's table, and no frame of the host's screen showing another seat's card face before
the table shows it to everyone; a joiner's screens through a wrong code, the lobby, the table
and the host leaving.

Every wait is bounded in frames and in seconds.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import socket
import threading
import time
from collections.abc import Callable
from functools import cache

import pygame
import pytest
from card_faces import faces_shown

from game.bots.registry import make_bot
from game.engine.cards import Card
from game.engine.events import CardDealt, DealStarted
from game.network.address import TableAddress
from game.network.client import BotClient, ClientReport
from game.network.codec import decode_event, decode_observation
from game.network.hosting import HostedTable
from game.network.protocol import State, read_server
from game.network.remote_table import RemoteTable
from game.network.server import TableConfig, Tap
from game.persistence.kept_seats import KeptSeat, keep_seat, kept_seat
from game.persistence.last_game import PERSON
from game.persistence.settings import load_settings
from game.statistics import load_lifetime
from game.ui.art.cards_art import card_face
from game.ui.friends import host_scene
from game.ui.friends.host_scene import HostScene
from game.ui.friends.join_scene import JoinScene
from game.ui.friends.leave_scene import LeaveScene
from game.ui.friends.lobby_scene import LobbyScene, SeatsScene
from game.ui.friends.network_table import NetworkTable
from game.ui.friends.standings_scene import StandingsScene
from game.ui.kit.layout import Box, Viewport, table_layout
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.shell.rooms import new_context
from game.ui.shell.scene import Scene, SceneStack
from game.ui.table.table_view import fanned

LOOPBACK = "127.0.0.1"
FRAME = 1 / 30
SIZE = (1280, 720)
SECONDS = 90.0
"""The longest any one test may wait on the network."""


def frame(stack: SceneStack, surface: pygame.Surface) -> Scene:
    """One frame as the app makes it: the top scene moves on, then the top scene is drawn."""
    top = stack.top
    assert top is not None
    top.update(FRAME)
    top = stack.top
    assert top is not None
    top.draw(surface)
    return top


def press(stack: SceneStack, key: int) -> None:
    """A key press to the top scene."""
    top = stack.top
    assert top is not None
    top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def frames_until(
    stack: SceneStack, done: Callable[[], bool], seconds: float = 30.0, frames: int = 3000
) -> pygame.Surface:
    """Draw frames (pausing a little for the network between them) until `done`."""
    surface = pygame.Surface(SIZE)
    deadline = time.monotonic() + seconds
    for _count in range(frames):
        if done():
            return surface
        if time.monotonic() > deadline:
            break
        frame(stack, surface)
        time.sleep(0.005)
    raise AssertionError(f"not there after {frames} frames or {seconds} s: {stack.top}")


class Friend:
    """A bot client joining over the network in its own thread."""

    def __init__(self, port: int, code: str, name: str = "Tom") -> None:
        self.client = BotClient(
            TableAddress.at(LOOPBACK, port),
            code,
            name,
            make_bot("random"),
            rng=random.Random(3),
            timeout=SECONDS,
        )
        self.report: ClientReport | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        self.report = asyncio.run(asyncio.wait_for(self.client.run(), SECONDS))

    def finish(self) -> ClientReport:
        """Its report, once the table ended for it."""
        self.thread.join(SECONDS)
        assert self.report is not None, "the friend's client did not finish"
        return self.report


@cache
def seat_boxes(seat: int, seats: int = 3) -> tuple[Box, ...]:
    """Every box where `seat`'s cards may be drawn on the host's screen (seat 0 at the bottom):
    one hand of three cards, in a row and fanned."""
    place = table_layout(seats, 0, [1] * seats, 3, False).seats[seat]
    return tuple(box for hand in place.hands for box in (*hand, *fanned(hand, place.side)))


def hidden_faces(
    picture: pygame.Surface, seat: int, hidden: set[Card], told: set[Card]
) -> list[Card]:
    """The hidden cards whose faces show where `seat`'s cards go, in a box where no card the
    screen was told of shows (a told queen of diamonds half-turned can pass for the queen of
    hearts: the search compares index corners)."""
    boxes = seat_boxes(seat)
    legit = {box for _card, box in faces_shown(picture, sorted(told, key=str), boxes)}
    found = faces_shown(picture, sorted(hidden, key=str), boxes)
    return [card for card, box in found if box not in legit]


def test_the_host_plays_a_deal_by_keys_and_never_sees_another_seats_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_scene, "DEAL_PAUSE", 4.0)
    context = new_context(seed=5)
    stack = SceneStack()
    stack.push(MainMenuScene(context))
    host = HostScene(context, "teen_patti")
    stack.push(host)
    host.listen, host.advertise = LOOPBACK, None
    host.set_host_name("Asha")
    for _ in range(8):  # the seats stop at the game's limits: step towards three
        if len(host.seats) != 3:
            host.step_seats(1 if len(host.seats) < 3 else -1)
    assert len(host.seats) == 3
    host.seats[1].kind, host.seats[2].kind = PERSON, "easy"
    host.rebuild("start")
    press(stack, pygame.K_RETURN)
    lobby = stack.top
    assert isinstance(lobby, LobbyScene), host.message
    hosted = lobby.link.hosted
    assert hosted is not None and hosted.config.host_name == "Asha"
    assert lobby.link.where == [f"{LOOPBACK}:{hosted.port}"], "the address to read out"
    shown: dict[int, set[Card]] = {}
    hosted.server.tap = told_to(0, shown)  # the table starts later: every state is seen
    frames_until(stack, lambda: lobby.link.remote.seat == 0)  # the host's screen sits first
    friend = Friend(hosted.port, hosted.code)
    try:
        frames_until(stack, lambda: _joined(lobby, "Tom"))
        press(stack, pygame.K_s)  # Start now
        frames_until(stack, lambda: isinstance(stack.top, NetworkTable))
        table = stack.top
        assert isinstance(table, NetworkTable) and table.viewer == 0
        secrets: dict[int, set[Card]] = {}
        leaks: list[tuple[int, int, Card]] = []
        actions = 0
        looked_at_seats = False
        surface = pygame.Surface(SIZE)
        deadline = time.monotonic() + SECONDS
        for number in range(6000):
            assert time.monotonic() < deadline, "the deal did not end in time"
            top = frame(stack, surface)
            _learn_secrets(hosted, secrets)
            deal = table.board.deal_number
            hidden = secrets.get(deal, set()) - shown.get(deal, set())
            for seat in (1, 2):
                for card in hidden_faces(surface, seat, hidden, shown.get(deal, set())):
                    leaks.append((number, seat, card))
            keys = [button.key for button in table.panel.buttons if button.control]
            if top is table and table.waiting_for_person and keys:
                key = "l" if "l" in keys else "f" if actions >= 2 and "f" in keys else keys[0]
                press(stack, pygame.key.key_code(key))
                actions += 1
            between = table.observe().deal_over and not table.director.busy
            if deal == 1 and between and table.panel.visible and not looked_at_seats:
                assert "next deal" in table.status_words().lower(), table.status_words()
                seats = [button for button in table.panel.buttons if button.key == "s"]
                assert seats, "between deals the host has the seat controls"
                press(stack, pygame.K_s)
                assert isinstance(stack.top, SeatsScene)
                press(stack, pygame.K_ESCAPE)
                assert stack.top is table
                looked_at_seats = True
            if deal >= 2 and table.board.deal_number == 2 and not table.director.busy:
                break
            time.sleep(0.005)
        else:
            raise AssertionError("the second deal did not come within the frames")
        assert looked_at_seats and table.deal_shown == 2
        assert actions >= 1, "the host acted by keys"
        assert secrets.get(1), "the other seats' cards were read from the server"
        assert not leaks, f"other seats' card faces on the host's screen: {leaks[:5]}"
        assert _would_see(surface, min(secrets[1], key=str)), "the search finds a face drawn"
        press(stack, pygame.K_ESCAPE)
        assert isinstance(stack.top, LeaveScene)
        press(stack, pygame.K_l)
        end = stack.top
        assert isinstance(end, StandingsScene) and hosted.ended, "the host sees the end too"
        assert end.subtitle == "You closed the table." and len(end.rows) == 3
        assert [row.name for row in end.rows if row.mine] == ["Asha"]
        lifetime = load_lifetime().value
        assert lifetime.network_games["teen_patti"].hands_played >= 1, "a network deal counted"
        assert lifetime.games == {}, "apart from the deals on this machine"
        press(stack, pygame.K_RETURN)
        assert isinstance(stack.top, MainMenuScene)
        assert friend.finish().ended == "host_left"
    finally:
        lobby.link.leave()
        friend.thread.join(SECONDS)


def _would_see(surface: pygame.Surface, card: Card) -> bool:
    """Whether the face search finds `card` drawn face up where seat 1's first card goes."""
    picture = surface.copy()
    box = seat_boxes(1)[0]
    viewport = Viewport.fit(picture.get_size())
    picture.blit(card_face(card, viewport.length(box.width)), viewport.point((box.x, box.y)))
    return bool(faces_shown(picture, [card], seat_boxes(1)))


def _joined(lobby: LobbyScene, name: str) -> bool:
    players = lobby.lobby.players if lobby.lobby is not None else []
    return any(info.name == name and info.connected for info in players)


def told_to(receiver: int | None, shown: dict[int, set[Card]]) -> Tap:
    """A server tap noting, by deal, every card the states sent to `receiver` (a seat, or None:
    the spectators) name anywhere: its observation and its events (a hand shown at a show)."""

    def note(seat: int | None, frame: str) -> None:
        if seat != receiver:
            return
        message = read_server(frame)
        if isinstance(message, State):
            observation = decode_observation(message.observation)
            cards = cards_in(observation)
            for event in message.events:
                cards |= cards_in(decode_event(event))
            shown.setdefault(observation.deal_number, set()).update(cards)

    return note


def cards_in(value: object) -> set[Card]:
    """Every card anywhere in a record (its fields, tuples and mappings, all the way down)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, list | tuple | set | frozenset):
        return {card for part in value for card in cards_in(part)}
    if isinstance(value, dict):
        return {card for part in value.values() for card in cards_in(part)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            card
            for field in dataclasses.fields(value)
            for card in cards_in(getattr(value, field.name))
        }
    return set()


def _learn_secrets(
    hosted: HostedTable, secrets: dict[int, set[Card]], seats: tuple[int, ...] = (1, 2)
) -> None:
    """The cards dealt to `seats` in the server's deal now, by the deal its own events name
    (read for the test only, from a copy of the deal's events)."""
    session = hosted.server.session
    if session is None:
        return
    events = list(session.game.events)
    started = [event for event in events if isinstance(event, DealStarted)]
    if not started:
        return
    dealt = secrets.setdefault(started[0].deal_number, set())
    for event in events:
        if isinstance(event, CardDealt) and event.seat in seats and event.card is not None:
            dealt.add(event.card)


def close_all(hosted: HostedTable, hosts_screen: RemoteTable, stack: SceneStack) -> None:
    """After a test: the hosted table stopped, the host's own client closed, every screen off."""
    hosted.stop()
    hosts_screen.close()
    while len(stack):
        stack.pop()


def test_a_joiner_is_told_a_wrong_code_then_joins_plays_and_sees_the_host_leave() -> None:
    config = TableConfig(
        preset="brag", seats=3, bots=("easy",), turn_seconds=2, linger=0.2, wrong_code_delay=0.01
    )
    hosted = HostedTable(config, host=LOOPBACK)
    port = hosted.start()
    hosts_screen = hosted.own_table()  # connected, never acting: its clock packs for it
    hosts_screen.start()
    context = new_context(seed=6)
    stack = SceneStack()
    stack.push(MainMenuScene(context))
    join = JoinScene(context, browsing=False)
    stack.push(join)
    try:
        join.address, join.code, join.name = f"{LOOPBACK}:{port}", "WRONG9", "Meera"
        join.rebuild("join")
        press(stack, pygame.K_RETURN)
        frames_until(stack, lambda: join.joining is None)
        assert join.message == "That room code is not this table's: check it with the host."
        assert (join.address, join.code, join.name) == (f"{LOOPBACK}:{port}", "WRONG9", "Meera")
        assert JoinScene(context, browsing=False).name == "Meera", "the name is kept this run"
        next_run = new_context(load_settings().value)
        assert JoinScene(next_run, browsing=False).name == "Meera", "and in the next run"
        assert HostScene(next_run).name == "Meera", "Host starts with it too"
        join.code = hosted.code
        press(stack, pygame.K_RETURN)
        frames_until(stack, lambda: isinstance(stack.top, LobbyScene))
        lobby = stack.top
        assert isinstance(lobby, LobbyScene) and not lobby.link.is_host
        frames_until(stack, lambda: _joined(lobby, "Meera"))
        assert not any(item.ident == "start" for item in lobby.items), "only the host starts"
        hosted.begin()
        frames_until(stack, lambda: isinstance(stack.top, NetworkTable))
        table = stack.top
        assert isinstance(table, NetworkTable)
        assert table.narrator.names[table.viewer or 0] == "You"
        frames_until(stack, lambda: table.observe().deal_number >= 1 and not table.director.busy)
        hosted.stop()
        frames_until(stack, lambda: isinstance(stack.top, StandingsScene))
        end = stack.top
        assert isinstance(end, StandingsScene) and end.subtitle == "The host closed the table."
        assert [row.name for row in end.rows if row.mine] == ["Meera"]
        assert kept_seat(join.address, hosted.code) is None, "the table ended: seat forgotten"
        press(stack, pygame.K_ESCAPE)
        assert isinstance(stack.top, MainMenuScene)
    finally:
        close_all(hosted, hosts_screen, stack)


def test_an_unreachable_table_is_said_on_the_join_screen() -> None:
    context = new_context(seed=7)
    stack = SceneStack()
    join = JoinScene(context, browsing=False)
    stack.push(join)
    join.address, join.code = f"{LOOPBACK}:1", "ABCDEF"
    join.join()
    frames_until(stack, lambda: join.joining is None)
    assert join.message == "No Trey table answers at that address: check it and the network."
    join.address = "nowhere"
    join.join()
    assert join.message.startswith("Write the address as the host shows it")
    stack.pop()


def test_a_spectator_watches_a_deal_and_sees_no_ones_cards() -> None:
    # no pause between deals: the screen falls behind the table and catches up
    config = TableConfig(preset="teen_patti", seats=3, bots=("easy",), turn_seconds=1.5, linger=0.2)
    hosted = HostedTable(config, host=LOOPBACK)
    shown: dict[int, set[Card]] = {}
    hosted.server.tap = told_to(None, shown)
    port = hosted.start()
    hosts_screen = hosted.own_table()  # connected, never acting: its clock packs for it
    hosts_screen.start()
    context = new_context(seed=8)
    stack = SceneStack()
    stack.push(MainMenuScene(context))
    join = JoinScene(context, browsing=False)
    stack.push(join)
    try:
        join.address, join.code, join.name = f"{LOOPBACK}:{port}", hosted.code, "Kabir"
        join.step_watching(1)
        join.join()
        frames_until(stack, lambda: isinstance(stack.top, LobbyScene))
        hosted.begin("random")
        frames_until(stack, lambda: isinstance(stack.top, NetworkTable))
        table = stack.top
        assert isinstance(table, NetworkTable) and table.viewer is None
        secrets: dict[int, set[Card]] = {}
        leaks: list[tuple[int, int, Card]] = []
        surface = pygame.Surface(SIZE)
        deadline = time.monotonic() + SECONDS
        for number in range(6000):
            assert time.monotonic() < deadline, "the deal did not end in time"
            frame(stack, surface)
            _learn_secrets(hosted, secrets, (0, 1, 2))
            deal = table.board.deal_number
            hidden = secrets.get(deal, set()) - shown.get(deal, set())
            for seat in (0, 1, 2):
                for card in hidden_faces(surface, seat, hidden, shown.get(deal, set())):
                    leaks.append((number, seat, card))
            if table.deal_shown >= 3:
                break
            time.sleep(0.005)
        else:
            raise AssertionError("the screen did not come to a third deal within the frames")
        assert len(secrets) >= 2, "the seats' cards were read from the server"
        assert not leaks, f"card faces shown to a spectator: {leaks[:5]}"
        assert not table.panel.visible or not any(b.control for b in table.panel.buttons)
    finally:
        close_all(hosted, hosts_screen, stack)


def test_a_table_that_cannot_be_hosted_is_said_on_the_host_screen() -> None:
    context = new_context(seed=9)
    stack = SceneStack()
    host = HostScene(context, "brag")
    stack.push(host)
    host.listen, host.advertise = "203.0.113.1", None  # not this machine's: nothing can listen
    host.start()
    assert stack.top is host and host.link is None
    assert host.message.startswith("The table could not be hosted: cannot host on 203.0.113.1")
    stack.pop()


def test_a_friend_whose_game_closed_is_offered_the_table_and_takes_the_seat_back() -> None:
    """The reporter's case: a friend's game closes mid-deal and starts again. The main menu
    offers 'Back to Host's table', which takes the same seat back with the kept token; a token
    that no longer works is one sentence on the join screen, and is forgotten."""
    config = TableConfig(
        preset="brag", seats=3, bots=("easy",), turn_seconds=2, linger=0.2, wrong_code_delay=0.01
    )
    hosted = HostedTable(config, host=LOOPBACK)
    port = hosted.start()
    hosts_screen = hosted.own_table()  # connected, never acting: its clock packs for it
    hosts_screen.start()
    address = f"{LOOPBACK}:{port}"
    stack = SceneStack()
    first_run = new_context(seed=10)
    stack.push(MainMenuScene(first_run))
    join = JoinScene(first_run, browsing=False)
    stack.push(join)
    try:
        join.address, join.code, join.name = address, hosted.code, "Meera"
        join.join()
        frames_until(stack, lambda: isinstance(stack.top, LobbyScene))
        hosted.begin()
        frames_until(stack, lambda: isinstance(stack.top, NetworkTable))
        table = stack.top
        assert isinstance(table, NetworkTable) and table.viewer is not None
        seat = table.viewer
        frames_until(stack, lambda: table.link.kept is not None and table.link.kept.host != "")
        kept = kept_seat(address, hosted.code)
        assert kept is not None and (kept.seat, kept.host) == (seat, "Host")
        assert kept.token == table.remote.token
        while len(stack):  # the game closes mid-deal
            stack.pop()
        second_run = new_context(seed=11)
        menu = MainMenuScene(second_run)
        stack.push(menu)
        assert not any(item.ident == "rejoin" for item in menu.items), "never waits: checked later"
        frames_until(stack, lambda: any(item.ident == "rejoin" for item in menu.items))
        assert getattr(menu.item("rejoin"), "label", "") == "Back to Host's table"
        press(stack, pygame.K_b)
        frames_until(stack, lambda: isinstance(stack.top, NetworkTable))
        again = stack.top
        assert isinstance(again, NetworkTable) and again.viewer == seat, "the same seat"
        assert again.narrator.names[seat] == "You"
        frames_until(stack, lambda: again.link.kept is not None)
        now = kept_seat(address, hosted.code)
        assert now is not None and now.token == again.remote.token != kept.token, "the new token"
        while len(stack):  # closes again; the token kept before is used up
            stack.pop()
        keep_seat(kept)
        third_run = new_context(seed=12)
        stack.push(MainMenuScene(third_run))
        join = JoinScene(third_run, browsing=False)
        stack.push(join)
        join.address, join.code = address, hosted.code
        join.join()
        frames_until(stack, lambda: join.joining is None)
        assert join.message == (
            "Your old seat at that table cannot be taken back any more: join again for a free "
            "seat, or to watch."
        )
        assert kept_seat(address, hosted.code) is None, "the stale token is forgotten"
        join.join()
        frames_until(stack, lambda: join.joining is None)
        assert join.message == "That table is full: every seat is taken."
    finally:
        close_all(hosted, hosts_screen, stack)


def test_the_menu_forgets_a_seat_whose_table_is_gone_and_keeps_one_it_cannot_reach() -> None:
    """Another table answers at a kept seat's address (its own, gone): one sentence, forgotten.
    No table answers at another's (the host's machine may be off): kept, but not offered."""
    config = TableConfig(preset="brag", seats=3, bots=("easy",), wrong_code_delay=0.01)
    hosted = HostedTable(config, host=LOOPBACK)
    port = hosted.start()
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        nowhere = f"{LOOPBACK}:{probe.getsockname()[1]}"
    gone = KeptSeat(address=f"{LOOPBACK}:{port}", code="OLD123", token="g" * 32, seat=1, host="Ann")
    unreached = KeptSeat(address=nowhere, code="ABCDEF", token="u" * 32, seat=1, host="Ravi")
    keep_seat(unreached)
    keep_seat(gone)
    stack = SceneStack()
    menu = MainMenuScene(new_context(seed=13))
    stack.push(menu)
    try:
        frames_until(stack, lambda: menu.check is None and bool(menu.message))
        assert menu.message == "Ann's table has ended: your seat there is forgotten."
        assert not any(item.ident == "rejoin" for item in menu.items)
        assert kept_seat(gone.address, gone.code) is None
        assert kept_seat(unreached.address, unreached.code) is not None
    finally:
        hosted.stop()
        while len(stack):
            stack.pop()


def test_leaving_the_lobby_before_the_start_forgets_the_seat_it_frees() -> None:
    config = TableConfig(preset="brag", seats=3, bots=("easy",), linger=0.2)
    hosted = HostedTable(config, host=LOOPBACK)
    port = hosted.start()
    context = new_context(seed=14)
    stack = SceneStack()
    stack.push(MainMenuScene(context))
    join = JoinScene(context, browsing=False)
    stack.push(join)
    try:
        join.address, join.code, join.name = f"{LOOPBACK}:{port}", hosted.code, "Meera"
        join.join()
        frames_until(stack, lambda: isinstance(stack.top, LobbyScene))
        lobby = stack.top
        assert isinstance(lobby, LobbyScene)
        frames_until(stack, lambda: kept_seat(join.address, hosted.code) is not None)
        press(stack, pygame.K_ESCAPE)
        assert stack.top is join
        assert kept_seat(join.address, hosted.code) is None, "the seat was freed: forgotten"
    finally:
        hosted.stop()
        while len(stack):
            stack.pop()
