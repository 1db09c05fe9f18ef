"""Phones at a table, in a real browser: two phone-sized pages and a bot play deals to the end by
tapping only the moves the page offers, and one seat's page never holds a card that seat may not
see; a reload and a dropped network bring the phone back to its seat mid-deal."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from typing import Any

import pytest
from phones import (
    PHONES,
    WAIT_MS,
    chromium,
    deal_shown,
    join,
    needs_browser,
    offered_moves,
    phone,
    table_ended,
)
from served_page import LOOPBACK, ServedTable

from game.bots.registry import make_bot
from game.engine.cards import FULL_DECK, Card
from game.engine.history import replay
from game.i18n import _, speaking
from game.network.address import TableAddress
from game.network.client import BotClient
from game.network.limits import ConnectionCaps
from game.network.server import TableConfig
from game.simulate import knowable_cards

PRETTY = {card.pretty: card for card in FULL_DECK}
PRETTY_TOKEN = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")
RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "10": "T"}
SUITS = {"spades": "s", "hearts": "h", "diamonds": "d", "clubs": "c"}
NAMED = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b")
CARD_TEXT = {str(card): card for card in FULL_DECK}

PLAY_SECONDS = 60.0
"""The longest the table may take to play its deals."""

Snapshot = tuple[int, int, set[Card]]
"""What one watched page held at one moment: the page's index, the deal shown, its cards."""


def cards_on(text: str) -> set[Card]:
    """The cards a page's text or accessibility tree names ('A♠', 'ace of spades')."""
    found = {PRETTY[match.group(0)] for match in PRETTY_TOKEN.finditer(text)}
    for rank, suit in NAMED.findall(text):
        found.add(CARD_TEXT[RANKS.get(rank, rank) + SUITS[suit]])
    return found


def knowable_by_deal(parts: list[str], seat: int) -> dict[int, set[Card]]:
    """Each deal's cards `seat` may learn by its end, from the table's hand history."""
    header = parts[0].split("\ndeal ", 1)[0] + "\n"
    known = {}
    for number, part in enumerate(parts, start=1):
        text = part if number == 1 else header + part
        game = replay(text).game
        known[number] = knowable_cards(game.events, seat)
    return known


def play_to_the_end(pages: list[Any], watched: list[Any], rng: random.Random) -> list[Snapshot]:
    """Tap one of the offered moves on each page whose seat is to act, until every page shows
    the table's end; each watched page's cards are noted at every step, with the deal shown."""
    seen: list[Snapshot] = []
    deadline = time.monotonic() + PLAY_SECONDS
    while not all(table_ended(page) for page in pages):
        assert time.monotonic() < deadline, "the table did not finish its deals in time"
        for index, page in enumerate(watched):
            deal = deal_shown(page)
            if deal is not None:
                text = page.inner_text("body") + page.locator("body").aria_snapshot()
                seen.append((index, deal, cards_on(text)))
        for page in pages:
            moves = offered_moves(page)
            if moves:
                rng.choice(moves).click(timeout=WAIT_MS)
        pages[0].wait_for_timeout(40)
    return seen


def no_card_leaked(seen: list[Snapshot], parts: list[str], seats: list[int]) -> None:
    """Every card a watched page held was one its seat (-1: a spectator) could know in that
    deal, by the hand history; and the canary saw cards at all (else it could not fail)."""
    known = {seat: knowable_by_deal(parts, seat) for seat in seats}
    assert any(cards for _, _, cards in seen), "the canary saw no card at all"
    for index, deal, cards in seen:
        allowed = known[seats[index]][deal]
        assert cards <= allowed, f"deal {deal}: page {index} held {cards - allowed}"


def refusals(sent: list[tuple[int | None, str]]) -> list[str]:
    """The refused messages among the frames the table sent."""
    return [frame for _, frame in sent if json.loads(frame)["type"] == "refused"]


def lobby_says_who_sits_where(page: Any) -> None:
    """The first phone's lobby, before its friend comes: its own seat, the friend's open seat
    and the bot's seat with its level, as the desktop's lobby says them."""
    page.locator(".lobby .seat .kind").first.wait_for(timeout=WAIT_MS)
    kinds = page.locator(".lobby .seat .kind").all_inner_texts()
    assert kinds == ["You", "Open seat: waiting for a friend", "Bot · Easy"]


