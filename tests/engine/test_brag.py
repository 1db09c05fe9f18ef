"""3 Card Brag rules (RULES.md "3 Card Brag", BRG, BRS), one behaviour per test.

Decks are stacked top first; cards are dealt one at a time starting left of the dealer, so
`dealt("A", "B", ...)` interleaves the hands in the order the seats receive them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypeVar

import pytest

from game.engine.actions import (
    Action,
    AnswerShowdown,
    Bet,
    ChooseHand,
    Cover,
    Fold,
    IllegalActionError,
    KeepHand,
    Look,
    ProposeShowdown,
    Show,
    Stay,
)
from game.engine.brag import BragGame
from game.engine.cards import FULL_DECK, Card, parse
from game.engine.events import (
    AntePosted,
    BetPlaced,
    CardDealt,
    CardsToPack,
    Event,
    Folded,
    HandKept,
    HandRetained,
    HandRevealed,
    LoanMade,
    LoanRepaid,
    Looked,
    PackShuffled,
    PotAwarded,
    PotCarried,
    PotCovered,
    ShowPaid,
)
from game.engine.factory import create_game
from game.engine.phases import Phase
from game.engine.reasons import Reason, ReasonKey
from game.engine.rules import PRESETS, BragRules, get_preset
from game.engine.said import says

E = TypeVar("E", bound=Event)

PRIAL_THREES = "3s 3h 3d"
PRIAL_KINGS = "Ks Kh Kd"
PAIR_QUEENS = "Qs Qh 4c"
PAIR_FIVES = "5s 5h 8c"
HIGH_J = "Jc 8d 6s"
HIGH_T = "Tc 7d 2s"
HIGH_9 = "9h 6c 4d"


def dealt(*hands: str) -> tuple[Card, ...]:
    """The top of a pack that deals `hands` (in dealing order), one card at a time."""
    parsed = [parse(hand) for hand in hands]
    return tuple(hand[index] for index in range(3) for hand in parsed)


def rules(**options: object) -> BragRules:
    return BragRules.model_validate(options)


def brag(
    *hands: str, stacks: list[int] | None = None, dealer: int | None = None, **options: object
) -> BragGame:
    """A started deal with one hand per seat; the last seat deals, so seat 0 acts first."""
    seats = len(hands)
    dealer = seats - 1 if dealer is None else dealer
    game = BragGame(rules(**options), stacks or [100] * seats, dealer=dealer, seed=7)
    order = [(dealer + 1 + offset) % seats for offset in range(seats)]
    game.start_deal(deck=dealt(*(hands[seat] for seat in order)))
    return game


def of_type(game: BragGame, kind: type[E]) -> list[E]:
    return [event for event in game.events if isinstance(event, kind)]


def awards(game: BragGame) -> list[tuple[int, int]]:
    return [(award.seat, award.amount) for award in of_type(game, PotAwarded)]


def bet_range(game: BragGame) -> tuple[int, int]:
    (option,) = [o for o in game.legal_actions() if isinstance(o.action, Bet)]
    assert option.step == 1
    return option.low, option.high


def see_cost(game: BragGame) -> int:
    (option,) = [o for o in game.legal_actions() if isinstance(o.action, Show)]
    return option.cost


def verbs(game: BragGame) -> set[str]:
    return {option.action.verb for option in game.legal_actions()}


def refused(game: BragGame, action: Action) -> str:
    """Apply an illegal action; return the refusal's sentence (and check it is a sentence)."""
    before = (game.stacks, game.pot, game.to_act, len(game.events))
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert (game.stacks, game.pot, game.to_act, len(game.events)) == before
    message = str(caught.value)
    assert message[0].isupper() and message.rstrip().endswith("."), message
    return message


def play(game: BragGame, *actions: Action) -> None:
    for action in actions:
        game.apply(action)


def all_cards(game: BragGame) -> list[Card]:
    """Every card the table holds: the pack, each hand in play, each retained hand."""
    cards = list(game.pack.cards)
    cards += [card for player in game.players.values() for hand in player.hands for card in hand]
    cards += [card for hand in game.retained.values() for card in hand]
    return cards


def assert_52_cards(game: BragGame) -> None:
    counts = Counter(all_cards(game))
    assert set(counts) == set(FULL_DECK) and set(counts.values()) == {1}


def seen_by(game: BragGame, viewer: int | None) -> set[Card]:
    """Every card `viewer` can find in its observation: table and event history."""
    observation = game.observe(viewer)
    cards = set(observation.known_cards())
    for event in observation.history:
        for value in vars(event).values():
            if isinstance(value, Card):
                cards.add(value)
            elif isinstance(value, tuple):
                cards.update(part for part in value if isinstance(part, Card))
    return cards


# --- ante, first bet, no equalising ----------------------------------------------------------


def test_everyone_antes_each_deal() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, ante=2)
    assert [(event.seat, event.amount) for event in of_type(game, AntePosted)] == [
        (0, 2),
        (1, 2),
        (2, 2),
    ]
    assert game.pot == 6 and game.stacks == (98, 98, 98)


