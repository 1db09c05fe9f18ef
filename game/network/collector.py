"""The cyclic garbage collector's policy in a process that serves tables.

Python's collector walks, at each full collection, every object it tracks; a process holding a
thousand tables tracks most of a million (each table's game, seats and four connections), and
one full collection stands the event loop still for most of a second. The objects that live
long are not garbage, and the tables make none that needs the collector: a closed room (and its
game, its seats, its bots) is freed by reference counting alone (`tests/network/
test_collector.py`). So the serving policy keeps the young collections and takes the old
objects out of the full ones:

- at start-up, everything loaded is frozen (`gc.freeze`: moved where no collection walks it);
- after every collection, the objects that survived it are frozen as well: an object is
  walked by one young collection and then never again while it lives (a frozen object is still
  freed when nothing refers to it), so no collection walks more than what was made since the
  last one;
- the young collections are kept short (YOUNG_THRESHOLDS);
- memory stays bounded: a garbage cycle among frozen objects (a connection's, say, whose
  library left one) is not freed by reference counting, so once the process's memory blocks
  (`sys.getallocatedblocks`: what lives, counted without walking it) number FROZEN_GROWTH
  times as many as after the last sweep, the event loop sweeps as soon as it can: everything
  unfrozen, one full collection (one long pause), frozen again. A server whose tables come and
  go without leaving cycles stays about as large and never sweeps; one that leaks cycles sweeps
  them as often as they double what lives. A process that has just opened many tables may sweep
  at once (`ServingCollector.settle`) rather than at some later moment of play.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

FROZEN_GROWTH = 2.0
"""A sweep (a full collection of everything) once the process's memory blocks number this many
times those after the last one."""

YOUNG_THRESHOLDS = (200, 1, 10)
"""The collector's thresholds while serving (`gc.set_threshold`). The youngest generation is
collected when the objects made since its last collection outnumber those freed by 200, not
700: a busy server frees about as many old objects as it makes (each state replaces the
last), so the young generation holds many times the threshold when it is walked, and a lower
one keeps each pause short (bench_collector.py at 1,000 tables: most under 2 ms, against 15
with 700, in less time in all). Every collection's survivors are frozen, so the older
generations hold nothing when they are collected: a middle or full collection walks only the
young one."""

COUNT_EVERY = 1.0
"""Seconds at least between two counts of the memory blocks (a count is quick, about 0.1 ms at
a thousand tables, but collections come many times a second)."""

LEAST_SWEEP = 600_000
"""Memory blocks below which no sweep is made (a small process's full collection is short and
most of what it holds is the loaded modules: about 180,000 blocks for `trey serve`'s; a
tracked object is about three blocks with what it holds)."""


@dataclass
class ServingCollector:
    """The serving policy (see the module's docstring), a `gc.callbacks` entry once installed.

    What lives is counted as the memory blocks Python has handed out (`sys.getallocatedblocks`,
    which counts the allocator's arenas, not the objects: the frozen objects counted one by
    one, `gc.get_freeze_count`, took 30–60 ms at a thousand tables, a pause of its own), after
    a collection, at most once every COUNT_EVERY seconds."""

    growth: float = FROZEN_GROWTH
    least: int = LEAST_SWEEP
    every: float = COUNT_EVERY
    thresholds: tuple[int, int, int] = YOUNG_THRESHOLDS
    python_thresholds: tuple[int, int, int] = (700, 10, 10)
    """The thresholds before `install`, given back by `uninstall`."""
    sweep_at: int = 0
    """The memory blocks past which the next sweep is made."""
    counted: int = 0
    """The memory blocks after the last sweep."""
    counted_at: float = float("-inf")
    """When the last count was made (`time.monotonic`)."""
    run_soon: Callable[[Callable[[], None]], object] | None = None
    """Runs a call soon, outside any collection (a server's event loop's
    `call_soon_threadsafe`): a sweep that is due is made there (`settle`). Without it, a sweep
    unfreezes everything for Python's next automatic full collection, which may come late."""
    sweeping: bool = False
    """A sweep is due: asked of `run_soon`, or everything unfrozen for the next full
    collection."""
    settling: bool = False
    """`settle` is sweeping (its full collection is left alone)."""
    counts: int = 0
    """Counts of the memory blocks made so far."""
    sweeps: int = 0
    """Sweeps made so far."""

    def install(self) -> None:
        """Freeze what is loaded now, and freeze the survivors of every collection from now on,
        the young generation collected more often (YOUNG_THRESHOLDS)."""
        if self not in gc.callbacks:
            self.python_thresholds = gc.get_threshold()
        gc.set_threshold(*self.thresholds)
        gc.collect()
        gc.freeze()
        self._swept()
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def uninstall(self) -> None:
        """Leave the collector as Python runs it: nothing frozen, no callback."""
        if self in gc.callbacks:
            gc.callbacks.remove(self)
            gc.set_threshold(*self.python_thresholds)
        gc.unfreeze()
        self.sweeping = False
        self.run_soon = None

    def settle(self) -> None:
        """Sweep now (one full collection of everything, then frozen again): what `run_soon`
        is asked to call when a sweep is due; and a process that has just opened its tables
        calls it once, so that the sweep their growth calls for is made now rather than at some
        later moment of play."""
        self.settling = True  # (the collection below is not the callback's to freeze)
        gc.unfreeze()
        try:
            gc.collect()
        finally:
            gc.freeze()
            self.settling = self.sweeping = False
        self.sweeps += 1
        self._swept()

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        """After a collection: freeze its survivors, or sweep."""
        if phase != "stop" or self.settling:
            return
        if self.sweeping:
            if info["generation"] == 2 and self.run_soon is None:  # it swept everything
                self.sweeping = False
                self.sweeps += 1
                gc.freeze()
                self._swept()
            return
        gc.freeze()
        now = time.monotonic()
        if now - self.counted_at < self.every:
            return
        self.counts += 1
        self.counted_at = now
        if sys.getallocatedblocks() > self.sweep_at:
            self.sweeping = True
            if self.run_soon is not None:
                with contextlib.suppress(RuntimeError):  # (a loop that has closed)
                    self.run_soon(self.settle)
                    return
                self.run_soon = None
            gc.unfreeze()  # the next full collection walks (and frees) everything

    def _swept(self) -> None:
        """Count the memory blocks after a sweep (or at start-up): the next sweep's mark."""
        self.counted, self.counted_at = sys.getallocatedblocks(), time.monotonic()
        self.sweep_at = max(self.least, int(self.counted * self.growth))


serving = ServingCollector()
"""The policy `serve_many` installs (one a process)."""


def serve_many(
    run_soon: Callable[[Callable[[], None]], object] | None = None,
) -> ServingCollector:
    """Install the serving policy in this process (`trey serve` does at start-up), its sweeps
    made by `run_soon` (the event loop's `call_soon_threadsafe`; see `ServingCollector`)."""
    serving.run_soon = run_soon
    serving.install()
    return serving


def restore() -> None:
    """Leave the collector as Python runs it (a benchmark comparing the two)."""
    serving.uninstall()
