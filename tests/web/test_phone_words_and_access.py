"""The phone page in Hindi and Tagalog shows no English the catalogs translate, and axe finds
no serious or critical accessibility violation on the join, table and result screens."""

from __future__ import annotations

import dataclasses
import gettext
import json
import re
from pathlib import Path
from typing import Any

import pytest
from phones import PHONES, WAIT_MS, chromium, join, needs_browser, phone
from served_page import ServedTable

from game.engine.cards import parse
from game.engine.rules import BragRules
from game.engine.said import says
from game.i18n import DOMAIN, LOCALE_FOLDER, N_, _, speaking
from game.network.codec import encode_said
from game.network.server import TableConfig
from game.ui.shell.seating import scripted_session
from game.web.narration import said_lines
from game.web.words import WEB_WORDS
from game.words.hands import said_hand

BRAG_RULES = BragRules()
DEVANAGARI = re.compile(r"[\u0900-\u097f]")

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"

RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((found) => ({
    id: found.id, impact: found.impact, nodes: found.nodes.map((node) => node.target.join(" ")),
  }));
}"""


def english_left(text: str, code: str) -> list[str]:
    """The English sentences of the page (their fixed words) that the catalog of `code`
    translates but `text` still shows in English."""
    catalog = gettext.translation(DOMAIN, LOCALE_FOLDER, languages=[code])
    left = []
    for words in WEB_WORDS:
        translated = catalog.gettext(words)
        if translated == words:
            continue
        for part in re.split(r"\{\w+\}", words):
            part = part.strip(" :.…?!")
            if (
                len(part) >= 4
                and part not in translated
                and re.search(rf"\b{re.escape(part)}\b", text)
            ):
                left.append(part)
    return left


def test_english_left_finds_an_untranslated_sentence() -> None:
    assert english_left("आपकी बारी · Your turn", "hi") == ["Your turn"]
    assert english_left("Ang iyong mga baraha", "tl") == []


def said_lines_of_a_deal() -> list[str]:
    """English lines of a dealt table, to tell English narration from another language's."""
    session = scripted_session("teen_patti", 3)
    return said_lines(session.observe(0).history, session.names, "teen_patti", 0, "en")


def seated_at_table(page: Any, table: ServedTable) -> None:
    """Take a seat and wait for the table with this seat's moves."""
    join(page, f"{table.origin}/#{table.code}", "Asha")
    page.locator(".moves .move").first.wait_for(timeout=WAIT_MS)


@needs_browser
@pytest.mark.parametrize("code", ["hi", "tl"])
def test_a_phone_in_hindi_or_tagalog_shows_no_english_catalog_miss(code: str) -> None:
    config = TableConfig(seats=2, bots=("easy",), bot_pause=(0.05, 0.1), deal_pause=30.0)
    sent: list[tuple[int | None, str]] = []
    english_said = set(said_lines_of_a_deal())
    with ServedTable(config) as table, chromium() as (playwright, browser):
        table.server.tap = lambda seat, frame: sent.append((seat, frame))
        page = phone(playwright, browser, PHONES[0], language=code).new_page()
        page.goto(f"{table.origin}/#{table.code}")
        page.locator("form.join").wait_for(timeout=WAIT_MS)
        assert page.evaluate("document.documentElement.lang") == code
        assert english_left(page.inner_text("body"), code) == []
        seated_at_table(page, table)
        assert english_left(page.inner_text("body"), code) == []
        english_rules = {
            (move["rule"] or {}).get("text")
            for _, frame in sent
            if (message := json.loads(frame))["type"] == "state"
            for move in message["legal"]
        }
        page.locator(".rule-button").first.click()
        rule = page.locator("p.rule").inner_text()
        assert rule and rule not in english_rules, "the rule is said in the page's language"
        log = page.locator(".log li").all_inner_texts()
        assert log and all(line not in english_said for line in log)
        if code == "hi":
            assert all(re.search("[\u0900-\u097f]", line) for line in log), log
        page.locator(".moves .move").last.click()  # the last move packs
        page.locator(".result").wait_for(timeout=WAIT_MS)
        assert english_left(page.inner_text("body"), code) == []