def test_the_first_open_bet_ranges_from_the_minimum_to_the_maximum() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, min_bet=2, max_bet=10)
    game.apply(Look(0))
    assert bet_range(game) == (2, 10)
    assert "previous bet" in refused(game, Bet(0, 1))
    assert "most" in refused(game, Bet(0, 11))


def test_a_later_bet_must_be_at_least_the_previous_bet() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, max_bet=10)
    play(game, Look(0), Bet(0, 4), Look(1))
    assert bet_range(game) == (4, 10)
    assert "No equalising" in refused(game, Bet(1, 3))


def test_a_player_who_bet_before_must_bet_the_full_amount_again() -> None:
    # BRG: "A would have to bet another 2 chips" - earlier bets do not count.
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    play(game, Look(0), Bet(0, 2), Look(1), Bet(1, 2), Look(2), Bet(2, 2))
    assert bet_range(game)[0] == 2
    game.apply(Bet(0, 2))
    assert game.stacks[0] == 100 - 1 - 2 - 2


def test_a_bet_may_raise_and_the_raise_becomes_the_new_minimum() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    play(game, Look(0), Bet(0, 2), Look(1), Bet(1, 7), Look(2))
    assert bet_range(game)[0] == 7


def test_a_blind_bet_counts_double() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    game.apply(Bet(0, 3))  # blind: worth 6
    assert of_type(game, BetPlaced)[-1].stake == 6
    assert game.stacks[0] == 100 - 1 - 3
    game.apply(Look(1))
    assert bet_range(game)[0] == 6
    assert "No equalising" in refused(game, Bet(1, 5))


def test_a_blind_player_pays_half_the_open_amount() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, max_bet=20)
    play(game, Look(0), Bet(0, 6))
    assert bet_range(game) == (3, 10)  # blind: 3 is worth 6, 10 is worth the maximum 20
    game.apply(Bet(1, 3))
    assert of_type(game, BetPlaced)[-1].stake == 6
    refused(game, Bet(2, 2))


def test_a_blind_bet_of_half_an_odd_bet_rounds_up() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    play(game, Look(0), Bet(0, 5))
    assert bet_range(game)[0] == 3  # 2 would be worth only 4


def test_raise_limit_pot_caps_a_bet_at_what_the_pot_holds() -> None:
    # BRG: "for a five player game, the maximum initial stake would be 5 times the ante".
    game = brag(HIGH_J, HIGH_T, HIGH_9, PAIR_QUEENS, PAIR_FIVES, raise_limit="pot")
    game.apply(Look(0))
    assert bet_range(game) == (1, 5)
    refused(game, Bet(0, 6))
    game.apply(Bet(0, 5))
    game.apply(Look(1))
    assert bet_range(game) == (5, 10)


def test_without_raise_limit_the_maximum_bet_applies() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, PAIR_QUEENS, PAIR_FIVES, max_bet=12)
    game.apply(Look(0))
    assert bet_range(game) == (1, 12)


def test_a_blind_first_bet_ranges_from_half_the_minimum_to_half_the_maximum() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, min_bet=4, max_bet=10)
    assert bet_range(game) == (2, 5)
    game.apply(Bet(0, 5))
    assert of_type(game, BetPlaced)[-1].stake == 10


def test_looking_keeps_the_turn_and_then_open_amounts_apply() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, max_bet=20)
    play(game, Look(0), Bet(0, 4))
    assert bet_range(game) == (2, 10)
    events = game.apply(Look(1))
    assert [type(event) for event in events] == [Looked]
    assert game.to_act == 1
    assert bet_range(game) == (4, 20)


def test_a_look_is_only_at_your_turn() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    assert "turn" in refused(game, Look(2))


def test_betting_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9, PAIR_QUEENS, dealer=1)
    order = []
    for _ in range(5):
        assert game.to_act is not None
        order.append(game.to_act)
        game.apply(Bet(game.to_act, 1))
    assert order == [2, 3, 0, 1, 2]


def test_the_last_open_player_left_wins_the_pot() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    play(game, Look(0), Bet(0, 2), Fold(1), Fold(2))
    assert awards(game) == [(0, 5)]
    assert game.deal_over


# --- seeing ----------------------------------------------------------------------------------


def test_seeing_is_only_possible_with_two_players_left() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    play(game, Look(0), Bet(0, 2), Look(1))
    assert "show" not in verbs(game)
    assert "two players" in refused(game, Show(1))


def test_seeing_needs_a_bet_to_see() -> None:
    game = brag(HIGH_J, HIGH_T)  # both blind: a blind player may see, but only a bet
    assert "show" not in verbs(game)
    assert "no bet" in refused(game, Show(0))


def test_seeing_an_open_player_costs_twice_the_last_bet() -> None:
    game = brag(PAIR_QUEENS, HIGH_J)
    play(game, Look(0), Bet(0, 3), Look(1))
    assert see_cost(game) == 6
    game.apply(Show(1))
    assert [(e.seat, e.amount) for e in of_type(game, ShowPaid)] == [(1, 6)]
    assert awards(game) == [(0, 2 + 3 + 6)]


