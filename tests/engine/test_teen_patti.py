"""Teen Patti rules (RULES.md "Teen Patti", TPF, TPT), one behaviour per test.

Decks are stacked top first; cards are dealt one at a time starting left of the dealer, so
`dealt("A", "B", ...)` interleaves the hands in the order the seats receive them.
"""

from __future__ import annotations

from typing import TypeVar

import pytest

from game.engine.actions import (
    Action,
    AnswerSideshow,
    Bet,
    Fold,
    IllegalActionError,
    Look,
    Show,
    Sideshow,
)
from game.engine.cards import FULL_DECK, Card, parse
from game.engine.events import (
    AntePosted,
    BetPlaced,
    CardDealt,
    DealStarted,
    Event,
    HandRevealed,
    Looked,
    PackShuffled,
    PotAwarded,
    ShowPaid,
    SideshowAsked,
    SideshowCompared,
    TurnPassed,
    redact,
)
from game.engine.rules import PRESETS, RulesError, TeenPattiRules, make_rules
from game.engine.teen_patti import TeenPattiGame

E = TypeVar("E", bound=Event)

# Hands used throughout: clearly ordered, no two share a card.
TRAIL_ACES = "As Ah Ad"
TRAIL_KINGS = "Ks Kh Kd"
PAIR_QUEENS = "Qs Qh 4c"
HIGH_J = "Jc 8d 5s"
HIGH_T = "Tc 7d 3s"
HIGH_9 = "9h 6c 2d"


def dealt(*hands: str) -> tuple[Card, ...]:
    """The top of a pack that deals `hands` (in dealing order), one card at a time."""
    parsed = [parse(hand) for hand in hands]
    return tuple(hand[index] for index in range(3) for hand in parsed)


def game_with(
    *hands: str, dealer: int | None = None, stack: int = 100, **options: object
) -> TeenPattiGame:
    """A started deal with one hand per seat; the last seat deals, so seat 0 acts first."""
    seats = len(hands)
    dealer = seats - 1 if dealer is None else dealer
    game = TeenPattiGame(TeenPattiRules.model_validate(options), [stack] * seats, dealer=dealer)
    order = [(dealer + 1 + offset) % seats for offset in range(seats)]
    game.start_deal(deck=dealt(*(hands[seat] for seat in order)))
    return game


def of_type(game: TeenPattiGame, kind: type[E]) -> list[E]:
    return [event for event in game.events if isinstance(event, kind)]


def awards(game: TeenPattiGame) -> list[tuple[int, int]]:
    return [(award.seat, award.amount) for award in of_type(game, PotAwarded)]


def bet_option(game: TeenPattiGame) -> tuple[int, int, int]:
    (option,) = [o for o in game.legal_actions() if isinstance(o.action, Bet)]
    return option.low, option.high, option.step


def verbs(game: TeenPattiGame) -> set[str]:
    return {option.action.verb for option in game.legal_actions()}


def refused(game: TeenPattiGame, action: Action) -> str:
    """Apply an illegal action; return the refusal's sentence (and check it is a sentence)."""
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    message = str(caught.value)
    assert message[0].isupper() and message.rstrip().endswith("."), message
    return message


def play(game: TeenPattiGame, *actions: Action) -> None:
    for action in actions:
        game.apply(action)


# --- boot, deal, turn order ---------------------------------------------------------------


def test_everyone_posts_the_boot_and_the_stake_starts_at_the_boot() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, PAIR_QUEENS, boot=3)
    assert [(event.seat, event.amount) for event in of_type(game, AntePosted)] == [
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
    ]
    assert game.pot == 12
    assert game.stacks == (97, 97, 97, 97)
    assert game.stake == 3


def test_cards_are_dealt_one_at_a_time_starting_left_of_the_dealer() -> None:
    game = TeenPattiGame(TeenPattiRules(), [100] * 3, dealer=1)
    deck = parse("2c 3c 4c 5d 6d 7d 8h 9h Th")
    game.start_deal(deck=deck)
    assert [event.seat for event in of_type(game, CardDealt)] == [2, 0, 1] * 3
    assert [event.card for event in of_type(game, CardDealt)] == list(deck)
    assert game.players[2].hand == list(parse("2c 5d 8h"))
    assert game.players[0].hand == list(parse("3c 6d 9h"))
    assert game.players[1].hand == list(parse("4c 7d Th"))


def test_the_events_every_deal_makes_alike_are_shared_and_equal_to_new_ones() -> None:
    """A card dealt face down, an ante and a turn are made once and shared by later deals (an
    event is immutable): the same objects, equal to the events made afresh."""
    first = game_with(TRAIL_ACES, TRAIL_KINGS, HIGH_J)
    second = game_with(TRAIL_ACES, TRAIL_KINGS, HIGH_J)
    assert first.events == second.events
    for kind in (CardDealt, AntePosted, TurnPassed):
        shared = of_type(first, kind)
        assert shared and all(a is b for a, b in zip(shared, of_type(second, kind), strict=True))
    assert of_type(first, CardDealt)[0] == CardDealt(0, parse(TRAIL_ACES)[0], 0, False, frozenset())
    assert of_type(first, TurnPassed) == [TurnPassed(0)]


