"""The events a phone's live region speaks: the desktop table's own lines, in the viewer's
language, its own seat spoken to as "you", without changing the game's own language."""

from __future__ import annotations

import asyncio
import json

from served_page import ServedTable
from websockets.asyncio.client import connect

from game.i18n import language, set_language
from game.network.protocol import PROTOCOL_VERSION
from game.network.server import TableConfig
from game.ui.shell.seating import scripted_session
from game.web.narration import said_lines


def test_a_viewer_hears_the_deal_in_its_language_as_you() -> None:
    session = scripted_session("teen_patti", 3)
    viewer = 0
    events = session.observe(viewer).history
    names = ["Asha", *session.names[1:]]
    english = said_lines(events, names, session.rules.family, viewer, "en")
    assert english and any(line.startswith("You ") for line in english)
    assert all(names[viewer] not in line for line in english)
    hindi = said_lines(events, names, session.rules.family, viewer, "hi")
    assert len(hindi) == len(english) and hindi != english
    assert any("आप" in line for line in hindi)
    watching = said_lines(session.observe(None).history, names, session.rules.family, None, "en")
    assert not any(line.startswith("You ") for line in watching)


def test_speaking_a_viewer_language_leaves_the_game_its_own() -> None:
    set_language("tl")
    session = scripted_session("teen_patti", 3)
    said_lines(session.observe(0).history, session.names, session.rules.family, 0, "hi")
    assert language() == "tl"


def _first_state(port: int, code: str, language: str | None) -> dict[str, object]:
    """The first state a seat at the table is sent, its hello naming `language` (or none)."""

    async def ask() -> dict[str, object]:
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Asha", "code": code}
        if language is not None:
            hello["language"] = language
        async with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as socket:
            await socket.send(json.dumps(hello))
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 10))
                if message["type"] == "state":
                    return dict(message)

    return asyncio.run(ask())


def test_a_seat_that_names_its_language_is_told_its_events_in_words() -> None:
    with ServedTable(TableConfig(seats=2, bots=("easy",))) as table:
        state = _first_state(table.port, table.code, "hi")
        said = state["said"]
        assert isinstance(said, list) and said and any("आप" in line for line in said)
    with ServedTable(TableConfig(seats=2, bots=("easy",))) as table:
        assert "said" not in _first_state(table.port, table.code, None)
