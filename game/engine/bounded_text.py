"""Untrusted text read within limits: JSON whose nesting is measured before it is parsed, whole
numbers of a sane length, and quotes cut short, so hostile input can only ever produce a short
ValueError sentence — never a RecursionError, a huge echo or a traceback.

>>> load_json('{"volume": 0.5}')
{'volume': 0.5}
>>> quoted("x" * 200)[:12], len(quoted("x" * 200)) <= QUOTE_LENGTH + 2
("'xxxxxxxxxxx", True)
"""

from __future__ import annotations

import json
import re

MAX_NESTING = 32
"""The deepest JSON any file of the game may nest (the game's own files nest at most 4 deep)."""

QUOTE_LENGTH = 80
"""Bad content is quoted in a message up to this many characters."""

MAX_DIGITS = 12
"""The longest whole number a history or an action line may hold (a trillion chips)."""

_STRUCTURE = re.compile(r'[\[\]{}"\\]')


class UnreadableText(ValueError):
    """Text that cannot be read; the message says why in a few words."""


def quoted(text: str, limit: int = QUOTE_LENGTH) -> str:
    """`text` in single quotes on one line, cut to `limit` characters with '…' when longer."""
    flat = " ".join(text[: limit * 4].split()) if len(text) > limit else " ".join(text.split())
    if len(flat) > limit or len(text) > limit * 4:
        flat = flat[: limit - 1] + "…"
    return f"'{flat}'"


def shortened(sentence: str, limit: int = 4 * QUOTE_LENGTH) -> str:
    """A message cut to `limit` characters, so no error ever echoes a huge input whole."""
    return sentence if len(sentence) <= limit else sentence[: limit - 1] + "…"


def nesting_depth(text: str, stop_above: int) -> int:
    """How deep JSON brackets nest in `text` (strings skipped); stops counting above `stop_above`.

    Only brackets, quotes and backslashes are visited, so plain text costs almost nothing.
    """
    depth = deepest = 0
    in_string = False
    escaped_at = -1
    for match in _STRUCTURE.finditer(text):
        position = match.start()
        if position == escaped_at:
            continue
        mark = match.group()
        if in_string:
            if mark == "\\":
                escaped_at = position + 1
            elif mark == '"':
                in_string = False
        elif mark == '"':
            in_string = True
        elif mark in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_above:
                    return deepest
        elif mark in "]}":
            depth -= 1
    return deepest


def load_json(text: str, max_nesting: int = MAX_NESTING) -> object:
    """Parse JSON whose nesting was checked first; raises UnreadableText saying what is wrong."""
    if nesting_depth(text, max_nesting) > max_nesting:
        raise UnreadableText(f"it nests deeper than {max_nesting} levels")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        near = quoted(text[error.pos : error.pos + 40]) if error.pos < len(text) else "the end"
        raise UnreadableText(
            f"it is not valid JSON ({error.msg.lower()}; line {error.lineno}, "
            f"column {error.colno}, near {near})"
        ) from None
    except (ValueError, RecursionError, MemoryError) as error:
        if "integer string conversion" in str(error):
            raise UnreadableText("it holds a number too long to read") from None
        raise UnreadableText(f"it is not valid JSON ({shortened(str(error), 120)})") from None


def plain_digits(text: str, most_digits: int | None = None) -> bool:
    """Whether `text` is one or more of the digits 0-9 (str.isdigit also takes '²' and '٣',
    which int() refuses), and no more than `most_digits` of them when given."""
    fits = most_digits is None or len(text) <= most_digits
    return fits and text.isascii() and text.isdigit()


def whole_number(text: str, what: str, most_digits: int = MAX_DIGITS) -> int:
    """`text` as a whole number of at most `most_digits` digits; raises UnreadableText otherwise."""
    digits = text[1:] if text.startswith("-") else text
    if not plain_digits(digits):
        raise UnreadableText(f"{what} must be a whole number, not {quoted(text)}")
    if len(digits) > most_digits:
        raise UnreadableText(
            f"{what} must be a whole number of at most {most_digits} digits, not {quoted(text)}"
        )
    return int(text)