def test_betting_starts_left_of_the_dealer() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, PAIR_QUEENS, dealer=1)
    assert game.to_act == 2


def test_betting_goes_round_clockwise_as_often_as_needed() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    seen = []
    for _ in range(7):
        assert game.to_act is not None
        seen.append(game.to_act)
        game.apply(Bet(game.to_act, game.stake))
    assert seen == [0, 1, 2, 0, 1, 2, 0]


def test_everyone_starts_blind() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    assert all(player.blind for player in game.players.values())
    assert all(card is None for card in game.observe(0).seats[0].hands[0])


# --- blind and seen stakes ------------------------------------------------------------------


def test_blind_bet_ranges_from_one_to_two_times_the_stake() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=3)
    assert bet_option(game) == (3, 6, 1)


@pytest.mark.parametrize("amount", [3, 4, 5, 6])
def test_a_blind_bet_becomes_the_new_stake(amount: int) -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=3)
    game.apply(Bet(0, amount))
    assert game.stake == amount
    assert game.pot == 9 + amount
    assert game.stacks[0] == 97 - amount
    assert of_type(game, BetPlaced)[-1].blind is True


@pytest.mark.parametrize("amount", [2, 7])
def test_a_blind_bet_outside_one_to_two_stakes_is_refused(amount: int) -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=3)
    message = refused(game, Bet(0, amount))
    assert "Blind" in message and "between 3 and 6" in message
    assert game.pot == 9 and game.to_act == 0


def test_the_next_blind_player_bets_from_the_raised_stake() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    game.apply(Bet(0, 2))
    assert bet_option(game) == (2, 4, 1)


def test_seen_bet_ranges_from_two_to_four_times_the_stake_in_even_amounts() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=3)
    game.apply(Look(0))
    assert bet_option(game) == (6, 12, 2)


@pytest.mark.parametrize(("amount", "stake"), [(6, 3), (8, 4), (10, 5), (12, 6)])
def test_a_seen_bet_makes_half_of_it_the_new_stake(amount: int, stake: int) -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=3)
    play(game, Look(0), Bet(0, amount))
    assert game.stake == stake
    assert game.stacks[0] == 97 - amount
    assert of_type(game, BetPlaced)[-1].blind is False


@pytest.mark.parametrize("amount", [4, 5, 7, 14])
def test_a_seen_bet_below_twice_above_four_times_or_odd_is_refused(amount: int) -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=3)
    game.apply(Look(0))
    message = refused(game, Bet(0, amount))
    assert "Seen" in message and "between 6 and 12" in message and "even" in message


def test_seen_minimum_keeps_the_stake_and_blind_next_player_bets_it() -> None:
    # TPF: "D looks at his cards and puts in 2 units; the current stake remains at one unit".
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    play(game, Look(0), Bet(0, 2))
    assert game.stake == 1
    assert bet_option(game) == (1, 2, 1)


def test_looking_keeps_the_turn_and_switches_to_the_seen_range() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    play(game, Bet(0, 2))
    events = game.apply(Look(1))
    assert game.to_act == 1
    assert not game.players[1].blind
    assert [type(event) for event in events] == [Looked]
    assert bet_option(game) == (4, 8, 2)
    assert "look" not in verbs(game)


def test_a_look_shows_the_cards_to_the_looker_only() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    game.apply(Look(0))
    assert game.observe(0).seats[0].hands[0] == parse(HIGH_J)
    assert game.observe(1).seats[0].hands[0] == (None, None, None)
    assert game.observe(None).seats[0].hands[0] == (None, None, None)
    (look,) = [event for event in game.observe(1).history if isinstance(event, Looked)]
    assert look.cards == (None, None, None)


def test_you_may_not_look_out_of_turn() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    message = refused(game, Look(1))
    assert "turn" in message
    assert game.players[1].blind


def test_you_may_not_look_twice() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    game.apply(Look(0))
    assert "already looked" in refused(game, Look(0))


# --- folding ----------------------------------------------------------------------------------


def test_a_folded_player_drops_out_and_is_skipped() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    play(game, Bet(0, 1), Fold(1))
    assert game.to_act == 2
    play(game, Bet(2, 1))
    assert game.to_act == 0
    assert game.players[1].folded
    assert game.observe(None).seats[1].committed == 1


