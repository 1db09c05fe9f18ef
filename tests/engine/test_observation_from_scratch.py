"""What an observation is made from is kept between states (each seat's view, each viewer's
history, the hidden copies of events): an observation made with all of it warm must equal one
made from scratch, for every preset, at every step, whoever was observed before; and it must
hold no card its viewer may not know, and nothing of the live game."""

from __future__ import annotations

import copy
import dataclasses
import functools
import pickle
import types
from collections.abc import Callable, Iterator
from enum import Enum

import pytest
from preset_games import create_preset_game, random_states, table_sizes

from game.engine import events as event_records
from game.engine import table
from game.engine.actions import Fold, LegalAction, said_when_read
from game.engine.base import TableGame
from game.engine.cards import Card, Pack, parse
from game.engine.events import CardDealt, Event, redact
from game.engine.hands import Ranking
from game.engine.observation import DEFERRED, Observation, SeatView, replaced
from game.engine.rules import PRESETS, Rules
from game.engine.said import Said, says
from game.engine.table import Player, PotGame, seat_views
from game.simulate import knowable_cards

LASTING = (type(None), tuple, frozenset, int, str, Enum, Card, Event, SeatView, Said, Rules)


def lasting(part: object) -> bool:
    """Whether a part of an observation is a value that cannot change (never one of the game's
    lists, sets or players)."""
    frozen = dataclasses.is_dataclass(part) and type(part).__dataclass_params__.frozen  # type: ignore[attr-defined]
    return isinstance(part, LASTING) or bool(frozen)


OBSERVATION_FIELDS = {item.name for item in dataclasses.fields(Observation)}


def forget_everything_kept(game: TableGame) -> None:
    """Drop every part of an observation the game keeps, and the hidden copies kept for all."""
    game._forget_observations()
    game._observed = {}
    game._secrets = ([], [], {}, ())
    event_records._HIDDEN_COPIES.clear()
    table._shared.clear()
    event_records.forget_spectator_copies()
    table._VIEWS_MADE.clear()


def copied(game: TableGame) -> TableGame:
    """A deep copy of the game sharing its rankings (tables that never change: copying them
    would be most of the copy's cost)."""
    shared = {id(part): part for part in vars(game).values() if isinstance(part, Ranking)}
    return copy.deepcopy(game, shared)


def from_scratch(game: TableGame, viewer: int | None) -> Observation:
    """`viewer`'s observation of a copy of the game that has kept nothing."""
    fresh = copied(game)
    forget_everything_kept(fresh)
    return fresh.observe(viewer)


def play(preset: str, players: int, deals: int) -> Iterator[TableGame]:
    """Seeded random play of a few deals, yielding the game at every state (between deals too)."""
    for game in random_states(preset, players, deals, stack=300, seed=players + 5, label="scratch"):
        assert isinstance(game, TableGame)
        yield game


def cards_shown_to(game: TableGame, observation: Observation, viewer: int | None) -> set[Card]:
    """The cards `viewer` may know: those the deal's events show it, the table's open cards and
    the pack's face-up card."""
    may_know = knowable_cards(game.events, -1 if viewer is None else viewer)
    may_know |= set(observation.table_cards)
    if observation.pack_showing is not None:
        may_know.add(observation.pack_showing)
    return may_know


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_seat_asked_sees_what_it_would_see_from_scratch(preset: str) -> None:
    """The turn loop's way: one observation per state, for the seat to act (the views kept
    were made for other viewers in earlier states)."""
    for players in table_sizes(preset):
        for game in play(preset, players, 2):
            viewer = game.to_act
            observation = game.observe(viewer)
            assert observation == from_scratch(game, viewer), f"{players} seats, seat {viewer}"
            assert set(vars(observation)) == OBSERVATION_FIELDS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_viewer_sees_what_it_would_see_from_scratch(preset: str) -> None:
    """Simulate's way: every viewer at every state, in an order that turns with the steps (each
    made beside the first of its state)."""
    for players in table_sizes(preset):
        viewers = [None, *range(players)]
        for step, game in enumerate(play(preset, players, 2)):
            turned = viewers[step % len(viewers) :] + viewers[: step % len(viewers)]
            made = {viewer: game.observe(viewer) for viewer in turned}
            fresh = copied(game)
            for viewer in viewers:
                forget_everything_kept(fresh)
                assert made[viewer] == fresh.observe(viewer), f"{players} seats, {viewer}"
                assert set(vars(made[viewer])) == OBSERVATION_FIELDS


