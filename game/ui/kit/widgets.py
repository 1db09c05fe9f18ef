"""Menu building blocks: the backdrop, panels, buttons, option steppers and text fields, and a
`FormScene` that gives any list of them mouse and keyboard focus.

Keys: Up/Down (and Tab) move the focus, Left/Right change the focused value (or move between
side-by-side buttons), Enter/Space press, Escape goes back, and each button's shortcut (shown
on its key cap) presses it. Pointer positions arrive in logical 1280×720 coordinates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.i18n import N_, _
from game.ui.art.art import Colour, darken, radial_gradient, ready
from game.ui.art.fonts import fit_text, text
from game.ui.art.table_art import table_background
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD, IVORY, button_face, tooltip, wrap
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Scene

MUTED: Colour = (176, 174, 162)
"""Secondary text: explanations, hints."""

DIM: Colour = (120, 118, 110)
"""Disabled or faint text."""

WARNING: Colour = (240, 150, 120)
"""A refusal or a problem, in words."""

SELECTION: Colour = (196, 214, 240)
"""Behind a text field's words while they are all selected."""

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)

Action = Callable[[], None]


# --- drawing helpers ----------------------------------------------------------------------------


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int], felt: str = "green") -> pygame.Surface:
    """The menus' background: the table in its room, dimmed and vignetted so panels stand out."""
    background = table_background(size, felt).copy()
    veil = radial_gradient(size, (8, 8, 10, 120), (0, 0, 0, 215))
    background.blit(veil, (0, 0))
    return background.convert() if pygame.display.get_surface() is not None else background


def draw_backdrop(surface: pygame.Surface, felt: str) -> None:
    """Fill the window with the menu backdrop."""
    surface.blit(backdrop(surface.get_size(), felt), (0, 0))


