"""New-game setup: the game preset, every house-rule option of its family, the seats (people or
bots of a level, with names) and the starting chips; Deal has the focus, so New game → Deal is
two presses.

The options are the rules model's own fields (option_choices.choices_for); Deal validates them
with make_rules and shows the RulesError sentence if the combination is refused.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.bots.registry import BOT_LEVELS
from game.engine.families import Family, family_info
from game.engine.rules import APP_TABLE_LIMITS, PRESETS, RULE_MODELS, Rules, RulesError, make_rules
from game.i18n import N_, _, number
from game.persistence.last_game import LastGame, SeatChoiceRecord, load_last_game, save_last_game
from game.session import PERSON_NAME, SeatPlan, Session
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import wrap
from game.ui.kit.widgets import (
    MUTED,
    Button,
    FormScene,
    Item,
    Stepper,
    TextField,
    Tile,
    draw_panel,
    draw_text,
)
from game.ui.menus.option_choices import Choice, choices_for, describe_value, plain_words
from game.ui.shell.context import GameContext

NAMES = (
    "You",
    "Priya",
    "Oliver",
    "Arjun",
    "Meera",
    "Harry",
    "Kabir",
    "Amelia",
    "Rohan",
    "Isla",
    "Asha",
    "Tom",
    "Sanjay",
    "Grace",
)
"""Names to pick from (any other can be typed): proper names, data rather than words, kept as
they are in every language ("You" is the person's seat, which the narration speaks to)."""

PRESET_TAGLINES = {
    "teen_patti": N_("The classic, with the apps' limits"),
    "teen_patti_no_limit": N_("As the rule texts play it"),
    "muflis": N_("Lowball: the lowest hand wins"),
    "jokers": N_("All four 2s are wild"),
    "brag": N_("The British classic"),
    "brag_floaters": N_("The braggers are wild"),
    "four_card_brag": N_("Discard one, brag with three"),
    "three_card_poker": N_("A designated player banks"),
    "casino": N_("Play against the house"),
}
"""A few words under each preset's name (its summary shows below the list); translated where
drawn."""

FAMILY_TAGLINES = {
    Family.TEEN_PATTI: N_("Teen patti"),
    Family.BRAG: N_("Brag"),
    Family.THREE_CARD_POKER: N_("Three card poker"),
    Family.CASINO: N_("Three card poker casino"),
}
"""The words under a preset without a tagline: its family."""

LEVEL_NAMES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
"""The bot levels in words (a level not listed shows its registry name)."""

STACKS = (50, 100, 200, 500, 1000, 2000, 5000)
"""Starting chips offered."""

DEFAULT_STACK = 200
DEFAULT_SEATS = 4
MAX_SEATS = 7

PERSON = "person"
"""The kind of a seat a person plays (any other kind is a bot level)."""

GAME_PANEL = Box(20, 92, 300, 568)
RULES_PANEL = Box(334, 92, 566, 568)
PLAYERS_PANEL = Box(914, 92, 346, 496)
ROW_HEIGHT = 46.0

VISIBLE_PRESETS = 8
"""Preset tiles on show at once (the list scrolls with the focus and the wheel)."""

VISIBLE_RULES = 11
"""House-rule rows on show at once (the panel scrolls with the focus and the wheel)."""
SEAT_HEIGHT = 40.0


@dataclass
class SeatChoice:
    """One seat being set up: a name and 'person' or a bot level."""

    name: str
    kind: str
    set_aside: str = ""
    """The person's name "You" while a bot plays the seat under a bot's name (given back to a
    person)."""


def default_level() -> str:
    """The bot level offered first: 'medium' if there is one, else the middle level."""
    levels = list(BOT_LEVELS)
    return "medium" if "medium" in BOT_LEVELS else levels[len(levels) // 2]


def kinds() -> list[str]:
    """Every seat kind: a person, then each bot level (read from the registry at runtime)."""
    return [PERSON, *BOT_LEVELS]


def describe_kind(kind: str) -> str:
    """'Person' or 'Bot · Medium', in the player's language."""
    if kind == PERSON:
        return _("Person")
    if kind in LEVEL_NAMES:
        level = _(LEVEL_NAMES[kind])
    else:
        level = kind.replace("+", " + ").replace("_", " ").capitalize()
    return _("Bot · {level}").format(level=level)


def fewest_seats(family: str) -> int:
    """Casino plays against the house, so one seat will do; the others need two."""
    return family_info(family).seats.start


class SetupScene(FormScene):
    """Choose a game, its house rules and the table, then Deal."""

    title = N_("New game")
    subtitle = N_("Pick a game, change any house rule, seat people and bots, then deal.")
    hint = N_("↑ ↓ move   ← → change   type a name when it is focused   Enter deal   Esc back")
    default_focus = "start"

    def __init__(self, context: GameContext, preset: str | None = None) -> None:
        chosen = preset or context.settings.last_preset
        self.preset = chosen if chosen in PRESETS else "teen_patti"
        self.presets_first = max(0, list(PRESETS).index(self.preset) - VISIBLE_PRESETS + 1)
        self.rules_first = 0
        self.options: dict[str, Any] = {}
        self.stack = DEFAULT_STACK
        rng = random.Random(context.seed)
        bots = rng.sample(NAMES[1:10], MAX_SEATS)
        if context.hotseat:
            self.seats = [SeatChoice("Asha", PERSON), SeatChoice("Tom", PERSON)]
            self.seats += [SeatChoice(name, default_level()) for name in bots[:2]]
        else:
            self.seats = [SeatChoice(PERSON_NAME, PERSON)]
            self.seats += [SeatChoice(name, default_level()) for name in bots[: DEFAULT_SEATS - 1]]
        self.spare_names = bots
        self.reset_options()
        if preset is None and not context.hotseat:
            self._restore_last_game(context)
        super().__init__(context)

    def _restore_last_game(self, context: GameContext) -> None:
        """Start from the last game's choices when it was of this preset."""
        loaded = load_last_game()
        if loaded.problem:
            context.notes.append(loaded.problem)
        last = loaded.value
        if last.preset != self.preset:
            return
        fields = {choice.field: choice for choice in self.choices}
        for field, value in last.options.items():
            if field in fields and value in fields[field].values:
                self.options[field] = value
        seats = [SeatChoice(seat.name, seat.kind) for seat in last.seats if seat.kind in kinds()]
        if fewest_seats(self.family) <= len(seats) <= MAX_SEATS:
            self.seats = seats
        if last.stack in STACKS:
            self.stack = last.stack

    def _remember(self) -> str:
        """Keep this table's choices for the next new game; '' or why not."""
        return save_last_game(
            LastGame(
                preset=self.preset,
                options=dict(self.options),
                seats=[SeatChoiceRecord(name=seat.name, kind=seat.kind) for seat in self.seats],
                stack=self.stack,
            )
        )

    # --- state ----------------------------------------------------------------------------

    @property
    def family(self) -> str:
        """The rules family of the chosen preset."""
        return PRESETS[self.preset].family

    @property
    def choices(self) -> list[Choice]:
        """The option rows of the chosen family."""
        return choices_for(RULE_MODELS[self.family])

    def reset_options(self) -> None:
        """The chosen preset's values for every option row."""
        rules = PRESETS[self.preset].rules()
        values = rules.model_dump()
        self.options = {choice.field: values[choice.field] for choice in self.choices}

    def choose_preset(self, name: str) -> None:
        """Switch game: its options, and enough seats for it."""
        self.preset = name
        self.rules_first = 0
        self.reset_options()
        while len(self.seats) < fewest_seats(self.family):
            self.add_seat()
        self.message = ""

    def step_option(self, choice: Choice, direction: int) -> None:
        """The next value of an option (a new boot carries the apps' table limits with it)."""
        before = self.options.get(choice.field)
        self.options[choice.field] = choice.step(before, direction)
        if choice.field == "boot" and isinstance(before, int):
            self._scale_table_limits(before, self.options["boot"])
        self.message = ""

    def _scale_table_limits(self, old_boot: int, new_boot: int) -> None:
        """The chaal and pot limits stay the same multiples of the boot when they were the
        apps' (128 and 1,024 boots)."""
        for field in ("chaal_limit", "pot_limit"):
            per_boot = APP_TABLE_LIMITS[field]
            if isinstance(per_boot, int) and self.options.get(field) == per_boot * old_boot:
                self.options[field] = per_boot * new_boot

    def add_seat(self) -> None:
        """One more bot, with a name nobody uses."""
        self.seats.append(SeatChoice(self._unused_bot_name(), default_level()))

    def _unused_bot_name(self) -> str:
        """A bot's name that no seat uses (never "You", the person's own seat)."""
        used = {seat.name for seat in self.seats} | {PERSON_NAME}
        return next((n for n in (*self.spare_names, *NAMES) if n not in used), _("Player"))

    def step_seats(self, direction: int) -> None:
        """More or fewer seats, within the game's limits (wrapping round)."""
        fewest = fewest_seats(self.family)
        count = len(self.seats) + direction
        if count > MAX_SEATS:
            count = fewest
        elif count < fewest:
            count = MAX_SEATS
        while len(self.seats) < count:
            self.add_seat()
        del self.seats[count:]

    def step_stack(self, direction: int) -> None:
        """The next starting-chips value."""
        index = STACKS.index(self.stack) if self.stack in STACKS else 0
        self.stack = STACKS[(index + direction) % len(STACKS)]

    def step_kind(self, seat: int, direction: int) -> None:
        """Person, or the next bot level."""
        options = kinds()
        current = self.seats[seat].kind
        index = options.index(current) if current in options else 0
        chosen = self.seats[seat]
        chosen.kind = options[(index + direction) % len(options)]
        if chosen.kind != PERSON and chosen.name == PERSON_NAME:
            chosen.set_aside, chosen.name = chosen.name, self._unused_bot_name()
        elif chosen.kind == PERSON and chosen.set_aside:
            if all(other.name != chosen.set_aside for other in self.seats):
                chosen.name = chosen.set_aside
            chosen.set_aside = ""

    def step_name(self, seat: int, direction: int) -> None:
        """The next name from the list that no other seat uses."""
        used = {choice.name for index, choice in enumerate(self.seats) if index != seat}
        current = self.seats[seat].name
        start = NAMES.index(current) if current in NAMES else -1 if direction > 0 else 0
        for offset in range(1, len(NAMES) + 1):
            name = NAMES[(start + direction * offset) % len(NAMES)]
            if name == PERSON_NAME and self.seats[seat].kind != PERSON:
                continue
            if name not in used:
                self.seats[seat].name = name
                return

    def set_name(self, seat: int, name: str) -> None:
        """A typed name."""
        self.seats[seat].name = name
        self.message = ""

    # --- starting -------------------------------------------------------------------------

    def plans(self) -> list[SeatPlan] | str:
        """The seats as the session takes them, or the sentence saying what is wrong."""
        plans: list[SeatPlan] = []
        seen: set[str] = set()
        for index, seat in enumerate(self.seats, start=1):
            name = seat.name.strip()
            if not name:
                return _("Seat {seat} needs a name: type one or pick one with ◀ ▶.").format(
                    seat=index
                )
            if "#" in name:
                return _(
                    "Seat {seat}'s name cannot hold '#' (hand histories use it for notes)."
                ).format(seat=index)
            if name.lower() in seen:
                return _("Two seats are called {name}: give each seat its own name.").format(
                    name=name
                )
            seen.add(name.lower())
            if seat.kind == PERSON:
                plans.append(SeatPlan(name, True))
            else:
                plans.append(SeatPlan(name, False, seat.kind))
        return plans

    def rules(self) -> Rules:
        """The validated rules; raises RulesError with a sentence."""
        preset = PRESETS[self.preset]
        return make_rules(self.family, **{**preset.options, **self.options})

    def start(self) -> None:
        """Validate everything and open the table (or say what is refused)."""
        try:
            rules = self.rules()
        except RulesError as error:
            self.say(_("These house rules do not go together: {problem}").format(problem=error))
            return
        plans = self.plans()
        if isinstance(plans, str):
            self.say(plans)
            return
        session = Session(rules, plans, stack=self.stack, seed=self.context.next_seed())
        self.context.settings.last_preset = self.preset
        for problem in (self.context.save_settings(), self._remember()):
            if problem:
                self.context.notes.append(problem)
        if self.scenes is not None:
            self.context.routes.open_table(self.scenes, session, PRESETS[self.preset].title)

    # --- items ----------------------------------------------------------------------------

    def _windows(self) -> None:
        """Keep the first shown preset and rule within range."""
        self.presets_first = max(0, min(self.presets_first, len(PRESETS) - VISIBLE_PRESETS))
        self.rules_first = max(0, min(self.rules_first, len(self.choices) - VISIBLE_RULES))

    def move(self, direction: int) -> None:
        """Up/Down walk the whole preset list and every rule, scrolling their panels."""
        ident = self.focused_ident
        names = list(PRESETS)
        fields = [choice.field for choice in self.choices]
        for prefix, keys, first, visible in (
            ("preset:", names, "presets_first", VISIBLE_PRESETS),
            ("option:", fields, "rules_first", VISIBLE_RULES),
        ):
            if not ident.startswith(prefix):
                continue
            index = keys.index(ident[len(prefix) :]) + direction
            start = getattr(self, first)
            if 0 <= index < len(keys) and not start <= index < start + visible:
                setattr(self, first, index if index < start else index - visible + 1)
                self._windows()
                self.rebuild(prefix + keys[index])
                return
        super().move(direction)

    def reveal(self, ident: str) -> None:
        """Scroll the game list or the house rules so the item called `ident` is on show."""
        if any(item.ident == ident for item in self.items):
            return
        if ident.startswith("preset:") and ident[7:] in PRESETS:
            self.presets_first = list(PRESETS).index(ident[7:])
        fields = [choice.field for choice in self.choices]
        if ident.startswith("option:") and ident[7:] in fields:
            self.rules_first = fields.index(ident[7:])
        self._windows()
        self.rebuild()

    def item(self, ident: str) -> Item:
        """The item called `ident`, scrolled into view first."""
        self.reveal(ident)
        return super().item(ident)

    def focus_on(self, ident: str) -> None:
        """Focus the item called `ident`, scrolled into view first."""
        self.reveal(ident)
        super().focus_on(ident)

    def scroll(self, lines: int) -> None:
        """The wheel scrolls the game list or the house rules, whichever has the focus."""
        if self.focused_ident.startswith("preset:"):
            self.presets_first += lines
        else:
            self.rules_first += lines
        self._windows()
        self.rebuild()

    def build(self) -> list[Item]:
        """Preset tiles, option rows, seat rows, Back and Deal (long lists: a scrolled window)."""
        items: list[Item] = []
        self._windows()
        shown = list(PRESETS.items())[self.presets_first : self.presets_first + VISIBLE_PRESETS]
        for row, (name, preset) in enumerate(shown):
            box = Box(GAME_PANEL.x + 10, GAME_PANEL.y + 50 + row * 52, GAME_PANEL.width - 20, 48)
            family = preset.family.replace("_", " ").capitalize()
            subtitle = PRESET_TAGLINES.get(name, FAMILY_TAGLINES.get(preset.family, family))
            items.append(_tile(name, box, preset.title, subtitle, name == self.preset, self))
        rules = self.choices[self.rules_first : self.rules_first + VISIBLE_RULES]
        for row, choice in enumerate(rules):
            box = Box(
                RULES_PANEL.x + 8,
                RULES_PANEL.y + 50 + row * ROW_HEIGHT,
                RULES_PANEL.width - 16,
                ROW_HEIGHT - 2,
            )
            items.append(
                Stepper(
                    f"option:{choice.field}",
                    box,
                    label=choice.label,
                    explanation=_explanation(choice),
                    tooltip=choice.source,
                    value=_value_of(self.options, choice.field),
                    on_step=_stepper(self.step_option, choice),
                    value_width=190,
                )
            )
        top = PLAYERS_PANEL.y + 50
        width = PLAYERS_PANEL.width - 16
        left = PLAYERS_PANEL.x + 8
        items.append(
            Stepper(
                "seats",
                Box(left, top, width, 40),
                label=N_("Seats"),
                value=lambda: f"{len(self.seats)}",
                on_step=self.step_seats,
                value_width=130,
            )
        )
        items.append(
            Stepper(
                "stack",
                Box(left, top + 42, width, 40),
                label=N_("Starting chips"),
                value=lambda: number(self.stack),
                on_step=self.step_stack,
                value_width=130,
            )
        )
        for seat in range(len(self.seats)):
            y = top + 94 + seat * SEAT_HEIGHT
            items.append(
                TextField(
                    f"name:{seat}",
                    Box(left + 4, y, 140, SEAT_HEIGHT - 4),
                    get=_name_getter(self, seat),
                    put=_name_putter(self, seat),
                    on_step=_seat_stepper(self.step_name, seat),
                )
            )
            items.append(
                Stepper(
                    f"kind:{seat}",
                    Box(left + 148, y, width - 152, SEAT_HEIGHT - 4),
                    value=_kind_getter(self, seat),
                    on_step=_seat_stepper(self.step_kind, seat),
                )
            )
        items.append(
            Button(
                "back",
                Box(PLAYERS_PANEL.x, 604, 130, 52),
                hotkeys=(),
                label=N_("Back"),
                key="Esc",
                kind="quiet",
                on_press=self.back,
            )
        )
        items.append(
            Button(
                "start",
                Box(PLAYERS_PANEL.x + 142, 604, PLAYERS_PANEL.width - 142, 52),
                label=N_("Deal"),
                key="↵",
                kind="primary",
                on_press=self.start,
            )
        )
        return items

    def enter(self) -> None:
        """Enter deals from anywhere except a tile (which it chooses) or a row (which it steps)."""
        item = self.focused
        if item is not None and (item.ident.startswith("preset:") or item.ident == "back"):
            super().enter()
            return
        if item is not None and isinstance(item, Stepper) and not isinstance(item, TextField):
            super().enter()
            return
        self.start()

    # --- drawing --------------------------------------------------------------------------

    def _draw_more(
        self,
        surface: pygame.Surface,
        viewport: Viewport,
        panel: Box,
        first: int,
        total: int,
        visible: int,
    ) -> None:
        """'▲ more' / '▼ more' at a panel's title line when its list runs past the window."""
        above, below = _more_marks(first, total, visible)
        marks = ("▲ " if above else "") + ("▼ " if below else "")
        if marks:
            words = _("{marks}more (wheel)").format(marks=marks)
            draw_text(
                surface,
                viewport,
                words,
                (panel.right - 16, panel.y + 22),
                13,
                MUTED,
                False,
                None,
                "topright",
            )

    def draw_content(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The three panels, the preset's summary, and a note under the seats."""
        draw_panel(surface, viewport, GAME_PANEL, N_("Game"))
        title = _(PRESETS[self.preset].title)
        draw_panel(surface, viewport, RULES_PANEL, _("House rules · {title}").format(title=title))
        draw_panel(surface, viewport, PLAYERS_PANEL, N_("Players"))
        summary = _(PRESETS[self.preset].summary)
        shown = min(len(PRESETS), VISIBLE_PRESETS)
        top = GAME_PANEL.y + 50 + shown * 52 + 8
        self._draw_more(surface, viewport, GAME_PANEL, self.presets_first, len(PRESETS), shown)
        rules = min(len(self.choices), VISIBLE_RULES)
        self._draw_more(surface, viewport, RULES_PANEL, self.rules_first, len(self.choices), rules)
        for line in wrap(summary, 13, viewport.length(GAME_PANEL.width - 36))[:3]:
            draw_text(surface, viewport, line, (GAME_PANEL.x + 18, top), 13, MUTED)
            top += 18
        if self.family == Family.CASINO:
            note = _("Casino: everyone plays the house; 1 to 7 seats.")
        else:
            note = _("2 to 7 seats; seat 1 sits at the bottom.")
        y = PLAYERS_PANEL.y + 50 + 94 + len(self.seats) * SEAT_HEIGHT + 6
        draw_text(surface, viewport, note, (PLAYERS_PANEL.x + 16, y), 12, MUTED, False, 320)


def _more_marks(first: int, total: int, visible: int) -> tuple[bool, bool]:
    """Whether a scrolled list has more above and more below its window."""
    return first > 0, first + visible < total


def _tile(
    name: str, box: Box, title: str, subtitle: str, selected: bool, scene: SetupScene
) -> Item:
    return Tile(
        f"preset:{name}",
        box,
        title=title,
        subtitle=subtitle,
        selected=selected,
        on_press=lambda: scene.choose_preset(name),
    )


def _explanation(choice: Choice) -> str:
    """A rule row's explanation in the player's language, without its sources' codes."""
    if not choice.description:
        return choice.explanation
    return plain_words(_(choice.description))[0]


def _value_of(options: dict[str, Any], field: str) -> Any:
    def shown() -> str:
        words = _(describe_value(options.get(field), field))
        return words[:1].upper() + words[1:]

    return shown


def _stepper(step: Any, choice: Choice) -> Any:
    return lambda direction: step(choice, direction)


def _seat_stepper(step: Any, seat: int) -> Any:
    return lambda direction: step(seat, direction)


def _name_getter(scene: SetupScene, seat: int) -> Any:
    return lambda: scene.seats[seat].name if seat < len(scene.seats) else ""


def _name_putter(scene: SetupScene, seat: int) -> Any:
    return lambda name: scene.set_name(seat, name)


def _kind_getter(scene: SetupScene, seat: int) -> Any:
    return lambda: describe_kind(scene.seats[seat].kind) if seat < len(scene.seats) else ""
