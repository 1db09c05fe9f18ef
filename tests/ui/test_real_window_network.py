"""Two real game windows play a network deal under Xvfb: one hosts, one joins.

Two `python -m game` processes on one private Xvfb screen (side by side), each with its own
user folders, in a private network namespace that has nothing but the loopback interface (so
the table is reached, and advertised, on the loopback address only). The host goes Play with
friends → Host, types a name, gives seat 2 to a friend and keeps seat 3 a bot, and hosts; the
joiner goes Play with friends → Join and either picks the table from the ones found on the
network (multicast works on the loopback interface of a private namespace; without one, where
nothing is found the test warns and joins by address), or types the address (with its port) and
the room code as the host's lobby shows them.

The joiner learns the room code (and the address) as a person does: it is read off the host's
lobby, by drawing each possible character with the game's own font where the lobby draws the
code and keeping the one that matches the screenshot; the joiner's own lobby must then show the
same code, and the hand history the host's game writes after the deal is named with it.

The host starts the table; each player looks at their cards and the deal is played by clicks
on the buttons (placed by the same layout code the game uses) until it ends. Each window must
show its own cards and no other seat's card face; both must show the deal's end. Then the host
closes the table (Escape, Close the table): both windows show the final chips, and Enter takes
each to the main menu.

Needs Xvfb, xdotool and ImageMagick's `import`; without them the test is skipped LOUDLY. About
a minute a route: marked slow (`pytest -m slow tests/ui/test_real_window_network.py`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import warnings
from collections.abc import Iterator
from functools import cache, partial
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pygame
import pytest
from card_faces import difference, faces_shown
from x_display import (
    game_window,
    is_gold,
    is_red,
    needs_x,
    run,
    start_game,
    wait_for,
    window_geometry,
    xvfb,
)

from game.engine.cards import FULL_DECK, Card
from game.engine.history import replay
from game.network.discovery import FoundTable
from game.network.protocol import PROTOCOL_VERSION
from game.network.server import CODE_ALPHABET
from game.persistence.last_game import PERSON
from game.ui.art.fonts import text, text_width
from game.ui.friends.host_scene import HostScene
from game.ui.friends.join_scene import JoinScene
from game.ui.friends.leave_scene import LeaveScene, LeftTable
from game.ui.friends.link import TableLink
from game.ui.friends.lobby_scene import CODE, LobbyScene
from game.ui.friends.standings_scene import Standing, StandingsScene
from game.ui.kit.layout import Box, table_layout
from game.ui.kit.panels import GOLD, IVORY
from game.ui.kit.widgets import FormScene, Stepper
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.shell.rooms import new_context
from game.ui.table.table_view import fanned

WINDOW = (1280, 720)
SCREEN = (2 * WINDOW[0], 800)
SEATS = 3
HOST_SEAT, FRIEND_SEAT, BOT_SEAT = 0, 1, 2
WAIT = 30.0
"""The longest any one wait may take (seconds)."""

pytestmark = [pytest.mark.slow, needs_x("network real-window test")]


# --- the X screen -------------------------------------------------------------------------------


@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb screen wide enough for two windows side by side, stopped afterwards."""
    with xvfb(SCREEN) as name:
        yield name


