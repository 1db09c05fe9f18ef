"""The `rank` verb: text and JSON output, one-line errors with exit status 2."""

import json
import subprocess
import sys

import pytest

from game.cli import main


def test_rank_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "AS2H3D", "--ranking", "brag", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result == {
        "category": "Run",
        "description": "Run A-2-3",
        "plays_as": "A-2-3",
        "beats": 21940,
        "ties": 59,
        "loses_to": 100,
    }


def test_rank_text_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "8s 8d Kc"]) == 0
    out = capsys.readouterr().out
    assert "Pair of 8s, king kicker" in out
    assert "Beats 18,408 of the other 22,099 hands" in out


def test_rank_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "A♠ 2♥ 3♦", "--a23", "lowest", "--json"]) == 0
    lowest = json.loads(capsys.readouterr().out)
    assert lowest["category"] == "Sequence"
    assert lowest["beats"] < 21940
    assert main(["rank", "2s Ah Ad", "--wild", "2s 2h 2d 2c", "--json"]) == 0
    wild = json.loads(capsys.readouterr().out)
    assert wild["description"] == "Trail of aces (1 wild card)"
    assert wild["beats"] + wild["ties"] + wild["loses_to"] == 22099


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["rank", "Xs 2h 3d"], "'Xs' is not a card"),
        (["rank", "As 2h"], "a hand has 3 cards"),
        (["rank", "As As 3d"], "As appears twice"),
        (["rank", "As 2h 3d", "--ranking", "poker"], "'poker' is not a ranking"),
        (["rank", "As 2h 3d", "--a23", "middle"], "not an A-2-3 placement"),
        (["rank", "As 2h 3d", "--wild", "2x"], "'2x' is not a card"),
    ],
)
def test_rank_errors_are_one_line_with_status_2(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.count("\n") == 1


def test_python_dash_m_game_runs_without_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game", "rank", "As Kd", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == "trey: a hand has 3 cards, but 'As Kd' has 2"


def test_scene_without_screenshot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--scene", "menu"]) == 2
    assert "give --screenshot" in capsys.readouterr().err
