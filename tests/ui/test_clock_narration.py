"""The moves a turn clock plays are said as the clock's: after "a bot plays your turn", every
move the bot makes for the seat reads as the bot's ("A bot chaals 2 for you."), in every
language, and what the rules do after it, or the player's own next move, reads as before."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from game.engine.cards import parse
from game.engine.events import (
    BetPlaced,
    Discarded,
    Event,
    Folded,
    HandKept,
    HandRevealed,
    Looked,
    PotCovered,
    ShowdownAnswered,
    ShowdownProposed,
    ShowPaid,
    SideshowAnswered,
    SideshowAsked,
    SideshowCompared,
    TimeRanOut,
    TurnPassed,
)
from game.engine.hands import get_ranking
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import PRESETS
from game.engine.three_card_poker import (
    BankWaived,
    BetsPosted,
    Called,
    DesignatedPlayerChosen,
    Outcome,
    WagerSettled,
)
from game.i18n import set_language
from game.session import SeatPlan, Session
from game.words.narration import Narrator

NAMES = ["You", "Priya", "Ravi"]
SEVENS = get_ranking("teen_patti").evaluate(parse("7s 7d Kc")).name

MOVES: list[tuple[str, Event, str]] = [
    ("teen_patti", BetPlaced(0, 2, False, 2, 10), "A bot chaals 2"),
    ("teen_patti", BetPlaced(0, 1, True, 1, 9), "A bot bets 1 blind"),
    ("teen_patti", Folded(0), "A bot packs"),
    ("teen_patti", Looked(0, (None, None, None)), "A bot looks at the cards"),
    ("teen_patti", ShowPaid(0, 4, 2), "A bot asks for a show (4) against Ravi"),
    ("teen_patti", SideshowAsked(0, 2), "A bot asks Ravi for a sideshow"),
    ("teen_patti", SideshowAnswered(0, True), "A bot accepts the sideshow"),
    ("teen_patti", SideshowAnswered(0, False), "A bot refuses the sideshow"),
    ("brag", BetPlaced(0, 4, False, 4, 20), "A bot bets 4"),
    ("brag", Folded(0), "A bot folds"),
    ("brag", ShowPaid(0, 8, 2), "A bot pays to see (8) against Ravi"),
    ("brag", Looked(0, (None, None, None), "new"), "A bot looks at the new hand"),
    ("brag", HandKept(0, "old"), "A bot keeps the old hand"),
    ("brag", Folded(0, Reason(ReasonKey.FOLDED_ONE_OF_TWO), "new"), "A bot folds the new hand"),
    ("brag", Discarded(0, None), "A bot discards a card face down"),
    ("brag", PotCovered(0, 30), "A bot covers the pot with 30"),
    ("brag", ShowdownProposed(0), "A bot proposes a showdown"),
    ("brag", ShowdownAnswered(0, True), "A bot agrees"),
    ("brag", ShowdownAnswered(0, False), "A bot refuses"),
    ("three_card_poker", BankWaived(0), "A bot waives the bank"),
    (
        "three_card_poker",
        DesignatedPlayerChosen(0, Reason(ReasonKey.TOOK_THE_BANK, seat=0)),
        "A bot banks this deal",
    ),
    ("three_card_poker", BetsPosted(0, 10, 5), "A bot posts Base 10 and Pair Plus 5"),
    ("three_card_poker", Called(0, 10), "A bot calls 10"),
    ("three_card_poker_casino", Called(0, 10), "A bot plays 10"),
    ("three_card_poker_casino", BetsPosted(0, 10, 0), "A bot posts Ante 10"),
]
"""Every kind of move a bot can play for a seat, as seat 0's, and the bot's sentence for it."""


def for_seat(event: Event, seat: int) -> Event:
    """The same move made by `seat`."""
    return type(event)(**{**vars(event), "seat": seat})


def said(narrator: Narrator, events: Sequence[Event]) -> list[str | None]:
    """The log lines of the events, in order."""
    return [narrator.line(event) for event in events]


@pytest.mark.parametrize(("family", "move", "sentence"), MOVES)
def test_every_move_a_bot_plays_for_a_seat_is_said_as_the_bots(
    family: str, move: Event, sentence: str
) -> None:
    narrator = Narrator(NAMES, family)
    assert str(narrator.line(move)).startswith("You "), "the player's own move reads as theirs"
    clocked = said(narrator, [TurnPassed(0), TimeRanOut(0, stand_in=True), move])
    assert clocked == [None, "Your time ran out: a bot plays your turn.", f"{sentence} for you."]
    priyas = for_seat(move, 1)
    assert str(narrator.line(priyas)).startswith("Priya ")
    clocked = said(narrator, [TurnPassed(1), TimeRanOut(1, stand_in=True), priyas])
    assert clocked[1:] == [
        "Priya's time ran out: a bot plays Priya's turn.",
        f"{sentence} for Priya.",
    ]


def test_a_sideshow_asked_for_you_is_the_bots_and_the_answer_to_it_someone_elses() -> None:
    narrator = Narrator(NAMES)
    lines = said(
        narrator,
        [
            TimeRanOut(1, stand_in=True),
            BetPlaced(1, 4, False, 2, 14),
            SideshowAsked(1, 0),
            TurnPassed(0),
            SideshowAnswered(0, True),
        ],
    )
    assert lines == [
        "Priya's time ran out: a bot plays Priya's turn.",
        "A bot chaals 4 for Priya.",
        "A bot asks you for a sideshow for Priya.",
        None,
        "You accept the sideshow.",
    ]


def test_what_the_rules_do_after_a_bots_move_reads_as_before() -> None:
    narrator = Narrator(NAMES)
    lines = said(
        narrator,
        [
            TimeRanOut(0, stand_in=True),
            SideshowAnswered(0, True),
            SideshowCompared(2, 0, 0, (), ()),
            Folded(0, Reason(ReasonKey.LOST_SIDESHOW)),
            TurnPassed(1),
            TimeRanOut(1, stand_in=True),
            ShowPaid(1, 4, 0),
            Looked(1, (None, None, None)),
            HandRevealed(0, (), SEVENS),
            HandRevealed(1, (), SEVENS),
        ],
    )
    assert lines[1:5] == [
        "A bot accepts the sideshow for you.",
        "Sideshow: Ravi beats you, so you pack.",
        "You lose the sideshow and pack.",
        None,
    ]
    assert lines[6:8] == [
        "A bot asks for a show (4) against you for Priya.",
        "Priya looks at the cards.",
    ], "a blind show looks at the cards by the rules, as a player's own show does"
    assert str(lines[8]).startswith("You show ") and str(lines[9]).startswith("Priya shows ")
    banked = Narrator(NAMES, "three_card_poker")
    settled = WagerSettled(0, "base", 10, Outcome.LOST, 0, 0, Reason(ReasonKey.FOLDED))
    lines = said(banked, [TimeRanOut(0, stand_in=True), Folded(0), settled])
    assert lines[1] == "A bot folds for you."
    assert lines[2] is not None and lines[2].startswith("You lose the ")


def test_after_a_bots_look_the_player_may_move_and_that_move_is_theirs() -> None:
    narrator = Narrator(NAMES)
    lines = said(
        narrator,
        [TimeRanOut(0, stand_in=True), Looked(0, (None, None, None)), BetPlaced(0, 4, False, 4, 9)],
    )
    assert lines[1:] == ["A bot looks at the cards for you.", "You chaal 4."]


def test_a_clocks_pack_is_said_once_with_the_time_and_the_next_turn_is_the_players() -> None:
    narrator = Narrator(NAMES)
    lines = said(
        narrator,
        [
            TimeRanOut(1),
            Folded(1),
            TurnPassed(2),
            Folded(2),
            TurnPassed(0),
            BetPlaced(0, 2, False, 2, 4),
        ],
    )
    assert lines == [
        "Priya's time ran out: Priya packs.",
        None,
        None,
        "Ravi packs.",
        None,
        "You chaal 2.",
    ]


@pytest.mark.parametrize(
    ("code", "lines"),
    [
        (
            "hi",
            [
                "आपकी ओर से बॉट ने 2 की चाल चली।",
                "Priya की ओर से बॉट ने 2 की चाल चली।",
                "आपकी ओर से बॉट ने Ravi से साइड शो माँगा।",
                "Priya की ओर से बॉट ने आपसे साइड शो माँगा।",
                "आपकी ओर से बॉट ने पत्ते देखे।",
                "Priya की ओर से बॉट ने पैक किया।",
            ],
        ),
        (
            "tl",
            [
                "Nag-chaal ang bot ng 2 para sa iyo.",
                "Nag-chaal ang bot ng 2 para kay Priya.",
                "Humingi ang bot ng sideshow kay Ravi para sa iyo.",
                "Humingi ang bot ng sideshow sa iyo para kay Priya.",
                "Tiningnan ng bot ang mga kard para sa iyo.",
                "Nagtiklop ang bot para kay Priya.",
            ],
        ),
    ],
)
def test_a_bots_moves_are_said_as_the_bots_in_hindi_and_tagalog(
    code: str, lines: list[str]
) -> None:
    set_language(code)
    narrator = Narrator(NAMES)
    moves: list[tuple[int, Event]] = [
        (0, BetPlaced(0, 2, False, 2, 10)),
        (1, BetPlaced(1, 2, False, 2, 12)),
        (0, SideshowAsked(0, 2)),
        (1, SideshowAsked(1, 0)),
        (0, Looked(0, (None, None, None))),
        (1, Folded(1)),
    ]
    said_lines = [
        said(narrator, [TurnPassed(seat), TimeRanOut(seat, stand_in=True), move])[2]
        for seat, move in moves
    ]
    assert said_lines == lines


THE_PLAYERS_VOICE = re.compile(
    r"^You (chaal|bet|pack|fold|ask|accept|refuse|keep the|discard|cover|propose|agree|waive|"
    r"bank|post|call|play)\b"
)
"""A choice said as the player's own (a look may be the rules': Three Card Poker's deal)."""


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_move_of_a_seat_whose_clock_calls_a_bot_reads_as_the_bots(preset: str) -> None:
    """Random bots play every preset; each of seat 0's turns is played as a clock's bot turn."""
    plans = [SeatPlan.bot(name, "random") for name in ("You", "Priya", "Ravi", "Tom")]
    session = Session(PRESETS[preset].rules(), plans, stack=200, seed=7)
    narrator = Narrator(["You", "Priya", "Ravi", "Tom"], session.game.family)
    kinds: set[str] = set()
    for _ in range(25):
        if not session.game.can_deal():
            break
        said(narrator, session.start_deal())
        for _turn in range(500):
            if session.game.deal_over or not session.bot_to_act():
                break
            clocked = session.game.to_act == 0
            events = session.turns.time_ran_out(0, stand_in=True) if clocked else []
            events += session.step()
            lines = said(narrator, events)
            assert not any(THE_PLAYERS_VOICE.search(line or "") for line in lines), lines
            if clocked:
                assert lines[0] == "Your time ran out: a bot plays your turn."
                move = next(index for index, line in enumerate(lines[1:], 1) if line)
                assert str(lines[move]).endswith(" for you."), lines
                kinds.add(type(events[move]).__name__)
    assert len(kinds) >= 3, kinds
