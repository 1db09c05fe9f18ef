"""The wire is pinned: every kind a name from one table, sentences and hand names as keys with
typed values, one legal-move list per state, an illegal move's refusal as data."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import get_args

import pytest

from game.engine.actions import Bet, Look
from game.engine.all_events import EVENT_KINDS
from game.engine.cards import Rank
from game.engine.events import Event, Folded, HandRevealed
from game.engine.hands import NAME_TEMPLATES, HandName
from game.engine.phases import Phase
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import Rules, get_preset
from game.engine.said import NOTHING_SAID, Said, Word, says, says_counted
from game.network import codec
from game.network.codec import decode_event, decode_said, encode, encode_said
from game.network.frames import refusal
from game.network.protocol import ActionMessage, read_server, write
from game.network.wire_names import (
    CLASSES,
    EVENT_NAMES,
    HAND_NAME_KEYS,
    HAND_NAME_TEMPLATES,
    RULES_NAMES,
    WIRE_NAMES,
)
from game.session import SeatPlan, Session
from tests.network.test_room import settle, started_room, to_act

SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


def test_every_event_and_rules_class_has_one_wire_name() -> None:
    assert set(EVENT_NAMES) == set(EVENT_KINDS)
    assert set(RULES_NAMES) == set(get_args(Rules))
    assert len(set(WIRE_NAMES.values())) == len(WIRE_NAMES), "a wire name used twice"
    for kind, name in WIRE_NAMES.items():
        assert SNAKE.fullmatch(name), name
        assert name != kind.__name__, f"{name}: a class's spelling, not a wire name"
        assert CLASSES[name] is kind


def test_every_hand_name_template_has_a_key() -> None:
    from game.engine.hands import _RANKING_SPECS

    titles = {name for spec in _RANKING_SPECS.values() for name in spec.names.values()}
    assert set(HAND_NAME_KEYS) == set(NAME_TEMPLATES) | titles
    assert len(HAND_NAME_TEMPLATES) == len(HAND_NAME_KEYS), "a key used twice"
    assert all(SNAKE.fullmatch(key) for key in HAND_NAME_TEMPLATES)


def test_renaming_an_engine_class_does_not_change_the_wire(monkeypatch: pytest.MonkeyPatch) -> None:
    """The codec names a kind from the table alone: an event class renamed (its __name__
    changed) is written and read exactly as before."""
    event = HandRevealed(1, (), HandName("Pair of {ranks}, {kicker} kicker", (Rank.ACE, Rank.TWO)))
    before = encode(event)
    monkeypatch.setattr(codec, "_ENCODERS", {})
    codec._decoder.cache_clear()
    codec._record_plan.cache_clear()
    HandRevealed.__name__ = "CardsTurnedOver"
    try:
        assert encode(event) == before
        assert before["kind"] == "hand_revealed"
        assert decode_event(before) == event
    finally:
        HandRevealed.__name__ = "HandRevealed"
        codec._decoder.cache_clear()
        codec._record_plan.cache_clear()


def test_a_class_name_is_not_a_kind() -> None:
    with pytest.raises(codec.DecodeError):
        codec.decode(Event, {"kind": "Folded", "seat": 1})
    assert codec.is_unknown_event({"kind": "Folded", "seat": 1})
    assert decode_event({"kind": "folded", "seat": 1}) == Folded(1)


SENTENCES = [
    says("Bet {low} to {high}.", low=2, high=1_000),
    says("First {phase}.", phase=Phase.KEEP),
    says("A {word} and {notation}.", word=Word("pair"), notation="bet 4"),
    says("Beats {hand}.", hand=HandName("Trail of {ranks}", (Rank.KING,))),
    says_counted("{count} chip.", "{count} chips.", 3, seat=1) + says("Then {x}.", x=True),
]


@pytest.mark.parametrize("said", SENTENCES, ids=range(len(SENTENCES)))
def test_a_sentence_travels_as_its_key_values_and_english(said: Said) -> None:
    data = json.loads(json.dumps(encode_said(said)))
    assert data["key"] == said.template and data["text"] == str(said)
    assert decode_said(data) == said


def test_nothing_said_is_null() -> None:
    assert encode_said(NOTHING_SAID) is None and decode_said(None) == NOTHING_SAID


def test_a_phase_is_its_identifier_and_a_phase_in_a_sentence_is_tagged() -> None:
    assert all(SNAKE.fullmatch(phase.value) for phase in Phase)
    assert not isinstance(Phase.KEEP, str)
    data = encode_said(says("First {phase}.", phase=Phase.CHOOSE))
    assert data["values"] == {"phase": {"kind": "phase", "value": "choose"}}
    assert data["text"] == "First choose a hand sight unseen."


def test_a_hand_name_travels_as_its_key() -> None:
    name = HandName("Pair of {ranks}, {kicker} kicker", (Rank.ACE, Rank.TWO))
    reason = Reason(ReasonKey.BEATS, seat=2, winner=name)
    data = json.loads(json.dumps(encode(reason)))
    assert data["winner"] == {
        "kind": "hand_name",
        "key": "pair",
        "ranks": [14, 2],
        "cards": "",
        "score": 0,
        "wild_count": 0,
        "text": "Pair of aces, 2 kicker",
    }
    assert codec.decode(Reason, data) == reason


def test_a_state_carries_its_legal_moves_once() -> None:
    session = Session(get_preset("teen_patti").rules(), [SeatPlan.bot("A"), SeatPlan.bot("B")])
    session.start_deal()
    from game.network.frames import EventCursor, state_frame

    seat = session.game.to_act
    assert seat is not None
    state = json.loads(state_frame(session, EventCursor(), 1, None, seat))
    assert "legal" not in state["observation"] and "history" not in state["observation"]
    moves = {move["move"]: move for move in state["legal"]}
    assert "look" in moves and moves["look"]["rule"]["text"]
    observed = {option.action.verb for option in session.observe(seat).legal}
    assert set(moves) == observed


def test_an_illegal_move_is_refused_with_its_rule_as_data() -> None:
    room, ann, bob = started_room()
    mover, state = to_act(room, ann, bob)
    assert room.session is not None and mover.seat is not None
    said = room.session.game.refusal(Bet(mover.seat, 99999))
    assert room.act(mover, ActionMessage(state=state["state"], move="bet 99999"), 1.0)
    settle(room, 1.0)
    frame = mover.take()[0]
    assert said and json.loads(frame)["reason"] == "illegal"
    sent = read_server(frame)
    assert sent.type == "refused" and sent.sentence == str(said)
    assert sent.said is not None and sent.said["key"] == said.template
    assert decode_said(sent.said) == said
    other = read_server(write(refusal("stale", "that answers state 3")))
    assert other.type == "refused" and other.said is None
    assert dataclasses.is_dataclass(Look)
