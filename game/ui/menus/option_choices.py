"""The choices a setup or settings screen offers for each field of a pydantic model (pure logic).

Every house-rule option of a rules model becomes a row: a label, its one-line explanation (the
field's description) and a finite list of values to step through. Literal fields offer their
values, booleans on/off, numbers a ladder of sensible steps around the default.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from game.engine.cards import parse
from game.i18n import N_, number

_NUMBER_LADDERS: dict[str, tuple[float | None, ...]] = {
    "boot": (1, 2, 5, 10, 25, 50, 100),
    "ante": (1, 2, 5, 10, 25, 50, 100),
    "min_bet": (1, 2, 5, 10, 25),
    "max_bet": (5, 10, 20, 50, 100, 200, 500),
    "blind_limit": (None, 2, 3, 4, 5, 6, 8, 10),
    "chaal_limit": (None, 8, 16, 32, 64, 128, 256, 512),
    "pot_limit": (None, 128, 256, 512, 1024, 2048, 4096, 8192),
    "open_jokers": (0, 1, 2, 3),
    "base_bet": (5, 10, 25, 50, 100),
    "pair_plus_bet": (5, 10, 25, 50, 100),
    "animation_speed": (0.5, 0.75, 1.0, 1.5, 2.0, 3.0),
    "volume": tuple(step / 10 for step in range(11)),
    "window_width": (1024, 1280, 1600, 1920),
    "window_height": (576, 720, 900, 1080),
}
"""The values offered for whole-number options (None: no limit)."""

_WILD_CHOICES = ("", "2s 2h 2d 2c", "9d Jc Ad", "Jh Js")
"""Wild-card sets offered: none, all 2s, the braggers, the one-eyed jacks (card codes)."""

_SOURCE = re.compile(r"\s*\(((?:RULES\.md|TPF|TPT|BRG|BRS|Pagat|Wikipedia)[^)]*)\)")
"""A rule text's source code in brackets, '(TPF)' or "(TPT's reading)": for tooltips only."""

_LABELS: dict[str, str] = {
    "wild_cards": N_("Wild cards"),
    "ranking": N_("Ranking"),
    "wild_ranks": N_("Wild ranks"),
    "open_jokers": N_("Open jokers"),
    "personal_joker": N_("Personal joker"),
    "personal_joker_every": N_("Personal joker every"),
    "reversed_ranks": N_("Reversed ranks"),
    "cards_dealt": N_("Cards dealt"),
    "fewer_wilds_win": N_("Fewer wilds win"),
    "a23": N_("A-2-3"),
    "boot": N_("Boot"),
    "deal_direction": N_("Deal direction"),
    "show_cost": N_("Show cost"),
    "sideshow": N_("Sideshow"),
    "blind_limit": N_("Blind limit"),
    "chaal_limit": N_("Chaal limit"),
    "pot_limit": N_("Pot limit"),
    "ante": N_("Ante"),
    "min_bet": N_("Min bet"),
    "max_bet": N_("Max bet"),
    "raise_limit": N_("Raise limit"),
    "see_cost": N_("See cost"),
    "open_pack": N_("Open pack"),
    "retained_hand": N_("Retained hand"),
    "running_short": N_("Running short"),
    "showdown_by_agreement": N_("Showdown by agreement"),
    "pair_plus": N_("Pair plus"),
    "pair_plus_bet": N_("Pair plus bet"),
    "pay_table": N_("Pay table"),
    "base_bet": N_("Base bet"),
    "tie": N_("Tie"),
    "pair_plus_on_lost_call": N_("Pair plus on lost call"),
    "ante_bonus": N_("Ante bonus"),
    "animation_speed": N_("Animation speed"),
    "sound": N_("Sound"),
    "volume": N_("Volume"),
    "fullscreen": N_("Fullscreen"),
    "window_width": N_("Window width"),
    "window_height": N_("Window height"),
    "four_colour_deck": N_("Four colour deck"),
    "card_back": N_("Card back"),
    "table_colour": N_("Table colour"),
    "coach": N_("Coach"),
    "sort_hand": N_("Sort hand"),
    "language": N_("Language"),
}
"""Each option's row label (the field's name in words), marked for the catalogs; a field not
listed here is labelled by its name."""

_RANKING_VALUES: dict[str, str] = {
    "muflis": N_("Muflis"),
    "nine_nine_nine": N_("nine nine nine"),
    "teen_patti": N_("Teen Patti"),
}
"""The hand rankings' names in words, the games' proper names as the presets write them (a
ranking is named like the game that plays it)."""

_PLAIN_VALUES: dict[str, str] = {
    "highest": N_("highest"),
    "lowest": N_("lowest"),
    "second": N_("second"),
    "none": N_("none"),
    "classic": N_("classic"),
    "blue": N_("blue"),
    "green": N_("green"),
    "red": N_("red"),
    "charcoal": N_("charcoal"),
    "clockwise": N_("clockwise"),
    "counterclockwise": N_("counterclockwise"),
    "loses": N_("loses"),
    "pushes": N_("pushes"),
    "push": N_("push"),
    "mini_royal_100": N_("mini royal 100"),
    "mini_royal_50": N_("mini royal 50"),
    **_RANKING_VALUES,
    "borrow": N_("borrow"),
    "cover": N_("cover"),
    "double": N_("double"),
    "equal": N_("equal"),
    "designated_player": N_("designated player"),
}
"""Named option values in words, marked for the catalogs (any other value shows as written)."""

