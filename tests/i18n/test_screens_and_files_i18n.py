"""The menus' screens and the files' sentences in every language: every option row's words are in
the catalogs, the history list speaks to the person, save lines count with the catalog's plural,
and the command line, which never sets a language, keeps its English."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.rules import RULE_MODELS
from game.i18n import _, set_language
from game.persistence.reading import read_text
from game.persistence.saves import delete_save
from game.persistence.settings import Settings
from game.ui.history.history_lines import DealSummary
from game.ui.menus.load_scene import SaveInfo
from game.ui.menus.option_choices import choices_for, describe_value
from game.ui.menus.setup_scene import describe_kind

ROOT = Path(__file__).resolve().parents[2]

KEPT_AS_THEY_ARE = {
    "hi": {"A-2-3", "English", "Tagalog", "हिन्दी"},
    "tl": {
        "A-2-3",
        "English",
        "Tagalog",
        "हिन्दी",
        "Boot",
        "Ante",
        "Sideshow",
        "Coach",
        "Random",
        "Muflis",
        "Teen Patti",
        "mini royal 100",
        "mini royal 50",
        "designated player",
    },
}
"""Option words a language keeps as they are: codes, languages' own names, and in Tagalog the rule
text's own terms (boot, ante) and loanwords its players use."""


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_every_option_row_label_and_named_value_is_translated(code: str) -> None:
    set_language(code)
    untranslated = set()
    for model in [*RULE_MODELS.values(), Settings]:
        for choice in choices_for(model):
            words = [choice.label]
            words += [
                describe_value(value, choice.field)
                for value in choice.values
                if not isinstance(value, int | float) or isinstance(value, bool) or value is None
            ]
            untranslated |= {
                english for english in words if _(english) == english and not _is_code(english)
            }
    assert untranslated <= KEPT_AS_THEY_ARE[code], sorted(untranslated - KEPT_AS_THEY_ARE[code])


def _is_code(words: str) -> bool:
    """A card list, a rank list or a pay table: not words ('9d Jc Ad', 'A K 4 7', '5-4-1')."""
    return all(part.isdigit() or len(part) <= 2 for part in words.replace("-", " ").split())


def test_the_seat_kinds_read_in_the_language() -> None:
    assert describe_kind("medium") == "Bot · Medium"
    assert describe_kind("person") == "Person"
    set_language("hi")
    assert describe_kind("medium") == "बॉट · मध्यम"
    assert describe_kind("person") == "इंसान"


def test_the_history_list_speaks_to_the_person_and_groups_digits() -> None:
    deal = DealSummary("", 7, "teen_patti", ("You", "Asha"), (150000, -150000), 3)
    assert deal.line(0) == "Deal 7 — You gained 150,000"
    assert deal.result(1) == "Asha lost 150,000"
    set_language("hi")
    assert deal.line(0) == "डील 7 — आपने 1,50,000 जीते"
    assert deal.result(1) == "Asha ने 1,50,000 गँवाए"
    assert deal.detail(1).endswith("3 क़दम")


def test_a_save_line_counts_seats_and_deals_with_the_catalogs_plural() -> None:
    one = SaveInfo("solo", "solo", "three_card_poker_casino", 1, ("You",), 1, "2025-05-02 21:40")
    many = SaveInfo("x", "x", "brag", 5, (), 14, "2025-05-02 21:40")
    assert (
        one.detail() == "Casino Three Card Poker  ·  1 seat (You)  ·  1 deal  ·  2025-05-02 21:40"
    )
    assert many.detail() == "3 Card Brag  ·  5 seats (bots only)  ·  14 deals  ·  2025-05-02 21:40"
    set_language("tl")
    assert (
        many.detail() == "3 Card Brag  ·  5 upuan (mga bot lang)  ·  14 bigay  ·  2025-05-02 21:40"
    )


def test_file_sentences_follow_the_language_and_default_to_english(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text("x" * 3000)
    with pytest.raises(ValueError, match=r"big\.json is larger than 2,000 bytes"):
        read_text(big, 2000)
    assert delete_save("nothing") == "There is no save called 'nothing'."
    set_language("hi")
    assert delete_save("nothing") == "'nothing' नाम का कोई सेव नहीं है।"
    with pytest.raises(ValueError, match="2,000 बाइट से बड़ी है"):
        read_text(big, 2000)


def test_the_command_line_keeps_english_whatever_the_system_language(tmp_path: Path) -> None:
    """The CLI never sets a language, so a Hindi system still reads its messages in English."""
    big = tmp_path / "deal.txt"
    big.write_text("x" * (3 * 1024 * 1024))
    environment = {**os.environ, "LANG": "hi_IN.UTF-8", "LANGUAGE": "hi"}
    result = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(big)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=120,
        check=False,
    )
    assert result.returncode != 0
    assert "deal.txt is larger than 2 MB, the most it may be" in result.stderr
