"""The seats kept at network tables: one per table (address and room code), in the user state
folder, brought up to date with each new token, forgotten only with the token that was kept,
and a damaged file set aside with a sentence that, like the log, never shows a token."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from game.persistence.kept_seats import (
    MOST_KEPT,
    KeptSeat,
    forget_seat,
    keep_seat,
    kept_seat,
    kept_seats_file,
    latest_seats,
    load_kept_seats,
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def seat(
    token: str = "t" * 32, address: str = "192.168.1.20:8765", code: str = "K7QM4P"
) -> KeptSeat:
    return KeptSeat(address=address, code=code, token=token, seat=1, name="Tom", host="Ann")


def test_a_seat_is_kept_per_table_and_found_however_its_address_and_code_are_typed(
    tmp_path: Path,
) -> None:
    assert keep_seat(seat()) == ""
    assert kept_seats_file().is_relative_to(tmp_path / "state"), "the user state folder"
    found = kept_seat(" 192.168.1.20:8765 ", "k7qm4p")
    assert found is not None and found.token == "t" * 32 and found.host == "Ann"
    assert kept_seat("192.168.1.20:8765", "OTHER1") is None, "another code: another table"
    assert kept_seat("192.168.1.21:8765", "K7QM4P") is None, "another address too"
    assert keep_seat(seat("u" * 32)) == ""
    assert [kept.token for kept in load_kept_seats().value.seats] == ["u" * 32], "replaced"
    if os.name == "posix":
        assert kept_seats_file().stat().st_mode & 0o077 == 0, "a secret: the owner's alone"


def test_the_latest_seats_come_first_and_the_oldest_go() -> None:
    for number in range(MOST_KEPT + 2):
        assert keep_seat(seat(address=f"10.0.0.{number + 1}:8765")) == ""
    latest = latest_seats()
    assert len(latest) == MOST_KEPT
    assert latest[0].address == f"10.0.0.{MOST_KEPT + 2}:8765"
    assert all(kept.address not in ("10.0.0.1:8765", "10.0.0.2:8765") for kept in latest)


def test_a_seat_is_forgotten_only_with_the_token_that_was_kept() -> None:
    """Another window of the game may have taken the seat back since, with a newer token."""
    keep_seat(seat("new" * 10))
    assert forget_seat("192.168.1.20:8765", "K7QM4P", "old" * 10) == ""
    assert kept_seat("192.168.1.20:8765", "K7QM4P") is not None
    assert forget_seat("192.168.1.20:8765", "K7QM4P", "new" * 10) == ""
    assert kept_seat("192.168.1.20:8765", "K7QM4P") is None


@pytest.mark.parametrize(
    "change",
    [
        {"token": "s" * 80},  # longer than any token
        {"address": "not an address"},
        {"seat": "s" * 40},
    ],
    ids=["long token", "bad address", "bad seat"],
)
def test_a_damaged_file_is_set_aside_and_no_token_is_shown_or_logged(
    change: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    keep_seat(seat("secret" * 6))
    data = json.loads(kept_seats_file().read_text())
    data["seats"][0].update(change)
    kept_seats_file().write_text(json.dumps(data))
    with caplog.at_level(logging.DEBUG):
        loaded = load_kept_seats()
    assert loaded.value.seats == []
    assert loaded.problem.startswith("The file of your seats at network tables was damaged")
    assert "forgotten" in loaded.problem
    assert list(kept_seats_file().parent.glob("seats.json.broken-*")), "set aside"
    for secret in ("secret", "sss"):
        assert secret not in loaded.problem and secret not in caplog.text
    assert "seats.0" in caplog.text, "the log says which field was wrong"