def test_the_last_player_left_wins_the_pot_whatever_the_cards() -> None:
    game = game_with(TRAIL_ACES, TRAIL_KINGS, HIGH_9)
    play(game, Bet(0, 2), Look(1), Bet(1, 4))
    play(game, Fold(2), Fold(0))
    assert awards(game) == [(1, 3 + 2 + 4)]
    assert game.deal_over
    assert game.stacks == (97, 104, 99)
    assert not of_type(game, HandRevealed)


def test_a_blind_last_player_wins_too() -> None:
    game = game_with(TRAIL_ACES, HIGH_9, HIGH_T)
    play(game, Fold(0), Fold(1))
    assert awards(game) == [(2, 3)]
    assert game.players[2].blind
    assert game.stacks == (99, 99, 102)


# --- the show ------------------------------------------------------------------------------


def test_no_show_with_three_players_left() -> None:
    game = game_with(TRAIL_ACES, HIGH_9, HIGH_T)
    assert "show" not in verbs(game)
    assert "exactly two" in refused(game, Show(0))


def test_a_show_becomes_possible_once_only_two_are_left() -> None:
    game = game_with(HIGH_9, TRAIL_ACES, HIGH_T)
    play(game, Bet(0, 1), Fold(1))
    assert "show" in verbs(game)


def test_a_blind_show_costs_one_stake_and_the_blind_player_looks_after_paying() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS)
    play(game, Bet(0, 2), Bet(1, 3))  # both blind; the stake is 3
    (show,) = [o for o in game.legal_actions() if isinstance(o.action, Show)]
    assert show.cost == 3
    events = game.apply(Show(0))
    kinds = [type(event) for event in events]
    assert kinds.index(ShowPaid) < kinds.index(Looked)
    assert of_type(game, ShowPaid)[0].amount == 3
    assert game.stacks[0] == 100 - 1 - 2 - 3
    # The pot is 2 + 2 + 3 + 3 = 10 and the pair of queens wins it.
    assert awards(game) == [(1, 10)]


def test_a_blind_show_against_a_seen_player_also_costs_one_stake() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS)
    play(game, Bet(0, 2), Look(1), Bet(1, 6))  # seen 6 at stake 2: the stake is 3
    assert game.stake == 3
    game.apply(Show(0))
    assert of_type(game, ShowPaid)[0].amount == 3


def test_a_seen_player_may_not_ask_a_blind_player_for_a_show() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS)
    play(game, Bet(0, 1), Look(1))
    assert "show" not in verbs(game)
    message = refused(game, Show(1))
    assert "seen" in message and "blind" in message
    assert game.to_act == 1 and game.pot == 3


@pytest.mark.parametrize("running_short", ["pack", "cover"])
def test_a_seen_player_out_of_chips_may_still_show_all_in(running_short: str) -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, stack=5, running_short=running_short)
    play(game, Look(0), Bet(0, 4), Look(1), Bet(1, 4))  # both seen, both out of chips
    assert game.stacks == (0, 0)
    (show,) = [o for o in game.legal_actions() if isinstance(o.action, Show)]
    assert show.cost == 0 and "no chips left" in str(show.rule)
    game.apply(Show(0))
    # both put in 5: under either rule nothing goes back and the whole pot is shown for
    assert awards(game) == [(1, 2 + 4 + 4)]


def test_a_show_between_two_seen_players_costs_twice_the_stake() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS)
    play(game, Look(0), Bet(0, 4), Look(1))  # the stake is 2
    (show,) = [o for o in game.legal_actions() if isinstance(o.action, Show)]
    assert show.cost == 4
    game.apply(Show(1))
    assert of_type(game, ShowPaid)[0].amount == 4
    assert awards(game) == [(1, 2 + 4 + 4)]


def test_the_higher_hand_wins_a_show_whoever_paid() -> None:
    game = game_with(PAIR_QUEENS, HIGH_J)
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    revealed = {event.seat: event.cards for event in of_type(game, HandRevealed)}
    assert revealed == {0: parse(PAIR_QUEENS), 1: parse(HIGH_J)}
    assert awards(game) == [(0, 6)]
    assert game.stacks == (103, 97)


def test_the_payer_wins_a_show_with_the_higher_hand() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS)
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(1, 6)]


@pytest.mark.parametrize("payer", [0, 1])
def test_equal_hands_at_a_show_go_to_the_player_who_did_not_pay(payer: int) -> None:
    game = game_with("Ks Qd 9c", "Kh Qc 9d")  # equal high cards, no suit order
    play(game, Look(0), Bet(0, 2), Look(1))
    if payer == 0:
        play(game, Bet(1, 2))
    game.apply(Show(payer))
    assert [seat for seat, _ in awards(game)] == [1 - payer]


def test_both_hands_are_revealed_to_everyone_at_a_show() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9)
    play(game, Fold(0), Bet(1, 1), Show(2))
    spectator = game.observe(None)
    shown = {event.seat for event in spectator.history if isinstance(event, HandRevealed)}
    assert shown == {1, 2}
    assert all(
        event.cards == parse(PAIR_QUEENS if event.seat == 1 else HIGH_9)
        for event in spectator.history
        if isinstance(event, HandRevealed)
    )


