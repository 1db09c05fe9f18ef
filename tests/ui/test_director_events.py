"""The Director and the watching coach decide about every kind of event and refuse a kind they
were never told of."""

from __future__ import annotations

import dataclasses
import gc

import pytest
from table_driving import session_of

from game.engine.all_events import EVENT_KINDS
from game.engine.events import DealEnded, Event, Looked
from game.engine.hands import HandName
from game.engine.reasons import NO_REASON
from game.engine.three_card_poker import Outcome
from game.ui.shell.app import App
from game.ui.table.table_scene import TableScene
from game.ui.table.watching import explain

WORDS = {"hand": "new", "wager": "base"}
"""The text fields whose values the table reads: one of the engine's own words."""


def plain(kind: type[Event]) -> Event:
    """An event of this kind for seat 0 with plain values (0, False, '', empty tuples, a plain
    fold's reason, an empty hand name, a lost wager)."""
    values: dict[str, object] = {}
    for item in dataclasses.fields(kind):
        if item.default is not dataclasses.MISSING:
            continue
        text = str(item.type)
        if text == "str" and item.name in WORDS:
            values[item.name] = WORDS[item.name]
        elif text in ("int", "bool", "str"):
            values[item.name] = {"int": 0, "bool": False, "str": ""}[text]
        elif text.startswith("tuple"):
            values[item.name] = ()
        elif text == "Reason":
            values[item.name] = NO_REASON
        elif text == "HandName":
            values[item.name] = HandName("")
        elif text == "Outcome":
            values[item.name] = Outcome.LOST
        else:
            values[item.name] = None
    return kind(**values)


def table(app: App, family: str) -> TableScene:
    """A table of three seats in the middle of its first deal."""
    session = session_of(family, 3)
    session.start_deal()
    scene = TableScene(session, speed=1.0)
    app.scenes.push(scene)
    scene.finish_animations()
    return scene


@pytest.mark.parametrize("family", ["teen_patti", "three_card_poker"])
def test_the_director_builds_a_step_for_every_kind_of_event(app: App, family: str) -> None:
    scene = table(app, family)
    for kind in EVENT_KINDS:
        step = scene.director._animate(plain(kind), False)  # type: ignore[arg-type]
        step.finish()
        assert step.done, kind.__name__


def test_the_watching_coach_explains_the_moves_and_passes_over_the_rest(app: App) -> None:
    before = table(app, "teen_patti").session.game.observe(None)
    sentences = {kind: explain(plain(kind), "Priya", before) for kind in EVENT_KINDS}
    assert all(isinstance(sentence, str) for sentence in sentences.values())
    assert sentences[Looked] and not sentences[DealEnded]


def test_the_director_refuses_a_kind_of_event_it_was_never_told_of(app: App) -> None:
    @dataclasses.dataclass(frozen=True)
    class Stray(Event):
        """A kind of event no consumer knows."""

    scene = table(app, "teen_patti")
    with pytest.raises(AssertionError):
        scene.director._animate(Stray(), False)  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        explain(Stray(), "Priya", scene.session.game.observe(None))
    del Stray
    gc.collect()
    assert all(kind.__name__ != "Stray" for kind in Event.__subclasses__())
