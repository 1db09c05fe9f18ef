"""Bots: their choices never depend on cards they may not see (re-dealt hidden cards, same play)."""

import random

import pytest
from preset_games import create_preset_game

from game.bots.base import Bot
from game.bots.registry import BOT_LEVELS, make_bot
from game.bots.simple import SIMPLE_RULES
from game.engine.actions import Action
from game.engine.cards import FULL_DECK, Card
from game.engine.events import HandRevealed, SideshowCompared
from game.engine.rules import get_preset

LEVELS = sorted(BOT_LEVELS)
STACK = 200
"""Each seat's chips: card-blind opponents who never look bet the minimum until the chips run
out, so a deal's length grows with the stacks (500 made deals of 500 decisions for one bot; at
200 the longest still run to 100-200 of its decisions, down to its last chips)."""


def _decisions(
    preset: str, deck: list[Card], bot_seat: int, level: str, seats: int, opponent: str = "random"
) -> list[Action]:
    """The bot's actions in one deal against card-blind opponents (random, or never looking)."""
    game = create_preset_game(preset, [STACK] * seats, seed=3, dealer=seats - 1)
    game.start_deal(deck)
    bots: dict[int, Bot] = {seat: make_bot(opponent) for seat in range(seats)}
    bots[bot_seat] = make_bot(level)
    rngs = {seat: random.Random(seat) for seat in range(seats)}
    chosen: list[Action] = []
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        observation = game.observe(seat)
        action = bots[seat].choose(observation, list(observation.legal), rngs[seat])
        if seat == bot_seat:
            chosen.append(action)
        events = game.apply(action)
        if any(isinstance(event, HandRevealed | SideshowCompared) for event in events):
            break  # from here the bot may rightly learn other cards
    return chosen


@pytest.mark.parametrize("opponent", ["random", "never-look-min"])
@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("level", [*LEVELS, *SIMPLE_RULES])
@pytest.mark.parametrize("preset", ["teen_patti", "teen_patti_no_limit", "brag"])
def test_leak_redealing_hidden_cards_never_changes_the_bot(
    preset: str, level: str, seats: int, opponent: str
) -> None:
    _check_no_leak(preset, level, seats, opponent, range(8))


@pytest.mark.parametrize("level", [*LEVELS, *SIMPLE_RULES])
@pytest.mark.parametrize(
    "preset", ["joker", "best_of_four", "lowest_joker", "nine_nine_nine", "four_card_brag"]
)
def test_leak_in_the_variants_open_jokers_and_four_cards(preset: str, level: str) -> None:
    _check_no_leak(preset, level, 4, "random", range(3))


def _check_no_leak(preset: str, level: str, seats: int, opponent: str, seeds: range) -> None:
    """Re-dealing every card the bot may not see, with the same seeds, never changes its play."""
    for seed in seeds:
        rng = random.Random(seed)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        bot_seat = 1
        # Dealt one at a time from seat 0: the bot's cards are at 1, 1 + seats, 1 + 2 * seats
        # (and 1 + 3 * seats with four cards dealt); open jokers follow the hands, face up.
        rules = get_preset(preset).rules()
        dealt = int(getattr(rules, "cards_dealt", 3))
        open_jokers = int(getattr(rules, "open_jokers", 0))
        mine = {1 + round * seats for round in range(dealt)}
        mine |= set(range(dealt * seats, dealt * seats + open_jokers))
        others = [card for index, card in enumerate(deck) if index not in mine]
        rng.shuffle(others)
        redealt = iter(others)
        second = [deck[index] if index in mine else next(redealt) for index in range(len(deck))]
        first_run = _decisions(preset, deck, bot_seat, level, seats, opponent)
        assert first_run == _decisions(preset, second, bot_seat, level, seats, opponent)
