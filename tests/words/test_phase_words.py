"""A deal's phase is an identifier in the engine and words here: each phase a sentence names
is said in the player's language, and every phase an engine reaches is one its family lists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine.families import family_info
from game.engine.phases import FAMILY_PHASES, TASKS, Phase
from game.engine.rules import PRESETS, get_preset
from game.engine.said import says
from game.i18n import N_, set_language
from game.session import SeatPlan, Session
from game.words.phases import phase_task
from game.words.said import said


@pytest.fixture
def hindi() -> Iterator[None]:
    set_language("hi")
    try:
        yield
    finally:
        set_language("en")


def test_a_phase_is_an_identifier_not_words() -> None:
    for phase in Phase:
        assert not isinstance(phase, str) and phase.value == phase.value.lower()
        assert " " not in phase.value
    assert phase_task(Phase.CHOOSE) == "choose a hand sight unseen"
    assert phase_task(Phase.BETS) == "bets", "a phase no sentence names is its identifier"


@pytest.mark.usefixtures("hindi")
def test_a_phase_in_a_sentence_is_said_in_the_language() -> None:
    for phase in TASKS:
        words = phase_task(phase)
        assert words and words != TASKS[phase], phase
        sentence = said(says(N_("First {phase}."), phase=phase))
        assert words in sentence and "{" not in sentence


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_phase_an_engine_reaches_is_its_familys(preset: str) -> None:
    rules = get_preset(preset).rules()
    family = family_info(rules.family).family
    seats = max(3, family_info(rules.family).seats.start)
    session = Session(rules, [SeatPlan.bot(f"B{i}", "random") for i in range(seats)], seed=4)
    reached = {session.observe(None).phase}
    for _ in range(3):
        if not session.can_deal():
            break
        session.start_deal()
        while not session.game.deal_over:
            reached.add(session.observe(None).phase)
            session.step()
        reached.add(session.observe(None).phase)
    assert reached <= set(FAMILY_PHASES[family]), reached - set(FAMILY_PHASES[family])
    assert Phase.BETWEEN_DEALS in reached
