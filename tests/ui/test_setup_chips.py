"""The starting chips cover the table's limits (RULES.md "Running short": the apps' buy-in)."""

from __future__ import annotations

import pytest

from game.engine.rules import PRESETS, STACKS, TeenPattiRules, buy_in
from game.ui.menus.option_choices import choices_for
from game.ui.menus.setup_scene import SetupScene
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


# Every other way to start a table seats its players by the same rule (`starting_stack`).


@pytest.mark.parametrize("hotseat", [False, True])
def test_a_table_started_from_the_command_line_covers_its_pot_limit(hotseat: bool) -> None:
    """`--game teen_patti` and `--hotseat --game teen_patti` open a table with the buy-in."""
    from game.persistence.settings import load_settings
    from game.ui.shell.app import App
    from game.ui.shell.launch import _first_scenes

    context = new_context(load_settings().value, seed=3, hotseat=hotseat)
    app = App()
    _first_scenes(app, context, "teen_patti", [])
    table = app.scenes.top
    session = getattr(table, "session", None)
    assert session is not None, "a table is opened"
    stacks = session.observe(0).start_stacks
    assert stacks == (1024,) * len(session.seats)
    assert [plan.human for plan in session.seats][:2] == [True, hotseat]


def test_a_table_without_a_pot_limit_still_starts_with_the_usual_chips() -> None:
    from game.ui.shell.seating import new_session

    session = new_session("brag", seed=3)
    assert [seat.stack for seat in session.observe(0).seats] == [200] * len(session.seats)


def test_a_served_table_covers_its_pot_limit() -> None:
    """`trey serve --game teen_patti`: the seats start with the buy-in (a bot joins on loopback
    and plays one deal; the chips at the table are two buy-ins)."""
    import asyncio

    from game.bots.registry import make_bot
    from game.cli import build_parser, serve_config
    from game.network.address import TableAddress
    from game.network.client import join_table
    from game.network.server import TableServer

    arguments = build_parser().parse_args(
        ["serve", "--game", "teen_patti", "--seats", "2", "--bots", "easy", "--deals", "1"]
    )
    config = serve_config(arguments)
    config.linger = 0

    async def play() -> list[int]:
        table = TableServer(config)
        port = await table.start("127.0.0.1", 0)
        report = await join_table(
            TableAddress.at("127.0.0.1", port), table.code, "Ann", make_bot("easy"), 1
        )
        await table.stop()
        await table.wait_closed()
        return report.stacks

    stacks = asyncio.run(asyncio.wait_for(play(), 60))
    assert sum(stacks) == 2 * 1024


def test_a_table_hosted_from_the_game_covers_its_pot_limit() -> None:
    from game.ui.friends.host_scene import HostScene

    config = HostScene(new_context(seed=3), "teen_patti").config()
    assert config.stack == 1024
