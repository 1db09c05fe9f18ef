"""Seeded random play over every preset and a grid of house options, with invariant checks.

The default run plays a few thousand hands with every invariant checked after every step
(chips conserved, all 52 cards present once, no card leaked to a seat that may not know it,
illegal actions refused, each deal's history replaying to the same stacks, no deal going on
without chips going in). The slow test (`pytest -m slow`) plays 200,000+ hands, checking a
sample of them.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from preset_games import create_preset_game

from game.cli import main
from game.engine.game import Game
from game.engine.history import replay, write_deal
from game.engine.rules import PRESETS, RulesError, make_rules
from game.simulate import check_step, random_policy, simulate

POT_GAME_FAMILIES = ("teen_patti", "brag")
POT_PRESETS = sorted(name for name, p in PRESETS.items() if p.family in POT_GAME_FAMILIES)

TEEN_PATTI_GRID: dict[str, list[object]] = {
    "show_cost": ["pagat", "tagalog"],
    "sideshow": [True, False],
    "blind_limit": [None, 1, 3],
    "chaal_limit": [None, 8],
    "pot_limit": [None, 40],
    "a23": ["highest", "second", "lowest"],
    "deal_direction": ["clockwise", "counterclockwise"],
}
BRAG_GRID: dict[str, list[object]] = {
    "raise_limit": ["none", "pot"],
    "see_cost": ["double", "equal"],
    "open_pack": [False, True],
    "retained_hand": ["two_hands", "face_up"],
    "running_short": ["cover", "borrow"],
    "showdown_by_agreement": [True, False],
    "deal_direction": ["clockwise", "counterclockwise"],
    "max_bet": [20, 5],
}
GRIDS = {"teen_patti": TEEN_PATTI_GRID, "brag": BRAG_GRID}


def option_sets(preset: str, count: int, seed: int) -> list[dict[str, object]]:
    """`count` option combinations of the preset's family that its rules accept (four-card
    brag refuses the face-up form), sampled from the full grid."""
    chosen = PRESETS[preset]
    grid = GRIDS[chosen.family]
    combos = []
    for values in itertools.product(*grid.values()):
        options = dict(zip(grid, values, strict=True))
        try:
            make_rules(chosen.family, **{**chosen.options, **options})
        except RulesError:
            continue
        combos.append(options)
    return random.Random(seed).sample(combos, min(count, len(combos)))


def most_free_actions(players: int) -> int:
    """The most actions a deal may hold that put no chips into the pot, which is why a history
    needs no cap on a deal's length (game/engine/history.py): a look, a pack, a discard or keep,
    a showdown proposal, a cover with nothing left and a sideshow's answer (a sideshow sends
    one player out) at most once a seat, a vote on each proposal, and the deal's last action."""
    return 6 * players + players * players + 1


def play_hands(
    preset: str,
    options: dict[str, object],
    *,
    players: int,
    hands: int,
    seed: int,
    stack: int = 60,
    check_every: int = 1,
) -> int:
    """Play `hands` deals with random legal actions; check invariants on every
    `check_every`-th deal (0: never). Returns the number of actions taken."""
    rng = random.Random(seed)
    seat_rngs = [random.Random(seed * 31 + seat) for seat in range(players)]
    sessions = itertools.count()

    def new_game() -> Game:
        return create_preset_game(
            preset, [stack] * players, seed=seed + next(sessions), dealer=0, **options
        )

    game = new_game()
    actions = 0
    for deal in range(hands):
        if not game.can_deal() or min(game.stacks) < 5:
            game = new_game()
        game.start_deal()
        check = check_every > 0 and deal % check_every == 0
        chips = game.chips_in_play()
        free = 0
        while not game.deal_over:
            if check:
                check_step(game, chips, rng)
            legal = game.legal_actions()
            seat = legal[0].action.seat
            before = game.stacks[seat]
            game.apply(random_policy(game.observe(seat), legal, seat_rngs[seat]))
            free += game.stacks[seat] >= before
            actions += 1
            assert actions < 1_000_000, "a deal never ended"
        assert free <= most_free_actions(players), "a deal went on without chips going in"
        assert game.chips_in_play() == chips
        if check:
            check_step(game, chips, rng)
            replayed = replay(write_deal(game)).game
            assert replayed.stacks == game.stacks
            assert replayed.observe(None).pots == game.observe(None).pots
    return actions


def _grid_cases(per_preset: int) -> Iterator[Any]:
    for preset in POT_PRESETS:
        for index, options in enumerate(option_sets(preset, per_preset, seed=len(preset))):
            label = ",".join(f"{key}={value}" for key, value in options.items())
            yield pytest.param(preset, options, index, id=f"{preset}-{index}-{label}")


