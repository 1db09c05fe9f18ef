"""One generic encoder for what leaves the server: dataclasses to JSON, and back.

It adapts to the fields of the records it is given (observations, seat views, legal actions,
actions and events), so a field added to an observation travels without a change here. Cards
are written "As" (a hidden card: null); enums by their value; a frozenset as a sorted list; a
record whose class shares a base with others (an event, an action) carries its class name in
"kind"; a rules model is its options with its class name in "kind".

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

from game.engine.actions import ACTION_TYPES, Action
from game.engine.all_events import EVENT_KINDS
from game.engine.cards import FULL_DECK, Card
from game.engine.events import Event
from game.engine.observation import Observation

KIND = "kind"
"""The key that names a record's class where its declared type has several."""


class DecodeError(ValueError):
    """A payload that does not describe the record it should (a sentence says where)."""


KNOWN_RECORDS = (*EVENT_KINDS, *ACTION_TYPES.values())
"""Every kind of event and action, imported before any is looked up by its name."""

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
    if dataclasses.is_dataclass(kind):
        return functools.partial(_record, _fields(kind), _kind_name(kind))
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
def _fields(kind: type) -> tuple[str, ...]:
    return tuple(item.name for item in dataclasses.fields(kind))


def _kind_name(kind: type) -> str | None:
    return kind.__name__ if _polymorphic(kind) else None


_PLAIN = frozenset({int, str, bool, float, type(None)})
"""Classes written as they are: most values of a state are, so the records and lists below
write them without a call to `encode` (a subclass, e.g. an enum, still goes through it)."""


def _record(names: tuple[str, ...], kind: str | None, value: object, empty: str = "") -> JSON:
    """A record's fields in order (the field named `empty` written as an empty list)."""
    data: dict[str, JSON] = {} if kind is None else {KIND: kind}
    for name in names:
        part = [] if name == empty else getattr(value, name)
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
    return {KIND: type(value).__name__, **value.model_dump(mode="json")}


def _set(value: frozenset[object] | set[object]) -> JSON:
    return sorted((encode(part) for part in value), key=repr)


def _list(value: tuple[object, ...] | list[object]) -> JSON:
    return [part if type(part) in _PLAIN else encode(part) for part in value]


def _mapping_data(value: Mapping[object, object]) -> JSON:
    return {str(key): encode(part) for key, part in value.items()}


def _unknown(value: object) -> JSON:
    raise TypeError(f"cannot encode a {type(value).__name__} for the wire")


def encode_without_history(observation: Observation) -> JSON:
    """An observation as JSON data with its `history` empty, as a state carries it (the deal's
    events travel beside it), without copying the observation first."""
    return _record(_fields(Observation), _kind_name(Observation), observation, empty="history")


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
    supertype = getattr(kind, "__supertype__", None)
    if supertype is not None:
        return _decoder(supertype)
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
    named = _named(kind, data.get(KIND, kind.__name__))
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
    named = _named(kind, data.get(KIND, kind.__name__))
    if named is None:
        raise DecodeError(f"{where} names {data.get(KIND)!r:.40}, not a {kind.__name__}")
    values: dict[str, Any] = {}
    for name, required, decoder in _record_plan(named):
        if name not in data:
            if required:
                raise DecodeError(f"{where} has no '{name}'")
            continue
        values[name] = decoder(data[name], f"{where}.{name}")
    try:
        return named(**values)
    except (TypeError, ValueError) as error:
        raise DecodeError(f"{where}: {error}") from None


@functools.cache
def _record_plan(kind: type) -> tuple[tuple[str, bool, Decoder], ...]:
    """Each field a record's constructor takes: its name, whether it must be given, its decoder."""
    hints = typing.get_type_hints(kind)
    return tuple(
        (
            item.name,
            item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING,
            _decoder(hints[item.name]),
        )
        for item in dataclasses.fields(kind)
        if item.init
    )


@functools.cache
def _named(kind: type, name: object) -> type | None:
    """`kind` or the subclass of it called `name`."""
    if not isinstance(name, str):
        return None
    stack = [kind]
    while stack:
        candidate = stack.pop()
        if candidate.__name__ == name:
            return candidate
        stack.extend(candidate.__subclasses__())
    return None


@functools.cache
def _polymorphic(kind: type) -> bool:
    """Whether records of `kind` need their class named: it derives from another record."""
    return any(dataclasses.is_dataclass(base) for base in kind.__mro__[1:])


def encode_observation(observation: Observation) -> JSON:
    """An observation as JSON data."""
    return encode(observation)


def decode_observation(data: JSON) -> Observation:
    """The observation JSON data encodes; DecodeError naming the field that is wrong."""
    result: Observation = decode(Observation, data, "the observation")
    return result


EVENT_NAMES = frozenset(kind.__name__ for kind in EVENT_KINDS)
"""The `kind` of every event this build reads."""


def is_unknown_event(data: JSON) -> bool:
    """Whether `data` is an event object of a kind this build does not know (one a later server
    of the same protocol version added): a client skips it rather than leave the table."""
    return (
        isinstance(data, dict)
        and isinstance(data.get(KIND), str)
        and (data[KIND] not in EVENT_NAMES)
    )


def decode_event(data: JSON) -> Event:
    """One event from JSON data; DecodeError if it is not an event."""
    result: Event = decode(Event, data, "an event")
    return result


def decode_action(data: JSON) -> Action:
    """One action record from JSON data; DecodeError if it is not an action."""
    result: Action = decode(Action, data, "an action")
    return result
