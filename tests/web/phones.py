"""Phones for the browser tests: Debian's Chromium driven by playwright-python (no browser is
downloaded), each page sized as a phone; the tests skip, saying why, where either is missing."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # the `browser` extra is not installed (make play installs no extras)
    sync_playwright = None

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONES = ("Pixel 7", "iPhone 13")
"""The phones the page is played on (playwright's descriptions: their viewports and touch)."""

WAIT_MS = 10_000
"""The longest a page is waited on for one thing, in milliseconds."""

needs_browser = pytest.mark.skipif(
    sync_playwright is None or CHROMIUM is None,
    reason="the browser tests need playwright (pip install -e '.[browser]') and a chromium "
    "(apt-get install chromium)",
)


@contextmanager
def chromium() -> Iterator[Any]:
    """The system's Chromium, headless, with playwright's devices."""
    assert sync_playwright is not None and CHROMIUM is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGUMENTS)
        try:
            yield playwright, browser
        finally:
            browser.close()


def phone(
    playwright: Any, browser: Browser, name: str, language: str = "en", **options: Any
) -> BrowserContext:
    """A browser context sized and touched as the phone `name`, speaking `language`."""
    device = dict(playwright.devices[name])
    device.pop("default_browser_type", None)
    return browser.new_context(**{**device, **options}, locale=language)


def join(page: Page, url: str, name: str) -> None:
    """Open the table's page and take a seat as `name` (the code comes from the address)."""
    page.goto(url)
    page.locator("input[name=name]").fill(name)
    page.locator("form button[type=submit]").click()


def offered_moves(page: Page) -> list[Any]:
    """The move buttons the page offers now (none: not this seat's turn)."""
    return page.locator(".moves .move").all()


def table_ended(page: Page) -> bool:
    """Whether the page shows the table's end."""
    return page.locator(".ended").count() > 0


def deal_shown(page: Page) -> int | None:
    """The deal number the page's table shows (None: no table). Read without waiting: the
    table may leave between a count and a read (a deal's end arriving just then), and a read
    that waits for it would wait for a table that is gone."""
    headers = page.locator(".pot span").all_inner_texts()
    if not headers:
        return None
    found = re.search(r"\d+", headers[0])
    return int(found.group(0)) if found else None
