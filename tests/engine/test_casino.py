"""Casino Three Card Poker against the house: settlement by stacked decks, invariants, replay."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

import pytest
from banked_checks import check_banked_invariants

from game.engine.actions import Action, Fold, IllegalActionError, parse_action
from game.engine.cards import FULL_DECK, Card, parse_hand
from game.engine.casino import CasinoGame, Play, PostAnte
from game.engine.events import DealStarted, Event, HandRevealed, PackShuffled
from game.engine.history import write_deal
from game.engine.paytables import casino_play_value, hand_index, queen_six_four
from game.engine.phases import Phase
from game.engine.rules import CasinoRules, get_preset, make_rules
from game.engine.three_card_poker import BankedGame, Qualified, WagerSettled
from game.simulate import check_step


def rules(**options: object) -> CasinoRules:
    """Casino rules (Ante 10, Pair Plus 10, Ante bonus 5-4-1 unless changed)."""
    made = make_rules("three_card_poker_casino", **options)
    assert isinstance(made, CasinoRules)
    return made


def stacked(*hands: str) -> list[Card]:
    """A pack dealing these hands in deal order: seats from the dealer's left, the house last."""
    parsed = [parse_hand(hand) for hand in hands]
    return [hand[round_] for round_ in range(3) for hand in parsed]


def settled(events: Iterable[Event], seat: int = 0) -> dict[str, tuple[str, int]]:
    """Each wager of a seat: its outcome and payout."""
    return {
        event.wager: (event.outcome, event.payout)
        for event in events
        if isinstance(event, WagerSettled) and event.seat == seat
    }


def solo(player: str, house: str, *lines: str, **options: object) -> tuple[CasinoGame, list[Event]]:
    """One seat of 200 plays a stacked deal; returns the game and the events."""
    game = CasinoGame(rules(**options), [200])
    events = game.start_deal(stacked(player, house))
    for line in lines:
        events.extend(game.apply(parse_action(line)))
    return game, events


def test_preset() -> None:
    preset = get_preset("casino").rules()
    assert isinstance(preset, CasinoRules)
    assert (preset.ante, preset.ante_bonus, preset.pay_table) == (10, "5-4-1", "40-30-6-3-1")


def test_dealer_not_qualified_pays_the_ante_and_pushes_the_play() -> None:
    game, events = solo("9h 6d 2c", "Jh 8c 4d", "0 ante 10", "0 play 10")
    verdicts = [
        (e.seat, e.qualified, e.description.english()) for e in events if isinstance(e, Qualified)
    ]
    assert verdicts == [(game.house_seat, False, "High card J-8-4")]
    assert settled(events) == {"ante": ("won", 10), "play": ("pushed", 0)}
    assert game.stacks == (210,)
    assert game.house_net == -10
    assert game.chips_in_play() == 200


def test_player_beats_a_qualified_dealer() -> None:
    game, events = solo("Kh Kd 4c", "Qc 3d 2h", "0 ante 10 10", "0 play 10")
    assert settled(events) == {
        "ante": ("won", 10),
        "play": ("won", 10),
        "pair plus": ("won", 10),
    }
    assert game.stacks == (230,)


def test_player_loses_to_a_qualified_dealer() -> None:
    game, events = solo("Qh 9d 2c", "Ah 5c 3d", "0 ante 10 10", "0 play 10")
    assert settled(events) == {
        "ante": ("lost", 0),
        "play": ("lost", 0),
        "pair plus": ("lost", 0),
    }
    assert game.stacks == (170,)
    assert game.house_net == 30


def test_a_tie_pushes_ante_and_play() -> None:
    game, events = solo("As Kd 5h", "Ac Ks 5d", "0 ante 10", "0 play 10")
    assert settled(events) == {"ante": ("pushed", 0), "play": ("pushed", 0)}
    assert game.stacks == (200,)


def test_ante_bonus_and_pair_plus_pay_even_when_the_hand_loses() -> None:
    game, events = solo("4h 5d 6c", "Kh Kd Ks", "0 ante 10 10", "0 play 10")
    assert settled(events) == {
        "ante": ("lost", 0),
        "play": ("lost", 0),
        "ante bonus": ("won", 10),
        "pair plus": ("won", 60),
    }
    assert game.stacks == (200 - 30 + 10 + 70,)


