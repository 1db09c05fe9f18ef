"""Bots: only legal actions in every preset, every level and personality by name."""

import pytest

from game.bots.registry import BOT_LEVELS, make_bot
from game.engine.rules import PRESETS, get_preset
from game.session import SeatPlan, Session

LEVELS = sorted(BOT_LEVELS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_only_legal_actions(preset: str) -> None:
    players = 2 if preset == "casino" else 6
    names = [*LEVELS, "hard+bluffer", "medium+blind-lover"]
    plans = [
        SeatPlan.bot(f"bot {seat}", names[(seat + len(preset)) % len(names)])
        for seat in range(players)
    ]
    session = Session(get_preset(preset).rules(), plans, stack=2000, seed=11)
    deals = 0
    while deals < 40 and session.game.can_deal():
        session.start_deal()
        deals += 1
        steps = 0
        while not session.game.deal_over:
            session.step()  # apply() raises IllegalActionError on anything illegal
            steps += 1
            assert steps < 5000
    assert deals > 5


def test_unknown_levels_and_personalities_are_refused() -> None:
    with pytest.raises(ValueError, match="not a bot level"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="personality"):
        make_bot("easy+bluffer")
    assert make_bot("hard+tight").name == "hard+tight"
