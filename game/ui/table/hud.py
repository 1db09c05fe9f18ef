"""The controls tray: buttons built from the legal actions, the bet amount chooser, tooltips.

`ControlPanel.show_actions(controls_for(...))` lays out one button per legal action (so an
illegal button cannot exist); `handle_event` turns clicks and keys into an intent: the engine
Action to submit, or a `Command` such as the next deal. Every button has a shortcut key, shown
on its key cap; hovering shows the rule behind it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.actions import Action, Bet, Discard, Fold, LegalAction
from game.engine.cards import Card
from game.i18n import _, number
from game.ui.art.fonts import READABLE, text_width
from game.ui.kit.layout import LOGICAL_WIDTH, Box, Point, Viewport
from game.ui.kit.panels import GOLD, amount_box, button_face, key_cap, tooltip, tray, wrap
from game.ui.kit.widgets import draw_text
from game.ui.table.controls import Control

CONTROLS_AREA = Box(852, 598, 420, 116)
"""The tray bottom right, clear of the viewer's cards and of every seat."""

ROW_HEIGHT = 44.0
GAP = 8.0
PAD = 8.0

NOTE_SIZE = 14
NOTE_LINE = 18.0
"""The note's font size and line height: why the choice is narrow, above the buttons."""

TOOLTIP_WIDTH = 400.0
"""Logical width a tooltip may take."""


@dataclass(frozen=True)
class Command:
    """A request to the table scene that is not a game action: 'next_deal', 'new_session'."""

    name: str


NEXT_DEAL = Command("next_deal")
NEW_SESSION = Command("new_session")
SHOW_SUMMARY = Command("show_summary")

Intent = Action | Command


@dataclass
class Button:
    """One clickable button: where it is, what it says, its keys and what it asks for."""

    box: Box
    label: str
    key: str
    tooltip_title: str
    tooltip: str
    kind: str = "plain"
    control: Control | None = None
    command: Command | None = None
    step: int = 0
    keys: tuple[int, ...] = ()

    def all_keys(self) -> tuple[int, ...]:
        """The key codes that press this button."""
        codes = list(self.keys)
        if self.key and len(self.key) == 1:
            codes.append(pygame.key.key_code(self.key.lower()))
        return tuple(codes)


PER_ROW = 3
"""Buttons side by side at most; fewer when a label would not fit its button."""

WINDOW_SCALES = (1.0, 0.75, 0.5)
"""Window scales a label must fit at: 1280×720, between, and the smallest window (640×360)."""


def label_room(label: str, key: str) -> float:
    """The logical width a button needs for `label` and its key cap at the readable floor, in
    the largest window and the smallest (the button's padding does not scale with the window,
    so a small window needs relatively more)."""
    needed = 0.0
    for scale in WINDOW_SCALES:
        height = round(ROW_HEIGHT * scale)
        words = text_width(label, math.ceil(READABLE * scale - 1e-6), True)
        cap = key_cap(key.upper(), max(10, round(height * 0.38))).get_width() + 6 if key else 0
        needed = max(needed, (words + 16 + cap + 2) / scale)
    return needed


def _fits(row: Sequence[Control], width: float) -> bool:
    each = (width - GAP * (len(row) - 1)) / max(1, len(row))
    return all(label_room(control.label, control.key) <= each for control in row)


def _rows(controls: Sequence[Control], width: float, balance: bool) -> list[list[Control]]:
    """Controls in rows of up to PER_ROW, in order, each row holding only as many as fit their
    labels whole; `balance`: a lone button after a full row takes a neighbour (2 + 2, not 3 + 1)."""
    rows: list[list[Control]] = []
    for control in controls:
        if rows and len(rows[-1]) < PER_ROW and _fits([*rows[-1], control], width):
            rows[-1].append(control)
        else:
            rows.append([control])
    if balance and len(rows) >= 2 and len(rows[-1]) == 1 and len(rows[-2]) == PER_ROW:
        rows[-1].insert(0, rows[-2].pop())
    return rows


PRIMARY_VERBS = ("bank", "post", "ante", "call", "play")
"""Three Card Poker verbs drawn as the main (gold) buttons, like a bet."""


def _kind(control: Control) -> str:
    if isinstance(control.legal.action, Bet) or control.legal.action.verb in PRIMARY_VERBS:
        return "primary"
    if isinstance(control.legal.action, Fold):
        return "danger"
    return "plain"


