"""How a host sets a served table: the setup record, its room code and the checks of both."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from game.bots.registry import make_bot
from game.engine.rules import Rules, stack_choices
from game.network.limits import DEFAULT_LIMITS, ConnectionCaps, Limits, weak_code
from game.network.sizes import MAX_NAME_LENGTH

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Room code characters: no 0/O, 1/I/L, so a code read aloud or copied by hand stays right."""

CODE_LENGTH = 6
"""The fewest characters of a room code."""


class TableSetupError(ValueError):
    """A table that cannot be set up as asked (one sentence)."""


def new_code() -> str:
    """A fresh room code of CODE_LENGTH characters from the unambiguous alphabet (CSPRNG),
    never one a host could not choose (too easy to guess)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if weak_code(code, CODE_ALPHABET) is None:
            return code


def checked_code(code: str) -> str:
    """A host's chosen room code, upper-cased; TableSetupError if it is too short, uses a
    character outside the alphabet or is too easy to guess."""
    code = code.strip().upper()
    if len(code) < CODE_LENGTH or len(code) > 32:
        raise TableSetupError(f"a room code has {CODE_LENGTH} to 32 characters")
    wrong = sorted(set(code) - set(CODE_ALPHABET))
    if wrong:
        raise TableSetupError(
            f"a room code uses only {CODE_ALPHABET} (not {''.join(wrong)}), so it reads clearly"
        )
    weakness = weak_code(code, CODE_ALPHABET)
    if weakness is not None:
        raise TableSetupError(weakness)
    return code


def clean_name(name: str) -> str:
    """A player's name as the table shows and the history records it: printable, no '#' (a
    history comment), single spaces, at most MAX_NAME_LENGTH characters."""
    text = "".join(char if char.isprintable() and char != "#" else " " for char in name)
    return re.sub(r"\s+", " ", text).strip()[:MAX_NAME_LENGTH] or "Player"


@dataclass
class TableConfig:
    """How the host set the table."""

    preset: str = "teen_patti"
    options: dict[str, object] = field(default_factory=dict)
    """House rules on top of the preset's (the setup's option rows; none: the preset's own)."""
    seats: int = 4
    bots: tuple[str, ...] = ()
    """The bot level of each bot seat; bots take the last seats, players the first."""
    host_name: str | None = None
    """A table hosted from the game: seat 0 is the host's own screen's (it joins with the
    server's host token as its resume token), and the table starts when the host says so
    (`TableServer.begin`), not when every seat is taken."""
    code: str = ""
    """The room code ('' draws one)."""
    deals: int | None = None
    """Deals to play before the table ends (None: until stopped)."""
    turn_seconds: float | None = None
    on_expiry: Literal["pack", "bot"] = "pack"
    stand_in_level: str = "medium"
    """The bot that plays a turn whose clock ran out (on_expiry 'bot'), or any turn where
    packing is not a move."""
    spectators: bool = True
    verifiable: bool = False
    history: Path | None = None
    stack: int | None = None
    """Chips each seat starts with (None: the table's own, `starting_stack`)."""
    drop_grace: float = 60.0
    """Without a turn clock: seconds a dropped player's turn waits before it is played as an
    expired clock would play it."""
    wrong_code_delay: float = DEFAULT_LIMITS.wrong_code_delay
    """Seconds before a wrong code is answered (see `Limits`)."""
    hello_seconds: float = DEFAULT_LIMITS.hello_seconds
    rate: float = DEFAULT_LIMITS.rate
    """Messages a second a connection may send, on average."""
    burst: int = DEFAULT_LIMITS.burst
    """Messages a connection may send at once."""
    byte_rate: float = DEFAULT_LIMITS.byte_rate
    """Bytes a second a connection may send, on average."""
    byte_burst: int = DEFAULT_LIMITS.byte_burst
    """Bytes a connection may send at once."""
    caps: ConnectionCaps = field(default_factory=ConnectionCaps)
    """Connections the server holds at once (in all, per address, not yet welcomed)."""
    deal_pause: float = 0.0
    """Seconds between one deal's end and the next deal."""
    bot_pause: tuple[float, float] | None = None
    """A bot's move is played after a pause drawn uniformly from this range of seconds, so
    people watching can follow (None: at once)."""
    web: bool = True
    """Serve the phone page on the websocket's port (game/web; `trey serve --no-web`: not)."""
    linger: float = 2.0
    """Seconds the server still answers after the table ends: a player who dropped just before
    reconnects and is given the closing bye (with the seed of a verifiable shuffle)."""

    def limits(self) -> Limits:
        """What the server allows each connection and address at this table."""
        return Limits(
            self.hello_seconds,
            self.rate,
            self.burst,
            self.byte_rate,
            self.byte_burst,
            self.caps,
            self.wrong_code_delay,
        )


def offered_stack(rules: Rules, stack: int) -> int:
    """`stack` if the table's buy-in rule offers it as starting chips (as the Host screen
    does); TableSetupError naming the choices otherwise."""
    choices = stack_choices(rules)
    if stack not in choices:
        offered = ", ".join(str(choice) for choice in choices[:-1]) + f" or {choices[-1]}"
        raise TableSetupError(f"this table starts each seat with {offered} chips, not {stack}")
    return stack


def check_level(level: str) -> None:
    """TableSetupError, with the registry's sentence, unless `level` is a bot level."""
    try:
        make_bot(level)
    except ValueError as error:
        raise TableSetupError(str(error)) from None
