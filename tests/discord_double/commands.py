"""Slash-command invocation typed from the commands the bot actually synced.

A test writes ``invoke(member, channel, "poker join", buy_in=500)``; this module finds the
synced command tree for "poker" → "join", checks every keyword against the synced option
schema (name, type, required, choices, ranges) and builds Discord's ``data.options`` tree, so a
test cannot call a command or an option the bot never registered.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from tests.discord_double.models import Channel, Member, User

log = logging.getLogger(__name__)

OPTION_SUB_COMMAND = 1
OPTION_SUB_COMMAND_GROUP = 2
OPTION_STRING = 3
OPTION_INTEGER = 4
OPTION_BOOLEAN = 5
OPTION_USER = 6
OPTION_CHANNEL = 7
OPTION_ROLE = 8
OPTION_MENTIONABLE = 9
OPTION_NUMBER = 10
OPTION_ATTACHMENT = 11


class CommandError(Exception):
    """A test tried something Discord's client would not let a user do (unknown command...)."""


class CommandNotPermitted(CommandError):
    """The member lacks the command's ``default_member_permissions``: Discord hides it."""


@dataclass
class TypedInvocation:
    """The ``data`` of an APPLICATION_COMMAND interaction, ready to dispatch."""

    command: dict[str, Any]
    options: list[dict[str, Any]]
    resolved: dict[str, Any] = field(default_factory=dict)
    path: tuple[str, ...] = ()


def _check_scalar(option: dict[str, Any], value: Any) -> Any:
    """Validate one scalar option value against its synced schema; return the wire value."""
    kind = option["type"]
    name = option["name"]
    if kind == OPTION_STRING:
        if not isinstance(value, str):
            raise CommandError(f"option {name!r} takes a string, got {value!r}")
        if "min_length" in option and len(value) < option["min_length"]:
            raise CommandError(f"option {name!r} is shorter than {option['min_length']}")
        if "max_length" in option and len(value) > option["max_length"]:
            raise CommandError(f"option {name!r} is longer than {option['max_length']}")
    elif kind == OPTION_INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandError(f"option {name!r} takes an integer, got {value!r}")
    elif kind == OPTION_NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CommandError(f"option {name!r} takes a number, got {value!r}")
    elif kind == OPTION_BOOLEAN and not isinstance(value, bool):
        raise CommandError(f"option {name!r} takes a boolean, got {value!r}")
    if kind in (OPTION_INTEGER, OPTION_NUMBER):
        low = option.get("min_value")
        high = option.get("max_value")
        if low is not None and value < low:
            raise CommandError(f"option {name!r}: {value} is below the minimum {low}")
        if high is not None and value > high:
            raise CommandError(f"option {name!r}: {value} is above the maximum {high}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandError(f"option {name!r}: {value!r} is not one of the synced choices")
    return value


def type_invocation(
    command: dict[str, Any],
    path: list[str],
    kwargs: dict[str, Any],
    *,
    members: list[Member],
    focused: str | None = None,
    checked: bool = True,
) -> TypedInvocation:
    """Walk ``path`` below ``command`` (subcommand groups, subcommands) and type ``kwargs``.

    Member/User values of user options become snowflake strings plus ``resolved`` entries, as
    Discord sends them. With ``focused`` (an autocomplete request), that option must have been
    synced with ``autocomplete`` and its value is the text typed so far, sent with
    ``"focused": true``; required options may still be missing, as while a user types.
    ``checked=False`` sends scalar values as given (a forged request: no type, range or choice
    check).
    """
    resolved: dict[str, Any] = {}
    schema: list[dict[str, Any]] = list(command.get("options") or [])
    wrappers: list[dict[str, Any]] = []
    for part in path:
        sub = next(
            (
                o
                for o in schema
                if o["name"] == part and o["type"] in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP)
            ),
            None,
        )
        if sub is None:
            raise CommandError(f"/{command['name']} has no subcommand {part!r} (synced: {schema})")
        wrappers.append({"type": sub["type"], "name": sub["name"], "options": []})
        schema = list(sub.get("options") or [])
    if any(o["type"] in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP) for o in schema):
        names = [o["name"] for o in schema]
        raise CommandError(f"/{command['name']} {' '.join(path)} needs a subcommand: {names}")

    leaf: list[dict[str, Any]] = []
    known = {o["name"]: o for o in schema}
    unknown = set(kwargs) - set(known)
    if unknown:
        raise CommandError(f"unknown options {sorted(unknown)}; synced options: {sorted(known)}")
    if focused is not None:
        target = known.get(focused)
        if target is None or not target.get("autocomplete"):
            raise CommandError(f"option {focused!r} was not synced with autocomplete")
        if not isinstance(kwargs.get(focused), str):
            raise CommandError(f"the focused option {focused!r} takes the text typed so far")
    for option in schema:
        name = option["name"]
        if name not in kwargs:
            if option.get("required") and focused is None:
                raise CommandError(f"missing required option {name!r}")
            continue
        value = kwargs[name]
        kind = option["type"]
        if name == focused:
            leaf.append({"name": name, "type": kind, "value": value, "focused": True})
            continue
        if kind in (OPTION_USER, OPTION_MENTIONABLE) and isinstance(value, Member | User):
            user = value.user if isinstance(value, Member) else value
            resolved.setdefault("users", {})[str(user.id)] = user.to_json()
            if isinstance(value, Member):
                member_json = value.to_json(with_permissions=True)
                member_json.pop("user", None)
                resolved.setdefault("members", {})[str(user.id)] = member_json
            else:
                member = next((m for m in members if m.user.id == user.id), None)
                if member is not None:
                    member_json = member.to_json(with_permissions=True)
                    member_json.pop("user", None)
                    resolved.setdefault("members", {})[str(user.id)] = member_json
            wire: Any = str(user.id)
        elif kind == OPTION_USER:
            raise CommandError(f"option {name!r} takes a member, got {value!r}")
        elif kind == OPTION_CHANNEL:
            if not isinstance(value, Channel):
                raise CommandError(f"option {name!r} takes a channel, got {value!r}")
            channel_json = value.to_json()
            channel_json["permissions"] = "0"
            resolved.setdefault("channels", {})[str(value.id)] = channel_json
            wire = str(value.id)
        else:
            wire = _check_scalar(option, value) if checked else value
        leaf.append({"name": name, "type": kind, "value": wire})

    options = leaf
    for wrapper in reversed(wrappers):
        wrapper["options"] = options
        options = [wrapper]
    return TypedInvocation(command=command, options=options, resolved=resolved, path=tuple(path))