def test_see_cost_equal_makes_seeing_an_open_player_cost_the_last_bet() -> None:
    game = brag(PAIR_QUEENS, HIGH_J, see_cost="equal")
    play(game, Look(0), Bet(0, 3), Look(1))
    assert see_cost(game) == 3


def test_see_cost_equal_still_charges_a_blind_seer_twice_the_blind_stake() -> None:
    game = brag(PAIR_QUEENS, HIGH_J, see_cost="equal")
    play(game, Bet(0, 3), Bet(1, 3))  # both blind, each worth 6
    assert see_cost(game) == 6


def test_you_cannot_see_a_blind_man() -> None:
    game = brag(PAIR_QUEENS, HIGH_J)
    play(game, Bet(0, 2), Look(1))
    assert "show" not in verbs(game)
    assert "cannot see a blind man" in refused(game, Show(1))


def test_a_blind_player_sees_an_open_one_for_twice_the_blind_stake() -> None:
    # BRG: "putting in twice the blind stake (i.e. the same amount your open opponent just bet)".
    game = brag(PAIR_QUEENS, HIGH_J)
    play(game, Look(0), Bet(0, 4))
    assert see_cost(game) == 4


def test_both_blind_seeing_costs_twice_the_blind_stake() -> None:
    game = brag(PAIR_QUEENS, HIGH_J)
    play(game, Bet(0, 3), Bet(1, 5))  # the blind stake is 5
    assert see_cost(game) == 10


def test_the_opponent_shows_first_and_a_better_seer_shows_and_wins() -> None:
    game = brag(HIGH_J, PAIR_QUEENS)
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert [event.seat for event in of_type(game, HandRevealed)] == [0, 1]
    assert awards(game) == [(1, 2 + 2 + 4)]


@pytest.mark.parametrize(
    ("opponent", "seer"), [(PAIR_QUEENS, HIGH_J), ("Kc Qd 9c", "Kh Qc 9d")], ids=["worse", "equal"]
)
def test_a_seer_who_is_not_better_loses_and_stays_hidden(opponent: str, seer: str) -> None:
    game = brag(opponent, HIGH_9, seer)
    play(game, Look(0), Bet(0, 2), Fold(1), Look(2), Show(2))
    assert [event.seat for event in of_type(game, HandRevealed)] == [0]
    assert awards(game) == [(0, 3 + 2 + 4)]
    hidden = set(parse(seer))
    for viewer in (0, 1, None):
        assert not hidden & seen_by(game, viewer)
    assert hidden <= seen_by(game, 2)


def test_a_blind_seer_looks_only_by_seeing_and_stays_hidden_when_beaten() -> None:
    game = brag(PAIR_QUEENS, HIGH_J)
    play(game, Look(0), Bet(0, 2), Show(1))
    assert [event.seat for event in of_type(game, HandRevealed)] == [0]
    assert not set(parse(HIGH_J)) & seen_by(game, 0)
    assert awards(game) == [(0, 6)]


# --- the pack ----------------------------------------------------------------------------------


def test_the_first_deal_of_a_session_is_shuffled() -> None:
    game = BragGame(rules(), [100] * 3, seed=1, dealer=2)
    events = game.start_deal()
    assert len(of_type(game, PackShuffled)) == 1
    assert isinstance(events[0], PackShuffled)
    assert game.pack.cards != FULL_DECK[9:]


def test_the_next_deal_comes_unshuffled_off_the_top_with_folded_hands_at_the_bottom() -> None:
    game = BragGame(rules(), [100] * 3, dealer=2)
    game.start_deal(deck=dealt(HIGH_J, PAIR_QUEENS, HIGH_9))  # seats 0, 1, 2
    rest = game.pack.cards
    assert len(rest) == 43
    play(game, Fold(0), Look(1), Bet(1, 2), Fold(2))  # seat 1 wins, open
    # Folded hands in folding order, then the hand left at the end.
    expected = rest + parse(HIGH_J) + parse(HIGH_9) + parse(PAIR_QUEENS)
    assert game.pack.cards == expected
    returned = of_type(game, CardsToPack)
    assert [(event.seat, event.position, event.face_up) for event in returned] == [
        (0, "bottom", False),
        (2, "bottom", False),
        (1, "bottom", False),
    ]
    game.start_deal()
    assert not of_type(game, PackShuffled)
    assert game.dealer == 0
    # The next deal starts at seat 1 and comes off the top of the same pack.
    top = rest[:9]
    assert game.players[1].hand == [top[0], top[3], top[6]]
    assert game.players[2].hand == [top[1], top[4], top[7]]
    assert game.players[0].hand == [top[2], top[5], top[8]]
    assert game.pack.cards == expected[9:]


def test_after_a_see_both_hands_go_to_the_bottom_and_the_pack_is_not_shuffled() -> None:
    game = BragGame(rules(), [100] * 2, dealer=1)
    game.start_deal(deck=dealt(PAIR_QUEENS, HIGH_J))
    rest = game.pack.cards
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))  # seen, won by a pair
    assert game.pack.cards[:-6] == rest
    assert set(game.pack.cards[-6:]) == set(parse(PAIR_QUEENS) + parse(HIGH_J))
    game.start_deal()
    assert not of_type(game, PackShuffled)


