"""One generic encoder for what leaves the server: the engine's records to JSON, and back.

It adapts to the fields of the records it is given (observations, seat views, events, reasons),
so a field added to an observation travels without a change here (and shows in the schema,
game.network.schema, which walks the same types by the same rules). Cards are written "As" (a
hidden card: null); enums by their value; a frozenset as a sorted list; an event or a rules
model carries its wire name in "kind" (game.network.wire_names: never a class name); a hand's
name is its key and values with its English beside it; a sentence (`Said`) is its key (the
catalogs' message), its typed values and its English `text` (nothing said: null). An
observation travels without `history` and `legal` (`WIRE_OMITTED`): the state's events and
legal moves carry them once.

The encoder is handed only what its caller chose to send: the server gives it the receiver's
own observation and events already redacted for the receiver (see `game.network.server`).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, Union

from pydantic import BaseModel

from game.engine.cards import FULL_DECK, Card, Rank
from game.engine.events import Event
from game.engine.hands import HandName
from game.engine.observation import Observation
from game.engine.phases import Phase
from game.engine.said import NOTHING_SAID, Said, Value, Word
from game.network.wire_names import (
    CLASSES,
    EVENT_NAMES,
    HAND_NAME,
    HAND_NAME_KEYS,
    HAND_NAME_TEMPLATES,
    PHASE,
    WIRE_NAMES,
    WORD,
)

KIND = "kind"
"""The key that names a record's wire name where its declared type has several."""

WIRE_OMITTED: dict[type, tuple[str, ...]] = {Observation: ("history", "legal")}
"""Fields a record travels without (an observation's history and legal moves come beside it,
in the state's `events` and `legal`); a decoder gives them empty."""


class DecodeError(ValueError):
    """A payload that does not describe the record it should (a sentence says where)."""


JSON = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


def encode(value: object) -> JSON:
    """`value` as plain JSON data (cards as 'As', hidden cards as None)."""
    encoder = _ENCODERS.get(type(value))
    if encoder is None:
        encoder = _ENCODERS[type(value)] = _encoder(type(value))
    return encoder(value)


Encoder = typing.Callable[[Any], JSON]
"""Writes one value of one class as JSON data."""

_ENCODERS: dict[type, Encoder] = {}
"""Each class's encoder, made the first time a value of it is encoded (the server encodes
hundreds of values a state: a lookup by class is most of what each costs)."""


def _encoder(kind: type) -> Encoder:
    """How values of class `kind` are written, decided once per class."""
    if issubclass(kind, enum.Enum):
        return _enum_value
    if kind is type(None) or issubclass(kind, bool | int | float | str):
        return _same
    if issubclass(kind, Card):
        return _card_text
    if issubclass(kind, HandName):
        return encode_hand_name
    if issubclass(kind, Said):
        return encode_said
    if dataclasses.is_dataclass(kind):
        return functools.partial(_record, wire_fields(kind), WIRE_NAMES.get(kind))
    if issubclass(kind, BaseModel):
        return _model if kind.model_config.get("frozen") else _fresh_model
    if issubclass(kind, frozenset | set):
        return _set
    if issubclass(kind, tuple | list):
        return _list
    if issubclass(kind, Mapping):
        return _mapping_data
    return _unknown


def _same(value: object) -> JSON:
    return value


def _enum_value(value: enum.Enum) -> JSON:
    return value.value


@functools.cache
def _card_text(card: Card) -> str:
    return str(card)


@functools.cache
def wire_fields(kind: type) -> tuple[str, ...]:
    """The fields a record travels with, in order (all but those WIRE_OMITTED leaves out)."""
    omitted = WIRE_OMITTED.get(kind, ())
    return tuple(item.name for item in dataclasses.fields(kind) if item.name not in omitted)


def encode_hand_name(name: HandName) -> JSON:
    """A hand's name: its key, what fills it, and its English (`text`, the fallback)."""
    return {
        KIND: HAND_NAME,
        "key": HAND_NAME_KEYS[name.template],
        "ranks": [int(rank) for rank in name.ranks],
        "cards": name.cards,
        "score": name.score,
        "wild_count": name.wild_count,
        "text": name.english(),
    }


