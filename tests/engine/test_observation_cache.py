"""An observation is made once per state of the game for each viewer: the one kept must always
equal one made afresh, after every step of seeded random play in every preset."""

from __future__ import annotations

import dataclasses
import random

import pytest
from preset_games import create_preset_game

from game.engine import events
from game.engine.actions import Look
from game.engine.base import TableGame
from game.engine.cards import parse
from game.engine.events import (
    CardDealt,
    CardsToPack,
    Event,
    HandRevealed,
    Looked,
    SideshowCompared,
    redact,
)
from game.engine.hands import HandName
from game.engine.observation import replaced
from game.engine.rules import PRESETS
from game.simulate import random_policy


def assert_kept_observations_are_fresh(game: TableGame) -> None:
    """Every viewer's kept observation equals a fresh one, and is kept (asked twice, the same
    object); its history is the deal's events each redacted for it."""
    for viewer in (None, *range(game.seat_count)):
        kept = game.observe(viewer)
        assert kept == game._observation(viewer), f"viewer {viewer}: a stale observation"
        assert kept.history == tuple(redact(event, viewer) for event in game.events)
        assert game.observe(viewer) is kept
    assert_shared_parts_agree(game)


def assert_shared_parts_agree(game: TableGame) -> None:
    """An observation made beside another viewer's of the same state (sharing what both see
    alike) equals the one made alone, for every viewer and in either order."""
    viewers = (None, *range(game.seat_count))
    for order in (viewers, viewers[::-1]):
        game._forget_observations()
        beside = {viewer: game.observe(viewer) for viewer in order}
        for viewer in viewers:
            game._forget_observations()
            alone = game.observe(viewer)
            assert alone == beside[viewer], f"viewer {viewer}: differs when made beside another"
            assert alone.seats == tuple(game._seat_views(viewer))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 5])
def test_a_kept_observation_equals_a_fresh_one_after_every_step(preset: str, players: int) -> None:
    rng = random.Random(f"{preset} {players}")
    game = create_preset_game(preset, [200] * players, seed=players)
    assert isinstance(game, TableGame)
    deals = 0
    while deals < 12 and game.can_deal():
        assert_kept_observations_are_fresh(game)  # between deals, warm from the last one
        game.start_deal()
        deals += 1
        while not game.deal_over:
            assert_kept_observations_are_fresh(game)
            legal = game.legal_actions()
            seat = legal[0].action.seat
            game.apply(random_policy(game.observe(seat), legal, rng))
        assert_kept_observations_are_fresh(game)
    assert deals > 0


def test_mutators_between_deals_forget_the_kept_observations() -> None:
    game = create_preset_game("three_card_poker", [200, 200, 200], seed=1)
    assert isinstance(game, TableGame)
    game.start_deal()
    while not game.deal_over:
        legal = game.legal_actions()
        game.apply(random_policy(game.observe(None), legal, random.Random(3)))
    before = game.observe(None)
    game.number_deals_from(9)
    game.restore_house_net(game.house_net + 5)
    assert_kept_observations_are_fresh(game)
    assert game.observe(None) is not before


def test_a_replaced_record_is_the_record_made_with_those_fields() -> None:
    game = create_preset_game("teen_patti", [200, 200, 200], seed=2)
    game.start_deal()
    known = game.observe(0)
    seat = known.seats[1]
    assert replaced(seat, stack=7, hands=()) == dataclasses.replace(seat, stack=7, hands=())
    copy = replaced(known, viewer=1, legal=())
    assert copy == dataclasses.replace(known, viewer=1, legal=())
    assert copy.seats is known.seats and known.viewer == 0
    with pytest.raises(TypeError, match="no field stakes"):
        replaced(known, stakes=3)


def test_a_seat_nothing_was_meant_for_shares_the_spectators_history() -> None:
    game = create_preset_game("teen_patti", [200, 200, 200], seed=4)
    assert isinstance(game, TableGame)
    game.start_deal()  # dealt face down to nobody: every seat sees the deal as a spectator
    spectator = game.observe(None).history
    assert all(game.observe(seat).history is spectator for seat in range(3))
    looker = game.to_act
    assert looker is not None
    game.apply(Look(looker))
    spectator = game.observe(None).history
    own = game.observe(looker).history
    assert own != spectator and own == tuple(redact(event, looker) for event in game.events)
    others = [seat for seat in range(3) if seat != looker]
    assert all(game.observe(seat).history is spectator for seat in others)
    assert_kept_observations_are_fresh(game)


def test_events_alike_but_for_their_cards_share_one_hidden_copy() -> None:
    """A hidden copy is kept by the event's type, its other fields and its card fields as
    hidden: two looks at different hands by the same seat share one copy, a look by another
    seat has its own, and a card field that holds no card is kept as it was."""
    first, second = parse("As Kd 7c"), parse("2h 3h 4h")
    alone = frozenset({0})
    copy = redact(Looked(0, first, audience=alone), None)
    assert copy == Looked(0, (None,) * 3, audience=alone)
    assert redact(Looked(0, second, audience=alone), None) is copy
    assert redact(Looked(1, second, audience=frozenset({1})), None).seat == 1
    shown = SideshowCompared(0, 1, 1, first, (), audience=frozenset({0, 1}))
    hidden = SideshowCompared(0, 1, 1, second, (None,), audience=frozenset({0, 1}))
    assert redact(shown, None).target_cards == ()
    assert redact(hidden, None).target_cards == (None,)


