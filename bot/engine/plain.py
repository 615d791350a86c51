"""Typed dataclass fields to and from plain JSON values (how the engine saves a hand).

``loader(tp)`` is the function that reads a value of the annotated type ``tp`` from JSON and
checks it on the way: ``int``, ``bool``, ``str``, a ``StrEnum``, ``list[X]``,
``tuple[X, ...]``, ``X | None``, and ``Any`` or ``dict`` (a JSON value, copied). Anything of
the wrong shape raises ``TypeError`` or ``ValueError`` (``int("x")``, a number where a list
belongs). ``dumper(tp)`` is the other way: lists and tuples become new lists, enums their
value. Both are chosen once per field, from its type, so saving and loading a hand does no
work a field's type does not need.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Union, get_args, get_origin


def loader(tp: Any) -> Callable[[Any], Any]:
    """The reader of a JSON value of type ``tp`` (raises ``TypeError`` for a type it does not
    know, when called with the type, so a new field's type is caught at import)."""
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (types.UnionType, Union):
        present = [a for a in args if a is not type(None)]
        if len(present) != 1 or len(args) != 2:
            raise TypeError(f"no JSON loader for {tp!r}")
        inner = loader(present[0])
        return lambda value: None if value is None else inner(value)
    if origin is list:
        item = loader(args[0])
        return lambda value: [item(x) for x in _items(value)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = loader(args[0])
        return lambda value: tuple([item(x) for x in _items(value)])
    if tp is Any or origin is dict:
        return copy_json
    if tp is int or tp is bool or tp is str:
        return tp
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    raise TypeError(f"no JSON loader for {tp!r}")


def _items(value: Any) -> Sequence[Any]:
    if value.__class__ is not list and value.__class__ is not tuple:
        raise TypeError(f"a list was expected, not {value.__class__.__name__}")
    return value


def dumper(tp: Any) -> Callable[[Any], Any]:
    """The writer of a value of type ``tp`` as plain JSON sharing nothing mutable with it (the
    types ``loader`` reads)."""
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (types.UnionType, Union):
        present = [a for a in args if a is not type(None)]
        if len(present) != 1 or len(args) != 2:
            raise TypeError(f"no JSON dumper for {tp!r}")
        inner = dumper(present[0])
        if inner is _same:
            return _same
        return lambda value: None if value is None else inner(value)
    if (origin is list) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = dumper(args[0])
        if item is _same:
            return list
        return lambda value: [item(x) for x in value]
    if tp is Any or origin is dict:
        return copy_json
    if tp is int or tp is bool or tp is str:
        return _same
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _value
    raise TypeError(f"no JSON dumper for {tp!r}")


def _same(value: Any) -> Any:
    return value


def _value(member: Enum) -> Any:
    return member.value


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON-shaped value (lists, dicts, scalars)."""
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    return value
