"""A game of a named preset in one call, for the tests (the game itself builds games from rules)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from game.bots.base import Bot
from game.bots.reading import Situation, read
from game.engine.actions import Action, Bet, LegalAction, Look
from game.engine.factory import create_game
from game.engine.families import family_info
from game.engine.game import Game
from game.engine.rules import get_preset, make_rules
from game.simulate import random_policy


def create_preset_game(
    preset: str, stacks: Sequence[int], *, seed: int = 0, dealer: int = 0, **options: object
) -> Game:
    """A new session of a named preset, with any options changed."""
    chosen = get_preset(preset)
    rules = make_rules(chosen.family, **{**chosen.options, **options})
    return create_game(rules, stacks, seed=seed, dealer=dealer)


def table_sizes(preset: str) -> list[int]:
    """Two, four and seven seats, or the nearest the preset's table takes."""
    seats = family_info(get_preset(preset).family).seats
    return sorted({min(max(count, seats.start), seats.stop - 1) for count in (2, 4, 7)})


def random_states(
    preset: str, players: int, deals: int, *, stack: int, seed: int, label: str
) -> Iterator[Game]:
    """Seeded random-legal play of a few deals (the random numbers named by `label`), yielding
    the game at every state of every deal and between deals."""
    rng = random.Random(f"{preset} {players} {label}")
    game = create_preset_game(preset, [stack] * players, seed=seed)
    for _ in range(deals):
        if not game.can_deal():
            break
        game.start_deal()
        while not game.deal_over:
            yield game
            legal = game.legal_actions()
            game.apply(random_policy(game.observe(legal[0].action.seat), legal, rng))
        yield game


def bet_option(game: Game, seat: int) -> LegalAction:
    """The bet a seat may make now (its lowest amount is the stake)."""
    return next(o for o in game.observe(seat).legal if o.action.verb == "bet")


def look_and_bet(game: Game, looked: set[int], most: bool) -> int:
    """The seat to act looks at its cards first if it has not yet (`looked` notes who has), then
    bets the most it may, or the stake: that seat."""
    seat = game.to_act
    assert seat is not None
    if seat not in looked:
        looked.add(seat)
        game.apply(Look(seat))
    option = bet_option(game, seat)
    game.apply(Bet(seat, option.high if most else option.low))
    return seat


def seen_war(seed: int, chaals: int = 4) -> tuple[Game, int]:
    """A heads-up Teen Patti deal where both players looked and bet seen at the stake, once
    each and then `chaals` more times between them."""
    game = create_preset_game("teen_patti", [200, 200], seed=seed, dealer=0)
    game.start_deal()
    for _ in range(2):
        seat = game.to_act
        assert seat is not None
        game.apply(Look(seat))
        game.apply(Bet(seat, bet_option(game, seat).low))
    for _ in range(chaals):
        seat = game.to_act
        assert seat is not None
        game.apply(Bet(seat, bet_option(game, seat).low))
    seat = game.to_act
    assert seat is not None
    return game, seat


def after_a_first_bet(
    preset: str,
    stacks: Sequence[int],
    seed: int,
    *,
    seen: bool,
    biggest: bool = False,
    dealer: int = 0,
) -> tuple[Game, int, int]:
    """A started deal where the first to act bet (seen, after looking, or blind; the smallest
    bet, or the `biggest`): the game, that seat, and the seat to act next."""
    game = create_preset_game(preset, stacks, seed=seed, dealer=dealer)
    game.start_deal()
    first = game.to_act
    assert first is not None
    if seen:
        game.apply(Look(first))
    option = bet_option(game, first)
    game.apply(Bet(first, option.high if biggest else option.low))
    second = game.to_act
    assert second is not None and second != first
    return game, first, second


def after_a_seen_bet(preset: str, stacks: Sequence[int], seed: int) -> tuple[Game, int, int]:
    """A started deal where the first to act looked and bet seen at the stake: the game, that
    seat, and the seat to act next."""
    return after_a_first_bet(preset, stacks, seed, seen=True)


def play_deal(
    game: Game, players: Sequence[Bot], rng: random.Random
) -> Iterator[tuple[int, Situation, Action]]:
    """Play the started deal to its end, each seat's player choosing: yields the seat, what it
    saw and the action it chose, before the action is applied."""
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        observation = game.observe(seat)
        legal = list(observation.legal)
        action = players[seat].choose(observation, legal, rng)
        yield seat, read(observation, legal), action
        game.apply(action)