@needs_browser
def test_two_phones_and_a_bot_play_three_deals_and_no_card_leaks() -> None:
    config = TableConfig(seats=3, bots=("easy",), deals=3, bot_pause=(0.05, 0.1), deal_pause=0.3)
    sent: list[tuple[int | None, str]] = []
    with ServedTable(config) as table, chromium() as (playwright, browser):
        table.server.tap = lambda seat, frame: sent.append((seat, frame))
        pages = []
        for index, device in enumerate(PHONES):
            page = phone(playwright, browser, device).new_page()
            join(page, f"{table.origin}/#{table.code}", ("Asha", "Tom")[index])
            page.locator(".lobby, .table").first.wait_for(timeout=WAIT_MS)
            if index == 0:
                lobby_says_who_sits_where(page)
            pages.append(page)
        bot_row = pages[0].locator(".table .seat", has_text="Bot · Easy")
        bot_row.first.wait_for(timeout=WAIT_MS)
        seen = play_to_the_end(pages, pages[:1], random.Random(7))
        assert table.server.deals_played == 3
        for page in pages:
            assert "The table has ended" in page.inner_text("body")
        assert refusals(sent) == [], "a page sent a move the table did not offer"
        no_card_leaked(seen, table.server.history.parts, [0])


@pytest.mark.slow
@needs_browser
@pytest.mark.parametrize("preset", ["brag", "three_card_poker"])
def test_a_phone_a_desktop_client_a_bot_and_a_watching_phone_at_one_table(preset: str) -> None:
    config = TableConfig(
        preset=preset, seats=3, bots=("easy",), deals=3, bot_pause=(0.05, 0.1), deal_pause=0.3
    )
    sent: list[tuple[int | None, str]] = []
    with ServedTable(config) as table, chromium() as (playwright, browser):
        table.server.tap = lambda seat, frame: sent.append((seat, frame))
        player = phone(playwright, browser, PHONES[0]).new_page()
        join(player, f"{table.origin}/#{table.code}", "Asha")
        player.locator(".lobby").wait_for(timeout=WAIT_MS)
        watcher = phone(playwright, browser, PHONES[1]).new_page()
        watcher.goto(f"{table.origin}/#{table.code}")
        watcher.get_by_role("button", name="Watch").click()
        desktop = BotClient(
            TableAddress.at(LOOPBACK, table.port), table.code, "Tom", make_bot("easy"), timeout=60
        )
        running = asyncio.run_coroutine_threadsafe(desktop.run(), table.loop)
        watcher.get_by_text("You are watching.").wait_for(timeout=WAIT_MS)
        assert watcher.locator(".moves, .own, .reactions").count() == 0
        seen = play_to_the_end([player, watcher], [player, watcher], random.Random(3))
        assert running.result(WAIT_MS / 1000).deals >= 1
        assert table.server.deals_played == 3
        assert refusals(sent) == []
        no_card_leaked(seen, table.server.history.parts, [0, -1])


@needs_browser
def test_five_phones_loading_the_page_at_once_from_one_address_all_get_it() -> None:
    """Five phones behind one address (a proxy, a shared Wi-Fi's router) load the page at the
    same moment: more connections at once than one address may have before their hello, so
    some wait their turn (none is cut), and every page reaches its join form."""
    # two before their hello from one address (8 by default): any page's files pass it
    caps = ConnectionCaps(unwelcomed_per_address=2)
    config = TableConfig(seats=6, bots=("easy",), caps=caps)
    with ServedTable(config) as table, chromium() as (playwright, browser):
        pages = [phone(playwright, browser, PHONES[index % 2]).new_page() for index in range(5)]
        for page in pages:
            page.goto(f"{table.origin}/#{table.code}", wait_until="commit")
        for page in pages:
            page.get_by_role("heading", name="Join the table").wait_for(timeout=WAIT_MS * 2)
        gate = table.server.gate
        assert gate.waited > 0, "the burst stayed under the cap: no test"
        assert gate.refused == 0


@needs_browser
def test_a_page_whose_file_failed_to_load_loads_again() -> None:
    config = TableConfig(seats=2, bots=("easy",))
    with ServedTable(config) as table, chromium() as (playwright, browser):
        page = phone(playwright, browser, PHONES[0]).new_page()
        asked: list[str] = []

        def once_cut(route: Any) -> None:
            asked.append(route.request.url)
            if len(asked) == 1:
                route.abort("connectionreset")  # a weak signal loses the first try
            else:
                route.continue_()

        page.route("**/words.js", once_cut)
        page.goto(f"{table.origin}/#{table.code}")
        page.get_by_role("heading", name="Join the table").wait_for(timeout=WAIT_MS)
        assert len(asked) == 2, "loaded again once"
        assert page.evaluate("sessionStorage.getItem('trey.loadTries')") is None


