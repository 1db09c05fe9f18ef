"""The wheel built from pyproject carries sprites/ and sounds/ so an installed game finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_wheel_contains_assets_and_entry_point(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["--quiet", "--wheel-dir", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("trey-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("sprites", "sounds"):
        shipped = {
            path.relative_to(REPO).as_posix()
            for path in (REPO / folder).rglob("*")
            if path.is_file()
        }
        assert shipped, f"{folder}/ is empty"
        for path in shipped:
            assert f"game/assets/{path}" in names, f"{path} is missing from the wheel"
    assert "game/engine/hands.py" in names
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    assert "trey = game.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
