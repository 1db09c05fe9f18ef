"""The seats this game holds at network tables: per table (its address and room code) the resume
token that takes the seat back, kept in the user state folder so that a game that closed, or
crashed, can sit down again.

A token is a secret (whoever holds it takes the seat): it is written to this file only, never to
a log, and a damaged file's content is not quoted anywhere. Each token works once; the table
gives a new one with each welcome, and the file is brought up to date then.
"""

from __future__ import annotations

import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.i18n import _
from game.network.address import AddressError, TableAddress
from game.network.sizes import MAX_CODE_LENGTH, MAX_NAME_LENGTH, MAX_TOKEN_LENGTH
from game.persistence.paths import state_folder
from game.persistence.reading import SETTINGS_LIMIT
from game.persistence.store import Loaded, load_model, save_model

KEPT_SEATS_VERSION = 1

MOST_KEPT = 8
"""Seats kept at most (the oldest goes first): a person sits at a few tables, not hundreds."""


class KeptSeat(BaseModel):
    """One seat at one table: where the table is, its code, the token that takes the seat back,
    and what the menu says of it."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    address: str = Field(min_length=1, max_length=300)
    """The table's address as the join screen reads it (HOST:PORT, or ws:// or wss://)."""
    code: str = Field(min_length=1, max_length=MAX_CODE_LENGTH)
    token: str = Field(min_length=1, max_length=MAX_TOKEN_LENGTH)
    seat: int = Field(ge=0, le=64)
    name: str = Field("", max_length=MAX_NAME_LENGTH)
    """The name this game sat down with."""
    host: str = Field("", max_length=MAX_NAME_LENGTH)
    """The host's name, as the lobby said ('' before it did): 'Back to Ann's table'."""
    preset: str = Field("", max_length=64)
    kept_at: float = 0.0
    """When the token was last kept (seconds since the epoch): the latest seat comes first."""

    @field_validator("address")
    @classmethod
    def _an_address(cls, address: str) -> str:
        """The address must read as one (AddressError, a ValueError, otherwise)."""
        TableAddress.read(address)
        return address

    @property
    def where(self) -> TableAddress:
        """The table's address, to connect to."""
        return TableAddress.read(self.address)

    def at(self, address: str, code: str) -> bool:
        """Whether this is the seat at the table at `address` with room code `code`."""
        return same_table(self.address, self.code, address, code)


class KeptSeats(BaseModel):
    """Every seat kept, the latest last."""

    model_config = ConfigDict(defer_build=True)

    schema_version: int = KEPT_SEATS_VERSION
    seats: list[KeptSeat] = Field(default_factory=list, max_length=MOST_KEPT)


def same_address(address: str, other: str) -> bool:
    """Whether two addresses, as typed, are one (as the client connects to them)."""
    try:
        return TableAddress.read(address).uri == TableAddress.read(other).uri
    except AddressError:
        return False


def same_table(address: str, code: str, other_address: str, other_code: str) -> bool:
    """Whether two addresses and codes name the same table (the code in any case)."""
    same_code = code.strip().upper() == other_code.strip().upper()
    return same_code and same_address(address, other_address)


def kept_seats_file() -> Path:
    """Where the kept seats are: the user state folder."""
    return state_folder() / "seats.json"


def load_kept_seats() -> Loaded[KeptSeats]:
    """The kept seats, or none with a note of any problem (a damaged file is set aside)."""
    return load_model(
        kept_seats_file(),
        KeptSeats,
        schema_version=KEPT_SEATS_VERSION,
        limit=SETTINGS_LIMIT,
        instead=_("the seats you held at network tables are forgotten"),
        what=_("The file of your seats at network tables"),
        secret=True,
    )


def kept_seat(address: str, code: str) -> KeptSeat | None:
    """The seat kept at the table at `address` with `code`, if any."""
    found = [seat for seat in load_kept_seats().value.seats if seat.at(address, code)]
    return found[-1] if found else None


def latest_seats() -> list[KeptSeat]:
    """The kept seats, the most recently kept first."""
    return sorted(load_kept_seats().value.seats, key=lambda seat: seat.kept_at, reverse=True)


def keep_seat(seat: KeptSeat) -> str:
    """Keep (or bring up to date) the seat at its table; '' or why it could not be kept."""
    kept = load_kept_seats().value
    others = [old for old in kept.seats if not old.at(seat.address, seat.code)]
    fresh = seat.model_copy(update={"kept_at": time.time()})
    kept.seats = [*others, fresh][-MOST_KEPT:]
    return save_model(kept_seats_file(), kept)


def forget_seat(address: str, code: str, token: str | None = None) -> str:
    """Forget the seat at the table at `address` with `code` (only while its token is `token`,
    when given); '' or why the file could not be written."""
    kept = load_kept_seats().value
    others = [
        old
        for old in kept.seats
        if not (old.at(address, code) and (token is None or old.token == token))
    ]
    if len(others) == len(kept.seats):
        return ""
    kept.seats = others
    return save_model(kept_seats_file(), kept)