def test_the_pack_is_shuffled_after_a_hand_seen_and_won_by_a_prial() -> None:
    game = BragGame(rules(), [100] * 2, seed=3, dealer=1)
    game.start_deal(deck=dealt(PRIAL_KINGS, HIGH_J))
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(0, 8)]
    game.start_deal()
    (shuffled,) = of_type(game, PackShuffled)
    assert shuffled.reason == Reason(ReasonKey.PRIAL_WON)


def test_a_seer_winning_with_a_prial_also_shuffles() -> None:
    game = BragGame(rules(), [100] * 2, seed=3, dealer=1)
    game.start_deal(deck=dealt(PAIR_QUEENS, PRIAL_THREES))
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(1, 8)]
    game.start_deal()
    assert len(of_type(game, PackShuffled)) == 1


def test_a_prial_winning_unseen_does_not_shuffle() -> None:
    game = BragGame(rules(), [100] * 2, seed=3, dealer=1)
    game.start_deal(deck=dealt(PRIAL_KINGS, HIGH_J))
    play(game, Look(0), Bet(0, 2), Fold(1))
    game.start_deal()
    assert not of_type(game, PackShuffled)


def test_open_pack_shows_the_bottom_card() -> None:
    game = brag(HIGH_J, PAIR_QUEENS, HIGH_9, open_pack=True)
    assert game.observe(None).pack_showing == game.pack.cards[-1]
    assert game.observe(1).pack_showing == game.pack.cards[-1]
    game.apply(Fold(0))
    assert game.observe(None).pack_showing == parse(HIGH_J)[-1]


def test_a_closed_pack_shows_nothing() -> None:
    game = brag(HIGH_J, PAIR_QUEENS, HIGH_9)
    assert game.observe(None).pack_showing is None
    game.apply(Fold(0))
    assert game.observe(None).pack_showing is None
    assert not set(parse(HIGH_J)) & seen_by(game, 1)


# --- a blind player left alone ---------------------------------------------------------------


def blind_left_alone(**options: object) -> BragGame:
    """Seats 0 and 1 fold; seat 2 (dealer 2) is left alone blind with a pair of fives."""
    game = brag(HIGH_J, HIGH_T, PAIR_FIVES, **options)
    play(game, Look(0), Bet(0, 2), Fold(1), Bet(2, 1), Fold(0))
    return game


def test_a_blind_player_left_alone_does_not_win_the_pot() -> None:
    game = blind_left_alone()
    assert not of_type(game, PotAwarded)
    (carried,) = of_type(game, PotCarried)
    assert carried.amount == 3 + 2 + 1
    assert game.carried == 6
    assert game.stacks == (97, 99, 98)
    assert game.deal_over
    assert game.chips_in_play() == 300


def test_the_blind_hand_is_kept_for_the_next_deal() -> None:
    game = blind_left_alone()
    assert of_type(game, HandRetained)
    assert game.retained == {2: list(parse(PAIR_FIVES))}
    assert_52_cards(game)
    assert not set(parse(PAIR_FIVES)) & set(game.pack.cards)


def test_the_carried_pot_joins_the_next_deals_pot() -> None:
    game = blind_left_alone()
    game.start_deal(deck=dealt(HIGH_9, PAIR_QUEENS, "Ac Kd 7h"))  # dealer 0: seats 1, 2, 0
    assert game.pot == 6 + 3
    assert game.chips_in_play() == 300


def test_next_deal_the_blind_player_holds_a_new_hand_and_the_old_one() -> None:
    game = blind_left_alone()
    game.start_deal(deck=dealt(HIGH_9, PAIR_QUEENS, "Ac Kd 7h"))  # seats 1, 2, 0
    hands = game.players[2].hands
    assert hands[0] == list(parse(PAIR_QUEENS))
    assert hands[1] == list(parse(PAIR_FIVES))
    assert "TWO HANDS" in game.observe(None).seats[2].badges
    assert all(card is None for hand in game.observe(2).seats[2].hands for card in hand)
    assert_52_cards(game)


# --- retaining a blind hand -------------------------------------------------------------------


def two_hands(**options: object) -> BragGame:
    """Deal 2 after seat 2 kept PAIR_FIVES blind; seat 2 (new PAIR_QUEENS) acts after seat 1."""
    game = blind_left_alone(**options)
    game.start_deal(deck=dealt(HIGH_9, PAIR_QUEENS, "Ac Kd 7h"))  # seats 1, 2, 0
    game.apply(Look(1))
    game.apply(Bet(1, 2))
    assert game.to_act == 2
    return game


def test_with_two_hands_the_player_must_name_the_hand_to_look_at() -> None:
    game = two_hands()
    looks = {o.action for o in game.legal_actions() if isinstance(o.action, Look)}
    assert looks == {Look(2, "new"), Look(2, "old")}
    assert "new or old" in refused(game, Look(2))


