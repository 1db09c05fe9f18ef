"""The phone page is served on the table's own port: its own files only, with a policy that
forbids inline script and style; a websocket from another origin is refused."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Iterator

import pytest
from served_page import ServedTable, raw_get
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from game.i18n import LOCALE_FOLDER
from game.network.server import TableConfig
from game.web.files import FOLDER, client_files

PREACT_HTM_SHA256 = "72284e8e9079c87817145df1110f74e8a2aa040b2fc384922e18dfcb46fc1fd7"
"""htm 3.1.1's preact/standalone.module.js, as vendored (game/web/vendor/README.md)."""


@pytest.fixture(scope="module")
def table() -> Iterator[ServedTable]:
    with ServedTable(TableConfig(seats=2, bots=("easy",))) as served:
        yield served


def test_the_page_and_its_files_are_served_with_a_strict_policy(table: ServedTable) -> None:
    status, headers, body = raw_get(table.port, "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert b'<script type="module" src="app.js">' in body
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe" not in policy and "default-src 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    for address, file in client_files().items():
        status, headers, body = raw_get(table.port, address)
        assert (status, body) == (200, file.body), address
        assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    "target",
    [
        "/%2e%2e/files.py",
        "/..%2ffiles.py",
        "/%2E%2E%2F%2E%2E%2Fcli.py",
        "/../files.py",
        "/vendor/../files.py",
        "/vendor/%2e%2e/files.py",
        "//etc/passwd",
        "/etc/passwd",
        "http://127.0.0.1/etc/passwd",
        "/files.py",
        "/vendor/LICENSE-htm",
        "/vendor/README.md",
        "/.gitignore",
        "/client/index.html",
        "/lang/xx.json",
        "/lang/../words.py",
        "/index.html/",
    ],
)
def test_anything_else_is_not_found(table: ServedTable, target: str) -> None:
    status, headers, body = raw_get(table.port, target)
    assert status == 404 and body == b"Not found.\n", target
    assert headers["x-content-type-options"] == "nosniff"


def test_no_inline_script_or_style_in_the_page() -> None:
    page = client_files()["/index.html"].body.decode()
    assert "<style" not in page and " style=" not in page
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", page))
    assert not re.search(r"\son[a-z]+=", page)


def test_the_vendored_preact_is_the_pinned_one_with_its_licences() -> None:
    vendored = (FOLDER / "vendor" / "preact-htm.js").read_bytes()
    assert hashlib.sha256(vendored).hexdigest() == PREACT_HTM_SHA256
    assert "MIT" in (FOLDER / "vendor" / "LICENSE-preact").read_text(encoding="utf-8")
    assert "Apache" in (FOLDER / "vendor" / "LICENSE-htm").read_text(encoding="utf-8")


def test_a_language_is_its_catalog_words(table: ServedTable) -> None:
    status, headers, body = raw_get(table.port, "/lang/hi.json")
    assert status == 200 and headers["content-type"].startswith("application/json")
    data = json.loads(body)
    assert data["language"] == "hi"
    assert data["refusals"]["not_your_turn"] != "It is not your turn."
    english = json.loads(raw_get(table.port, "/lang/en.json")[2])
    assert english["refusals"]["not_your_turn"] == "It is not your turn."


async def _opens(port: int, origin: str | None) -> bool:
    headers = {} if origin is None else {"Origin": origin}
    try:
        async with connect(f"ws://127.0.0.1:{port}/", additional_headers=headers, open_timeout=5):
            return True
    except InvalidStatus as refused:
        assert refused.response.status_code == 403
        return False


@pytest.mark.parametrize(
    ("origin", "opens"),
    [
        (None, True),
        ("same", True),
        ("http://evil.example", False),
        ("http://127.0.0.1:1", False),
        ("null", False),
        ("http://localhost", False),
    ],
)
def test_a_websocket_from_another_origin_is_refused(
    table: ServedTable, origin: str | None, opens: bool
) -> None:
    asked = table.origin if origin == "same" else origin
    assert asyncio.run(_opens(table.port, asked)) is opens


def test_without_the_page_a_browser_is_told_in_one_sentence() -> None:
    with ServedTable(TableConfig(seats=2, bots=("easy",), web=False)) as served:
        status, headers, body = raw_get(served.port, "/")
        assert status == 200 and headers["content-type"].startswith("text/plain")
        assert body.decode().count("\n") == 1 and "Trey table" in body.decode()
        assert raw_get(served.port, "/app.js")[2] == body
        assert asyncio.run(_opens(served.port, served.origin))


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_the_sentences_are_the_whole_catalog(table: ServedTable, code: str) -> None:
    status, _, body = raw_get(table.port, f"/lang/{code}.sentences.json")
    assert status == 200
    data = json.loads(body)
    catalog = (LOCALE_FOLDER / code / "LC_MESSAGES" / "trey.po").read_text(encoding="utf-8")
    assert "plural=(n != 1);" in catalog, "the page picks a plural form by n != 1"
    assert all(len(forms) == 2 for forms in data["plurals"].values()) and data["plurals"]
    rule = "Pack: drop out and lose what you have put in."
    assert data["messages"][rule] != rule
    assert data["phases"]["keep"] != "keep"
    assert raw_get(table.port, "/lang/en.sentences.json")[0] == 404
