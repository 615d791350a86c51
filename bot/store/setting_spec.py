"""A server setting declared once: its ``Settings`` field carries a ``SettingSpec`` (range or
choices, the words of its refusals, its line in the settings report) beside its default and
type, and everything else is derived from that one declaration: the column of
``guild_settings`` (added by ``migrations.declared_columns`` / ``migrations_pg``), the store's
read and upsert (``bot/store/settings.py``), its checks, and the admin commands' option ranges.

Adding a server setting is one field of ``models.Settings``, the command that sets it and
the code that reads it, plus its sentences in the catalogues (``docs/ARCHITECTURE.md``).
"""

from __future__ import annotations

import dataclasses
import logging
import types
import typing
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.store.errors import InvalidSetting

log = logging.getLogger(__name__)

T = TypeVar("T")

SPEC = "deuce.setting"
"""The key of a ``Settings`` field's metadata that holds its ``SettingSpec``."""


def check_setting(value: object, what: str, minimum: int, maximum: int) -> int:
    """Return an int setting within [minimum, maximum] or raise InvalidSetting saying the range."""
    if type(value) is not int:
        raise InvalidSetting(f"The {what} must be a whole number.", key="error_amount_whole")
    if not minimum <= value <= maximum:
        raise InvalidSetting(
            f"The {what} must be between {minimum:,} and {maximum:,}.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    return value


@dataclass(frozen=True)
class SettingSpec:
    """What the store and the admin commands know of one server setting.

    ``name``, ``kind``, ``default`` and ``nullable`` come from the ``Settings`` field it is
    declared on (``declared``); the rest is written on the field (``setting``).
    """

    what: str
    """The setting in English words, for the store's refusals ("small bet")."""
    minimum: int = 0
    """The smallest whole number an admin may set (a caller may lower it: a deployment's
    floor)."""
    maximum: int = 0
    """The largest whole number an admin may set."""
    choices: tuple[str, ...] = ()
    """The values a text setting takes."""
    refusal: str = ""
    """The English refusal of a text value outside ``choices`` (``{value}`` is the value)."""
    report: str | None = None
    """The catalogue key of the setting's own line in ``/pokeradmin settings`` (given
    ``$value`` and ``$source``); None when a line of several settings shows it, or none does."""
    channel: bool = False
    """Whether a channel's table may lay its own value over the server's (stakes, language)."""
    name: str = ""
    """The ``Settings`` field, which is also the ``guild_settings`` column."""
    kind: type = int
    """``int`` or ``str``: the column's type."""
    default: Any = None
    """The value while no admin set one (PRODUCT.md's)."""
    nullable: bool = False
    """Whether None is a value (the small blind's "half the small bet", the language's
    "the server's Discord language"): setting it to None forgets the admin's value."""

    def check(self, value: object, *, minimum: int | None = None) -> object:
        """Return ``value`` if an admin may set it, else raise ``InvalidSetting``;
        ``minimum`` overrides the declared smallest value (a deployment's floor)."""
        if value is None and self.nullable:
            return None
        if self.kind is int:
            low = self.minimum if minimum is None else minimum
            return check_setting(value, self.what, low, self.maximum)
        if value not in self.choices:
            raise InvalidSetting(self.refusal.format(value=repr(value)))
        return value


def setting(
    default: T,
    what: str,
    *,
    minimum: int = 0,
    maximum: int = 0,
    choices: tuple[str, ...] = (),
    refusal: str = "",
    report: str | None = None,
    channel: bool = False,
) -> T:
    """Declare a ``Settings`` field as a server setting (its default, range and report line).

    Typed as the default for the dataclass's sake; at run time it is the field itself."""
    spec = SettingSpec(
        what,
        minimum=minimum,
        maximum=maximum,
        choices=choices,
        refusal=refusal,
        report=report,
        channel=channel,
    )
    field: T = dataclasses.field(default=default, metadata={SPEC: spec})
    return field


def declared(cls: type) -> tuple[SettingSpec, ...]:
    """The settings declared on a dataclass's fields, in their order, with their name, type,
    default and whether None is a value filled in from the field."""
    hints = typing.get_type_hints(cls)
    specs: list[SettingSpec] = []
    for field in dataclasses.fields(cls):
        spec = field.metadata.get(SPEC)
        if spec is None:
            continue
        if not field.name.isidentifier() or not field.name.islower():
            raise TypeError(f"setting {field.name!r} must be a lower-case column name")
        hint = hints[field.name]
        kinds = [k for k in typing.get_args(hint) if k is not type(None)] or [hint]
        if len(kinds) != 1 or kinds[0] not in (int, str):
            raise TypeError(f"setting {field.name} must be an int or a str, not {hint}")
        nullable = isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)
        specs.append(
            dataclasses.replace(
                spec, name=field.name, kind=kinds[0], default=field.default, nullable=nullable
            )
        )
    return tuple(specs)
