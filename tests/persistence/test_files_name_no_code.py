"""A file cannot name code: a save or last-game file whose seat names anything but one of the
game's own bots is refused like a damaged file (set aside, a sentence, defaults), and the code it
names is never imported. Outside bots load only from the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.bots.registry import command_line_bot, is_known_bot, make_bot
from game.engine.rules import get_preset
from game.persistence.last_game import last_game_file_name, load_last_game
from game.persistence.paths import config_folder
from game.persistence.saves import load_session, peek_save, slot_path, snapshot
from game.session import SeatPlan, Session

OUTSIDE_BOT = """
import pathlib
pathlib.Path(__file__).with_name("ran.txt").write_text("imported")


class Sneaky:
    name = "sneaky"

    def choose(self, observation, legal, rng):
        return legal[0].example()
"""


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _outside_bot(tmp_path: Path) -> tuple[str, Path]:
    """A bot file that leaves a mark when it is imported: its spec and the mark's path."""
    path = tmp_path / "sneaky_bot.py"
    path.write_text(OUTSIDE_BOT, encoding="utf-8")
    return f"{path}:Sneaky", tmp_path / "ran.txt"


def _save_naming(bot: str) -> dict[str, object]:
    session = Session(
        get_preset("teen_patti").rules(),
        [SeatPlan.person("You"), SeatPlan.bot("Priya", "easy")],
        stack=200,
        seed=4,
    )
    data: dict[str, object] = json.loads(snapshot(session).model_dump_json())
    seats = data["seats"]
    assert isinstance(seats, list)
    seats[1]["bot"] = bot
    return data


@pytest.mark.parametrize(
    "bot", ["outside", "game.bots.base:RandomBot", "grandmaster", "easy+bluffer", ""]
)
def test_a_save_naming_anything_but_the_games_bots_is_set_aside_never_imported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, bot: str
) -> None:
    spec, mark = _outside_bot(tmp_path)
    bot = spec if bot == "outside" else bot
    path = slot_path("autosave")
    path.parent.mkdir(parents=True)
    content = json.dumps(_save_naming(bot))
    path.write_text(content, encoding="utf-8")
    modules = set(sys.modules)
    with caplog.at_level("WARNING"):
        session, problem = load_session("autosave")
    assert session is None
    assert problem.startswith("The autosave was damaged; it was kept aside as autosave.json.")
    assert problem.endswith("and there is no game to continue.")
    assert "is not one of the game's bots" in caplog.text, "the detail goes to the log"
    assert not mark.exists(), "the file's code was never run"
    assert not [name for name in set(sys.modules) - modules if "outside_bot" in name]
    assert not path.exists()
    (kept,) = path.parent.glob("autosave.json.broken-*")
    assert kept.read_text(encoding="utf-8") == content


def test_peeking_at_a_save_that_names_code_refuses_it_without_importing(tmp_path: Path) -> None:
    spec, mark = _outside_bot(tmp_path)
    path = slot_path("friday")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_save_naming(spec)), encoding="utf-8")
    assert peek_save("friday") == "friday.json is not a save this version can read"
    assert not mark.exists()


@pytest.mark.parametrize("bot", ["hard+bluffer", "never-look-min", "expert"])
def test_a_save_of_the_games_own_bots_still_resumes(bot: str) -> None:
    path = slot_path("autosave")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_save_naming(bot)), encoding="utf-8")
    session, problem = load_session("autosave")
    assert problem == ""
    assert session is not None and session.seats[1].level == bot


def test_a_last_game_naming_code_is_set_aside_and_the_defaults_used(tmp_path: Path) -> None:
    spec, mark = _outside_bot(tmp_path)
    path = config_folder() / last_game_file_name()
    path.parent.mkdir(parents=True)
    content = json.dumps(
        {
            "schema_version": 1,
            "preset": "brag",
            "seats": [{"name": "You", "kind": "person"}, {"name": "Priya", "kind": spec}],
            "stack": 500,
        }
    )
    path.write_text(content, encoding="utf-8")
    loaded = load_last_game()
    assert loaded.value.preset == "" and loaded.value.seats == [] and loaded.value.stack == 200
    assert loaded.problem.startswith("The file of your last game's choices was damaged;")
    assert loaded.problem.endswith("the defaults are used.")
    assert not mark.exists()
    (kept,) = path.parent.glob("last_game.json.broken-*")
    assert kept.read_text(encoding="utf-8") == content


def test_a_last_game_of_people_and_levels_loads() -> None:
    path = config_folder() / last_game_file_name()
    path.parent.mkdir(parents=True)
    seats = [{"name": "You", "kind": "person"}, {"name": "Priya", "kind": "hard"}]
    path.write_text(json.dumps({"schema_version": 1, "seats": seats}), encoding="utf-8")
    loaded = load_last_game()
    assert loaded.problem == ""
    assert [seat.kind for seat in loaded.value.seats] == ["person", "hard"]


def test_sessions_make_only_the_games_own_bots_and_the_command_line_any(tmp_path: Path) -> None:
    spec, mark = _outside_bot(tmp_path)
    with pytest.raises(ValueError, match="only named on the command line"):
        make_bot(spec)
    with pytest.raises(ValueError, match="only named on the command line"):
        Session(get_preset("teen_patti").rules(), [SeatPlan.person("You"), SeatPlan.bot("X", spec)])
    assert not mark.exists()
    assert command_line_bot(spec).name == "sneaky"
    assert mark.exists(), "the command line does load outside code"


@pytest.mark.parametrize(
    ("name", "known"),
    [
        ("easy", True),
        ("expert+tight", True),
        ("never-look-min", True),
        ("easy+bluffer", False),
        ("hard+", False),
        ("bots/mine.py:Mine", False),
        ("game.bots.base:RandomBot", False),
        ("", False),
    ],
)
def test_known_bots_are_told_by_name_alone(name: str, known: bool) -> None:
    assert is_known_bot(name) is known
