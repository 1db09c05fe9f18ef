"""No English left on screen in Hindi or Tagalog: every scene and the table's moments are drawn
in the language, every string that reaches the text renderer is recorded (`fonts.RECORDINGS`),
and none may still hold English.

Hindi is checked strictly: no ASCII word of three or more letters that is an English word of the
catalog's messages, other than proper names, card codes, key caps and the game's name. Tagalog
keeps some English card words on purpose (its glossary), so it is checked against whole English
messages only: no drawn string may be, or hold, a message the catalog translates differently.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pygame
import pytest
from lesson_screens import replay_frame, tutorial_frame
from test_readable_text import draw, played_table, table_moments

from game.engine.rules import PRESETS, get_preset
from game.i18n import set_language
from game.session import SeatPlan, Session
from game.teaching.variant_lessons import lesson_to_show
from game.teaching.variant_tutorials import EVERY_TUTORIAL
from game.ui.art import fonts
from game.ui.history.history_scene import HistoryScene
from game.ui.lessons.lessons_scene import LessonsScene, VariantLessonsScene
from game.ui.lessons.rules_scene import RulesScene
from game.ui.shell.launch import SCENES
from game.ui.shell.rooms import new_context, table_for
from game.ui.shell.scene import Scene, SceneStack
from game.ui.shell.screens import screen_factory
from game.ui.shell.seating import BOT_NAMES, HOTSEAT_NAMES, scripted_session
from game.ui.table.handoff import HandoffScene
from game.ui.table.table_scene import TableScene

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
import make_catalogs

NAMES = {
    *BOT_NAMES,
    *HOTSEAT_NAMES,
    "Trey",
    "Ravi",
    "Tom",
    "Asha",
    "English",
    "Tagalog",
    "pagat",
    "JSON",
}
"""Proper names: seats, the game's own name, the languages as their speakers name them, the
rule site pagat.com, the JSON file format."""

KEY_CAPS = {
    "Esc",
    "Escape",
    "Enter",
    "Space",
    "Tab",
    "Shift",
    "Ctrl",
    "Alt",
    "Del",
    "DEL",
    "PgUp",
    "PgDn",
}
"""Keys written on key caps as the keyboard prints them."""

SAVE_NAMES = ("Friday brag", "Muflis practice", "Casino night")
"""The load screen's sample saves: names a player typed, data rather than words."""

FILE = re.compile(r"[~/][\w./-]*|[\w-]+\.json[\w.-]*")
"""A folder or a file's name (files keep their English names): 'settings.json', '~/.config'."""

CONTENT = re.compile(r"(?<=\()[\w.]+(?=: )|'[^']*'")
"""On the notice of damaged files, a file's field and its content quoted ('(seats: ...' and
"'nobody'"): what the file holds, data rather than words."""

WORD = re.compile(r"(?<![A-Za-z])[A-Za-z]{3,}(?![A-Za-z])")


@cache
def english_words() -> frozenset[str]:
    """Every ASCII word of three or more letters in the catalog's English messages."""
    words: set[str] = set()
    for message in make_catalogs.read_catalog("hi"):
        for identifier in message.id if isinstance(message.id, tuple) else (message.id,):
            text = re.sub(r"\{[^}]*\}", " ", identifier or "")
            words.update(word.lower() for word in WORD.findall(text))
    return frozenset(words - {name.lower() for name in NAMES | KEY_CAPS})


def english_in(words: str, files: bool = False) -> list[str]:
    """The English words in a drawn string (names, save names, files and key caps aside; with
    `files`, the quoted content of a damaged file too)."""
    for name in SAVE_NAMES:
        words = words.replace(name, " ")
    words = FILE.sub(" ", words)
    if files:
        words = CONTENT.sub(" ", words)
    found = [word for word in WORD.findall(words) if word not in NAMES | KEY_CAPS]
    return [word for word in found if word.lower() in english_words()]