def test_a_blind_show_may_be_asked_before_any_bet() -> None:
    game = game_with(TRAIL_ACES, HIGH_9)
    game.apply(Show(0))
    assert game.deal_over
    assert awards(game) == [(0, 3)]


# --- sideshow ------------------------------------------------------------------------------


def all_seen(game: TeenPattiGame, *seats: int) -> None:
    """Each seat looks and bets the seen minimum, in turn."""
    for seat in seats:
        assert game.to_act == seat
        play(game, Look(seat), Bet(seat, 2 * game.stake))


def test_a_sideshow_is_asked_of_the_previous_player_and_costs_the_seen_minimum() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9, boot=2)
    all_seen(game, 0, 1)
    game.apply(Look(2))
    (option,) = [o for o in game.legal_actions() if isinstance(o.action, Sideshow)]
    assert option.cost == 4
    events = game.apply(Sideshow(2))
    assert [(e.seat, e.target) for e in events if isinstance(e, SideshowAsked)] == [(2, 1)]
    assert of_type(game, BetPlaced)[-1].amount == 4
    assert game.stake == 2
    assert game.to_act == 1
    assert verbs(game) == {"answer"}


def test_a_sideshow_needs_every_remaining_player_seen() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9)
    play(game, Bet(0, 1))  # seat 0 stays blind
    all_seen(game, 1)
    game.apply(Look(2))
    assert "sideshow" not in verbs(game)
    assert "every remaining player is seen" in refused(game, Sideshow(2))


def test_a_blind_player_may_not_ask_for_a_sideshow() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9)
    all_seen(game, 0, 1)
    assert "seen player" in refused(game, Sideshow(2))


def test_a_sideshow_needs_three_players_left() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9)
    all_seen(game, 0)
    play(game, Fold(1), Look(2))
    assert "sideshow" not in verbs(game)
    assert "three or more" in refused(game, Sideshow(2))


def test_no_sideshow_before_anyone_has_bet() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9)
    game.apply(Look(0))
    assert "sideshow" not in verbs(game)


def test_a_sideshow_skips_folded_players_to_reach_the_previous_bettor() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9, TRAIL_KINGS)
    all_seen(game, 0, 1, 2)
    play(game, Look(3), Fold(3))
    # Seat 0: seat 3 folded, so the player who bet just before is seat 2.
    play(game, Sideshow(0))
    assert of_type(game, SideshowAsked)[-1].target == 2


def test_the_sideshow_is_switched_off_by_the_option() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9, sideshow=False)
    all_seen(game, 0, 1)
    game.apply(Look(2))
    assert "sideshow" not in verbs(game)
    assert "switched off" in refused(game, Sideshow(2))


def test_an_accepted_sideshow_folds_the_lower_hand_the_target() -> None:
    game = game_with(HIGH_J, HIGH_9, PAIR_QUEENS)
    all_seen(game, 0, 1)
    play(game, Look(2), Sideshow(2), AnswerSideshow(1, True))
    assert game.players[1].folded
    assert not game.players[2].folded and not game.players[0].folded
    assert game.to_act == 0  # betting continues after the asker


def test_an_accepted_sideshow_folds_the_lower_hand_the_asker() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9)
    all_seen(game, 0, 1)
    play(game, Look(2), Sideshow(2), AnswerSideshow(1, True))
    assert game.players[2].folded
    assert not game.players[1].folded
    assert game.to_act == 0


def test_a_tied_sideshow_folds_the_asker() -> None:
    game = game_with(HIGH_J, "Ks Qd 9c", "Kh Qc 9d")
    all_seen(game, 0, 1)
    play(game, Look(2), Sideshow(2), AnswerSideshow(1, True))
    (compared,) = of_type(game, SideshowCompared)
    assert compared.loser == 2
    assert game.players[2].folded and not game.players[1].folded


def test_a_refused_sideshow_continues_with_the_player_after_the_asker() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, PAIR_QUEENS)
    all_seen(game, 0, 1, 2, 3)
    play(game, Sideshow(0), AnswerSideshow(3, False))
    assert game.to_act == 1
    assert not any(player.folded for player in game.players.values())
    assert not of_type(game, SideshowCompared)
    # The asker's minimum bet stands.
    assert game.stacks[0] == 100 - 1 - 2 - 2


def test_while_a_sideshow_is_asked_only_an_answer_is_allowed() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    all_seen(game, 0, 1)
    play(game, Look(2), Sideshow(2))
    assert "sideshow" in refused(game, Bet(1, 2))
    assert "turn" in refused(game, AnswerSideshow(0, True))


