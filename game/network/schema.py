"""The JSON Schema of every message, made from the types the codec writes and reads.

`python -m game.network.schema > docs/protocol.schema.json` writes it. The messages come from
their pydantic models (game.network.protocol); what a state carries (the observation, every
event kind, hand names, reasons and sentences) from the engine's records, walked by the rules
game.network.codec follows: the same fields (`wire_fields`), the same wire names, cards as
"As", enums by value, a sentence as its key, values and text. A field the decoder needs (one
without a default) is required. Titles are left out (they would name Python classes).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from collections.abc import Mapping
from typing import Any, Union

from pydantic import BaseModel, TypeAdapter

from game.engine.cards import Card
from game.engine.hands import HandName
from game.engine.observation import Observation, SeatView
from game.engine.phases import Phase
from game.engine.reasons import Reason
from game.engine.said import Said
from game.network.codec import KIND, wire_fields
from game.network.protocol import PROTOCOL_VERSION, ClientMessage, ServerMessage
from game.network.wire_names import (
    EVENT_NAMES,
    HAND_NAME,
    HAND_NAME_TEMPLATES,
    PHASE,
    RULES_NAMES,
    WIRE_NAMES,
    WORD,
)

Schema = dict[str, Any]
"""A JSON Schema as JSON data."""

DIALECT = "https://json-schema.org/draft/2020-12/schema"

VERSION_KEY = "x-protocol-version"
"""The document's key holding the protocol version it describes."""

RECORD_NAMES: dict[type, str] = {
    Observation: "observation",
    SeatView: "seat_view",
    Reason: "reason",
}
"""The records (beside events and rules) given a definition of their own, by a stable name."""


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


class _Walker:
    """Writes the schema of engine types into `definitions`, one definition per named record."""

    def __init__(self) -> None:
        self.definitions: dict[str, Schema] = {}

    def of(self, kind: Any) -> Schema:
        """The schema of a value of declared type `kind`."""
        if kind is Any or kind is object:
            return {}
        if isinstance(kind, typing.NewType):
            return self.of(kind.__supertype__)
        origin = typing.get_origin(kind)
        arguments = typing.get_args(kind)
        if origin is typing.Annotated:
            return self.of(arguments[0])
        if origin is Union or origin is types.UnionType:
            options = [self.of(option) for option in arguments]
            return options[0] if len(options) == 1 else {"anyOf": options}
        if origin is typing.Literal:
            return {"enum": list(arguments)}
        if origin is tuple and not (len(arguments) == 2 and arguments[1] is Ellipsis):
            return {
                "type": "array",
                "prefixItems": [self.of(part) for part in arguments],
                "minItems": len(arguments),
                "maxItems": len(arguments),
            }
        if origin in (tuple, list, frozenset, set):
            return {"type": "array", "items": self.of(arguments[0] if arguments else Any)}
        if origin in (dict, Mapping) or kind is dict:
            value = arguments[1] if len(arguments) == 2 else Any
            return {"type": "object", "additionalProperties": self.of(value)}
        return self._of_class(kind)

    def _of_class(self, kind: Any) -> Schema:
        if kind is type(None):
            return {"type": "null"}
        if kind is bool:
            return {"type": "boolean"}
        if kind is int:
            return {"type": "integer"}
        if kind is float:
            return {"type": "number"}
        if kind is str:
            return {"type": "string"}
        if kind is Card:
            return _ref("card")
        if kind is HandName:
            return _ref(HAND_NAME)
        if kind is Said:
            return _nullable(_ref("said"))
        if kind is Phase:
            return _ref(PHASE)
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return {"enum": [member.value for member in kind]}
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            return self._named(kind, RULES_NAMES[kind], self._model)
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            if kind in WIRE_NAMES:
                return self._named(kind, WIRE_NAMES[kind], self._record)
            if kind in RECORD_NAMES:
                return self._named(kind, RECORD_NAMES[kind], self._record)
            return self._record(kind)
        raise TypeError(f"no schema for a {kind!r} on the wire")

    def _named(self, kind: Any, name: str, make: typing.Callable[[Any], Schema]) -> Schema:
        if name not in self.definitions:
            self.definitions[name] = {}  # a record that holds itself refers to its name
            self.definitions[name] = make(kind)
        return _ref(name)

    def _record(self, kind: type) -> Schema:
        hints = typing.get_type_hints(kind)
        fields = {item.name: item for item in dataclasses.fields(kind)}
        properties: Schema = {}
        required = []
        if kind in WIRE_NAMES:
            properties[KIND] = {"const": WIRE_NAMES[kind]}
            required.append(KIND)
        for name in wire_fields(kind):
            properties[name] = self.of(hints[name])
            item = fields[name]
            if item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
                required.append(name)
        schema: Schema = {"type": "object", "properties": properties, "required": required}
        if kind.__doc__:
            schema["description"] = kind.__doc__.strip().splitlines()[0]
        return schema

    def _model(self, kind: type[BaseModel]) -> Schema:
        schema = kind.model_json_schema(mode="serialization")
        schema["properties"] = {KIND: {"const": RULES_NAMES[kind]}, **schema["properties"]}
        schema["required"] = [KIND, *schema.get("required", [])]
        return schema


