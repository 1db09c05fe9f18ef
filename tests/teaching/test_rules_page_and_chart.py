"""The rules page and hand chart follow the rules in play, option by option."""

import re

import pytest

from game.engine.cards import parse
from game.engine.hands import Category, get_ranking
from game.engine.rules import PRESETS, TeenPattiRules, get_preset, make_rules
from game.engine.teen_patti import show_winner_rule, sideshow_loser_rule
from game.teaching.hand_chart import TOTAL_HANDS, hand_chart, run_note, wild_row
from game.teaching.rules_page import EXAMPLE_OPEN_JOKER, rules_page
from game.words.said import said


def _text(rules: object) -> str:
    return "\n".join(line for section in rules_page(rules) for line in section.lines)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_has_a_rules_page_ending_with_its_hands(preset: str) -> None:
    page = rules_page(get_preset(preset).rules())
    assert page[-1].title == "Hands, best first"
    assert all(section.lines for section in page)


TEEN_PATTI_PRESETS = sorted(
    name for name, preset in PRESETS.items() if isinstance(preset.rules(), TeenPattiRules)
)


@pytest.mark.parametrize("preset", TEEN_PATTI_PRESETS)
def test_the_rules_page_says_what_running_short_does_at_the_table(preset: str) -> None:
    rules = get_preset(preset).rules()
    assert isinstance(rules, TeenPattiRules)
    (section,) = [s for s in rules_page(rules) if s.title == "Running short"]
    words = " ".join(section.lines)
    assert ("you must pack" in words) == (rules.running_short == "pack"), preset
    assert ("cover the pot" in words) == (rules.running_short == "cover"), preset


@pytest.mark.parametrize(
    ("family", "options", "present", "absent"),
    [
        ("teen_patti", {"boot": 5}, "boot of 5", "boot of 1"),
        ("teen_patti", {"sideshow": False}, "Sideshows are off", "compare hands privately"),
        ("teen_patti", {"show_cost": "tagalog"}, "both players pay", "\x00"),
        ("teen_patti", {"blind_limit": 3}, "after 3 blind turns", "\x00"),
        ("teen_patti", {"chaal_limit": 20}, "no blind bet above 10", "\x00"),
        ("teen_patti", {"pot_limit": 500}, "reaches 500", "\x00"),
        ("teen_patti", {"ranking": "muflis"}, "LOWER hand wins", "\x00"),
        ("teen_patti", {"a23": "second"}, "A-K-Q is the highest run, then A-2-3", "\x00"),
        ("teen_patti", {"deal_direction": "counterclockwise"}, "counter-clockwise", "\x00"),
        ("teen_patti", {"wild_cards": "2s 2h"}, "Wild cards: 2s 2h", "\x00"),
        ("teen_patti", {"running_short": "cover"}, "show for what you have", "you must pack"),
        ("teen_patti", {"running_short": "pack"}, "you must pack", "cover the pot"),
        ("brag", {"max_bet": 50}, "bets 1 to 50", "bets 1 to 20"),
        ("brag", {"see_cost": "equal"}, "Seeing costs the last bet", "twice the last bet"),
        ("brag", {"raise_limit": "pot"}, "more than the pot", "\x00"),
        ("brag", {"open_pack": True}, "bottom card shows", "\x00"),
        ("brag", {"retained_hand": "face_up"}, "Face-up form", "look at the new, the old"),
        ("brag", {"running_short": "borrow"}, "borrow from the richest", "Cover the pot"),
        ("brag", {"showdown_by_agreement": False}, "Cover", "agree to show down"),
        ("brag", {"cards_dealt": 4}, "Tie rule: equal hands compare the discards", "\x00"),
        ("brag", {"cards_dealt": 4}, "A retained blind hand keeps its four cards", "\x00"),
        ("brag", {}, "Cover", "discard"),
        ("three_card_poker", {"tie": "designated_player"}, "goes to the designated", "pushes."),
        ("three_card_poker", {"pay_table": "40-30-6-4-1"}, "2.32 %", "7.28 %"),
        ("three_card_poker", {"pair_plus": False}, "not offered", "Pair Plus (10) pays"),
        ("three_card_poker_casino", {"ante_bonus": "none"}, "8.66 %", "3.37 %"),
        ("three_card_poker_casino", {}, "3.37 %", "8.66 %"),
    ],
)
def test_rules_page_shows_the_chosen_options(
    family: str, options: dict[str, object], present: str, absent: str
) -> None:
    text = _text(make_rules(family, **options))
    assert present in text
    assert absent not in text


