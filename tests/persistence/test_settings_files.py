"""Settings files: defaults, round trips, and every way a file can be bad."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.persistence.paths import config_folder, data_folder, settings_file
from game.persistence.settings import SETTINGS_VERSION, Settings, load_settings, save_settings
from game.persistence.store import write_atomically


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


def test_paths_follow_the_xdg_variables(tmp_path: Path) -> None:
    assert config_folder() == tmp_path / "config" / "trey"
    assert data_folder() == tmp_path / "data" / "trey"


def test_missing_file_gives_defaults_without_a_note() -> None:
    loaded = load_settings()
    assert loaded.value == Settings()
    assert loaded.problem == ""


def test_round_trip() -> None:
    chosen = Settings(animation_speed=2.0, card_back="blue", four_colour_deck=True)
    assert save_settings(chosen) == ""
    assert load_settings().value == chosen
    assert json.loads(settings_file().read_text())["schema_version"] == SETTINGS_VERSION


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"animation_speed": "fast"}',
        b'{"volume": 7}',
        b'{"card_back": "tartan"}',
        b"[1, 2, 3]",
        b"",
        b"\xff\xfe\x00garbage",
        b'{"animation_speed": 1.5, "volu',
    ],
)
def test_bad_file_is_set_aside_with_a_note(content: bytes) -> None:
    path = settings_file()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    loaded = load_settings()
    assert loaded.value == Settings()
    assert "was damaged" in loaded.problem
    assert not path.exists()
    (kept,) = path.parent.glob("settings.json.broken-*")
    assert kept.read_bytes() == content
    assert kept.name in loaded.problem


def test_newer_version_is_refused_and_left_untouched() -> None:
    path = settings_file()
    path.parent.mkdir(parents=True)
    content = json.dumps({"schema_version": SETTINGS_VERSION + 1, "volume": 0.1, "new": 1})
    path.write_text(content)
    loaded = load_settings()
    assert "newer version" in loaded.problem
    assert loaded.value == Settings()
    assert path.read_text() == content


def test_a_newer_file_is_never_saved_over() -> None:
    path = settings_file()
    path.parent.mkdir(parents=True)
    content = json.dumps({"schema_version": SETTINGS_VERSION + 1, "volume": 0.1})
    path.write_text(content)
    settings = load_settings().value
    settings.volume = 0.5
    message = save_settings(settings)
    assert "newer version" in message
    assert path.read_text() == content


def test_unreadable_file_keeps_defaults() -> None:
    settings_file().mkdir(parents=True)  # a folder where the file should be
    loaded = load_settings()
    assert loaded.value == Settings()
    assert "could not be read" in loaded.problem


def test_unwritable_folder_says_it_could_not_save() -> None:
    folder = config_folder()
    folder.parent.mkdir(parents=True)
    folder.write_text("a file where the folder should be")
    message = save_settings(Settings())
    assert message.startswith("Could not save settings.json")


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "out" / "file.json"
    write_atomically(target, "one")
    write_atomically(target, "two")
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["file.json"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_garbage_never_raises_and_is_never_lost(content: bytes) -> None:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.iterdir():
        old.unlink()
    path.write_bytes(content)
    loaded = load_settings()
    assert isinstance(loaded.value, Settings)
    survivors = [item.read_bytes() for item in path.parent.iterdir()]
    assert content in survivors


def test_the_folder_is_fsynced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.persistence.store as store

    steps: list[str] = []
    real_open, real_fsync, real_replace = os.open, os.fsync, os.replace

    def opening(path: object, flags: int, *rest: int) -> int:
        handle = real_open(path, flags, *rest)  # type: ignore[arg-type]
        if Path(str(path)) == tmp_path:
            steps.append(f"open folder {handle}")
        return handle

    def syncing(handle: int) -> None:
        steps.append(f"fsync {handle}")
        real_fsync(handle)

    def replacing(source: object, target: object) -> None:
        steps.append("replace")
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(store.os, "open", opening)
    monkeypatch.setattr(store.os, "fsync", syncing)
    monkeypatch.setattr(store.os, "replace", replacing)
    write_atomically(tmp_path / "file.json", "{}")
    opened = next(index for index, step in enumerate(steps) if step.startswith("open folder"))
    assert "replace" in steps[:opened]
    assert f"fsync {steps[opened].split()[-1]}" in steps[opened:]
    assert (tmp_path / "file.json").read_text() == "{}"


def test_a_folder_that_cannot_be_opened_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.persistence.store as store

    real_open = os.open

    def refusing(path: object, flags: int, *rest: int) -> int:
        if Path(str(path)) == tmp_path:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(store.os, "open", refusing)
    write_atomically(tmp_path / "file.json", "{}")
    assert (tmp_path / "file.json").read_text() == "{}"
