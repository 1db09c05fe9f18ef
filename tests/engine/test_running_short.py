"""Running short of chips in Teen Patti (RULES.md "Running short"), replayed to the chip.

With two players left, a player who cannot afford the smallest bet may show for what they have:
what the other has put into the pot beyond it goes back (no one wins from a player more than it
put in itself). With three or more, it covers the
pot: the others bet on into a new pot, and the covered pot goes to the better of the covering
hand and the new pot's winner (a tie to the new pot's winner). House rule `running_short`:
"cover" (the default) or "pack".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from game.engine.actions import Bet, Cover, Fold, IllegalActionError, Look, Show
from game.engine.cards import parse
from game.engine.events import BetReturned, PotAwarded, PotCovered
from game.engine.history import replay, write_deal
from game.engine.rules import PRESETS, TeenPattiRules
from game.engine.teen_patti import TeenPattiGame
from game.persistence.saves import SessionSave, restore
from game.simulate import check_step

GOLDEN_SAVE = (
    Path(__file__).resolve().parents[2] / "saves" / "golden" / "session-teen-patti-mid-deal-v1.json"
)

PAIR_QUEENS = "Qs Qh 4c"
EQUAL_PAIR_QUEENS = "Qd Qc 4h"
HIGH_J = "Jc 8d 5s"
HIGH_T = "Tc 7d 3s"


def short_table(hands: Sequence[str], stacks: Sequence[int], **options: object) -> TeenPattiGame:
    """A started deal, the last seat dealing (seat 0 acts first), one hand per seat."""
    game = TeenPattiGame(TeenPattiRules.model_validate(options), stacks, dealer=len(hands) - 1)
    parsed = [parse(hand) for hand in hands]
    game.start_deal(deck=[hand[index] for index in range(3) for hand in parsed])
    return game


def play(game: TeenPattiGame, *actions: object) -> None:
    for action in actions:
        game.apply(action)  # type: ignore[arg-type]


def verbs(game: TeenPattiGame) -> set[str]:
    return {option.action.verb for option in game.legal_actions()}


def awards(game: TeenPattiGame) -> list[tuple[int, int, int]]:
    return [
        (event.seat, event.amount, event.pot_index)
        for event in game.events
        if isinstance(event, PotAwarded)
    ]


def short_show_deal(*hands: str, **options: object) -> TeenPattiGame:
    """Seat 0 (4 chips) bets 1 blind; seat 1 looks and chaals 4; seat 0 looks: 2 chips left,
    below the seen minimum of 4."""
    game = short_table(list(hands), [4, 100], **options)
    play(game, Bet(0, 1), Look(1), Bet(1, 4), Look(0))
    return game


def test_a_short_seen_player_shows_for_what_it_has_and_the_excess_goes_back() -> None:
    game = short_show_deal(PAIR_QUEENS, HIGH_J)
    assert verbs(game) == {"show", "fold"}  # no bet (4 is the least) and no cover with two left
    (show,) = [option for option in game.legal_actions() if isinstance(option.action, Show)]
    assert show.cost == 2 and "the 1 the other player has put in beyond you" in str(show.rule)
    game.apply(Show(0))
    # Seat 0 puts in its last 2 (4 in all); seat 1 had put in 5, so 1 goes back to it. The pot
    # of 4 + 4 goes to the pair of queens.
    returned = [event for event in game.events if isinstance(event, BetReturned)]
    assert [(event.seat, event.amount, event.short_seat) for event in returned] == [(1, 1, 0)]
    assert awards(game) == [(0, 8, 0)]
    assert game.stacks == (8, 96)
    assert game.chips_in_play() == 104


def test_a_short_seen_player_may_show_a_blind_one_for_what_it_has() -> None:
    game = short_table([HIGH_J, PAIR_QUEENS], [6, 100])
    play(game, Look(0), Bet(0, 4), Bet(1, 4))  # blind 4 at stake 2: the stake is 4
    assert game.stacks == (1, 95)
    assert verbs(game) == {"show", "fold"}  # a seen player may show a blind one only so
    game.apply(Show(0))
    # Seat 0 puts in its last chip (6 in all), more than seat 1's 5: nothing goes back.
    assert not [event for event in game.events if isinstance(event, BetReturned)]
    assert awards(game) == [(1, 11, 0)]
    assert game.stacks == (0, 106)


def test_a_short_show_between_two_blind_players_is_an_even_contest() -> None:
    """Both blind, both in for the same: a show for nothing returns nothing (no free roll)."""
    game = short_table([HIGH_J, PAIR_QUEENS], [5, 5])
    play(game, Bet(0, 2), Bet(1, 2))  # stake 2; seat 0 has 2 left, seat 1 has 2 left
    play(game, Bet(0, 2), Bet(1, 2))  # both out of chips, 5 in each
    game.apply(Show(0))
    assert not [event for event in game.events if isinstance(event, BetReturned)]
    assert awards(game) == [(1, 10, 0)]


def test_equal_hands_at_a_short_show_go_to_the_player_who_did_not_pay() -> None:
    game = short_show_deal(PAIR_QUEENS, EQUAL_PAIR_QUEENS)
    game.apply(Show(0))
    assert awards(game) == [(1, 8, 0)]
    assert game.stacks == (0, 104)


def test_under_the_pack_rule_a_short_seen_player_facing_a_blind_one_can_only_pack() -> None:
    game = short_table([HIGH_J, PAIR_QUEENS], [6, 100], running_short="pack")
    play(game, Look(0), Bet(0, 4), Bet(1, 4))
    (only,) = game.legal_actions()
    assert isinstance(only.action, Fold)
    assert "cannot afford the smallest bet, 8" in str(only.rule) and "only pack" in str(only.rule)
    with pytest.raises(IllegalActionError):
        game.apply(Show(0))


def covered_deal(*hands: str, **options: object) -> TeenPattiGame:
    """Three seats; seat 0 (6 chips) bets 4 seen, the others 8 seen, then seat 0 covers."""
    game = short_table(hands, [6, 100, 100], **options)
    play(game, Look(0), Bet(0, 4), Look(1), Bet(1, 8), Look(2), Bet(2, 8))
    assert verbs(game) == {"cover", "fold"}
    (cover,) = [option for option in game.legal_actions() if isinstance(option.action, Cover)]
    assert cover.cost == 1 and "cannot afford 8" in str(cover.rule)
    game.apply(Cover(0))
    assert [(e.seat, e.amount) for e in game.events if isinstance(e, PotCovered)] == [(0, 1)]
    assert game.observe(None).pots == (3 + 4 + 8 + 8 + 1, 0)
    assert game.to_act == 1  # the covering seat is out of the betting
    return game


def test_covering_the_pot_at_three_the_better_covering_hand_takes_the_covered_pot() -> None:
    game = covered_deal(PAIR_QUEENS, HIGH_J, HIGH_T)
    assert "show" in verbs(game)  # two players still bet: they may show
    play(game, Bet(1, 8), Bet(2, 8), Show(1))
    # The new pot: 8 + 8 + the show's 8 = 24, to seat 1's J-high over seat 2's T-high. The
    # covered pot of 24: seat 0's pair of queens beats seat 1.
    assert awards(game) == [(1, 24, 1), (0, 24, 0)]
    assert game.stacks == (24, 100 - 1 - 8 - 8 - 8 + 24, 100 - 1 - 8 - 8)
    assert game.chips_in_play() == 206


def test_a_tie_with_the_covering_hand_goes_to_the_new_pots_winner() -> None:
    game = covered_deal(PAIR_QUEENS, EQUAL_PAIR_QUEENS, HIGH_T)
    play(game, Bet(1, 8), Bet(2, 8), Show(1))
    assert awards(game) == [(1, 24, 1), (1, 24, 0)]
    assert game.stacks == (0, 100 - 1 - 8 - 8 - 8 + 48, 100 - 1 - 8 - 8)


def test_when_the_others_pack_down_to_one_the_covered_pot_is_still_shown_for() -> None:
    game = covered_deal(HIGH_T, PAIR_QUEENS, HIGH_J)
    play(game, Bet(1, 8), Fold(2))
    # Seat 1 wins the new pot of 8 unshown, then shows against the covering hand and wins.
    assert awards(game) == [(1, 8, 1), (1, 24, 0)]
    assert game.stacks == (0, 100 - 1 - 8 - 8 + 32, 100 - 1 - 8)


def covered_pot_reason(game: TeenPattiGame) -> str:
    """The covered pot's award said in English: the reason names the two hands compared."""
    from game.words.reasons import english

    (award,) = [e for e in game.events if isinstance(e, PotAwarded) and e.pot_index == 0]
    return english(award.reason)


