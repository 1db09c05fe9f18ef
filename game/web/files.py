"""The phone page's files: the client's own files only, each found by its exact address.

Only the files under game/web/client (at `/`) and game/web/vendor (at `/vendor/`) whose names end
in one of TYPES are served; an address is looked up as it came (never decoded or joined to a
folder), so `..`, encoded or not, an absolute path or a dotfile is simply not found.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
"""game/web: the client/ and vendor/ folders."""

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""The kinds of file served, with their content type (anything else is not served)."""

ROOTS = {"/": FOLDER / "client", "/vendor/": FOLDER / "vendor"}
"""Each address prefix with the folder it serves."""

INDEX = "/index.html"
"""The page `/` (and `/index.html`) answers with."""


@dataclass(frozen=True)
class ClientFile:
    """One file of the page: its bytes and its content type."""

    body: bytes
    content_type: str


@cache
def client_files() -> dict[str, ClientFile]:
    """Every file of the page by its address ('/', '/app.js', '/vendor/preact-htm.js'), read
    once."""
    files: dict[str, ClientFile] = {}
    for prefix, folder in ROOTS.items():
        for path in sorted(folder.iterdir()):
            content_type = TYPES.get(path.suffix)
            if content_type is None or not path.is_file() or path.name.startswith("."):
                continue
            files[prefix + path.name] = ClientFile(path.read_bytes(), content_type)
    files["/"] = files[INDEX]
    return files


def client_file(address: str) -> ClientFile | None:
    """The file at `address` (its query string ignored), or None: not one of the page's."""
    path = address.split("?", 1)[0].split("#", 1)[0]
    return client_files().get(path)
