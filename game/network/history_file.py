"""A table's hand-history file, opened once when the table starts and kept open, so a deal that
ends while every other file of the process is in use still reaches the disk."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import TextIO

log = logging.getLogger("trey.serve")


class HistoryFile:
    """Appends each finished deal to one file, written from its start for this table."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.parts: list[str] = []
        """Every deal's text written so far (the whole history, in order)."""
        self._file: TextIO | None = None
        self._written = 0

    def open(self) -> None:
        """Open (and empty) the file now; a failure is logged, and retried at the next deal."""
        if self.path is None or self._file is not None:
            return
        try:
            self._file = self.path.open("w", encoding="utf-8")
        except OSError as error:
            log.error("cannot write the hand history to %s: %s", self.path, error)
        self._written = 0

    def add(self, part: str) -> None:
        """One more finished deal: kept, and written to the file at once."""
        self.parts.append(part)
        self.flush()

    def flush(self) -> None:
        """Write what the file does not hold yet."""
        if self.path is None:
            return
        self.open()
        if self._file is None:
            return
        try:
            self._file.write("".join(self.parts[self._written :]))
            self._file.flush()
            self._written = len(self.parts)
        except OSError as error:
            log.error("cannot write the hand history to %s: %s", self.path, error)
            self._drop()  # what reached the file is unknown: the next deal writes it afresh

    def _drop(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def close(self) -> None:
        """Write what is left and close the file."""
        self.flush()
        self._drop()