def test_a_covered_pot_is_awarded_naming_the_two_hands() -> None:
    won = covered_deal(PAIR_QUEENS, HIGH_J, HIGH_T)
    play(won, Bet(1, 8), Bet(2, 8), Show(1))
    assert covered_pot_reason(won) == (
        "the covering hand Pair of queens, 4 kicker beats High card J-8-5"
    )
    kept = covered_deal(HIGH_T, PAIR_QUEENS, HIGH_J)
    play(kept, Bet(1, 8), Fold(2))
    assert covered_pot_reason(kept) == (
        "Pair of queens, 4 kicker beats (or ties) the covering hand High card 10-7-3"
    )


def test_the_pot_limit_counts_the_covered_pot_too() -> None:
    game = short_table([PAIR_QUEENS, HIGH_J, HIGH_T], [6, 100, 100], pot_limit=40)
    play(game, Look(0), Bet(0, 4), Look(1), Bet(1, 8), Look(2), Bet(2, 8), Cover(0))
    game.apply(Bet(1, 16))  # 24 covered + 16 = 40: everyone shows
    assert awards(game) == [(1, 16, 1), (0, 24, 0)]
    assert game.to_act is None


def test_covering_needs_three_players_betting() -> None:
    game = short_show_deal(PAIR_QUEENS, HIGH_J)
    with pytest.raises(IllegalActionError, match="shows for what they have"):
        game.apply(Cover(0))


