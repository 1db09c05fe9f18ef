"""Property tests: stake arithmetic, bet validation, action notation and rule validation."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    ChooseHand,
    Cover,
    Fold,
    IllegalActionError,
    KeepHand,
    Look,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
    parse_action,
)
from game.engine.brag import BragGame
from game.engine.events import ShowPaid
from game.engine.rules import BragRules, RulesError, TeenPattiRules, make_rules, options_from_text
from game.engine.teen_patti import TeenPattiGame

BIG = 10**7

# --- Teen Patti stakes -------------------------------------------------------------------------


def teen_patti(boot: int, players: int = 3) -> TeenPattiGame:
    game = TeenPattiGame(TeenPattiRules(boot=boot), [BIG] * players, seed=boot, dealer=players - 1)
    game.start_deal()
    return game


def accepted(game: TeenPattiGame | BragGame, action: Action) -> bool:
    try:
        game.apply(action)
    except IllegalActionError:
        return False
    return True


@given(stake=st.integers(1, 500), amount=st.integers(-5, 2100))
def test_teen_patti_blind_accepts_exactly_one_to_two_stakes(stake: int, amount: int) -> None:
    game = teen_patti(stake)
    ok = accepted(game, Bet(0, amount))
    assert ok == (stake <= amount <= 2 * stake)
    if ok:
        assert game.stake == amount
        assert game.stacks[0] == BIG - stake - amount
        assert game.to_act == 1
    else:
        assert game.stake == stake and game.to_act == 0


@given(stake=st.integers(1, 500), amount=st.integers(-5, 2100))
def test_teen_patti_seen_accepts_exactly_even_two_to_four_stakes(stake: int, amount: int) -> None:
    game = teen_patti(stake)
    game.apply(Look(0))
    ok = accepted(game, Bet(0, amount))
    assert ok == (2 * stake <= amount <= 4 * stake and amount % 2 == 0)
    if ok:
        assert game.stake * 2 == amount
        assert game.stacks[0] == BIG - stake - amount


@settings(max_examples=60)
@given(
    boot=st.integers(1, 20),
    moves=st.lists(st.tuples(st.booleans(), st.integers(0, 10**6)), min_size=1, max_size=25),
)
def test_teen_patti_stake_follows_the_rule_through_a_round_of_bets(
    boot: int, moves: list[tuple[bool, int]]
) -> None:
    """Each turn a player may look, then bets some legal amount: the stake follows the rule."""
    game = teen_patti(boot, players=4)
    stake = boot
    for look, pick in moves:
        seat = game.to_act
        assert seat is not None
        player = game.players[seat]
        if look and player.blind:
            game.apply(Look(seat))
        low, high = (stake, 2 * stake) if player.blind else (2 * stake, 4 * stake)
        step = 1 if player.blind else 2
        amount = low + step * (pick % ((high - low) // step + 1))
        blind = player.blind
        game.apply(Bet(seat, amount))
        stake = amount if blind else amount // 2
        assert game.stake == stake
    assert game.chips_in_play() == 4 * BIG


# --- Brag bets ---------------------------------------------------------------------------------


@settings(max_examples=300)
@given(
    limits=st.tuples(st.integers(1, 30), st.integers(0, 60)),
    first=st.tuples(st.booleans(), st.integers(0, 40)),
    second=st.tuples(st.booleans(), st.integers(-2, 100)),
)
def test_brag_accepts_exactly_bets_worth_the_previous_bet_up_to_the_maximum(
    limits: tuple[int, int], first: tuple[bool, int], second: tuple[bool, int]
) -> None:
    min_bet, extra = limits
    max_bet = min_bet + extra
    game = BragGame(BragRules(min_bet=min_bet, max_bet=max_bet), [BIG] * 3, seed=1, dealer=2)
    game.start_deal()

    def worth(blind: bool, amount: int) -> int:
        return 2 * amount if blind else amount

    def legal(required: int, blind: bool, amount: int) -> bool:
        if blind and amount == -(-required // 2):
            # Chips are whole: a blind player may always pay half the required bet rounded
            # up, even when the required bet is odd and equal to the maximum.
            return True
        return amount >= 1 and required <= worth(blind, amount) <= max_bet

    first_blind, first_amount = first
    if not first_blind:
        game.apply(Look(0))
    ok = accepted(game, Bet(0, first_amount))
    assert ok == legal(min_bet, first_blind, first_amount)
    if not ok:
        return
    previous = worth(first_blind, first_amount)

    second_blind, second_amount = second
    if not second_blind:
        game.apply(Look(1))
    ok = accepted(game, Bet(1, second_amount))
    assert ok == legal(previous, second_blind, second_amount)
    if ok:
        assert game.last_value == worth(second_blind, second_amount)
        assert game.stacks[1] == BIG - 1 - second_amount


@given(
    blind=st.booleans(),
    previous=st.integers(1, 20),
    see_cost=st.sampled_from(["double", "equal"]),
)
def test_brag_see_costs_follow_the_rule(blind: bool, previous: int, see_cost: str) -> None:
    """Two players; seat 0 bets `previous` open; seat 1 (blind or open) may see for the rule's
    price: open pays twice the bet (or the bet, with "equal"), blind pays twice the blind stake."""
    game = BragGame(BragRules.model_validate({"see_cost": see_cost}), [BIG] * 2, dealer=1)
    game.start_deal()
    play_open = not blind
    game.apply(Look(0))
    game.apply(Bet(0, previous))
    if play_open:
        game.apply(Look(1))
    (see,) = [option for option in game.legal_actions() if isinstance(option.action, Show)]
    if blind:
        expected = 2 * -(-previous // 2)  # twice the blind stake, a whole chip
    elif see_cost == "equal":
        expected = previous
    else:
        expected = 2 * previous
    assert see.cost == expected
    paid = [e for e in game.apply(Show(1)) if isinstance(e, ShowPaid)]
    assert [(e.seat, e.amount) for e in paid] == [(1, expected)]
    assert game.chips_in_play() == 2 * BIG


# --- action notation ---------------------------------------------------------------------------

seats = st.integers(0, 6)
ACTIONS = st.one_of(
    st.builds(Look, seats, st.sampled_from(["only", "new", "old"])),
    st.builds(Bet, seats, st.integers(-(10**6), 10**9)),
    st.builds(Fold, seats),
    st.builds(Show, seats),
    st.builds(Sideshow, seats),
    st.builds(AnswerSideshow, seats, st.booleans()),
    st.builds(KeepHand, seats, st.booleans()),
    st.builds(ChooseHand, seats, st.sampled_from(["new", "old"])),
    st.builds(Cover, seats),
    st.builds(Stay, seats),
    st.builds(ProposeShowdown, seats),
    st.builds(AnswerShowdown, seats, st.booleans()),
)


@given(ACTIONS)
def test_parse_action_reads_back_every_notation(action: Action) -> None:
    text = action.notation()
    assert parse_action(text) == action
    assert "\n" not in text and text.split()[0] == str(action.seat)


# --- rule validation ----------------------------------------------------------------------------

OPTION_NAMES = sorted(
    (set(TeenPattiRules.model_fields) | set(BragRules.model_fields)) - {"family"}
) + ["bogus", "Boot", "max bet", ""]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["2s 2h", "2s 2s", "Zz", "highest", "pot", "face_up", "borrow", "1"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=300)
@given(
    family=st.sampled_from(["teen_patti", "brag"]),
    options=st.dictionaries(st.sampled_from(OPTION_NAMES), JUNK, max_size=4),
)
def test_make_rules_refuses_junk_with_a_one_line_rules_error(
    family: str, options: dict[str, object]
) -> None:
    try:
        rules = make_rules(family, **options)
    except RulesError as error:
        message = str(error)
        assert message and "\n" not in message
        assert "pydantic" not in message.lower() and "validation error" not in message.lower()
        return
    assert rules.model_dump()["family"] == family


@given(family=st.text(max_size=20))
def test_make_rules_refuses_an_unknown_game(family: str) -> None:
    from game.engine.rules import RULE_MODELS

    assume(family not in RULE_MODELS)
    with pytest.raises(RulesError, match="is not a game"):
        make_rules(family)


@pytest.mark.parametrize(
    ("family", "options", "words"),
    [
        ("teen_patti", {"boot": 0}, "boot: must be at least 1"),
        ("teen_patti", {"show_cost": "free"}, "show_cost"),
        ("teen_patti", {"blind_limit": -2}, "blind_limit"),
        ("teen_patti", {"wild_cards": "2s Xq"}, "wild_cards"),
        ("brag", {"min_bet": 6, "max_bet": 5}, "below min_bet"),
        ("brag", {"running_short": "beg"}, "running_short"),
        ("brag", {"sideshow": True}, "not an option"),
    ],
)
def test_make_rules_names_the_bad_option(
    family: str, options: dict[str, object], words: str
) -> None:
    with pytest.raises(RulesError, match=words):
        make_rules(family, **options)


def test_an_unknown_option_is_told_with_the_games_options() -> None:
    with pytest.raises(RulesError) as refused:
        make_rules("brag", sideshow=True)
    assert str(refused.value).startswith("sideshow: is not an option of this game (its options: ")
    assert "see_cost, open_pack" in str(refused.value) and "family" not in str(refused.value)


def test_options_written_as_text_read_as_the_rules_types() -> None:
    """The command line's house rules: numbers where the option is a number (a Literal of 3 and
    4 too), text where it is text, none for no limit."""
    texts = {"cards_dealt": "4", "wild_ranks": "2", "chaal_limit": "None", "sideshow": "false"}
    rules = make_rules("teen_patti", **options_from_text("teen_patti", texts))
    assert isinstance(rules, TeenPattiRules)
    assert (rules.cards_dealt, rules.wild_ranks, rules.chaal_limit) == (4, "2", None)
    assert rules.sideshow is False


def test_make_rules_refuses_an_option_named_family() -> None:
    with pytest.raises(RulesError):
        make_rules("brag", **{"family": "teen_patti"})
