"""The phone page on the websocket's own port: plain HTTP GETs answered with the client's files,
and the origin rule for websockets.

`page_requests(web)` is the websockets server's `process_request` hook. A websocket handshake
goes on (None) unless a browser opened it from another origin (403); any other GET is answered
here: a file of the page, a language's words (/lang/hi.json), or 404. With the page turned off
(`trey serve --no-web`) a GET is answered with one sentence. Every answer carries a content
security policy with no inline script or style, and `X-Content-Type-Options: nosniff`.
"""

from __future__ import annotations

import email.utils
import re
from collections.abc import Callable
from http import HTTPStatus
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.web.files import client_file
from game.web.languages import language_data, sentences_data

ProcessRequest = Callable[[ServerConnection, Request], Response | None]
"""The websockets server's `process_request` hook."""

NO_PAGE = "This is a Trey table. Join it from Trey: Play with friends, or `trey join`.\n"
"""What a browser is told by a table that serves no page (`trey serve --no-web`)."""

NOT_FOUND = "Not found.\n"

_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")
"""A Host header that may be written into the policy (a name or an address, and a port)."""

_LANGUAGE = re.compile(r"^/lang/([a-z]{2,3})(\.sentences)?\.json$")


def content_policy(host: str | None) -> str:
    """The page's content security policy: its own files only, no inline script or style; the
    websocket back to the address it was loaded from."""
    sockets = f" ws://{host} wss://{host}" if host and _HOST.match(host) else ""
    return (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        f"connect-src 'self'{sockets}; manifest-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    )


def allowed_origin(origin: str | None, host: str | None) -> bool:
    """Whether a websocket may open: no Origin (a desktop client, a bot), or a page from this
    very address (its Origin's host and port are the request's Host)."""
    if origin is None:
        return True
    if host is None:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return parts.netloc.lower() == host.strip().lower()


def page_requests(web: bool = True) -> ProcessRequest:
    """The hook that answers plain GETs with the page (`web`; else a sentence) and refuses a
    websocket opened by a page of another origin."""

    def answer(connection: ServerConnection, request: Request) -> Response | None:
        headers = request.headers
        host = headers.get("Host")
        if "websocket" in headers.get("Upgrade", "").lower():
            if allowed_origin(headers.get("Origin"), host):
                return None
            return _response(HTTPStatus.FORBIDDEN, b"Another site may not open this table.\n")
        if not web:
            return _response(HTTPStatus.OK, NO_PAGE.encode())
        return page_answer(request.path, host)

    return answer


def page_answer(path: str, host: str | None) -> Response:
    """The answer to a GET of `path`: a file of the page, a language's words, or 404."""
    found = client_file(path)
    if found is not None:
        return _response(HTTPStatus.OK, found.body, found.content_type, host)
    language = _LANGUAGE.match(path.split("?", 1)[0])
    data = None
    if language is not None:
        words = sentences_data if language.group(2) else language_data
        data = words(language.group(1))
    if data is not None:
        return _response(HTTPStatus.OK, data, "application/json; charset=utf-8", host)
    return _response(HTTPStatus.NOT_FOUND, NOT_FOUND.encode())


def _response(
    status: HTTPStatus,
    body: bytes,
    content_type: str = "text/plain; charset=utf-8",
    host: str | None = None,
) -> Response:
    headers = Headers(
        [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Length", str(len(body))),
            ("Content-Type", content_type),
            ("Content-Security-Policy", content_policy(host)),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-cache"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)