def test_answering_without_being_asked_is_refused() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    assert "asked" in refused(game, AnswerSideshow(0, True))


def sideshow_of_four(accept: bool = True) -> TeenPattiGame:
    """Four seen players; seat 0 (a pair of queens) asks seat 3 (ten high) for a sideshow."""
    game = game_with(PAIR_QUEENS, HIGH_J, HIGH_9, HIGH_T)
    all_seen(game, 0, 1, 2, 3)
    play(game, Sideshow(0), AnswerSideshow(3, accept))
    return game


def test_sideshow_cards_are_shown_only_to_the_two_players() -> None:
    game = sideshow_of_four()
    compared = {
        viewer: next(e for e in game.observe(viewer).history if isinstance(e, SideshowCompared))
        for viewer in (0, 1, 2, 3, None)
    }
    for viewer in (0, 3):
        assert compared[viewer].asker_cards == parse(PAIR_QUEENS)
        assert compared[viewer].target_cards == parse(HIGH_T)
    for viewer in (1, 2, None):
        assert compared[viewer].asker_cards == (None, None, None)
        assert compared[viewer].target_cards == (None, None, None)
        assert compared[viewer].loser == 3  # who lost is public: that player folds
    (event,) = of_type(game, SideshowCompared)
    assert redact(event, 0) == event and redact(event, 3) == event
    for outsider in (1, 2, None):
        hidden = redact(event, outsider)
        assert isinstance(hidden, SideshowCompared)
        assert hidden.asker_cards == hidden.target_cards == (None, None, None)


def test_after_a_sideshow_the_loser_knows_the_winners_hand_and_nobody_else_does() -> None:
    game = sideshow_of_four()
    assert game.players[3].folded
    assert game.observe(3).seats[0].hands[0] == parse(PAIR_QUEENS)
    assert game.observe(0).seats[0].hands[0] == parse(PAIR_QUEENS)
    for viewer in (1, 2, None):
        assert game.observe(viewer).seats[0].hands[0] == (None, None, None)
    # The loser's folded hand is back in the pack: nobody sees it on the table.
    assert all(game.observe(viewer).seats[3].hands[0] == () for viewer in (0, 1, 2, 3))


def test_after_a_sideshow_won_by_the_target_each_knows_the_other() -> None:
    game = game_with(HIGH_T, HIGH_J, HIGH_9, PAIR_QUEENS)
    all_seen(game, 0, 1, 2, 3)
    play(game, Sideshow(0), AnswerSideshow(3, True))
    assert game.players[0].folded and not game.players[3].folded
    assert game.observe(0).seats[3].hands[0] == parse(PAIR_QUEENS)
    for viewer in (1, 2, None):
        assert game.observe(viewer).seats[3].hands[0] == (None, None, None)


def test_sideshow_knowledge_stays_private_as_the_betting_goes_on() -> None:
    game = sideshow_of_four()
    play(game, Bet(1, 2), Bet(2, 2))
    assert game.observe(3).seats[0].hands[0] == parse(PAIR_QUEENS)
    assert game.observe(1).seats[0].hands[0] == (None, None, None)
    assert game.observe(2).seats[0].hands[0] == (None, None, None)


def test_a_refused_sideshow_shows_nothing() -> None:
    game = sideshow_of_four(accept=False)
    assert game.observe(3).seats[0].hands[0] == (None, None, None)
    assert game.observe(0).seats[3].hands[0] == (None, None, None)
    assert not any(isinstance(e, SideshowCompared) for e in game.observe(0).history)


# --- options -------------------------------------------------------------------------------


def test_tagalog_show_costs_both_players_twice_the_stake_when_both_are_seen() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, show_cost="tagalog")
    play(game, Look(0), Bet(0, 4), Look(1), Show(1))  # stake 2
    assert [(e.seat, e.amount) for e in of_type(game, ShowPaid)] == [(1, 4), (0, 4)]
    assert awards(game) == [(1, 2 + 4 + 4 + 4)]


def test_tagalog_show_costs_both_blind_players_one_stake() -> None:
    game = game_with(PAIR_QUEENS, HIGH_J, show_cost="tagalog")
    play(game, Bet(0, 2), Show(1))  # stake 2
    assert [(e.seat, e.amount) for e in of_type(game, ShowPaid)] == [(1, 2), (0, 2)]
    assert game.stacks == (100 - 1 - 2 - 2 + 8, 100 - 1 - 2)


def test_pagat_show_costs_only_the_asker() -> None:
    game = game_with(PAIR_QUEENS, HIGH_J)
    play(game, Bet(0, 2), Show(1))
    assert [(e.seat, e.amount) for e in of_type(game, ShowPaid)] == [(1, 2)]
    assert game.stacks == (100 - 1 - 2 + 6, 100 - 1 - 2)