class ControlPanel:
    """The tray of buttons for the viewer's turn or between deals."""

    def __init__(self, area: Box = CONTROLS_AREA) -> None:
        self.base = area
        self.area = area
        self.buttons: list[Button] = []
        self.bet: Control | None = None
        self.amount = 0
        self.hover: Button | None = None
        self.pressed: Button | None = None
        self.pointer: Point | None = None
        self.note = ""
        self.note_lines: list[str] = []

    # --- what to show ----------------------------------------------------------------------

    def clear(self) -> None:
        """No buttons (not the viewer's turn, or something is moving)."""
        self.area = self.base
        self.buttons = []
        self.bet = None
        self.hover = self.pressed = None
        self.note = ""
        self.note_lines = []

    @property
    def visible(self) -> bool:
        """Whether there is anything to press."""
        return bool(self.buttons)

    def show_actions(self, controls: Sequence[Control], note: str = "") -> None:
        """Lay out one button per control; a bet with a range gets the amount chooser; a `note`
        (why the choice is narrow) goes above the buttons."""
        self.clear()
        inner = self.area.inflated(-PAD)
        self.note = note
        self.note_lines = wrap(note, NOTE_SIZE, int(inner.width)) if note else []
        bet = next((control for control in controls if control.has_amount), None)
        others = [control for control in controls if control is not bet]
        rows = _rows(others, inner.width, balance=bet is None)
        needed = len(rows) + (1 if bet is not None else 0)
        height = needed * ROW_HEIGHT + (needed - 1) * GAP + 2 * PAD + self._note_height()
        if height > self.area.height:
            self.area = Box(self.base.x, self.base.bottom - height, self.base.width, height)
            inner = self.area.inflated(-PAD)
        if bet is not None:
            self.bet = bet
            self.amount = bet.legal.low
            self._chooser_row(bet, inner)
        row_count = len(rows) + (1 if bet is not None else 0)
        top = inner.bottom - len(rows) * ROW_HEIGHT - (len(rows) - 1) * GAP
        if row_count == 1 and bet is None and not self.note_lines:
            top = inner.y + (inner.height - ROW_HEIGHT) / 2
        for row_index, row in enumerate(rows):
            y = top + row_index * (ROW_HEIGHT + GAP)
            width = (inner.width - GAP * (len(row) - 1)) / max(1, len(row))
            for column, control in enumerate(row):
                box = Box(inner.x + column * (width + GAP), y, width, ROW_HEIGHT)
                self.buttons.append(
                    Button(
                        box,
                        control.label,
                        control.key,
                        control.label,
                        control.tooltip,
                        _kind(control),
                        control=control,
                    )
                )

    def _note_height(self) -> float:
        return len(self.note_lines) * NOTE_LINE + GAP if self.note_lines else 0.0

    def _chooser_row(self, bet: Control, inner: Box) -> None:
        legal = bet.legal
        y = inner.y
        small = 44.0
        read_out = 92.0
        self.buttons.append(
            Button(
                Box(inner.x, y, small, ROW_HEIGHT),
                "−",
                "",
                _("Less"),
                _("Lower the bet by {step} (Down arrow or mouse wheel). Lowest: {low}.").format(
                    step=number(legal.step), low=number(legal.low)
                ),
                "chooser",
                step=-legal.step,
                keys=(pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS),
            )
        )
        self.buttons.append(
            Button(
                Box(inner.x + small + read_out + 2 * GAP, y, small, ROW_HEIGHT),
                "+",
                "",
                _("More"),
                _("Raise the bet by {step} (Up arrow or mouse wheel). Highest: {high}.").format(
                    step=number(legal.step), high=number(legal.high)
                ),
                "chooser",
                step=legal.step,
                keys=(pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
            )
        )
        left = inner.x + 2 * small + read_out + 3 * GAP
        self.buttons.append(
            Button(
                Box(left, y, inner.right - left, ROW_HEIGHT),
                bet.label,
                bet.key,
                bet.label,
                bet.tooltip,
                "primary",
                control=bet,
                keys=(pygame.K_RETURN, pygame.K_KP_ENTER),
            )
        )

    def amount_box(self) -> Box | None:
        """Where the chosen amount is shown (None without a chooser)."""
        if self.bet is None:
            return None
        inner = self.area.inflated(-PAD)
        return Box(inner.x + 44.0 + GAP, inner.y, 92.0, ROW_HEIGHT)

    def show_commands(self, commands: Sequence[tuple[str, str, Command, str]]) -> None:
        """Buttons for requests between deals: (label, key, command, tooltip) each."""
        self.clear()
        inner = self.area.inflated(-PAD)
        width = (inner.width - GAP * (len(commands) - 1)) / max(1, len(commands))
        y = inner.y + (inner.height - ROW_HEIGHT) / 2
        for index, (label, key, command, hint) in enumerate(commands):
            self.buttons.append(
                Button(
                    Box(inner.x + index * (width + GAP), y, width, ROW_HEIGHT),
                    label,
                    key,
                    label,
                    hint,
                    "primary" if index == 0 else "quiet",
                    command=command,
                    keys=(pygame.K_RETURN, pygame.K_KP_ENTER) if index == 0 else (),
                )
            )

    def button_for(self, action_type: type[Action], **fields: object) -> Button | None:
        """The button whose control submits this kind of action (for tests and demos)."""
        for button in self.buttons:
            if button.control is None:
                continue
            action = button.control.legal.action
            if type(action) is action_type and all(
                getattr(action, name) == value for name, value in fields.items()
            ):
                return button
        return None

    # --- input -----------------------------------------------------------------------------

    def discard_at(
        self,
        point: Point,
        hands: Sequence[Sequence[Card | None]],
        slots: Sequence[Sequence[Box]],
    ) -> Action | None:
        """Four-card brag: the discard a click at `point` makes, when a discard is offered and
        the click falls on that card among `hands` drawn in `slots` (the player's own)."""
        discards = {
            button.control.legal.action.card: button.control.legal.action
            for button in self.buttons
            if button.control is not None and isinstance(button.control.legal.action, Discard)
        }
        for hand, boxes in zip(hands, slots, strict=False):
            for card, box in zip(hand, boxes, strict=False):
                if card is not None and str(card) in discards and box.contains(point):
                    return discards[str(card)]
        return None

    def _at(self, point: Point) -> Button | None:
        return next((button for button in self.buttons if button.box.contains(point)), None)

    def _adjust(self, step: int) -> None:
        if self.bet is None:
            return
        legal: LegalAction = self.bet.legal
        self.amount = max(legal.low, min(legal.high, self.amount + step))

    def _at_limit(self, step: int) -> bool:
        if self.bet is None:
            return True
        legal = self.bet.legal
        return self.amount <= legal.low if step < 0 else self.amount >= legal.high

    def _press(self, button: Button) -> Intent | None:
        if button.step:
            self._adjust(button.step)
            return None
        if button.command is not None:
            return button.command
        if button.control is not None:
            amount = self.amount if button.control is self.bet else None
            return button.control.action(amount)
        return None

    def handle_event(self, event: pygame.event.Event) -> Intent | None:
        """Hover, clicks, wheel and keys; returns what the player asked for, if anything."""
        if not self.buttons:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.hover = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            self.pressed = self._at(event.pos)
            self.hover = self.pressed
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            released = self._at(event.pos)
            pressed, self.pressed = self.pressed, None
            if released is not None and released is pressed:
                return self._press(released)
        elif event.type == pygame.MOUSEWHEEL and self.bet is not None:
            step = self.bet.legal.step
            self._adjust(step if event.y > 0 else -step if event.y < 0 else 0)
        elif event.type == pygame.KEYDOWN:
            for button in self.buttons:
                if event.key in button.all_keys():
                    return self._press(button)
        return None

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The tray, its buttons (hover and pressed looks), the amount, and a tooltip."""
        if not self.buttons:
            return
        area = pygame.Rect(viewport.box(self.area))
        surface.blit(tray(area.size), area.topleft)
        for index, line in enumerate(self.note_lines):
            at = (self.area.x + PAD, self.area.y + PAD + index * NOTE_LINE)
            draw_text(surface, viewport, line, at, NOTE_SIZE, GOLD)
        for button in self.buttons:
            rect = pygame.Rect(viewport.box(button.box))
            state = "down" if button is self.pressed else "hover" if button is self.hover else "up"
            if button.step and self._at_limit(button.step):
                state = "disabled"
            label = button.label
            if button.control is not None and button.control is self.bet:
                label = f"{button.label} {number(self.amount)}"
            face = button_face(rect.size, label, button.key, button.kind, state)
            surface.blit(face, rect.topleft)
        chooser = self.amount_box()
        if chooser is not None and self.bet is not None:
            rect = pygame.Rect(viewport.box(chooser))
            legal = self.bet.legal
            surface.blit(
                amount_box(
                    rect.size, number(self.amount), f"{number(legal.low)} – {number(legal.high)}"
                ),
                rect.topleft,
            )
        if self.hover is not None and self.hover.tooltip:
            self._draw_tooltip(surface, viewport, self.hover)

    def _draw_tooltip(self, surface: pygame.Surface, viewport: Viewport, button: Button) -> None:
        size = viewport.length(14)
        bubble = tooltip(button.tooltip_title, button.tooltip, viewport.length(TOOLTIP_WIDTH), size)
        anchor = viewport.point((button.box.centre[0], self.area.y - 8))
        rect = bubble.get_rect(midbottom=anchor)
        right_edge = viewport.point((LOGICAL_WIDTH - 8, 0))[0]
        if rect.right > right_edge:
            rect.right = right_edge
        rect.left = max(viewport.point((8, 0))[0], rect.left)
        surface.blit(bubble, rect)
