"""The legal-action list and the refusals come from one check per rule, so they must agree.

For many seeded random states of every family (each preset, a few house options, short and
deep stacks), every listed action is accepted — `verify` hands back the very option listed,
tooltip and range included — and every action of a generated candidate set that no listed
option allows is refused with a sentence, as an IllegalActionError and nothing else, leaving
the state as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.engine.actions import (
    Action,
    AnswerShowdown,
    AnswerSideshow,
    Bet,
    ChooseHand,
    Cover,
    Discard,
    Fold,
    IllegalActionError,
    KeepHand,
    LegalAction,
    Look,
    ProposeShowdown,
    Show,
    Sideshow,
    Stay,
)
from game.engine.base import TableGame
from game.engine.casino import Play, PostAnte
from game.engine.factory import create_game
from game.engine.rules import PRESETS, make_rules
from game.engine.said import NOTHING_SAID
from game.engine.table import PotGame
from game.engine.three_card_poker import Call, PostBets, TakeBank, Waive

HOUSE_OPTIONS: dict[str, list[dict[str, object]]] = {
    "teen_patti": [
        {},
        {"blind_limit": 1, "chaal_limit": 8, "show_cost": "tagalog"},
        {"blind_limit": 3, "sideshow": False, "pot_limit": 40},
        {"open_jokers": 1, "chaal_limit": 6},
    ],
    "brag": [
        {},
        {"running_short": "cover", "raise_limit": "pot", "see_cost": "equal"},
        {"running_short": "borrow", "showdown_by_agreement": True, "max_bet": 5},
        {"retained_hand": "face_up", "open_pack": True},
    ],
    "three_card_poker": [{}, {"pair_plus": False}],
    "three_card_poker_casino": [{}, {"pair_plus": False}],
}
"""House options tried on top of each preset of a family (an option a preset refuses is
skipped)."""

STACKS = (3, 8, 20, 60, 200)
"""The stacks seats are dealt from: short ones reach covering, all-in shows and Pair Plus
refusals; deep ones reach the designated player's cover."""

CARDS = ("As", "2c", "Td", "7h", "Kd")
"""Cards named in discards that need not be in the hand."""


def cases() -> Iterator[object]:
    """One pytest case per preset and house option set."""
    for name in sorted(PRESETS):
        preset = PRESETS[name]
        extra: list[dict[str, object]] = HOUSE_OPTIONS.get(str(preset.family), [{}])
        for index, options in enumerate(extra):
            merged = {**preset.options, **options}
            try:
                make_rules(preset.family, **merged)
            except ValueError:
                continue
            yield pytest.param(name, merged, id=f"{name}-{index}")


def new_table(name: str, options: dict[str, object], rng: random.Random) -> TableGame:
    """A session of the preset with random seats and stacks that can deal."""
    family = PRESETS[name].family
    while True:
        seats = rng.randint(2, 7)
        stacks = [rng.choice(STACKS) for _ in range(seats)]
        game = create_game(make_rules(family, **options), stacks, seed=rng.randrange(10**6))
        assert isinstance(game, TableGame)
        if game.can_deal():
            return game


def amounts_near(legal: list[LegalAction]) -> list[int]:
    """Amounts worth trying: small ones, the edges of every listed range and past them."""
    amounts = {0, 1, 2, 3, 4, 5, 6, 8, 10, 11, 20, 10**9}
    for option in legal:
        amounts.update({option.low - 1, option.low, option.low + 1, option.high, option.high + 1})
        if isinstance(option.action, PostBets | PostAnte):
            amounts.update({option.high - option.low, option.high - option.low + 1})
    return sorted(amount for amount in amounts if amount >= 0)


