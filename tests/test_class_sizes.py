"""No class in game/ over 600 lines: a class that big does more than one job and is split into
collaborators it owns (measured by the AST, from the `class` line to the class's last line)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

MOST_LINES = 600


def class_lengths() -> dict[tuple[str, str], int]:
    """Every class in game/ by (file relative to the repository, class name): its lines."""
    lengths: dict[tuple[str, str], int] = {}
    for path in sorted(GAME.rglob("*.py")):
        name = path.relative_to(GAME.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                end = node.end_lineno or node.lineno
                lengths[(name, node.name)] = end - node.lineno + 1
    return lengths


def test_no_class_is_over_600_lines() -> None:
    too_long = {key: lines for key, lines in class_lengths().items() if lines > MOST_LINES}
    assert not too_long, f"classes over {MOST_LINES} lines (split them): {too_long}"
