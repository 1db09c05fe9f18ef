"""The table is a client of observations: fed only the observations a viewer may see, with no
game object anywhere in reach, it draws exactly the picture the live table draws."""

from __future__ import annotations

import gc
import types
from collections.abc import Sequence

import pygame
from card_faces import difference, faces_shown, seat_faces_shown

from game.agents.seats import PersonAgent
from game.engine.actions import Action
from game.engine.base import TableGame
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.observation import Observation
from game.engine.rules import Rules
from game.session import Session
from game.ui.shell.scene import SceneStack
from game.ui.shell.seating import scripted_session
from game.ui.table.table_scene import TableScene

SIZE = (1280, 720)


class RecordedFeed:
    """A table fed from recorded observations only: what a remote screen would be sent."""

    def __init__(self, session: Session, viewers: Sequence[int | None]) -> None:
        self.rules: Rules = session.rules
        self.seed = session.seed
        self.names = list(session.names)
        self.humans = list(session.humans)
        self.version = 1
        self.after_deal = None
        self.views: dict[int | None, Observation] = {
            viewer: session.observe(viewer) for viewer in viewers
        }

    def observe(self, viewer: int | None) -> Observation:
        return self.views[viewer]

    def start_deal(self, deck: Sequence[Card] | None = None) -> list[Event]:
        raise AssertionError("a recorded table is only drawn")

    def submit(self, action: Action) -> list[Event]:
        raise AssertionError("a recorded table is only drawn")

    def step(self) -> list[Event]:
        return []

    def person_to_act(self) -> PersonAgent | None:
        """The person on screen, asked with their recorded view when it is their turn."""
        for viewer, view in self.views.items():
            if viewer is not None and view.to_act == viewer:
                person = PersonAgent()
                person.ask(view)
                return person
        return None

    def bot_to_act(self) -> bool:
        return False

    def think_in_background(self, pool: object, patience: float = 0.0) -> None:
        """No bot decides here: the table is only drawn."""

    def wait_for_thoughts(self, patience: float) -> None:
        """No bot thinks here: nothing to wait for."""

    def ask(self) -> None:
        raise AssertionError("a recorded table is only drawn")

    def plays_at_random(self, seat: int) -> bool:
        return False

    def stand_in(self, seat: int, level: str = "medium") -> None:
        raise AssertionError("a recorded table is only drawn")

    def open_hands(self) -> dict[int, tuple[tuple[Card, ...], ...]]:
        return {}


def drawn(feed: object) -> tuple[TableScene, pygame.Surface]:
    """The table for `feed`, every animation finished, drawn at 1280×720."""
    scene = TableScene(feed, speed=1.0)  # type: ignore[arg-type]
    SceneStack().push(scene)
    scene.finish_animations()
    scene.update(0.0)
    scene.finish_animations()
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    return scene, surface


def games_in_reach(root: object, limit: int = 400_000) -> list[object]:
    """Every game object reachable from `root` through object references (functions, classes
    and modules are not followed: they lead to the whole program, not to this table)."""
    skip = (types.FunctionType, types.ModuleType, type, types.BuiltinFunctionType, types.CodeType)
    seen: set[int] = set()
    found: list[object] = []
    todo = [root]
    while todo and len(seen) < limit:
        item = todo.pop()
        if id(item) in seen or isinstance(item, skip):
            continue
        seen.add(id(item))
        if isinstance(item, TableGame):
            found.append(item)
        todo.extend(gc.get_referents(item))
    assert len(seen) < limit, "the search did not end"
    return found


def test_the_table_draws_from_observations_alone() -> None:
    live = scripted_session("teen_patti", 3)
    seats = len(live.names)
    hands = {seat: tuple(player.hands[0]) for seat, player in live.game.players.items()}
    feed = RecordedFeed(live, viewers=(0, None))
    _, live_picture = drawn(live)
    del live
    gc.collect()
    scene, picture = drawn(feed)
    assert games_in_reach(scene) == []
    assert games_in_reach(feed) == []
    assert difference(picture, live_picture) == 0, "the fed table draws what the live one does"
    assert len(seat_faces_shown(picture, seats, 0, hands[0])) == 3, "your looked-at cards show"
    for seat in range(1, seats):
        boxes = [box for hand in scene.layout().seats[seat].hands for box in hand]
        assert faces_shown(picture, hands[seat], boxes) == [], f"seat {seat}'s cards are hidden"


def test_the_search_for_games_finds_one_when_it_is_there() -> None:
    live = scripted_session("teen_patti", 3)
    scene, _ = drawn(live)
    assert games_in_reach(scene), "the live table holds its session, which holds the game"
