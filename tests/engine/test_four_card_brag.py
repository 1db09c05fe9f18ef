"""Four-card brag (the `four_card_brag` preset): Brag's engine with four cards dealt.

A seen player discards one card face down right after looking, before betting; a blind hand
plays as its best three; equal hands compare the discards, then a seen hand beats a blind one.
Decks are stacked top first and dealt one card at a time from the dealer's left.
"""

from __future__ import annotations

import random

import pytest

from game.engine.actions import (
    Action,
    Bet,
    Discard,
    Fold,
    IllegalActionError,
    KeepHand,
    Look,
    parse_action,
)
from game.engine.brag import BragGame
from game.engine.cards import parse
from game.engine.events import Discarded, DiscardShown, PotAwarded
from game.engine.history import replay, write_deal
from game.engine.rules import PRESETS, BragRules, RulesError, make_rules
from game.simulate import check_step


def four_card_brag(*hands: str, stacks: list[int] | None = None) -> BragGame:
    """A started deal with one four-card hand per seat; the last seat deals, seat 0 acts first."""
    rules = PRESETS["four_card_brag"].rules()
    assert isinstance(rules, BragRules)
    game = BragGame(rules, stacks or [100] * len(hands), dealer=len(hands) - 1, seed=7)
    parsed = [parse(hand) for hand in hands]
    game.start_deal(deck=[hand[index] for index in range(4) for hand in parsed])
    return game


def play(game: BragGame, *lines: str) -> None:
    for line in lines:
        game.apply(parse_action(line))


def refusal(game: BragGame, action: Action) -> str:
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    return str(caught.value)


def awards(game: BragGame) -> list[tuple[int, int]]:
    return [(event.seat, event.amount) for event in game.events if isinstance(event, PotAwarded)]


def test_the_preset_deals_four_cards_and_the_rules_refuse_the_face_up_form() -> None:
    game = four_card_brag("As Ks Qs 2d", "3c 3d 9h 7s")
    assert [len(player.hand) for player in game.players.values()] == [4, 4]
    with pytest.raises(RulesError, match="face-up form"):
        make_rules("brag", cards_dealt=4, retained_hand="face_up")


def test_a_player_who_looks_must_discard_before_betting() -> None:
    game = four_card_brag("As Ks Qs 2d", "3c 3d 9h 7s")
    play(game, "0 look")
    assert {option.action.verb for option in game.legal_actions()} == {"discard"}
    assert game.to_act == 0
    assert refusal(game, Bet(0, 2)) == "First discard one card."
    assert refusal(game, Discard(0, "3c")) == "Discard one of your own cards: As Ks Qs 2d."
    rule = str(game.legal_actions()[0].rule)
    assert "equal hands compare the discards" in rule
    play(game, "0 discard 2d")
    assert game.players[0].hand == list(parse("As Ks Qs"))
    assert game.discards == {0: parse("2d")[0]}
    assert "bet" in {option.action.verb for option in game.legal_actions()}
    assert refusal(game, Discard(0, "As")) == "You have already discarded: play the three you kept."


def test_a_blind_player_keeps_four_cards_and_three_card_brag_has_no_discard() -> None:
    game = four_card_brag("As Ks Qs 2d", "3c 3d 9h 7s")
    message = refusal(game, Discard(0, "2d"))
    assert message == "A blind player keeps all four cards: discard right after looking."
    three = BragGame(BragRules(), [100, 100], dealer=1)
    three.start_deal()
    assert "nothing to discard" in refusal(three, Discard(0, "2d"))


def test_the_discard_is_written_and_read_in_the_notation() -> None:
    assert Discard(0, "7h").notation() == "0 discard 7h"
    assert parse_action("0 discard 7h") == Discard(0, "7h")


def test_the_discard_is_private_until_equal_hands_compare_it() -> None:
    game = four_card_brag("Qs Qh 4c 9d", "Qd Qc 4h 5s")
    play(game, "0 look", "0 discard 9d")
    (card,) = parse("9d")
    assert game.observe(0).seats[0].discard == card
    assert game.observe(1).seats[0].discard is None
    assert game.observe(None).seats[0].discard is None
    (event,) = [event for event in game.observe(1).history if isinstance(event, Discarded)]
    assert event.card is None
    check_step(game, 200, random.Random(0))  # the discard is one of the 52 cards, hidden


