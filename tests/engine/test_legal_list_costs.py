"""Listing the legal actions says nothing nobody asked for: no refusal records or sentences for
the verbs not offered, and an option's rule said only when read, as it was when listed."""

from __future__ import annotations

import random

import pytest

from game.engine import said as said_module
from game.engine.actions import Action, Bet, Fold, IllegalActionError, Show
from game.engine.factory import create_game
from game.engine.game import Game
from game.engine.rules import get_preset
from game.engine.said import Said


def states(preset: str, seats: int, seed: int) -> list[Game]:
    """Games at successive decision points of one random-legal deal (each a fresh replay)."""
    rules = get_preset(preset).rules()
    game = create_game(rules, [10_000] * seats, seed=seed)
    game.start_deal()
    rng = random.Random(seed)
    played = []
    games = []
    while not game.deal_over and len(games) < 12:
        games.append(replay(preset, seats, seed, played))
        option = rng.choice(game.legal_actions())
        action = option.action
        if isinstance(action, Bet):
            action = Bet(action.seat, rng.choice(list(option.amounts())))
        game.apply(action)
        played.append(action)
    return games


def replay(preset: str, seats: int, seed: int, actions: list[object]) -> Game:
    """A fresh game with the same deal and `actions` applied."""
    game = create_game(get_preset(preset).rules(), [10_000] * seats, seed=seed)
    game.start_deal()
    for action in actions:
        game.apply(action)  # type: ignore[arg-type]
    return game


@pytest.mark.parametrize("seats", [2, 4, 7])
def test_the_teen_patti_legal_list_makes_no_sentence_and_no_refusal(
    monkeypatch: pytest.MonkeyPatch, seats: int
) -> None:
    made: list[Said] = []
    english = said_module.english
    original_init = Said.__init__

    def counting_init(self: Said, *arguments: object, **keywords: object) -> None:
        original_init(self, *arguments, **keywords)  # type: ignore[arg-type]
        made.append(self)

    def counting_english(said: Said) -> str:
        made.append(said)
        return english(said)

    for game in states("teen_patti", seats, seed=seats):
        monkeypatch.setattr(Said, "__init__", counting_init)
        monkeypatch.setattr(said_module, "english", counting_english)
        listed = game.legal_actions()
        monkeypatch.undo()
        assert listed
        assert made == [], f"listing made {len(made)} sentences: {made[:3]}"


def test_a_refusal_is_still_said_when_asked() -> None:
    game = create_game(get_preset("teen_patti").rules(), [10_000] * 4, seed=1)
    game.start_deal()
    game.legal_actions()
    seat = game.to_act
    assert seat is not None
    refusal = game.refusal(Show(seat))
    assert str(refusal) == "A show is only possible when exactly two players are left."
    with pytest.raises(IllegalActionError, match="exactly two players are left"):
        game.apply(Show(seat))


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker"])
def test_a_rule_read_late_says_what_it_said_when_listed(preset: str) -> None:
    """Rules are said lazily, from what was true when the list was made: reading an option's
    rule after the game moved on gives the very sentence read at once in a replayed game."""
    seats = 4
    for seed in range(1, 4):
        rng = random.Random(seed)
        played: list[object] = []
        game = replay(preset, seats, seed, [])
        while not game.deal_over and len(played) < 15:
            listed = game.legal_actions()
            fresh = replay(preset, seats, seed, played)
            read_at_once = [str(option.rule) for option in fresh.legal_actions()]
            option = rng.choice(listed)
            action = option.action
            if isinstance(action, Bet):
                action = Bet(action.seat, rng.choice(list(option.amounts())))
            game.apply(action)
            played.append(action)
            assert [str(option.rule) for option in listed] == read_at_once


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
def test_a_refusal_makes_its_sentence_only_when_read(
    monkeypatch: pytest.MonkeyPatch, preset: str
) -> None:
    """A refused action (a seat out of turn; in Brag a bet past the most) raises without making
    its sentence; reading the refusal makes the very sentence it names."""
    game = states(preset, 4, 3)[1]
    seat = game.to_act
    assert seat is not None
    game.legal_actions()
    most = max(option.high for option in game.legal_actions() if isinstance(option.action, Bet))
    made: list[Said] = []
    original_init = Said.__init__

    def counting_init(self: Said, *arguments: object, **keywords: object) -> None:
        original_init(self, *arguments, **keywords)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(Said, "__init__", counting_init)
    refusals = []
    attempts: list[Action] = [Fold((seat + 1) % 4)]
    if preset == "brag":  # (Teen Patti's bet refusal says two sentences, made at once)
        attempts.append(Bet(seat, most + 1))
    for attempt in attempts:
        with pytest.raises(IllegalActionError) as refused:
            game.apply(attempt)
        refusals.append(refused.value)
    assert made == []
    monkeypatch.undo()
    turn = refusals[0].said
    assert turn.template.startswith("It is seat {turn}'s turn")
    assert dict(turn.values) == {"turn": seat, "seat": (seat + 1) % 4}
    assert (
        str(refusals[0])
        == str(turn)
        == f"It is seat {seat}'s turn, not seat {(seat + 1) % 4}'s: players act in turn, "
        "never out of turn."
    )
    if preset == "brag":
        assert refusals[1].said == game.refusal(Bet(seat, most + 1))
        assert str(refusals[1]) == f"The most you may bet now is {most}."
