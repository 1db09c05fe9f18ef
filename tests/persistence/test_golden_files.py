"""Golden files in saves/: every format version ever shipped must keep loading."""

import json
import shutil
from pathlib import Path

import pytest

from game.persistence.last_game import LAST_GAME_VERSION, LastGame
from game.persistence.paths import settings_file
from game.persistence.saves import SAVE_VERSION, SessionSave, load_session, slot_path
from game.persistence.settings import SETTINGS_VERSION, Settings, load_settings

SAVES = Path(__file__).resolve().parents[2] / "saves"
SESSION_FILES = sorted((SAVES / "golden").glob("session-*.json"))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def test_there_are_golden_sessions_of_each_game() -> None:
    names = " ".join(path.name for path in SESSION_FILES)
    for game in ("brag-retained", "teen-patti", "three-card-poker"):
        assert game in names


@pytest.mark.parametrize("path", SESSION_FILES, ids=lambda path: path.stem)
def test_golden_session_loads_and_plays_on(path: Path) -> None:
    target = slot_path(path.stem)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, target)
    session, problem = load_session(path.stem)
    assert problem == ""
    assert session is not None
    saved = json.loads(path.read_text())
    assert [plan.name for plan in session.seats] == [seat["name"] for seat in saved["seats"]]
    if "retained" in path.stem:
        assert getattr(session.game, "retained", None), "the retained blind hand is back"
    for _ in range(200):
        if session.game.deal_over:
            if not session.game.can_deal():
                break
            session.start_deal()
        elif session.bot_to_act():
            session.step()
        else:
            legal = session.game.legal_actions()
            session.submit(legal[-1].action)


@pytest.mark.parametrize("path", sorted((SAVES / "golden").glob("settings-*.json")))
def test_golden_settings_load(path: Path) -> None:
    settings_file().parent.mkdir(parents=True)
    shutil.copy(path, settings_file())
    loaded = load_settings()
    assert loaded.problem == ""
    assert loaded.value.card_back == "blue"
    assert loaded.value.animation_speed == 1.5
    version = int(path.stem.rpartition("-v")[2])
    assert loaded.value.network_name == ("Asha" if version >= 4 else ""), "format 4 keeps a name"


@pytest.mark.parametrize(
    ("model", "stem", "version"),
    [
        (Settings, "settings", SETTINGS_VERSION),
        (SessionSave, "session-save", SAVE_VERSION),
        (LastGame, "last-game", LAST_GAME_VERSION),
    ],
)
def test_exported_schema_matches_the_model(model: type, stem: str, version: int) -> None:
    """Changing a saved model means a new schema_version, a new schema file and golden files."""
    exported = json.loads((SAVES / "schemas" / f"{stem}-v{version}.schema.json").read_text())
    assert model.model_json_schema() == exported


def test_golden_last_game_loads() -> None:
    from game.persistence.last_game import load_last_game
    from game.persistence.paths import config_folder

    (config_folder()).mkdir(parents=True)
    shutil.copy(
        SAVES / "golden" / f"last-game-v{LAST_GAME_VERSION}.json",
        config_folder() / "last_game.json",
    )
    loaded = load_last_game()
    assert loaded.problem == ""
    assert loaded.value.preset == "brag" and loaded.value.options["open_pack"] is True
