"""The simulation's secrecy check reads each deal's events once (KnownCards) and still catches a
seat shown a card its events never let it learn."""

from __future__ import annotations

import dataclasses
import random

import pytest
from preset_games import create_preset_game

from game import simulate
from game.engine.actions import Action, Bet, LegalAction
from game.engine.game import Game
from game.engine.history import ReplayResult, replay, write_deal
from game.engine.observation import Observation
from game.simulate import InvariantError, KnownCards, check_step, knowable_cards, random_policy


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "four_card_brag"])
def test_the_cards_kept_deal_by_deal_are_those_read_afresh(preset: str) -> None:
    game = create_preset_game(preset, [200] * 4, seed=5)
    rng = random.Random(5)
    kept = KnownCards()
    steps = 0
    for _deal in range(6):
        game.start_deal()
        while True:
            for viewer in range(4):
                assert kept.of(game.events, viewer) == knowable_cards(game.events, viewer)
            if game.deal_over:
                break
            seat = game.to_act
            assert seat is not None
            game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))
            steps += 1
            assert steps < 5_000
    assert steps > 20


def test_a_seat_shown_a_card_it_was_never_told_of_is_caught() -> None:
    game = create_preset_game("teen_patti", [200] * 3, seed=2)
    rng = random.Random(2)
    chips = game.chips_in_play()
    game.start_deal()
    for _step in range(2):
        check_step(game, chips, rng)  # the checks have read this deal's events so far
        seat = game.to_act
        assert seat is not None
        game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))
    looker = game.to_act
    assert looker is not None
    other = game.next_seat(looker)
    game.players[other].known_by.add(looker)  # type: ignore[attr-defined]
    game.players[other].revealed = False  # type: ignore[attr-defined]
    game._forget_observations()  # type: ignore[attr-defined]
    with pytest.raises(InvariantError, match=f"seat {looker} can see"):
        check_step(game, chips, rng)


def _a_played_deal(preset: str, seed: int) -> Game:
    """A deal of `preset` at four seats played to its end by random legal moves."""
    game = create_preset_game(preset, [200] * 4, seed=seed)
    rng = random.Random(seed)
    game.start_deal()
    for _step in range(1_000):
        seat = game.to_act
        if seat is None:
            return game
        game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker"])
def test_a_history_written_short_of_its_last_action_is_caught(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _a_played_deal(preset, 3)
    simulate._check_replay(game)  # as written, it replays to the same end
    whole = write_deal(game)
    short = whole.rstrip("\n").rsplit("\n", 1)[0] + "\n"
    monkeypatch.setattr(simulate, "write_deal", lambda game: short)
    with pytest.raises(InvariantError, match="replaying the history gives"):
        simulate._check_replay(game)


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker", "casino"])
def test_the_pots_the_replay_check_compares_are_those_observed(preset: str) -> None:
    game = create_preset_game(preset, [200] * 4, seed=7)
    rng = random.Random(7)
    for _deal in range(3):
        game.start_deal()
        while True:
            assert game.pot_sizes() == game.observe(None).pots
            seat = game.to_act
            if seat is None:
                break
            game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))


def test_a_replay_that_ends_with_other_pots_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _a_played_deal("brag", 4)
    played = replay

    def other_pots(text: str) -> ReplayResult:
        result = played(text)
        pots = result.game._pots()  # type: ignore[attr-defined]
        result.game._pots = lambda: (*pots, 1)  # type: ignore[attr-defined]
        return result

    monkeypatch.setattr(simulate, "replay", other_pots)
    with pytest.raises(InvariantError, match="different pots"):
        simulate._check_replay(game)


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
def test_a_hand_shown_to_everyone_without_an_event_saying_so_is_caught(preset: str) -> None:
    """Each seat's view of a hand shown to all is the spectator's very record, which the check
    reads once for everyone: the leak is still caught."""
    game = create_preset_game(preset, [200] * 4, seed=2)
    rng = random.Random(2)
    chips = game.chips_in_play()
    game.start_deal()
    for _step in range(2):
        check_step(game, chips, rng)
        seat = game.to_act
        assert seat is not None
        game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))
    seat = game.to_act
    assert seat is not None
    game.players[seat].revealed = True  # type: ignore[attr-defined]
    game._forget_observations()  # type: ignore[attr-defined]
    spectator = game.observe(None)
    other = game.observe(game.next_seat(seat))
    assert other.seats[seat] is spectator.seats[seat]  # the record the seat shares
    with pytest.raises(InvariantError, match="the spectator can see"):
        check_step(game, chips, rng)


def _a_three_seat_deal_begun(preset: str) -> tuple[Game, int, random.Random]:
    """A 3-seat deal just dealt (seed 2), its first state checked."""
    game = create_preset_game(preset, [200] * 3, seed=2)
    rng = random.Random(2)
    chips = game.chips_in_play()
    game.start_deal()
    check_step(game, chips, rng)
    return game, chips, rng


