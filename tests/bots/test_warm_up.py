"""Warming up a Three Card Poker table computes exactly the values the bots then look up."""

import pytest

from game.bots import banked
from game.engine.families import Family
from game.engine.rules import get_preset, make_rules
from game.session import SeatPlan, Session


@pytest.mark.parametrize(
    "rules",
    [
        get_preset("three_card_poker").rules(),
        get_preset("casino").rules(),
        make_rules("three_card_poker", pay_table="40-30-6-4-1", base_bet=25, pair_plus_bet=5),
    ],
    ids=["designated", "casino", "options"],
)
def test_warm_up_fills_the_cache_the_expert_uses(rules: object) -> None:
    banked.warm_up(rules)
    before = banked._pair_plus_gain.cache_info().misses
    players = 1 if getattr(rules, "family", "") == Family.CASINO else 3
    plans = [SeatPlan.bot(f"E{seat}", "expert") for seat in range(players)]
    session = Session(rules, plans, stack=2000, seed=3)
    for _ in range(3):
        session.start_deal()
        while not session.game.deal_over:
            session.step()
    assert banked._pair_plus_gain.cache_info().misses == before


def test_warm_up_ignores_the_pot_games() -> None:
    before = banked._pair_plus_gain.cache_info().misses
    banked.warm_up(get_preset("brag").rules())
    assert banked._pair_plus_gain.cache_info().misses == before
