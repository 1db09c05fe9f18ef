"""The pause menu over the table (Escape): Resume, Rules, Settings, Hand history, Save game (a
named slot), Quit to menu (which autosaves and shows the session's summary)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import pygame

from game.engine.observation import Observation
from game.i18n import N_, _, language, number
from game.persistence.saves import SaveError, save_session
from game.records import RecordKeeper
from game.session import Session
from game.ui.art.art import dim
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import GOLD
from game.ui.kit.widgets import (
    MUTED,
    Button,
    FormScene,
    Item,
    TextField,
    button_column,
    draw_panel,
    draw_text,
)
from game.ui.play.summary_scene import SummaryScene
from game.ui.shell.context import GameContext

PANEL_WIDTH = 360.0
BUTTONS_TOP = 80.0
"""From the card's top to its first button (the title and the game's line above)."""
ROW, GAP = 50.0, 12.0
FIELD_TOP = 130.0
"""Naming a save: from the card's top to the name field (the title and a line above)."""
PAD = 26.0
"""Under the last button."""
MESSAGE_ROOM = 56.0
"""What the card grows by while it shows a message (saved, or why not): two lines."""


def pause_panel(content: float) -> Box:
    """The card for `content` logical units of title and buttons, centred on the screen."""
    height = content + PAD
    return Box(640 - PANEL_WIDTH / 2, 360 - height / 2, PANEL_WIDTH, height)


PANEL = pause_panel(BUTTONS_TOP + 6 * ROW + 5 * GAP)
"""The pause card: its six buttons."""

NAMING_PANEL = pause_panel(FIELD_TOP + 178)
"""The card while a save is named: the field, Save and Cancel."""


class PausedTable(Protocol):
    """What the pause menu needs of the table under it."""

    session: Session
    title: str

    @property
    def tally(self) -> RecordKeeper | None:
        """The session's record keeper, if it has one."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table as it stands."""
        ...

    def observe(self, viewer: int | bool | None = True) -> Observation:
        """What the table's viewer sees now."""
        ...


def default_slot_name(title: str, deal: int) -> str:
    """A save name nobody has to type: the game, the deal and the time (in Hindi and Tagalog,
    whose words a save name cannot hold, 'Trey', the deal and the time in digits)."""
    if language() != "en":
        return " ".join(("Trey", str(deal), f"{datetime.now():%d-%m %H-%M}"))
    clean = "".join(ch for ch in title if ch.isalnum() or ch in " -_").strip() or "Game"
    stamp = datetime.now().strftime("%d %b %H-%M")
    return f"{clean} deal {deal} {stamp}"[:40]


