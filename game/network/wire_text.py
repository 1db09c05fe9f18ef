"""The JSON text of what a room sends, each part written once and reused while it is unchanged.

A state frame is put together from texts: an observation's fields, each seat's view, each
event, the legal moves. `Fragments` keeps the text of recent values by value (a seat whose view
did not change between two states, the table's rules, an empty pot list: written once), and
`observation_text` writes an observation field by field from them, as `codec.encode` and the
frame writer (pydantic's JSON, `pydantic_core.to_json`) would write it whole: the same bytes.
A text is a function of its value alone (hidden cards are already None in it), so two viewers
that share a value share its text and nothing else.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic_core import to_json

from game.engine.actions import Bet, LegalAction
from game.engine.observation import Observation
from game.network.codec import JSON, encode, encode_said, wire_fields
from game.network.wire_names import WIRE_NAMES

FRAGMENTS_KEPT = 64
"""Texts a room keeps in its recent generation at most (it starts a new one at each state
anyway; the older generation is still read, then dropped)."""


OPTIONS_KEPT = 4096
"""Legal options' texts the process keeps at most (emptied when full): every table's recurring
options (the engine makes each once for its values, for every table)."""


def json_text(data: Any) -> str:
    """JSON data as the frame writer writes it (compact, UTF-8 as it is)."""
    return to_json(data).decode()


class KeptTexts:
    """The JSON texts of immutable things the engine makes once and lists again (a legal
    option, an event every deal makes alike), by the thing's identity, for the whole process:
    every room reads the same record, so no table keeps one of its own (nor keeps its ended
    deals' events alive in it: fewer objects per table for the garbage collector to track).
    Each entry keeps its thing alive, so its id is not reused while the entry lasts; at most
    `most` entries, emptied when full."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._texts: dict[int, tuple[object, str]] = {}

    def __len__(self) -> int:
        return len(self._texts)

    def text(self, thing: Any, write: Callable[[Any], str]) -> str:
        """The text of `thing`, written by `write` the first time it is asked for."""
        kept = self._texts.get(id(thing))
        if kept is None or kept[0] is not thing:
            if len(self._texts) >= self.most:
                self._texts.clear()
            kept = self._texts[id(thing)] = (thing, write(thing))
        return kept[1]


OPTION_TEXTS = KeptTexts(OPTIONS_KEPT)
"""Every legal option's wire text (`legal_move_data` as JSON text), for every room."""


def option_text(option: LegalAction) -> str:
    """A legal option as the wire writes it, in JSON text."""
    return json_text(legal_move_data(option))


class Fragments:
    """The JSON text of recently written values, by type and value, in two generations: a
    room keeps what its latest states wrote, not everything it ever wrote. A value written
    again as the very same object (viewers of one state share most of an observation's
    parts) is found by identity, without hashing it."""

    def __init__(self, kept: int = FRAGMENTS_KEPT) -> None:
        self.kept = kept
        self._recent: dict[tuple[type, Any], str] = {}
        self._older: dict[tuple[type, Any], str] = {}
        self._same: dict[int, tuple[object, str]] = {}
        """The recent generation's values by identity (each entry keeps its value alive, so
        its id is not reused while the entry lasts)."""
        self.last = LastWritten()
        """The observation written last (see `observation_text`)."""

    def text(self, value: object) -> str:
        """`value` encoded (codec.encode) as JSON text; written once while it is kept."""
        same = self._same.get(id(value))
        if same is not None and same[0] is value:
            return same[1]
        key = (type(value), value)  # the type too: True == 1, but they write differently
        try:
            text = self._look(key)
        except TypeError:  # a value that cannot be hashed (nor kept) is written afresh
            return json_text(encode(value))
        if text is None:
            text = self._keep(key, json_text(encode(value)))
        self._same[id(value)] = (value, text)
        return text

    def legal_text(self, options: tuple[LegalAction, ...]) -> str:
        """Legal moves as the state's `legal` list in JSON text, each option written once while
        it is kept by identity: the engine makes an option once for its values and lists the
        very object again, turn after turn and table after table (`OPTION_TEXTS`)."""
        text = OPTION_TEXTS.text
        return "[" + ",".join([text(option, option_text) for option in options]) + "]"

    def _look(self, key: tuple[type, Any]) -> str | None:
        """A kept text (a TypeError if the key cannot be hashed)."""
        text = self._recent.get(key)
        if text is None:
            text = self._older.get(key)
            if text is not None:
                self._keep(key, text)
        return text

    def _keep(self, key: tuple[type, Any], text: str) -> str:
        """Keep `text` in the recent generation (a new one starts when it is full)."""
        if len(self._recent) >= self.kept:
            self.next_generation()
        self._recent[key] = text
        return text

    def next_generation(self) -> None:
        """Start a new generation: the recent one becomes the older, the older is dropped (a
        room starts one at each new state, so what it keeps lives two states: kept longer,
        the texts would outlive the young generation of the garbage collector and be
        traversed by its older collections)."""
        self._older, self._recent, self._same = self._recent, {}, {}


def legal_move_data(option: LegalAction) -> dict[str, JSON]:
    """A legal action as the wire writes it (a `LegalMove`'s fields, in order): the notation
    without its seat (and without the amount of a bet, whose range low..high step the record
    gives)."""
    action = option.action
    words = action.notation().split(" ")[1:]
    if isinstance(action, Bet):
        words = words[:1]
    return {
        "move": " ".join(words),
        "low": option.low,
        "high": option.high,
        "step": option.step,
        "rule": encode_said(option.rule),
    }


_OBSERVATION_FIELDS = wire_fields(Observation)
_OBSERVATION_KIND = WIRE_NAMES.get(Observation)
_VALUES_OF = operator.attrgetter(*_OBSERVATION_FIELDS)
_SEATS = _OBSERVATION_FIELDS.index("seats")
_OPENING = "{" if _OBSERVATION_KIND is None else f'{{"kind":{json_text(_OBSERVATION_KIND)},'
_PREFIXES = [f"{json_text(name)}:" for name in _OBSERVATION_FIELDS]


@dataclass
class LastWritten:
    """The values of the observation a room wrote last and their texts (its seats apart): the
    next observation (another viewer's of the same state shares most of its values, as the
    very objects) writes only the values that are not the same objects."""

    values: tuple[object, ...] = ()
    texts: list[str] = field(default_factory=list)
    seats: tuple[object, ...] = ()
    seat_texts: list[str] = field(default_factory=list)


def observation_text(observation: Observation, fragments: Fragments) -> str:
    """The observation as JSON text, the same as `json_text(encode(observation))`: each field
    (and each seat of `seats`) that is not the very object the observation written before had
    there, from `fragments`; a number or null as it is."""
    text, last = fragments.text, fragments.last
    values: tuple[object, ...] = _VALUES_OF(observation)
    texts, changed = _changed(values, last.values, last.texts)
    for index in changed:
        if index != _SEATS:
            value = values[index]
            # an int exactly (not a bool, not an enum) is its digits
            texts[index] = (
                str(value) if type(value) is int else "null" if value is None else text(value)
            )
    seats: tuple[object, ...] = values[_SEATS]  # type: ignore[assignment]
    if seats is not last.seats:
        seat_texts, changed = _changed(seats, last.seats, last.seat_texts)
        for index in changed:
            seat_texts[index] = text(seats[index])
        texts[_SEATS] = "[" + ",".join(seat_texts) + "]"
        last.seats, last.seat_texts = seats, seat_texts
    last.values, last.texts = values, texts
    return _OPENING + ",".join(map(operator.add, _PREFIXES, texts)) + "}"


def _changed(
    values: tuple[object, ...], before: tuple[object, ...], texts: list[str]
) -> tuple[list[str], Iterable[int]]:
    """A copy of the texts of `before` and where `values` are not its very objects (all of
    them when the lengths differ)."""
    if len(values) != len(before):
        return [""] * len(values), range(len(values))
    return list(texts), itertools.compress(itertools.count(), map(operator.is_not, values, before))