def candidates(seat: int, legal: list[LegalAction], banked: bool) -> list[Action]:
    """Every action of every family for `seat`, with amounts, hands and cards around the legal.

    The banked tables' two-amount bets are tried over a grid of both amounts at a banked table,
    and with two second amounts elsewhere (a pot game refuses them for what they are)."""
    amounts = amounts_near(legal)
    cards = set(CARDS)
    cards.update(option.action.card for option in legal if isinstance(option.action, Discard))
    actions: list[Action] = [
        Fold(seat),
        Show(seat),
        Sideshow(seat),
        Cover(seat),
        Stay(seat),
        ProposeShowdown(seat),
        TakeBank(seat),
        Waive(seat),
    ]
    actions += [Look(seat, hand) for hand in ("only", "new", "old", "other")]
    actions += [ChooseHand(seat, hand) for hand in ("new", "old", "only")]
    for answer in (True, False):
        actions += [AnswerSideshow(seat, answer), KeepHand(seat, answer)]
        actions += [AnswerShowdown(seat, answer)]
    actions += [Discard(seat, card) for card in sorted(cards)]
    for amount in amounts:
        actions += [Bet(seat, amount), Call(seat, amount), Play(seat, amount)]
        for side in amounts[: 8 if banked else 2]:
            actions += [PostBets(seat, amount, side), PostAnte(seat, amount, side)]
    return actions


def listed_forms(option: LegalAction) -> list[Action]:
    """The actions a listed option stands for: a bet's lowest, highest and a middle amount."""
    if not isinstance(option.action, Bet):
        return [option.action]
    amounts = option.amounts()
    chosen = {amounts[0], amounts[-1], amounts[len(amounts) // 2]}
    return [Bet(option.action.seat, amount) for amount in sorted(chosen)]


def check_refused(game: TableGame, action: Action) -> None:
    """`action` is refused with a sentence and leaves the state as it was."""
    before = (len(game.events), len(game.actions), game.stacks, game.to_act)
    assert not game.can(action), action
    with pytest.raises(IllegalActionError) as refusal:
        game.apply(action)
    sentence = str(refusal.value)
    assert sentence.strip() and sentence[0].isupper() and sentence.endswith("."), (
        action,
        sentence,
    )
    assert (len(game.events), len(game.actions), game.stacks, game.to_act) == before


def check_state(game: TableGame, rng: random.Random) -> None:
    """The list and the refusals agree in the current state."""
    legal = game.legal_actions()
    seat = game.to_act
    if seat is None:
        assert legal == []
        for action in (Fold(0), Bet(0, 1), TakeBank(0), PostAnte(0, 1)):
            check_refused(game, action)
        return
    assert legal, "the deal is live but nobody may act"
    for option in legal:
        assert option.action.seat == seat
        for action in listed_forms(option):
            assert game.can(action), action
            assert game.verify(action) == option, action
    for action in candidates(seat, legal, not isinstance(game, PotGame)):
        if not any(option.allows(action) for option in legal):
            check_refused(game, action)
    others = [other for other in range(len(game.stacks) + 1) if other != seat]
    for other in rng.sample(others, min(2, len(others))):
        for option in legal:
            check_refused(game, type(option.action)(other, *_arguments(option.action)))
    check_refused(game, Fold(len(game.stacks) + 1))
    check_bet_refusal(game, seat, legal)


def check_bet_refusal(game: TableGame, seat: int, legal: list[LegalAction]) -> None:
    """The seat's observation says why it may not bet exactly when betting is a move of the
    game and no bet is listed now (the banked tables never bet, so never say it)."""
    said = game.observe(seat).bet_refusal
    betting = isinstance(game, PotGame) and not any(
        isinstance(option.action, Bet) for option in legal
    )
    if betting:
        assert str(said) and said == game.refusal(Bet(seat, 0))
    else:
        assert said == NOTHING_SAID
    assert game.observe(None).bet_refusal == NOTHING_SAID


def _arguments(action: Action) -> list[object]:
    fields = vars(action)
    return [value for name, value in fields.items() if name != "seat"]


@pytest.mark.parametrize(("name", "options"), list(cases()))
def test_every_listed_action_is_accepted_and_every_other_refused(
    name: str, options: dict[str, object]
) -> None:
    rng = random.Random(name + repr(sorted(options.items())))
    game = new_table(name, options, rng)
    for _deal in range(12):
        if not game.can_deal():
            game = new_table(name, options, rng)
        game.start_deal()
        check_state(game, rng)
        steps = 0
        while not game.deal_over:
            legal = game.legal_actions()
            chosen = rng.choice([action for option in legal for action in listed_forms(option)])
            game.apply(chosen)
            steps += 1
            assert steps < 500, "a deal never ended"
            if rng.random() < 0.5 or game.deal_over:
                check_state(game, rng)
