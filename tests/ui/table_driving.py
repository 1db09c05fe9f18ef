"""Driving the table in tests as a person would: open it, click its buttons, press keys."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.actions import Action
from game.engine.cards import parse
from game.engine.factory import create_game
from game.engine.rules import make_rules
from game.session import SeatPlan, Session
from game.ui.kit.layout import Viewport
from game.ui.shell.app import App
from game.ui.shell.scene import SceneStack
from game.ui.table.handoff import HandoffScene
from game.ui.table.hud import Button
from game.ui.table.table_scene import TableScene

WINDOW = (960, 540)
"""The window the in-process UI tests open (not the logical size, so clicks are scaled)."""


def session_of(
    family: str, seats: int, stacks: Sequence[int] | None = None, **options: object
) -> Session:
    """Seat 0 a person, the rest bots; optional uneven stacks."""
    plans = [SeatPlan.person("You")] + [SeatPlan.bot(f"Bot {n}") for n in range(1, seats)]
    rules = make_rules(family, **options)
    game = create_game(rules, list(stacks), seed=1) if stacks is not None else None
    return Session(rules, plans, stack=200, seed=1, game=game)


def open_table(app: App, session: Session) -> TableScene:
    """Push a table on the deal in progress and let every animation finish."""
    scene = TableScene(session, speed=1.0)
    app.scenes.push(scene)
    scene.finish_animations()
    app.pump(0.0)
    assert scene.panel.visible, "the person's controls are up"
    return scene


def click(app: App, button: Button) -> None:
    """Press and release the left mouse button over `button`, at real window pixels."""
    pixel = Viewport.fit(WINDOW).point(button.box.centre)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pixel, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pixel))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pixel))
    app.pump(0.0)


def press(app: App, key: int) -> None:
    """Press a key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.pump(0.0)


def last_action(session: Session) -> Action:
    """The action the engine applied last."""
    actions = session.game.actions  # type: ignore[attr-defined]
    return actions[-1]  # type: ignore[no-any-return]


def button(scene: TableScene, kind: type[Action], **fields: object) -> Button:
    """The panel's button for this kind of action."""
    found = scene.panel.button_for(kind, **fields)
    assert found is not None, f"no {kind.__name__} among {[b.label for b in scene.panel.buttons]}"
    return found


def hotseat_session() -> Session:
    """Seat 1 is Asha and seat 2 is Tom, both people; seats 0 and 3 are bots. Asha acts first."""
    plans = [
        SeatPlan.bot("Priya"),
        SeatPlan.person("Asha"),
        SeatPlan.person("Tom"),
        SeatPlan.bot("Oliver"),
    ]
    session = Session(make_rules("teen_patti"), plans, seed=4)
    hands = {0: "2c 7d 9h", 1: "As Ks Qs", 2: "Ah Kh Qh", 3: "4c 9d Jh"}
    cards = {seat: parse(text) for seat, text in hands.items()}
    session.game.start_deal(deck=[cards[s][r] for r in range(3) for s in (1, 2, 3, 0)])
    return session


def take_the_screen(stack: SceneStack, scene: TableScene) -> None:
    """A shared screen opened mid-deal hands itself to the person to act: they say "I'm
    ready" (after the hand-off card's arming moment) and the table shows their view."""
    scene.finish_animations()
    scene.update(0.0)
    handoff = stack.top
    assert isinstance(handoff, HandoffScene), "no hand-off on a shared screen opened mid-deal"
    handoff.update(1.0)
    handoff.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert stack.top is scene and scene.viewer == handoff.seat
    scene.finish_animations()
    scene.update(0.0)