def test_blind_limit_forces_a_look_after_that_many_blind_turns() -> None:
    game = game_with(HIGH_J, HIGH_T, blind_limit=2)
    play(game, Bet(0, 1), Bet(1, 1), Bet(0, 1), Bet(1, 1))
    assert game.to_act == 0
    assert verbs(game) == {"look", "fold"}
    message = refused(game, Bet(0, 1))
    assert "2 blind turns" in message and "look" in message
    game.apply(Look(0))
    assert bet_option(game) == (2, 4, 2)


def test_blind_limit_counts_only_blind_turns_of_that_player() -> None:
    game = game_with(HIGH_J, HIGH_T, blind_limit=2)
    play(game, Bet(0, 1), Look(1), Bet(1, 2), Bet(0, 1))
    play(game, Bet(1, 2))
    assert verbs(game) == {"look", "fold"}


def test_chaal_limit_caps_a_blind_bet_at_half_the_limit() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=2, chaal_limit=6)
    assert bet_option(game) == (2, 3, 1)
    message = refused(game, Bet(0, 4))
    assert "between 2 and 3" in message
    assert "caps blind bets at half" in message


def test_chaal_limit_caps_a_seen_bet() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9, boot=2, chaal_limit=6)
    game.apply(Look(0))
    assert bet_option(game) == (4, 6, 2)
    refused(game, Bet(0, 8))


def test_under_a_chaal_limit_a_seen_player_can_always_answer() -> None:
    # Blind bets stop at half the limit (2), so the stake stays 2 and the seen minimum, 4,
    # is still within the limit of 4.
    game = game_with(HIGH_J, HIGH_T, HIGH_9, chaal_limit=4)
    play(game, Bet(0, 2))
    assert "chaal limit of 4" in refused(game, Bet(1, 4))
    play(game, Bet(1, 2), Look(2))
    assert bet_option(game) == (4, 4, 2)
    message = refused(game, Bet(2, 6))
    assert "chaal limit of 4" in message
    assert "afford" not in message


def test_a_chaal_limit_below_twice_the_boot_is_refused() -> None:
    with pytest.raises(RulesError, match="below twice the boot"):
        make_rules("teen_patti", boot=3, chaal_limit=5)


def test_a_blind_player_short_of_chips_is_not_told_about_the_blind_limit() -> None:
    game = game_with(HIGH_J, HIGH_T, stack=3, blind_limit=5)
    play(game, Bet(0, 2))  # stake 2; seat 1 has 2 chips: enough for a blind bet
    play(game, Bet(1, 2))  # stake 2; seat 0 has 0 chips
    message = refused(game, Bet(0, 2))
    assert "afford" in message and "blind turns" not in message


def test_pot_limit_forces_a_show_of_everyone_left() -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9, pot_limit=6)
    play(game, Bet(0, 1), Bet(1, 1))
    assert not game.deal_over
    game.apply(Bet(2, 1))  # the pot reaches 6
    assert game.deal_over
    assert {event.seat for event in of_type(game, HandRevealed)} == {0, 1, 2}
    assert awards(game) == [(1, 6)]


def test_pot_limit_splits_a_tie_between_the_best_hands() -> None:
    game = game_with("Ks Qd 9c", HIGH_9, "Kh Qc 9d", pot_limit=6)
    play(game, Bet(0, 1), Bet(1, 1), Bet(2, 1))
    assert sorted(awards(game)) == [(0, 3), (2, 3)]


def test_pot_limit_split_of_an_odd_pot_loses_no_chip() -> None:
    game = game_with("Ks Qd 9c", HIGH_9, "Kh Qc 9d", pot_limit=7)
    play(game, Bet(0, 1), Bet(1, 1), Bet(2, 2))
    shares = dict(awards(game))
    assert set(shares) == {0, 2}
    assert sum(shares.values()) == 7 and abs(shares[0] - shares[2]) == 1


def test_pot_limit_leaves_folded_players_out_of_the_forced_show() -> None:
    game = game_with(TRAIL_ACES, PAIR_QUEENS, HIGH_9, pot_limit=5)
    play(game, Fold(0), Bet(1, 1), Bet(2, 1))
    assert {event.seat for event in of_type(game, HandRevealed)} == {1, 2}
    assert awards(game) == [(1, 5)]


@pytest.mark.parametrize(
    ("a23", "other", "a23_wins"),
    [
        ("highest", "As Kd Qc", True),  # TPF: A-2-3 is the best run
        ("second", "As Kd Qc", False),  # after A-K-Q ...
        ("second", "Ks Qd Jc", True),  # ... but above K-Q-J
        ("lowest", "4s 3d 2c", False),  # below 4-3-2
    ],
)
def test_a23_placement_changes_who_wins_a_show(a23: str, other: str, a23_wins: bool) -> None:
    game = game_with(other, "Ah 2d 3h", a23=a23)
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(1 if a23_wins else 0, 6)]