def encode_said(said: Said) -> JSON:
    """A sentence as data: its key (the catalogs' message), plural form and count, typed
    values, the sentence said after it, and its English (`text`, the fallback); nothing
    said is null."""
    if not said:
        return None
    return {
        "key": said.template,
        "plural": said.plural,
        "count": said.count,
        "values": {name: _said_value(value) for name, value in said.values},
        "then": encode_said(said.then) if said.then is not None else None,
        "text": str(said),
    }


def _said_value(value: Value) -> JSON:
    if isinstance(value, HandName):
        return encode_hand_name(value)
    if isinstance(value, Word):
        return {KIND: WORD, "text": value.text}
    if isinstance(value, Phase):
        return {KIND: PHASE, "value": value.value}
    return value


_PLAIN = frozenset({int, str, bool, float, type(None)})
"""Classes written as they are: most values of a state are, so the records and lists below
write them without a call to `encode` (a subclass, e.g. an enum, still goes through it)."""


def _record(names: tuple[str, ...], kind: str | None, value: object) -> JSON:
    """A record's wire fields in order, after its wire name where it has one."""
    data: dict[str, JSON] = {} if kind is None else {KIND: kind}
    for name in names:
        part = getattr(value, name)
        data[name] = part if type(part) in _PLAIN else encode(part)
    return data


def _model(value: BaseModel) -> JSON:
    """A frozen model (a table's rules, the same in every state) is written once; its data is
    shared, so no caller may change it."""
    try:
        return _frozen_model(value)
    except TypeError:  # a field that cannot be hashed: written afresh each time
        return _fresh_model(value)


@functools.lru_cache(maxsize=64)
def _frozen_model(value: BaseModel) -> JSON:
    return _fresh_model(value)


def _fresh_model(value: BaseModel) -> JSON:
    return {KIND: WIRE_NAMES[type(value)], **value.model_dump(mode="json")}


def _set(value: frozenset[object] | set[object]) -> JSON:
    return sorted((encode(part) for part in value), key=repr)


def _list(value: tuple[object, ...] | list[object]) -> JSON:
    return [part if type(part) in _PLAIN else encode(part) for part in value]


def _mapping_data(value: Mapping[object, object]) -> JSON:
    return {str(key): encode(part) for key, part in value.items()}


def _unknown(value: object) -> JSON:
    raise TypeError(f"cannot encode a {type(value).__name__} for the wire")


Decoder = typing.Callable[[JSON, str], Any]
"""Reads one value of a declared type from JSON data, naming where it is in errors."""


def decode(kind: Any, data: JSON, where: str = "the payload") -> Any:
    """The value of declared type `kind` that `data` encodes; DecodeError if it cannot be."""
    return _decoder(kind)(data, where)


