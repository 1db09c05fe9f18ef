"""The simulate verb with bot seats and duplicate play; the expert's solved heads-up play."""

import json
import random

import pytest
from preset_games import create_preset_game, seen_war

from game.bots.cfr import Solver, equity_from_counts
from game.bots.expert import ExpertBot, long_shot, solved_strategy
from game.bots.opponents import SeenBet
from game.bots.reading import Situation, read
from game.bots.strength import strength_table
from game.bots.thinking import HardBot, MediumBot, Profile
from game.bots.wars import show_pays
from game.cli import main
from game.engine.actions import Action, Bet, Fold, Look
from game.engine.hands import get_ranking
from game.simulate import simulate


def test_simulate_json_names_the_bots_and_keeps_its_fields(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["simulate", "--game", "brag", "--seats", "hard,easy,random", "--hands", "12"]
        + ["--seed", "4", "--duplicate", "--json"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 12
    assert set(data) == {"hands", "hands_per_second", "seats"}
    assert [seat["bot"] for seat in data["seats"]] == ["hard", "easy", "random"]
    for seat in data["seats"]:
        assert set(seat) == {"seat", "bot", "net", "mean", "ci95_low", "ci95_high"}
        assert seat["ci95_low"] <= seat["mean"] <= seat["ci95_high"]
    assert abs(sum(seat["net"] for seat in data["seats"])) < 1e-3  # nets are rounded


def test_simulate_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "expert,genius", "--hands", "3"]) != 0
    assert "not a bot level" in capsys.readouterr().err


def test_duplicate_play_conserves_chips_with_invariant_checks() -> None:
    report = simulate("teen_patti", 3, 6, 9, levels=("expert", "medium", "easy"), duplicate=True)
    assert abs(sum(sum(seat.per_deal) for seat in report.seats)) < 1e-9
    assert all(len(seat.per_deal) == 6 for seat in report.seats)


@pytest.mark.parametrize("game", ["brag", "teen_patti"])
def test_duplicate_play_scores_copies_of_one_bot_exactly_even(game: str) -> None:
    """Each seat draws the same chance in every rotation, as it gets the same cards: bots that
    choose alike (and so learn alike) end every deal even, to the chip."""
    report = simulate(game, 5, 12, 3, levels=("hard",) * 5, duplicate=True, check=False)
    assert all(value == 0 for seat in report.seats for value in seat.per_deal)


def test_cfr_plus_drives_exploitability_down() -> None:
    solver = Solver("brag", equity_from_counts(strength_table(get_ranking("brag")).counts))
    solver.solve(5)  # 5 then 10 more: 1.43 -> 0.20 (20 then 40: 0.12 -> 0.02, 3.4x the time)
    early = solver.exploitability()[2]
    solver.solve(10)
    assert solver.exploitability()[2] < early


@pytest.mark.parametrize("family", ["teen_patti", "brag"])
def test_expert_plays_the_solved_strategy_heads_up(family: str) -> None:
    assert solved_strategy(family), "run python -m game.bots.build_strategy"
    expert = ExpertBot()
    rng = random.Random(1)
    for deal in range(20):
        game = create_preset_game(family, [200, 200], seed=deal, dealer=deal % 2)
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat)
            game.apply(expert.choose(observation, list(observation.legal), rng))
    assert expert.solved_decisions > 20


def test_every_thinking_level_looks_at_once_against_a_seen_player_heads_up_in_brag() -> None:
    """A blind player left alone does not win in Brag, so against a seen player, who may fold,
    medium, hard and expert look at once to be able to take the pot."""
    rng = random.Random(3)
    for bot in (MediumBot(), HardBot(), ExpertBot()):
        for deal in range(10):
            game = create_preset_game("brag", [200, 200], seed=deal, dealer=deal % 2)
            game.start_deal()
            first = game.to_act
            assert first is not None
            game.apply(Look(first))
            game.apply(Bet(first, 1))
            second = game.to_act
            assert second is not None
            observation = game.observe(second)
            action = bot.choose(observation, list(observation.legal), rng)
            assert isinstance(action, Look), f"{bot.name} chose {action}"


def test_hard_starts_every_deal_from_the_prior_even_on_a_fresh_table() -> None:
    """Duplicate play deals each hand on a new table (deal number 1 again): beliefs reset."""
    bots = [HardBot() for _ in range(3)]
    hard = bots[0]
    rng = random.Random(5)
    for deal in range(6):
        game = create_preset_game("teen_patti", [200] * 3, seed=deal, dealer=deal % 3)
        game.start_deal()
        if deal:
            table = hard._table
            assert table is not None
            hard.notice(game.observe(0))
            for model in hard.models.values():
                assert model.normalised() == pytest.approx(table.prior())
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat)
            game.apply(bots[seat].choose(observation, list(observation.legal), rng))
        for seat, bot in enumerate(bots):
            bot.deal_ended(game.observe(seat))
    assert hard.models


Decision = tuple[Situation, Action, float, bool]
"""What the expert saw, did, its chance of winning, and whether the solved strategy chose."""