@lru_cache(maxsize=32)
def panel(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    """A dark translucent panel with a thin gold rim and modest corners (the menus' card)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (14, 16, 18, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*GOLD, 120), layer.get_rect(), 1, border_radius=radius)
    return ready(layer)


def draw_panel(
    surface: pygame.Surface, viewport: Viewport, box: Box, title: str = "", alpha: int = 215
) -> None:
    """A dark glass panel with a gold rim, and a gold title with a rule under it."""
    rect = pygame.Rect(viewport.box(box))
    surface.blit(panel(rect.size, alpha, viewport.length(14)), rect.topleft)
    if title:
        label = fit_text(_(title), viewport.length(17), GOLD, viewport.length(box.width - 36), True)
        surface.blit(label, viewport.point((box.x + 18, box.y + 12)))
        left = viewport.point((box.x + 18, box.y + 40))
        right = viewport.point((box.right - 18, box.y + 40))
        pygame.draw.line(surface, darken(GOLD, 0.45), left, right, max(1, viewport.length(1)))


def draw_header(
    surface: pygame.Surface, viewport: Viewport, title: str, subtitle: str = ""
) -> None:
    """The screen's title, top left, with a line of explanation under it (both translated)."""
    title, subtitle = _(title), _(subtitle)
    shadow = text(title, viewport.length(34), (0, 0, 0), True)
    label = text(title, viewport.length(34), GOLD, True)
    surface.blit(shadow, viewport.point((42, 20)))
    surface.blit(label, viewport.point((40, 18)))
    if subtitle:
        words = fit_text(subtitle, viewport.length(15), MUTED, viewport.length(1000))
        surface.blit(words, viewport.point((42, 62)))


HINT_AT = (640.0, 704.0)
"""Where a screen's line of key hints is centred: the bottom centre of the screen."""
HINT_WIDTH = 1200.0


def draw_hint(
    surface: pygame.Surface,
    viewport: Viewport,
    words: str,
    at: tuple[float, float] = HINT_AT,
    width: float = HINT_WIDTH,
) -> pygame.Rect:
    """A line of key hints (translated), centred at `at` (by default the screen's bottom);
    returns its pixel rect."""
    label = fit_text(_(words), viewport.length(13), DIM, viewport.length(width))
    rect = label.get_rect(center=viewport.point(at))
    surface.blit(label, rect)
    return rect


def draw_text(
    surface: pygame.Surface,
    viewport: Viewport,
    words: str,
    at: tuple[float, float],
    size: float,
    colour: Colour = IVORY,
    bold: bool = False,
    width: float | None = None,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Words at a logical point (shrunk to fit `width` if given); returns the pixel rect."""
    pixels = viewport.length(size)
    if width is None:
        label = text(words, pixels, colour, bold)
    else:
        label = fit_text(words, pixels, colour, viewport.length(width), bold)
    rect = label.get_rect(**{anchor: viewport.point(at)})
    surface.blit(label, rect)
    return rect


def focus_ring(surface: pygame.Surface, viewport: Viewport, box: Box, radius: float = 10) -> None:
    """The gold outline that shows which item has the keyboard focus."""
    rect = pygame.Rect(viewport.box(box.inflated(3)))
    pygame.draw.rect(
        surface, GOLD, rect, max(2, viewport.length(2)), border_radius=viewport.length(radius)
    )


@lru_cache(maxsize=64)
def highlight(size: tuple[int, int], alpha: int, rim: int, radius: int) -> pygame.Surface:
    """A soft translucent rounded highlight behind a focused row."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (255, 236, 190, alpha), layer.get_rect(), border_radius=radius)
    if rim:
        pygame.draw.rect(layer, (*GOLD, rim), layer.get_rect(), 1, border_radius=radius)
    return ready(layer)


def draw_highlight(
    surface: pygame.Surface, viewport: Viewport, box: Box, alpha: int = 18, rim: int = 150
) -> None:
    """Draw a row highlight at a logical box."""
    rect = pygame.Rect(viewport.box(box))
    surface.blit(highlight(rect.size, alpha, rim, viewport.length(8)), rect.topleft)


# --- items --------------------------------------------------------------------------------------


@dataclass
class Item:
    """Something on a form that can take the focus: it draws itself and reacts to keys."""

    ident: str
    box: Box
    enabled: bool = True
    hotkeys: tuple[int, ...] = ()

    @property
    def typing(self) -> bool:
        """Whether the item takes typed text while focused."""
        return False

    def activate(self) -> bool:
        """Enter, Space or a click on the body; returns whether anything happened."""
        return False

    def step(self, direction: int) -> bool:
        """Left/Right; returns whether the item used the key."""
        del direction
        return False

    def click(self, point: tuple[float, float]) -> bool:
        """A click at a logical point inside the box."""
        del point
        return self.activate()

    def type_text(self, words: str) -> bool:
        """Typed text (TEXTINPUT) while focused."""
        del words
        return False

    def erase(self) -> bool:
        """Backspace while focused."""
        return False

    def clear(self) -> bool:
        """Empty the item's words (typing over words that are all selected)."""
        return False

    def hint(self) -> str:
        """What a tooltip says while the pointer rests on the item ('' for none)."""
        return ""

    def draw(self, surface: pygame.Surface, viewport: Viewport, focused: bool, state: str) -> None:
        """Draw at the real pixel size; state is 'up', 'hover' or 'down'."""


@dataclass
class Button(Item):
    """A styled button (panels.button_face) with its shortcut on a key cap."""

    label: str = ""
    key: str = ""
    kind: str = "plain"
    on_press: Action | None = None

    def activate(self) -> bool:
        """Run the button's action."""
        if not self.enabled or self.on_press is None:
            return False
        self.on_press()
        return True

    def draw(self, surface: pygame.Surface, viewport: Viewport, focused: bool, state: str) -> None:
        """The button face, and the focus ring when focused."""
        rect = pygame.Rect(viewport.box(self.box))
        shown = state if self.enabled else "disabled"
        if focused and shown == "up":
            shown = "hover"
        surface.blit(button_face(rect.size, _(self.label), self.key, self.kind, shown), rect)
        if focused and self.enabled:
            focus_ring(surface, viewport, self.box, 10 * self.box.height / 40)


@dataclass
class Tile(Item):
    """A choosable card in a list (a game preset, a save): a title and a line under it."""

    title: str = ""
    subtitle: str = ""
    selected: bool = False
    on_press: Action | None = None

    def activate(self) -> bool:
        """Choose this tile."""
        if self.on_press is None:
            return False
        self.on_press()
        return True

    def draw(self, surface: pygame.Surface, viewport: Viewport, focused: bool, state: str) -> None:
        """A row with a gold bar when selected and a glow when focused or hovered."""
        box = self.box
        if self.selected:
            draw_highlight(surface, viewport, box, 34, 200)
            bar = pygame.Rect(viewport.box(Box(box.x + 4, box.y + 8, 4, box.height - 16)))
            pygame.draw.rect(surface, GOLD, bar, border_radius=viewport.length(2))
        elif focused or state != "up":
            draw_highlight(surface, viewport, box, 14, 90)
        colour = GOLD if self.selected else IVORY
        width = box.width - 30
        title, subtitle = _(self.title), _(self.subtitle)
        if self.subtitle:
            draw_text(surface, viewport, title, (box.x + 16, box.y + 6), 15, colour, True, width)
            draw_text(
                surface, viewport, subtitle, (box.x + 16, box.y + 27), 12, MUTED, False, width
            )
        else:
            draw_text(
                surface,
                viewport,
                title,
                (box.x + 16, box.centre[1]),
                15,
                colour,
                True,
                width,
                "midleft",
            )
        if focused:
            focus_ring(surface, viewport, box, 8)


@dataclass
class Stepper(Item):
    """An option row: a label and its explanation, and ◀ value ▶ to step through the choices."""

    label: str = ""
    explanation: str = ""
    value: Callable[[], str] = lambda: ""
    on_step: Callable[[int], None] | None = None
    value_width: float = 200.0
    tooltip: str = ""
    """Shown while the pointer rests on the row (a rule's source)."""
    at_end: Callable[[int], bool] | None = None
    """Whether the value is the last one that way (-1 back, 1 on): that arrow is dimmed and
    does nothing. None: the row never ends (a list that wraps round)."""

    def hint(self) -> str:
        """The row's tooltip."""
        return self.tooltip

    @property
    def value_box(self) -> Box:
        """Where the ◀ value ▶ pill sits: the top right of a row with an explanation, the
        middle right of one without, or all of it without a label."""
        box = self.box
        if not self.label:
            return box.inflated(-3)
        if self.explanation:
            return Box(box.right - self.value_width - 10, box.y + 5, self.value_width, 24)
        return Box(box.right - self.value_width - 10, box.y + 7, self.value_width, box.height - 14)

    def arrows(self) -> tuple[Box, Box]:
        """The ◀ and ▶ hit boxes."""
        pill = self.value_box
        side = min(34.0 if self.label else 24.0, pill.height + 6)
        return (
            Box(pill.x, pill.y, side, pill.height),
            Box(pill.right - side, pill.y, side, pill.height),
        )

    def ends(self, direction: int) -> bool:
        """Whether there is no value to step to that way."""
        return self.at_end is not None and self.at_end(direction)

    def step(self, direction: int) -> bool:
        """Step to the previous or next value (nothing past either end)."""
        if not self.enabled or self.on_step is None or self.ends(direction):
            return False
        self.on_step(direction)
        return True

    def activate(self) -> bool:
        """Enter steps forward; from the last value it steps back (so a switch toggles)."""
        return self.step(-1 if self.ends(1) else 1)

    def click(self, point: tuple[float, float]) -> bool:
        """◀ steps back, ▶ forward, anything else as Enter does."""
        left, right = self.arrows()
        if left.contains(point):
            return self.step(-1)
        if right.contains(point):
            return self.step(1)
        return self.activate()

    def draw(self, surface: pygame.Surface, viewport: Viewport, focused: bool, state: str) -> None:
        """Label, explanation and the value pill with its arrows."""
        box = self.box
        if focused:
            draw_highlight(surface, viewport, box, 20, 170)
        elif state != "up":
            draw_highlight(surface, viewport, box, 10, 0)
        if self.label:
            room = box.width - self.value_width - 40
            top = box.y + (7 if self.explanation else box.height / 2 - 9)
            draw_text(surface, viewport, _(self.label), (box.x + 14, top), 15, IVORY, True, room)
            if self.explanation:
                at = (box.x + 14, box.y + 30)
                words = _(self.explanation)
                draw_text(surface, viewport, words, at, 12, MUTED, False, box.width - 28)
        self._draw_pill(surface, viewport, focused)

    def _draw_pill(self, surface: pygame.Surface, viewport: Viewport, focused: bool) -> None:
        pill = self.value_box
        rect = pygame.Rect(viewport.box(pill))
        radius = viewport.length(min(pill.height / 2, 12))
        pygame.draw.rect(surface, (10, 12, 14), rect, border_radius=radius)
        rim = GOLD if focused else darken(GOLD, 0.5)
        pygame.draw.rect(surface, rim, rect, max(1, viewport.length(1)), border_radius=radius)
        left, right = self.arrows()
        for arrow, glyph, direction in ((left, "◀", -1), (right, "▶", 1)):
            colour = GOLD if self.enabled and not self.ends(direction) else DIM
            draw_text(surface, viewport, glyph, arrow.centre, 12, colour, False, None, "center")
        words = _(self.value())
        draw_text(
            surface,
            viewport,
            words,
            pill.centre,
            14,
            IVORY if self.enabled else DIM,
            True,
            pill.width - 2 * left.width,
            "center",
        )


@dataclass
class Fold(Button):
    """A row that shows or hides the rows after it: Enter, Space or a click opens or closes it
    (its `on_press`), Right opens it and Left closes it."""

    explanation: str = ""
    is_open: bool = False

    def step(self, direction: int) -> bool:
        """Right opens and Left closes (the other way round leaves the key to the form)."""
        if (direction > 0) == self.is_open:
            return False
        return self.activate()

    def draw(self, surface: pygame.Surface, viewport: Viewport, focused: bool, state: str) -> None:
        """A rule line above, the ▶ or ▼ mark and the label, and what opening shows."""
        box = self.box
        if focused:
            draw_highlight(surface, viewport, box, 20, 170)
        elif state != "up":
            draw_highlight(surface, viewport, box, 10, 0)
        start = viewport.point((box.x + 8, box.y))
        end = viewport.point((box.right - 8, box.y))
        pygame.draw.line(surface, darken(GOLD, 0.6), start, end, max(1, viewport.length(1)))
        mark = "▼" if self.is_open else "▶"
        draw_text(surface, viewport, mark, (box.x + 14, box.y + 9), 12, GOLD)
        room = box.width - 60
        draw_text(surface, viewport, _(self.label), (box.x + 34, box.y + 7), 15, GOLD, True, room)
        if self.explanation:
            at = (box.x + 34, box.y + 30)
            draw_text(surface, viewport, _(self.explanation), at, 12, MUTED, False, box.width - 48)


@dataclass
class TextField(Stepper):
    """A name: typed while focused (TEXTINPUT, Backspace), or picked from a list with ◀ ▶."""

    get: Callable[[], str] = lambda: ""
    put: Callable[[str], None] | None = None
    limit: int = 16
    selected: bool = False
    """Its words are all selected (the focus just came to it): typing replaces them."""

    def __post_init__(self) -> None:
        self.value = self.get

    @property
    def typing(self) -> bool:
        """A text field takes typed letters."""
        return True

    def type_text(self, words: str) -> bool:
        """Append printable characters, up to the limit."""
        if self.put is None:
            return False
        clean = "".join(ch for ch in words if ch.isprintable())
        if not clean:
            return False
        self.put((self.get() + clean)[: self.limit])
        return True

    def erase(self) -> bool:
        """Remove the last character."""
        if self.put is None or not self.get():
            return False
        self.put(self.get()[:-1])
        return True

    def clear(self) -> bool:
        """Remove every character."""
        if self.put is None or not self.get():
            return False
        self.put("")
        return True

    def activate(self) -> bool:
        """Enter does not step a name (it starts the game instead)."""
        return False

    @property
    def chooser(self) -> bool:
        """Whether ◀ ▶ also pick a name from a list (a seat); otherwise a plain text box."""
        return self.on_step is not None

    def click(self, point: tuple[float, float]) -> bool:
        """The arrows pick a name from the list; the middle just focuses for typing."""
        if not self.chooser:
            return True
        left, right = self.arrows()
        if left.contains(point):
            return self.step(-1)
        if right.contains(point):
            return self.step(1)
        return True

    def _draw_box(self, surface: pygame.Surface, viewport: Viewport, focused: bool) -> None:
        """A text box: light inset field, the words from the left, a caret at their end."""
        pill = self.value_box
        rect = pygame.Rect(viewport.box(pill))
        radius = viewport.length(6)
        pygame.draw.rect(surface, (236, 230, 214), rect, border_radius=radius)
        rim = GOLD if focused else darken(GOLD, 0.5)
        pygame.draw.rect(surface, rim, rect, max(1, viewport.length(2)), border_radius=radius)
        words = self.get()
        size = viewport.length(16)
        label = text(words, size, (24, 22, 20))
        room = rect.width - viewport.length(24)
        left = rect.x + viewport.length(12)
        clip = max(0, label.get_width() - room)  # long names scroll: the end stays in sight
        if focused and self.selected and words:
            shown = pygame.Rect(left, rect.y + viewport.length(8), min(label.get_width(), room), 0)
            shown.height = rect.height - 2 * viewport.length(8)
            pygame.draw.rect(surface, SELECTION, shown, border_radius=viewport.length(3))
        surface.blit(label, (left, rect.centery - label.get_height() // 2), (clip, 0, room, rect.h))
        if focused and (pygame.time.get_ticks() // 530) % 2 == 0:
            x = left + min(label.get_width(), room) + viewport.length(2)
            half = viewport.length(10)
            pygame.draw.line(
                surface,
                (24, 22, 20),
                (x, rect.centery - half),
                (x, rect.centery + half),
                max(1, viewport.length(2)),
            )

    def _draw_pill(self, surface: pygame.Surface, viewport: Viewport, focused: bool) -> None:
        if not self.chooser:
            self._draw_box(surface, viewport, focused)
            return
        super()._draw_pill(surface, viewport, focused)
        if focused and (pygame.time.get_ticks() // 530) % 2 == 0:
            pill = self.value_box
            width = text(self.get(), viewport.length(14), IVORY, True).get_width()
            middle = viewport.point(pill.centre)
            x = middle[0] + width // 2 + viewport.length(2)
            half = viewport.length(8)
            pygame.draw.line(
                surface, GOLD, (x, middle[1] - half), (x, middle[1] + half), viewport.length(2)
            )


# --- the form scene -----------------------------------------------------------------------------


@dataclass
class Focus:
    """Which item has the focus, which the pointer is over, and which is held down."""

    index: int = 0
    hover: int | None = None
    pressed: int | None = None
    history: list[str] = field(default_factory=list)
    selected: str = ""
    """The text field whose words are all selected: the focus came to it by a key or a click
    (not by the pointer passing over it), and nothing was typed since. The first letter typed
    (or Backspace) replaces them, as in any text box."""


class FormScene(Scene):
    """A full-screen menu of items with focus; subclasses build the items and draw the rest."""

    title = ""
    subtitle = ""
    hint = N_("↑ ↓ move   ← → change   Enter choose   Esc back")
    default_focus = ""
    message_at = (640.0, 676.0)
    """Where a message line is centred (a dialog keeps its message inside its panel)."""
    message_width = 1180.0
    hint_at = HINT_AT
    """Where the key hints are centred (a dialog over a table keeps them inside its panel, clear
    of the table's own controls at the bottom of the screen)."""
    hint_width = HINT_WIDTH

    def __init__(self, context: GameContext) -> None:
        super().__init__()
        self.context = context
        self.items: list[Item] = []
        self.focus = Focus()
        self.message = ""
        self.message_colour: Colour = WARNING
        self.message_rects: list[pygame.Rect] = []
        """Where the message's lines were last drawn, in pixels (empty with no message)."""
        self.hint_rect: pygame.Rect | None = None
        """Where the key hints were last drawn, in pixels (None with no hints)."""
        self.rebuild(self.default_focus)

    # --- items ----------------------------------------------------------------------------

    def build(self) -> list[Item]:
        """The items of the form, in focus order (subclasses override)."""
        return []

    def rebuild(self, keep: str | None = None) -> None:
        """Build the items again, keeping the focus on the item with the same ident."""
        wanted = keep if keep is not None else self.focused_ident
        self.items = self.build()
        index = next((i for i, item in enumerate(self.items) if item.ident == wanted), None)
        if index is None:
            index = min(self.focus.index, max(0, len(self.items) - 1))
        self.focus.index = index
        self.focus.hover = None
        self.focus.pressed = None

    @property
    def focused(self) -> Item | None:
        """The item with the keyboard focus."""
        if 0 <= self.focus.index < len(self.items):
            return self.items[self.focus.index]
        return None

    @property
    def takes_text(self) -> bool:
        """Typed text goes into the focused item when it is a text field."""
        item = self.focused
        return item is not None and item.typing

    @property
    def focused_ident(self) -> str:
        """The ident of the focused item ('' when there is none)."""
        item = self.focused
        return item.ident if item is not None else ""

    def item(self, ident: str) -> Item:
        """The item called `ident` (tests and scenes); KeyError if there is none."""
        for candidate in self.items:
            if candidate.ident == ident:
                return candidate
        raise KeyError(ident)

    def focus_on(self, ident: str) -> None:
        """Move the focus to the item called `ident`."""
        for index, candidate in enumerate(self.items):
            if candidate.ident == ident:
                self.focus.index = index

    def say(self, words: str, problem: bool = True) -> None:
        """Show a sentence at the bottom of the form (a refusal, or a confirmation)."""
        self.message = words
        self.message_colour = WARNING if problem else GOLD

    # --- navigation -----------------------------------------------------------------------

    def back(self) -> None:
        """Escape: leave this screen (subclasses may ask first)."""
        if self.scenes is not None:
            self.scenes.pop()

    def move(self, direction: int) -> None:
        """Move the focus to the next enabled item in `direction`, wrapping round."""
        count = len(self.items)
        for offset in range(1, count + 1):
            index = (self.focus.index + direction * offset) % count
            if self.items[index].enabled:
                self.focus.index = index
                return

    def hit(self, point: tuple[float, float]) -> int | None:
        """The index of the item under a logical point."""
        for index in range(len(self.items) - 1, -1, -1):
            if self.items[index].enabled and self.items[index].box.contains(point):
                return index
        return None

    def _pressed(self, item: Item, how: Callable[[], bool]) -> None:
        if how():
            self.context.click()
            self.changed(item)

    def changed(self, item: Item) -> None:
        """After an item did something: by default, rebuild the items (values may differ)."""
        del item
        if self.scenes is None or self.scenes.top is self:
            self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Pointer and keys as described in the module docstring; a text field the focus comes
        to by a key or a click has its words selected (the pointer passing over selects
        nothing: a letter typed then is not lost)."""
        before = self.focused_ident
        self._handle(event)
        after = self.focused_ident
        clicked = event.type == pygame.MOUSEBUTTONDOWN and self.focus.pressed is not None
        if clicked or (after != before and event.type != pygame.MOUSEMOTION):
            self.focus.selected = after
        elif after != before:
            self.focus.selected = ""

    def _typing_over(self, item: Item) -> None:
        """Typing starts in `item`: words it had all selected go first."""
        if item.ident == self.focus.selected:
            item.clear()
        self.focus.selected = ""

    def _handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.focus.hover = self.hit(event.pos)
            if self.focus.hover is not None:
                self.focus.index = self.focus.hover
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus.pressed = self.hit(event.pos)
            if self.focus.pressed is not None:
                self.focus.index = self.focus.pressed
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index, self.focus.pressed = self.focus.pressed, None
            if index is not None and index == self.hit(event.pos):
                item = self.items[index]
                self._pressed(item, lambda: item.click(event.pos))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.TEXTINPUT:
            typed = self.focused
            if typed is not None and typed.typing:
                if any(letter.isprintable() for letter in event.text):
                    self._typing_over(typed)
                self._pressed(typed, lambda: typed.type_text(event.text))
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        """One key press."""
        item = self.focused
        typing = item is not None and item.typing
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move(-1 if event.key == pygame.K_UP else 1)
        elif event.key == pygame.K_TAB:
            self.move(-1 if shift else 1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            direction = -1 if event.key == pygame.K_LEFT else 1
            if item is not None and item.step(direction):
                self.context.click()
                self.changed(item)
            elif not (isinstance(item, Stepper) and item.ends(direction)):
                self.move(direction)
        elif event.key == pygame.K_BACKSPACE and typing and item is not None:
            whole = item.ident == self.focus.selected
            self.focus.selected = ""
            self._pressed(item, item.clear if whole else item.erase)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(-8 if event.key == pygame.K_PAGEUP else 8)
        elif event.key in ENTER_KEYS or (event.key == pygame.K_SPACE and not typing):
            self.enter()
        elif not typing or event.key in (pygame.K_DELETE,):
            self.shortcut(event.key)

    def enter(self) -> None:
        """Enter: press the focused item (or the scene's default action)."""
        item = self.focused
        if item is not None and item.enabled:
            self._pressed(item, item.activate)

    def shortcut(self, key: int) -> None:
        """A button's shortcut key presses it."""
        for index, candidate in enumerate(self.items):
            if key in candidate.hotkeys and candidate.enabled:
                self.focus.index = index
                self._pressed(candidate, candidate.activate)
                return

    def scroll(self, lines: int) -> None:
        """Scroll by `lines` (wheel, PageUp/PageDown); forms that scroll override."""
        del lines

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, header, the scene's own drawing, the items, the message and the hints."""
        viewport = Viewport.fit(surface.get_size())
        self.draw_background(surface, viewport)
        self.draw_content(surface, viewport)
        self.draw_items(surface, viewport)
        self.message_rects = self.draw_message(surface, viewport) if self.message else []
        self.hint_rect = None
        if self.hint:
            self.hint_rect = draw_hint(surface, viewport, self.hint, self.hint_at, self.hint_width)

    def draw_message(self, surface: pygame.Surface, viewport: Viewport) -> list[pygame.Rect]:
        """The message's lines centred on `message_at`; the pixel rect of each."""
        x, y = self.message_at
        size = viewport.length(15)
        lines = wrap(self.message, size, viewport.length(self.message_width), True)
        return [
            draw_text(
                surface,
                viewport,
                line,
                (x, y + index * 20 - 10 * (len(lines) - 1)),
                15,
                self.message_colour,
                True,
                self.message_width,
                "center",
            )
            for index, line in enumerate(lines)
        ]

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The dimmed table and the title (overlays override to draw the table beneath)."""
        draw_backdrop(surface, self.context.style.felt)
        if self.title:
            draw_header(surface, viewport, self.title, self.subtitle)

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """Panels and words behind the items (subclasses override)."""

    def draw_items(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """Every item, the focused one with its ring."""
        for index, item in enumerate(self.items):
            state = "up"
            if index == self.focus.pressed:
                state = "down"
            elif index == self.focus.hover:
                state = "hover"
            if isinstance(item, TextField):
                item.selected = item.ident == self.focus.selected
            item.draw(surface, viewport, index == self.focus.index, state)
        hovered = self.focus.hover
        if hovered is not None and 0 <= hovered < len(self.items):
            words = self.items[hovered].hint()
            if words:
                self._draw_tooltip(surface, viewport, self.items[hovered].box, words)

    def _draw_tooltip(
        self, surface: pygame.Surface, viewport: Viewport, box: Box, words: str
    ) -> None:
        """A small bubble under (or above) the hovered row."""
        bubble = tooltip(
            _("Where this rule comes from"), words, viewport.length(360), viewport.length(14)
        )
        x, y = viewport.point((box.x + 14, box.bottom + 2))
        if y + bubble.get_height() > surface.get_height():
            y = viewport.point((box.x, box.y))[1] - bubble.get_height() - 2
        surface.blit(bubble, (min(x, surface.get_width() - bubble.get_width()), y))


def back_and_go(
    row: Box,
    back_width: float,
    ident: str,
    label: str,
    back: Callable[[], None],
    go: Callable[[], None],
    enabled: bool = True,
) -> list[Button]:
    """A form's last row: Back (Esc) on the left, its one primary action (Enter) beside it."""
    gap = 12
    width = row.width - back_width - gap
    return [
        Button(
            "back",
            Box(row.x, row.y, back_width, row.height),
            label=N_("Back"),
            key="Esc",
            kind="quiet",
            on_press=back,
        ),
        Button(
            ident,
            Box(row.x + back_width + gap, row.y, width, row.height),
            label=label,
            key="↵",
            kind="primary",
            enabled=enabled,
            on_press=go,
        ),
    ]


def button_column(
    entries: Sequence[tuple[str, str, str, str, int, Action]],
    centre_x: float,
    top: float,
    width: float = 320,
    height: float = 48,
    gap: float = 12,
) -> list[Item]:
    """Buttons stacked in a column: (ident, label, key cap, kind, hotkey, action) each."""
    items: list[Item] = []
    for row, (ident, label, cap, kind, hotkey, action) in enumerate(entries):
        box = Box(centre_x - width / 2, top + row * (height + gap), width, height)
        hotkeys = (hotkey,) if hotkey else ()
        items.append(Button(ident, box, True, hotkeys, label, cap, kind, action))
    return items