# --- default run: every preset, then a grid of options ----------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_preset_plays_randomly_with_every_invariant(preset: str, players: int) -> None:
    report = simulate(preset, players, 60, seed=players)
    assert report.hands == 60
    if PRESETS[preset].family == "teen_patti":  # Brag may end with a pot carried forward
        assert sum(int(str(seat.as_dict()["net"])) for seat in report.seats) == 0


@pytest.mark.parametrize(("preset", "options", "index"), list(_grid_cases(per_preset=14)))
def test_option_combinations_play_randomly_with_every_invariant(
    preset: str, options: dict[str, object], index: int
) -> None:
    players = 2 + index % 5
    play_hands(preset, options, players=players, hands=25, seed=index)


def test_short_stacks_exercise_covering_borrowing_and_sitting_out() -> None:
    for running_short in ("cover", "borrow"):
        play_hands(
            "brag",
            {"running_short": running_short, "max_bet": 20},
            players=5,
            hands=150,
            seed=3,
            stack=12,
        )
    play_hands("teen_patti", {"boot": 2}, players=5, hands=150, seed=4, stack=12)


# --- the simulate and replay command lines ----------------------------------------------------


def test_simulate_cli_prints_the_documented_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--game", "brag", "--players", "3", "--hands", "20", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 20
    assert isinstance(data["hands_per_second"], int | float) and data["hands_per_second"] > 0
    assert [seat["seat"] for seat in data["seats"]] == [0, 1, 2]
    for seat in data["seats"]:
        assert set(seat) == {"seat", "bot", "net", "mean", "ci95_low", "ci95_high"}
        assert seat["ci95_low"] <= seat["mean"] <= seat["ci95_high"]
        assert seat["mean"] == pytest.approx(seat["net"] / 20, abs=1e-4)
    assert sum(seat["net"] for seat in data["seats"]) == 0


def test_simulate_cli_refuses_an_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "snap", "--hands", "1"]) == 2
    assert "snap" in capsys.readouterr().err


def test_replay_cli_reports_the_bad_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = tmp_path / "bad.txt"
    history.write_text(
        "trey-history 1\n"
        "game teen_patti\n"
        "rules {}\n"
        "deal 1\n"
        "dealer 1\n"
        "seat 0 100\n"
        "seat 1 100\n"
        "0 bet 1\n"
        "1 bet 9\n",
        encoding="utf-8",
    )
    assert main(["replay", str(history)]) == 2
    err = capsys.readouterr().err
    assert "line 9:" in err
    assert "between 1 and 2" in err


def test_replay_cli_reports_an_unreadable_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = tmp_path / "bad.txt"
    history.write_text(
        "trey-history 1\ngame brag\ndeal 1\nseat 0 50\nseat 1 50\n0 dance\n", encoding="utf-8"
    )
    assert main(["replay", str(history)]) == 2
    assert "line 6:" in capsys.readouterr().err


def test_replay_cli_names_a_bad_deal_header_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = tmp_path / "bad.txt"
    history.write_text("trey-history 1\ngame teen_patti\ndeal 1\ndealer 0\n", encoding="utf-8")
    assert main(["replay", str(history)]) == 2
    err = capsys.readouterr().err
    assert "line 3: list the seats" in err
    assert err.count("line ") == 1


def test_replay_cli_replays_a_written_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = create_preset_game("brag", [50, 50, 50], seed=2)
    game.start_deal()
    rng = random.Random(2)
    while not game.deal_over:
        legal = game.legal_actions()
        game.apply(random_policy(game.observe(None), legal, rng))
    history = tmp_path / "good.txt"
    history.write_text(write_deal(game), encoding="utf-8")
    assert main(["replay", "--json", str(history)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["stacks"] == list(game.stacks)
    assert summary["deal_over"] is True


# --- slow: 200,000+ hands ----------------------------------------------------------------------


@pytest.mark.slow
def test_two_hundred_thousand_random_hands() -> None:
    total = 0
    cases = list(_grid_cases(per_preset=40))
    per_case = 200_000 // len(cases) + 1
    for preset, options, index in (case.values for case in cases):
        assert isinstance(preset, str) and isinstance(options, dict)
        assert isinstance(index, int)
        play_hands(
            preset,
            options,
            players=2 + index % 6,
            hands=per_case,
            seed=1000 + index,
            check_every=97,
        )
        total += per_case
    assert total >= 200_000


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker", "casino"])
def test_a_tables_random_numbers_are_its_seeds(preset: str) -> None:
    """The table's generator is made when first drawn from, seeded as it always was: the
    shuffles of every deal stay the seed's."""
    game = create_preset_game(preset, [200] * 3, seed=11)
    assert game.rng.getstate() == random.Random(11).getstate()
    assert game.rng is game.rng
