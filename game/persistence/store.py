"""Read and write JSON models safely: atomic writes, and bad files set aside, never lost.

Loading never executes anything from a file: it is JSON validated by a pydantic model. The
sentences saying what went wrong are in the language in force when they are made (English on the
command line, which never sets one); the files themselves are never translated.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from game.engine.bounded_text import quoted, shortened
from game.i18n import _
from game.persistence.reading import SAVE_LIMIT, FileProblem, read_json

Model = TypeVar("Model", bound=BaseModel)

_LOG = logging.getLogger(__name__)
"""Where a file problem's full account goes: the file's whole path and what the reader found."""


class VersionedModel(Protocol):
    """A model the game writes: it says which format it is in."""

    schema_version: int

    def model_dump_json(self, *, indent: int | None = None) -> str:
        """The model as JSON text."""
        ...


@dataclass(frozen=True)
class Loaded(Generic[Model]):
    """A model read from disk, or the defaults with a plain-words note of what went wrong."""

    value: Model
    problem: str = ""


def write_atomically(path: Path, text: str) -> None:
    """Write via a temp file in the same folder, fsync, then replace: never a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        sync_folder(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it survives a power cut (skipped where that is impossible)."""
    if os.name == "nt":
        return
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def save_model(path: Path, model: VersionedModel, if_changed: bool = False) -> str:
    """Save a model as JSON; returns '' or a plain sentence saying why it could not be saved.

    A file there from a newer version of Trey is never written over (load_model left it as is).
    With `if_changed`, a file that already holds exactly this text is left as it is (its time
    too): nothing is written or synced.
    """
    text = model.model_dump_json(indent=2) + "\n"
    if if_changed and _holds(path, text):
        return ""
    version = model.schema_version
    on_disk = _version_on_disk(path)
    if on_disk is not None and on_disk > version:
        return _(
            "{file} was written by a newer version of Trey (format {version}); "
            "it was left as it is and this one was not saved over it."
        ).format(file=path.name, version=on_disk)
    try:
        write_atomically(path, text)
    except OSError as error:
        reason = error.strerror or str(error)
        return _("Could not save {file} ({reason}); the game goes on without saving.").format(
            file=path.name, reason=reason
        )
    return ""


def set_aside(path: Path) -> Path:
    """Rename a bad file with a timestamp beside it, so it is kept but no longer read."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    os.replace(path, target)
    sync_folder(path.parent)
    return target


def load_model(
    path: Path,
    model: type[Model],
    *,
    schema_version: int,
    limit: int,
    instead: str = "",
    what: str = "",
    secret: bool = False,
) -> Loaded[Model]:
    """Load a model through the one way in (reading.read_json); defaults when there is none.

    A bad file is set aside with a note saying which file it was (`what`, in words: 'Your
    settings file'), the name it was kept under and what is used `instead` (by default: the
    defaults are used); a file written by a newer version is left untouched. The note holds no
    folder and no reader's diagnostic: those go to the log (and so to the terminal). A `secret`
    file's content is never quoted, not even in the log: only which fields were refused.
    """
    instead = instead or _("the defaults are used")
    what = what or path.name
    default = model()
    try:
        data = read_json(path, limit)
    except FileProblem as problem:
        if not problem.damaged:
            _LOG.warning("%s could not be read (%s)", path, problem.detail)
            return Loaded(
                default,
                _("{what} ({file}) could not be read; {instead}.").format(
                    what=what, file=path.name, instead=instead
                ),
            )
        return Loaded(default, set_aside_with_note(path, what, problem.detail, instead))
    if data is None:
        return Loaded(default)
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > schema_version:
        _LOG.warning(
            "%s is format %s, newer than this version reads (%s): left as it is",
            path,
            version,
            schema_version,
        )
        return Loaded(
            default,
            _(
                "{what} ({file}) was written by a newer version of Trey; it was left as it is "
                "and {instead}."
            ).format(what=what, file=path.name, instead=instead),
        )
    try:
        value = model.model_validate(data)
    except ValidationError as error:
        detail = _invalid_fields(error, quote=not secret)
        return Loaded(default, set_aside_with_note(path, what, detail, instead))
    except (ValueError, TypeError, RecursionError) as error:
        detail = type(error).__name__ if secret else shortened(" ".join(str(error).split()), 300)
        return Loaded(default, set_aside_with_note(path, what, detail, instead))
    return Loaded(value)


def _invalid_fields(error: ValidationError, quote: bool = True) -> str:
    """The first few fields the model refused, in pydantic's English, for the log (with what
    was found there, unless the file holds secrets)."""
    problems = [
        f"{'.'.join(str(part) for part in found['loc']) or '(top)'}: {found['msg']}"
        + (f", found {quoted(repr(found.get('input')))}" if quote else "")
        for found in error.errors(include_url=False)[:3]
    ]
    return shortened("; ".join(problems), 300)


def set_aside_with_note(path: Path, what: str, detail: str, instead: str) -> str:
    """Set a damaged file aside; the player's sentence names it in words and says where it was
    kept, and the log gets the full path and the `detail` of what is wrong."""
    try:
        kept = set_aside(path)
    except OSError as error:
        _LOG.warning(
            "%s is damaged (%s) and could not be moved aside (%s)", path, detail, error.strerror
        )
        return _("{what} ({file}) is damaged and could not be moved aside; {instead}.").format(
            what=what, file=path.name, instead=instead
        )
    _LOG.warning("%s was damaged (%s); it was kept as %s", path, detail, kept)
    return _("{what} was damaged; it was kept aside as {kept} and {instead}.").format(
        what=what, kept=kept.name, instead=instead
    )


def _holds(path: Path, text: str) -> bool:
    """Whether the file at `path` holds exactly `text` (False if it cannot be read)."""
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _version_on_disk(path: Path) -> int | None:
    """The schema_version the file at `path` declares, or None (no file, unreadable, no version)."""
    try:
        data = read_json(path, SAVE_LIMIT)
    except FileProblem:
        return None
    version = data.get("schema_version") if isinstance(data, dict) else None
    return version if isinstance(version, int) else None
