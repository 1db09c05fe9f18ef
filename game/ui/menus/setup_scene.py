"""New-game setup: the game preset, every house-rule option of its family, the seats (people or
bots of a level, with names) and the starting chips; Deal has the focus, so New game → Deal is
two presses.

The options are the rules model's own fields (option_choices.choices_for); Deal validates them
with make_rules and shows the RulesError sentence if the combination is refused. The house rules
that define the chosen preset (where it differs from its family's defaults) and the everyday ones
come first; the rest wait under a "More house rules" fold, closed unless one of them was changed.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.bots.registry import BOT_LEVELS
from game.engine.families import MOST_SEATS, Family, family_info
from game.engine.rules import (
    APP_TABLE_LIMITS,
    DEFAULT_STACK,
    PRESETS,
    RULE_MODELS,
    STACKS,
    Rules,
    RulesError,
    make_rules,
    stack_choices,
    starting_stack,
)
from game.i18n import N_, _, ngettext, number
from game.persistence.last_game import (
    PERSON,
    LastGame,
    SeatChoiceRecord,
    load_last_game,
    save_last_game,
)
from game.session import PERSON_NAME, SeatPlan, Session
from game.ui.kit.layout import Box, Viewport
from game.ui.kit.panels import wrap
from game.ui.kit.widgets import (
    MUTED,
    Fold,
    FormScene,
    Item,
    Stepper,
    TextField,
    Tile,
    back_and_go,
    draw_panel,
    draw_text,
)
from game.ui.menus.option_choices import (
    Choice,
    choices_for,
    describe_value,
    first_and_more,
    plain_words,
)
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

LEVEL_NAMES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
"""The bot levels in words (a level not listed shows its registry name)."""

DEFAULT_SEATS = 4

GAME_PANEL = Box(20, 92, 300, 568)
RULES_PANEL = Box(334, 92, 566, 568)
PLAYERS_PANEL = Box(914, 92, 346, 496)
ROW_HEIGHT = 46.0

VISIBLE_PRESETS = 8
"""Preset tiles on show at once (the list scrolls with the focus and the wheel)."""

VISIBLE_RULES = 11
"""House-rule rows on show at once (the panel scrolls with the focus and the wheel)."""
SEAT_HEIGHT = 40.0

MORE_RULES = "more_rules"
"""The ident of the "More house rules" fold, among the house-rule rows."""


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


def most_seats(family: str) -> int:
    """The most seats a table of the family takes."""
    return family_info(family).seats.stop - 1


def seats_note(family: str) -> str:
    """The line under the seats: how many a table of this game takes (from the family's
    record), and where seat 1 sits."""
    counts = {"fewest": fewest_seats(family), "most": most_seats(family)}
    if family == Family.CASINO:
        return _("Casino: everyone plays the house; {fewest} to {most} seats.").format(**counts)
    return _("{fewest} to {most} seats; seat 1 sits at the bottom.").format(**counts)


def seated_for_play(seats: list[SeatChoice]) -> list[SeatChoice]:
    """The seats of a remembered table, with the player's own seat (seat 1, at the bottom) a
    person again when nobody was: a table of bots only was a watch, not the player's table."""
    if seats and all(seat.kind != PERSON for seat in seats):
        return [SeatChoice(seats[0].name, PERSON), *seats[1:]]
    return seats


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
        bots = rng.sample(NAMES[1:10], MOST_SEATS)
        if context.hotseat:
            self.seats = [SeatChoice("Asha", PERSON), SeatChoice("Tom", PERSON)]
            self.seats += [SeatChoice(name, default_level()) for name in bots[:2]]
        else:
            self.seats = [SeatChoice(PERSON_NAME, PERSON)]
            self.seats += [SeatChoice(name, default_level()) for name in bots[: DEFAULT_SEATS - 1]]
        self.spare_names = bots
        self.more_open = False
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
        preset_values = PRESETS[self.preset].rules().model_dump()
        self.more_open = any(
            self.options[choice.field] != preset_values[choice.field]
            for choice in self.rule_groups[1]
        )
        seats = [SeatChoice(seat.name, seat.kind) for seat in last.seats if seat.kind in kinds()]
        if len(seats) in family_info(self.family).seats:
            self.seats = seated_for_play(seats)
        self.stack = last.stack
        self._fit_stack()

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

    @property
    def rule_groups(self) -> tuple[list[Choice], list[Choice]]:
        """The option rows shown first (the rules that define the preset, then the everyday
        ones) and those under the "More house rules" fold."""
        return first_and_more(self.choices, PRESETS[self.preset].defining_rules())

    @property
    def rule_rows(self) -> list[str]:
        """The house-rule panel's rows top to bottom, as item idents: the first rules, the fold
        (when anything is under it), and the folded rules while it is open."""
        first, more = self.rule_groups
        rows = [f"option:{choice.field}" for choice in first]
        if more:
            rows.append(MORE_RULES)
        if self.more_open:
            rows += [f"option:{choice.field}" for choice in more]
        return rows

    def toggle_more_rules(self) -> None:
        """Open the "More house rules" fold, or close it."""
        self.more_open = not self.more_open
        self._windows()

    def reset_options(self) -> None:
        """The chosen preset's values for every option row."""
        rules = PRESETS[self.preset].rules()
        values = rules.model_dump()
        self.options = {choice.field: values[choice.field] for choice in self.choices}
        self._fit_stack()

    def choose_preset(self, name: str) -> None:
        """Switch game: its options, its starting chips, and enough seats for it."""
        self.preset = name
        self.rules_first = 0
        self.more_open = False
        self.stack = DEFAULT_STACK  # fitted to the new game's buy-in, if it has one
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
        self._fit_stack()
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

    def seats_at_end(self, direction: int) -> bool:
        """Whether the seats are already as few (-1) or as many (1) as the game allows."""
        if direction < 0:
            return len(self.seats) <= fewest_seats(self.family)
        return len(self.seats) >= most_seats(self.family)

    def step_seats(self, direction: int) -> None:
        """More or fewer seats, within the game's limits (stopping at either)."""
        fewest = fewest_seats(self.family)
        most = most_seats(self.family)
        count = max(fewest, min(most, len(self.seats) + direction))
        while len(self.seats) < count:
            self.add_seat()
        del self.seats[count:]

    def stack_choices(self) -> tuple[int, ...]:
        """The starting chips offered (`stack_choices`: the buy-in and its multiples at a table
        whose limits need one; the usual amounts while the house rules clash)."""
        try:
            return stack_choices(self.rules())
        except RulesError:
            return STACKS

    def _fit_stack(self) -> None:
        """Keep the starting chips one of the choices: the nearest, when the rules changed."""
        with contextlib.suppress(RulesError):  # while the house rules clash, the chips wait
            self.stack = starting_stack(self.rules(), self.stack)

    def _stack_index(self) -> int:
        choices = self.stack_choices()
        return choices.index(self.stack) if self.stack in choices else 0

    def stack_at_end(self, direction: int) -> bool:
        """Whether the starting chips are already the smallest (-1) or largest (1) offered."""
        return not 0 <= self._stack_index() + direction < len(self.stack_choices())

    def step_stack(self, direction: int) -> None:
        """The next starting-chips value (stopping at the smallest and the largest)."""
        choices = self.stack_choices()
        self.stack = choices[max(0, min(len(choices) - 1, self._stack_index() + direction))]

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
                plans.append(SeatPlan.person(name))
            else:
                plans.append(SeatPlan.bot(name, seat.kind))
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
        self.rules_first = max(0, min(self.rules_first, len(self.rule_rows) - VISIBLE_RULES))

    def move(self, direction: int) -> None:
        """Up/Down walk the whole preset list and every rule, scrolling their panels."""
        ident = self.focused_ident
        presets = [f"preset:{name}" for name in PRESETS]
        rows = self.rule_rows
        for keys, start, visible in (
            (presets, self.presets_first, VISIBLE_PRESETS),
            (rows, self.rules_first, VISIBLE_RULES),
        ):
            if ident not in keys:
                continue
            index = keys.index(ident) + direction
            if 0 <= index < len(keys) and not start <= index < start + visible:
                first = index if index < start else index - visible + 1
                if keys is presets:
                    self.presets_first = first
                else:
                    self.rules_first = first
                self._windows()
                self.rebuild(keys[index])
                return
        super().move(direction)

    def reveal(self, ident: str) -> None:
        """Scroll the game list or the house rules so the item called `ident` is on show (a
        folded rule opens the fold)."""
        if any(item.ident == ident for item in self.items):
            return
        if ident.startswith("preset:") and ident[7:] in PRESETS:
            self.presets_first = list(PRESETS).index(ident[7:])
        folded = {f"option:{choice.field}" for choice in self.rule_groups[1]}
        if ident in folded:
            self.more_open = True
        rows = self.rule_rows
        if ident in rows:
            self.rules_first = rows.index(ident)
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
            items.append(_tile(name, box, preset.title, preset.tagline, name == self.preset, self))
        choices = {f"option:{choice.field}": choice for choice in self.choices}
        rows = self.rule_rows[self.rules_first : self.rules_first + VISIBLE_RULES]
        for row, ident in enumerate(rows):
            box = Box(
                RULES_PANEL.x + 8,
                RULES_PANEL.y + 50 + row * ROW_HEIGHT,
                RULES_PANEL.width - 16,
                ROW_HEIGHT - 2,
            )
            if ident == MORE_RULES:
                items.append(self._fold(box))
                continue
            choice = choices[ident]
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
                    at_end=_option_end(self.options, choice),
                )
            )
        return items + self.table_items()

    def table_items(self) -> list[Item]:
        """The players panel's rows (seats, chips, each seat's name and kind), Back and Deal."""
        items: list[Item] = []
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
                at_end=self.seats_at_end,
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
                at_end=self.stack_at_end,
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
        last_row = Box(PLAYERS_PANEL.x, 604, PLAYERS_PANEL.width, 52)
        items += back_and_go(last_row, 130, "start", N_("Deal"), self.back, self.start)
        return items

    def _fold(self, box: Box) -> Fold:
        """The "More house rules" row: how many rules it holds, and how to open or close it."""
        count = len(self.rule_groups[1])
        if self.more_open:
            words = ngettext(
                "{count} more rule, shown below: Enter or a click folds it away.",
                "{count} more rules, shown below: Enter or a click folds them away.",
                count,
            )
        else:
            words = ngettext(
                "{count} more rule, at this game's value: Enter or a click shows it.",
                "{count} more rules, at this game's values: Enter or a click shows them.",
                count,
            )
        return Fold(
            MORE_RULES,
            box,
            label=N_("More house rules"),
            explanation=words.format(count=count),
            is_open=self.more_open,
            on_press=self.toggle_more_rules,
        )

    def enter(self) -> None:
        """Enter deals from anywhere except a tile (which it chooses), a row (which it steps) or
        the fold (which it opens or closes)."""
        item = self.focused
        if item is not None and (item.ident.startswith("preset:") or item.ident == "back"):
            super().enter()
            return
        if isinstance(item, Fold):
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
        summary = _(PRESETS[self.preset].summary)
        shown = min(len(PRESETS), VISIBLE_PRESETS)
        top = GAME_PANEL.y + 50 + shown * 52 + 8
        self._draw_more(surface, viewport, GAME_PANEL, self.presets_first, len(PRESETS), shown)
        rows = len(self.rule_rows)
        shown_rows = min(rows, VISIBLE_RULES)
        self._draw_more(surface, viewport, RULES_PANEL, self.rules_first, rows, shown_rows)
        for line in wrap(summary, 13, viewport.length(GAME_PANEL.width - 36))[:3]:
            draw_text(surface, viewport, line, (GAME_PANEL.x + 18, top), 13, MUTED)
            top += 18
        self.draw_table_panel(surface, viewport)

    def draw_table_panel(self, surface: pygame.Surface, viewport: Viewport) -> None:
        """The players panel and the note under its seats."""
        draw_panel(surface, viewport, PLAYERS_PANEL, N_("Players"))
        note = seats_note(self.family)
        y = PLAYERS_PANEL.y + 50 + 94 + len(self.seats) * SEAT_HEIGHT + 6
        for line in wrap(note, viewport.length(12), viewport.length(320))[:2]:
            draw_text(surface, viewport, line, (PLAYERS_PANEL.x + 16, y), 12, MUTED, False, 320)
            y += 16


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


def _option_end(options: dict[str, Any], choice: Choice) -> Callable[[int], bool]:
    return lambda direction: choice.at_end(options.get(choice.field), direction)


def _seat_stepper(step: Any, seat: int) -> Any:
    return lambda direction: step(seat, direction)


def _name_getter(scene: SetupScene, seat: int) -> Any:
    return lambda: scene.seats[seat].name if seat < len(scene.seats) else ""


def _name_putter(scene: SetupScene, seat: int) -> Any:
    return lambda name: scene.set_name(seat, name)


def _kind_getter(scene: SetupScene, seat: int) -> Any:
    return lambda: describe_kind(scene.seats[seat].kind) if seat < len(scene.seats) else ""
