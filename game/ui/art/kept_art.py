"""Art slow to draw, kept in the user cache folder between runs and read back in milliseconds.

A kept picture's file is named by what it shows, its size and the fingerprint of the code that
draws it (`drawing_fingerprint`: the compiled code of the modules named, pygame's and SDL's
versions), so a change to the drawing code draws it afresh by itself. A file that is missing,
short, damaged or unreadable is drawn again and written over; a cache folder that cannot be
written is no matter: the art is drawn, as without a cache. The folder keeps the `KEPT` newest
files.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import struct
import sys
import types
import zlib
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Protocol, runtime_checkable

import pygame

from game.persistence.paths import cache_folder

_LOG = logging.getLogger(__name__)

MAGIC = b"TREYART2"
"""The first bytes of a kept picture (the format's version is its last character)."""

_HEADER = struct.Struct("<8sIII")
"""Magic, width, height, CRC-32 of the pixels; then width x height pixels, row by row, each
four bytes: blue, green, red and an unused one (the usual display format, so reading one back
needs no conversion of each pixel)."""

KEPT = 6
"""The most pictures the folder keeps (the oldest go first): a few window sizes and felts."""


def art_folder() -> Path:
    """Where kept pictures are written: `art` in the user cache folder."""
    return cache_folder() / "art"


def kept_picture(
    name: str,
    size: tuple[int, int],
    draw: Callable[[], pygame.Surface],
    drawn_by: tuple[str, ...],
) -> pygame.Surface:
    """The opaque picture `draw` makes at `size`, read from the cache folder when a file of the
    same name, size and drawing code is there, else drawn and written there for next time.

    `drawn_by` names the modules whose code decides how it looks. The picture comes back in the
    display's format, as `draw` makes it (a display surface must exist).
    """
    fingerprint = drawing_fingerprint(drawn_by)
    if fingerprint is None:  # the drawing code cannot be read (no cache then)
        return draw()
    path = art_folder() / f"{name}-{size[0]}x{size[1]}-{fingerprint}.art"
    picture = _read(path, size)
    if picture is not None:
        return picture
    picture = draw()
    _write(path, picture)
    return picture


def _read(path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture in `path` if it is whole and of `size`, else None (never an error)."""
    width, height = size
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) != _HEADER.size + width * height * 4:
        return None
    magic, found_width, found_height, check = _HEADER.unpack_from(data)
    pixels = memoryview(data)[_HEADER.size :]
    if (magic, found_width, found_height) != (MAGIC, width, height) or zlib.crc32(pixels) != check:
        _LOG.info("kept picture %s is damaged: drawn again", path.name)
        return None
    return pygame.image.frombuffer(pixels, size, "BGRA").convert()


def _write(path: Path, picture: pygame.Surface) -> None:
    """Keep `picture` in `path` (written whole, then renamed into place); the oldest pictures
    beyond `KEPT` are removed. A folder that cannot be written is left as it is."""
    pixels = pygame.image.tobytes(picture, "BGRA")
    header = _HEADER.pack(MAGIC, picture.get_width(), picture.get_height(), zlib.crc32(pixels))
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(header + pixels)
        os.replace(partial, path)
        _forget_oldest(path.parent)
    except OSError as error:
        _LOG.info("could not keep the picture %s: %s", path.name, error)
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def _forget_oldest(folder: Path) -> None:
    """Remove all but the `KEPT` newest pictures of `folder`."""
    pictures = sorted(folder.glob("*.art"), key=lambda path: path.stat().st_mtime, reverse=True)
    for old in pictures[KEPT:]:
        old.unlink(missing_ok=True)


@runtime_checkable
class _CodeLoader(Protocol):
    """A module loader that gives a module's compiled code (importlib's source and bytecode
    loaders, PyInstaller's frozen one)."""

    def get_code(self, fullname: str) -> types.CodeType | None:
        """The module's code object."""
        ...


@cache
def drawing_fingerprint(modules: tuple[str, ...]) -> str | None:
    """A short digest of the compiled code of `modules` (every function and constant in them)
    and of pygame's and SDL's versions: it changes when any of them changes. None when a
    module's code cannot be read (a loader without `get_code`)."""
    digest = hashlib.blake2b(digest_size=10)
    digest.update(repr((pygame.version.ver, pygame.get_sdl_version())).encode())
    for name in modules:
        spec = sys.modules[name].__spec__
        loader = spec.loader if spec is not None else None
        code = loader.get_code(name) if isinstance(loader, _CodeLoader) else None
        if code is None:
            return None
        for part in _code_parts(code):
            digest.update(part)
    return digest.hexdigest()


def _code_parts(code: types.CodeType) -> Iterator[bytes]:
    """The instructions, names and constants of `code` and of the code inside it, as bytes
    that are the same in every process (no addresses, sets in a fixed order)."""
    yield code.co_code
    yield repr((code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars)).encode()
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _code_parts(constant)
        else:
            yield _constant_text(constant).encode()


def _constant_text(constant: object) -> str:
    """A constant written out the same in every process (a frozenset's order varies)."""
    if isinstance(constant, frozenset):
        return "frozenset(" + ",".join(sorted(_constant_text(item) for item in constant)) + ")"
    if isinstance(constant, tuple):
        return "(" + ",".join(_constant_text(item) for item in constant) + ")"
    return repr(constant)
