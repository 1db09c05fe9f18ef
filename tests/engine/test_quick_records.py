"""The engine's records made by `quick_init` behave as the dataclass's own __init__ made them."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from game.engine.actions import Bet, LegalAction, Look
from game.engine.cards import parse
from game.engine.events import CardDealt, HandRevealed, redact
from game.engine.hands import get_ranking
from game.engine.quick import quick_init
from game.engine.said import NOTHING_SAID, Said, says


@dataclass(frozen=True)
class _Plain:
    seat: int
    cards: tuple[str, ...] = ()
    audience: frozenset[int] | None = frozenset()


@quick_init
@dataclass(frozen=True)
class _Quick:
    seat: int
    cards: tuple[str, ...] = ()
    audience: frozenset[int] | None = frozenset()


def test_a_quick_record_equals_hashes_and_prints_as_the_dataclass_makes_it() -> None:
    for arguments in [(1,), (2, ("As",)), (3, ("Kd",), None)]:
        plain, quick = _Plain(*arguments), _Quick(*arguments)
        assert vars(plain) == vars(quick)
        assert hash(dataclasses.astuple(plain)) == hash(dataclasses.astuple(quick))
        assert repr(plain).replace("_Plain", "_Quick") == repr(quick)
    assert _Quick(1, audience=None) == _Quick(seat=1, cards=(), audience=None)
    assert _Quick(1) != _Quick(2)


def test_a_quick_record_stays_frozen_and_replaceable() -> None:
    event = CardDealt(2, parse("As")[0], audience=frozenset())
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 3  # type: ignore[misc]
    moved = dataclasses.replace(event, seat=3)
    assert (moved.seat, moved.card, moved.hand) == (3, event.card, 0)
    assert pickle.loads(pickle.dumps(event)) == event
    assert redact(event, None) == CardDealt(2, None, audience=frozenset())


def test_an_event_with_a_hand_name_keeps_every_field() -> None:
    cards = parse("As Ks Qs")
    name = get_ranking("teen_patti").evaluate(list(cards)).name
    event = HandRevealed(1, cards, name)
    assert (event.seat, event.cards, event.description, event.audience) == (1, cards, name, None)


def test_a_legal_options_rule_is_kept_under_its_descriptor_and_said_when_read() -> None:
    asked: list[Said] = []

    def rule() -> Said:
        asked.append(says("Look."))
        return asked[-1]

    option = LegalAction(Look(0), rule=rule)  # type: ignore[arg-type]
    assert not asked
    assert option.rule == says("Look.") and option.rule is asked[0] and len(asked) == 1
    assert LegalAction(Bet(0, 2), 2, 4).rule is NOTHING_SAID
    assert LegalAction(Bet(0, 2), 2, 4) == LegalAction(Bet(0, 2), 2, 4, 1, NOTHING_SAID)


def test_only_a_frozen_dataclass_without_factories_is_quickened() -> None:
    @dataclass
    class Loose:
        seat: int

    @dataclass(frozen=True)
    class Factory:
        seen: set[int] = field(default_factory=set)

    for kind in (Loose, Factory, int):
        with pytest.raises(TypeError):
            quick_init(kind)
