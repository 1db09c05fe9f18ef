"""One golden state frame per family, byte for byte: what a seat is sent cannot change by
accident (an engine rename, a codec change). Regenerate on purpose with
tests/golden/make_frames.py and read the difference."""

from __future__ import annotations

import json

import pytest

from game.engine.family import Family
from game.network.client import DealHistory
from game.network.protocol import State, read_server
from game.network.schema import protocol_schema
from tests.golden.make_frames import golden_frame, path_of
from tests.network.schema_check import problems


@pytest.mark.parametrize("family", list(Family), ids=[family.value for family in Family])
def test_the_golden_frame_is_what_a_seat_is_sent(family: Family) -> None:
    frame = golden_frame(family)
    assert path_of(family).read_bytes() == (frame + "\n").encode("utf-8")
    schema = protocol_schema()
    assert problems(json.loads(frame), schema["$defs"]["server_message"], schema) == []
    state = read_server(frame)
    assert isinstance(state, State) and state.legal
    observation, events = DealHistory().take(state)
    assert observation.family == family and observation.to_act == observation.viewer
    assert len(events) == len(state.events) and len(observation.legal) == len(state.legal)