@needs_browser
def test_a_page_that_never_loads_says_so_in_the_players_language() -> None:
    """Every try cut: after three reloads the page says it did not load, in the language the
    player chose before (the table's words for it still come)."""
    config = TableConfig(seats=2, bots=("easy",))
    with ServedTable(config) as table, chromium() as (playwright, browser):
        page = phone(playwright, browser, PHONES[0]).new_page()
        page.add_init_script("localStorage.setItem('trey.language', 'hi')")
        asked: list[str] = []

        def always_cut(route: Any) -> None:
            asked.append(route.request.url)
            route.abort("connectionreset")

        page.route("**/words.js", always_cut)
        page.goto(f"{table.origin}/#{table.code}")
        with speaking("hi"):
            sentence = _("The page did not load. Reload it to try again.")
        assert sentence != "The page did not load. Reload it to try again."
        page.get_by_text(sentence).wait_for(timeout=WAIT_MS * 2)
        assert len(asked) == 4, "the first load and three more"


def set_network(page: Any, *, online: bool, fires_events: bool) -> None:
    """Take the page's network away (or give it back) as a phone losing its signal would.
    Chromium that starts where the only interface is loopback (a test's own network namespace)
    believes it is offline from the start (`fires_events` False: `navigator.onLine` was false)
    and fires no offline/online event when the network is emulated away and back; there the
    event the browser fires elsewhere is dispatched too."""
    page.context.set_offline(not online)
    if not fires_events:
        page.evaluate(f"dispatchEvent(new Event('{'online' if online else 'offline'}'))")


@needs_browser
def test_a_reload_and_a_dropped_network_return_to_the_same_seat_mid_deal() -> None:
    config = TableConfig(seats=2, bots=("easy",), bot_pause=(0.05, 0.1))
    with ServedTable(config) as table, chromium() as (playwright, browser):
        page = phone(playwright, browser, PHONES[1]).new_page()
        join(page, f"{table.origin}/#{table.code}", "Asha")
        page.locator(".moves .move").first.wait_for(timeout=WAIT_MS)
        deal = deal_shown(page)
        mine = page.locator(".seat.mine .name")
        assert mine.inner_text().startswith("Asha")
        page.reload()
        page.locator(".moves .move").first.wait_for(timeout=WAIT_MS * 3)
        assert page.get_by_text("I'm back.").count() == 1
        assert deal_shown(page) == deal and mine.inner_text().startswith("Asha")
        fires_events = bool(page.evaluate("navigator.onLine"))
        set_network(page, online=False, fires_events=fires_events)
        page.locator(".banner.warn").wait_for(timeout=WAIT_MS)
        assert offered_moves(page) == [] or page.locator(".banner.warn").count() == 1
        set_network(page, online=True, fires_events=fires_events)
        page.get_by_text("I'm back.").nth(1).wait_for(timeout=WAIT_MS * 3)
        page.locator(".moves .move").first.wait_for(timeout=WAIT_MS * 3)
        assert deal_shown(page) == deal and mine.inner_text().startswith("Asha")
        assert list(table.server.seated) == [0] and table.server.deals_played == 0


ANSWERING_AT_ONCE = """
const said = %s;
window.WebSocket = class {
  static OPEN = 1;
  constructor() {
    this.readyState = 0;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen();
    });
  }
  send(data) {
    if (JSON.parse(data).type !== "hello") return;
    for (const frame of said) this.onmessage({ data: frame });
  }
  close() {}
};
sessionStorage.setItem("trey.seat", %s);
"""
"""A page script: a table that answers the page's hello at once, before the page's first effect
has run (what a fast table does now and then after a reload), with the frames `said`; and the
seat the tab kept (the page takes it back on load)."""


@needs_browser
def test_a_page_that_hears_its_table_before_it_is_first_drawn_shows_the_table() -> None:
    """A reloaded page takes its seat back; a table that answers before the page has finished
    its first drawing was not heard (the page stayed on 'Taking your seat back…', about one
    reload in four): what it said is shown once the page is drawn."""
    config = TableConfig(seats=2, bots=("easy",), bot_pause=(0.05, 0.1))
    sent: list[tuple[int | None, str]] = []
    with ServedTable(config) as table, chromium() as (playwright, browser):
        table.server.tap = lambda seat, frame: sent.append((seat, frame))
        first = phone(playwright, browser, PHONES[0]).new_page()
        join(first, f"{table.origin}/#{table.code}", "Asha")
        first.locator(".moves .move").first.wait_for(timeout=WAIT_MS)
        kept = first.evaluate("sessionStorage.getItem('trey.seat')")
        latest = {json.loads(frame)["type"]: frame for seat, frame in sent if seat == 0}
        said = [latest["welcome"], latest["lobby"], latest["state"]]
        again = phone(playwright, browser, PHONES[0]).new_page()
        again.add_init_script(ANSWERING_AT_ONCE % (json.dumps(said), json.dumps(kept)))
        again.goto(f"{table.origin}/#{table.code}")
        again.locator(".moves .move").first.wait_for(timeout=WAIT_MS)
        assert deal_shown(again) == deal_shown(first) == 1
