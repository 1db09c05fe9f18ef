"""Code compiled from text while modules load, compiled once and kept in the user cache folder.

A dataclass writes its `__init__`, `__repr__`, `__eq__`, `__hash__` and the rest as source
text and compiles each with `exec` when its class is made, and the typing module compiles each
annotation written as text (a forward reference; pydantic's schemas hold hundreds): about
1,700 compilations, a quarter of a start's CPU time. While `keeping_generated_code` is active,
the `dataclasses` module's `exec` and the `typing` module's `compile` look the text up in a
table of code already compiled from it (read from the cache folder) and compile only what it
has not seen; the new code is written back when the block ends. The key is the whole text
and the file is named by the interpreter's version and optimisation level, so a changed class
or another Python compiles afresh; the code run is exactly what compiling the text makes. A
file that is missing, short, damaged or of another version is ignored (and written over); a
folder that cannot be written is no matter."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import logging
import marshal
import os
import sys
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.persistence.paths import cache_folder

_LOG = logging.getLogger(__name__)

MAGIC = b"TREYCOD1"
"""The first bytes of a kept code file (the format's version is its last character)."""

_CHECK_SIZE = 16
"""Bytes of the BLAKE2b digest of the table that follows the magic."""

_MODES = ("exec", "eval")

MOST_KEPT = 6000
"""The most texts a file keeps: beyond it, only those of the run that writes it are kept."""


def code_file() -> Path:
    """The kept code of this interpreter's version and optimisation level (`-O` compiles
    differently), in the user cache folder."""
    tag, version, level = sys.implementation.cache_tag, sys.hexversion, sys.flags.optimize
    name = f"compiled-{tag}-{version:x}-o{level}.code"
    return cache_folder() / "code" / name


_Key = tuple[str, str]
"""A compiled text's key: its mode ("exec" or "eval") and the text."""


class _Table:
    """Code compiled from texts: what the file held, what this run compiled."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known = _read(path)
        self.used: set[_Key] = set()
        self.fresh = False

    def code(self, source: str, mode: str) -> types.CodeType:
        """The code `compile(source, "<string>", mode)` makes in a module without future
        imports, compiled now only if it was not kept (a text that does not compile raises
        as `compile` does)."""
        key = (mode, source)
        code = self.known.get(key)
        if code is None:
            code = compile(source, "<string>", mode, dont_inherit=True)
            self.known[key] = code
            self.fresh = True
        self.used.add(key)
        return code

    def run(self, source: Any, *more: Any, **keywords: Any) -> None:
        """`exec` as the dataclasses module calls it: a text's code compiled once."""
        if type(source) is str and not keywords:
            source = self.code(source, "exec")
        exec(source, *more, **keywords)  # the code dataclasses would have compiled and run

    def compile(
        self,
        source: Any,
        filename: str,
        mode: str,
        flags: int = 0,
        dont_inherit: bool = False,
        optimize: int = -1,
    ) -> types.CodeType:
        """`compile` as the typing module calls it for a forward reference (an annotation
        written as text, as pydantic's schemas are): an expression compiled once."""
        plain = (filename, mode, flags, optimize) == ("<string>", "eval", 0, -1)
        if type(source) is str and plain:
            return self.code(source, "eval")
        # the typing module has no future imports to pass on, and this module's are not its
        return compile(source, filename, mode, flags, True, optimize)  # type: ignore[no-any-return]

    def keep(self) -> None:
        """Write the table to its file if this run compiled anything new."""
        if not self.fresh:
            return
        kept = self.known
        if len(kept) > MOST_KEPT:
            kept = {key: kept[key] for key in self.used}
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
    typing.compile = table.compile  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        del typing.compile  # type: ignore[attr-defined]
        _active.clear()
        table.keep()


def _read(path: Path) -> dict[_Key, types.CodeType]:
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
        type(key) is tuple
        and len(key) == 2
        and key[0] in _MODES
        and type(key[1]) is str
        and type(code) is types.CodeType
        for key, code in table.items()
    ):
        return {}
    return table


def _write(path: Path, table: dict[_Key, types.CodeType]) -> None:
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
