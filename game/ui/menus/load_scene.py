"""Load game: every save, newest first, with its game, seats and time; Load it, or Delete it
(which asks first). Also the small yes/no question scene the delete uses."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.families import family_title
from game.i18n import N_, _, ngettext, number
from game.persistence.saves import (
    AUTOSAVE,
    delete_save,
    list_saves,
    load_session,
    peek_save,
)
from game.ui.art.art import dim
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD
from game.ui.kit.widgets import (
    MUTED,
    Button,
    FormScene,
    Item,
    Tile,
    draw_panel,
    draw_text,
)
from game.ui.shell.context import GameContext
from game.ui.shell.scene import Scene
from game.ui.table.table_view import seat_label

LIST_PANEL = Box(140, 96, 1000, 520)
VISIBLE = 7
"""Saves on show at once (the list follows the focus)."""

ROW_HEIGHT = 57
LIST_TOP = LIST_PANEL.y + 52
LIST_BOTTOM = LIST_TOP + VISIBLE * ROW_HEIGHT
"""The saves' rows end here; "▼ more" sits just below them."""

MESSAGE_CENTRE = (LIST_PANEL.centre[0], LIST_PANEL.bottom - 28)
"""A message (a save that cannot be loaded, a delete) is centred here: inside the list's
panel, under its rows and above the buttons, so that it covers nothing."""


AUTOSAVE_LABEL = N_("Autosave (Continue)")
"""The autosave's name in the list (other saves show their own name)."""


@dataclass(frozen=True)
class SaveInfo:
    """What the list shows of a save, read without restoring it; its words are made when shown,
    in the language in force."""

    slot: str
    game: str
    family: str = ""
    seats: int = 0
    people: tuple[str, ...] = ()
    deals: int = 0
    when: str = ""
    unreadable: bool = False

    def detail(self) -> str:
        """'Teen Patti  ·  4 seats (You)  ·  9 deals  ·  2025-05-03 18:02', or why not."""
        if self.unreadable:
            return _("cannot be read")
        game = _(family_title(self.family))
        who = ", ".join(seat_label(person) for person in self.people) or _("bots only")
        seats = ngettext("{count} seat ({who})", "{count} seats ({who})", self.seats)
        deals = ngettext("{count} deal", "{count} deals", self.deals)
        return "  ·  ".join(
            (
                game,
                seats.format(count=number(self.seats), who=who),
                deals.format(count=number(self.deals)),
                self.when,
            )
        )


