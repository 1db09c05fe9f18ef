"""The worked examples of the rule texts, replayed to the chip from saves/histories/."""

from pathlib import Path

import pytest

from game.engine.actions import Bet, Fold, Show
from game.engine.events import BetPlaced, PotAwarded
from game.engine.history import replay

HISTORIES = Path(__file__).resolve().parents[2] / "saves" / "histories"


def _text(name: str) -> str:
    return (HISTORIES / name).read_text(encoding="utf-8")


def _lines_until(name: str, marker: str) -> str:
    """The history up to (not including) the first line reading `marker` (with or without its
    comment)."""
    kept = []
    for line in _text(name).splitlines():
        action_part = line.split("#")[0].strip()
        if line.strip() == marker or ("#" not in marker and action_part == marker):
            break
        kept.append(line)
    return "\n".join(kept) + "\n"


def test_teen_patti_flush_example_pot_is_18() -> None:
    result = replay(_text("tpf-worked-example.txt"))
    game = result.game
    awards = [event for event in game.events if isinstance(event, PotAwarded)]  # type: ignore[attr-defined]
    assert [(award.seat, award.amount) for award in awards] == [(3, 18)]
    assert game.stacks == (92, 99, 98, 111)
    bets = [event for event in game.events if isinstance(event, BetPlaced)]  # type: ignore[attr-defined]
    assert [event.stake for event in bets] == [1, 1, 1, 2, 2]


def test_teen_patti_flush_example_show_costs_4() -> None:
    game = replay(_lines_until("tpf-worked-example.txt", "0 show")).game
    (show,) = [option for option in game.legal_actions() if isinstance(option.action, Show)]
    assert show.cost == 4
    assert game.observe(None).pot == 14


def test_brag_no_equalising() -> None:
    marker = "0 bet 2      # A's earlier 2 does not count: he bets another 2"
    game = replay(_lines_until("brag-no-equalising.txt", marker)).game
    (bet,) = [option for option in game.legal_actions() if isinstance(option.action, Bet)]
    assert bet.low == 2
    game.apply(Bet(0, 2))
    assert game.stacks == (45, 49, 47, 47)


def test_brag_seeing_choices_for_both_players() -> None:
    game = replay(_lines_until("brag-seeing.txt", "0 bet 4")).game
    _assert_three_choices(game, seat=0)
    game.apply(Bet(0, 4))
    _assert_three_choices(game, seat=2)
    game.apply(Show(2))
    awards = [event for event in game.events if isinstance(event, PotAwarded)]  # type: ignore[attr-defined]
    assert [(award.seat, award.amount) for award in awards] == [(0, 4 + 2 + 4 + 4 + 8)]


def _assert_three_choices(game: object, seat: int) -> None:
    legal = game.legal_actions()  # type: ignore[attr-defined]
    kinds = {type(option.action) for option in legal}
    assert {Bet, Show, Fold} <= kinds
    (see,) = [option for option in legal if isinstance(option.action, Show)]
    (bet,) = [option for option in legal if isinstance(option.action, Bet)]
    assert see.cost == 8
    assert bet.low == 4
    assert all(option.action.seat == seat for option in legal)


def test_brag_blind_betting_table() -> None:
    text = _text("brag-blind-betting.txt")
    partial = replay(_lines_until("brag-blind-betting.txt", "4 fold"))
    committed = {view.seat: view.committed for view in partial.game.observe(None).seats}
    assert committed[1] - 1 == 4  # B spent 4 in the first four rounds (after the ante)
    assert committed[2] - 1 == 10  # C spent 10
    before_round_six = replay(_lines_until("brag-blind-betting.txt", "0 fold       # round 6"))
    game = before_round_six.game
    game.apply(Fold(0))
    game.apply(Bet(1, 5))
    assert not any(isinstance(option.action, Show) for option in game.legal_actions())
    with pytest.raises(Exception, match="cannot see a blind man"):
        game.apply(Show(2))
    result = replay(text)
    assert result.game.stacks == (88, 166, 59, 94, 93)
    assert sum(result.game.stacks) == 500
    see = [event for event in result.game.events if type(event).__name__ == "ShowPaid"]  # type: ignore[attr-defined]
    assert [(event.seat, event.amount) for event in see] == [(1, 10)]  # type: ignore[attr-defined]


def test_a_deal_can_be_stepped_through_action_by_action() -> None:
    from game.agents.agent import SeatKind
    from game.agents.seats import ScriptedAgent
    from game.agents.turns import TurnLoop
    from game.engine.history import DealStepper

    stepper = DealStepper(_text("tpf-worked-example.txt"))
    assert stepper.game.observe(None).pot == 4
    assert any(type(event).__name__ == "CardDealt" for event in stepper.opening)
    seats = range(len(stepper.game.stacks))
    replayed = [
        ScriptedAgent(
            [action for action in stepper.actions if action.seat == seat], SeatKind.REPLAY
        )
        for seat in seats
    ]
    turns = TurnLoop(stepper.game, replayed)
    pots = []
    while not stepper.game.deal_over:
        assert turns.step()
        pots.append(stepper.game.observe(None).pot)
    assert len(pots) == len(stepper.actions) == 12
    assert pots[-2] == 14
    assert stepper.game.stacks == (92, 99, 98, 111)
    assert turns.step() == []


def test_a_later_deals_header_must_match_what_the_deal_before_left() -> None:
    from game.engine.history import HistoryError
    from game.engine.rules import get_preset
    from game.session import SeatPlan, Session

    plans = [SeatPlan.bot(f"P{seat}", ("easy", "random")[seat % 2]) for seat in range(4)]
    session = Session(get_preset("brag").rules(), plans, stack=300, seed=5)

    def began_with_a_retained_hand() -> bool:
        last = session.histories[-1] if session.histories else ""
        return any(line.startswith("retained") for line in last.splitlines())

    while not began_with_a_retained_hand():
        session.start_deal()
        while not session.game.deal_over:
            session.step()
        assert session.game.deal_number < 500, "no deal began with a retained hand"
    before, last = session.histories[-2], session.histories[-1]
    tail = "\n".join(last.splitlines()[4:]) + "\n"  # drop the repeated file header
    both = replay(before + tail)
    assert both.deals == 2
    assert both.game.stacks == replay(last).game.stacks
    with pytest.raises(HistoryError, match="retained hands"):
        replay(before + tail.replace("retained", "# retained", 1))