@pytest.mark.parametrize("hand", ["new", "old"])
def test_after_looking_at_one_hand_only_keep_or_fold_it_is_allowed(hand: str) -> None:
    game = two_hands()
    game.apply(Look(2, hand))
    assert {o.action for o in game.legal_actions()} == {KeepHand(2, True), KeepHand(2, False)}
    assert game.to_act == 2
    refused(game, Bet(2, 2))
    refused(game, Look(2, "old" if hand == "new" else "new"))
    refused(game, Fold(2))


@pytest.mark.parametrize(("keep", "after"), [(True, "SEEN"), (False, "BLIND")])
def test_looking_at_one_of_two_hands_is_badged_looking_until_the_choice(
    keep: bool, after: str
) -> None:
    """While the player looks at one hand (to keep it or fold it) the seat is neither blind nor
    seen: LOOKING; then SEEN (kept) or BLIND again (the other hand, unseen)."""
    game = two_hands()
    assert "BLIND" in game.observe(None).seats[2].badges
    game.apply(Look(2, "old"))
    badges = game.observe(None).seats[2].badges
    assert "LOOKING" in badges and "BLIND" not in badges
    game.apply(KeepHand(2, keep))
    badges = game.observe(None).seats[2].badges
    assert after in badges and "LOOKING" not in badges


def test_keeping_the_looked_at_new_hand_folds_the_old_one_unseen() -> None:
    game = two_hands()
    play(game, Look(2, "new"), KeepHand(2, True))
    player = game.players[2]
    assert player.hands == [list(parse(PAIR_QUEENS))]
    assert not player.blind
    assert [(e.seat, e.hand) for e in of_type(game, Folded)] == [(2, "old")]
    assert [e.hand for e in of_type(game, HandKept)] == ["new"]
    assert not set(parse(PAIR_FIVES)) & seen_by(game, 2)  # never looked at
    assert game.pack.cards[-3:] == parse(PAIR_FIVES)
    assert bet_range(game)[0] == 2  # open amounts now
    assert game.to_act == 2


def test_keeping_the_looked_at_old_hand_folds_the_new_one_unseen() -> None:
    game = two_hands()
    play(game, Look(2, "old"), KeepHand(2, True))
    assert game.players[2].hands == [list(parse(PAIR_FIVES))]
    assert not game.players[2].blind
    assert game.observe(2).seats[2].hands[0] == parse(PAIR_FIVES)
    assert not set(parse(PAIR_QUEENS)) & seen_by(game, 2)


def test_folding_the_looked_at_hand_plays_the_other_blind() -> None:
    game = two_hands()
    play(game, Look(2, "new"), KeepHand(2, False))
    player = game.players[2]
    assert player.hands == [list(parse(PAIR_FIVES))]
    assert player.blind
    assert game.observe(2).seats[2].hands[0] == (None, None, None)
    assert bet_range(game)[0] == 1  # blind: half of 2
    assert "look" in verbs(game)  # may look at the remaining hand now or later
    game.apply(Bet(2, 1))
    assert of_type(game, BetPlaced)[-1].blind


def test_looking_at_neither_hand_plays_both_blind() -> None:
    game = two_hands()
    game.apply(Bet(2, 1))
    assert len(game.players[2].hands) == 2
    assert of_type(game, BetPlaced)[-1].stake == 2
    assert game.to_act == 0


def test_winning_again_unseen_with_two_hands_keeps_one_sight_unseen() -> None:
    game = two_hands()
    play(game, Bet(2, 1), Fold(0), Fold(1))
    assert not game.deal_over
    assert {o.action for o in game.legal_actions()} == {
        ChooseHand(2, "new"),
        ChooseHand(2, "old"),
    }
    game.apply(ChooseHand(2, "old"))
    assert game.deal_over
    assert game.retained == {2: list(parse(PAIR_FIVES))}
    assert game.carried == 6 + 3 + 2 + 1
    assert_52_cards(game)
    # Never three blind hands: the next deal again holds just two.
    game.start_deal()
    assert len(game.players[2].hands) == 2
    assert game.players[2].hands[1] == list(parse(PAIR_FIVES))
    assert_52_cards(game)


def test_the_hand_not_chosen_goes_to_the_pack_unseen() -> None:
    game = two_hands()
    play(game, Bet(2, 1), Fold(0), Fold(1), ChooseHand(2, "new"))
    assert game.retained == {2: list(parse(PAIR_QUEENS))}
    assert game.pack.cards[-3:] == parse(PAIR_FIVES)
    assert not set(parse(PAIR_FIVES)) & seen_by(game, 2)


def test_an_open_winner_with_a_kept_hand_takes_the_carried_pot() -> None:
    game = two_hands()
    play(game, Look(2, "new"), KeepHand(2, True), Bet(2, 2), Fold(0), Fold(1))
    assert awards(game) == [(2, 6 + 3 + 2 + 2)]
    assert game.carried == 0 and game.retained == {}


# --- the face-up form -------------------------------------------------------------------------


