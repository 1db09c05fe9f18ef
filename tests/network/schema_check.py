"""A small JSON Schema validator for the keywords docs/protocol.schema.json uses (no package of
the project's checks JSON Schema); a keyword it does not know fails, so it never passes a value
by not understanding its schema."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
"""A schema (or a value) as JSON data."""

IGNORED = frozenset({"description", "default", "title", "$schema", "x-protocol-version"})
"""Keywords that say nothing about what a value may be (`discriminator` is checked by oneOf)."""

TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def problems(
    value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$"
) -> list[str]:
    """Where `value` breaks `schema` (empty: it is valid); `root` holds the `$defs`."""
    found: list[str] = []
    for key, rule in schema.items():
        if key in IGNORED or key in ("$defs", "discriminator"):
            continue
        if key == "$ref":
            name = rule.removeprefix("#/$defs/")
            found += problems(value, root["$defs"][name], root, where)
        elif key == "type":
            if not _is_type(value, rule):
                return [f"{where} is {type(value).__name__}, not {rule}"]
        elif key == "const":
            if value != rule or type(value) is not type(rule):
                found.append(f"{where} is {value!r:.40}, not {rule!r}")
        elif key == "enum":
            if not any(value == option and type(value) is type(option) for option in rule):
                found.append(f"{where} is {value!r:.40}, not one of {rule!r:.80}")
        elif key in ("anyOf", "oneOf"):
            passing = [option for option in rule if not problems(value, option, root, where)]
            if not passing or (key == "oneOf" and len(passing) > 1):
                found.append(f"{where} matches {len(passing)} of its {key} options")
        elif key == "properties":
            if isinstance(value, dict):
                for name, part in rule.items():
                    if name in value:
                        found += problems(value[name], part, root, f"{where}.{name}")
        elif key == "required":
            if isinstance(value, dict):
                found += [f"{where} has no '{name}'" for name in rule if name not in value]
        elif key == "additionalProperties":
            if isinstance(value, dict):
                known = schema.get("properties", {})
                for name, part in value.items():
                    if name in known:
                        continue
                    if rule is False:
                        found.append(f"{where} has '{name}', which it may not")
                    elif isinstance(rule, dict):
                        found += problems(part, rule, root, f"{where}.{name}")
        elif key == "items":
            if isinstance(value, list):
                start = len(schema.get("prefixItems", []))
                for index, part in enumerate(value[start:], start):
                    found += problems(part, rule, root, f"{where}[{index}]")
        elif key == "prefixItems":
            if isinstance(value, list):
                for index, (part, item) in enumerate(zip(value, rule, strict=False)):
                    found += problems(part, item, root, f"{where}[{index}]")
        elif key in ("minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum"):
            found += _bound(value, key, rule, where)
        elif key == "pattern":
            if isinstance(value, str) and not re.search(rule, value):
                found.append(f"{where} is {value!r:.40}, not like {rule}")
        else:
            raise AssertionError(f"the validator does not know '{key}' (at {where})")
    return found


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, TYPES[name]) and not (name != "boolean" and isinstance(value, bool))


def _bound(value: Any, key: str, limit: int, where: str) -> list[str]:
    size: float
    if key in ("minItems", "maxItems"):
        if not isinstance(value, list):
            return []
        size = len(value)
    elif key in ("minLength", "maxLength"):
        if not isinstance(value, str):
            return []
        size = len(value)
    else:
        if not _is_type(value, "number"):
            return []
        size = value
    fits = size >= limit if key.startswith("min") else size <= limit
    return [] if fits else [f"{where} breaks {key} {limit}"]
