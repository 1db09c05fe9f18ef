"""Three Card Poker with a designated player: every settlement branch replayed to the chip."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from banked_checks import check_banked_invariants

from game.engine.actions import Action, Fold, IllegalActionError, parse_action
from game.engine.cards import Card, parse_hand
from game.engine.events import (
    CardDealt,
    DealStarted,
    Event,
    Folded,
    HandRevealed,
    Looked,
    PackShuffled,
    TurnPassed,
)
from game.engine.history import write_deal
from game.engine.phases import Phase
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import RulesError, ThreeCardPokerRules, get_preset, make_rules
from game.engine.three_card_poker import (
    BankedGame,
    BankOffered,
    BankWaived,
    Call,
    DesignatedPlayerChosen,
    HandDead,
    PostBets,
    Qualified,
    TakeBank,
    ThreeCardPokerGame,
    WagerSettled,
    Waive,
)
from game.simulate import check_step


def verdicts(events: list[Event]) -> list[tuple[int, bool, str]]:
    """Each Qualified event as (seat, qualified, the bank's hand in English)."""
    found = [event for event in events if isinstance(event, Qualified)]
    return [(event.seat, event.qualified, event.description.english()) for event in found]


def rules(**options: object) -> ThreeCardPokerRules:
    """Three Card Poker rules (base 10, Pair Plus 10, 40-30-6-3-1 unless changed)."""
    made = make_rules("three_card_poker", **options)
    assert isinstance(made, ThreeCardPokerRules)
    return made


def stacked(*hands: str) -> list[Card]:
    """A pack dealing these hands, given in deal order: from the DP's left, the DP last."""
    parsed = [parse_hand(hand) for hand in hands]
    return [hand[round_] for round_ in range(3) for hand in parsed]


def run(game: BankedGame, lines: Iterable[str]) -> list[Event]:
    """Apply action lines ('1 post 10 10') and collect the events."""
    events: list[Event] = []
    for line in lines:
        events.extend(game.apply(parse_action(line)))
    return events


def settled(events: Iterable[Event], seat: int) -> dict[str, tuple[str, int]]:
    """Each wager of a seat: its outcome and the payout."""
    return {
        event.wager: (event.outcome, event.payout)
        for event in events
        if isinstance(event, WagerSettled) and event.seat == seat
    }


def three_seats(**options: object) -> ThreeCardPokerGame:
    """Three seats of 200; seat 0 is offered the bank first."""
    return ThreeCardPokerGame(rules(**options), [200, 200, 200], seed=7, dealer=0)


# --- the rule set -------------------------------------------------------------------------


def test_preset_and_options() -> None:
    preset = get_preset("three_card_poker").rules()
    assert isinstance(preset, ThreeCardPokerRules)
    assert (preset.base_bet, preset.pay_table, preset.tie) == (10, "40-30-6-3-1", "push")
    assert preset.pair_plus_on_lost_call == "loses"
    with pytest.raises(RulesError, match="base_bet"):
        make_rules("three_card_poker", base_bet=0)
    with pytest.raises(RulesError, match="without wild cards"):
        make_rules("three_card_poker", wild_cards="2s")
    with pytest.raises(RulesError, match="pay_table"):
        make_rules("three_card_poker", pay_table="50-40-30")


def test_actions_read_and_write_their_text() -> None:
    assert parse_action("1 post 10 10") == PostBets(1, 10, 10)
    assert PostBets(1, 10).notation() == "1 post 10"
    assert parse_action("2 call 10") == Call(2, 10)
    assert parse_action("0 bank") == TakeBank(0)
    assert parse_action("0 waive") == Waive(0)


# --- settlement, branch by branch ---------------------------------------------------------


def test_designated_player_not_qualified_pays_base_and_pair_plus() -> None:
    game = three_seats()
    game.start_deal(stacked("8s 8d 3c", "7h 5d 3s", "Jh 9c 7d"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10", "1 call 10", "2 call 10"])
    assert verdicts(events) == [(0, False, "High card J-9-7")]
    assert settled(events, 1) == {
        "base": ("won", 10),
        "call": ("no action", 0),
        "pair plus": ("won", 10),
    }
    assert settled(events, 2) == {"base": ("won", 10), "call": ("no action", 0)}
    assert game.stacks == (170, 220, 210)
    assert game.chips_in_play() == 600


def test_queen_high_qualifies_and_each_hand_meets_the_designated_player_alone() -> None:
    game = three_seats()
    game.start_deal(stacked("Kh 9h 4h", "Jd Ts 8c", "Qc 3d 2h"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10 10", "1 call 10", "2 call 10"])
    assert verdicts(events) == [(0, True, "High card Q-3-2")]
    assert settled(events, 1) == {
        "base": ("won", 10),
        "call": ("won", 10),
        "pair plus": ("won", 30),
    }
    assert settled(events, 2) == {
        "base": ("lost", 0),
        "call": ("lost", 0),
        "pair plus": ("lost", 0),
    }
    assert game.stacks == (180, 250, 170)


def test_a_winning_call_without_a_paying_hand_loses_pair_plus() -> None:
    game = three_seats()
    game.start_deal(stacked("Ah Kd 9c", "2c 3c 4d", "Qc 3d 2h"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10", "1 call 10", "2 fold"])
    assert settled(events, 1) == {
        "pair plus": ("lost", 0),
        "base": ("won", 10),
        "call": ("won", 10),
    }
    assert settled(events, 2) == {"base": ("lost", 0)}
    assert game.stacks == (200, 210, 190)


@pytest.mark.parametrize(
    ("tie", "expected_stacks", "outcomes"),
    [
        ("push", (220, 190, 190), ("pushed", "pushed", "lost")),
        ("designated_player", (240, 170, 190), ("lost", "lost", "lost")),
    ],
)
def test_a_high_card_tie_never_returns_pair_plus(
    tie: str, expected_stacks: tuple[int, ...], outcomes: tuple[str, str, str]
) -> None:
    game = three_seats(tie=tie)
    game.start_deal(stacked("As Ks 5d", "9c 6d 2s", "Ac Kd 5h"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10", "1 call 10", "2 fold"])
    wagers = {wager: result[0] for wager, result in settled(events, 1).items()}
    assert (wagers["base"], wagers["call"], wagers["pair plus"]) == outcomes
    assert game.stacks == expected_stacks
    assert game.chips_in_play() == 600


@pytest.mark.parametrize(
    ("tie", "lost_call", "expected_stacks", "outcomes"),
    [
        ("push", "loses", (210, 200, 190), ("pushed", "pushed", "pushed")),
        ("push", "pushes", (210, 200, 190), ("pushed", "pushed", "pushed")),
        ("designated_player", "loses", (240, 170, 190), ("lost", "lost", "lost")),
        ("designated_player", "pushes", (230, 180, 190), ("lost", "lost", "pushed")),
    ],
)
def test_a_pair_tie_follows_the_tie_option(
    tie: str, lost_call: str, expected_stacks: tuple[int, ...], outcomes: tuple[str, str, str]
) -> None:
    game = three_seats(tie=tie, pair_plus_on_lost_call=lost_call)
    game.start_deal(stacked("8s 8d Kc", "9c 6d 2s", "8h 8c Kd"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10", "1 call 10", "2 fold"])
    wagers = {wager: result[0] for wager, result in settled(events, 1).items()}
    assert (wagers["base"], wagers["call"], wagers["pair plus"]) == outcomes
    assert game.stacks == expected_stacks


@pytest.mark.parametrize(
    ("option", "hand", "pair_plus", "seat_one"),
    [
        ("loses", "8s 8d 3c", "lost", 170),
        ("pushes", "8s 8d 3c", "pushed", 180),
        ("loses", "Kh Jd 3c", "lost", 170),
        ("pushes", "Kh Jd 3c", "lost", 170),
    ],
)
def test_pair_plus_on_a_lost_call(option: str, hand: str, pair_plus: str, seat_one: int) -> None:
    game = three_seats(pair_plus_on_lost_call=option)
    game.start_deal(stacked(hand, "7h 5d 4s", "9s 9d 2c"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10", "1 call 10", "2 fold"])
    assert settled(events, 1)["pair plus"] == (pair_plus, 0)
    assert settled(events, 1)["call"] == ("lost", 0)
    assert game.stacks == (600 - seat_one - 190, seat_one, 190)


def test_a_fold_gives_base_and_pair_plus_to_the_designated_player_at_once() -> None:
    game = three_seats()
    game.start_deal(stacked("8s 8d 3c", "7h 5d 3s", "9s 9d 2c"))
    run(game, ["0 bank", "1 post 10 10", "2 post 10"])
    events = game.apply(Fold(1))
    assert isinstance(events[0], Folded)
    assert settled(events, 1) == {"base": ("lost", 0), "pair plus": ("lost", 0)}
    assert game.stacks == (220, 180, 190)
    assert game.chips_in_play() == 600
    events = game.apply(Fold(2))
    assert not any(isinstance(event, HandRevealed) for event in events), "nobody to show to"
    assert game.stacks == (230, 180, 190)
    assert game.deal_over


def test_designated_player_short_of_money_pays_partly_then_the_next_hand_is_dead() -> None:
    game = ThreeCardPokerGame(rules(), [60, 200, 200], dealer=0)
    assert game.cover_needed(0) == 60 and game.is_eligible(0)
    game.start_deal(stacked("7s 7d 7c", "Ah Kd 9c", "Qc 3d 2h"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10 10", "1 call 10", "2 call 10"])
    pair_plus = next(e for e in events if isinstance(e, WagerSettled) and e.wager == "pair plus")
    assert (pair_plus.seat, pair_plus.payout, pair_plus.owed) == (1, 40, 300)
    assert pair_plus.reason.then == Reason(ReasonKey.BANK_SHORT, paid=40, owed=300)
    dead = [event for event in events if isinstance(event, HandDead)]
    assert [(event.seat, event.returned) for event in dead] == [(2, 30)]
    assert not any(isinstance(e, HandRevealed) and e.seat == 2 for e in events)
    assert game.stacks == (0, 260, 200)
    assert game.chips_in_play() == 460


def test_earlier_losses_fund_later_payments_in_order_from_the_button() -> None:
    game = ThreeCardPokerGame(rules(), [60, 200, 200], dealer=0)
    game.start_deal(stacked("Jd Ts 8c", "3s 4s 5s", "Qc 3d 2h"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10 10", "1 call 10", "2 call 10"])
    assert settled(events, 1) == {
        "base": ("lost", 0),
        "call": ("lost", 0),
        "pair plus": ("lost", 0),
    }
    # 60 + 30 won from seat 1 = 90: Base 10, Call 10, then 70 of the 400 straight-flush payout.
    assert settled(events, 2) == {
        "base": ("won", 10),
        "call": ("won", 10),
        "pair plus": ("won", 70),
    }
    assert game.stacks == (0, 170, 290)


def test_a_hand_the_designated_player_cannot_cover_when_not_qualified_is_dead() -> None:
    game = ThreeCardPokerGame(rules(), [60, 200, 200], dealer=0)
    game.start_deal(stacked("Qs Qd Qc", "Ah Ad 8c", "Jh 9c 7d"))
    events = run(game, ["0 bank", "1 post 10 10", "2 post 10 10", "1 call 10", "2 call 10"])
    assert settled(events, 1)["pair plus"] == ("won", 50)
    assert settled(events, 1)["call"] == ("no action", 0)
    assert [(e.seat, e.returned) for e in events if isinstance(e, HandDead)] == [(2, 30)]
    assert game.stacks == (0, 260, 200)


# --- the bank: eligibility, waiving and rotation ------------------------------------------


def fold_round(game: ThreeCardPokerGame) -> None:
    """Everyone posts the Base and folds, to move on to the next deal."""
    while game.phase == Phase.BANK:
        game.apply(TakeBank(game.to_act or 0))
    while not game.deal_over:
        seat = game.to_act
        assert seat is not None
        game.apply(PostBets(seat, 10) if game.phase == Phase.BETS else Fold(seat))


def test_the_bank_rotates_and_may_be_waived() -> None:
    game = three_seats()
    events = game.start_deal()
    assert BankOffered(0) in events
    events = game.apply(Waive(0))
    assert events[:2] == [BankWaived(0), BankOffered(1)]
    game.apply(TakeBank(1))
    assert game.designated_player == 1
    assert game.observe(2).seats[1].badges[0] == "DESIGNATED PLAYER"
    fold_round(game)
    events = game.start_deal()
    assert BankOffered(2) in events, "the turn after seat 1 is seat 2"
    events = run(game, ["2 waive", "0 waive"])
    chosen = [event for event in events if isinstance(event, DesignatedPlayerChosen)]
    assert [event.seat for event in chosen] == [1]
    assert chosen[0].reason == Reason(ReasonKey.BANKS_AFTER_WAIVERS, seat=1)
    assert game.to_act == 2 and game.phase == Phase.BETS
    fold_round(game)
    assert BankOffered(2) in game.start_deal()


def test_a_seat_that_cannot_cover_the_table_is_skipped() -> None:
    game = ThreeCardPokerGame(rules(), [200, 40, 200], dealer=1)
    assert game.cover_needed(1) == 60
    assert game.eligible_seats() == [2, 0]
    events = game.start_deal()
    assert BankOffered(2) in events
    assert game.apply(Waive(2))[-2:] == [
        DesignatedPlayerChosen(0, Reason(ReasonKey.BANKS_AFTER_WAIVERS, seat=0)),
        TurnPassed(1),
    ]
    assert game.players_able() == [0, 1, 2]


def test_the_only_eligible_seat_banks_without_being_asked() -> None:
    game = ThreeCardPokerGame(rules(pair_plus=False), [200, 20, 20], dealer=1)
    events = game.start_deal()
    assert not any(isinstance(event, BankOffered) for event in events)
    chosen = next(event for event in events if isinstance(event, DesignatedPlayerChosen))
    assert chosen.seat == 0 and chosen.reason == Reason(ReasonKey.BANKS_ALONE, seat=0)


def test_nobody_eligible_says_why() -> None:
    game = ThreeCardPokerGame(rules(), [30, 30, 30])
    assert not game.can_deal()
    assert "No seat can bank" in str(game.why_not_dealing())
    with pytest.raises(IllegalActionError, match="No seat can bank"):
        game.start_deal()
    lonely = ThreeCardPokerGame(rules(), [200, 19])
    assert "Only 1 seat(s) have the 20 chips" in str(lonely.why_not_dealing())


# --- illegal actions ----------------------------------------------------------------------


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    game = three_seats(pair_plus=True)
    with pytest.raises(IllegalActionError, match="No deal is in progress"):
        game.apply(Fold(1))
    game.start_deal(stacked("8s 8d 3c", "7h 5d 3s", "9s 9d 2c"))
    with pytest.raises(IllegalActionError, match="turn"):
        game.apply(TakeBank(1))
    with pytest.raises(IllegalActionError, match="may not post"):
        game.apply(PostBets(0, 10))
    game.apply(TakeBank(0))
    for action, message in [
        (PostBets(1, 5), "base bet at this table is 10, not 5"),
        (PostBets(1, 10, 7), "Pair Plus is 10 chips or none"),
        (PostBets(0, 10), "Only the designated player's opponents may post"),
        (Waive(1), "may not waive"),
    ]:
        before = (game.stacks, game.to_act, len(game.events))
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
        assert (game.stacks, game.to_act, len(game.events)) == before
    run(game, ["1 post 10 10", "2 post 10"])
    for action, message in [
        (Call(0, 10), "Only the designated player's opponents may call"),
        (Call(1, 5), "A call must equal the base bet of 10"),
        (Call(2, 10), "seat 1's turn"),
    ]:
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action)
    with pytest.raises(IllegalActionError, match="not over"):
        game.start_deal()


def test_pair_plus_refused_when_off_or_unaffordable() -> None:
    game = ThreeCardPokerGame(rules(pair_plus=False), [200, 200])
    game.start_deal()
    game.apply(TakeBank(0))
    assert [option.action for option in game.legal_actions()] == [PostBets(1, 10)]
    with pytest.raises(IllegalActionError, match="without Pair Plus"):
        game.apply(PostBets(1, 10, 10))
    poor = ThreeCardPokerGame(rules(), [200, 25])
    poor.start_deal()
    assert poor.designated_player == 0, "seat 1 cannot cover seat 0's Pair Plus"
    with pytest.raises(IllegalActionError, match="Pair Plus needs 30"):
        poor.apply(PostBets(1, 10, 10))


# --- what each seat may see ---------------------------------------------------------------


def test_observations_hide_cards_until_shown() -> None:
    game = three_seats()
    game.start_deal(stacked("8s 8d 3c", "7h 5d 3s", "Jh 9c 7d"))
    run(game, ["0 bank", "1 post 10 10", "2 post 10"])
    seat_one = game.observe(1)
    assert seat_one.seats[1].hands == (parse_hand("8s 8d 3c"),)
    assert seat_one.seats[0].hands == ((None, None, None),)
    assert seat_one.seats[2].hands == ((None, None, None),)
    assert game.observe(0).seats[0].hands == (parse_hand("Jh 9c 7d"),)
    assert game.observe(None).known_cards() == []
    assert Looked(1, parse_hand("8s 8d 3c"), audience=frozenset({1})) in seat_one.history
    assert not any(isinstance(e, CardDealt) and e.card for e in seat_one.history)
    assert [option.action for option in seat_one.legal] == [Call(1, 10), Fold(1)]
    run(game, ["1 call 10", "2 fold"])
    spectator = game.observe(None)
    assert set(spectator.known_cards()) == set(parse_hand("8s 8d 3c") + parse_hand("Jh 9c 7d"))
    assert game.observe(1).seats[2].hands == ((None, None, None),), "a folded hand stays hidden"


# --- hand histories and replay ------------------------------------------------------------


def choose_randomly(game: BankedGame, rng: random.Random) -> Action:
    """A uniformly random legal action for the seat to act."""
    return rng.choice(game.legal_actions()).action


def replay_last_deal(game: ThreeCardPokerGame) -> ThreeCardPokerGame:
    """A fresh game that plays the last deal again from what the game recorded of it."""
    stacks = [setup.stack for setup in game.deal_start]
    again = ThreeCardPokerGame(game.rules, stacks, dealer=game.deal_dealer)
    again.start_deal(game.deal_deck)
    for action in game.actions:
        again.apply(action)
    return again


def same_deal(events: Iterable[Event]) -> list[Event]:
    """The events of a deal without its number and shuffle, which a replay need not repeat."""
    return [event for event in events if not isinstance(event, (DealStarted, PackShuffled))]


def test_every_deal_replays_from_what_it_recorded() -> None:
    game = ThreeCardPokerGame(rules(tie="designated_player"), [300, 150, 90, 500], seed=11)
    rng = random.Random(5)
    for _ in range(25):
        if not game.can_deal():
            break
        game.start_deal()
        while not game.deal_over:
            game.apply(choose_randomly(game, rng))
        replayed = replay_last_deal(game)
        assert same_deal(replayed.events) == same_deal(game.events)
        assert replayed.stacks == game.stacks
        text = write_deal(game, ["Ann", "Bo", "Cy", "Di"])
        assert f"dealer {game.deal_dealer}" in text and '"tie": "designated_player"' in text
        actions = [line for line in text.splitlines() if line[0].isdigit()]
        assert [parse_action(line) for line in actions] == game.actions


# --- seeded random play with invariants ---------------------------------------------------


def random_rules(rng: random.Random) -> ThreeCardPokerRules:
    """A random rule set from every option."""
    return rules(
        base_bet=rng.choice([1, 5, 10, 25]),
        pair_plus=rng.random() < 0.8,
        pair_plus_bet=rng.choice([1, 5, 10, 50]),
        pay_table=rng.choice(
            ["40-30-6-3-1", "40-30-6-4-1", "40-30-5-4-1", "mini_royal_50", "mini_royal_100"]
        ),
        tie=rng.choice(["push", "designated_player"]),
        pair_plus_on_lost_call=rng.choice(["loses", "pushes"]),
    )


def illegal_probe(game: BankedGame, rng: random.Random) -> Action:
    """An action that must be refused now."""
    seat = game.to_act
    assert seat is not None
    wrong_seat = (seat + 1) % game.seat_count
    return rng.choice(
        [
            Call(wrong_seat, 10) if wrong_seat != seat else Call(seat, -1),
            Call(seat, -3),
            PostBets(seat, 10**6),
            TakeBank(wrong_seat) if wrong_seat != seat else Waive(seat + 100),
        ]
    )


def random_play(games: int, deals: int, seed: int) -> int:
    """Play seeded random sessions, checking the invariants after every step; returns deals."""
    rng = random.Random(seed)
    played = 0
    for _ in range(games):
        seats = rng.randint(2, 7)
        stacks = [rng.choice([0, 15, 60, 200, 500, 2000]) for _ in range(seats)]
        game = ThreeCardPokerGame(
            random_rules(rng), stacks, seed=rng.randrange(10**6), dealer=rng.randrange(seats)
        )
        total = game.chips_in_play()
        for _ in range(deals):
            if not game.can_deal():
                assert game.why_not_dealing()
                break
            game.start_deal()
            played += 1
            check_banked_invariants(game, total)
            while not game.deal_over:
                probe = illegal_probe(game, rng)
                before = (game.stacks, game.to_act, len(game.events))
                with pytest.raises(IllegalActionError):
                    game.apply(probe)
                assert (game.stacks, game.to_act, len(game.events)) == before
                game.apply(choose_randomly(game, rng))
                check_banked_invariants(game, total)
                check_step(game, total, rng)
    return played


def test_seeded_random_play_keeps_every_invariant() -> None:
    assert random_play(games=30, deals=12, seed=2024) >= 200


@pytest.mark.slow
def test_long_seeded_random_play_keeps_every_invariant() -> None:
    assert random_play(games=400, deals=40, seed=99) >= 5000


def test_a_bad_stacked_deck_is_refused_before_anything_changes() -> None:
    game = three_seats()
    with pytest.raises(ValueError, match="twice"):
        game.start_deal(parse_hand("As Kd Qc") + parse_hand("As 2d 3c"))
    assert game.deal_number == 0 and game.deal_over and game.events == []
