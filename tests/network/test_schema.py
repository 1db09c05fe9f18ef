"""docs/protocol.schema.json is this protocol: regenerated, it differs only additively unless
the version moved; every frame a walk of seeded deals sends (every family, every seat and a
spectator) is valid under it, names no Python class as a kind and holds no English-only field."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.engine.families import family_info
from game.engine.rules import PRESETS, get_preset
from game.network.frames import EventCursor, refusal, state_frame
from game.network.protocol import (
    PROTOCOL_VERSION,
    ActionMessage,
    Bye,
    Hello,
    LanguageMessage,
    Reaction,
    write,
)
from game.network.schema import VERSION_KEY, breaking_changes, protocol_schema, schema_text
from game.network.wire_names import HAND_NAME, PHASE, WIRE_NAMES, WORD
from game.session import SeatPlan, Session
from tests.network.schema_check import problems

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "protocol.schema.json"

SCHEMA = protocol_schema()


def test_the_committed_schema_is_this_protocol() -> None:
    """Regenerate it (`python -m game.network.schema > docs/protocol.schema.json`) after a
    change: an additive one passes even before, any other only with the version raised."""
    committed = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    if committed == SCHEMA:
        assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()
        return
    if committed[VERSION_KEY] != SCHEMA[VERSION_KEY]:
        return  # the protocol version moved: a new contract
    assert breaking_changes(committed, SCHEMA) == [], (
        "the wire changed in a way an older client breaks on: raise PROTOCOL_VERSION"
    )


def test_the_generator_writes_the_schema() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game.network.schema"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert result.stdout == schema_text() and json.loads(result.stdout)[VERSION_KEY] == 3


def _event(schema: dict[str, Any], kind: str) -> dict[str, Any]:
    return schema["$defs"][kind]


def test_an_additive_change_passes_and_a_breaking_one_is_named() -> None:
    added = copy.deepcopy(SCHEMA)
    _event(added, "folded")["properties"]["why"] = {"type": "string"}
    added["$defs"]["event"]["oneOf"].append({"$ref": "#/$defs/fresh_event"})
    added["$defs"]["fresh_event"] = {"type": "object"}
    added["$defs"]["phase"]["enum"].append("fresh_phase")
    _event(added, "folded")["description"] = "new words"
    assert breaking_changes(SCHEMA, added) == []

    cases: list[tuple[str, Any]] = [
        ("drops 'seat'", lambda s: _event(s, "folded")["properties"].pop("seat")),
        ("required", lambda s: _event(s, "folded")["required"].append("why")),
        ("drops 'keep'", lambda s: s["$defs"]["phase"]["enum"].remove("keep")),
        (
            "changed from 'folded'",
            lambda s: _event(s, "folded")["properties"]["kind"].update(const="Folded"),
        ),
        (
            'drops {"$ref": "#/$defs/folded"}',
            lambda s: s["$defs"]["event"]["oneOf"].remove({"$ref": "#/$defs/folded"}),
        ),
        (
            "changed from 'integer'",
            lambda s: _event(s, "folded")["properties"]["seat"].update(type="string"),
        ),
        ("drops 'observation'", lambda s: s["$defs"].pop("observation")),
    ]
    for words, change in cases:
        broken = copy.deepcopy(SCHEMA)
        change(broken)
        found = breaking_changes(SCHEMA, broken)
        assert any(words in problem for problem in found), (words, found)


def test_client_messages_are_valid() -> None:
    for message in (
        Hello(protocol=PROTOCOL_VERSION, name="Ann", code="ABCDEF"),
        ActionMessage(state=3, move="bet 4"),
        Reaction(text="nice"),
        LanguageMessage(language="hi"),
        Bye(reason="leaving"),
    ):
        data = json.loads(write(message))
        assert problems(data, SCHEMA["$defs"]["client_message"], SCHEMA) == []
    wrong = {"type": "action", "state": "3", "move": "fold"}
    assert problems(wrong, SCHEMA["$defs"]["client_message"], SCHEMA)


SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
KINDS = {*WIRE_NAMES.values(), HAND_NAME, WORD, PHASE}
BADGE = re.compile(r"[A-Z]+( [A-Z]+)*")
"""A seat's badge: a key in capitals, the catalogs' message ('TWO HANDS'), never a sentence."""
WORDS_WITH_SPACES = {"no action", "pair plus"}
"""Identifiers of the engine that hold a space (a wager's outcome, the Pair Plus wager)."""
FREE_TEXT = {"text", "key", "plural", "wild_cards", "wild_ranks", "values", "move"}
"""Fields whose strings may hold spaces without being English: a sentence's English beside its
key, its key and values, the rules' card lists, a legal move's notation ('answer yes')."""


def english_only(data: Any, where: str = "$") -> list[str]:
    """Where a frame holds a kind that is not a wire name, a sentence object without its key,
    or a string that reads as English words outside a sentence object's fields."""
    found: list[str] = []
    if isinstance(data, dict):
        kind = data.get("kind")
        if kind is not None and (kind not in KINDS or not SNAKE.fullmatch(kind)):
            found.append(f"{where}.kind is {kind!r}, not a wire name")
        if "text" in data and "key" not in data and kind != WORD:
            found.append(f"{where} has English text without its key")
        for name, part in data.items():
            if name == "sentence" and "reason" in data:
                continue  # a refusal's English, beside its reason (its key)
            if name == "badges":
                found += [f"{where}.badges: {key!r}" for key in part if not BADGE.fullmatch(key)]
                continue
            if name not in FREE_TEXT:
                found += english_only(part, f"{where}.{name}")
    elif isinstance(data, list):
        for index, part in enumerate(data):
            found += english_only(part, f"{where}[{index}]")
    elif isinstance(data, str) and " " in data and data not in WORDS_WITH_SPACES:
        found.append(f"{where} is English-only: {data!r:.60}")
    return found


def walked_frames(preset: str, deals: int, seed: int) -> list[str]:
    """Every state frame a seeded table of bots sends each seat and a spectator."""
    seats = max(3, family_info(get_preset(preset).family).seats.start)
    plans = [SeatPlan.bot(f"B{index}", "random") for index in range(seats)]
    session = Session(get_preset(preset).rules(), plans, seed=seed)
    cursors = {viewer: EventCursor() for viewer in [None, *range(seats)]}
    frames = []
    number = 0
    for _ in range(deals):
        if not session.can_deal():
            break
        session.start_deal()
        while True:
            number += 1
            for viewer, cursor in cursors.items():
                frames.append(state_frame(session, cursor, number, 30.0, viewer))
            if session.game.deal_over:
                break
            session.step()
    return frames


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_frame_of_a_walk_is_valid_and_speaks_in_keys(preset: str) -> None:
    server = SCHEMA["$defs"]["server_message"]
    count = 0
    for seed in (1, 2):
        for frame in walked_frames(preset, 2, seed):
            data = json.loads(frame)
            assert problems(data, server, SCHEMA) == [], preset
            assert english_only(data) == [], preset
            count += 1
    assert count > 20


def test_a_refusal_with_its_rule_is_valid() -> None:
    session = Session(get_preset("brag").rules(), [SeatPlan.bot("A"), SeatPlan.bot("B")])
    session.start_deal()
    from game.engine.actions import Bet

    seat = session.game.to_act
    assert seat is not None
    said = session.game.refusal(Bet(seat, 99_999))
    data = json.loads(write(refusal("illegal", said)))
    assert problems(data, SCHEMA["$defs"]["server_message"], SCHEMA) == []
    assert english_only(data) == [] and data["said"]["key"]


def test_the_checks_see_a_class_name_and_an_english_field() -> None:
    assert english_only({"kind": "Folded", "seat": 1})
    assert english_only({"rule": "Fold: your cards go to the bottom of the pack."})
    assert english_only({"text": "Pair of aces", "ranks": [14]})
    assert not english_only({"key": "Fold.", "values": {}, "text": "Fold."})
    frame = json.loads(walked_frames("brag", 1, 1)[-1])
    frame["events"][0]["kind"] = "PackShuffled"
    assert problems(frame, SCHEMA["$defs"]["server_message"], SCHEMA)
