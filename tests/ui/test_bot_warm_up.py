"""The bots' Three Card Poker numbers are worked out in the background, once per table."""

from game.bots import banked
from game.engine.rules import get_preset, make_rules
from game.ui.table.bot_warm_up import warm_up_in_background


def test_warm_up_runs_once_in_the_background_for_banked_games_only() -> None:
    rules = make_rules("three_card_poker", pay_table="40-30-5-4-1")
    thread = warm_up_in_background(rules)
    assert thread is not None and thread.daemon
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert warm_up_in_background(rules) is None, "once per rules"
    assert warm_up_in_background(get_preset("teen_patti").rules()) is None
    hits = banked._pair_plus_gain.cache_info().hits
    banked.warm_up(rules)
    assert banked._pair_plus_gain.cache_info().hits == hits + 1