def parts(value: object) -> Iterator[object]:
    """Everything an observation's seats and history hold, record by record."""
    yield value
    if isinstance(value, tuple | frozenset):
        for part in value:
            yield from parts(part)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from parts(getattr(value, item.name))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_an_observation_holds_no_hidden_card_and_nothing_of_the_live_game(preset: str) -> None:
    for players in table_sizes(preset):
        for game in play(preset, players, 2):
            for viewer in (None, *range(players)):
                observation = game.observe(viewer)
                held = list(parts((observation.seats, observation.history)))
                mutable = [part for part in held if not lasting(part)]
                assert not mutable, f"{preset}: {mutable[:3]} in an observation"
                cards = {part for part in held if isinstance(part, Card)}
                may_know = cards_shown_to(game, observation, viewer)
                assert cards <= may_know, f"{preset} viewer {viewer}: {cards - may_know}"
                assert all(event == redact(event, viewer) for event in observation.history), (
                    f"{preset} viewer {viewer}: an event shows a card it should hide"
                )


def blanked(event: Event) -> Event:
    """The event with every card and every tuple of cards it holds made None: what a hidden
    copy is."""
    changes: dict[str, object] = {}
    for item in dataclasses.fields(event):
        value = getattr(event, item.name)
        if isinstance(value, Card):
            changes[item.name] = None
        elif isinstance(value, tuple) and any(isinstance(part, Card) for part in value):
            changes[item.name] = tuple(None for _ in value)
    return dataclasses.replace(event, **changes) if changes else event


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_hidden_copy_blanks_exactly_the_cards_of_every_event(preset: str) -> None:
    for players in table_sizes(preset):
        for game in play(preset, players, 2):
            for event in game.events:
                audience = getattr(event, "audience", None)
                for viewer in (None, *range(players)):
                    sees = audience is None or (viewer is not None and viewer in audience)
                    expected = event if sees else blanked(event)
                    assert redact(event, viewer) == expected


def test_cards_dealt_alike_share_one_hidden_copy_and_unlike_do_not() -> None:
    ace, king = parse("As Kd")
    first = redact(CardDealt(2, ace, 0, False, frozenset()), None)
    assert first == CardDealt(2, None, 0, False, frozenset())
    assert redact(CardDealt(2, king, 0, False, frozenset()), None) is first
    for other in (
        CardDealt(3, ace, 0, False, frozenset()),
        CardDealt(2, ace, 1, False, frozenset()),
        CardDealt(2, ace, 0, False, frozenset({1})),
    ):
        copy_of_other = redact(other, None)
        assert copy_of_other is not first
        assert copy_of_other == dataclasses.replace(other, card=None)
    shown = CardDealt(2, ace, 0, True, None)
    assert redact(shown, None) is shown


def reachable(value: object, depth: int = 8) -> Iterator[object]:
    """What a legal move holds, followed into the functions that say its rule: their closed-over
    values and defaults, a partial's function and arguments, an object's attributes."""
    seen: set[int] = set()
    waiting: list[tuple[object, int]] = [(value, 0)]
    while waiting:
        part, level = waiting.pop()
        if id(part) in seen or level > depth:
            continue
        seen.add(id(part))
        yield part
        inside: list[object] = []
        if isinstance(part, types.FunctionType):
            inside += [cell.cell_contents for cell in part.__closure__ or ()]
            inside += list(part.__defaults__ or ())
        elif isinstance(part, types.MethodType):
            inside.append(part.__self__)
        elif isinstance(part, functools.partial):
            inside += [part.func, *part.args, *part.keywords.values()]
        elif isinstance(part, tuple | list | frozenset | set):
            inside += list(part)
        elif isinstance(part, dict):
            inside += list(part.values())
        elif hasattr(part, "__dict__") and not isinstance(part, type | types.ModuleType):
            inside += list(vars(part).values())
        waiting += [(item, level + 1) for item in inside]