def _expert_decisions(family: str, seats: int, deals: int) -> list[Decision]:
    """Every decision of an expert in seat 0 against hard bots."""
    expert = ExpertBot()
    bots: list[HardBot] = [expert] + [HardBot() for _ in range(seats - 1)]
    rngs = [random.Random(seat) for seat in range(seats)]
    decisions: list[Decision] = []
    for deal in range(deals):
        game = create_preset_game(family, [200] * seats, seed=deal, dealer=deal % seats)
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat)
            solved = expert.solved_decisions
            action = bots[seat].choose(observation, list(observation.legal), rngs[seat])
            if seat == 0:
                situation = read(observation, list(observation.legal))
                chance = expert.win_chance(situation)
                decisions.append((situation, action, chance, expert.solved_decisions > solved))
            game.apply(action)
        for seat, bot in enumerate(bots):
            bot.deal_ended(game.observe(seat))
    return decisions


@pytest.mark.parametrize("seats", [2, 5])
def test_expert_stays_blind_against_blind_players_in_teen_patti_without_limits(
    seats: int,
) -> None:
    """With no blind limit, heads-up, the first to look can only pay double or fold: stay
    blind. At a full table it stays blind for its own blind turns, then looks."""
    decisions = _expert_decisions("teen_patti_no_limit", seats, 30)
    blind = [(situation, action) for situation, action, _, _ in decisions if situation.blind]
    assert len(blind) > 30
    looked = 0
    for situation, action in blind:
        everyone_blind = all(view.blind for view in situation.opponents)
        if not (everyone_blind and situation.has("bet")):
            continue
        late = len(situation.opponents) > 1 and situation.blind_turns() >= Profile().blind_turns
        if late:
            looked += 1
            assert isinstance(action, Look), f"expert chose {action} after its blind turns"
        else:
            assert isinstance(action, Bet), f"expert chose {action} while a blind bet was open"
    assert (looked > 0) == (seats > 2)


@pytest.mark.parametrize("seats", [2, 5])
def test_expert_looks_at_once_and_bets_no_long_shot_with_two_left_in_brag(seats: int) -> None:
    decisions = _expert_decisions("brag", seats, 60)
    for situation, action, _, _ in decisions:
        if situation.blind and situation.has("look"):
            assert not isinstance(action, Fold), "expert folded a blind hand it could look at"
            # Heads-up the solved strategy may bet blind, and against only blind players a
            # standoff keeps it blind; elsewhere it looks.
            standoff = all(view.blind for view in situation.opponents)
            if seats > 2 and not standoff:
                assert isinstance(action, Look), f"expert chose {action} blind"
    # With three or more still in (before a see) it may bet a long shot, as hard does.
    two_left = [
        chance
        for situation, action, chance, solved in decisions
        if isinstance(action, Bet) and not situation.blind and not solved
        if len(situation.opponents) == 1
    ]
    assert len(two_left) > 5
    for chance in two_left:
        assert chance >= long_shot(1), f"bet at {chance:.2f} against one"


def test_expert_ends_a_seen_war_it_is_losing_where_hard_chaals_on() -> None:
    """Seen against a seen bettor who never folds, another chaal below an even chance only
    feeds the war: the expert shows (or folds); hard, counting on a showdown that never
    comes, bets on."""
    checked = 0
    for seed in range(60):
        game, seat = seen_war(seed)
        observation = game.observe(seat)
        legal = list(observation.legal)
        expert, hard = ExpertBot(), HardBot()
        for bot in (expert, hard):
            bot.notice(observation)
            # It has never folded to a chaal.
            bot._model(1 - seat).folds[(False, 0, SeenBet.AT_STAKE)] = [0, 200]
        situation = read(observation, legal)
        if expert.win_chance(situation) >= 0.5:
            continue
        hard_action = hard.choose(observation, legal, random.Random(1))
        if not isinstance(hard_action, Bet):
            continue
        action = expert.choose(observation, legal, random.Random(1))
        assert action.verb in ("show", "fold"), f"seed {seed}: expert chose {action}"
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("kind", [MediumBot, HardBot])
def test_medium_and_hard_show_in_a_chaal_war_they_are_losing_instead_of_calling_on(
    kind: type[MediumBot],
) -> None:
    """Against a player who has chaaled six times whatever it holds, a call by pot odds below
    an even chance pays every round up to the pot limit: medium and hard show where the pot
    pays (hard's one-step value, counting a showdown that never comes, chaaled on to the pot
    limit with ace-high against a minimum bettor). Early in the hand (each seen bet once or
    twice) they still bet where pot odds or the one-step value say so."""
    war = early = 0
    for seed in range(150):
        for chaals, in_war in ((10, True), (2, False)):
            game, seat = seen_war(seed, chaals)
            observation = game.observe(seat)
            legal = list(observation.legal)
            medium = kind()
            medium.notice(observation)
            situation = read(observation, legal)
            chance = medium.win_chance(situation)
            if chance >= 0.5 or not show_pays(situation, chance):
                continue
            action = medium.choose(observation, legal, random.Random(1))
            if in_war:
                assert action.verb == "show", f"seed {seed}: medium chose {action} in a war"
                war += 1
            elif isinstance(action, Bet):
                early += 1
    assert war >= 5 and early >= 2
