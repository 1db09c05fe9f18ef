"""The languages: catalogs complete and compiled, Devanagari shaped, the switch at once, and no
player-facing literal outside gettext in any module whose words reach the screen."""

from __future__ import annotations

import ast
import gettext
import io
import re
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages.mofile import read_mo

from game.i18n import (
    LANGUAGES,
    LOCALE_FOLDER,
    _,
    language,
    ngettext,
    number,
    set_language,
    system_language,
)
from game.persistence.settings import Settings
from game.ui.art import fonts
from game.ui.menus.option_choices import choices_for
from game.ui.menus.settings_scene import SettingsScene
from game.ui.menus.setup_scene import NAMES
from game.ui.shell.rooms import new_context
from game.ui.shell.scene import SceneStack

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_catalogs

GAME = Path(__file__).resolve().parents[2] / "game"


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_every_catalog_entry_is_translated(code: str) -> None:
    catalog = make_catalogs.read_catalog(code)
    empty = [message.id for message in catalog if message.id and not message.string]
    assert not empty, f"{code}: {len(empty)} untranslated, e.g. {empty[:5]}"
    for message in catalog:
        if message.id and isinstance(message.string, tuple):
            assert all(message.string), f"{code}: a plural form of {message.id[0]!r} is empty"


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_the_catalog_holds_every_message_of_the_code(code: str) -> None:
    """A new `_()` in the code without a catalog entry fails here: run `make catalogs`."""
    held = {message.id for message in make_catalogs.read_catalog(code) if message.id}
    wanted = {message.id for message in make_catalogs.template() if message.id}
    assert not wanted - held, f"{code}: not in the catalog: {sorted(wanted - held, key=str)[:5]}"


def _messages(compiled: bytes) -> dict[object, object]:
    """What a compiled catalog says: each message (with its context) and its translation. The
    bytes themselves depend on babel's version (2.19 writes them otherwise than 2.18)."""

    def frozen(text: object) -> object:
        return tuple(text) if isinstance(text, list | tuple) else text

    catalog = read_mo(io.BytesIO(compiled))
    return {
        (message.context, frozen(message.id)): frozen(message.string)
        for message in catalog
        if message.id
    }


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_the_compiled_catalog_matches_its_source(code: str) -> None:
    compiled = make_catalogs.po_path(code).with_suffix(".mo").read_bytes()
    expected = make_catalogs.compiled(make_catalogs.read_catalog(code))
    assert _messages(compiled) == _messages(expected)
    assert len(_messages(compiled)) > 100


def test_placeholders_survive_translation() -> None:
    for code in ("hi", "tl"):
        for message in make_catalogs.read_catalog(code):
            if message.id and isinstance(message.id, str):
                names = sorted(part.split("}")[0] for part in message.id.split("{")[1:])
                found = sorted(part.split("}")[0] for part in str(message.string).split("{")[1:])
                assert names == found, f"{code}: {message.id!r} -> {message.string!r}"


def test_the_language_switches_at_once() -> None:
    set_language("hi")
    assert _("Settings") == "सेटिंग्स"
    set_language("tl")
    assert _("Settings") == "Mga setting"
    set_language("en")
    assert _("Settings") == "Settings"
    assert language() == "en"
    set_language("xx")
    assert language() == "en"


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_plural_forms_come_from_the_catalog_rule(code: str) -> None:
    compiled = gettext.translation("trey", LOCALE_FOLDER, languages=[code])
    assert "nplurals=2" in compiled.info()["plural-forms"]
    assert [compiled.plural(count) for count in (1, 5)] == [0, 1]  # type: ignore[attr-defined]
    set_language(code)
    assert ngettext("{count} chip", "{count} chips", 1) == "{count} chip"
    assert ngettext("{count} chip", "{count} chips", 5) == "{count} chips"


def test_hindi_numbers_use_indian_grouping() -> None:
    assert number(100000) == "100,000"
    set_language("hi")
    assert [number(value) for value in (7, 999, 1000, 100000, 1234567, -25000)] == [
        "7",
        "999",
        "1,000",
        "1,00,000",
        "12,34,567",
        "-25,000",
    ]