def test_reachable_follows_a_rule_into_its_closure() -> None:
    game = create_preset_game("teen_patti", [300] * 2, seed=1)

    def saying(held: object) -> Callable[[], Said]:
        return lambda: says("{held}", held=str(held))

    option = LegalAction(Fold(0), rule=said_when_read(saying(game)))
    assert any(part is game for part in reachable(option))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_legal_move_reaches_nothing_of_the_live_game(preset: str) -> None:
    """A bot handed an observation cannot reach the game (and its hidden cards) through the
    function that says a legal move's rule."""
    for players in table_sizes(preset):
        for game in play(preset, players, 2):
            if game.deal_over:
                continue
            observation = game.observe(game.to_act)
            for option in observation.legal:
                live = [
                    part
                    for part in reachable(option)
                    if isinstance(part, TableGame | Player | Pack)
                ]
                assert not live, f"{preset}: {type(option.action).__name__} holds {live[:2]}"


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "four_card_brag", "joker"])
def test_parts_made_when_read_reach_no_hidden_card_before_they_are_read(preset: str) -> None:
    """An observation's seats and history may wait to be made until read: what they wait on
    holds no card its viewer may not know and nothing of the live game (no list, no game, no
    closure over one), whoever reads it; read, they are what a game that kept nothing makes,
    and the observation holds its fields alone."""
    waited = 0
    for players in table_sizes(preset):
        for game in play(preset, players, 2):
            for viewer in (game.to_act, None, *range(players)):
                game._forget_observations()
                observation = game.observe(viewer)
                waiting = set(OBSERVATION_FIELDS) - set(vars(observation))
                waited += bool(waiting)
                # (the rules' rankings name every card, and a legal move's rule is followed
                # into the game's tables of hands by its own test, above)
                own = {
                    name: part
                    for name, part in vars(observation).items()
                    if name not in ("rules", "legal")
                }
                held = list(reachable(own, depth=12))
                live = [part for part in held if isinstance(part, TableGame | Player | Pack)]
                assert not live, f"{preset}: {live[:2]} within reach"
                deferred = vars(observation).get(DEFERRED, {})
                mutable = [
                    part for part in reachable(deferred) if isinstance(part, list | set | dict)
                ]
                assert mutable == [deferred], f"{preset}: {mutable[1:3]} in a part waiting"
                cards = {part for part in held if isinstance(part, Card)}
                may_know = cards_shown_to(game, observation, viewer)
                assert cards <= may_know, f"{preset} viewer {viewer}: {cards - may_know}"
                assert observation == from_scratch(game, viewer)
                assert set(vars(observation)) == OBSERVATION_FIELDS
    assert waited  # some observations did wait to make a part


def test_a_part_is_made_when_read_and_a_copy_or_pickle_holds_every_field() -> None:
    game = create_preset_game("teen_patti", [300] * 4, seed=2)
    assert isinstance(game, TableGame)
    game.start_deal()
    seat = game.to_act
    assert seat is not None

    def afresh() -> Observation:
        game._forget_observations()
        return game.observe(seat)

    observation = afresh()
    assert {"seats", "history"} - set(vars(observation)) == {"seats"}  # nobody looked yet
    pickled = pickle.loads(pickle.dumps(observation))
    assert set(vars(pickled)) == OBSERVATION_FIELDS and pickled == observation
    copied_record = copy.copy(afresh())
    assert set(vars(copied_record)) == OBSERVATION_FIELDS and copied_record == observation
    later = afresh()
    seats = later.seats
    assert seats == tuple(game._seat_views(seat)) and later.seats is seats
    assert set(vars(later)) == OBSERVATION_FIELDS
    changed = replaced(afresh(), legal=())
    assert set(vars(changed)) == OBSERVATION_FIELDS and changed.seats == seats


@pytest.mark.parametrize("preset", ["brag", "four_card_brag", "brag_floaters"])
def test_a_brag_seat_shown_plainly_is_read_without_the_hooks_and_as_they_show_it(
    preset: str,
) -> None:
    """A Brag seat that holds one hand, none face up, retained, half looked at or discarded from
    is read as the base rules show it, without asking the family's hooks; the view made so is
    the one the hooks make."""
    if preset not in PRESETS:
        pytest.skip(f"no preset {preset}")
    plainly = 0
    for players in table_sizes(preset):
        for game in play(preset, players, 3):
            assert isinstance(game, PotGame)
            for viewer in (None, *range(players)):
                records = game._seat_records(viewer)
                for seat, player in game.players.items():
                    if len(player.hands) != 1 or not game._shown_plainly(player):
                        continue
                    plainly += 1
                    assert len(records[seat]) == 6, "read through the hooks"
                    hooked = game._record_by_hooks(viewer, records[seat][0], player)
                    assert seat_views((records[seat],))[0] == seat_views((hooked,))[0]
    assert plainly


@pytest.mark.parametrize("preset", ["teen_patti", "brag", "four_card_brag", "joker"])
def test_a_pot_games_table_read_without_the_hooks_is_as_the_hooks_read_it(preset: str) -> None:
    """A pot game that keeps the base hooks for its phase, pots, carried chips and stake reads
    them from its attributes (`PotGame._table_now`): what it fills in is what the hooks say."""
    if preset not in PRESETS:
        pytest.skip(f"no preset {preset}")
    read = 0
    for players in table_sizes(preset):
        for game in play(preset, players, 3):
            assert isinstance(game, PotGame) and game._plain_table
            plainly: dict[str, object] = {}
            hooked: dict[str, object] = {}
            game._table_now(plainly)
            TableGame._table_now(game, hooked)
            assert plainly == hooked and list(plainly) == list(hooked)
            read += 1
    assert read