def _fixed_definitions() -> dict[str, Schema]:
    """The definitions the codec writes by hand: a card, a hand's name, a sentence."""
    value: Schema = {
        "anyOf": [
            {"type": "integer"},
            {"type": "boolean"},
            {"type": "string"},
            {
                "type": "object",
                "properties": {KIND: {"const": WORD}, "text": {"type": "string"}},
                "required": [KIND, "text"],
            },
            {
                "type": "object",
                "properties": {KIND: {"const": PHASE}, "value": _ref(PHASE)},
                "required": [KIND, "value"],
            },
            _ref(HAND_NAME),
        ]
    }
    return {
        "card": {
            "type": "string",
            "pattern": "^[23456789TJQKA][shdc]$",
            "description": "A card: rank 23456789TJQKA, suit shdc ('As'); hidden: null.",
        },
        HAND_NAME: {
            "type": "object",
            "description": "A hand's name: its key, what fills it, and its English (text).",
            "properties": {
                KIND: {"const": HAND_NAME},
                "key": {"enum": sorted(HAND_NAME_TEMPLATES)},
                "ranks": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 2, "maximum": 14},
                },
                "cards": {"type": "string"},
                "score": {"type": "integer"},
                "wild_count": {"type": "integer"},
                "text": {"type": "string"},
            },
            "required": [KIND, "key", "ranks", "cards", "score", "wild_count", "text"],
        },
        "said": {
            "type": "object",
            "description": "A sentence: its catalog key, typed values and English (text).",
            "properties": {
                "key": {"type": "string"},
                "plural": {"type": "string"},
                "count": {"type": "integer"},
                "values": {"type": "object", "additionalProperties": value},
                "then": _nullable(_ref("said")),
                "text": {"type": "string"},
            },
            "required": ["key", "plural", "count", "values", "then", "text"],
        },
    }


def _without_titles(schema: Any) -> Any:
    """The schema without pydantic's `title` keywords (no property is called 'title')."""
    if isinstance(schema, dict):
        return {key: _without_titles(part) for key, part in schema.items() if key != "title"}
    if isinstance(schema, list):
        return [_without_titles(part) for part in schema]
    return schema


def protocol_schema() -> Schema:
    """The JSON Schema of every message of this protocol version, as JSON data."""
    walker = _Walker()
    walker.of(Observation)
    events = [walker.of(kind) for kind in EVENT_NAMES]
    definitions: dict[str, Schema] = {
        **_fixed_definitions(),
        PHASE: {"enum": [phase.value for phase in Phase]},
        "event": {"oneOf": events},
        **walker.definitions,
    }
    template = "#/$defs/{model}"
    for name, adapter in (
        ("client_message", TypeAdapter[Any](ClientMessage)),
        ("server_message", TypeAdapter[Any](ServerMessage)),
    ):
        schema = adapter.json_schema(ref_template=template)
        definitions.update(schema.pop("$defs", {}))
        definitions[name] = schema
    state = definitions["State"]["properties"]
    state["observation"] = _ref("observation")
    state["events"] = {"type": "array", "items": _ref("event")}
    definitions["LegalMove"]["properties"]["rule"] = _nullable(_ref("said"))
    definitions["Refused"]["properties"]["said"] = _nullable(_ref("said"))
    document: Schema = {
        "$schema": DIALECT,
        "description": "Every message of the protocol (docs/protocol.md); client or server.",
        VERSION_KEY: PROTOCOL_VERSION,
        "anyOf": [_ref("client_message"), _ref("server_message")],
        "$defs": dict(sorted(definitions.items())),
    }
    titled: Schema = {"title": "Trey network protocol", **_without_titles(document)}
    return titled


FREE_KEYWORDS = frozenset({"description", "default"})
"""Keywords that may change or appear without changing what a message may hold."""


def breaking_changes(old: Any, new: Any, where: str = "#") -> list[str]:
    """Where schema `new` breaks a client written against `old` (empty: the change is only
    additive): every old definition, property, kind and enum value is still there, alike; new
    ones are optional properties, new kinds (in an anyOf/oneOf) or new enum values."""
    if type(old) is not type(new):
        return [f"{where} changed from {old!r:.60} to {new!r:.60}"]
    if isinstance(old, list):
        if len(old) != len(new):
            return [f"{where} has {len(new)} items, not {len(old)}"]
        return [p for i, part in enumerate(old) for p in breaking_changes(part, new[i], where)]
    if not isinstance(old, dict):
        return [] if old == new else [f"{where} changed from {old!r:.60} to {new!r:.60}"]
    problems = [f"{where} adds '{key}'" for key in new.keys() - old.keys() - FREE_KEYWORDS]
    for key, part in old.items():
        inner = f"{where}/{key}"
        if key in FREE_KEYWORDS:
            continue
        if key not in new:
            problems.append(f"{where} drops '{key}'")
        elif key in ("properties", "$defs"):
            for name, value in part.items():
                if name in new[key]:
                    problems += breaking_changes(value, new[key][name], f"{inner}/{name}")
                else:
                    problems.append(f"{inner} drops '{name}'")
        elif key == "required" and sorted(part) != sorted(new[key]):
            problems.append(f"{inner} was {sorted(part)}, is {sorted(new[key])}")
        elif key == "enum":
            problems += [f"{inner} drops {value!r}" for value in part if value not in new[key]]
        elif key in ("anyOf", "oneOf"):
            for value in part:
                if all(breaking_changes(value, option, inner) for option in new[key]):
                    problems.append(f"{inner} drops {json.dumps(value)[:60]}")
        elif key != "required":
            problems += breaking_changes(part, new[key], inner)
    return problems


def schema_text() -> str:
    """The schema as the committed file holds it (sorted keys of a stable order, two spaces)."""
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    """Write the schema to standard output."""
    sys.stdout.write(schema_text())


if __name__ == "__main__":
    main()