def test_the_system_locale_picks_the_first_language() -> None:
    assert system_language({"LANG": "hi_IN.UTF-8"}) == "hi"
    assert system_language({"LANG": "fil_PH.UTF-8"}) == "tl"
    assert system_language({"LANGUAGE": "tl:en", "LANG": "en_US.UTF-8"}) == "tl"
    assert system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert system_language({"LC_ALL": "C", "LANG": "hi_IN"}) == "hi"
    assert system_language({}) == "en"


def test_devanagari_is_shaped_into_conjuncts_and_vowel_signs() -> None:
    """हिन्दी: the conjunct न्द and the matras ि ी join their consonants when shaped; the same
    font without HarfBuzz's Devanagari shaping lays the code points out one after another."""
    pygame.font.init()
    word = "हिन्दी"
    shaped = fonts.font(40, False, "Deva")
    unshaped = pygame.font.Font(
        fonts.asset_folder("sprites") / "fonts" / fonts.DEVANAGARI_REGULAR, 40
    )
    shaped_width, unshaped_width = shaped.size(word)[0], unshaped.size(word)[0]
    assert shaped_width < unshaped_width * 0.95, (shaped_width, unshaped_width)
    assert fonts.runs(word) == (("Deva", word),)
    picture = fonts.text(word, 40, (255, 255, 255))
    assert picture.get_bounding_rect().width <= shaped_width


def test_mixed_text_draws_latin_in_dejavu() -> None:
    words = "↑ ↓ चुनें   Enter दबाएँ"
    assert [script for script, _ in fonts.runs(words)] == ["Latn", "Deva", "Latn", "Deva"]
    assert fonts.text_width(words, 14) == fonts.text(words, 14, (255, 255, 255)).get_width()


def test_the_settings_screen_switches_language_without_a_restart() -> None:
    context = new_context(Settings())
    scene = SettingsScene(context)
    SceneStack().push(scene)
    choice = next(choice for choice in choices_for(Settings) if choice.field == "language")
    scene.change(choice, 1)
    assert context.settings.language == "hi" and language() == "hi"
    assert "सेव" in scene.message
    scene.draw(pygame.Surface((1280, 720)))
    scene.change(choice, 1)
    assert language() == "tl" and "na-save" in scene.message


# --- the lint: no player-facing literal outside gettext ----------------------------------------

LINTED = ("ui", "teaching", "engine", "persistence", "words")
"""The folders of game/ whose words reach the screen (the CLI, bots' build scripts and the
simulator speak English only)."""

NOT_PLAYER_FACING = {
    "engine/history.py": "the hand-history file format and its diagnostics, read by `replay`",
    "engine/bounded_text.py": "the file readers' diagnostics (JSON, numbers), printed by the CLI",
    "engine/actions.py": "the actions' hand-history notation and its parse diagnostics",
    "engine/quick.py": "the source of the records' quick __init__ and its docstring",
}
"""Modules of the linted folders whose literals are a file format or a developer's message."""

MODULES = tuple(
    sorted(
        str(path.relative_to(GAME)).replace("\\", "/")
        for folder in LINTED
        for path in (GAME / folder).glob("*.py")
        if str(path.relative_to(GAME)).replace("\\", "/") not in NOT_PLAYER_FACING
    )
)

NOT_TEXT = {
    "Trey",
    "Esc",
    "↵",
    "◀",
    "▶",
    "…",
    "Game",
    "As Ah Ad",
    "Kd Qc Jh",
    "A K 4 7",
    "9d Jc Ad",
    "RGB",
    "Latn",
    "Deva",
    "Del",
    "Jh Js",
    "Ah Kh Qh",
    "Model",
    "look new",
    "keep yes",
    "2 answer yes",
    "discard Qc",
    "between deals",
    "post bets",
    "no action",
    " sa iyo",
}
"""Literals that are not sentences: the game's name, key caps, arrows, card codes, a type
variable's name, the tutorials' scripted moves (the engine's action syntax), the engine's
phase and outcome names (identifiers the UI compares, never shown) and Tagalog's pronoun for
the person's own seat after 'kay' (grammar the narration applies to translated reasons)."""