@pytest.fixture
def network() -> Iterator[list[str]]:
    """The command prefix that runs a program in a private network namespace with only the
    loopback interface (both games share it); the test is skipped where none can be made (it
    never falls back to this machine's network)."""
    tools = ("unshare", "nsenter", "ip")
    if any(shutil.which(tool) is None for tool in tools):
        pytest.skip("no unshare/nsenter/ip: no private network namespace for the two games")
    root = os.geteuid() == 0  # root makes the namespace itself; anyone else in a user namespace
    holder = subprocess.Popen(
        [
            "unshare",
            "-n" if root else "-rn",
            "sh",
            "-c",
            "ip link set lo up && echo up && exec sleep 600",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        ready = holder.stdout.readline().strip() == "up"
        if not ready:
            pytest.skip(
                "no private network namespace (user namespaces are off?): the games would use "
                "this machine's network"
            )
        enter = ["-n"] if root else ["-U", "-n", "--preserve-credentials"]
        yield ["nsenter", "-t", str(holder.pid), *enter]
    finally:
        holder.kill()
        holder.communicate()


class Window:
    """One game's window: screenshots of it, clicks and keys in it."""

    def __init__(self, display: str, name: str, game: subprocess.Popen[str], folder: Path) -> None:
        self.display = display
        self.name = name
        self.game = game
        self.folder = folder
        self.shots = 0
        # two games start at once on a busy machine
        self.window, geometry = game_window(display, game, WINDOW, 60)
        self.rect = pygame.Rect(geometry["X"], geometry["Y"], geometry["WIDTH"], geometry["HEIGHT"])

    def geometry(self) -> dict[str, int]:
        """Where the window is and how large."""
        return window_geometry(self.display, self.window)

    def place(self, left: int) -> None:
        """Move the window to `left` at the top of the screen."""
        run(self.display, "xdotool", "windowmove", "--sync", self.window, str(left), "0")
        geometry = self.geometry()
        self.rect.topleft = (geometry["X"], geometry["Y"])

    def grab(self, keep: str = "") -> pygame.Surface:
        """A screenshot of the window (cut from `import -window root`); saved as `keep`.png."""
        self.shots += 1
        path = self.folder / f"{self.name}-{self.shots}.png"
        run(self.display, "import", "-window", "root", "-crop", self.crop(), "+repage", str(path))
        shot = pygame.image.load(str(path))
        if keep:
            shutil.copy(path, self.folder / f"{keep}.png")
        path.unlink()
        assert shot.get_size() == WINDOW
        return shot

    def crop(self) -> str:
        """ImageMagick's geometry of the window."""
        return f"{self.rect.width}x{self.rect.height}+{self.rect.x}+{self.rect.y}"

    def click(self, point: tuple[float, float]) -> None:
        """Move the mouse to a point of the window (logical = window pixels here) and click."""
        x, y = round(point[0]), round(point[1])
        run(
            self.display,
            "xdotool",
            "mousemove",
            "--window",
            self.window,
            str(x),
            str(y),
            "click",
            "1",
        )
        time.sleep(0.15)

    def key(self, *names: str) -> None:
        """Press keys in the window, one after another."""
        for name in names:
            run(self.display, "xdotool", "key", "--window", self.window, name)
            time.sleep(0.3)

    def type(self, words: str) -> None:
        """Type words into the window."""
        run(self.display, "xdotool", "type", "--window", self.window, "--delay", "60", words)
        time.sleep(0.3)


def fill_in_the_host_screen(host: Window, name: str) -> HostScene:
    """From the main menu, Play with friends → Host, and the screen filled in by clicks where
    the screen's own layout puts them: `name`, SEATS seats, seat FRIEND_SEAT a friend's. The
    screen as filled in (its start button is for the caller to click)."""
    host.key("f", "h")
    setup = HostScene(new_context())
    setup.rebuild()
    host.click(boxes(setup)["name"].centre)
    host.type(name)
    while len(setup.seats) != SEATS:
        setup.step_seats(-1)
        host.click(arrows(setup, "seats")[0].centre)
        setup.rebuild()
    while setup.seats[FRIEND_SEAT].kind != PERSON:
        setup.step_kind(FRIEND_SEAT, -1)
        host.click(arrows(setup, f"kind:{FRIEND_SEAT}")[0].centre)
        setup.rebuild()
    return setup


# --- reading words off the screen ---------------------------------------------------------------


def text_score(
    shot: pygame.Surface,
    at: tuple[int, int],
    words: str,
    size: int,
    colour: tuple[int, int, int],
    bold: bool,
    width: int,
    background: tuple[int, int, int, int],
) -> float:
    """How far the screen at `at` (`width` pixels wide) is from `words` drawn there by the game's
    own text code on a plain background (0: the same)."""
    label = text(words, size, colour, bold) if words else None
    height = text(" ", size, colour, bold).get_height()
    area = pygame.Rect(at, (width, height)).clip(shot.get_rect())
    drawn = pygame.Surface(area.size)
    drawn.fill(background)
    if label is not None:
        drawn.blit(label, (0, 0))
    return difference(shot.subsurface(area), drawn)


def read_text(
    shot: pygame.Surface,
    at: tuple[int, int],
    size: int,
    colour: tuple[int, int, int],
    bold: bool,
    alphabet: str,
    joiner: str = "",
    longest: int = 24,
) -> tuple[str, float]:
    """The words drawn at `at` by `draw_text(..., size, colour, bold)` (anchor top left), read
    one character at a time by drawing each character of `alphabet` after what was read and
    keeping the closest; returns the words and how far their drawing is from the screen."""
    background = shot.get_at((at[0] - 6, at[1] + 2))
    widest = max(text_width(letter, size, bold) for letter in alphabet)
    read: list[str] = []
    for _place in range(longest):
        width = text_width(joiner.join([*read, "W"]), size, bold) + widest
        scores = {
            letter: text_score(
                shot, at, joiner.join([*read, letter]), size, colour, bold, width, background
            )
            for letter in alphabet
        }
        nothing = text_score(shot, at, joiner.join(read), size, colour, bold, width, background)
        best = min(scores, key=lambda letter: scores[letter])
        if scores[best] >= nothing * 0.98:
            break
        read.append(best)
    words = joiner.join(read)
    whole = text_width(words, size, bold) + 4 if words else 40
    return "".join(read), text_score(shot, at, words, size, colour, bold, whole, background)


def read_code(shot: pygame.Surface) -> str:
    """The room code in a lobby, as it is drawn (large gold letters spaced apart), or ''."""
    at = (round(CODE.x + 24), round(CODE.y + 76))
    code, distance = read_text(shot, at, 40, GOLD, True, CODE_ALPHABET, " ", 12)
    return code if len(code) >= 6 and distance < 8 else ""


def read_addresses(shot: pygame.Surface) -> list[str]:
    """The addresses a lobby shows under the code."""
    found = []
    for row in range(3):
        at = (round(CODE.x + 24), round(CODE.y + 160 + row * 30))
        words, distance = read_text(shot, at, 22, IVORY, True, "0123456789.:", "", 24)
        if words and distance < 8:
            found.append(words)
    return found


# --- where things are ---------------------------------------------------------------------------


def boxes(scene: FormScene) -> dict[str, Box]:
    """Each item of a form scene by its name: where the game draws it."""
    return {item.ident: item.box for item in scene.items}


def arrows(scene: FormScene, ident: str) -> tuple[Box, Box]:
    """A stepper's ◀ and ▶."""
    item = next(item for item in scene.items if item.ident == ident)
    assert isinstance(item, Stepper)
    return item.arrows()


@cache
def seat_boxes(seat: int, bottom: int) -> tuple[Box, ...]:
    """Where `seat`'s three cards are drawn, in a row or fanned, on the screen of the player at
    `bottom`."""
    place = table_layout(SEATS, bottom, [1] * SEATS, 3, False).seats[seat]
    return tuple(box for hand in place.hands for box in (*hand, *fanned(hand, place.side)))


def faces_at(shot: pygame.Surface, seat: int, bottom: int) -> set[Card]:
    """Every card face (of the whole deck) shown where `seat`'s cards lie on `bottom`'s screen."""
    return {card for card, _box in faces_shown(shot, FULL_DECK, seat_boxes(seat, bottom))}


BUTTON_ROW = 684
"""The middle of the bottom row of the table's buttons (Pack is always in it)."""


def pack_left(shot: pygame.Surface) -> int | None:
    """The left edge of the red Pack button in the bottom row, or None: not this player's turn."""
    for x in range(860, 1270, 4):
        if is_red(shot.get_at((x, BUTTON_ROW))):
            return x
    return None


def deal_written(histories: Path) -> bool:
    """Whether the hosted table's hand history holds a finished deal (its file is there, empty,
    from the moment the table listens)."""
    return any(
        line.startswith("deck ")
        for path in histories.glob("*.txt")
        for line in path.read_text().splitlines()
    )


def felt(shot: pygame.Surface) -> bool:
    """Whether the middle of the window is the table's green felt."""
    colour = shot.get_at((640, 250))
    return colour.g > colour.r + 10 and colour.g > colour.b


def inked(shot: pygame.Surface, area: Box) -> int:
    """How many bright (text) pixels a box of the window holds."""
    count = 0
    for x in range(round(area.x), round(area.right), 2):
        for y in range(round(area.y), round(area.bottom), 2):
            colour = shot.get_at((x, y))
            count += colour.r > 200 and colour.g > 180
    return count


def dealt(history: str) -> dict[int, tuple[Card, ...]]:
    """Each seat's cards in the first deal of a hand history (the engine deals its deck when it
    reads the first move)."""
    lines = history.splitlines()
    deck = next(number for number, line in enumerate(lines) if line.startswith("deck "))
    game = replay("\n".join(lines[: deck + 2]) + "\n").game
    return {seat: tuple(player.hands[0]) for seat, player in game.players.items()}


_HOSTING = SimpleNamespace(is_host=True, remote=SimpleNamespace(lobby=None, seat=0))
"""Enough of a host's link for the lobby and the leave menu to lay out their buttons."""


def on_menu(window: Window) -> bool:
    """Whether the window shows the main menu (its red Quit button)."""
    menu = MainMenuScene(new_context())
    menu.rebuild()
    quit_button = boxes(menu)["quit"]
    return is_red(window.grab().get_at((round(quit_button.x + 12), round(quit_button.centre[1]))))


def on_standings(window: Window, seats: int = SEATS) -> bool:
    """Whether the window shows a table's final chips (the gold Main menu button under them)."""
    rows = [Standing(1, "", 0)] * seats
    button = boxes(StandingsScene(new_context(), "", rows, 1))["menu"]
    return is_gold(window.grab().get_at((round(button.x + 12), round(button.centre[1]))))


# --- the test -----------------------------------------------------------------------------------


@pytest.mark.parametrize("route", ["discovery", "address"])
def test_two_windows_host_join_and_play_a_deal_by_clicks(
    display: str, network: list[str], tmp_path: Path, route: str
) -> None:
    """`route`: the joiner picks the table found on the network, or types the address and code
    read off the host's lobby."""
    began = time.monotonic()
    folders = {name: tmp_path / name for name in ("host", "friend")}
    shots = tmp_path / "shots"
    shots.mkdir()
    games = {name: start_game(display, folder, prefix=network) for name, folder in folders.items()}
    try:
        host = Window(display, "host", games["host"], shots)
        friend = Window(display, "friend", games["friend"], shots)
        if network:  # (once each game shows its window, nsenter has become it)
            private = Path(f"/proc/{network[2]}/ns/net").readlink()
            for name, game in games.items():
                where = Path(f"/proc/{game.pid}/ns/net").readlink()
                assert where == private, f"the {name}'s game is not in the private network"
        host.place(0)
        friend.place(WINDOW[0])
        time.sleep(1.0)

        # the host: Play with friends, Host; a name, three seats, seat 2 a friend's
        setup = fill_in_the_host_screen(host, "Asha")
        assert setup.seats[BOT_SEAT].kind != PERSON, "seat 3 is a bot's"
        host.grab("1-host-setup")
        host.click(boxes(setup)["start"].centre)
        codes: list[str] = []

        def lobby_code() -> bool:
            code = read_code(host.grab())
            codes.append(code)
            return bool(code)

        wait_for("the host's lobby with its room code", lobby_code)
        code = codes[-1]
        lobby_shot = host.grab("2-host-lobby")
        addresses = read_addresses(lobby_shot)

        # the friend: Play with friends, Join; the table found on the network, or the address
        friend.key("f", "j")
        join = JoinScene(new_context(), browsing=False)
        join.shown_found = [FoundTable("Asha", "127.0.0.1", 1, "teen_patti", 1, PROTOCOL_VERSION)]
        join.rebuild()
        tile = boxes(join)["found:0"]  # where the first table found is listed
        found = False
        if route == "discovery":
            empty = inked(friend.grab(), tile)
            deadline = time.monotonic() + 20  # a browse every 6 s; the first may hear nothing
            while time.monotonic() < deadline and not found:
                found = inked(friend.grab(), tile) > empty + 12
                time.sleep(0.3)
            if not found and network:
                friend.grab("3-friend-join-nothing-found")
                pytest.fail("no table found in 20 s, though multicast works on loopback")
            if not found:
                warnings.warn("no table found on this network: joining by address", stacklevel=1)
        friend.grab("3-friend-join-found" if found else "3-friend-join-address")
        if found:
            friend.click(tile.centre)  # its address goes in, the room code field is focused
        else:
            with_port = [words for words in addresses if ":" in words]
            assert with_port, f"the host's lobby shows no address with a port: {addresses}"
            friend.click(boxes(join)["address"].centre)
            friend.type(next(words for words in with_port if words.startswith("127.")))
            friend.click(boxes(join)["code"].centre)
        friend.type(code)
        friend.click(boxes(join)["name"].centre)
        friend.type("Tom")
        friend.grab("4-friend-join-typed")
        friend.click(boxes(join)["join"].centre)
        wait_for(
            "the friend's lobby (the same room code)",
            lambda: read_code(friend.grab()) == code,
        )
        friend.grab("5-friend-lobby")
        time.sleep(1.0)  # the host's lobby hears that Tom sat down
        host.grab("6-host-lobby-with-friend")

        # the host starts; both reach the table
        lobby = LobbyScene(new_context(), cast(TableLink, _HOSTING), "")
        lobby.rebuild()
        host.click(boxes(lobby)["start"].centre)
        wait_for("the host's table", lambda: felt(host.grab()))
        wait_for("the friend's table", lambda: felt(friend.grab()))

        # the deal, by clicks: each looks at their cards, the friend chaals once, then packs
        histories = folders["host"] / "data" / "trey" / "histories"
        plans = {"host": ["look", "pack"], "friend": ["look", "chaal", "pack"]}
        frames: list[tuple[str, pygame.Surface]] = []
        bottoms = {"host": HOST_SEAT, "friend": FRIEND_SEAT}
        leaks: list[str] = []
        pictures = 0
        deadline = time.monotonic() + 60
        while not deal_written(histories):
            assert time.monotonic() < deadline, "the deal did not end within 60 s"
            for name, window in (("host", host), ("friend", friend)):
                shot = window.grab()
                bottom = bottoms[name]
                for seat in range(SEATS):
                    if seat != bottom and faces_at(shot, seat, bottom):
                        leaks.append(f"{name}'s screen shows seat {seat + 1}'s cards")
                frames.append((name, shot))
                left = pack_left(shot)
                if left is None or not plans[name]:
                    continue
                step = plans[name][0]
                blind = left > 1000  # See cards sits left of Pack until the player looks
                if step == "look" and blind:
                    window.click((960, BUTTON_ROW))
                    plans[name].pop(0)
                elif step == "look":
                    plans[name].pop(0)  # (already seen)
                    continue
                elif step == "chaal":
                    window.click((1164, 628))  # the bet's own button, above Pack
                    plans[name].pop(0)
                else:
                    window.click((left + 40, BUTTON_ROW))
                    plans[name].pop(0)
                pictures += 1
                time.sleep(0.6)
                window.grab(f"7-{name}-acted-{pictures}")
        time.sleep(1.5)  # the last moves' animations (speed 2)
        host_end = host.grab("8-host-deal-end")
        friend_end = friend.grab("8-friend-deal-end")
        frames += [("host", host_end), ("friend", friend_end)]

        # the hand history names the code, and says whose cards were whose
        (history,) = list(histories.glob("*.txt"))  # opened when the table starts listening
        assert history.stem.endswith(f"-{code}"), f"{history.name} is not table {code}"
        cards = dealt(history.read_text())
        assert not leaks, leaks
        shown: dict[str, set[Card]] = {"host": set(), "friend": set()}
        for name, shot in frames:
            bottom = bottoms[name]
            own = faces_shown(shot, cards[bottom], seat_boxes(bottom, bottom))
            shown[name] |= {card for card, _box in own}
            for seat in range(SEATS):
                if seat != bottom:
                    other = faces_shown(shot, cards[seat], seat_boxes(seat, bottom))
                    assert not other, f"the {name}'s screen shows seat {seat + 1}'s {other}"
        assert shown["host"] == set(cards[HOST_SEAT]), "the host saw their own three cards"
        assert shown["friend"] == set(cards[FRIEND_SEAT]), "the friend saw their own three cards"
        assert felt(host_end) and felt(friend_end), "both tables at the deal's end"
        result = Box(300, 384, 680, 32)
        assert inked(host_end, result) > 40, "the host's screen shows the result"
        assert inked(friend_end, result) > 40, "the friend's screen shows the result"

        # the host closes the table; both see the final chips, then the main menu
        host.key("Escape")
        leave = LeaveScene(new_context(), cast(LeftTable, SimpleNamespace(link=_HOSTING)))
        leave.rebuild()
        time.sleep(0.5)
        host.grab("9-host-leave-menu")
        host.click(boxes(leave)["leave"].centre)
        for window in (host, friend):
            wait_for(f"the {window.name}'s final chips", partial(on_standings, window))
            window.grab(f"10-{window.name}-final-chips")
            window.key("Return")
        wait_for("the host's main menu", lambda: on_menu(host))
        wait_for("the friend's main menu", lambda: on_menu(friend))
        time.sleep(0.5)
        host.grab("10-host-after-leaving")
        friend.grab("10-friend-host-left")
        host.key("q")
        friend.key("q")
        for name, game in games.items():
            try:
                status = game.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pytest.fail(f"the {name}'s game did not quit")
            log = (folders[name] / "stderr.txt").read_text()
            assert status == 0, f"the {name}'s game ended with {status}: {log[-2000:]}"
        assert time.monotonic() - began < 170, "the whole test stays well under 3 minutes"
    finally:
        for game in games.values():
            if game.poll() is None:
                game.kill()
                game.wait()
