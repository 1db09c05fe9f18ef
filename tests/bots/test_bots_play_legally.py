"""Bots: only legal actions in every preset, and their choices never depend on hidden cards."""

import random

import pytest
from preset_games import create_preset_game

from game.bots.base import Bot
from game.bots.registry import BOT_LEVELS, make_bot
from game.bots.simple import SIMPLE_RULES
from game.engine.actions import Action
from game.engine.cards import FULL_DECK, Card
from game.engine.events import HandRevealed, SideshowCompared
from game.engine.rules import PRESETS, get_preset
from game.session import SeatPlan, Session

LEVELS = sorted(BOT_LEVELS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_only_legal_actions(preset: str) -> None:
    players = 2 if preset == "casino" else 6
    names = [*LEVELS, "hard+bluffer", "medium+blind-lover"]
    plans = [
        SeatPlan.bot(f"bot {seat}", names[(seat + len(preset)) % len(names)])
        for seat in range(players)
    ]
    session = Session(get_preset(preset).rules(), plans, stack=2000, seed=11)
    deals = 0
    while deals < 40 and session.game.can_deal():
        session.start_deal()
        deals += 1
        steps = 0
        while not session.game.deal_over:
            session.step()  # apply() raises IllegalActionError on anything illegal
            steps += 1
            assert steps < 5000
    assert deals > 5


def test_unknown_levels_and_personalities_are_refused() -> None:
    with pytest.raises(ValueError, match="not a bot level"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="personality"):
        make_bot("easy+bluffer")
    assert make_bot("hard+tight").name == "hard+tight"


def _decisions(
    preset: str, deck: list[Card], bot_seat: int, level: str, seats: int, opponent: str = "random"
) -> list[Action]:
    """The bot's actions in one deal against card-blind opponents (random, or never looking)."""
    game = create_preset_game(preset, [500] * seats, seed=3, dealer=seats - 1)
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