def test_equal_hands_compare_the_discards_and_the_higher_discard_wins_the_see() -> None:
    # Both keep Q-Q-4; seat 1's discarded 10 beats seat 0's 9, so the seer wins and both show.
    game = four_card_brag("Qs Qh 4c 9d", "Qd Qc 4h Ts")
    play(game, "0 look", "0 discard 9d", "0 bet 2", "1 look", "1 discard Ts", "1 show")
    assert awards(game) == [(1, 8)]
    shown = {event.seat: event.card for event in game.events if isinstance(event, DiscardShown)}
    assert shown == {0: parse("9d")[0], 1: parse("Ts")[0]}


def test_a_seer_with_the_lower_discard_loses_and_stays_hidden() -> None:
    game = four_card_brag("Qs Qh 4c 9d", "Qd Qc 4h 5s")
    play(game, "0 look", "0 discard 9d", "0 bet 2", "1 look", "1 discard 5s", "1 show")
    assert awards(game) == [(0, 8)]
    assert not [event for event in game.events if isinstance(event, DiscardShown)]


def test_equal_hands_and_discards_then_the_seen_player_wins_the_showdown() -> None:
    # Seat 0 looks and keeps Q-Q-5 discarding the 4; blind seat 1 plays its best three Q-Q-5
    # with the 4 as its discard; seat 2 has nothing. Seen beats blind: no split.
    game = four_card_brag("Qs Qh 5c 4d", "Qd Qc 5h 4s", "9h 7c 3d 2s")
    play(
        game,
        "0 look",
        "0 discard 4d",
        "0 bet 2",
        "1 bet 1",
        "2 propose",
        "0 agree yes",
        "1 agree yes",
    )
    assert awards(game) == [(0, 6)]
    assert [event.seat for event in game.events if isinstance(event, DiscardShown)] == [0]


def test_equal_hands_and_equal_discards_both_blind_split_the_showdown() -> None:
    game = four_card_brag("Qs Qh 5c 4d", "Qd Qc 5h 4s", "9h 7c 3d 2s")
    play(game, "0 bet 1", "1 bet 1", "2 propose", "0 agree yes", "1 agree yes")
    assert sorted(awards(game)) == [(0, 3), (1, 2)]


def test_a_blind_hand_plays_as_its_best_three() -> None:
    game = four_card_brag("2c 3s 3h 3d", "As Ah Kd Qc")
    value = game.value_of(game.players[0])
    assert value.description == "Prial of 3s"


def test_a_retained_blind_hand_keeps_four_cards_and_is_discarded_from_when_looked_at() -> None:
    game = four_card_brag("Qs Qh 5c 4d", "Qd Qc 5h 4s")
    play(game, "0 bet 1", "1 fold")
    assert [len(cards) for cards in game.retained.values()] == [4]
    text = write_deal(game)
    game.start_deal()
    player = game.players[0]
    assert [len(hand) for hand in player.hands] == [4, 4]
    seat = game.to_act
    assert seat is not None
    if seat != 0:
        play(game, f"{seat} bet 1")
    game.apply(Look(0, "old"))
    game.apply(KeepHand(0, True))
    assert {option.action.verb for option in game.legal_actions()} == {"discard"}
    replayed = replay(text).game
    assert isinstance(replayed, BragGame)
    assert {seat: len(cards) for seat, cards in replayed.retained.items()} == {0: 4}


def test_a_deal_with_discards_replays_from_its_history() -> None:
    game = four_card_brag("Qs Qh 4c 9d", "Qd Qc 4h Ts")
    play(game, "0 look", "0 discard 9d", "0 bet 2", "1 look", "1 discard Ts", "1 show")
    text = write_deal(game)
    assert "0 discard 9d" in text.splitlines()
    assert replay(text).game.stacks == game.stacks


def test_a_folded_seen_hand_returns_its_discard_to_the_pack() -> None:
    game = four_card_brag("Qs Qh 4c 9d", "Qd Qc 4h Ts", "2c 7d 8h Js")
    play(game, "0 look", "0 discard 9d")
    game.apply(Fold(0))
    assert 0 not in game.discards
    assert game.pack.cards[-1] == parse("9d")[0]
    check_step(game, 300, random.Random(1))


def test_a_retained_four_card_hand_is_written_and_replayed() -> None:
    game = four_card_brag("Qs Qh 5c 4d", "Qd Qc 5h 4s")
    play(game, "0 bet 1", "1 fold")
    game.start_deal()
    text = write_deal(game)
    assert "retained 0 Qs Qh 5c 4d" in text
    assert replay(text).game.stacks == game.stacks
    three = text.replace("retained 0 Qs Qh 5c 4d", "retained 0 Qs Qh 5c")
    with pytest.raises(ValueError, match="holds the 4 cards dealt, not 3"):
        replay(three)
