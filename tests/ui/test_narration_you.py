"""Every sentence the table writes about a seat called "You" conjugates for "You": random
bots play every preset with seat 0 named You, and every log line and caption is checked."""

from __future__ import annotations

import re

import pytest

from game.engine.events import PotAwarded, PotCarried
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import PRESETS
from game.session import SeatPlan, Session
from game.ui.shell.scene import SceneStack
from game.ui.table.table_scene import TableScene, seat_names
from game.words.narration import Narrator

THIRD_PERSON = re.compile(
    r"\bYou (was|is|has|wins|beats|loses|keeps|bets|pays|folds|packs|shows|looks|asks|"
    r"covers|gets|takes|stands|qualifies|plays|posts|lends|repays|agrees|refuses|accepts|"
    r"deals|chaals|proposes|owes|goes|does|ties)\b"
)
"""A verb in the third person straight after "You"."""


def sentences(preset: str, deals: int, seed: int) -> list[str]:
    """Every line and caption of `deals` deals of random bots, seat 0 named You."""
    plans = [SeatPlan.bot("You", "random")] + [
        SeatPlan.bot(name, "random") for name in ("Priya", "Tom", "Ravi")
    ]
    session = Session(PRESETS[preset].rules(), plans, stack=200, seed=seed)
    # The session names a bot as a bot; the narrator here reads seat 0 as the person's own.
    narrator = Narrator(["You", *seat_names(session)[1:]], session.game.family)
    lines: list[str] = []
    for _ in range(deals):
        if not session.game.can_deal():
            break
        events = list(session.start_deal())
        while not session.game.deal_over and session.bot_to_act():
            events += session.step()
        for event in events:
            lines.append(narrator.line(event) or "")
            if isinstance(event, PotAwarded):
                lines.append(narrator.award_caption(event))
            if isinstance(event, PotCarried):
                lines.append(narrator.carried_caption(event))
    return lines


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_sentence_about_you_conjugates(preset: str) -> None:
    lines = sentences(preset, 60, seed=11)
    assert any(line.startswith("You ") for line in lines), "You acted in these deals"
    wrong = sorted({line for line in lines if THIRD_PERSON.search(line)})
    wrong += sorted({line for line in lines if re.search(r"[a-z] You\b", line)})
    assert not wrong, wrong[:5]


def test_the_engine_reasons_read_for_you() -> None:
    narrator = Narrator(["You", "Ravi"])
    alone = narrator.named(Reason(ReasonKey.LEFT_ALONE_BLIND, seat=0))
    assert alone.startswith("You were left alone blind")
    last = ReasonKey.LAST_PLAYER_LEFT
    assert narrator.named(Reason(last, seat=0)) == "You are the last player left"
    assert narrator.named(Reason(last, seat=1)) == "Ravi is the last player left"


def test_a_covered_pots_result_names_the_two_hands_not_the_rule() -> None:
    """'You take the pot of 24 — Pair of 5s beats (or ties) the covering hand High card K-9-4'."""
    from game.engine.cards import parse_hand
    from game.engine.hands import get_ranking

    ranking = get_ranking("teen_patti")
    pair, high = (ranking.evaluate(parse_hand(text)).name for text in ("5s 5h 2c", "Kd 9c 4s"))
    narrator = Narrator(["You", "Ravi"])
    kept = Reason(ReasonKey.BEATS_THE_COVERING_HAND, seat=0, winner=pair, loser=high)
    assert narrator.award_caption(PotAwarded(0, 24, 0, kept)) == (
        "You take the pot of 24 — Pair of 5s, 2 kicker beats (or ties) the covering hand "
        "High card K-9-4"
    )
    won = Reason(ReasonKey.COVERED_WITH_BETTER, seat=1, winner=pair, loser=high)
    assert narrator.award_caption(PotAwarded(1, 24, 0, won)) == (
        "Ravi takes the pot of 24 — The covering hand Pair of 5s, 2 kicker beats High card K-9-4"
    )


def test_a_retained_blind_hand_is_announced_once() -> None:
    plans = [SeatPlan.bot(name, "random") for name in ("You", "Priya", "Tom")]
    session = Session(PRESETS["brag"].rules(), plans, stack=200, seed=5)
    scene = TableScene(session)
    SceneStack().push(scene)
    said: list[str] = []
    say = scene.director._say

    def record(line: str | None) -> None:
        said.append(line or "")
        say(line)

    scene.director._say = record  # type: ignore[method-assign]
    carried = 0
    for _ in range(4000):
        scene.finish_animations()
        scene.update(2.0)
        game = session.game
        if game.deal_over and not scene.director.busy:
            carried = sum("blind hand is kept" in line for line in said)
            if carried >= 2 or not game.can_deal():
                break
            scene.start_deal()
    assert carried >= 2, "some deals ended with a blind hand kept"
    kept = [line for line in said if "blind hand for the next deal" in line]
    assert len(kept) == carried, kept


def test_you_as_an_object_is_lower_case() -> None:
    from game.engine.events import ShowPaid

    narrator = Narrator(["You", "Oliver"])
    assert narrator.line(ShowPaid(1, 8, 0)) == "Oliver asks for a show (8) against you."
    assert narrator.line(ShowPaid(0, 8, 1)) == "You ask for a show (8) against Oliver."


@pytest.mark.parametrize("code", ["hi", "tl"])
def test_you_reads_in_the_second_person_in_every_language(code: str) -> None:
    """The person's sentences are their own catalog entries, never a name glued to a verb: no
    English "You", no placeholder left, and "You" differs from the third-person line."""
    from game.engine.events import BetPlaced
    from game.i18n import set_language

    set_language(code)
    narrator = Narrator(["You", "Ravi"])
    mine, theirs = (narrator.line(BetPlaced(seat, 4, True, 4)) or "" for seat in (0, 1))
    assert "Ravi" in theirs and "Ravi" not in mine and "You" not in mine, (mine, theirs)
    lines = sentences("teen_patti", 15, seed=11) + sentences("brag", 15, seed=11)
    lines += sentences("three_card_poker", 10, seed=11)
    assert not [line for line in lines if "{" in line or re.search(r"\bYou\b", line)]


def test_the_last_player_left_reads_for_you_and_for_others() -> None:
    """The award's reason drops the winner's name and its verb, "is" or the second person's
    "are", rather than leaving "Are the last player left"."""
    narrator = Narrator(["You", "Ravi"])
    reason = Reason(ReasonKey.LAST_PLAYER_LEFT, seat=0)
    assert narrator.award_caption(PotAwarded(0, 9, 0, reason)) == (
        "You take the pot of 9 — The last player left"
    )
    other = Reason(ReasonKey.LAST_PLAYER_LEFT, seat=1)
    assert narrator.award_caption(PotAwarded(1, 9, 0, other)) == (
        "Ravi takes the pot of 9 — The last player left"
    )
