"""The ladder's first steps hold heads-up in every variant: easy beats random, medium beats easy.

Duplicate play (every deal played from both seats) over a few hundred deals per match; slow.
The numbers of a run are in docs/variants.md.
"""

from __future__ import annotations

import pytest

from game.simulate import simulate

VARIANTS = (
    "joker",
    "ak47",
    "highest_joker",
    "lowest_joker",
    "nine_nine_nine",
    "best_of_four",
    "high_low",
    "four_card_brag",
)
HANDS = 400


@pytest.mark.slow
@pytest.mark.parametrize("preset", VARIANTS)
@pytest.mark.parametrize(("upper", "lower"), [("easy", "random"), ("medium", "easy")])
def test_first_ladder_steps_hold_heads_up(preset: str, upper: str, lower: str) -> None:
    report = simulate(preset, 2, HANDS, seed=17, duplicate=True, levels=[upper, lower], check=False)
    upper_seat = report.seats[0].as_dict()
    print(
        f"{preset} {upper} vs {lower}: {float(str(upper_seat['mean'])):+.3f} boots/hand "
        f"[{upper_seat['ci95_low']}, {upper_seat['ci95_high']}]"
    )
    assert float(str(upper_seat["mean"])) > 0
