"""The events a phone's live region speaks: the desktop table's own lines, in the viewer's
language, its own seat spoken to as "you", without changing the game's own language."""

from __future__ import annotations

from game.i18n import language, set_language
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