_VALUE_WORDS: dict[tuple[str, str], str] = {
    ("show_cost", "pagat"): N_("asker pays"),
    ("show_cost", "tagalog"): N_("both pay"),
    ("retained_hand", "two_hands"): N_("two hands"),
    ("retained_hand", "face_up"): N_("against face up"),
    ("running_short", "pack"): N_("pack"),
    ("raise_limit", "pot"): N_("pot limit"),
    ("raise_limit", "none"): N_("no limit"),
    ("language", "en"): N_("English"),
    ("language", "hi"): N_("हिन्दी"),
    ("language", "tl"): N_("Tagalog"),
}
"""Values whose names are a source's jargon, in plain words."""

_WILD_RANK_CHOICES = ("", "A K 4 7", "2", "J", "A")
"""Wild ranks offered: none, AK47, the deuces, the jacks, the aces."""

_UNGROUPED = frozenset({"window_width", "window_height"})
"""Number fields written without digit grouping (a window 1920 pixels wide)."""

_HIDDEN = {"family", "schema_version", "last_preset", "network_name"}

EVERYDAY_RULES = frozenset(
    {
        "boot",
        "blind_limit",
        "chaal_limit",
        "pot_limit",
        "a23",
        "ante",
        "min_bet",
        "max_bet",
        "base_bet",
        "pair_plus",
        "pair_plus_bet",
    }
)
"""The house rules a player changes from day to day (the stakes, the table limits, where A-2-3
stands): shown before the rest, whatever the game."""


@dataclass(frozen=True)
class Choice:
    """One row: the field, a label, its explanation, and the values it steps through."""

    field: str
    label: str
    explanation: str
    values: tuple[Any, ...]
    source: str = ""
    """Where the rule comes from ('TPF, TPT'): shown in the row's tooltip, not its words."""
    description: str = ""
    """The field's whole description, sources included: the catalogs' entry for it."""

    def index_of(self, value: Any) -> int:
        """Where `value` stands among the choices (the nearest number, else 0)."""
        if value in self.values:
            return self.values.index(value)
        numbers = [
            (abs(choice - value), index)
            for index, choice in enumerate(self.values)
            if isinstance(choice, int | float) and isinstance(value, int | float)
        ]
        return min(numbers)[1] if numbers else 0

    def step(self, value: Any, direction: int) -> Any:
        """The next (or previous) value after `value`; at either end it stays (no wrapping
        round: one step down from the smallest amount is not the largest)."""
        index = max(0, min(len(self.values) - 1, self.index_of(value) + direction))
        return self.values[index]

    def at_end(self, value: Any, direction: int) -> bool:
        """Whether `value` is the last choice that way (stepping on would change nothing)."""
        return not 0 <= self.index_of(value) + direction < len(self.values)


def plain_words(explanation: str) -> tuple[str, str]:
    """An explanation without its sources' codes, and those codes: ('Show costs: ...', 'TPF')."""
    sources = [match.group(1) for match in _SOURCE.finditer(explanation)]
    return _SOURCE.sub("", explanation), ", ".join(sources)


def describe_value(value: Any, field: str = "") -> str:
    """A value as the screen shows it: 'On', 'Off', 'No limit', 'none', or plain words."""
    if isinstance(value, str) and (field, value) in _VALUE_WORDS:
        return _VALUE_WORDS[(field, value)]
    if value is True:
        return N_("On")
    if value is False:
        return N_("Off")
    if value is None:
        return N_("No limit")
    if value == "":
        return N_("None")
    if field == "wild_cards" and isinstance(value, str):
        return " ".join(card.pretty for card in parse(value))  # 9♦ J♣ A♦, not 9d Jc Ad
    if isinstance(value, str) and value in _PLAIN_VALUES:
        return _PLAIN_VALUES[value]
    if isinstance(value, int) and field not in _UNGROUPED:
        return number(value)  # a limit of 1,024 chips, grouped as the table writes amounts
    return str(value).replace("_", " ")


def _label(name: str) -> str:
    if name in _LABELS:
        return _LABELS[name]
    return name.replace("_", " ").capitalize().replace("A23", "A-2-3")


def _values_for(name: str, annotation: Any, default: Any) -> tuple[Any, ...]:
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return tuple(typing.get_args(annotation))
    if annotation is bool:
        return (True, False) if default else (False, True)
    if name == "wild_cards":
        return _WILD_CHOICES
    if name == "wild_ranks":
        return _WILD_RANK_CHOICES
    if name in _NUMBER_LADDERS:
        ladder = _NUMBER_LADDERS[name]
        return ladder if default in ladder else (default, *ladder)
    if origin in (typing.Union, types.UnionType) or annotation in (int, float):
        return (default,)
    return (default,)


def choices_for(model: type[BaseModel]) -> list[Choice]:
    """Every visible field of a model as a row of choices, in the model's order."""
    rows = []
    for name, info in model.model_fields.items():
        if name in _HIDDEN:
            continue
        values = tuple(
            value
            for value in _values_for(name, info.annotation, info.default)
            if _accepted(model, name, value)
        )
        if len(values) > 1:
            words, source = plain_words(info.description or "")
            description = info.description or ""
            rows.append(Choice(name, _label(name), words, values, source, description))
    return rows


def _accepted(model: type[BaseModel], name: str, value: Any) -> bool:
    """Whether the model takes this value for the field (with every other field at default)."""
    try:
        model.model_validate({name: value})
    except ValueError:
        return False
    return True


def first_and_more(
    choices: Sequence[Choice], defining: Collection[str]
) -> tuple[list[Choice], list[Choice]]:
    """The rows shown first (the rules that define the game, then the everyday ones, each in
    the model's order) and the rest, kept under a fold."""
    first = [choice for choice in choices if choice.field in defining]
    first += [
        choice
        for choice in choices
        if choice.field in EVERYDAY_RULES and choice.field not in defining
    ]
    shown = {choice.field for choice in first}
    return first, [choice for choice in choices if choice.field not in shown]
