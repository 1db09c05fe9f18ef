"""A history's header is checked as the deal's actions are, each fault named on its own line,
and no line, however long, is echoed whole."""

from __future__ import annotations

import json

import pytest
from preset_games import bet_option, create_preset_game

from game.cli import main
from game.engine.actions import Bet, Fold
from game.engine.history import (
    MAGIC,
    MAX_LINE_LENGTH,
    HistoryError,
    replay,
    without_header,
    write_deal,
)
from game.engine.rules import make_recorded_rules, recorded_options

HEADER = """trey-history 1
game brag
rules {}
seed 1
deal 1
dealer 1
seat 0 100 A
seat 1 100 B
retained 0 As Kd 3c
carried 12
loan 1 0 5
deck Qs 2c Js 3d Qh 5c
"""
"""A two-seat Brag deal with a retained hand, a carried pot and a loan (lines 1 to 12)."""


def with_line(number: int, text: str) -> str:
    """The header with line `number` (1-based) replaced by `text`, and one action after it."""
    lines = HEADER.splitlines()
    lines[number - 1] = text
    return "\n".join(lines) + "\n0 bet 1\n"


def test_the_valid_header_replays() -> None:
    result = replay(HEADER + "0 bet 1\n")
    assert result.summary()["pot"] == 15
    assert result.game.observe(None).carried == 0


@pytest.mark.parametrize(
    ("number", "text", "message"),
    [
        (9, "retained 0 As As As", r"^line 9: As appears twice in the retained hand"),
        (
            9,
            "retained 7 As Kd 3c",
            r"^line 9: a retained hand names seat 7, but there is no seat 7",
        ),
        (9, "retained 0 As Kd", r"^line 9: a retained hand is three cards, not 2"),
        (9, "retained -1 As Kd 3c", r"^line 9: a retained hand's seat must be a seat number"),
        (10, "carried -50", r"^line 10: a carried pot cannot be negative \(-50\)"),
        (10, "carried lots", r"^line 10: the carried pot must be a whole number, not 'lots'"),
        (11, "loan 1 9 5", r"^line 11: the loan names seat 9, but there is no seat 9"),
        (11, "loan 1 0 -5", r"^line 11: a loan is a positive number of chips, not -5"),
        (11, "loan 1 1 5", r"^line 11: seat 1 cannot lend to itself"),
        (8, "seat 1 -100 B", r"^line 8: seat 1's stack cannot be negative"),
        (8, "seat 0 100 B", r"^line 8: seat 0 is listed twice"),
        (6, "dealer 4", r"^line 6: the dealer line names seat 4, but there is no seat 4"),
        (12, "deck Qs 2c Qs", r"^line 12: Qs appears twice in the deck"),
        (12, "deck Qs 2c As", r"^line 12: As is in seat 0's retained hand and cannot also be"),
        (4, "seed 1x", r"^line 4: the seed must be a whole number, not '1x'"),
    ],
)
def test_a_bad_header_line_is_named(number: int, text: str, message: str) -> None:
    with pytest.raises(HistoryError, match=message):
        replay(with_line(number, text))


def test_a_card_in_two_retained_hands_is_refused_on_the_second() -> None:
    text = HEADER.replace("carried 12\n", "retained 1 As Qd 4c\n")
    with pytest.raises(HistoryError, match=r"^line 10: As is already in seat 0's retained hand"):
        replay(text + "0 bet 1\n")


def test_a_huge_number_is_quoted_short() -> None:
    digits = "9" * 1_500
    with pytest.raises(HistoryError) as caught:
        replay(HEADER + f"0 bet {digits}\n")
    assert str(caught.value).startswith(
        "line 13: the amount of 'bet' must be a whole number of at most 12 digits"
    )
    assert len(str(caught.value)) < 200


def test_a_line_past_the_cap_is_refused_without_echoing_it() -> None:
    with pytest.raises(HistoryError) as caught:
        replay(HEADER + "0 bet " + "9" * (MAX_LINE_LENGTH * 50) + "\n")
    message = str(caught.value)
    assert message.startswith("line 13: the line is 100,006 characters long; a line holds at most")
    assert len(message) < 200


