"""The starting chips cover the table's limits (RULES.md "Running short": the apps' buy-in)."""

from __future__ import annotations

import pytest

from game.engine.rules import PRESETS, TeenPattiRules, buy_in
from game.ui.menus.option_choices import choices_for
from game.ui.menus.setup_scene import STACKS, SetupScene
from game.ui.shell.rooms import new_context

LIMITED = [
    name
    for name, preset in PRESETS.items()
    if isinstance(preset.rules(), TeenPattiRules) and preset.rules().pot_limit is not None
]


@pytest.mark.parametrize("preset", LIMITED)
def test_a_table_with_a_pot_limit_starts_with_chips_that_cover_it(preset: str) -> None:
    setup = SetupScene(new_context(seed=3), preset)
    rules = setup.rules()
    assert isinstance(rules, TeenPattiRules) and rules.pot_limit is not None
    assert setup.stack == rules.pot_limit == buy_in(rules)
    for _ in range(4):
        setup.step_stack(1)
        assert setup.stack >= rules.pot_limit


def test_a_new_boot_carries_the_limits_and_the_chips_with_it() -> None:
    setup = SetupScene(new_context(seed=3), "teen_patti")
    (boot,) = [choice for choice in choices_for(TeenPattiRules) if choice.field == "boot"]
    setup.step_option(boot, 1)  # boot 2: the limits become 256 and 2,048 boots' worth
    rules = setup.rules()
    assert isinstance(rules, TeenPattiRules)
    assert (rules.boot, rules.chaal_limit, rules.pot_limit) == (2, 256, 2048)
    assert setup.stack == 2048


def test_the_chips_follow_the_pot_limit_and_no_limit_offers_the_usual_amounts() -> None:
    setup = SetupScene(new_context(seed=3), "teen_patti")
    (pot,) = [choice for choice in choices_for(TeenPattiRules) if choice.field == "pot_limit"]
    setup.step_option(pot, -1)  # 512: the 1,024 chips still cover it, and 512 may be chosen
    assert setup.stack == 1024 and setup.stack_choices() == (512, 1024, 2560)
    setup.step_option(pot, 1)
    setup.step_option(pot, 1)  # 2,048: the chips rise to cover it
    assert setup.stack == 2048
    while setup.options["pot_limit"] is not None:
        setup.step_option(pot, -1)
    assert setup.stack_choices() == STACKS and setup.stack in STACKS


def test_games_without_a_pot_limit_keep_the_usual_starting_chips() -> None:
    setup = SetupScene(new_context(seed=3), "brag")
    assert setup.stack_choices() == STACKS and setup.stack == 200


def test_switching_games_starts_each_from_its_own_chips() -> None:
    setup = SetupScene(new_context(seed=3), "teen_patti")
    assert setup.stack == 1024
    setup.choose_preset("brag")
    assert setup.stack == 200
    setup.choose_preset("muflis")
    assert setup.stack == 1024
