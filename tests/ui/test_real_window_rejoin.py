"""A friend whose game closes mid-deal gets back in, in real windows under Xvfb.

Two `python -m game` processes on a private Xvfb screen, in a private network namespace with
only the loopback interface (as in test_real_window_network.py, whose helpers this uses). The
host hosts a table with one friend's seat; the friend joins by the address and room code read
off the host's lobby; the host starts. Mid-deal the friend's game is killed (no goodbye) and
started again with the same user folders: its main menu offers 'Back to Asha's table', and B
takes the same seat back with the kept resume token (the file holds the seat and a new token).
The host then closes the table and both windows show the final chips.

Needs Xvfb, xdotool and ImageMagick's `import` (skipped loudly without them); about a minute:
marked slow (`pytest -m slow tests/ui/test_real_window_rejoin.py`).
"""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from test_real_window_network import (
    _HOSTING,
    FRIEND_SEAT,
    WINDOW,
    Window,
    boxes,
    display,
    felt,
    fill_in_the_host_screen,
    network,
    on_menu,
    on_standings,
    read_addresses,
    read_code,
)
from x_display import is_gold, needs_x, start_game, wait_for

from game.persistence.kept_seats import KeptSeat
from game.ui.friends.join_scene import JoinScene
from game.ui.friends.leave_scene import LeaveScene, LeftTable
from game.ui.friends.link import TableLink
from game.ui.friends.lobby_scene import LobbyScene
from game.ui.menus.menu_scene import MainMenuScene
from game.ui.shell.rooms import new_context

pytestmark = [pytest.mark.slow, needs_x("real-window rejoin test")]

__all__ = ["display", "network"]  # the fixtures this test takes from the network test


def kept(folder: Path) -> list[dict[str, object]]:
    """The seats a game's folder keeps at network tables (none before the file is written)."""
    path = folder / "state" / "trey" / "seats.json"
    if not path.exists():
        return []
    seats: list[dict[str, object]] = json.loads(path.read_text())["seats"]
    return seats


def offers_the_table(window: Window) -> bool:
    """Whether the window's main menu shows 'Back to … table' (a gold button at its top)."""
    menu = MainMenuScene(new_context())
    menu.offer = KeptSeat(address="127.0.0.1:1", code="ABCDEF", token="t" * 32, seat=1)
    menu.rebuild()
    button = boxes(menu)["rejoin"]
    return is_gold(window.grab().get_at((round(button.x + 12), round(button.centre[1]))))


def test_a_friend_whose_game_was_killed_takes_the_seat_back_from_the_main_menu(
    display: str, network: list[str], tmp_path: Path
) -> None:
    folders = {name: tmp_path / name for name in ("host", "friend")}
    shots = tmp_path / "shots"
    shots.mkdir()
    games = {name: start_game(display, folder, prefix=network) for name, folder in folders.items()}
    try:
        host = Window(display, "host", games["host"], shots)
        friend = Window(display, "friend", games["friend"], shots)
        host.place(0)
        friend.place(WINDOW[0])
        time.sleep(1.0)

        # the host: a table of three, seat 2 a friend's
        setup = fill_in_the_host_screen(host, "Asha")
        host.click(boxes(setup)["start"].centre)
        codes: list[str] = []
        wait_for(
            "the host's lobby with its room code",
            lambda: bool(codes.append(read_code(host.grab())) or codes[-1]),
        )
        code = codes[-1]
        address = next(words for words in read_addresses(host.grab()) if words.startswith("127."))

        # the friend joins by address and code, and the host starts
        friend.key("f", "j")
        join = JoinScene(new_context(), browsing=False)
        join.rebuild()
        friend.click(boxes(join)["address"].centre)
        friend.type(address)
        friend.click(boxes(join)["code"].centre)
        friend.type(code)
        friend.click(boxes(join)["name"].centre)
        friend.type("Tom")
        friend.click(boxes(join)["join"].centre)
        wait_for("the friend's lobby", lambda: read_code(friend.grab()) == code)
        time.sleep(1.0)  # the host's lobby hears that Tom sat down
        lobby = LobbyScene(new_context(), cast(TableLink, _HOSTING), "")
        lobby.rebuild()
        host.click(boxes(lobby)["start"].centre)
        wait_for("the host's table", lambda: felt(host.grab()))
        wait_for("the friend's table", lambda: felt(friend.grab()))
        wait_for("the friend's seat kept", lambda: bool(kept(folders["friend"])))
        before = kept(folders["friend"])[0]
        assert before["seat"] == FRIEND_SEAT and before["host"] == "Asha"
        friend.grab("1-friend-table-before")

        # mid-deal the friend's game is killed, and started again
        games["friend"].kill()
        games["friend"].wait(timeout=15)
        games["friend"] = start_game(display, folders["friend"], prefix=network)
        friend = Window(display, "friend", games["friend"], shots)
        friend.place(WINDOW[0])
        wait_for("the friend's menu offering the table", lambda: offers_the_table(friend))
        friend.grab("2-friend-menu-offers-the-table")
        friend.key("b")
        wait_for("the friend's table again", lambda: felt(friend.grab()))
        wait_for(
            "the friend's new token kept",
            lambda: (
                [seat["token"] for seat in kept(folders["friend"])] not in ([], [before["token"]])
            ),
        )
        after = kept(folders["friend"])[0]
        assert (after["seat"], after["code"]) == (FRIEND_SEAT, before["code"]), "the same seat"
        friend.grab("3-friend-table-again")

        # the host closes the table: both see the final chips, then the main menu
        host.key("Escape")
        leave = LeaveScene(new_context(), cast(LeftTable, SimpleNamespace(link=_HOSTING)))
        leave.rebuild()
        time.sleep(0.5)
        host.click(boxes(leave)["leave"].centre)
        for window in (host, friend):
            wait_for(f"the {window.name}'s final chips", partial(on_standings, window))
            window.key("Return")
        wait_for("the host's main menu", lambda: on_menu(host))
        wait_for("the friend's main menu", lambda: on_menu(friend))
        assert kept(folders["friend"]) == [], "the table ended: the seat is forgotten"
        host.key("q")
        friend.key("q")
        for name, game in games.items():
            status = game.wait(timeout=15)
            log = (folders[name] / "stderr.txt").read_text()
            assert status == 0, f"the {name}'s game ended with {status}: {log[-2000:]}"
            assert before["token"] not in log, f"the {name}'s log shows a resume token"
    finally:
        for game in games.values():
            if game.poll() is None:
                game.kill()
                game.wait()
