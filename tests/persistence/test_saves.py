"""Saved sessions: save anywhere, load, play on — the game continues exactly as it would have."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.rules import get_preset
from game.persistence.saves import (
    SessionSave,
    delete_save,
    list_saves,
    load_session,
    restore,
    save_session,
    slot_path,
    snapshot,
)
from game.session import SeatPlan, Session


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _session(preset: str, seed: int) -> Session:
    players = 1 if preset == "casino" else 4
    plans = [SeatPlan.bot(f"P{seat}", ("easy", "random")[seat % 2]) for seat in range(players)]
    return Session(get_preset(preset).rules(), plans, stack=300, seed=seed)


def _play_steps(session: Session, steps: int) -> list[str]:
    """Play `steps` bot actions (starting deals as needed); the histories written meanwhile."""
    for _ in range(steps):
        if session.game.deal_over:
            if not session.game.can_deal():
                break
            session.start_deal()
        else:
            session.step()
    return list(session.histories)


@pytest.mark.parametrize(
    "preset",
    [
        "teen_patti",
        "brag",
        "three_card_poker",
        "casino",
        "jokers",
        "joker",
        "best_of_four",
        "four_card_brag",
    ],
)
@pytest.mark.parametrize("cut", [7, 40, 111])
def test_save_load_play_on_is_identical(preset: str, cut: int) -> None:
    original = _session(preset, seed=cut)
    _play_steps(original, cut)
    text = snapshot(original).model_dump_json()
    resumed = restore(SessionSave.model_validate_json(text))
    assert resumed.game.stacks == original.game.stacks
    # Everything on the table is the same; the event log of a replayed deal lacks its shuffle.
    assert replace(resumed.game.observe(None), history=()) == replace(
        original.game.observe(None), history=()
    )
    expected = _play_steps(original, 150)
    assert _play_steps(resumed, 150)[-3:] == expected[-3:]
    assert resumed.game.stacks == original.game.stacks


def test_a_brag_session_resumes_with_the_same_unshuffled_pack_and_retained_hand() -> None:
    session = _session("brag", seed=5)
    for _ in range(2000):
        _play_steps(session, 1)
        if getattr(session.game, "retained", None) and session.game.deal_over:
            break
    assert getattr(session.game, "retained", None), "no blind hand was retained in 2000 steps"
    resumed = restore(SessionSave.model_validate_json(snapshot(session).model_dump_json()))
    assert resumed.game.pack.cards == session.game.pack.cards  # type: ignore[attr-defined]
    assert resumed.game.retained == session.game.retained  # type: ignore[attr-defined]
    assert resumed.game.carried == session.game.carried  # type: ignore[attr-defined]


def test_a_four_card_brag_save_keeps_the_discards_and_a_four_card_retained_hand() -> None:
    session = _session("four_card_brag", seed=5)
    discarded = retained = False
    for _ in range(3000):
        _play_steps(session, 1)
        game = session.game
        if getattr(game, "discards", None) and not game.deal_over and not discarded:
            discarded = True
            resumed = restore(SessionSave.model_validate_json(snapshot(session).model_dump_json()))
            assert resumed.game.discards == game.discards  # type: ignore[attr-defined]
            for seat, card in game.discards.items():  # type: ignore[attr-defined]
                assert resumed.game.observe(seat).seats[seat].discard == card
                assert resumed.game.observe(None).seats[seat].discard is None
        if getattr(game, "retained", None) and game.deal_over and not retained:
            retained = True
            resumed = restore(SessionSave.model_validate_json(snapshot(session).model_dump_json()))
            assert resumed.game.retained == game.retained  # type: ignore[attr-defined]
            assert [len(cards) for cards in game.retained.values()] == [4]  # type: ignore[attr-defined]
        if discarded and retained:
            break
    assert discarded and retained, "3000 steps saw no discard mid-deal or no retained hand"


def test_slots_save_list_load_and_delete() -> None:
    session = _session("teen_patti", seed=1)
    _play_steps(session, 20)
    assert save_session(session, "evening game") == ""
    assert save_session(session) == ""
    assert set(list_saves()) == {"evening game", "autosave"}
    loaded, problem = load_session("evening game")
    assert problem == "" and loaded is not None
    assert loaded.game.stacks == session.game.stacks
    assert delete_save("evening game") == ""
    assert list_saves() == ["autosave"]
    assert "no save called" in delete_save("evening game")


def test_bad_slot_names_are_refused() -> None:
    with pytest.raises(ValueError, match="save name"):
        slot_path("../../etc/passwd")


def test_a_corrupt_save_is_set_aside_and_reported() -> None:
    path = slot_path("broken")
    path.parent.mkdir(parents=True)
    path.write_text('{"schema_version": 1, "seats": "oops"')
    session, problem = load_session("broken")
    assert session is None
    assert "was damaged" in problem
    (kept,) = path.parent.glob("broken.json.broken-*")
    assert kept.read_text().startswith('{"schema_version": 1')


def test_a_save_whose_history_no_longer_replays_is_set_aside_intact(
    caplog: pytest.LogCaptureFixture,
) -> None:
    session = _session("teen_patti", seed=2)
    _play_steps(session, 30)
    data = json.loads(snapshot(session).model_dump_json())
    data["histories"][-1] = data["histories"][-1].replace("trey-history 1", "not a history")
    path = slot_path("odd")
    path.parent.mkdir(parents=True, exist_ok=True)
    content = json.dumps(data)
    path.write_text(content)
    with caplog.at_level("WARNING"):
        resumed, problem = load_session("odd")
    assert resumed is None
    assert "The save 'odd' was damaged" in problem and "line 1" not in problem
    assert "line 1" in caplog.text and str(path) in caplog.text, "the detail goes to the log"
    assert not path.exists(), "an autosave can no longer overwrite it"
    (kept,) = path.parent.glob("odd.json.broken-*")
    assert kept.read_text() == content and kept.name in problem


def test_a_save_from_a_newer_version_is_refused_and_left_untouched() -> None:
    path = slot_path("future")
    path.parent.mkdir(parents=True)
    content = json.dumps({"schema_version": 99, "family": "brag", "hologram": True})
    path.write_text(content)
    resumed, problem = load_session("future")
    assert resumed is None and "newer version" in problem
    assert path.read_text() == content


def _write_save(slot: str, data: dict[str, object]) -> tuple[Path, str]:
    path = slot_path(slot)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = json.dumps(data)
    path.write_text(content)
    return path, content


def test_a_save_whose_seats_disagree_with_its_last_deal_is_refused_and_set_aside(
    caplog: pytest.LogCaptureFixture,
) -> None:
    plans = [SeatPlan.bot(f"P{seat}", "random") for seat in range(6)]
    session = Session(get_preset("teen_patti").rules(), plans, stack=300, seed=4)
    _play_steps(session, 12)
    data = json.loads(snapshot(session).model_dump_json())
    data["seats"] = data["seats"][:4]
    path, content = _write_save("short", data)
    with caplog.at_level("WARNING"):
        resumed, problem = load_session("short")
    assert resumed is None
    assert "the save has 4 seats but its last deal has 6" in caplog.text
    (kept,) = path.parent.glob("short.json.broken-*")
    assert kept.read_text() == content and kept.name in problem


def test_a_save_with_an_impossible_header_is_refused_on_its_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    session = _session("brag", seed=3)
    _play_steps(session, 9)
    data = json.loads(snapshot(session).model_dump_json())
    last = data["histories"][-1].splitlines()
    deck = next(index for index, line in enumerate(last) if line.startswith("deck"))
    last.insert(deck, "carried -50")
    data["histories"][-1] = "\n".join(last) + "\n"
    path, _ = _write_save("negative", data)
    with caplog.at_level("WARNING"):
        resumed, problem = load_session("negative")
    assert resumed is None and "The save 'negative' was damaged" in problem
    assert f"line {deck + 1}: a carried pot cannot be negative (-50)" in caplog.text
    assert not path.exists()


@pytest.mark.parametrize("damage", ["negative stack", "card twice"])
def test_the_simulate_invariants_refuse_a_tampered_deal(damage: str) -> None:
    from game.simulate import InvariantError, check_restored

    session = _session("teen_patti", seed=6)
    _play_steps(session, 3)
    game = session.game
    check_restored(game)
    if damage == "negative stack":  # chips still add up: only the sign is wrong
        stacks = game._stacks  # type: ignore[attr-defined]
        stacks[0] += stacks[1] + 10
        stacks[1] = -10
        expected = "a pot or a stack is negative"
    else:
        hand = game.players[0].hands[0]  # type: ignore[attr-defined]
        hand[0] = game.pack.cards[0]  # type: ignore[attr-defined]
        expected = "52 cards are not all there exactly once"
    with pytest.raises(InvariantError, match=expected):
        check_restored(game)
