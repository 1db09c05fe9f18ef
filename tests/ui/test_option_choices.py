"""Setup and settings rows: every option offered, every offered value accepted by its model."""

import pytest
from pydantic import BaseModel

from game.engine.rules import RULE_MODELS
from game.persistence.settings import Settings
from game.ui.menus.option_choices import choices_for, describe_value

MODELS: list[type[BaseModel]] = [*RULE_MODELS.values(), Settings]


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_every_offered_value_is_accepted_alone(model: type[BaseModel]) -> None:
    for choice in choices_for(model):
        for value in choice.values:
            model.model_validate({choice.field: value})
        assert choice.explanation or model is Settings


def test_every_house_option_of_rules_md_is_offered() -> None:
    teen_patti = {choice.field for choice in choices_for(RULE_MODELS["teen_patti"])}
    assert {"a23", "show_cost", "sideshow", "blind_limit", "chaal_limit", "pot_limit"} <= teen_patti
    assert {"deal_direction", "wild_cards", "ranking"} <= teen_patti
    brag = {choice.field for choice in choices_for(RULE_MODELS["brag"])}
    assert {"min_bet", "max_bet", "raise_limit", "see_cost", "open_pack", "retained_hand"} <= brag
    assert {"running_short", "showdown_by_agreement", "wild_cards"} <= brag
    poker = {choice.field for choice in choices_for(RULE_MODELS["three_card_poker"])}
    assert {"pay_table", "tie", "pair_plus_on_lost_call"} <= poker
    assert "wild_cards" not in poker


def test_settings_rows_cover_the_settings_screen() -> None:
    fields = {choice.field for choice in choices_for(Settings)}
    assert {"animation_speed", "sound", "volume", "fullscreen", "four_colour_deck"} <= fields
    assert {"card_back", "table_colour", "window_width", "window_height", "coach"} <= fields


def test_stepping_stops_at_the_ends_and_values_read_well() -> None:
    (sideshow,) = [c for c in choices_for(RULE_MODELS["teen_patti"]) if c.field == "sideshow"]
    assert sideshow.step(True, 1) is False
    assert sideshow.step(False, 1) is False, "the last value stays: no wrapping round"
    assert sideshow.step(False, -1) is True
    (pot,) = [c for c in choices_for(RULE_MODELS["teen_patti"]) if c.field == "pot_limit"]
    assert pot.values[0] is None and pot.step(None, -1) is None, "No limit does not wrap to 8,192"
    assert pot.at_end(None, -1) and not pot.at_end(None, 1)
    assert pot.step(8192, 1) == 8192 and pot.at_end(8192, 1)
    assert describe_value(None) == "No limit"
    assert describe_value("three_card_poker") == "three card poker"
    assert describe_value("9d Jc Ad", "wild_cards") == "9♦ J♣ A♦", "cards read as cards"
    assert describe_value(1024, "pot_limit") == "1,024", "an amount grouped as the table writes it"
    assert describe_value(1920, "window_width") == "1920", "a window's pixels are not grouped"


def test_volume_steps_by_ten_percent_and_snaps_old_values() -> None:
    from game.ui.menus.option_choices import _NUMBER_LADDERS

    volumes = _NUMBER_LADDERS["volume"]
    assert [round((value or 0) * 100) for value in volumes] == list(range(0, 101, 10))
    from game.ui.menus.option_choices import Choice

    choice = Choice("volume", "Volume", "", volumes)
    assert choice.step(0.7, 1) == 0.8
    assert choice.step(0.26, 1) == 0.4, "a volume from the old five steps snaps to the nearest"


def test_setup_rows_speak_plain_words_and_keep_sources_for_tooltips() -> None:
    import re

    from game.engine.rules import PRESETS
    from game.ui.menus.option_choices import choices_for, describe_value

    codes = re.compile(r"\b(TPF|TPT|BRG|BRS|Pagat|pagat|tagalog)\b")
    sources = set()
    for preset in PRESETS.values():
        for choice in choices_for(type(preset.rules())):
            shown = [choice.label, choice.explanation]
            shown += [describe_value(value, choice.field) for value in choice.values]
            assert not any(codes.search(words) for words in shown), shown
            sources.add(choice.source)
    assert "TPF, TPT's reading" in sources, "the show cost's sources go to its tooltip"


def test_the_setup_rows_stop_at_their_ends_by_key_and_click() -> None:
    import pygame

    from game.ui.kit.widgets import Stepper
    from game.ui.menus.setup_scene import SetupScene
    from game.ui.shell.rooms import new_context

    setup = SetupScene(new_context(seed=3), "teen_patti")
    left = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")
    setup.focus_on("stack")
    assert setup.stack == 1024 and setup.stack_choices()[0] == 1024
    setup.handle_event(left)
    assert setup.stack == 1024, "◀ at the smallest amount stays (it wrapped to 5,120)"
    assert setup.focused_ident == "stack", "the key is spent on the row: the focus stays"
    row = setup.item("stack")
    assert isinstance(row, Stepper) and row.ends(-1) and not row.ends(1)
    assert row.activate() and setup.stack == 2048, "Enter steps on"
    setup.focus_on("option:pot_limit")
    for _ in range(12):
        setup.handle_event(left)
    assert setup.options["pot_limit"] is None, "No limit is the first value, and it stays"
    arrow, _ = setup.item("option:pot_limit").arrows()  # type: ignore[attr-defined]
    assert not setup.item("option:pot_limit").click(arrow.centre)
    assert setup.options["pot_limit"] is None
    setup.focus_on("seats")
    for _ in range(12):
        setup.handle_event(left)
    assert len(setup.seats) == 2, "the fewest seats, not the most"


def test_a_ranking_is_named_by_the_games_proper_name() -> None:
    (ranking,) = [c for c in choices_for(RULE_MODELS["teen_patti"]) if c.field == "ranking"]
    named = {describe_value(value, "ranking") for value in ranking.values}
    assert {"Teen Patti", "Muflis"} <= named, named