def local_time(stamp: str) -> str:
    """A save's ISO time ('2025-05-02T21:40:00+00:00') as the player's clock shows it."""
    try:
        moment = datetime.datetime.fromisoformat(stamp)
    except ValueError:
        return stamp.replace("T", " ")[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def describe_save(slot: str) -> SaveInfo:
    """The game, the people and the time of a save (or why it cannot be read)."""
    label = AUTOSAVE_LABEL if slot == AUTOSAVE else slot
    save = peek_save(slot)
    if isinstance(save, str):
        return SaveInfo(slot, label, unreadable=True)
    return SaveInfo(
        slot,
        label,
        save.family,
        len(save.seats),
        tuple(seat.name for seat in save.seats if seat.human),
        len(save.histories),
        local_time(save.saved_at),
    )


class ConfirmScene(FormScene):
    """A yes/no question over the screen that asked it; No has the focus."""

    hint = N_("← → choose   Enter confirm   Esc no")
    default_focus = "no"

    def __init__(
        self,
        context: GameContext,
        question: str,
        detail: str,
        on_yes: Callable[[], None],
        underneath: Scene,
        yes_label: str = N_("Delete"),
    ) -> None:
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.underneath = underneath
        self.yes_label = yes_label
        super().__init__(context)

    def build(self) -> list[Item]:
        """Yes and No."""
        return [
            Button(
                "yes",
                Box(450, 372, 180, 50),
                hotkeys=(pygame.K_y,),
                label=self.yes_label,
                key="Y",
                kind="danger",
                on_press=self.yes,
            ),
            Button(
                "no",
                Box(650, 372, 180, 50),
                hotkeys=(pygame.K_n,),
                label=N_("Keep it"),
                key="N",
                kind="plain",
                on_press=self.back,
            ),
        ]

    def yes(self) -> None:
        """Close the question, then do it."""
        if self.scenes is not None:
            self.scenes.pop()
        self.on_yes()

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The asking screen, dimmed."""
        self.underneath.draw(surface)
        dim(surface, (4, 6, 8, 180))

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The question card."""
        draw_panel(surface, viewport, Box(400, 250, 480, 200), "", 245)
        draw_text(surface, viewport, self.question, (640, 292), 22, GOLD, True, 440, "center")
        draw_text(surface, viewport, self.detail, (640, 330), 14, MUTED, False, 440, "center")


class LoadScene(FormScene):
    """The saves, and Load / Delete / Back."""

    title = N_("Load game")
    subtitle = N_("Pick a saved game to play on exactly where it was left.")
    hint = N_("↑ ↓ choose a save   Enter load   Del delete   Esc back")
    default_focus = "save:0"
    message_at = MESSAGE_CENTRE
    message_width = LIST_PANEL.width - 40

    def __init__(self, context: GameContext) -> None:
        self.saves = [describe_save(slot) for slot in list_saves()]
        self.selected = 0
        self.first = 0
        super().__init__(context)

    def refresh(self) -> None:
        """Read the list of saves again (after a delete)."""
        self.saves = [describe_save(slot) for slot in list_saves()]
        self.selected = min(self.selected, max(0, len(self.saves) - 1))
        self.rebuild(f"save:{self.selected}" if self.saves else "back")

    def build(self) -> list[Item]:
        """A tile per save (a window of them following the selection), then the buttons."""
        items: list[Item] = []
        self.first = min(max(0, self.selected - VISIBLE + 1), self.first)
        self.first = max(self.first, self.selected - VISIBLE + 1, 0)
        for row, info in enumerate(self.saves[self.first : self.first + VISIBLE]):
            index = self.first + row
            box = Box(LIST_PANEL.x + 12, LIST_TOP + row * ROW_HEIGHT, LIST_PANEL.width - 24, 53)
            items.append(
                Tile(
                    f"save:{index}",
                    box,
                    title=info.game,
                    subtitle=info.detail(),
                    selected=index == self.selected,
                    on_press=_chooser(self, index),
                )
            )
        some = bool(self.saves)
        items += [
            Button(
                "back",
                Box(LIST_PANEL.x, 630, 180, 50),
                label=N_("Back"),
                key="Esc",
                kind="quiet",
                on_press=self.back,
            ),
            Button(
                "delete",
                Box(LIST_PANEL.right - 400, 630, 180, 50),
                some,
                (pygame.K_DELETE, pygame.K_d),
                N_("Delete"),
                "Del",
                "danger",
                self.ask_delete,
            ),
            Button(
                "load",
                Box(LIST_PANEL.right - 200, 630, 200, 50),
                some,
                (),
                N_("Load"),
                "↵",
                "primary",
                self.load,
            ),
        ]
        return items

    def choose(self, index: int) -> None:
        """Select a save; choosing the selected one again loads it."""
        if index == self.selected:
            self.load()
            return
        self.selected = index

    def move(self, direction: int) -> None:
        """Up/Down move the selection through the saves (the list scrolls with it)."""
        ident = self.focused_ident
        if ident.startswith("save:") and self.saves:
            index = int(ident.split(":")[1]) + direction
            if 0 <= index < len(self.saves):
                self.selected = index
                self.rebuild(f"save:{index}")
                return
        super().move(direction)
        if self.focused_ident.startswith("save:"):
            self.selected = int(self.focused_ident.split(":")[1])
            self.rebuild()

    def enter(self) -> None:
        """Enter on a save loads it."""
        if self.focused_ident.startswith("save:"):
            self.load()
            return
        super().enter()

    def load(self) -> None:
        """Open the selected save at the table (or say why it cannot)."""
        if not self.saves or self.scenes is None:
            return
        slot = self.saves[self.selected].slot
        session, problem = load_session(slot)
        if session is None:
            self.refresh()  # a damaged save was set aside: it is no longer in the list
            self.say(problem or _("The save '{name}' has gone.").format(name=slot))
            return
        self.context.routes.open_table(self.scenes, session)

    def ask_delete(self) -> None:
        """Ask before deleting the selected save."""
        if not self.saves or self.scenes is None:
            return
        info = self.saves[self.selected]
        self.scenes.push(
            ConfirmScene(
                self.context,
                _("Delete '{name}'?").format(name=_(info.game)),
                _("The save is removed from disk; this cannot be undone."),
                lambda: self.delete(info.slot),
                self,
            )
        )

    def delete(self, slot: str) -> None:
        """Delete a save (after the question) and show the list again."""
        problem = delete_save(slot)
        self.refresh()
        if problem:
            self.say(problem)
        else:
            self.say(_("Deleted '{name}'.").format(name=slot), problem=False)

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The list's panel, or a word when there are no saves."""
        count = number(len(self.saves))
        draw_panel(surface, viewport, LIST_PANEL, _("Saved games ({count})").format(count=count))
        if not self.saves:
            words = _("No saved games yet. Press Escape at the table and choose Save game.")
            draw_text(surface, viewport, words, LIST_PANEL.centre, 16, MUTED, False, 900, "center")
        if self.first > 0:
            draw_text(
                surface,
                viewport,
                _("▲ more"),
                (LIST_PANEL.right - 20, LIST_PANEL.y + 14),
                12,
                MUTED,
                False,
                None,
                "topright",
            )
        if self.first + VISIBLE < len(self.saves):
            draw_text(
                surface,
                viewport,
                _("▼ more"),
                (LIST_PANEL.right - 20, LIST_BOTTOM),
                12,
                MUTED,
                False,
                None,
                "topright",
            )


def _chooser(scene: LoadScene, index: int) -> Callable[[], None]:
    return lambda: scene.choose(index)