def test_a_player_who_can_afford_the_bet_may_not_cover() -> None:
    game = short_table([PAIR_QUEENS, HIGH_J, HIGH_T], [100, 100, 100])
    with pytest.raises(IllegalActionError, match="nothing to cover"):
        game.apply(Cover(0))


@pytest.mark.parametrize(
    "name", [name for name, preset in PRESETS.items() if preset.family == "teen_patti"]
)
def test_every_teen_patti_preset_covers_by_default(name: str) -> None:
    rules = PRESETS[name].rules()
    assert isinstance(rules, TeenPattiRules) and rules.running_short == "cover"


def test_random_short_stacked_play_covers_and_returns_bets_with_every_invariant() -> None:
    """Random legal play at five short stacks: covers and returned bets happen, and every
    invariant of simulate (chips, cards, what each seat sees, refusals) holds at every step."""
    seen = {"cover": 0, "returned": 0}
    for running_short in ("cover", "pack"):
        rng = random.Random(11)
        rules = TeenPattiRules(boot=2, running_short=running_short)  # type: ignore[arg-type]
        game = TeenPattiGame(rules, [12] * 5, seed=5)
        for _deal in range(120):
            if not game.can_deal() or min(game.stacks) < 4:
                game = TeenPattiGame(rules, [12] * 5, seed=rng.randrange(1000))
            game.start_deal()
            chips = game.chips_in_play()
            while not game.deal_over:
                check_step(game, chips, rng)
                option = rng.choice(game.legal_actions())
                action = option.action
                if isinstance(action, Bet):
                    action = Bet(action.seat, rng.choice(option.amounts()))
                events = game.apply(action)
                seen["cover"] += isinstance(action, Cover)
                seen["returned"] += sum(isinstance(event, BetReturned) for event in events)
            check_step(game, chips, rng)
        if running_short == "cover":
            assert seen["cover"] > 0 and seen["returned"] > 0, seen
            under_cover = dict(seen)
    assert seen == under_cover, "under the pack rule nobody covers and no bet goes back"


def test_a_history_without_the_running_short_rule_replays_as_it_was_played() -> None:
    """A Teen Patti history written before `running_short` existed plays under the rule of its
    time (no bet goes back); a history written now records the rule."""
    game = short_show_deal(PAIR_QUEENS, HIGH_J)
    game.apply(Show(0))
    written = write_deal(game)
    assert '"running_short": "cover"' in written
    assert replay(written).game.stacks == game.stacks == (8, 96)
    older = written.replace(', "running_short": "cover"', "").replace(
        '"running_short": "cover"', ""
    )
    assert "running_short" not in older
    # Then, the all-in show took seat 0's last 2 and nothing went back: the pot was 9.
    assert replay(older).game.stacks == (9, 95)


def test_the_golden_teen_patti_save_resumes_under_the_rule_of_its_time() -> None:
    save = SessionSave.model_validate_json(GOLDEN_SAVE.read_text(encoding="utf-8"))
    assert "running_short" not in save.rules
    rules = restore(save).rules
    assert isinstance(rules, TeenPattiRules) and rules.running_short == "pack"
