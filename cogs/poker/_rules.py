"""``/poker rules``: the rules of the game at this table and the commands, the list built from
the registered command tree (so it names every command there is, and no old one), each
command as its mention with its description, in the reader's language.

The commands are grouped by what a player does with them (``GROUPS``): a command under none
of the groups' paths is listed with the table's, so a new command is never left out. Admin
commands (``/pokeradmin``) are listed in full, with their descriptions, to a member who may
manage the server; any other member reads one line naming them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.messages import bundle, command, command_words, reader, t
from bot.store.models import Settings
from bot.table.render.common import (
    EMBED_DESCRIPTION_MAX,
    EMBED_FIELD_MAX,
    EMBED_TOTAL_MAX,
    clamp,
)

Runnable = app_commands.Command[Any, ..., Any]
"""A command a member can run (no group)."""
AnyCommand = Runnable | app_commands.Group | app_commands.ContextMenu
"""What the tree holds: a command, a group of them (``/poker``, ``/poker sng``), a menu."""

TABLE_GROUP = "rules_group_table"
ADMIN_GROUP = "rules_group_admin"
ADMIN_PATH = "pokeradmin"
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (TABLE_GROUP, ("poker",)),
    ("rules_group_tournaments", ("poker sng", "poker mtt")),
    ("rules_group_records", ("poker stats", "poker history", "poker replay", "poker session")),
    ("rules_group_chips", ("chips",)),
    (ADMIN_GROUP, (ADMIN_PATH,)),
)
"""Each group's title key and the command paths it holds (the longest path that fits wins)."""
CONTINUED = "\u200b"
"""The name of a group's field that goes on from the one above (Discord needs a name)."""


def runnable(commands: Sequence[AnyCommand]) -> Iterator[Runnable]:
    """Every slash command a member can run (the tree's leaves), in the tree's order."""
    for item in commands:
        if isinstance(item, app_commands.Group):
            yield from runnable(item.commands)
        elif isinstance(item, app_commands.Command):
            yield item


def group_of(path: str) -> str:
    """The group a command's qualified name (``poker sng show``) belongs to."""
    best, length = TABLE_GROUP, -1
    for key, prefixes in GROUPS:
        for prefix in prefixes:
            fits = path == prefix or path.startswith(prefix + " ")
            if fits and len(prefix) > length:
                best, length = key, len(prefix)
    return best


def description(item: Runnable) -> str:
    """The command's description in the reader's language (English: the tree's own)."""
    key = f"cmd-{item.qualified_name.replace(' ', '-')}-desc"
    return t(key) if bundle("en").has_message(key) else item.description


def catalogue_path(item: Runnable) -> str:
    """The command's catalogue path (``poker-sng-show``)."""
    return item.qualified_name.replace(" ", "-")


def fields(
    title: str, lines: list[str], *, separator: str = "\n", first: str | None = None
) -> list[tuple[str, str]]:
    """A group's lines in as many fields as they need (each within Discord's limit), joined
    by ``separator`` (the first two by ``first`` when given: a lead-in and what it leads)."""
    found: list[tuple[str, str]] = []
    value = ""
    for number, line in enumerate(lines):
        line = clamp(line, EMBED_FIELD_MAX)
        joint = first if number == 1 and first is not None else separator
        if value and len(value) + len(joint) + len(line) > EMBED_FIELD_MAX:
            found.append((title if not found else CONTINUED, value))
            value = ""
        value = f"{value}{joint}{line}" if value else line
    if value:
        found.append((title if not found else CONTINUED, value))
    return found


def admin_fields(items: list[Runnable], *, manages: bool) -> list[tuple[str, str]]:
    """The admin commands without their descriptions (the embed holds no more): their
    mentions to a member who may manage the server, else their names in the reader's
    language (Discord shows that member none of them)."""
    if manages:
        names = [command(catalogue_path(item)) for item in items]
    else:
        language = reader()
        names = [" ".join(command_words(catalogue_path(item), language)[1:]) for item in items]
    admin = "/" + " ".join(command_words(ADMIN_PATH, reader()))
    return fields(
        t(ADMIN_GROUP), [t("rules_admin_line", admin=admin), *names], separator=" · ", first=" "
    )


def rules_embed(
    commands: Sequence[AnyCommand], settings: Settings, *, manages: bool
) -> discord.Embed:
    """The rules and the commands of ``commands`` (the tree's top level) in the reader's
    language; ``manages``: the reader may manage the server (the admin commands in full)."""
    body = t("rules_body", cap=settings.cap, timer=settings.action_timer)
    if settings.time_bank > 0:
        bank = t(
            "rules_time_bank",
            start=min(settings.time_bank, settings.time_bank_max),
            add=settings.time_bank_add,
            every=settings.time_bank_every,
            maximum=settings.time_bank_max,
        )
    else:
        bank = t("rules_time_bank_off")
    embed = discord.Embed(
        title=t("rules_title"),
        description=clamp(f"{body}\n{bank}", EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.dark_green(),
    )
    embed.add_field(name=t("rules_rankings_title"), value=t("rules_rankings"), inline=False)
    grouped: dict[str, list[Runnable]] = {key: [] for key, _ in GROUPS}
    for item in runnable(commands):
        grouped[group_of(item.qualified_name)].append(item)
    for key, _ in GROUPS:
        items = grouped[key]
        if not items:
            continue
        if key == ADMIN_GROUP:
            for name, value in admin_fields(items, manages=manages):
                embed.add_field(name=name, value=value, inline=False)
            continue
        lines = [f"{command(catalogue_path(item))} — {description(item)}" for item in items]
        for name, value in fields(t(key), lines):
            embed.add_field(name=name, value=value, inline=False)
    if len(embed) > EMBED_TOTAL_MAX:
        embed.remove_field(0)  # past Discord's limit the rankings go, never a command
    return embed
