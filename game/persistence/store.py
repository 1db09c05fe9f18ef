"""Read and write JSON models safely: atomic writes, and bad files set aside, never lost.

Loading never executes anything from a file: it is JSON validated by a pydantic model. The
sentences saying what went wrong are in the language in force when they are made (English on the
command line, which never sets one); the files themselves are never translated.
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

from game.engine.bounded_text import quoted, shortened
from game.i18n import _, language
from game.persistence.reading import SAVE_LIMIT, FileProblem, read_json

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


def save_model(path: Path, model: BaseModel) -> str:
    """Save a model as JSON; returns '' or a plain sentence saying why it could not be saved.

    A file there from a newer version of Trey is never written over (load_model left it as is).
    """
    version = getattr(model, "schema_version", None)
    on_disk = _version_on_disk(path)
    if isinstance(version, int) and on_disk is not None and on_disk > version:
        return _(
            "{file} was written by a newer version of Trey (format {version}); "
            "it was left as it is and this one was not saved over it."
        ).format(file=path.name, version=on_disk)
    try:
        write_atomically(path, model.model_dump_json(indent=2) + "\n")
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
) -> Loaded[Model]:
    """Load a model through the one way in (reading.read_json); defaults when there is none.

    A bad file is set aside with a note saying where it went and what is used `instead` (by
    default: the defaults are used); a file written by a newer version is left untouched.
    """
    instead = instead or _("the defaults are used")
    default = model()
    try:
        data = read_json(path, limit)
    except FileProblem as problem:
        if not problem.damaged:
            return Loaded(
                default, _("{problem}; {instead}.").format(problem=problem, instead=instead)
            )
        return Loaded(default, _set_aside_note(path, _reason_of(problem, path), instead))
    if data is None:
        return Loaded(default)
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > schema_version:
        return Loaded(
            default,
            _(
                "{file} was written by a newer version of Trey (format {version}); "
                "it was left as it is at {folder} and {instead}."
            ).format(file=path.name, version=version, folder=shown_path(path), instead=instead),
        )
    try:
        value = model.model_validate(data)
    except ValidationError as error:
        return Loaded(default, _set_aside_note(path, _first_problem(error), instead))
    except (ValueError, TypeError, RecursionError) as error:
        return Loaded(default, _set_aside_note(path, shortened(str(error), 120), instead))
    return Loaded(value)


def shown_path(path: Path) -> str:
    """A path as a player reads it: the home folder written as '~'."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)


def _version_on_disk(path: Path) -> int | None:
    """The schema_version the file at `path` declares, or None (no file, unreadable, no version)."""
    try:
        data = read_json(path, SAVE_LIMIT)
    except FileProblem:
        return None
    version = data.get("schema_version") if isinstance(data, dict) else None
    return version if isinstance(version, int) else None


def _reason_of(problem: FileProblem, path: Path) -> str:
    """The part of a FileProblem after the file's name ('it nests deeper than 32 levels')."""
    if problem.reason:
        return problem.reason
    words = str(problem)
    for prefix in (f"{path.name}: ", f"{path.name} "):
        if words.startswith(prefix):
            words = words[len(prefix) :]
            return words if words.startswith("it ") else f"it {words}"
    return words


def _first_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    value = first.get("input")
    message = shortened(str(first["msg"]), 120)
    if language() != "en":  # pydantic's own words are English: say what is wrong plainly
        message = _("not a valid value")
    if "input" in first:
        found = quoted(value if isinstance(value, str) else repr(value))
        if where:
            return _("{where}: {message}, found {value}").format(
                where=where, message=message, value=found
            )
        return _("{message}, found {value}").format(message=message, value=found)
    return f"{where}: {message}" if where else message


def _set_aside_note(path: Path, problem: str, instead: str) -> str:
    try:
        kept = set_aside(path)
    except OSError as error:
        return _(
            "{file} is damaged ({problem}) and could not be moved ({reason}); {instead}."
        ).format(file=path.name, problem=problem, reason=error.strerror, instead=instead)
    return _(
        "{file} was damaged ({problem}). It was kept as {kept} in {folder}, and {instead}."
    ).format(
        file=path.name,
        problem=problem,
        kept=kept.name,
        folder=shown_path(kept.parent),
        instead=instead,
    )
