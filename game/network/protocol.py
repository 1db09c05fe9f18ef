"""The wire protocol: every message as a pydantic model with a `type` discriminator.

A message is one JSON object in one websocket text frame of at most MAX_MESSAGE_BYTES bytes.
docs/protocol.md describes the order of a session, every field, the refusals and the limits.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from game.network.sizes import (
    MAX_CODE_LENGTH,
    MAX_MESSAGE_BYTES,
    MAX_NAME_LENGTH,
    MAX_REACTION_LENGTH,
    MAX_TOKEN_LENGTH,
)

PROTOCOL_VERSION = 3
"""The version of this protocol; a hello with another is answered with an error and closed."""


RefusalReason = Literal[
    "stale",
    "duplicate",
    "not_your_turn",
    "illegal",
    "unreadable",
    "rate",
    "spectator",
    "too_long",
    "not_started",
]
"""Why the server refused one message of a connection that stays open."""

ErrorReason = Literal[
    "protocol",
    "code",
    "full",
    "spectators",
    "resume",
    "unreadable",
    "hello_first",
    "too_big",
    "flood",
    "too_slow",
    "replaced",
]
"""Why the server refused a connection (it closes it after the error)."""

ByeReason = Literal["finished", "host_left", "cannot_deal", "leaving"]
"""Why a table (or, from a client, a connection) ends."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    omitted_when_none: ClassVar[frozenset[str]] = frozenset()
    """Optional fields left out of the frame when unset (additions only some clients ask for)."""


class Hello(_Message):
    """Client → server, first message: who joins, with the room code and protocol version."""

    type: Literal["hello"] = "hello"
    protocol: int
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    code: str = Field(max_length=MAX_CODE_LENGTH)
    resume: str | None = Field(default=None, max_length=MAX_TOKEN_LENGTH)
    """The token a welcome gave, to take one's seat back after a drop."""
    spectator: bool = False
    """Watch instead of taking a seat (a spectator sees only what everyone sees)."""
    language: str | None = Field(default=None, max_length=8)
    """The client's language ('en', 'hi', 'tl'): each state then says its events in words in
    it (`said`); left out, no words are sent."""

    omitted_when_none = frozenset({"language"})


class SeatInfo(_Message):
    """One seat in the lobby: its name, who plays it, and whether its player is connected."""

    seat: int
    name: str
    kind: str
    """'open' (a player may take it), 'remote' (a player on another machine) or 'bot'."""
    connected: bool
    """A player's connection is up; a bot's seat, or an open seat a bot plays meanwhile: true."""
    level: str = ""
    """A bot's level (an open seat: the level of the bot that plays it until a player joins)."""
    host: bool = False
    """The seat of the host's own screen (a table hosted from the game)."""


class TableInfo(_Message):
    """What a joining client needs to know about the table."""

    preset: str
    family: str
    rules: dict[str, Any]
    """The rule options as the hand history records them (`rules` line)."""
    seats: int
    deals: int | None
    """How many deals the table plays (None: until the host stops it)."""
    turn_seconds: float | None
    """The turn clock (None: no clock)."""
    on_expiry: Literal["pack", "bot"]
    """What happens when a turn clock runs out: the seat packs, or a bot plays that turn."""
    spectators: bool
    deal_pause: float = 0.0
    """Seconds the server waits between one deal's end and the next deal."""
    shuffle: Literal["csprng", "verifiable"]
    commitment: str | None
    """Verifiable shuffle: the hex sha256 of the seed, revealed in the closing bye."""


class Welcome(_Message):
    """Server → client: you are in. Your seat (None: a spectator) and your new resume token."""

    type: Literal["welcome"] = "welcome"
    protocol: int
    seat: int | None
    resume: str | None
    table: TableInfo


class Lobby(_Message):
    """Server → everyone: who sits where, and whether the table has started."""

    type: Literal["lobby"] = "lobby"
    players: list[SeatInfo]
    started: bool
    waiting: int
    """Seats still waiting for a player before the table starts."""
    nonces: dict[str, str] = Field(default_factory=dict)
    """Verifiable shuffle, once started: the nonce mixed into the decks for each seat (by seat
    number), so each player can check that theirs is there before the first deal."""


class LegalMove(_Message):
    """One thing the receiver may do now, written as an action message's `move`."""

    move: str
    """The action without its seat: 'fold', 'look', 'bet' (with an amount), 'answer yes'."""
    low: int = 0
    """A bet's least amount; else the chips the move costs (0: none)."""
    high: int = 0
    """A bet's greatest amount; else the same as `low`."""
    step: int = 1
    """A bet's amount is `low`, `low + step`, … up to `high`."""
    rule: dict[str, Any] | None = None
    """The rule behind the move as a sentence object (key, values, text; see codec.encode_said),
    null when the move has none."""


