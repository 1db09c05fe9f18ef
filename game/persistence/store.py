"""Read and write JSON models safely: atomic writes, and bad files set aside, never lost.

Loading never executes anything from a file: it is JSON validated by a pydantic model.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


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
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def save_model(path: Path, model: BaseModel) -> str:
    """Save a model as JSON; returns '' or a plain sentence saying why it could not be saved.

    A file there from a newer version of Trey is never written over (load_model left it as is).
    """
    version = getattr(model, "schema_version", None)
    on_disk = _version_on_disk(path)
    if isinstance(version, int) and on_disk is not None and on_disk > version:
        return (
            f"{path.name} was written by a newer version of Trey (format {on_disk}); "
            "it was left as it is and this one was not saved over it."
        )
    try:
        write_atomically(path, model.model_dump_json(indent=2) + "\n")
    except OSError as error:
        reason = error.strerror or str(error)
        return f"Could not save {path.name} ({reason}); the game goes on without saving."
    return ""


def set_aside(path: Path) -> Path:
    """Rename a bad file with a timestamp beside it, so it is kept but no longer read."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    os.replace(path, target)
    return target


def load_model(path: Path, model: type[Model], *, schema_version: int) -> Loaded[Model]:
    """Load a model; a missing file gives defaults, a bad one is set aside with a note.

    A file written by a newer version is left untouched and the defaults are used.
    """
    default = model()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Loaded(default)
    except OSError as error:
        return Loaded(default, f"Could not read {path.name} ({error.strerror}); using defaults.")
    try:
        value = model.model_validate_json(raw)
    except ValidationError as error:
        version = _declared_version(raw)
        if version is not None and version > schema_version:
            return Loaded(
                default,
                f"{path.name} was written by a newer version of Trey (format {version}); "
                "it was left as it is and the defaults are used.",
            )
        return Loaded(default, _set_aside_note(path, _first_problem(error)))
    version = getattr(value, "schema_version", schema_version)
    if version > schema_version:
        return Loaded(
            default,
            f"{path.name} was written by a newer version of Trey (format {version}); "
            "it was left as it is and the defaults are used.",
        )
    return Loaded(value)


def _version_on_disk(path: Path) -> int | None:
    """The schema_version the file at `path` declares, or None (no file, unreadable, no version)."""
    try:
        return _declared_version(path.read_bytes())
    except OSError:
        return None


def _declared_version(raw: bytes) -> int | None:
    import json

    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    version = data.get("schema_version") if isinstance(data, dict) else None
    return version if isinstance(version, int) else None


def _first_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else first["msg"]


def _set_aside_note(path: Path, problem: str) -> str:
    try:
        kept = set_aside(path)
    except OSError as error:
        return f"{path.name} is damaged ({problem}) and could not be moved ({error.strerror})."
    return (
        f"{path.name} was damaged ({problem}). It was kept as {kept.name} and the "
        "defaults are used."
    )
