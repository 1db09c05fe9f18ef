"""The family registry: one record per family, and no family name written anywhere else in game/.

The lint reads each module's syntax tree: a string constant whose value is a family's name is a
family literal, unless it sits where the same word names something else (a hand ranking, a
preset or a tutorial share the names 'teen_patti', 'brag' and 'three_card_poker').
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from game.engine.brag import BragGame
from game.engine.casino import CasinoGame
from game.engine.factory import create_game
from game.engine.families import (
    FAMILIES,
    Family,
    banked_families,
    family_info,
    family_of,
    family_title,
    is_banked,
    is_pot_game,
    pot_families,
)
from game.engine.rules import PRESETS, RULE_MODELS, RulesError, make_rules
from game.engine.teen_patti import TeenPattiGame
from game.engine.three_card_poker import ThreeCardPokerGame

GAME = Path(__file__).resolve().parents[2] / "game"

ALLOWED = {"engine/family.py"}
"""Where family names may be written: the enum that names them."""

OTHER_NAMES = ("ranking", "preset", "tutorial")
"""Things named like families: a constant given to (or assigned to) a name holding one of these
words names a ranking, a preset or a tutorial, not a family."""

FAMILY_NAMES = {family.value for family in Family}


def _names_in(node: ast.AST) -> list[str]:
    """The identifiers a target, callee or keyword is made of (`SOLVED_PRESETS`, `get_ranking`)."""
    found = []
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            found.append(child.id)
        elif isinstance(child, ast.Attribute):
            found.append(child.attr)
    return found


def _names_other(names: list[str | None]) -> bool:
    return any(word in (name or "").lower() for name in names for word in OTHER_NAMES)


def family_literals(path: Path) -> list[tuple[int, str]]:
    """(line, name) of every family name written as a string constant in a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    excused: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            excused.add(id(body[0].value))  # docstrings
        if isinstance(node, ast.Call):
            if _names_other(_names_in(node.func)):  # get_ranking("brag"), Preset(...)
                excused.update(id(child) for child in ast.walk(node))
            for keyword in node.keywords:  # ranking="teen_patti", preset="brag"
                if _names_other([keyword.arg]):
                    excused.update(id(child) for child in ast.walk(keyword.value))
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if _names_other([name for target in targets for name in _names_in(target)]):
                excused.update(id(child) for child in ast.walk(node))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in FAMILY_NAMES
        and id(node) not in excused
    ]


MODULES = tuple(
    sorted(
        name
        for path in GAME.rglob("*.py")
        if (name := path.relative_to(GAME).as_posix()) not in ALLOWED
    )
)


@pytest.mark.parametrize("name", MODULES)
def test_no_family_name_is_written_outside_the_registry(name: str) -> None:
    assert family_literals(GAME / name) == []


def test_the_lint_sees_a_compared_family_name(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring that says brag."""\n'
        'if family == "brag":\n'
        '    CASINO = "three_card_poker_casino"\n'
        'ranking = get_ranking("brag")\n'
        'SOLVED_PRESETS = ("teen_patti", "muflis")\n'
        'tutorial = Tutorial(name="brag", preset="brag")\n'
        'make_rules("teen_patti")\n'
    )
    assert family_literals(sample) == [
        (2, "brag"),
        (3, "three_card_poker_casino"),
        (7, "teen_patti"),
    ]


def test_every_family_is_registered_once_with_its_own_model_and_engine() -> None:
    assert list(FAMILIES) == list(Family)
    engines = {
        Family.TEEN_PATTI: TeenPattiGame,
        Family.BRAG: BragGame,
        Family.THREE_CARD_POKER: ThreeCardPokerGame,
        Family.CASINO: CasinoGame,
    }
    for family, info in FAMILIES.items():
        assert info.family is family
        assert info.engine is engines[family]
        assert engines[family].family is family
        assert RULE_MODELS[family] is info.rules_model
        assert info.rules_model().family is family
        assert family_of(make_rules(family)) is info
        assert info.title


def test_the_groupings_are_questions_to_the_registry() -> None:
    assert pot_families() == (Family.TEEN_PATTI, Family.BRAG)
    assert banked_families() == (Family.THREE_CARD_POKER, Family.CASINO)
    assert [is_banked(family) for family in Family] == [False, False, True, True]
    assert [is_pot_game(family.value) for family in Family] == [True, True, False, False]
    assert not is_banked("chess") and not is_pot_game("chess")
    assert family_info("three_card_poker_casino").seats == range(1, 8)
    assert family_info(Family.BRAG).seats == range(2, 8)
    with pytest.raises(RulesError, match="'chess' is not a game"):
        family_info("chess")


def test_a_title_is_asked_of_the_registry() -> None:
    assert family_title(Family.CASINO) == "Casino Three Card Poker"
    assert family_title("brag") == "3 Card Brag"
    assert family_title("chess") == "chess"
    assert family_title("chess", "Chess") == "Chess"


def test_every_preset_belongs_to_one_registered_family() -> None:
    listed = [preset.name for info in FAMILIES.values() for preset in info.presets]
    assert sorted(listed) == sorted(PRESETS)
    assert "casino" in [preset.name for preset in family_info(Family.CASINO).presets]


def test_a_family_reads_and_writes_as_its_name() -> None:
    rules = make_rules("brag")
    assert rules.family == "brag" and f"game {rules.family}" == "game brag"
    assert json.dumps({"family": Family.CASINO}) == '{"family": "three_card_poker_casino"}'
    assert rules.model_dump_json().startswith('{"wild_cards":"","family":"brag"')
    game = create_game(rules, [100, 100])
    assert game.family == "brag" and {"brag": 1}[game.family] == 1


def test_an_engine_refuses_another_familys_rules() -> None:
    with pytest.raises(ValueError, match="no engine of teen_patti plays BragRules"):
        family_info(Family.TEEN_PATTI).create_game(make_rules("brag"), [100, 100])
    with pytest.raises(ValueError, match="no engine plays str"):
        create_game("brag", [100, 100])  # type: ignore[arg-type]


@pytest.mark.parametrize("family", list(Family))
def test_a_familys_seats_are_the_counts_its_engine_takes(family: Family) -> None:
    info = family_info(family)
    rules = make_rules(family)
    for count in range(0, 10):
        stacks = [100] * count
        if count in info.seats:
            info.create_game(rules, stacks)
        else:
            with pytest.raises(ValueError, match="a table seats"):
                info.create_game(rules, stacks)
    assert info.seats.stop - 1 == 7
    assert info.seats.start == (1 if family is Family.CASINO else 2)