SEAT_NAMES = {
    *NAMES,
    "Ravi",
    "Zoya",
    "Dev",
    "Friday brag",
    "Muflis practice",
    "Casino night",
}
"""Names of seats and of the demonstration's saves: data, not words. A seat's name is written
into hand histories and saves as it is ("You" is the person's seat, which the narration speaks
to in the second person), and a save's name can only be typed in Latin letters."""

CARD_CODE = re.compile(r"[2-9TJQKA][shdc]")
"""A card as the engine writes it ('Qh', 'Ts'): a literal made only of these is a deck."""

GETTEXT = {"_", "N_", "ngettext", "says_counted"}

PLAYER_ERRORS = {"IllegalActionError"}
"""Errors whose message the player reads (a refused action is said on the table): a literal in
`raise IllegalActionError(...)` counts. Other errors (a bad file, option or command line) are
for developers and the CLI, which speak English."""


def raised_for_developers(node: ast.Raise) -> bool:
    """Whether a `raise` carries a developer's message rather than one the player reads."""
    error = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    name = getattr(error, "id", None) or getattr(error, "attr", None)
    return name not in PLAYER_ERRORS


def player_facing(value: str) -> bool:
    """A literal counts as player-facing when it holds a word of two or more letters that starts
    with a capital, or two words: idents ('new', 'setting:sound'), colours and formats do not."""
    if value in NOT_TEXT or value in SEAT_NAMES or not any(letter.isalpha() for letter in value):
        return False
    if value.isupper() and "_" in value:
        return False  # an environment variable's name
    if all(CARD_CODE.fullmatch(word) for word in value.split()):
        return False  # a stacked deck or an example hand
    words = [word for word in value.replace("_", " ").split() if word.isalpha()]
    if " " not in value.strip():
        return bool(words) and words[0][0].isupper() and len(words[0]) > 1
    return len(words) >= 2


LOGGING = {"debug", "info", "warning", "error", "exception", "critical"}
"""A logger's methods: what they say goes to the log and the terminal, in English."""


TYPE_VARIABLES = ("TypeVar", "ParamSpec")
"""Calls whose strings name a type variable or its bound for the type checker, never a player."""


def literals_outside_gettext(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every player-facing literal not inside _(), N_() or ngettext(), nor in
    a `raise` of a developer's error (see PLAYER_ERRORS), nor in a `print()` or a logger's call
    (the terminal's words stay English, as every command-line message), nor a type variable's
    name, nor a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside: set[int] = set()
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (
            getattr(node.func, "id", None) in {*GETTEXT, "print", *TYPE_VARIABLES}
            or getattr(node.func, "attr", None) in LOGGING
        ):
            inside.update(id(child) for argument in node.args for child in ast.walk(argument))
            if getattr(node.func, "id", None) in TYPE_VARIABLES:
                inside.update(id(child) for word in node.keywords for child in ast.walk(word))
        if isinstance(node, ast.Raise) and raised_for_developers(node):
            inside.update(id(child) for child in ast.walk(node))
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docstrings.add(id(node.value))  # attribute docstrings
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in inside
            and id(node) not in docstrings
            and player_facing(node.value)
        ):
            found.append((node.lineno, node.value))
    return found


def test_the_lint_sees_a_bare_sentence(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Doc."""\nA = _("Fine words")\nB = "Bare words"\nC = "setting:sound"\nD = "Quit"\n'
    )
    assert literals_outside_gettext(sample) == [(3, "Bare words"), (5, "Quit")]


def test_the_lint_leaves_the_log_in_english(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('_LOG.warning("%s was damaged (%s)", path, detail)\nA = "Bare words"\n')
    assert literals_outside_gettext(sample) == [(2, "Bare words")]


def test_the_lint_reads_refusals_but_not_developer_errors(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'raise ValueError("A developer reads this")\n'
        'raise IllegalActionError("You may not do that")\n'
        'raise IllegalActionError(_("You may not do this"))\n'
    )
    assert literals_outside_gettext(sample) == [(2, "You may not do that")]


@pytest.mark.parametrize("name", MODULES)
def test_no_module_has_a_literal_outside_gettext(name: str) -> None:
    assert literals_outside_gettext(GAME / name) == []


def test_every_language_has_a_name() -> None:
    assert set(LANGUAGES) == {"en", "hi", "tl"}
