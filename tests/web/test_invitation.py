"""A friend's phone finds the table by its address, the room code in the fragment: `trey serve`
prints it on its start line and draws its QR code on stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import segno

from game.web.invitation import page_host, page_url, qr_rows, terminal_qr

REPO = Path(__file__).resolve().parents[2]


def test_the_code_rides_in_the_fragment() -> None:
    assert page_url("192.168.1.20", 8765, "TREY23") == "http://192.168.1.20:8765/#TREY23"
    assert page_host("127.0.0.1") == "127.0.0.1"
    assert page_host("::1") == "[::1]"
    assert page_host("0.0.0.0") == "127.0.0.1"  # the tests' machine has no other address


def test_the_qr_code_holds_the_address() -> None:
    url = "http://192.168.1.20:8765/#TREY23"
    rows = qr_rows(url)
    expected = segno.make(url, error="m", micro=False)
    assert len(rows) == expected.symbol_size(border=0)[0] == len(rows[0])
    finder = [row[:7] for row in rows[:7]]
    assert finder[0] == [True] * 7 and finder[1] == [True] + [False] * 5 + [True]
    drawn = terminal_qr(url).splitlines()
    assert len(drawn) == (len(rows) + 4 + 1) // 2 and set("".join(drawn)) <= set("█▀▄ ")


def _serve(*arguments: str) -> tuple[dict[str, object], str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--seats", "2", *arguments],
        cwd=REPO,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        started = json.loads(process.stdout.readline())
        process.terminate()
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    return started, err


def test_serve_prints_the_page_address_and_its_qr_code() -> None:
    started, err = _serve("--code", "TREY23")
    url = f"http://127.0.0.1:{started['port']}/#TREY23"
    assert started == {"port": started["port"], "code": "TREY23", "url": url}
    assert url in err and terminal_qr(url) in err


def test_serve_without_the_page_prints_no_address() -> None:
    started, err = _serve("--no-web")
    assert set(started) == {"port", "code"}
    assert "█" not in err
