"""Code compiled from text while modules load, kept (game/kept_code.py): the dataclasses'
methods and typing's forward references run what compiling the text makes, a kept file spares
compiling, and a missing, damaged or unwritable file is no matter."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from game import kept_code
from game.kept_code import MAGIC, keeping_generated_code


@pytest.fixture(autouse=True)
def fresh_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test reads its files afresh, as a new process would."""
    monkeypatch.setattr(kept_code, "_tables", {})


def make_record() -> type:
    """A frozen, ordered dataclass with a default: most of the methods dataclasses write."""

    @dataclasses.dataclass(frozen=True, order=True)
    class Record:
        name: str
        count: int = 3

    return Record


def methods(record: type) -> dict[str, object]:
    """The code of the methods dataclasses wrote for `record`, comparable between classes."""
    found = {}
    for name in ("__init__", "__repr__", "__eq__", "__lt__", "__hash__", "__setattr__"):
        code = getattr(record, name).__code__
        found[name] = (code.co_code, code.co_consts, code.co_names, code.co_varnames)
    return found


def compiled_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts compiled from now on in the kept code's module."""
    texts: list[str] = []
    real = compile

    def counting(source: str, *more: object, **keywords: object) -> object:
        texts.append(source)
        return real(source, *more, **keywords)  # type: ignore[call-overload]

    monkeypatch.setattr(kept_code, "compile", counting, raising=False)
    return texts


def test_kept_code_is_the_code_dataclasses_compile_and_spares_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "code" / "kept.code"
    plain = make_record()
    with keeping_generated_code(path):
        first = make_record()
    assert not hasattr(dataclasses, "exec"), "dataclasses' own exec again after the block"
    assert path.read_bytes().startswith(MAGIC), "what was compiled is kept"
    assert methods(first) == methods(plain)
    assert first("a") < first("b") and repr(first("a")) == repr(plain("a"))
    written = path.read_bytes()
    monkeypatch.setattr(kept_code, "_tables", {})
    compiled = compiled_here(monkeypatch)
    with keeping_generated_code(path):
        second = make_record()
    assert compiled == [], "every method came from the kept file"
    assert methods(second) == methods(plain)
    assert second("x", 2) == second("x", 2) and hash(second("x")) == hash(plain("x"))
    assert path.read_bytes() == written, "nothing new: the file is not written again"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),
        lambda data: b"TREYCOD0" + data[8:],
        lambda data: b"",
        lambda data: MAGIC + bytes(300),
    ],
    ids=["short", "flipped", "other version", "empty", "zeros"],
)
def test_a_damaged_file_is_compiled_again_and_written_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: object
) -> None:
    path = tmp_path / "kept.code"
    with keeping_generated_code(path):
        make_record()
    whole = path.read_bytes()
    path.write_bytes(damage(whole))  # type: ignore[operator]
    monkeypatch.setattr(kept_code, "_tables", {})
    compiled = compiled_here(monkeypatch)
    with keeping_generated_code(path):
        record = make_record()
    assert compiled, "compiled afresh"
    assert methods(record) == methods(make_record())
    assert path.read_bytes().startswith(MAGIC) and len(path.read_bytes()) == len(whole)


def test_a_folder_that_cannot_be_written_is_no_matter(tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    with keeping_generated_code(blocked / "code" / "kept.code"):
        record = make_record()
    assert methods(record) == methods(make_record()) and record("a") == record("a")
    assert list(tmp_path.iterdir()) == [blocked]


def test_blocks_nest_and_the_outermost_keeps(tmp_path: Path) -> None:
    path = tmp_path / "kept.code"
    with keeping_generated_code(path), keeping_generated_code(tmp_path / "other.code"):
        make_record()
        assert not path.exists(), "kept when the outermost block ends"
    assert path.exists() and not (tmp_path / "other.code").exists()


def test_forward_references_are_compiled_once_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kept.code"
    plain = typing.ForwardRef("dict[str, list[int]]")
    with keeping_generated_code(path):
        first = typing.ForwardRef("dict[str, list[int]]")
        with pytest.raises(SyntaxError, match="must be an expression"):
            typing.ForwardRef("not an expression")
    assert not hasattr(typing, "compile"), "typing's own compile again after the block"
    assert first.__forward_code__ == plain.__forward_code__
    monkeypatch.setattr(kept_code, "_tables", {})
    compiled = compiled_here(monkeypatch)
    with keeping_generated_code(path):
        second = typing.ForwardRef("dict[str, list[int]]")
    assert compiled == [] and second.__forward_code__ == plain.__forward_code__
    assert typing.get_type_hints(type("Hinted", (), {"__annotations__": {"a": second}})) == {
        "a": dict[str, list[int]]
    }