def test_counterclockwise_deals_and_bets_from_the_dealers_right() -> None:
    game = TeenPattiGame(TeenPattiRules(deal_direction="counterclockwise"), [100] * 4, dealer=0)
    deck = parse("2c 3c 4c 5c 6d 7d 8d 9d Th Jh Qh Kh")
    game.start_deal(deck=deck)
    assert [event.seat for event in of_type(game, CardDealt)] == [3, 2, 1, 0] * 3
    assert game.players[3].hand == list(parse("2c 6d Th"))
    assert game.to_act == 3
    game.apply(Bet(3, 1))
    assert game.to_act == 2
    play(game, Bet(2, 1), Bet(1, 1), Bet(0, 1))
    assert game.to_act == 3


def test_counterclockwise_sideshow_asks_the_player_on_the_right() -> None:
    game = TeenPattiGame(TeenPattiRules(deal_direction="counterclockwise"), [100] * 3, dealer=0)
    game.start_deal(deck=dealt(HIGH_J, HIGH_T, HIGH_9))  # seats 2, 1, 0
    all_seen(game, 2, 1)
    play(game, Look(0), Sideshow(0))
    assert of_type(game, SideshowAsked)[0].target == 1


def test_muflis_preset_gives_a_show_to_the_lowest_hand() -> None:
    rules = PRESETS["muflis"].rules()
    assert isinstance(rules, TeenPattiRules)
    game = TeenPattiGame(rules, [100, 100], dealer=1)
    game.start_deal(deck=dealt(TRAIL_ACES, "5s 3h 2d"))
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(1, 6)]


@pytest.mark.parametrize(
    ("ranking", "wins", "folds"), [("muflis", "lower", "higher"), ("teen_patti", "higher", "lower")]
)
def test_the_show_and_sideshow_rules_offered_name_the_hand_the_ranking_favours(
    ranking: str, wins: str, folds: str
) -> None:
    game = game_with(HIGH_J, PAIR_QUEENS, HIGH_9, boot=2, ranking=ranking)
    all_seen(game, 0, 1)
    game.apply(Look(2))
    (sideshow,) = [o for o in game.legal_actions() if isinstance(o.action, Sideshow)]
    assert f"{folds} hand folds" in str(sideshow.rule)
    game.apply(Sideshow(2))
    accept = [o for o in game.legal_actions() if o.action == AnswerSideshow(1, True)]
    assert accept and f"{folds} hand folds" in str(accept[0].rule)
    play(game, AnswerSideshow(1, False), Fold(0))
    (show,) = [o for o in game.legal_actions() if isinstance(o.action, Show)]
    assert f"{wins} hand wins" in str(show.rule)


def test_jokers_preset_makes_twos_wild() -> None:
    rules = PRESETS["jokers"].rules()
    assert isinstance(rules, TeenPattiRules)
    game = TeenPattiGame(rules, [100, 100], dealer=1)
    game.start_deal(deck=dealt("Qs Qh Qd", "2c Kd Ks"))  # 2c stands for a king: trail of kings
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(1, 6)]


def test_jokers_preset_fewer_wild_cards_win_between_equal_hands() -> None:
    rules = PRESETS["jokers"].rules()
    assert isinstance(rules, TeenPattiRules)
    game = TeenPattiGame(rules, [100, 100], dealer=1)
    # The payer's natural kings beat two wild twos with a king (equal trails otherwise).
    game.start_deal(deck=dealt("Ks 2c 2d", "Kh Kd Kc"))
    play(game, Look(0), Bet(0, 2), Look(1), Show(1))
    assert awards(game) == [(1, 6)]


# --- between deals ---------------------------------------------------------------------------


def test_the_dealer_rotates_clockwise_each_deal() -> None:
    game = TeenPattiGame(TeenPattiRules(), [100] * 3, seed=5, dealer=1)
    dealers = []
    for _ in range(4):
        game.start_deal()
        dealers.append(game.dealer)
        game.apply(Fold(game.to_act or 0))
        game.apply(Fold(game.to_act or 0))
        assert game.deal_over
    assert dealers == [1, 2, 0, 1]


def test_the_dealer_rotates_counterclockwise_with_the_play() -> None:
    rules = TeenPattiRules(deal_direction="counterclockwise")
    game = TeenPattiGame(rules, [100] * 3, seed=5, dealer=1)
    dealers = []
    for _ in range(3):
        game.start_deal()
        dealers.append(game.dealer)
        game.apply(Fold(game.to_act or 0))
        game.apply(Fold(game.to_act or 0))
    assert dealers == [1, 0, 2]


def test_each_deal_is_shuffled() -> None:
    game = TeenPattiGame(TeenPattiRules(), [100] * 3, seed=5)
    first = game.start_deal()
    play(game, Fold(1), Fold(2))
    second = game.start_deal()
    assert any(isinstance(event, PackShuffled) for event in first)
    assert any(isinstance(event, PackShuffled) for event in second)
    assert game.deal_deck != ()


