"""The engine keeps facts, not the player's words: its records (cards, hands, reasons, events,
observations, rules, actions, refusals and rule texts) and its games import neither game.i18n
nor gettext, so they cannot depend on the language in force. No engine module makes a sentence
in the player's language (the list of those that still do is empty, so none starts to)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"

FACT_MODULES = (
    "game.engine.actions",
    "game.engine.cards",
    "game.engine.events",
    "game.engine.family",
    "game.engine.hands",
    "game.engine.observation",
    "game.engine.paytables",
    "game.engine.reasons",
    "game.engine.rules",
    "game.engine.said",
    "game.engine.base",
    "game.engine.table",
    "game.engine.teen_patti",
    "game.engine.brag",
    "game.engine.casino",
    "game.engine.three_card_poker",
)
"""The engine's records (what happened and what a seat may know, as data) and its games."""

STILL_SPEAKING: dict[str, str] = {}
"""Engine modules that still translate a sentence, and which sentences: none."""


def test_the_engines_records_import_no_language() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in FACT_MODULES)
        + "print(sorted(name for name in ('game.i18n', 'game.words', 'gettext')"
        + " if name in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ENGINE.parents[1],
    )
    assert result.stdout.strip() == "[]", result.stdout + result.stderr


def _imports_the_language(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module in ("game.i18n", "gettext"):
            return True
        if isinstance(node, ast.Import) and any(
            alias.name in ("game.i18n", "gettext") for alias in node.names
        ):
            return True
    return False


def test_only_the_listed_engine_modules_still_make_sentences() -> None:
    speaking = {path.name for path in ENGINE.glob("*.py") if _imports_the_language(path)}
    assert speaking == set(STILL_SPEAKING), speaking ^ set(STILL_SPEAKING)