@functools.cache
def _decoder(kind: Any) -> Decoder:
    """The decoder of a declared type, built once from its type hints."""
    if kind is Any or kind is object:
        return lambda data, where: data
    if isinstance(kind, typing.NewType):
        return _decoder(kind.__supertype__)
    origin = typing.get_origin(kind)
    if origin is typing.Annotated:
        return _decoder(typing.get_args(kind)[0])
    arguments = typing.get_args(kind)
    if origin is Union or origin is types.UnionType:
        return _union_decoder(arguments)
    if origin is typing.Literal:
        return functools.partial(_literal, arguments)
    if origin in (tuple, list, frozenset, set):
        if origin is tuple and not (len(arguments) == 2 and arguments[1] is Ellipsis):
            return functools.partial(_fixed_tuple, tuple(_decoder(part) for part in arguments))
        part = _decoder(arguments[0] if arguments else Any)
        return functools.partial(_sequence, origin, part)
    if origin in (dict, Mapping) or kind is dict:
        value = _decoder(arguments[1] if len(arguments) == 2 else Any)
        return functools.partial(_mapping, value)
    if kind is type(None):
        return _none
    if kind is Card:
        return _card
    if kind is HandName:
        return _hand_name
    if kind is Said:
        return _said
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return functools.partial(_enum, kind)
    if kind in (bool, str, int, float):
        return functools.partial(_scalar, kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return functools.partial(_decode_model, kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return functools.partial(_decode_record, kind)
    raise TypeError(f"cannot decode a {kind!r} from the wire")


def _literal(options: tuple[Any, ...], data: JSON, where: str) -> Any:
    if data not in options:
        raise DecodeError(f"{where} is {data!r:.40}, not one of {options}")
    return data


def _fixed_tuple(parts: tuple[Decoder, ...], data: JSON, where: str) -> tuple[Any, ...]:
    if not isinstance(data, list) or len(data) != len(parts):
        raise DecodeError(f"{where} should be a list of {len(parts)} items")
    return tuple(
        part(item, f"{where}[{index}]")
        for index, (part, item) in enumerate(zip(parts, data, strict=True))
    )


def _sequence(origin: type, part: Decoder, data: JSON, where: str) -> Any:
    if not isinstance(data, list):
        raise DecodeError(f"{where} should be a list")
    return origin(part(item, f"{where}[{index}]") for index, item in enumerate(data))


def _mapping(value: Decoder, data: JSON, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise DecodeError(f"{where} should be an object")
    return {key: value(item, f"{where}.{key}") for key, item in data.items()}


def _none(data: JSON, where: str) -> None:
    if data is not None:
        raise DecodeError(f"{where} should be null")


_CARDS = {str(card): card for card in FULL_DECK}


def _card(data: JSON, where: str) -> Card:
    card = _CARDS.get(data) if isinstance(data, str) else None
    if card is None:
        raise DecodeError(f"{where} is {data!r:.20}, not a card such as 'As'")
    return card


def _enum(kind: type[enum.Enum], data: JSON, where: str) -> enum.Enum:
    try:
        return kind(data)
    except ValueError:
        raise DecodeError(f"{where} is {data!r:.40}, not a {kind.__name__}") from None


def _scalar(kind: type, data: JSON, where: str) -> Any:
    if kind is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if not isinstance(data, kind) or (kind is not bool and isinstance(data, bool)):
        raise DecodeError(f"{where} should be a {kind.__name__}")
    return data


def _union_decoder(arguments: tuple[Any, ...]) -> Decoder:
    optional = type(None) in arguments
    options = [option for option in arguments if option is not type(None)]
    decoders = [_decoder(option) for option in options]

    def read(data: JSON, where: str) -> Any:
        if data is None and optional:
            return None
        if isinstance(data, dict) and KIND in data:
            for option, decoder in zip(options, decoders, strict=True):
                if isinstance(option, type) and _named(option, data[KIND]) is not None:
                    return decoder(data, where)
        problems = []
        for decoder in decoders:
            try:
                return decoder(data, where)
            except DecodeError as error:
                problems.append(str(error))
        raise DecodeError(problems[0] if problems else f"{where} matches none of its types")

    return read


def _decode_model(kind: type[BaseModel], data: JSON, where: str) -> BaseModel:
    if not isinstance(data, dict):
        raise DecodeError(f"{where} should be an object")
    named = _named(kind, data.get(KIND))
    if named is None or not issubclass(named, BaseModel):
        raise DecodeError(f"{where} names {data.get(KIND)!r:.40}, not a {kind.__name__}")
    options = {key: part for key, part in data.items() if key != KIND}
    try:
        return named.model_validate(options)
    except ValueError as error:
        raise DecodeError(f"{where}: {str(error).splitlines()[0]}") from None


def _decode_record(kind: type, data: JSON, where: str) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(f"{where} should be an object")
    named = _named(kind, data.get(KIND)) if kind in _NAMED_BASES else kind
    if named is None:
        raise DecodeError(f"{where} names {data.get(KIND)!r:.40}, not a {kind.__name__}")
    values: dict[str, Any] = {}
    for name, required, decoder in _record_plan(named):
        if name not in data:
            if required:
                raise DecodeError(f"{where} has no '{name}'")
            continue
        values[name] = decoder(data[name], f"{where}.{name}")
    values.update(dict.fromkeys(WIRE_OMITTED.get(named, ()), ()))
    try:
        return named(**values)
    except (TypeError, ValueError) as error:
        raise DecodeError(f"{where}: {error}") from None


@functools.cache
def _record_plan(kind: type) -> tuple[tuple[str, bool, Decoder], ...]:
    """Each field a record's constructor takes: its name, whether it must be given, its decoder."""
    hints = typing.get_type_hints(kind)
    omitted = WIRE_OMITTED.get(kind, ())
    return tuple(
        (
            item.name,
            item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING,
            _decoder(hints[item.name]),
        )
        for item in dataclasses.fields(kind)
        if item.init and item.name not in omitted
    )


_NAMED_BASES = (Event,)
"""The record bases whose values name their kind (every event is a subclass of Event)."""


def _named(kind: type, name: object) -> type | None:
    """The class of `kind` (itself or a subclass) whose wire name is `name`; None if none."""
    named = CLASSES.get(name) if isinstance(name, str) else None
    return named if named is not None and issubclass(named, kind) else None


def _hand_name(data: JSON, where: str) -> HandName:
    if not isinstance(data, dict):
        raise DecodeError(f"{where} should be a hand's name")
    template = HAND_NAME_TEMPLATES.get(data.get("key"))  # type: ignore[arg-type]
    if template is None:
        raise DecodeError(f"{where} names the hand {data.get('key')!r:.40}, not a known one")
    ranks = data.get("ranks", [])
    if not isinstance(ranks, list) or not all(rank in _RANKS for rank in ranks):
        raise DecodeError(f"{where}.ranks should be a list of ranks 2 to 14")
    return HandName(
        template,
        tuple(Rank(rank) for rank in ranks),
        _scalar(str, data.get("cards", ""), f"{where}.cards"),
        _scalar(int, data.get("score", 0), f"{where}.score"),
        _scalar(int, data.get("wild_count", 0), f"{where}.wild_count"),
    )


_RANKS = frozenset(int(rank) for rank in Rank)


def _said(data: JSON, where: str) -> Said:
    if data is None:
        return NOTHING_SAID
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise DecodeError(f"{where} should be a sentence with a 'key'")
    values = data.get("values", {})
    if not isinstance(values, dict):
        raise DecodeError(f"{where}.values should be an object")
    then = data.get("then")
    return Said(
        data["key"],
        tuple(
            (name, _said_value_of(value, f"{where}.values.{name}"))
            for name, value in values.items()
        ),
        _scalar(str, data.get("plural", ""), f"{where}.plural"),
        _scalar(int, data.get("count", 0), f"{where}.count"),
        None if then is None else _said(then, f"{where}.then"),
    )


def _said_value_of(data: JSON, where: str) -> Value:
    if isinstance(data, bool | int | str):
        return data
    if isinstance(data, dict):
        if data.get(KIND) == HAND_NAME:
            return _hand_name(data, where)
        if data.get(KIND) == WORD:
            return Word(_scalar(str, data.get("text"), f"{where}.text"))
        if data.get(KIND) == PHASE:
            phase: Phase = _enum(Phase, data.get("value"), f"{where}.value")  # type: ignore[assignment]
            return phase
    raise DecodeError(f"{where} should be a number, a text, a word, a hand or a phase")


def decode_said(data: JSON, where: str = "the sentence") -> Said:
    """A sentence from its data (null: nothing said); DecodeError naming the field if wrong."""
    return _said(data, where)


def decode_observation(data: JSON) -> Observation:
    """The observation JSON data encodes, with no history and no legal moves (the state's
    events and legal moves hold them); DecodeError naming the field that is wrong."""
    result: Observation = decode(Observation, data, "the observation")
    return result


def is_unknown_event(data: JSON) -> bool:
    """Whether `data` is an event object of a kind this build does not know (one a later server
    of the same protocol version added): a client skips it rather than leave the table."""
    return (
        isinstance(data, dict)
        and isinstance(data.get(KIND), str)
        and CLASSES.get(data[KIND]) not in EVENT_NAMES
    )


def decode_event(data: JSON) -> Event:
    """One event from JSON data; DecodeError if it is not an event."""
    result: Event = decode(Event, data, "an event")
    return result