def test_straight_flush_against_a_dealer_who_does_not_qualify() -> None:
    game, events = solo("9s Ts Js", "Jh 8c 4d", "0 ante 10 10", "0 play 10", ante_bonus="4-3-1")
    assert settled(events) == {
        "ante": ("won", 10),
        "play": ("pushed", 0),
        "ante bonus": ("won", 40),
        "pair plus": ("won", 400),
    }
    assert game.stacks == (200 + 10 + 40 + 400,)


def test_a_fold_loses_ante_and_pair_plus_and_the_dealer_still_shows() -> None:
    game, events = solo("Qh 6d 3c", "Jh 8c 4d", "0 ante 10 10", "0 fold")
    assert settled(events) == {"ante": ("lost", 0), "pair plus": ("lost", 0)}
    assert any(isinstance(e, HandRevealed) and e.seat == game.house_seat for e in events)
    assert not any(isinstance(e, HandRevealed) and e.seat == 0 for e in events)
    assert game.stacks == (180,)


def test_several_seats_play_from_the_dealer_left() -> None:
    game = CasinoGame(rules(), [200, 200], dealer=0)
    events = game.start_deal(stacked("Kh Kd 4c", "Qh 9d 2c", "Ah 5c 3d"))
    for line in ["1 ante 10", "0 ante 10", "1 play 10", "0 play 10"]:
        events.extend(game.apply(parse_action(line)))
    assert settled(events, 1) == {"ante": ("won", 10), "play": ("won", 10)}
    assert settled(events, 0) == {"ante": ("lost", 0), "play": ("lost", 0)}
    assert game.stacks == (180, 220)