def test_a_seat_that_cannot_pay_the_boot_sits_out() -> None:
    game = TeenPattiGame(TeenPattiRules(boot=5), [100, 4, 100, 100], dealer=3)
    game.start_deal()
    (started,) = of_type(game, DealStarted)
    assert started.seats == (0, 2, 3)
    assert 1 not in game.players
    assert [event.seat for event in of_type(game, AntePosted)] == [0, 2, 3]
    assert game.stacks[1] == 4
    assert game.pot == 15
    play(game, Bet(0, 5))
    assert game.to_act == 2


def test_no_deal_without_two_players_who_can_pay_the_boot() -> None:
    game = TeenPattiGame(TeenPattiRules(boot=5), [100, 4, 3], dealer=0)
    assert not game.can_deal()
    message = refused_start(game)
    assert "two players" in message


def refused_start(game: TeenPattiGame) -> str:
    with pytest.raises(IllegalActionError) as caught:
        game.start_deal()
    return str(caught.value)


def test_a_new_deal_cannot_start_before_the_last_one_ends() -> None:
    game = game_with(HIGH_J, HIGH_T)
    assert "not over" in refused_start(game)


def test_chips_are_conserved_through_a_deal() -> None:
    game = game_with(PAIR_QUEENS, HIGH_J, HIGH_9, HIGH_T)
    total = game.chips_in_play()
    assert total == 400
    all_seen(game, 0, 1, 2, 3)
    play(game, Sideshow(0), AnswerSideshow(3, True))  # seat 3 folds
    assert game.chips_in_play() == total
    play(game, Bet(1, 4), Fold(2))
    assert game.chips_in_play() == total
    play(game, Bet(0, 4), Show(1))
    assert game.deal_over
    assert game.chips_in_play() == total == sum(game.stacks)
    assert game.pot == 0


def test_all_cards_go_back_to_the_pack_after_a_deal() -> None:
    game = game_with(HIGH_J, HIGH_T, PAIR_QUEENS)
    play(game, Fold(0), Bet(1, 1), Show(2))
    assert len(game.pack.cards) == 52 and set(game.pack.cards) == set(FULL_DECK)
    assert all(player.hand == [] for player in game.players.values())


# --- refusals are sentences -----------------------------------------------------------------


def test_acting_out_of_turn_is_refused_with_a_sentence() -> None:
    game = game_with(HIGH_J, HIGH_T, HIGH_9)
    message = refused(game, Bet(2, 1))
    assert "seat 0's turn" in message and "out of turn" in message


def test_acting_between_deals_is_refused_with_a_sentence() -> None:
    game = game_with(HIGH_J, HIGH_T)
    play(game, Fold(0))
    assert "No deal is in progress" in refused(game, Bet(1, 1))


def test_a_bet_the_player_cannot_afford_is_refused() -> None:
    game = game_with(HIGH_J, HIGH_T, stack=3)
    play(game, Bet(0, 2))  # stack 0 left; stake 2
    game.apply(Look(1))  # seat 1 has 2 chips: the seen minimum is 4
    assert "bet" not in verbs(game)
    assert "cannot afford" in refused(game, Bet(1, 4))


def test_a_sideshow_is_asked_only_of_the_player_who_bet_just_before() -> None:
    # TPF: "ask the player who bet immediately before you". Seat 1 asked seat 0, lost and
    # folded: seat 1 made the last bet, so seat 2 may not ask seat 0 (who bet before that).
    game = game_with(PAIR_QUEENS, HIGH_J, HIGH_9, HIGH_T)
    all_seen(game, 0, 1, 2, 3)
    play(game, Bet(0, 2), Sideshow(1), AnswerSideshow(0, True))
    assert game.players[1].folded and game.to_act == 2
    assert "sideshow" not in verbs(game)
    assert "bet just before" in refused(game, Sideshow(2))


def test_a_bet_of_one_possible_amount_says_that_amount() -> None:
    game = game_with("As Ks Qs", "2c 7d 9h", "4c 9d Jh", chaal_limit=2, pot_limit=None)
    option = next(o for o in game.legal_actions() if isinstance(o.action, Bet))
    assert (option.low, option.high) == (1, 1), "the blind's most is half the chaal limit"
    assert str(option.rule).startswith("Blind players bet 1x-2x the stake (1): exactly 1 now.")
    game.apply(Look(0))
    option = next(o for o in game.legal_actions() if isinstance(o.action, Bet))
    assert (option.low, option.high) == (2, 2)
    assert str(option.rule).startswith("Seen players bet 2x-4x the stake (1): exactly 2 now.")
    assert "2-2" not in str(option.rule)
