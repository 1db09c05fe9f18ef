"""The one way in for every file the game reads: a size cap checked before reading, a nesting
cap checked before parsing, and every failure turned into one sentence naming the file.

Settings, the last game, saves, statistics, hand histories and the shipped bot data all come in
here. It imports only the standard library, the engine's bounded text reading and the game's
gettext seam, so the bots may use it for their data files too. The sentences are in the language
in force (English on the command line, which never sets one).
"""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.bounded_text import UnreadableText, load_json
from game.i18n import N_, _, language, ngettext, number

KILOBYTE = 1024
MEGABYTE = 1024 * KILOBYTE

SETTINGS_LIMIT = 256 * KILOBYTE
"""settings.json and last_game.json (about 1 KB when written by the game)."""

STATISTICS_LIMIT = 4 * MEGABYTE
"""statistics.json (lifetime records; a few KB)."""

SAVE_LIMIT = 4 * MEGABYTE
"""One saved session (every deal's history; a long session is a few hundred KB)."""

HISTORY_LIMIT = 2 * MEGABYTE
"""A hand-history file given to `replay` (thousands of deals)."""

DATA_LIMIT = 1 * MEGABYTE
"""A shipped strength table or strategy (about 25 KB)."""


class FileProblem(ValueError):
    """A file that cannot be used; the message is one sentence that names it.

    `damaged` is True when the content is at fault (so the file should be set aside) and False
    when it could not be read at all (permissions, a folder in its place). `reason` is the same
    fault without the file's name ('it holds only null'), when the sentence was made with one;
    `detail` is the fault in the reader's own English words, for the terminal and the log.
    """

    def __init__(self, message: str, *, damaged: bool, reason: str = "", detail: str = "") -> None:
        super().__init__(message)
        self.damaged = damaged
        self.reason = reason
        self.detail = detail or reason or message


def describe_size(size: int) -> str:
    """A byte count in words: '256 KB', '4 MB'."""
    if size >= MEGABYTE and size % MEGABYTE == 0:
        return _("{count} MB").format(count=number(size // MEGABYTE))
    if size >= KILOBYTE and size % KILOBYTE == 0:
        return _("{count} KB").format(count=number(size // KILOBYTE))
    return ngettext("{count} byte", "{count} bytes", size).format(count=number(size))


def read_text(path: Path, limit: int) -> str | None:
    """The file's text (None when there is no file); raises FileProblem, never anything else.

    No more than `limit` + 1 bytes are ever read, so a huge file costs nothing.
    """
    try:
        with path.open("rb") as stream:
            raw = stream.read(limit + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        words = _("Could not read {file} ({reason})").format(file=path.name, reason=reason)
        raise FileProblem(words, damaged=False) from None
    if len(raw) > limit:
        size = describe_size(limit)
        raise FileProblem(
            _("{file} is larger than {size}, the most it may be").format(file=path.name, size=size),
            damaged=True,
            reason=_("it is larger than {size}, the most it may be").format(size=size),
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        byte, position = f"{raw[error.start]:02x}", error.start
        raise FileProblem(
            _("{file} is not UTF-8 text (byte 0x{byte} at {position})").format(
                file=path.name, byte=byte, position=position
            ),
            damaged=True,
            reason=_("it is not UTF-8 text (byte 0x{byte} at {position})").format(
                byte=byte, position=position
            ),
        ) from None


def read_json(path: Path, limit: int) -> object | None:
    """The file's JSON (None when there is no file); raises FileProblem naming what is wrong."""
    text = read_text(path, limit)
    if text is None:
        return None
    try:
        data = load_json(text)
    except UnreadableText as error:
        reason = shown_diagnostic(str(error))
        words = _("{file}: {problem}").format(file=path.name, problem=reason)
        raise FileProblem(words, damaged=True, reason=reason, detail=str(error)) from None
    if data is None:  # None means "no file" to the callers; no file of the game is bare null
        reason = _("it holds only null")
        words = _("{file}: {problem}").format(file=path.name, problem=reason)
        raise FileProblem(words, damaged=True, reason=reason)
    return data


NESTS_TOO_DEEP = N_("it nests deeper than {levels} levels")
NUMBER_TOO_LONG = N_("it holds a number too long to read")
NOT_JSON = N_("it is not valid JSON")
NOT_JSON_AT = N_("it is not valid JSON (line {line}, column {column})")
"""The JSON reader's diagnostics (English in `game.engine.bounded_text`, for the CLI) as the
screen says them."""

_NESTS = re.compile(re.escape(NESTS_TOO_DEEP).replace(re.escape("{levels}"), r"(\d+)"))
_WHERE = re.compile(r"; \w+ (\d+), \w+ (\d+),")


def shown_diagnostic(reason: str) -> str:
    """A JSON reader's English diagnostic in the player's language (in English, as it is; the
    parser's own words, which only English has, are left out)."""
    if language() == "en":
        return reason
    nested = _NESTS.fullmatch(reason)
    if nested is not None:
        return _(NESTS_TOO_DEEP).format(levels=number(int(nested.group(1))))
    if reason == NUMBER_TOO_LONG:
        return _(NUMBER_TOO_LONG)
    if reason.startswith(NOT_JSON):
        where = _WHERE.search(reason)
        if where is None:
            return _(NOT_JSON)
        return _(NOT_JSON_AT).format(line=where.group(1), column=where.group(2))
    return reason
