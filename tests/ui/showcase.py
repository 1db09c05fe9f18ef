"""A showcase table over a hand-built observation: cards dealt in from the pack (demos, art checks).

The observation comes from a callable, so the scene never holds game state; `demo_scene`
shows a hand-built table. The playable table is `game.ui.table.table_scene.TableScene`; this one
lives with the tests, which alone use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from sample import SAMPLE_NAMES, sample_observation

from game.engine.cards import Card
from game.engine.observation import Observation
from game.ui.art.art import DEFAULT_STYLE, ArtStyle
from game.ui.kit.layout import CARD_WIDTH, Box, Viewport, card_height
from game.ui.kit.tween import Animator, Tween, Wait, ease_out_cubic
from game.ui.kit.tween import Sequence as TweenSequence
from game.ui.shell.scene import Scene
from game.ui.table.table_view import CardSlot, TableExtras, draw_card, draw_table, layout_for

DEAL_STEP = 0.07
"""Seconds between two cards leaving the pack."""

DEAL_FLIGHT = 0.38
"""Seconds a card takes from the pack to its seat."""


@dataclass
class FlyingCard:
    """A card on its way somewhere: its slot, face (None: back) and logical box."""

    slot: CardSlot
    card: Card | None
    x: float
    y: float
    width: float

    @property
    def box(self) -> Box:
        """Where the card is now."""
        return Box(self.x, self.y, self.width, card_height(self.width))


class ShowcaseScene(Scene):
    """Shows a table; Space or a click skips animations, Escape leaves."""

    def __init__(
        self,
        source: Callable[[], Observation],
        names: Sequence[str],
        style: ArtStyle = DEFAULT_STYLE,
        animate_deal: bool = True,
    ) -> None:
        super().__init__()
        self.source = source
        self.names = tuple(names)
        self.style = style
        self.animate_deal = animate_deal
        self.animator = Animator()
        self.observation = source()
        self.flying: list[FlyingCard] = []
        self.hidden: set[CardSlot] = set()

    def startup(self, persist: dict[str, object]) -> None:
        """Read the animation speed setting and deal the cards in."""
        super().startup(persist)
        speed = persist.get("animation_speed", 1.0)
        self.animator.speed = float(speed) if isinstance(speed, int | float) else 1.0
        self.refresh()
        if self.animate_deal:
            self.deal_in()

    def refresh(self) -> None:
        """Take a fresh observation from the source (after every applied action)."""
        self.observation = self.source()

    def deal_in(self) -> None:
        """Fly every card on the table from the pack to its place, one at a time round the table."""
        layout = layout_for(self.observation)
        pack = layout.pack.centre
        seats = len(self.observation.seats)
        order = [(self.observation.dealer + 1 + step) % seats for step in range(seats)]
        most = max((len(hand) for view in self.observation.seats for hand in view.hands), default=0)
        delay = 0.0
        for position in range(most):
            for seat in order:
                view = self.observation.seats[seat]
                if not view.playing:
                    continue
                for hand_index, hand in enumerate(view.hands):
                    if position >= len(hand):
                        continue
                    target = layout.seats[seat].hands[hand_index][position]
                    self._fly((seat, hand_index, position), hand[position], pack, target, delay)
                    delay += DEAL_STEP

    def _fly(
        self,
        slot: CardSlot,
        card: Card | None,
        start: tuple[float, float],
        target: Box,
        delay: float,
    ) -> None:
        flying = FlyingCard(
            slot,
            None,
            start[0] - CARD_WIDTH / 2,
            start[1] - card_height(CARD_WIDTH) / 2,
            CARD_WIDTH,
        )
        self.hidden.add(slot)

        def launch() -> None:
            self.flying.append(flying)

        def land() -> None:
            if flying in self.flying:
                self.flying.remove(flying)
            self.hidden.discard(slot)

        del card
        steps = TweenSequence(
            [
                Wait(delay),
                Tween(flying, {}, 0.0, on_done=launch),
                Tween(
                    flying,
                    {"x": target.x, "y": target.y, "width": target.width},
                    DEAL_FLIGHT,
                    ease_out_cubic,
                    on_done=land,
                ),
            ]
        )
        self.animator.play(steps)

    def finish_animations(self) -> None:
        """Jump every animation to its end (the skip setting, screenshots)."""
        self.animator.skip()

    @property
    def animating(self) -> bool:
        """Busy while any card is in flight."""
        return self.animator.busy

    def handle_event(self, event: pygame.event.Event) -> None:
        """Space or a click skips animations; Escape closes the scene."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.scenes:
            self.scenes.pop()
        elif (
            event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        ) or event.type == pygame.MOUSEBUTTONDOWN:
            self.finish_animations()

    def update(self, seconds: float) -> None:
        """Advance the animations."""
        self.animator.update(seconds)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, then the cards in flight above it."""
        extras = TableExtras(hidden_cards=frozenset(self.hidden))
        draw_table(surface, self.observation, self.names, style=self.style, extras=extras)
        viewport = Viewport.fit(surface.get_size())
        for flying in self.flying:
            draw_card(surface, viewport, flying.card, flying.box, self.style)


def demo_scene(seat_count: int = 7, game: str | None = None) -> ShowcaseScene:
    """A table scene over a hand-built observation, until the engine is wired in."""
    family = "brag" if game and "brag" in game else "teen_patti"
    return ShowcaseScene(lambda: sample_observation(seat_count, family), SAMPLE_NAMES)
