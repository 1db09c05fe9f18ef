"""The game's Host serves the phone page too, and its lobby draws the page's QR code large, in
whole-pixel modules, beside the room code and the address."""

from __future__ import annotations

import os

import pygame
import pytest
from served_page import raw_get

from game.network.address import TableAddress
from game.network.hosting import HostedTable
from game.network.remote_table import RemoteTable
from game.network.server import TableConfig
from game.ui.friends.link import TableLink
from game.ui.friends.lobby_scene import CODE, PHONE_CODE, LobbyScene
from game.ui.kit.layout import Viewport
from game.ui.shell.rooms import new_context
from game.ui.shell.scene import SceneStack
from game.web.invitation import qr_rows


def test_a_hosted_table_serves_the_page_and_names_its_address() -> None:
    hosted = HostedTable(TableConfig(seats=2, code="K7QM4P"), host="127.0.0.1")
    port = hosted.start()
    try:
        assert hosted.page_url() == f"http://127.0.0.1:{port}/#K7QM4P"
        status, _, body = raw_get(port, "/")
        assert status == 200 and b"app.js" in body
    finally:
        hosted.stop()
    quiet = HostedTable(TableConfig(seats=2, web=False), host="127.0.0.1")
    assert quiet.page_url() is None


@pytest.fixture
def screen() -> pygame.Surface:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    return pygame.Surface((1280, 720))


def _lobby(page: str | None) -> LobbyScene:
    remote = RemoteTable(TableAddress.at("127.0.0.1", 1), "K7QM4P", "Asha")
    link = TableLink(remote, None, ["192.168.1.20:8765"], page)
    scene = LobbyScene(new_context(seed=3), link, "Teen Patti", None)
    SceneStack().push(scene)
    return scene


def test_the_lobby_draws_the_qr_code_of_the_page(screen: pygame.Surface) -> None:
    url = "http://192.168.1.20:8765/#K7QM4P"
    _lobby(url).draw(screen)
    assert Viewport.fit(screen.get_size()).scale == 1.0
    rows = qr_rows(url)
    module = int(PHONE_CODE) // (len(rows) + 4)
    assert module >= 5, "each module at least 5 pixels, for a camera across a room"
    left = round(CODE.right - 24 - PHONE_CODE) + 2 * module
    top = round(CODE.y + 56) + 2 * module
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            colour = screen.get_at(
                (left + x * module + module // 2, top + y * module + module // 2)
            )
            assert (sum(colour[:3]) < 200) is dark, (x, y)
    _lobby(None).draw(screen)
    assert screen.get_at((left + module // 2, top + module // 2))[:3] != (16, 16, 16)
