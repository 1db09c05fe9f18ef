"""The methods dataclasses write, compiled once and kept in the user cache folder.

A dataclass writes its `__init__`, `__repr__`, `__eq__`, `__hash__` and the rest as source
text and compiles each with `exec` when its class is made: about 900 compilations, a fifth of
a start's CPU time, for the game's 170-odd dataclasses. While `keeping_generated_code` is
active, the `dataclasses` module's `exec` looks the text up in a table of code already
compiled from it (read from the cache folder) and compiles only what it has not seen; the new
code is written back when the block ends. The key is the whole text and the file is named by
the interpreter's version, so a changed class or another Python compiles afresh; the code run
is exactly what compiling the text makes. A file that is missing, short, damaged or of another
version is ignored (and written over); a folder that cannot be written is no matter.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import logging
import marshal
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.persistence.paths import cache_folder

_LOG = logging.getLogger(__name__)

MAGIC = b"TREYCOD1"
"""The first bytes of a kept code file (the format's version is its last character)."""

_CHECK_SIZE = 16
"""Bytes of the BLAKE2b digest of the table that follows the magic."""

MOST_KEPT = 4000
"""The most texts a file keeps: beyond it, only those of the run that writes it are kept."""


def code_file() -> Path:
    """The kept code of this interpreter's version, in the user cache folder."""
    name = f"dataclasses-{sys.implementation.cache_tag}-{sys.hexversion:x}.code"
    return cache_folder() / "code" / name


class _Table:
    """Code compiled from dataclasses' texts: what the file held, what this run compiled."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known = _read(path)
        self.used: set[str] = set()
        self.fresh = False

    def run(self, source: Any, *more: Any, **keywords: Any) -> None:
        """`exec` as the dataclasses module calls it, with text compiled once."""
        if type(source) is not str or keywords:
            exec(source, *more, **keywords)  # noqa: S102 (the caller's own exec)
            return
        code = self.known.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.known[source] = code
            self.fresh = True
        self.used.add(source)
        exec(code, *more)  # noqa: S102 (the code dataclasses would have compiled and run)

    def keep(self) -> None:
        """Write the table to its file if this run compiled anything new."""
        if not self.fresh:
            return
        kept = self.known
        if len(kept) > MOST_KEPT:
            kept = {source: kept[source] for source in self.used}
        _write(self.path, kept)
        self.fresh = False


_tables: dict[Path, _Table] = {}
"""Each file's table, read once a process."""

_active: list[_Table] = []
"""The table in use while a `keeping_generated_code` block runs (blocks may nest)."""


@contextlib.contextmanager
def keeping_generated_code(path: Path | None = None) -> Iterator[None]:
    """For the block, dataclasses made compile their methods from the kept code in `path`
    (default `code_file()`); what was new is kept when the outermost block ends."""
    if _active:
        yield
        return
    where = code_file() if path is None else path
    table = _tables.get(where)
    if table is None:
        table = _tables[where] = _Table(where)
    _active.append(table)
    dataclasses.exec = table.run  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        _active.clear()
        table.keep()


def _read(path: Path) -> dict[str, types.CodeType]:
    """The table kept in `path`, or an empty one if it is missing or not whole (never an
    error)."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    start = len(MAGIC) + _CHECK_SIZE
    payload = memoryview(data)[start:]
    check = hashlib.blake2b(payload, digest_size=_CHECK_SIZE).digest()
    if data[: len(MAGIC)] != MAGIC or data[len(MAGIC) : start] != check:
        _LOG.info("kept code %s is damaged: compiled again", path.name)
        return {}
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict) or not all(
        type(source) is str and type(code) is types.CodeType for source, code in table.items()
    ):
        return {}
    return table


def _write(path: Path, table: dict[str, types.CodeType]) -> None:
    """Keep `table` in `path` (written whole, then renamed into place); a folder that cannot
    be written is left as it is."""
    payload = marshal.dumps(table)
    check = hashlib.blake2b(payload, digest_size=_CHECK_SIZE).digest()
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(MAGIC + check + payload)
        os.replace(partial, path)
    except OSError as error:
        _LOG.info("could not keep the code %s: %s", path.name, error)
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
