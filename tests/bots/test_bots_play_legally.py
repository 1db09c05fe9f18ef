"""Bots: only legal actions in every preset, and their choices never depend on hidden cards."""

import random

import pytest

from game.bots.base import RandomBot
from game.bots.easy import EasyBot
from game.engine.actions import Action
from game.engine.cards import FULL_DECK, Card
from game.engine.events import HandRevealed, SideshowCompared
from game.engine.factory import create_preset_game
from game.engine.rules import PRESETS, get_preset
from game.session import SeatPlan, Session


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_easy_and_random_bots_play_only_legal_actions(preset: str) -> None:
    players = 1 if preset == "casino" else 4
    plans = [
        SeatPlan(f"bot {seat}", False, ("easy", "random")[seat % 2]) for seat in range(players)
    ]
    session = Session(get_preset(preset).rules(), plans, stack=2000, seed=11)
    deals = 0
    while deals < 60 and session.game.can_deal():
        session.start_deal()
        deals += 1
        steps = 0
        while not session.game.deal_over:
            session.play_bot()  # apply() raises IllegalActionError on anything illegal
            steps += 1
            assert steps < 5000
    assert deals > 5


def _decisions(deck: list[Card], bot_seat: int) -> list[Action]:
    """The easy bot's actions in one Teen Patti deal against card-blind random opponents."""
    game = create_preset_game("teen_patti", [500] * 4, seed=3, dealer=3)
    game.start_deal(deck)
    bots = {seat: RandomBot() for seat in range(4)}
    rngs = {seat: random.Random(seat) for seat in range(4)}
    easy = EasyBot()
    chosen: list[Action] = []
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        observation = game.observe(seat)
        legal = list(observation.legal)
        if seat == bot_seat:
            action = easy.choose(observation, legal, rngs[seat])
            chosen.append(action)
        else:
            action = bots[seat].choose(observation, legal, rngs[seat])
        events = game.apply(action)
        if any(isinstance(event, HandRevealed | SideshowCompared) for event in events):
            break  # from here the bot may rightly learn other cards
    return chosen


@pytest.mark.parametrize("seed", range(25))
def test_leak_redealing_hidden_cards_never_changes_the_bot(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    bot_seat = 1
    # Dealt one at a time from seat 0: the bot's cards are at positions 1, 5 and 9.
    mine = {1, 5, 9}
    others = [card for index, card in enumerate(deck) if index not in mine]
    rng.shuffle(others)
    redealt = iter(others)
    second = [deck[index] if index in mine else next(redealt) for index in range(len(deck))]
    assert _decisions(deck, bot_seat) == _decisions(second, bot_seat)
