"""UI tests run in-process on SDL's dummy video and audio drivers: no window, no sound card."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator

import pygame
import pytest
from table_driving import WINDOW

from game.ui.shell.app import App


@pytest.fixture(scope="session", autouse=True)
def display() -> Iterator[None]:
    """A dummy display, so surfaces can be converted like in the game."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


@pytest.fixture(autouse=True)
def private_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings and saves go to a fresh temporary folder, never the real user's."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))


@pytest.fixture
def app() -> Iterator[App]:
    """A real app with a 960×540 window on the dummy driver."""
    application = App(size=WINDOW)
    application.open_window()
    yield application
    application.scenes.clear()
    pygame.event.clear()