def face_up_deal(second: str, third: str) -> BragGame:
    """Seat 2 kept PAIR_FIVES blind; deal 2 gives seat 2 a face-up HIGH_9 (dealer 0)."""
    game = blind_left_alone(retained_hand="face_up")
    game.start_deal(deck=dealt(second, HIGH_9, third))  # seats 1, 2, 0
    return game


def test_face_up_form_deals_the_blind_winner_a_hand_everyone_sees() -> None:
    game = face_up_deal(PAIR_QUEENS, HIGH_T)
    face_up = [e for e in of_type(game, CardDealt) if e.seat == 2]
    assert all(event.face_up for event in face_up)
    for viewer in (0, 1, None):
        assert game.observe(viewer).seats[2].hands[1] == parse(HIGH_9)
        assert game.observe(viewer).seats[2].hands[0] == (None, None, None)
    assert game.players[2].hands[0] == list(parse(PAIR_FIVES))


def test_face_up_form_others_must_beat_the_face_up_hand_to_stay() -> None:
    game = face_up_deal(PAIR_QUEENS, "8s 7h 3d")
    assert game.to_act == 1
    assert verbs(game) == {"stay", "fold"}
    game.apply(Stay(1))
    assert game.to_act == 0
    assert verbs(game) == {"fold"}  # 8-high cannot beat 9-high
    assert refused(game, Stay(0))


def test_face_up_form_everyone_folding_gives_the_blind_player_the_antes() -> None:
    game = face_up_deal("8s 7h 3d", "8h 6d 2c")
    play(game, Fold(1), Fold(0))
    assert awards(game) == [(2, 3)]
    assert game.carried == 6
    assert game.retained == {2: list(parse(PAIR_FIVES))}
    assert game.chips_in_play() == 300
    assert game.deal_over
    game.start_deal()
    assert game.dealer == 1  # the next player deals
    assert game.players[2].hands[0] == list(parse(PAIR_FIVES))


def test_face_up_form_a_stayer_discards_the_face_up_hand_and_betting_starts() -> None:
    game = face_up_deal(PAIR_QUEENS, "8h 6d 2c")
    play(game, Stay(1), Fold(0))
    assert game.players[2].hands == [list(parse(PAIR_FIVES))]
    assert game.players[2].blind
    assert game.pack.cards[-3:] == parse(HIGH_9)
    assert game.to_act == 1
    assert {"bet", "fold"} <= verbs(game)
    play(game, Bet(1, 2))
    assert see_cost(game) == 2  # seat 2 is blind and may see the open seat 1 for 2
    game.apply(Show(2))
    assert awards(game) == [(1, 6 + 3 + 2 + 2)]


# --- running short: covering the pot ---------------------------------------------------------


def covered(coverer: str) -> BragGame:
    """Seat 1 (4 chips after the ante) covers seat 0's bet of 10; seats 0 and 2 bet on."""
    game = brag(PAIR_QUEENS, coverer, HIGH_J, stacks=[100, 5, 100])
    play(game, Look(0), Bet(0, 10), Look(1))
    assert "cover" in verbs(game) and "bet" not in verbs(game)
    (option,) = [o for o in game.legal_actions() if isinstance(o.action, Cover)]
    assert option.cost == 4
    game.apply(Cover(1))
    return game


def test_covering_puts_the_last_chips_in_and_closes_the_pot() -> None:
    game = covered(HIGH_9)
    assert [(e.seat, e.amount) for e in of_type(game, PotCovered)] == [(1, 4)]
    assert game.stacks[1] == 0
    assert game.observe(None).pots == (3 + 10 + 4, 0)
    assert game.to_act == 2
    game.apply(Look(2))
    assert bet_range(game)[0] == 10  # the others bet on at the same level


def test_the_side_pot_winner_takes_the_covered_pot_from_a_worse_coverer() -> None:
    game = covered(HIGH_9)
    play(game, Look(2), Bet(2, 10), Show(0))  # seat 0 sees seat 2 for 20
    assert sorted(awards(game)) == [(0, 17), (0, 30)]


def test_a_better_covering_hand_takes_the_covered_pot_only() -> None:
    game = covered(PRIAL_KINGS)
    play(game, Look(2), Bet(2, 10), Show(0))
    assert sorted(awards(game)) == [(0, 30), (1, 17)]
    assert {e.seat for e in of_type(game, HandRevealed)} >= {0, 1}


def test_a_covering_hand_equal_to_the_side_pot_winner_loses_the_covered_pot() -> None:
    game = covered("Qc Qd 4h")
    play(game, Look(2), Bet(2, 10), Show(0))
    assert sorted(awards(game)) == [(0, 17), (0, 30)]


def test_the_side_pot_winner_by_folds_is_compared_with_the_covering_hand() -> None:
    game = covered(PRIAL_KINGS)
    play(game, Look(2), Fold(2))
    assert sorted(awards(game)) == [(1, 17)]
    assert game.chips_in_play() == 205