def test_a_spectators_copy_is_the_event_as_redact_hides_it() -> None:
    """`read_secrets` hides a type's card field by its plan, not through `redact`: for a card
    or a tuple of cards hidden or shown, in or out of an audience, for a public event and a
    type of several card fields, each copy is `redact`'s (the event itself where that is
    the event), and only an event some seat sees whole is among the seen."""
    hand = parse("As Kd 7c")
    alone = frozenset({2})
    cases: list[Event] = [
        Looked(2, hand, audience=alone),
        Looked(2, (None, hand[1], None), audience=alone),  # (one card among hidden ones)
        Looked(2, (None,) * 3, audience=alone),
        Looked(2, hand, audience=None),
        CardsToPack(None, hand, audience=frozenset()),
        CardsToPack(1, (), audience=frozenset()),
        CardDealt(3, hand[0], audience=frozenset()),
        CardDealt(3, None, audience=frozenset()),
        CardDealt(3, hand[2], face_up=True, audience=None),
        HandRevealed(1, hand, HandName("high card")),
        SideshowCompared(0, 1, 1, hand, (None,), audience=frozenset({0, 1})),
    ]
    copies: list[Event] = []
    seen = events.read_secrets(cases, 0, copies)
    for event, copy in zip(cases, copies, strict=True):
        expected = redact(event, None)
        assert copy == expected, event
        assert (copy is event) == (expected is event), event
    assert [index for index, _event in seen] == [0, 1, 10]
    assert all(card is None for card in copies[1].cards)


@pytest.mark.parametrize("preset", ["teen_patti", "brag"])
def test_a_card_dealt_again_is_not_redacted_again(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card dealt face down is an event every deal shares (the same card to the same seat),
    its spectator's copy kept with it once made: a later deal's secrets redact none of the
    dealt cards met before, and every copy is the event as a spectator may see it."""
    game = create_preset_game(preset, [10_000] * 3, seed=1)
    assert isinstance(game, TableGame)
    redacted: list[object] = []
    plain_redact = events.redact
    monkeypatch.setattr(
        events,
        "redact",
        lambda event, viewer: redacted.append(event) or plain_redact(event, viewer),
    )
    met: dict[int, Event] = {}  # (by identity, each kept alive)
    again = 0
    for _deal in range(60):
        game.start_deal()
        dealt = [event for event in game.events if isinstance(event, CardDealt)]
        before = {id(event) for event in dealt if met.get(id(event)) is event}
        redacted.clear()
        copies: list[Event] = []
        seen = events.read_secrets(game.events, 0, copies)
        assert not before & {id(event) for event in redacted}
        again += len(before)
        met.update((id(event), event) for event in dealt)
        assert copies == [plain_redact(event, None) for event in game.events]
        assert seen == [
            (index, event)
            for index, event in enumerate(game.events)
            if events.audience_of(event) and plain_redact(event, None) is not event
        ]
        rng = random.Random(again)
        while not game.deal_over:
            game.apply(random_policy(game.observe(None), game.legal_actions(), rng))
    assert again > 0  # some card went to the same seat twice in 60 deals, as the same event


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "three_card_poker"])
def test_the_fields_kept_for_a_deal_are_the_deal_under_ways(preset: str) -> None:
    """An observation's fields that stay the same through a deal are worked out once per deal
    (`TableGame._deal_state`), copied into each observation's own dict: within a deal the same
    kept fields, a new deal's worked out again, and every observation as one made afresh."""
    game = create_preset_game(preset, [400] * 3, seed=5)
    assert isinstance(game, TableGame)
    rng = random.Random(5)
    for number in (1, 2, 3):
        game.start_deal()
        game.observe(game.to_act)
        kept = game._deal_fields[1]
        while not game.deal_over:
            observation = game.observe(game.to_act)
            assert game._deal_fields[1] is kept and vars(observation) is not kept
            assert observation.deal_number == number and not observation.deal_over
            assert observation.start_stacks == tuple(setup.stack for setup in game.deal_start)
            game._forget_observations()  # (the kept fields dropped: worked out again)
            assert observation == game.observe(game.to_act)
            kept = game._deal_fields[1]
            legal = game.legal_actions()
            game.apply(random_policy(observation, legal, rng))
        assert_kept_observations_are_fresh(game)


def test_the_deals_kept_fields_hold_no_seats_or_history() -> None:
    """The fields kept for a deal (`TableGame._deal_state`) hold neither the seats nor the
    history, which are each observation's own (made when read), so no observation of the deal
    can be handed another's."""
    game = create_preset_game("teen_patti", [400] * 4, seed=2)
    assert isinstance(game, TableGame)
    game.start_deal()
    first = game.observe(game.to_act)
    kept = game._deal_fields[1]
    assert "seats" not in kept and "history" not in kept
    assert first.seats and first.history == tuple(
        redact(event, first.viewer) for event in game.events
    )