@needs_browser
def test_the_language_is_switchable() -> None:
    with (
        ServedTable(TableConfig(seats=2, bots=("easy",))) as table,
        chromium() as (playwright, browser),
    ):
        page = phone(playwright, browser, PHONES[1], language="en-GB").new_page()
        page.goto(f"{table.origin}/#{table.code}")
        page.get_by_role("heading", name="Join the table").wait_for(timeout=WAIT_MS)
        page.get_by_label("Language").select_option("hi")
        page.get_by_role("heading", name="टेबल से जुड़ें").wait_for(timeout=WAIT_MS)
        page.reload()
        page.get_by_role("heading", name="टेबल से जुड़ें").wait_for(timeout=WAIT_MS)


@needs_browser
def test_a_language_picked_at_the_table_reaches_what_the_table_says() -> None:
    config = TableConfig(seats=2, bots=("easy",), bot_pause=(0.05, 0.1))
    with ServedTable(config) as table, chromium() as (playwright, browser):
        page = phone(playwright, browser, PHONES[1], language="en-GB").new_page()
        join(page, f"{table.origin}/#{table.code}", "Asha")
        page.locator(".moves .move").first.wait_for(timeout=WAIT_MS)
        assert not DEVANAGARI.search(page.locator(".log").inner_text())
        page.get_by_label("Language").select_option("hi")
        page.get_by_role("heading", name="आपकी बारी").wait_for(timeout=WAIT_MS)
        lines_before = page.locator(".log li").count()
        page.locator(".moves .move").first.click()  # the table says the move, then the bot's
        latest = page.locator(".log li").last
        latest.filter(has_text=DEVANAGARI).wait_for(timeout=WAIT_MS)
        assert page.locator(".log li").count() > lines_before


def tab_to(page: Any, selector: str) -> None:
    """Press Tab until the element `selector` names has the focus (at most 60 times)."""
    for _press in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def serious(page: Any) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it stands."""
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return [violation for violation in found if violation["impact"] in ("serious", "critical")]


@needs_browser
def test_axe_finds_nothing_serious_on_the_join_table_and_result_screens() -> None:
    config = TableConfig(seats=2, bots=("easy",), bot_pause=(0.05, 0.1), deal_pause=30.0)
    with ServedTable(config) as table, chromium() as (playwright, browser):
        # axe is put into the page by the test: the page's own policy would refuse it
        page = phone(playwright, browser, PHONES[0], bypass_csp=True).new_page()
        page.goto(f"{table.origin}/#{table.code}")
        page.locator("form.join").wait_for(timeout=WAIT_MS)
        page.add_script_tag(path=str(AXE))
        assert serious(page) == [], "join screen"
        page.locator("input[name=name]").fill("Asha")
        page.keyboard.press("Enter")  # keyboard play: the form is submitted with Enter
        page.locator(".moves .move").first.wait_for(timeout=WAIT_MS)
        page.locator(".rule-button").first.click()
        assert serious(page) == [], "table screen"
        tab_to(page, ".moves div.move-row:last-of-type .move")
        page.keyboard.press("Enter")  # keyboard play: the last move packs
        page.locator(".result").wait_for(timeout=WAIT_MS)
        assert serious(page) == [], "result screen"
        page.evaluate("document.body.append(document.createElement('button'))")
        assert [found["id"] for found in serious(page)] == ["button-name"], "axe checks"


@needs_browser
@pytest.mark.parametrize("code", ["hi", "tl"])
def test_a_hand_name_in_a_rule_is_said_in_the_page_language(code: str) -> None:
    pair = BRAG_RULES.hand_ranking().evaluate(parse("7s 7h Kd")).name
    wild = dataclasses.replace(pair, wild_count=1)
    with speaking(code):
        expected = [
            _("Your hand beats the face-up {hand}: you may stay.").format(hand=said_hand(name))
            for name in (pair, wild)
        ]
    sentences = [
        encode_said(says(N_("Your hand beats the face-up {hand}: you may stay."), hand=name))
        for name in (pair, wild)
    ]
    config = TableConfig(seats=2, bots=("easy",), bot_pause=(0.05, 0.1))
    with ServedTable(config) as table, chromium() as (playwright, browser):
        page = phone(playwright, browser, PHONES[0], language=code).new_page()
        seated_at_table(page, table)
        said = page.evaluate(
            """async ([code, sentences]) => {
                const words = await import("./words.js");
                await words.loadSentences(code);
                return sentences.map((sentence) => words.said(sentence));
            }""",
            [code, sentences],
        )
    assert said == expected, "the hand's name as the desktop says it, wild cards included"
    assert all(english_left(line, code) == [] for line in said)
