"""The protocol's size limits, apart from its messages so that a settings file or a kept seat
can be checked against them without loading the protocol (docs/protocol.md lists them)."""

from __future__ import annotations

MAX_MESSAGE_BYTES = 64 * 1024
"""The largest frame either side sends or accepts (a state is typically 2-6 KiB)."""

MAX_NAME_LENGTH = 24
"""The longest player name, in characters."""

MAX_CODE_LENGTH = 32
"""The longest room code a hello may carry."""

MAX_REACTION_LENGTH = 40
"""The longest reaction (a short phrase or a few emoji), in characters."""

MAX_TOKEN_LENGTH = 64
"""The longest resume token a hello may carry."""