@pytest.mark.parametrize("name", ["teen_patti", "brag", "three_card_poker", "muflis"])
def test_chart_counts_add_up_and_order_follows_the_ranking(name: str) -> None:
    ranking = get_ranking(name)
    rows = hand_chart(ranking)
    assert sum(row.hands for row in rows) == TOTAL_HANDS
    values = [ranking.evaluate(row.example) for row in rows]
    assert values == sorted(values, reverse=True)
    assert {row.category for row in rows} == set(Category)


def test_chart_reflects_wild_cards() -> None:
    plain = {row.category: row.hands for row in hand_chart(get_ranking("teen_patti"))}
    wild = {
        row.category: row.hands
        for row in hand_chart(get_ranking("teen_patti", wild_cards="2s 2h 2d 2c"))
    }
    assert wild[Category.TRIO] > plain[Category.TRIO]
    assert wild[Category.HIGH_CARD] < plain[Category.HIGH_CARD]


def test_chart_examples_never_use_a_wild_card() -> None:
    ranking = get_ranking("brag", wild_cards="9d Jc Ad 7h 7c Qd")
    for row in hand_chart(ranking):
        assert not set(row.example) & ranking.wild_cards


def test_the_ak47_chart_ends_with_a_hand_holding_one_wild_card() -> None:
    ranking = get_preset("ak47").rules().hand_ranking()
    row = wild_row(ranking)
    assert row is not None
    assert len(set(row.example) & ranking.wild_cards) == 1
    assert row.example_description == "Trail of queens (1 wild card)"
    # 16 wild cards (A, K, 4, 7): every hand but the 36 x 35 x 34 / 6 without one
    assert row.hands == TOTAL_HANDS - 7_140


@pytest.mark.parametrize("preset", ["teen_patti", "joker", "highest_joker", "brag"])
def test_a_chart_without_cards_wild_for_everyone_has_no_wild_row(preset: str) -> None:
    assert wild_row(get_preset(preset).rules().hand_ranking()) is None


def test_run_notes() -> None:
    assert "3s are the best prial" in run_note(get_ranking("brag"))
    assert "lowest run" in run_note(get_ranking("three_card_poker"))
    assert "lowest hand wins" in run_note(get_ranking("muflis"))


def _stated_directions(text: str) -> set[str]:
    """Which hand the page says wins: 'higher'/'lower' for each 'wins' or (flipped) 'folds'."""
    stated = set()
    for word, verb in re.findall(r"\b(higher|lower) hand (wins|folds)\b", text, re.IGNORECASE):
        winner = word.lower()
        if verb == "folds":
            winner = "lower" if winner == "higher" else "higher"
        stated.add(winner)
    return stated


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_statement_of_which_hand_wins_agrees_with_the_ranking(preset: str) -> None:
    """A trail of nines (999 in 999) against 5-3-2: the page names the winner the ranking picks."""
    rules = get_preset(preset).rules()
    ranking = (
        rules.hand_ranking(parse(EXAMPLE_OPEN_JOKER))
        if isinstance(rules, TeenPattiRules) and rules.open_jokers
        else rules.hand_ranking()
    )
    higher, lower = parse("9s 9h 9d"), parse("5c 3d 2h")
    winner = "higher" if ranking.compare(higher, lower) > 0 else "lower"
    stated = _stated_directions(_text(rules))
    assert stated <= {winner}
    if isinstance(rules, TeenPattiRules):
        assert stated == {winner}


@pytest.mark.parametrize(
    "preset", sorted(name for name, preset in PRESETS.items() if preset.family == "teen_patti")
)
def test_the_engine_explains_a_show_and_a_sideshow_as_the_rules_page_does(preset: str) -> None:
    """The show and sideshow rules offered at the table name the same winner as the page."""
    rules = get_preset(preset).rules()
    assert isinstance(rules, TeenPattiRules)
    ranking = rules.hand_ranking()
    page = _text(rules)
    assert said(show_winner_rule(ranking)) in page
    assert said(sideshow_loser_rule(ranking)) in page