class State(_Message):
    """Server → client: the receiver's observation and the events it may see since its last
    state; an action must answer the latest `state` number."""

    type: Literal["state"] = "state"
    state: int
    observation: dict[str, Any]
    """The receiver's observation, without `history` and `legal`: the deal's history is the
    events of this deal's states put together (see `events`), the legal moves are `legal`."""
    history_start: int = 0
    """Where `events` start in the deal's history: 0 at a new deal and in the first state of
    a connection, else the number of events of this deal already sent to the receiver."""
    events: list[dict[str, Any]]
    """The events of this deal the receiver may see, from `history_start` on."""
    legal: list[LegalMove]
    """The receiver's legal moves now ([] unless it is to act)."""
    clock: float | None = None
    """Seconds left on the turn clock of the seat to act (None: no clock runs)."""
    said: list[str] | None = None
    """`events` in words, as the game's table says them to this seat, in the language the
    hello named; left out for a client whose hello named none."""

    omitted_when_none = frozenset({"said"})


class ActionMessage(_Message):
    """Client → server: the receiver's move, answering state number `state`."""

    type: Literal["action"] = "action"
    state: int
    move: str = Field(max_length=64)
    """As a legal move's `move`, with the amount after 'bet': 'bet 4', 'fold'."""


class Refused(_Message):
    """Server → client: one message was refused (the connection stays open)."""

    type: Literal["refused"] = "refused"
    reason: RefusalReason
    sentence: str
    """The refusal in English (the fallback: a client that speaks another language translates
    `reason`, or `said`)."""
    said: dict[str, Any] | None = None
    """An `illegal` move's refusal as the rules say it: a sentence object (key, values, text),
    whose `text` is `sentence`; null for every other refusal."""


class Reaction(_Message):
    """Client → server: a short phrase or emoji; server → everyone: with the seat it came from."""

    type: Literal["reaction"] = "reaction"
    text: str = Field(min_length=1, max_length=MAX_REACTION_LENGTH)
    seat: int | None = None
    """Set by the server (a client's own value is ignored)."""


class Nonce(_Message):
    """Client → server, verifiable shuffle: a seated player's random contribution to every deck
    (16 to 32 random bytes, hex), sent once after the welcome and before the table starts."""

    type: Literal["nonce"] = "nonce"
    nonce: str = Field(pattern=r"^[0-9a-f]{32,64}$")


class LanguageMessage(_Message):
    """Client → server: the language the client speaks from now on ('en', 'hi', 'tl'): the
    states after it say their events in words in it (`said`); one not of the game's is
    ignored."""

    type: Literal["language"] = "language"
    language: str = Field(max_length=8)


class Error(_Message):
    """Server → client: the connection is refused or broken; the server closes it next."""

    type: Literal["error"] = "error"
    reason: ErrorReason
    sentence: str


class Bye(_Message):
    """Either way: the table (or the connection) ends. The server's carries the seed of a
    verifiable shuffle."""

    type: Literal["bye"] = "bye"
    reason: ByeReason
    sentence: str = ""
    seed: str | None = None
    """Verifiable shuffle: the seed, hex, whose sha256 the welcome's commitment was."""
    deals: int = 0
    """How many deals the table played."""
    nonces: dict[str, str] = Field(default_factory=dict)
    """Verifiable shuffle: the nonce mixed into the decks for each seat (by seat number)."""


ClientMessage = Annotated[
    Hello | ActionMessage | Reaction | Nonce | LanguageMessage | Bye, Field(discriminator="type")
]
"""Anything a client may send."""

ServerMessage = Annotated[
    Welcome | Lobby | State | Refused | Reaction | Error | Bye, Field(discriminator="type")
]
"""Anything the server sends."""

_CLIENT = TypeAdapter[ClientMessage](ClientMessage)
_SERVER = TypeAdapter[ServerMessage](ServerMessage)


class ProtocolError(ValueError):
    """A frame that is not a message of the protocol; the sentence says why."""


ClientMessages = Hello | ActionMessage | Reaction | Nonce | LanguageMessage | Bye
"""A client message, read."""


def read_client(frame: str | bytes) -> ClientMessages:
    """The client message a frame holds; ProtocolError with a sentence if none."""
    message: ClientMessages = _read(_CLIENT, frame)
    return message


def read_server(frame: str | bytes) -> Welcome | Lobby | State | Refused | Reaction | Error | Bye:
    """The server message a frame holds; ProtocolError with a sentence if none."""
    message: Welcome | Lobby | State | Refused | Reaction | Error | Bye = _read(_SERVER, frame)
    return message


def _read(adapter: TypeAdapter[Any], frame: str | bytes) -> Any:
    if isinstance(frame, bytes):
        raise ProtocolError("messages are JSON text frames, not binary frames")
    if len(frame) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message holds at most {MAX_MESSAGE_BYTES:,} bytes")
    try:
        return adapter.validate_json(frame)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the message"
        raise ProtocolError(f"{where}: {first['msg']}"[:200]) from None


def write(message: _Message) -> str:
    """A message as the JSON text of one frame."""
    omitted = {name for name in message.omitted_when_none if getattr(message, name) is None}
    return message.model_dump_json(exclude_none=False, exclude=omitted or None)
