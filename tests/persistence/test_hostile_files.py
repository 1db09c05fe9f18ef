"""Every loader against hostile files made by hypothesis: random bytes, deep nesting, huge
numbers, wrong types and truncated good files. No exception escapes, the message names the
file, and the original is kept (set aside byte for byte, or left where it was)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.history import HistoryError, replay
from game.persistence.last_game import last_game_file_name, load_last_game
from game.persistence.paths import config_folder
from game.persistence.reading import DATA_LIMIT, FileProblem
from game.persistence.saves import load_session, peek_save, slot_path
from game.persistence.settings import load_settings, settings_file
from game.statistics import load_lifetime, statistics_file

GOOD_SETTINGS = json.dumps({"schema_version": 1, "volume": 0.5, "card_back": "blue"})
GOLDEN_SAVE = Path(__file__).resolve().parents[2] / "saves" / "golden"
HISTORY = (
    Path(__file__).resolve().parents[2] / "saves" / "histories" / "brag-seeing.txt"
).read_text(encoding="utf-8")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats()
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)


def _nested(depth: int, opener: str) -> bytes:
    closer = {"[": "]", "{": "}"}[opener]
    inner = (
        '{"a": ' * depth + "1" + "}" * depth if opener == "{" else opener * depth + closer * depth
    )
    return ('{"schema_version": 1, "x": ' + inner + "}").encode()


def hostile(good: bytes) -> st.SearchStrategy[bytes]:
    """Hostile variants of one good file."""
    return st.one_of(
        st.binary(max_size=300),
        st.builds(_nested, st.integers(min_value=20, max_value=3_000), st.sampled_from("[{")),
        st.integers(min_value=300, max_value=20_000).map(
            lambda digits: b'{"schema_version": 1, "volume": ' + b"7" * digits + b"}"
        ),
        json_values.map(lambda value: json.dumps(value).encode()),
        st.dictionaries(
            st.sampled_from(["schema_version", "volume", "seats", "histories", "games", "stack"]),
            json_values,
            max_size=4,
        ).map(lambda value: json.dumps(value).encode()),
        st.integers(min_value=0, max_value=max(0, len(good) - 1)).map(lambda cut: good[:cut]),
    )


@contextmanager
def private_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Fresh config and data folders for one example (monkeypatch.context() undoes each)."""
    home = Path(tempfile.mkdtemp(prefix="trey-hostile-"))
    with monkeypatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(home / "config"))
        patch.setenv("XDG_DATA_HOME", str(home / "data"))
        try:
            yield home
        finally:
            shutil.rmtree(home, ignore_errors=True)


def check_loader(path: Path, content: bytes, load: Callable[[], str]) -> None:
    """Write `content` at `path`, load, and check: no exception, file named, original kept."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    problem = load()
    assert len(problem) < 800
    kept = list(path.parent.glob(f"{path.name}.broken-*"))
    if problem:
        assert path.name in problem
        if kept:
            (aside,) = kept
            assert aside.read_bytes() == content and not path.exists()
            assert aside.name in problem
        else:
            assert path.read_bytes() == content, "a file not set aside is left as it was"
    else:
        assert not kept and path.read_bytes() == content


def _golden_save() -> bytes:
    return next(iter(sorted(GOLDEN_SAVE.glob("session-*.json")))).read_bytes()


LOADERS: dict[str, tuple[Callable[[], Path], Callable[[], str], Callable[[], bytes]]] = {
    "settings": (settings_file, lambda: load_settings().problem, GOOD_SETTINGS.encode),
    "last game": (
        lambda: config_folder() / last_game_file_name(),
        lambda: load_last_game().problem,
        lambda: b'{"schema_version": 1, "preset": "brag", "seats": [], "stack": 100}',
    ),
    "statistics": (
        statistics_file,
        lambda: load_lifetime().problem,
        lambda: b'{"schema_version": 1, "games": {"brag": {"hands_played": 3}}}',
    ),
    "save": (lambda: slot_path("hostile"), lambda: load_session("hostile")[1], _golden_save),
}


@pytest.mark.parametrize("loader", sorted(LOADERS))
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_loader_survives_hostile_files(
    loader: str, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    where, load, good = LOADERS[loader]
    content = data.draw(hostile(good()))
    with private_home(monkeypatch):
        check_loader(where(), content, load)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_save_list_reads_hostile_saves_without_moving_them(
    data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = data.draw(hostile(_golden_save()))
    with private_home(monkeypatch):
        path = slot_path("listed")
        path.parent.mkdir(parents=True)
        path.write_bytes(content)
        result = peek_save("listed")
        if isinstance(result, str):
            assert "listed.json" in result
        assert path.read_bytes() == content


@settings(max_examples=150)
@given(
    st.one_of(
        st.text(max_size=400),
        st.integers(min_value=0, max_value=len(HISTORY)).map(lambda cut: HISTORY[:cut]),
        st.builds(
            lambda depth: HISTORY.replace("rules {}", "rules " + "[" * depth + "]" * depth),
            st.integers(min_value=1, max_value=990),
        ),
        st.builds(
            lambda digits, line: HISTORY.replace("0 bet 2", f"0 bet {'9' * digits}").replace(
                "seat 1 50 B", line
            ),
            st.integers(min_value=1, max_value=3_000),
            st.sampled_from(
                ["seat 1 50 B", "seat 1 -50 B", "retained 9 As Kd 3c", "carried -1", "loan 1 1 4"]
            ),
        ),
    )
)
def test_replay_survives_hostile_histories(text: str) -> None:
    try:
        replay(text)
    except HistoryError as error:
        message = str(error)
        assert message.startswith("line ") and len(message) < 400


@settings(max_examples=60)
@given(content=hostile(b'{"counts": [1, 2], "chances": [[1, 2]], "exact_above_one": true}'))
def test_shipped_bot_data_never_raises_past_a_file_problem(content: bytes) -> None:
    from game.bots.strength import _read_shipped

    folder = Path(tempfile.mkdtemp(prefix="trey-data-"))
    try:
        path = folder / "strength-test.json"
        path.write_bytes(content)
        try:
            shipped = _read_shipped(path, 2)
        except FileProblem as problem:
            assert "strength-test.json" in str(problem)
        else:
            assert shipped is not None
            counts, rows, _ = shipped
            assert len(counts) == 2 and len(rows) == 6
        assert path.read_bytes() == content
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_shipped_file_past_its_cap_is_refused_unread(tmp_path: Path) -> None:
    from game.bots.strength import _read_shipped

    path = tmp_path / "strength-big.json"
    path.write_bytes(b" " * (DATA_LIMIT + 1))
    with pytest.raises(FileProblem, match=r"strength-big\.json is larger than 1 MB"):
        _read_shipped(path, 2)


def test_a_damaged_strategy_falls_back_with_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.bots import expert

    (tmp_path / "strategy-brag.json").write_text('{"strategy": {"": [[1, "x"]]}}')
    monkeypatch.setattr(expert, "DATA_FOLDER", tmp_path)
    expert.solved_games.cache_clear()
    try:
        assert expert.solved_strategy("brag") == {}
    finally:
        expert.solved_games.cache_clear()
    assert "strategy-brag.json: its 'strategy' is not rows of numbers" in capsys.readouterr().err
