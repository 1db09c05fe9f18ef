"""A state frame put together from texts written once (game.network.wire_text) is the same text,
byte for byte, as the whole state written by the protocol's writer from the encoded
observation and events: in every family, for every viewer, spoken lines or none, state after
state of a played session (where seats, pots and rules stay the same and their texts are
reused)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from game.engine.actions import Fold, LegalAction, Look
from game.engine.events import Event, TurnPassed
from game.engine.families import FAMILIES
from game.engine.family import Family
from game.network import frames, wire_text
from game.network.codec import encode
from game.network.frames import EventCursor, Written, state_frame
from game.network.protocol import LegalMove, State, write
from game.network.wire_text import Fragments, json_text, observation_text
from game.session import SeatPlan, Session


def reference_frame(
    session: Session,
    sent: int,
    number: int,
    clock: float | None,
    viewer: int | None,
    language: str | None,
) -> str:
    """The state frame as the protocol's writer writes it whole (the frame before texts were
    kept): every part encoded afresh, the State model written by pydantic."""
    observation = session.observe(viewer)
    redacted: Sequence[Event] = observation.history[sent:]
    legal = observation.legal if viewer is not None and observation.to_act == viewer else ()
    state = State(
        state=number,
        observation=encode(observation),
        history_start=sent,
        events=[encode(event) for event in redacted],
        legal=[LegalMove(**wire_text.legal_move_data(option)) for option in legal],
        clock=clock,
        said=None if language is None else frames._said(session, redacted, viewer, language),
    )
    return write(state)


@pytest.mark.parametrize("family", list(Family), ids=[family.value for family in Family])
def test_a_frame_from_kept_texts_is_the_whole_frame_written_afresh(family: Family) -> None:
    info = FAMILIES[family]
    seats = max(3, info.seats.start)
    plans = [SeatPlan.bot(f"Bot {index}", "random") for index in range(seats)]
    session = Session(info.presets[0].rules(), plans, seed=5)
    viewers: list[int | None] = [None, *range(seats)]
    languages = [None, "en", "hi"]
    cursors = {(viewer, language): EventCursor() for viewer in viewers for language in languages}
    written = Written()
    compared = 0
    for number in range(1, 80):  # a few deals, bounded
        if session.game.deal_over:
            if not session.can_deal():
                break
            session.start_deal()
        clock = None if number % 3 == 0 else 30.0 - number / 7
        for (viewer, language), cursor in cursors.items():
            game = session.game
            sent = cursor.sent if cursor.deal == game.deal_number else 0
            expected = reference_frame(session, sent, number, clock, viewer, language)
            frame = state_frame(session, cursor, number, clock, viewer, written, language)
            assert frame == expected, (family, number, viewer, language)
            compared += 1
        session.step()
    assert compared > 100


def test_equal_values_of_other_types_keep_their_own_text() -> None:
    fragments = Fragments()
    assert [fragments.text(value) for value in (1, True, 1.0, 1, True)] == [
        "1",
        "true",
        "1.0",
        "1",
        "true",
    ]


def test_fragments_keep_two_generations_and_drop_the_oldest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[object] = []

    def counted(value: object) -> object:
        written.append(value)
        return encode(value)

    monkeypatch.setattr(wire_text, "encode", counted)
    fragments = Fragments(kept=2)
    for value in (1, 2, 1, 3, 1, 4, 5, 6, 1):
        assert fragments.text(value) == str(value)
    # 1 is read from the older generation after 3 (and kept again), then dropped with it
    assert written == [1, 2, 3, 4, 5, 6, 1]


def test_an_observation_text_is_its_encoding_written_whole() -> None:
    sessions = []
    for family, seats in ((Family.TEEN_PATTI, 4), (Family.BRAG, 3)):
        plans = [SeatPlan.bot(f"Bot {index}", "random") for index in range(seats)]
        sessions.append(Session(FAMILIES[family].presets[0].rules(), plans, seed=3))
        sessions[-1].start_deal()
    fragments = Fragments()
    # viewers of one state in turn, then a table of another size in between
    for session, viewer in [(sessions[0], v) for v in (None, 0, 1, 2, 3, None, 0)] + [
        (sessions[1], 0),
        (sessions[0], 1),
        (sessions[1], None),
    ]:
        observation = session.observe(viewer)
        assert observation_text(observation, fragments) == json_text(encode(observation))


def test_a_frame_too_big_for_one_message_leaves_out_its_earliest_events(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    info = FAMILIES[Family.TEEN_PATTI]
    plans = [SeatPlan.bot(f"Bot {index}", "random") for index in range(4)]
    session = Session(info.presets[0].rules(), plans, seed=3)
    session.start_deal()
    whole = state_frame(session, EventCursor(), 1, None, 0, language="en")
    monkeypatch.setattr(frames, "MAX_MESSAGE_BYTES", len(whole) - 1)
    cut = state_frame(session, EventCursor(), 1, None, 0, language="en")
    sent = json.loads(cut)["history_start"]
    assert 0 < sent < len(session.game.events) and len(cut) < len(whole)
    assert cut == reference_frame(session, sent, 1, None, 0, "en")


def test_a_legal_option_listed_again_is_not_written_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[object] = []
    real = wire_text.legal_move_data

    def counted(option: LegalAction) -> dict[str, object]:
        written.append(option)
        return real(option)  # type: ignore[return-value]

    monkeypatch.setattr(wire_text, "legal_move_data", counted)
    look, pack = LegalAction(Look(0)), LegalAction(Fold(0))
    fragments = Fragments()
    expected = json_text([real(look), real(pack)])
    assert fragments.legal_text((look, pack)) == expected
    for _round in range(3):  # the seat's turn again a round later, three states between
        for _state in range(4):
            fragments.next_generation()
        assert fragments.legal_text((look, pack)) == expected
    assert written == [look, pack]
    assert Fragments().legal_text((pack, look)) == json_text([real(pack), real(look)])
    assert written == [look, pack], "another room's fragments read the same kept texts"
    equal = LegalAction(Look(0))  # an equal option, another object: written for itself
    assert fragments.legal_text((equal,)) == json_text([real(look)])
    assert written == [look, pack, equal]
    assert fragments.legal_text(()) == json_text([])


def test_an_event_is_written_once_across_states(monkeypatch: pytest.MonkeyPatch) -> None:
    encoded: list[object] = []

    def counted(value: object) -> object:
        encoded.append(value)
        return encode(value)

    monkeypatch.setattr(frames, "encode", counted)
    turn = TurnPassed(2)  # the engine shares such an event between deals
    written = Written()
    texts = [written.at(state).event(turn) for state in range(1, 5)]
    assert texts == [json_text(encode(turn))] * 4
    assert encoded == [turn]
    other_table = Written()  # another room's record reads the same kept texts
    assert other_table.at(1).event(turn) == texts[0] and encoded == [turn]
    monkeypatch.setattr(frames.EVENT_TEXTS, "most", 2)
    for seat in range(3):  # a full record starts afresh
        written.event(TurnPassed(seat))
    assert len(frames.EVENT_TEXTS) <= 2
