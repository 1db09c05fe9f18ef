"""Draw the phone page's pictures for the docs: a phone at a Teen Patti table with two bots, in
portrait and landscape (a Pixel 7), after it has seen its cards.

Run from the repository: `python tests/web/make_phone_pictures.py` (needs the `browser` extra and
chromium); the pictures go to docs/pictures/.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from phones import PHONES, WAIT_MS, chromium, join, phone  # noqa: E402
from served_page import ServedTable  # noqa: E402

from game.network.server import TableConfig  # noqa: E402

PICTURES = HERE.parents[1] / "docs" / "pictures"

SCALE = 1.5
"""Pixels per CSS pixel: sharp enough to read, small enough to keep in the repository."""


def main() -> None:
    """Seat a phone at a table, see its cards, and photograph the page in each shape."""
    PICTURES.mkdir(parents=True, exist_ok=True)
    config = TableConfig(
        seats=3, bots=("medium", "medium"), turn_seconds=30.0, bot_pause=(0.3, 0.6)
    )
    with ServedTable(config) as table, chromium() as (playwright, browser):
        sharp = {"device_scale_factor": SCALE}
        landscape = {"width": 915, "height": 412}
        shapes = {
            "phone-table-pixel.png": phone(playwright, browser, PHONES[0], **sharp),
            "phone-table-landscape.png": phone(
                playwright, browser, PHONES[0], viewport=landscape, screen=landscape, **sharp
            ),
        }
        pages = {name: context.new_page() for name, context in shapes.items()}
        first = next(iter(pages.values()))
        join(first, f"{table.origin}/#{table.code}", "Asha")
        first.get_by_role("button", name="See cards", exact=True).click(timeout=WAIT_MS * 3)
        first.locator(".moves .move").first.wait_for(timeout=WAIT_MS * 3)
        first.get_by_role("button", name="👍").click()
        first.wait_for_timeout(300)
        holder = first
        for name, page in pages.items():
            if page is not holder:
                # the same seat on another phone: the holder's token, as after a reload
                kept = holder.evaluate("sessionStorage.getItem('trey.seat')")
                page.goto(f"{table.origin}/")
                page.evaluate("(kept) => sessionStorage.setItem('trey.seat', kept)", kept)
                page.reload()
                page.locator(".moves .move").first.wait_for(timeout=WAIT_MS)
                holder = page
            page.wait_for_timeout(300)
            page.screenshot(path=str(PICTURES / name))
            print(PICTURES / name)


if __name__ == "__main__":
    main()
