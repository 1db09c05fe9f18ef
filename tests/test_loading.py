"""Modules load with the cyclic collector paused, and what they made is frozen after (issue 47's
start-up: the collector walked the modules' objects again and again as they loaded)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from game.loading import loading_modules


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    """The test process's objects are not left frozen, nor its collector off."""
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()


def test_the_collector_waits_while_modules_load_and_never_walks_their_objects_again() -> None:
    before = gc.get_freeze_count()
    with loading_modules():
        assert not gc.isenabled()
        made = [[index] for index in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() >= before + len(made)


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    with loading_modules():
        pass
    assert not gc.isenabled()


def test_a_failed_import_lets_the_collector_run_again() -> None:
    with pytest.raises(ImportError), loading_modules():
        import game.no_such_module  # type: ignore[import-not-found]  # noqa: F401
    assert gc.isenabled()