def test_a_deal_of_thousands_of_actions_replays() -> None:
    """Deep stacks and the smallest bets make a long deal (the soak's four-card Brag went past
    2,000 actions): its history replays to the same stacks."""
    game = create_preset_game("teen_patti_no_limit", [20_000, 20_000], seed=1)
    game.start_deal()
    for _ in range(3_000):
        game.apply(Bet(game.to_act or 0, bet_option(game, game.to_act or 0).low))
    game.apply(Fold(game.to_act or 0))
    replayed = replay(write_deal(game)).game
    assert replayed.deal_over and replayed.stacks == game.stacks


def test_a_nested_rules_line_is_one_line_and_exit_2(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nested.txt"  # type: ignore[operator]
    nested = "[" * 900 + "]" * 900
    path.write_text(HEADER.replace("rules {}", f'rules {{"a": {nested}}}'), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "line 3: the rules cannot be read: it nests deeper than 4 levels" in error


def test_replay_refuses_a_file_past_the_size_cap(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.persistence.reading import HISTORY_LIMIT

    path = tmp_path / "huge.txt"  # type: ignore[operator]
    path.write_text(HEADER + "# padding\n" * (HISTORY_LIMIT // 10 + 1), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert "huge.txt is larger than 2 MB, the most it may be" in error
    assert error.count("\n") == 1


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker"])
def test_a_history_without_its_header_is_the_deal_written_without_one(preset: str) -> None:
    game = create_preset_game(preset, [200, 200, 200], seed=4)
    game.start_deal()
    for _move in range(200):  # bounded: a deal ends long before
        if game.deal_over:
            break
        game.apply(game.legal_actions()[-1].action)
    assert game.deal_over
    whole = write_deal(game, ["Ann", "Bo", ""])
    bare = write_deal(game, ["Ann", "Bo", ""], include_header=False)
    assert whole.endswith(bare) and whole != bare
    assert without_header(whole) == bare


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker", "casino"])
def test_a_header_is_written_and_read_once_per_rule_set_as_it_would_be_afresh(preset: str) -> None:
    """The game and rules lines are made once per rule set and the rules once per line read:
    the lines are those the options make, and another rules line reads as its own rules."""
    game = create_preset_game(preset, [200] * 3, seed=4)
    game.start_deal()
    options = recorded_options(game.rules)
    expected = [MAGIC, f"game {game.family}", f"rules {json.dumps(options)}", "seed 4"]
    for _ in range(2):
        assert write_deal(game).split("\n")[:4] == expected
    text = write_deal(game)
    first, second = replay(text).game, replay(text).game
    assert first.rules is second.rules
    assert first.rules == make_recorded_rules(game.family, **options)
    header = "\n".join(line for line in text.split("\n") if not line[:1].isdigit())
    plain = header.replace(f"rules {json.dumps(options)}", "rules {}")
    assert replay(plain).game.rules == make_recorded_rules(game.family)
    assert replay(header).game.rules is first.rules


def test_an_action_line_read_again_is_the_same_action_and_a_bad_one_is_still_refused() -> None:
    """Action lines are read once per text (a frozen action shared by the games replayed): each
    is the action parse_action reads, and a line that is no action is refused on its line."""
    game = create_preset_game("brag", [200] * 3, seed=4)
    game.start_deal()
    game.apply(Fold(game.to_act))  # type: ignore[arg-type]
    text = write_deal(game)
    first, second = replay(text).game, replay(text).game
    assert first.actions == second.actions == game.actions
    assert all(mine is theirs for mine, theirs in zip(first.actions, second.actions, strict=True))
    lines = text.rstrip("\n").split("\n")
    bad = "\n".join([*lines, lines[-1].replace("fold", "flod")]) + "\n"
    with pytest.raises(HistoryError, match=f"line {len(lines) + 1}: 'flod' is not an action"):
        replay(bad)