def test_covering_with_two_players_ends_the_betting_and_the_other_shows() -> None:
    game = brag(PAIR_QUEENS, PRIAL_KINGS, stacks=[100, 5])
    play(game, Look(0), Bet(0, 10), Look(1), Cover(1))
    assert game.deal_over
    assert of_type(game, HandRevealed)[0].seat == 0
    assert awards(game) == [(1, 2 + 10 + 4)]


def test_covering_with_two_players_a_worse_covering_hand_loses() -> None:
    game = brag(PAIR_QUEENS, HIGH_J, stacks=[100, 5])
    play(game, Look(0), Bet(0, 10), Look(1), Cover(1))
    assert awards(game) == [(0, 16)]
    assert game.stacks == (105, 0)


def test_cover_is_refused_when_the_bet_is_affordable() -> None:
    game = brag(PAIR_QUEENS, HIGH_J)
    play(game, Look(0), Bet(0, 10), Look(1))
    assert "nothing to cover" in refused(game, Cover(1))


# --- running short: borrowing ----------------------------------------------------------------


def test_borrowing_lends_the_shortfall_from_the_richest_seat() -> None:
    game = brag(HIGH_J, PAIR_QUEENS, HIGH_9, stacks=[100, 5, 50], running_short="borrow")
    play(game, Look(0), Bet(0, 10), Look(1))
    assert bet_range(game) == (10, 20)  # 4 chips plus the richest seat's 89 reach the maximum
    assert "cover" not in verbs(game)
    game.apply(Bet(1, 10))
    assert [(e.lender, e.borrower, e.amount) for e in of_type(game, LoanMade)] == [(0, 1, 6)]
    assert game.stacks == (83, 0, 49)
    assert game.chips_in_play() == 155


def test_a_loan_is_repaid_at_the_end_of_the_deal() -> None:
    game = brag(HIGH_J, PAIR_QUEENS, HIGH_9, stacks=[100, 5, 50], running_short="borrow")
    play(game, Look(0), Bet(0, 10), Look(1), Bet(1, 10), Fold(2), Fold(0))
    assert awards(game) == [(1, 23)]
    assert [(e.lender, e.borrower, e.amount) for e in of_type(game, LoanRepaid)] == [(0, 1, 6)]
    assert game.stacks == (89, 17, 49)
    assert game.loans == {}


def test_a_loan_is_repaid_only_as_far_as_possible() -> None:
    game = brag(PAIR_QUEENS, HIGH_J, HIGH_9, stacks=[100, 5, 50], running_short="borrow")
    play(game, Look(0), Bet(0, 10), Look(1), Bet(1, 10), Fold(2), Show(0))
    assert awards(game) == [(0, 43)]
    assert not of_type(game, LoanRepaid)
    assert game.loans == {(0, 1): 6}
    assert game.stacks == (99 - 10 - 6 - 20 + 43, 0, 49)


# --- showdown by agreement -------------------------------------------------------------------


def agreed(*answers: bool, last: str = HIGH_9) -> BragGame:
    """Seats 0, 2 and 3 bet 2 each (seat 1 folds); seat 0 proposes; 2 then 3 answer."""
    game = brag(HIGH_J, HIGH_T, PAIR_QUEENS, last)
    play(game, Look(0), Bet(0, 2), Fold(1), Look(2), Bet(2, 2), Look(3), Bet(3, 2))
    game.apply(ProposeShowdown(0))
    for seat, answer in zip((2, 3), answers, strict=False):
        assert game.to_act == seat
        assert verbs(game) == {"agree"}
        game.apply(AnswerShowdown(seat, answer))
    return game


def test_showdown_by_agreement_needs_three_players() -> None:
    game = brag(HIGH_J, PAIR_QUEENS, HIGH_9)
    play(game, Look(0), Bet(0, 2))
    assert "propose" in verbs(game)
    game.apply(Fold(1))
    assert "propose" not in verbs(game)


def test_a_refused_showdown_returns_the_turn_to_the_proposer() -> None:
    game = agreed(True, False)
    assert game.to_act == 0
    assert "propose" not in verbs(game)
    assert {"bet", "fold"} <= verbs(game)
    assert not of_type(game, HandRevealed)
    assert game.pot == 10


def test_a_first_refusal_stops_the_vote() -> None:
    game = agreed(False)
    assert game.to_act == 0
    assert not of_type(game, HandRevealed)


def test_an_agreed_showdown_shows_all_hands_and_the_best_wins() -> None:
    game = agreed(True, True)
    assert game.deal_over
    assert {e.seat for e in of_type(game, HandRevealed)} == {0, 2, 3}
    assert awards(game) == [(2, 10)]


def test_an_agreed_showdown_splits_a_tie() -> None:
    game = agreed(True, True, last="Qc Qd 4h")
    assert sorted(awards(game)) == [(2, 5), (3, 5)]


def test_after_a_refusal_others_may_still_propose() -> None:
    game = agreed(False)
    game.apply(Bet(0, 2))
    assert game.to_act == 2
    assert "propose" in verbs(game)


def test_the_showdown_option_can_be_switched_off() -> None:
    game = brag(HIGH_J, PAIR_QUEENS, HIGH_9, showdown_by_agreement=False)
    assert "propose" not in verbs(game)