class PauseScene(FormScene):
    """Resume, Rules, Settings, Save game, Quit to menu; the table dimmed underneath."""

    hint = N_("↑ ↓ move   Enter choose   Esc resume")
    default_focus = "resume"
    message_at = (PANEL.centre[0], PANEL.bottom + (MESSAGE_ROOM - PAD) / 2)
    message_width = PANEL.width - 32

    def __init__(self, context: GameContext, table: PausedTable) -> None:
        self.table = table
        self.naming = False
        self.slot = ""
        super().__init__(context)

    def build(self) -> list[Item]:
        """The pause buttons, or the save-name field with Save and Cancel."""
        panel = NAMING_PANEL if self.naming else PANEL
        self.message_at = (panel.centre[0], panel.bottom + (MESSAGE_ROOM - PAD) / 2)
        if self.naming:
            field = TextField(
                "slot",
                Box(panel.x + 24, panel.y + FIELD_TOP, panel.width - 48, 44),
                get=lambda: self.slot,
                put=self.set_slot,
                limit=40,
            )
            return [
                field,
                Button(
                    "save",
                    Box(panel.x + 24, panel.y + FIELD_TOP + 70, panel.width - 48, 48),
                    label=N_("Save"),
                    key="↵",
                    kind="primary",
                    on_press=self.save,
                ),
                Button(
                    "cancel",
                    Box(panel.x + 24, panel.y + FIELD_TOP + 130, panel.width - 48, 48),
                    label=N_("Cancel"),
                    key="Esc",
                    kind="quiet",
                    on_press=self.back,
                ),
            ]
        entries = [
            ("resume", N_("Resume"), "Esc", "primary", 0, self.resume_play),
            ("rules", N_("Rules"), "R", "plain", pygame.K_r, self.rules),
            ("settings", N_("Settings"), "S", "plain", pygame.K_s, self.settings),
            ("history", N_("Hand history"), "H", "plain", pygame.K_h, self.history),
            ("save", N_("Save game"), "G", "plain", pygame.K_g, self.ask_name),
            ("menu", N_("Quit to menu"), "Q", "danger", pygame.K_q, self.quit_to_menu),
        ]
        return button_column(
            entries, panel.centre[0], panel.y + BUTTONS_TOP, panel.width - 60, ROW, GAP
        )

    @property
    def panel(self) -> Box:
        """The card: the buttons', or the save name's while naming; longer by the message's
        room while a message shows under the buttons."""
        panel = NAMING_PANEL if self.naming else PANEL
        if not self.message:
            return panel
        return Box(panel.x, panel.y, panel.width, panel.height + MESSAGE_ROOM)

    def set_slot(self, name: str) -> None:
        """A typed save name."""
        self.slot = name
        self.message = ""

    def enter(self) -> None:
        """Enter in the name field saves."""
        if self.naming and self.focused_ident == "slot":
            self.save()
            return
        super().enter()

    # --- actions --------------------------------------------------------------------------

    def resume_play(self) -> None:
        """Back to the table."""
        if self.scenes is not None:
            self.scenes.pop()

    def back(self) -> None:
        """Escape: leave the name field, or resume play."""
        if self.naming:
            self.naming = False
            self.rebuild("save")
            return
        self.resume_play()

    def rules(self) -> None:
        """The rules of the table in play, with its house options."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.rules(table_rules=self.table.session.rules))

    def settings(self) -> None:
        """The settings (the table takes on any change when play resumes)."""
        if self.scenes is not None:
            self.scenes.push(self.context.routes.settings())

    def history(self) -> None:
        """The finished deals of this session, to watch again step by step or export."""
        if self.scenes is not None:
            session = self.table.session
            viewer = session.humans[0] if session.humans else 0
            self.scenes.push(self.context.routes.history(session, viewer))

    def ask_name(self) -> None:
        """Show the save-name field, filled with a name that will do."""
        self.naming = True
        self.slot = default_slot_name(self.table.title, self.table.observe().deal_number)
        self.message = ""
        self.rebuild("slot")

    def save(self) -> None:
        """Save the session in the named slot; say how it went."""
        name = self.slot.strip()
        try:
            problem = save_session(self.table.session, name)
        except SaveError as error:
            problem = str(error)
        if problem:
            self.say(_("Not saved: {problem}").format(problem=problem))
            return
        self.naming = False
        self.rebuild("resume")
        self.say(
            _("Saved as '{name}'. Load it from the main menu.").format(name=name), problem=False
        )

    def quit_to_menu(self) -> None:
        """Leave the table: it autosaves; the session's summary comes up, then the menu."""
        if self.scenes is None or self.table.tally is None:
            return
        scenes = self.scenes
        scenes.pop()
        scenes.replace(SummaryScene(self.context, self.table.tally, table=None, ended=False))

    # --- drawing --------------------------------------------------------------------------

    def draw_background(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The table as it stands, dimmed."""
        self.table.draw(surface)
        dim(surface, (6, 8, 10, 175))

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The card the buttons sit on."""
        panel = self.panel
        draw_panel(surface, viewport, panel, "", 238)
        title = _("Save game") if self.naming else _("Paused")
        draw_text(
            surface,
            viewport,
            title,
            (panel.centre[0], panel.y + 34),
            28,
            GOLD,
            True,
            None,
            "center",
        )
        if self.naming:
            words = _("Type a name for this save:")
            draw_text(
                surface,
                viewport,
                words,
                (panel.x + 26, panel.y + 96),
                14,
                MUTED,
                False,
                panel.width - 52,
            )
        else:
            words = _("{game}  ·  deal {number}").format(
                game=_(self.table.title), number=number(self.table.observe().deal_number)
            )
            draw_text(
                surface,
                viewport,
                words,
                (panel.centre[0], panel.y + 66),
                14,
                MUTED,
                False,
                panel.width - 40,
                "center",
            )