def test_illegal_actions_name_the_rule() -> None:
    game = CasinoGame(rules(), [25])
    with pytest.raises(IllegalActionError, match="No deal is in progress"):
        game.apply(Play(0, 10))
    game.start_deal()
    for action, message in [
        (PostAnte(0, 5), "The Ante at this table is 10, not 5"),
        (PostAnte(0, 10, 10), "Pair Plus needs 30"),
        (Play(0, 10), "may not play now"),
        (PostAnte(1, 10), "There is no seat 1"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
    game.apply(PostAnte(0, 10))
    with pytest.raises(IllegalActionError, match="A Play bet must equal the Ante of 10"):
        game.apply(Play(0, 20))
    broke = CasinoGame(rules(), [19])
    assert str(broke.why_not_dealing()) == "No seat has the 20 chips an Ante and a Play bet need."
    with pytest.raises(IllegalActionError, match="No seat has"):
        broke.start_deal()


def test_the_house_hand_is_hidden_until_the_dealer_shows() -> None:
    game, _ = solo("Qh 6d 4c", "Ah 5c 3d", "0 ante 10")
    view = game.observe(0)
    assert view.seats[-1].badges == ("HOUSE",)
    assert view.seats[-1].hands == ((None, None, None),)
    assert view.seats[0].hands == (parse_hand("Qh 6d 4c"),)
    assert game.should_play(0) and queen_six_four(parse_hand("Qh 6d 4c"))
    game.apply(Play(0, 10))
    assert game.observe(0).seats[-1].hands == (parse_hand("Ah 5c 3d"),)


def play_against(player: tuple[Card, ...], dealer: tuple[Card, ...]) -> int:
    """Ante 10 and Play 10 with `player` against `dealer`; returns the seat's net result."""
    game = CasinoGame(rules(), [200])
    game.start_deal([card for pair in zip(player, dealer, strict=True) for card in pair])
    game.apply(PostAnte(0, 10))
    game.apply(Play(0, 10))
    return game.stacks[0] - 200


def test_the_engine_settles_like_a_plain_reading_of_the_rules() -> None:
    ranking = CasinoGame(rules(), [1]).ranking
    queen_high = ranking.evaluate(parse_hand("Qc 3d 2h")).strength
    rng = random.Random(1)
    for _ in range(300):
        cards = rng.sample(FULL_DECK, 6)
        player, dealer = tuple(cards[:3]), tuple(cards[3:])
        mine, theirs = ranking.evaluate(player).strength, ranking.evaluate(dealer).strength
        if theirs < queen_high:
            expected = 10
        else:
            expected = 20 if mine > theirs else -20 if mine < theirs else 0
        category = ranking.evaluate(player).category.value
        expected += 10 * {"straight_flush": 5, "trio": 4, "straight": 1}.get(category, 0)
        assert play_against(player, dealer) == expected, (player, dealer)


@pytest.mark.slow
def test_the_engine_agrees_exactly_with_the_enumeration_for_one_hand() -> None:
    player = parse_hand("Jh 7d 2c")
    rest = [card for card in FULL_DECK if card not in player]
    total = sum(play_against(player, dealer) for dealer in itertools.combinations(rest, 3))
    assert total == casino_play_value(player) * 10 * 18_424


# --- replay and seeded random play --------------------------------------------------------


def choose_randomly(game: BankedGame, rng: random.Random) -> Action:
    """A uniformly random legal action for the seat to act."""
    return rng.choice(game.legal_actions()).action


def test_every_deal_replays_from_what_it_recorded() -> None:
    game = CasinoGame(rules(ante_bonus="5-3-1"), [300, 150, 500], seed=4, dealer=1)
    rng = random.Random(6)
    for _ in range(20):
        game.start_deal()
        while not game.deal_over:
            game.apply(choose_randomly(game, rng))
        again = CasinoGame(game.rules, [setup.stack for setup in game.deal_start], dealer=1)
        again.start_deal(game.deal_deck)
        for action in game.actions:
            again.apply(action)
        skip = (DealStarted, PackShuffled)
        assert [e for e in again.events if not isinstance(e, skip)] == [
            e for e in game.events if not isinstance(e, skip)
        ]
        assert again.stacks == game.stacks
        text = write_deal(game)
        assert '"ante_bonus": "5-3-1"' in text and "game three_card_poker_casino" in text


def random_play(games: int, deals: int, seed: int) -> int:
    """Seeded random sessions with every invariant checked after each step; returns deals."""
    rng = random.Random(seed)
    played = 0
    for _ in range(games):
        seats = rng.randint(1, 7)
        options = {
            "ante": rng.choice([1, 5, 10]),
            "pair_plus": rng.random() < 0.8,
            "pair_plus_bet": rng.choice([1, 5, 25]),
            "ante_bonus": rng.choice(["5-4-1", "5-3-1", "4-3-1", "none"]),
            "pay_table": rng.choice(["40-30-6-3-1", "40-30-5-4-1", "mini_royal_100"]),
        }
        stacks = [rng.choice([0, 15, 100, 400]) for _ in range(seats)]
        game = CasinoGame(rules(**options), stacks, seed=rng.randrange(10**6))
        total = game.chips_in_play()
        for _ in range(deals):
            if not game.can_deal():
                break
            game.start_deal()
            played += 1
            check_banked_invariants(game, total)
            while not game.deal_over:
                seat = game.to_act
                assert seat is not None
                for probe in (Play(seat, -1), PostAnte(seat, 10**6), Fold(seat + 1)):
                    before = (game.stacks, game.to_act, len(game.events))
                    with pytest.raises(IllegalActionError):
                        game.apply(probe)
                    assert (game.stacks, game.to_act, len(game.events)) == before
                game.apply(choose_randomly(game, rng))
                check_banked_invariants(game, total)
                if game.seat_count > 1:  # check_step needs a second seat to act out of turn
                    check_step(game, total, rng)
    return played


def test_seeded_random_play_keeps_every_invariant() -> None:
    assert random_play(games=25, deals=12, seed=31) >= 200


@pytest.mark.slow
def test_long_seeded_random_play_keeps_every_invariant() -> None:
    assert random_play(games=300, deals=40, seed=77) >= 5000


def test_hand_index_finds_any_card_order() -> None:
    hand = parse_hand("2c Ah 9d")
    assert hand_index(hand) == hand_index(tuple(reversed(hand)))


def test_a_broke_seat_ends_the_session() -> None:
    game = CasinoGame(rules(pair_plus=False), [60], seed=2)
    rng = random.Random(3)
    deals = 0
    while game.can_deal():
        game.start_deal()
        deals += 1
        while not game.deal_over:
            game.apply(Fold(0) if game.phase == Phase.DECISIONS else choose_randomly(game, rng))
    assert deals == 5 and game.stacks == (10,) and game.house_net == 50
