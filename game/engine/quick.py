"""Frozen records made quickly: `quick_init` gives a frozen dataclass an `__init__` that writes
its fields straight into the new instance's dict.

A frozen dataclass's own `__init__` sets every field through `object.__setattr__` (a call per
field); the engine makes tens of records per action (events, legal options, actions), so its
hot records take this one instead. Everything else about the class is the dataclass's:
equality, hashing, `repr`, `dataclasses.replace` and the refusal to be changed afterwards.
A field whose class attribute is a data descriptor (LegalAction's `rule`) is written under the
descriptor's `key`, where the descriptor keeps its value.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, TypeVar

RecordT = TypeVar("RecordT")


def quick_init(cls: type[RecordT]) -> type[RecordT]:
    """Replace a frozen dataclass's `__init__` by one that fills the instance's dict directly."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if hasattr(cls, "__post_init__") or "__slots__" in vars(cls):
        raise TypeError(f"{cls.__name__} needs the dataclass's own __init__")
    parameters: list[str] = []
    lines: list[str] = []
    defaults: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        if not item.init:
            raise TypeError(f"{cls.__name__}.{item.name} is not set by __init__")
        if item.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{item.name} has a default factory")
        if item.default is dataclasses.MISSING:
            parameters.append(item.name)
        else:
            defaults[f"_default_{item.name}"] = item.default
            parameters.append(f"{item.name}=_default_{item.name}")
        descriptor = inspect.getattr_static(cls, item.name, None)
        key = descriptor.key if hasattr(type(descriptor), "__set__") else item.name
        lines.append(f"    _fields_[{key!r}] = {item.name}")
    source = "\n".join(
        [f"def __init__(self, {', '.join(parameters)}):", "    _fields_ = self.__dict__", *lines]
    )
    namespace: dict[str, Any] = {}
    exec(source, defaults, namespace)
    initialise = namespace["__init__"]
    initialise.__qualname__ = f"{cls.__qualname__}.__init__"
    initialise.__doc__ = f"A {cls.__name__}, its fields written straight into its dict."
    cls.__init__ = initialise  # type: ignore[method-assign]
    return cls
