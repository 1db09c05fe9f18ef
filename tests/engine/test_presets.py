"""The presets as data: each says in a few words what sets it apart, and knows which of its rules
make it what it is (where it differs from its family's default rules)."""

from __future__ import annotations

import pytest

from game.engine.families import Family, family_info
from game.engine.rules import PRESETS, Preset


def test_every_preset_has_its_own_tagline_that_is_more_than_its_familys_name() -> None:
    taglines = [preset.tagline for preset in PRESETS.values()]
    assert all(tagline.strip() for tagline in taglines)
    assert len(set(taglines)) == len(taglines), "two presets say the same"
    for preset in PRESETS.values():
        words = preset.tagline.casefold()
        family = family_info(preset.family)
        assert words not in {
            family.title.casefold(),
            str(preset.family).replace("_", " ").casefold(),
            preset.title.casefold(),
        }, preset.name


@pytest.mark.parametrize(
    ("preset", "defining"),
    [
        ("teen_patti", ("blind_limit", "chaal_limit", "pot_limit")),
        ("teen_patti_no_limit", ()),
        ("ak47", ("wild_ranks", "blind_limit", "chaal_limit", "pot_limit")),
        ("high_low", ("reversed_ranks", "a23", "blind_limit", "chaal_limit", "pot_limit")),
        ("brag", ()),
        ("brag_floaters", ("wild_cards",)),
        ("four_card_brag", ("cards_dealt",)),
    ],
)
def test_a_presets_defining_rules_are_those_it_sets_apart_from_the_family(
    preset: str, defining: tuple[str, ...]
) -> None:
    assert PRESETS[preset].defining_rules() == defining


def test_a_preset_option_at_the_familys_default_does_not_define_it() -> None:
    preset = Preset(
        name="house",
        title="House",
        tagline="No sideshow",
        summary="No sideshow.",
        family=Family.TEEN_PATTI,
        options={"boot": 1, "sideshow": False},
    )
    assert preset.defining_rules() == ("sideshow",)