# --- wild cards ------------------------------------------------------------------------------


def test_floaters_preset_makes_the_braggers_wild() -> None:
    preset = PRESETS["brag_floaters"].rules()
    assert isinstance(preset, BragRules)
    game = BragGame(preset, [100, 100], dealer=1)
    game.start_deal(deck=dealt("Jc Ks Kh", "Qs Qh Qd"))  # Jc stands for a king
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(0, 8)]


# --- conservation ----------------------------------------------------------------------------


def test_chips_and_cards_are_conserved_through_a_session() -> None:
    game = BragGame(rules(), [60, 60, 60, 60], seed=11, dealer=0)
    for deal in range(12):
        game.start_deal()
        total = game.chips_in_play()
        assert total == 240
        assert_52_cards(game)
        while not game.deal_over:
            legal = game.legal_actions()
            option = legal[(deal * 7 + len(game.actions)) % len(legal)]
            if len(game.actions) > 40:
                option = legal[-1]  # fold, refuse, keep the old hand: the deal ends soon
            game.apply(option.action)
            assert game.chips_in_play() == total
            assert_52_cards(game)


# --- refusals are sentences -----------------------------------------------------------------


def test_acting_out_of_turn_is_refused() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    assert "out of turn" in refused(game, Fold(1))


def test_a_bet_beyond_the_stack_is_refused_under_the_cover_rule() -> None:
    game = brag(HIGH_J, HIGH_T, stacks=[100, 5])
    play(game, Look(0), Bet(0, 2), Look(1))
    assert "only 4 chips" in refused(game, Bet(1, 5))


def test_keep_without_looking_is_refused() -> None:
    game = brag(HIGH_J, HIGH_T, HIGH_9)
    refused(game, KeepHand(0, True))
    refused(game, ChooseHand(0, "new"))
    refused(game, Stay(0))
    refused(game, AnswerShowdown(0, True))


def test_a_losing_seers_cards_stay_hidden_even_with_an_open_pack() -> None:
    game = brag(PAIR_QUEENS, HIGH_J, open_pack=True)
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert game.deal_over
    assert not set(parse(HIGH_J)) & seen_by(game, 0)


def test_a_covered_pot_with_two_blind_hands_keeps_one_sight_unseen_before_settling() -> None:
    """A player holding a retained and a new blind hand, left with a covering player, keeps one
    hand sight unseen (as at a see) before the hands are compared for the covered pot."""
    from game.engine.actions import ChooseHand, Cover
    from game.engine.brag import BragGame
    from game.engine.rules import BragRules

    game = BragGame(BragRules(), [100, 100, 3], seed=1, dealer=2)
    game.retained[0] = list(parse("Ks Kh Kd"))
    game.start_deal(parse("2c 7d 3h 4c 8d 5h 6s Td 9h"))
    play(game, Bet(0, 2), Bet(1, 4))
    (cover,) = [option for option in game.legal_actions() if isinstance(option.action, Cover)]
    game.apply(cover.action)
    play(game, Bet(0, 4), Fold(1))
    assert game.phase == Phase.CHOOSE and game.to_act == 0
    game.apply(ChooseHand(0, "old"))
    assert game.deal_over
    awards = [event for event in game.events if type(event).__name__ == "PotAwarded"]
    assert {award.seat for award in awards} == {0}
    assert game.chips_in_play() == 203


def test_a_bet_of_one_possible_amount_says_that_amount() -> None:
    game = brag(PAIR_QUEENS, HIGH_J, HIGH_T)
    game.apply(Look(0))
    game.apply(Bet(0, 20))  # the maximum: the next bets can be only as much
    (blind,) = [o for o in game.legal_actions() if isinstance(o.action, Bet)]
    assert (blind.low, blind.high) == (10, 10)
    assert str(blind.rule).startswith("Bet exactly 10 (worth double)")
    assert "at least" not in str(blind.rule) and "at most" not in str(blind.rule)
    game.apply(Look(1))
    (open_bet,) = [o for o in game.legal_actions() if isinstance(o.action, Bet)]
    assert (open_bet.low, open_bet.high) == (20, 20)
    assert str(open_bet.rule).startswith("Bet exactly 20 (at open value)")


def test_a_betting_move_out_of_the_betting_phase_is_refused_by_one_sentence_per_phase() -> None:
    """'First {phase}.' is said once per phase and given again (the observation asks why the
    seat to act may not bet at every showdown vote)."""
    rng = random.Random(2)
    game = create_game(get_preset("brag").rules(), [10_000] * 5, seed=3)
    phases: set[Phase] = set()
    for _deal in range(40):
        game.start_deal()
        while not game.deal_over:
            seat = game.to_act
            assert seat is not None and isinstance(game, BragGame)
            if game.phase != Phase.BETTING:
                said = game.refusal(Bet(seat, 0))
                assert said is game.refusal(Bet(seat, 0))
                assert str(said) == str(says("First {phase}.", phase=game.phase))
                phases.add(game.phase)
            game.apply(rng.choice(game.legal_actions()).action)
    assert phases  # some deal went to a showdown vote