@cache
def kept_in_latin(code: str) -> frozenset[str]:
    """The English words a language's glossary keeps as they are (Tagalog's 'Pair Plus',
    'kicker', 'designated player'): every word of a row's term found in its English column."""
    glossary = Path(make_catalogs.LOCALE / code / "GLOSSARY.md").read_text(encoding="utf-8")
    kept: set[str] = set()
    for row in glossary.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if len(cells) < 2 or not row.startswith("|"):
            continue
        english = {word.lower() for word in WORD.findall(cells[0])}
        kept.update(word.lower() for word in WORD.findall(cells[1]) if word.lower() in english)
    return frozenset(kept)


@cache
def untranslated_patterns(code: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """A pattern for each message that `code` translates differently and whose words, those
    the glossary keeps aside, still hold two English words: the message left in English; each
    with the longest piece of its text between placeholders, which a string it matches holds
    (a quick test before the pattern's search)."""
    kept = kept_in_latin(code)
    patterns = []
    for message in make_catalogs.read_catalog(code):
        identifiers = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for identifier in identifiers:
            if not identifier or identifier in strings:
                continue
            pieces = re.split(r"\{[^}]*\}", identifier)
            telling = [
                word for piece in pieces for word in WORD.findall(piece) if word.lower() not in kept
            ]
            if len(telling) < 2:
                continue
            pattern = r".+?".join(re.escape(piece) for piece in pieces)
            patterns.append((max(pieces, key=len), re.compile(pattern)))
    return tuple(patterns)


def untranslated_in(words: str, code: str) -> list[str]:
    """The English messages a drawn string still holds."""
    return [
        pattern.pattern
        for piece, pattern in untranslated_patterns(code)
        if piece in words and pattern.search(words)
    ]


def watching_table() -> Scene:
    """A table of bots playing on, every hand face up, the panel saying why."""
    plans = [
        SeatPlan.bot(name, "medium") for name in ("Priya", "Oliver", "Arjun", "Meera", "Harry")
    ]
    scene = TableScene(Session(get_preset("teen_patti").rules(), plans, stack=200, seed=9))
    SceneStack().push(scene)
    scene.watch.face_up = True
    for _ in range(16):
        scene.finish_animations()
        scene.update(2.0)
    return scene


def handoff() -> Scene:
    """The hot-seat hand-off card."""
    table = TableScene(scripted_session("teen_patti", 3))
    SceneStack().push(table)
    return HandoffScene(table, 1, "Tom")


def history(preset: str) -> Callable[[], Scene]:
    """The hand history of a played session."""

    def make() -> Scene:
        table = played_table(preset, 7, 4)
        return HistoryScene(table.session, 0)

    return make


def hovered(preset: str) -> Callable[[], Scene]:
    """The person's turn at a table of `preset`, each button hovered in turn (its tooltip)."""

    def make() -> Scene:
        scene = TableScene(scripted_session(preset, 3))
        SceneStack().push(scene)
        scene.finish_animations()
        scene.update(0.0)
        for button in scene.panel.buttons:
            scene.panel.hover = button
            scene.draw(pygame.Surface((1280, 720)))
        scene.panel.hover = None
        return scene

    return make


def tutorial(name: str, presses: int) -> Callable[[], Scene]:
    """A tutorial after `presses` presses of what its pointer rings."""
    return lambda: tutorial_frame(name, presses)


def variant_bubble(preset: str) -> Callable[[], Scene]:
    """A table's first sitting at a variant: its lesson bubble."""

    def make() -> Scene:
        context = new_context(seed=3)
        table = table_for(context, scripted_session(preset, 3), get_preset(preset).title)
        table.startup({})
        table.finish_animations()
        table.variant_lesson = lesson_to_show(table.session.rules, [])
        return table

    return make


def file_notice() -> Scene:
    """The start-up card over the menu after every kept file was found damaged or newer."""
    from test_file_notices import bad_files

    from game.persistence.settings import load_settings
    from game.ui.menus.menu_scene import MainMenuScene
    from game.ui.menus.notice_scene import FileNoticeScene
    from game.ui.shell.launch import file_notices

    bad_files()
    context = new_context(seed=3)
    notices = file_notices(load_settings().problem)
    return FileNoticeScene(context, notices, MainMenuScene(context))


def coached(preset: str) -> Callable[[], Scene]:
    """The coach at the person's turn at a table of `preset`."""
    return lambda: TableScene(scripted_session(preset, 3), coach=True)


def every_screen() -> dict[str, Callable[[], Scene]]:
    """Every scene of SCENES, the table's moments, and the screens reached from them."""
    context = new_context(seed=3)
    makers: dict[str, Callable[[], Scene]] = {
        name: screen_factory(name, "teen_patti", 3, context)
        for name in SCENES
        if name != "table"  # the table: its moments below, scripted and played, every preset
    }
    for preset in PRESETS:
        makers[f"setup:{preset}"] = screen_factory("setup", preset, 3, context)
        makers[f"rules:{preset}"] = screen_factory("rules", preset, 3, context)
    makers.update(table_moments())
    makers["watching"] = watching_table
    makers["handoff"] = handoff
    for preset in ("teen_patti", "brag", "three_card_poker"):
        makers[f"history:{preset}"] = history(preset)
    for name in EVERY_TUTORIAL:
        for presses in (0, 2, 4, 7, 11):
            makers[f"tutorial:{name}:{presses}"] = tutorial(name, presses)
    makers["replay"] = replay_frame
    makers["file notice"] = file_notice
    for preset in ("brag", "four_card_brag", "three_card_poker", "casino", "joker"):
        makers[f"coach:{preset}"] = coached(preset)
        rules = get_preset(preset).rules()
        makers[f"table rules:{preset}"] = lambda preset=preset, rules=rules: RulesScene(
            context, preset, table_rules=rules
        )
    makers["lessons"] = lambda: LessonsScene(context)
    makers["variant lessons"] = lambda: VariantLessonsScene(context)
    for preset in ("teen_patti", "brag", "four_card_brag", "three_card_poker", "casino"):
        makers[f"tooltips:{preset}"] = hovered(preset)
    for preset in ("joker", "ak47", "muflis", "brag_floaters", "best_of_four", "nine_nine_nine"):
        makers[f"variant lesson:{preset}"] = variant_bubble(preset)
    return makers


@pytest.fixture
def recording() -> Iterator[set[str]]:
    """Every string the text renderer draws while the test runs."""
    drawn: set[str] = set()
    fonts.RECORDINGS.append(drawn)
    yield drawn
    fonts.RECORDINGS.remove(drawn)


def drawn_strings(code: str, recording: set[str]) -> dict[str, set[str]]:
    """Each screen's drawn strings in language `code`."""
    set_language(code)
    found: dict[str, set[str]] = {}
    for name, make in every_screen().items():
        recording.clear()
        draw(make, (1280, 720))
        found[name] = set(recording)
    return found


def test_no_english_word_is_drawn_in_hindi(recording: set[str]) -> None:
    problems = [
        f"{name}: {words!r} ({', '.join(english_in(words, name == 'file notice'))})"
        for name, strings in drawn_strings("hi", recording).items()
        for words in sorted(strings)
        if english_in(words, name == "file notice")
    ]
    assert not problems, f"{len(problems)} English strings in Hindi:\n" + "\n".join(problems)


def test_no_english_message_is_drawn_in_tagalog(recording: set[str]) -> None:
    problems = [
        f"{name}: {words!r} ({untranslated_in(words, 'tl')[0]!r})"
        for name, strings in drawn_strings("tl", recording).items()
        for words in sorted(strings)
        if untranslated_in(words, "tl")
    ]
    assert not problems, f"{len(problems)} English strings in Tagalog:\n" + "\n".join(problems)


def test_the_recording_sees_what_is_drawn(recording: set[str]) -> None:
    set_language("hi")
    fonts.text("Pair of 7s", 14, (255, 255, 255))
    assert "Pair of 7s" in recording
    assert english_in("Pair of 7s, king kicker") == ["Pair", "king", "kicker"]
    assert english_in("Priya ने चाल चली · As Kh") == []
    assert untranslated_in("Ravi wins the betting", "tl")
    pygame.font.init()
