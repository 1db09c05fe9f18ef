"""An action for a seat the table does not have is refused by naming the missing seat."""

from __future__ import annotations

import pytest

from game.engine.actions import Fold, IllegalActionError
from game.engine.factory import create_game
from game.engine.history import HistoryError, replay
from game.engine.rules import PRESETS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_seat_that_does_not_exist_is_named_as_missing(preset: str) -> None:
    game = create_game(PRESETS[preset].rules(), [500, 500], seed=3)
    game.start_deal()
    stacks, to_act = game.stacks, game.to_act
    with pytest.raises(
        IllegalActionError, match=r"There is no seat 9: this table has seats 0 to 1"
    ):
        game.apply(Fold(9))
    assert (game.stacks, game.to_act) == (stacks, to_act)


def test_replay_names_the_missing_seat_on_its_line() -> None:
    text = "trey-history 1\ngame teen_patti\ndeal 1\nseat 0 100\nseat 1 100\n9 fold\n"
    with pytest.raises(HistoryError, match=r"^line 6: There is no seat 9"):
        replay(text)
