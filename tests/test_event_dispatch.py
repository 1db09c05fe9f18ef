"""Every consumer of events decides about every kind of event (issue 15, item 4).

The consumers `match` on the closed union `AnyEvent` and end with `assert_never`, so mypy
proves that each names every kind; here the union is checked against every subclass of `Event`
(a new kind of event must join it), the sound tables are checked to name every kind, and each
pure consumer reads one event of every kind without falling through to `assert_never`.
"""

from __future__ import annotations

import dataclasses
import enum
import gc
from typing import get_origin, get_type_hints

import pytest

from game.engine.all_events import BANKED_KINDS, EVENT_KINDS
from game.engine.events import Event
from game.engine.hands import HandName
from game.engine.reasons import NO_REASON, Reason
from game.simulate import cards_shown
from game.statistics import deal_facts
from game.ui.art.sound import EVENT_SOUNDS, SILENT_EVENTS
from game.words.narration import Narrator


def every_kind_of_event(root: type[Event] = Event) -> set[type[Event]]:
    """Every subclass of `root`, however deep."""
    found: set[type[Event]] = set()
    waiting = list(root.__subclasses__())
    while waiting:
        kind = waiting.pop()
        if kind not in found:
            found.add(kind)
            waiting.extend(kind.__subclasses__())
    return found


def kinds_outside_the_union() -> set[type[Event]]:
    """Kinds of event that `AnyEvent` leaves out (a consumer's `match` would never name them)."""
    return every_kind_of_event() - set(EVENT_KINDS)


def kinds_without_a_sound_decision() -> set[type[Event]]:
    """Kinds of event that neither make a sound nor are listed as silent."""
    return every_kind_of_event() - set(EVENT_SOUNDS) - SILENT_EVENTS


def sample(kind: type[Event]) -> Event:
    """An event of this kind with plain values (0, False, '', empty tuples, no card, a plain
    fold's reason, an empty hand name, an enum's first member)."""
    hints = get_type_hints(kind)
    values: dict[str, object] = {}
    for item in dataclasses.fields(kind):
        if item.default is not dataclasses.MISSING:
            continue
        hint = hints[item.name]
        if hint in (int, bool, str):
            values[item.name] = hint()
        elif get_origin(hint) is tuple:
            values[item.name] = ()
        elif hint is Reason:
            values[item.name] = NO_REASON
        elif hint is HandName:
            values[item.name] = HandName("")
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            values[item.name] = next(iter(hint))
        else:
            values[item.name] = None
    return kind(**values)


SAMPLES = [sample(kind) for kind in EVENT_KINDS]


def test_the_union_holds_every_kind_of_event() -> None:
    assert kinds_outside_the_union() == set()
    assert len(set(EVENT_KINDS)) == len(EVENT_KINDS)
    assert set(BANKED_KINDS) <= set(EVENT_KINDS)


def test_every_kind_of_event_makes_a_sound_or_is_listed_as_silent() -> None:
    assert kinds_without_a_sound_decision() == set()
    assert not set(EVENT_SOUNDS) & SILENT_EVENTS


@pytest.mark.parametrize("family", ["teen_patti", "brag", "three_card_poker", "casino"])
def test_the_narrator_decides_about_every_kind_of_event(family: str) -> None:
    narrator = Narrator(["You", "Priya", "Ravi"], family)
    for event in SAMPLES:
        line = narrator.line(event)
        assert line is None or isinstance(line, str), type(event).__name__


def test_the_statistics_and_the_secrecy_check_read_every_kind_of_event() -> None:
    facts = deal_facts(SAMPLES, 0)
    assert facts.started is not None and facts.ended is not None
    for event in SAMPLES:
        assert isinstance(cards_shown(event, 0), tuple), type(event).__name__  # type: ignore[arg-type]


def test_a_new_kind_of_event_is_caught_until_every_consumer_decides_about_it() -> None:
    @dataclasses.dataclass(frozen=True)
    class Stray(Event):
        """A kind of event no consumer knows."""

        seat: int

    assert kinds_outside_the_union() == {Stray}
    assert kinds_without_a_sound_decision() == {Stray}
    with pytest.raises(AssertionError):
        Narrator(["You", "Priya"]).line(Stray(0))
    with pytest.raises(AssertionError):
        deal_facts([Stray(0)], 0)
    with pytest.raises(AssertionError):
        cards_shown(Stray(0), 0)  # type: ignore[arg-type]
    del Stray
    gc.collect()
    assert kinds_outside_the_union() == set(), "the stray kind must not outlive its test"