def _seat_one_shown_of_seat_two(
    monkeypatch: pytest.MonkeyPatch, game: Game, **leaked: object
) -> None:
    """Make `game` a leaking engine: seat 1's view of seat 2 holds the fields `leaked`."""
    made = type(game).observe

    def leaking(self: Game, viewer: int | None) -> Observation:
        observation = made(self, viewer)
        if viewer != 1:
            return observation
        seats = list(observation.seats)
        seats[2] = dataclasses.replace(seats[2], **leaked)  # type: ignore[arg-type]
        return dataclasses.replace(observation, seats=tuple(seats))

    monkeypatch.setattr(type(game), "observe", leaking)


def test_a_seat_whose_own_record_shows_another_seats_hand_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat's view that is not the spectator's record is read in full."""
    game, chips, rng = _a_three_seat_deal_begun("teen_patti")
    hands = tuple(tuple(hand) for hand in game.players[2].hands)  # type: ignore[attr-defined]
    _seat_one_shown_of_seat_two(monkeypatch, game, hands=hands)
    with pytest.raises(InvariantError, match="seat 1 can see"):
        check_step(game, chips, rng)


def _a_deal_under_way(preset: str) -> tuple[Game, int, random.Random]:
    game = create_preset_game(preset, [200] * 4, seed=6)
    rng = random.Random(6)
    chips = game.chips_in_play()
    game.start_deal()
    check_step(game, chips, rng)
    seat = game.to_act
    assert seat is not None
    game.apply(random_policy(game.observe(seat), game.legal_actions(), rng))
    return game, chips, rng


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
def test_an_engine_that_lets_a_seat_act_out_of_turn_is_caught(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, chips, rng = _a_deal_under_way(preset)
    check_step(game, chips, rng)
    monkeypatch.setattr(type(game), "_verify_actor", lambda self, seat, kind: None)
    with pytest.raises(InvariantError, match=r"the illegal action '\d fold' was accepted"):
        check_step(game, chips, rng)


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
def test_an_engine_that_takes_a_bet_past_the_most_allowed_is_caught(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, chips, rng = _a_deal_under_way(preset)
    legal = game.legal_actions()
    assert any(isinstance(option.action, Bet) for option in legal)
    within = LegalAction.allows

    def any_amount(self: LegalAction, action: Action) -> bool:
        if isinstance(action, Bet) and isinstance(self.action, Bet):
            return action.seat == self.action.seat
        return within(self, action)

    monkeypatch.setattr(LegalAction, "allows", any_amount)
    with pytest.raises(InvariantError, match=r"the illegal action '\d bet \d+' was accepted"):
        check_step(game, chips, rng)


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "four_card_brag"])
def test_a_card_in_two_places_is_caught(preset: str) -> None:
    game, chips, rng = _a_deal_under_way(preset)
    check_step(game, chips, rng)
    seat = next(seat for seat, player in game.players.items() if player.hands[0])  # type: ignore[attr-defined]
    game.players[seat].hands[0][0] = game.pack.cards[0]  # type: ignore[attr-defined]
    game._forget_observations()  # type: ignore[attr-defined]
    with pytest.raises(InvariantError, match="the 52 cards are not all there exactly once"):
        check_step(game, chips, rng)


def test_a_seat_whose_own_record_shows_another_seats_discard_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The records a seat does not share with the spectator are read whole: their hands and
    their discard (four-card brag) alike."""
    game, chips, rng = _a_three_seat_deal_begun("four_card_brag")
    hidden = game.players[2].hands[0][0]  # type: ignore[attr-defined]
    _seat_one_shown_of_seat_two(monkeypatch, game, discard=hidden)
    with pytest.raises(InvariantError, match=f"seat 1 can see \\['{hidden}'\\]"):
        check_step(game, chips, rng)


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
def test_the_seat_probed_out_of_turn_may_be_any_other_seat(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that lets one other seat act out of turn is caught on some draws and not on
    others (the probe picks among the other seats), and never blamed on the seat to act."""
    game, _chips, _rng = _a_deal_under_way(preset)
    seat = game.to_act
    assert seat is not None
    lax = (seat + 2) % 4
    checked = type(game)._verify_actor

    def lets_one_seat_in(self: Game, actor: int, kind: type[Action]) -> None:
        if actor != lax:
            checked(self, actor, kind)  # type: ignore[attr-defined]

    monkeypatch.setattr(type(game), "_verify_actor", lets_one_seat_in)
    caught = 0
    for draw in range(30):
        fresh, chips, _rng = _a_deal_under_way(preset)
        try:
            check_step(fresh, chips, random.Random(draw))
        except InvariantError as error:
            assert f"'{lax} fold' was accepted" in str(error)
            caught += 1
    assert 0 < caught < 30


@pytest.mark.parametrize("where", ["stack", "carried"])
def test_a_negative_stack_or_pot_is_caught(where: str) -> None:
    game, chips, rng = _a_deal_under_way("brag")
    check_step(game, chips, rng)
    if where == "stack":
        game._stacks[0] -= 1_000  # type: ignore[attr-defined]
        game.pot += 1_000  # type: ignore[attr-defined]
    else:
        game.carried = -5  # type: ignore[attr-defined]
        game.pot += 5  # type: ignore[attr-defined]
    game._forget_observations()  # type: ignore[attr-defined]
    assert game.chips_in_play() == chips
    with pytest.raises(InvariantError, match="a pot or a stack is negative"):
        check_step(game, chips, rng)
