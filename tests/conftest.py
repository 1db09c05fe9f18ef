"""Test-wide settings: hypothesis does not time its own input generation on noisy machines, and
no test advertises or browses tables beyond the loopback interface."""

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from game.i18n import set_language

settings.register_profile(
    "trey", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("trey")


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English with an English system locale, whatever the machine's."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own "this machine's addresses" are none but loopback in every test, so a table
    is advertised, and a Join screen browses, on 127.0.0.1 only: no test multicasts on the
    machine's network interface."""
    monkeypatch.setattr("game.network.discovery.local_addresses", lambda: [])


@pytest.fixture(autouse=True)
def _private_state(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seats kept at network tables (the user state folder) and the art kept between runs
    (the user cache folder) are a fresh folder's in every test, and in every game a test
    starts: never the real user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))


STARTED_FIRST = (
    "tests/ui/test_real_window.py",
    "tests/ui/test_readable_text.py",
    "tests/web/test_phone_play.py",
    "tests/web/test_phone_words_and_access.py",
    "tests/bots/test_bots_never_see_hidden_cards.py",
    "tests/engine/test_legal_list_agrees_with_refusals.py",
    "tests/ui/test_no_english_left.py",
)
"""The files that take longest (real windows, a browser, every screen drawn in three languages,
many seeded deals), started first and in this order, so that no worker is left running one of
them alone at the end while the others have finished (`make test` hands out the other files in
the order collected: `--no-loadscope-reorder`)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the longest files first (`STARTED_FIRST`); every other test keeps its place."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return STARTED_FIRST.index(path) if path in STARTED_FIRST else len(STARTED_FIRST)

    items.sort(key=rank)
