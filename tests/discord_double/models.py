"""Plain data the Discord double keeps: users, guilds, channels, messages and their JSON shapes.

Everything here mirrors what Discord's API v10 sends, because the real discord.py client parses
these payloads: a missing key that Discord always sends becomes a KeyError deep inside the
library, so the builders below emit the complete objects rather than the minimum.
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from tests.discord_double.reading import Layout

log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
PERM_CREATE_INSTANT_INVITE = 1 << 0
PERM_ADMINISTRATOR = 1 << 3
PERM_MANAGE_CHANNELS = 1 << 4
PERM_MANAGE_GUILD = 1 << 5
PERM_ADD_REACTIONS = 1 << 6
PERM_VIEW_CHANNEL = 1 << 10
PERM_SEND_MESSAGES = 1 << 11
PERM_EMBED_LINKS = 1 << 14
PERM_ATTACH_FILES = 1 << 15
PERM_READ_MESSAGE_HISTORY = 1 << 16
PERM_USE_APPLICATION_COMMANDS = 1 << 31
PERM_MANAGE_EVENTS = 1 << 33
PERM_MANAGE_THREADS = 1 << 34
PERM_CREATE_PUBLIC_THREADS = 1 << 35
PERM_SEND_MESSAGES_IN_THREADS = 1 << 38
PERM_CREATE_EVENTS = 1 << 44

#: What an ordinary member of a guild may do: read, write, use slash commands.
DEFAULT_MEMBER_PERMISSIONS = (
    PERM_CREATE_INSTANT_INVITE
    | PERM_ADD_REACTIONS
    | PERM_VIEW_CHANNEL
    | PERM_SEND_MESSAGES
    | PERM_EMBED_LINKS
    | PERM_ATTACH_FILES
    | PERM_READ_MESSAGE_HISTORY
    | PERM_USE_APPLICATION_COMMANDS
)
#: A member allowed to run the admin commands (Manage Server).
ADMIN_MEMBER_PERMISSIONS = DEFAULT_MEMBER_PERMISSIONS | PERM_MANAGE_GUILD
#: What the bot itself holds in every guild (app_permissions of interactions): a member's, plus
#: managing channels, creating public threads and writing in them, and creating events (as
#: the bot's invite asks for them).
BOT_PERMISSIONS = (
    DEFAULT_MEMBER_PERMISSIONS
    | PERM_MANAGE_CHANNELS
    | PERM_CREATE_PUBLIC_THREADS
    | PERM_SEND_MESSAGES_IN_THREADS
    | PERM_CREATE_EVENTS
)

MESSAGE_FLAG_EPHEMERAL = 1 << 6
MESSAGE_FLAG_LOADING = 1 << 7
MESSAGE_FLAG_COMPONENTS_V2 = 1 << 15

CHANNEL_TYPE_GUILD_TEXT = 0
CHANNEL_TYPE_DM = 1
CHANNEL_TYPE_PUBLIC_THREAD = 11


class SnowflakeFactory:
    """Hands out increasing Discord snowflakes, so ids sort by creation like Discord's do."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self._last = 0

    def next(self) -> int:
        """A new id whose timestamp part is now (discord.py derives created_at from it)."""
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (now_ms << 22) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last

    def at(self, when: float) -> int:
        """A new id made at ``when`` (seconds since 1970): an account of a chosen age. Unique
        by its counter bits; it may sort before ids made earlier, as Discord's old accounts
        do against a new guild."""
        ms = int(when * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0xFFF)


def iso_at(when: float) -> str:
    """A time (seconds since 1970) in Discord's ISO-8601 form."""
    return dt.datetime.fromtimestamp(when, dt.UTC).isoformat()


def iso_now() -> str:
    """The current time in Discord's ISO-8601 form."""
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class User:
    """A Discord account (a player or the bot)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    #: Faults: when True the bot's DMs to this user fail with 403 / 50007.
    dms_closed: bool = False
    #: The language of the user's Discord client, sent with each of their interactions.
    locale: str = "en-US"

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Guild:
    """A Discord server: its channels and members live in the double's indexes."""

    id: int
    name: str
    owner_id: int
    created_at: str = field(default_factory=iso_now)
    #: The server's language (Server Settings → Community → Server Primary Language).
    preferred_locale: str = "en-US"

    def everyone_role_json(self) -> dict[str, Any]:
        """The @everyone role (its id is the guild's id, as on Discord)."""
        return {
            "id": str(self.id),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": 0,
            "permissions": str(DEFAULT_MEMBER_PERMISSIONS),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Member:
    """A user's membership in one guild, with the permissions interactions report for them."""

    guild: Guild
    user: User
    nick: str | None = None
    permissions: int = DEFAULT_MEMBER_PERMISSIONS
    joined_at: str = field(default_factory=iso_now)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def display_name(self) -> str:
        return self.nick or self.user.display_name

    @property
    def dms_closed(self) -> bool:
        return self.user.dms_closed

    @dms_closed.setter
    def dms_closed(self, value: bool) -> None:
        self.user.dms_closed = value

    def to_json(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.to_json(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class Channel:
    """A guild text channel or a DM channel (``recipient`` set, ``guild`` None)."""

    id: int
    name: str
    guild: Guild | None = None
    recipient: User | None = None
    position: int = 0
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    """Its permission overwrites, as Discord sends them (``id``, ``type``, ``allow``, ``deny``)."""
    parent: Channel | None = None
    """A public thread's text channel (None for a channel or a DM)."""
    owner_id: int | None = None
    """Who started the thread."""
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=iso_now)
    archived_at: str = field(default_factory=iso_now)
    """When its archived state last changed (Discord's ``archive_timestamp``)."""
    sent: int = 0
    """Messages posted in the thread (``message_count``)."""

    @property
    def is_dm(self) -> bool:
        return self.guild is None

    @property
    def is_thread(self) -> bool:
        return self.parent is not None

    def thread_json(self) -> dict[str, Any]:
        """A public thread as Discord sends it (the channel object of type 11)."""
        assert self.guild is not None and self.parent is not None
        return {
            "id": str(self.id),
            "type": CHANNEL_TYPE_PUBLIC_THREAD,
            "guild_id": str(self.guild.id),
            "parent_id": str(self.parent.id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": self.sent,
            "total_message_sent": self.sent,
            "member_count": 1,
            "flags": 0,
            "applied_tags": [],
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": self.archived_at,
                "locked": self.locked,
                "invitable": True,
                "create_timestamp": self.created_at,
            },
        }

    def to_json(self) -> dict[str, Any]:
        if self.parent is not None:
            return self.thread_json()
        if self.guild is None:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": CHANNEL_TYPE_DM,
                "recipients": [self.recipient.to_json()],
                "last_message_id": None,
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": CHANNEL_TYPE_GUILD_TEXT,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": list(self.overwrites),
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }


def json_copy(data: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of JSON data (a message as Discord stores it): through orjson, several
    times faster than ``copy.deepcopy`` for the double's hundreds of copies a second under
    load (its CPU is shared with the bot's on the benchmark's machine)."""
    try:
        copied: dict[str, Any] = orjson.loads(orjson.dumps(data))
    except TypeError:  # what orjson does not write (a forged integer past 64 bits)
        return copy.deepcopy(data)
    return copied


def json_bytes(data: Any) -> bytes:
    """``data`` as JSON: by orjson, or by the json module for what orjson does not write (a
    forged integer past 64 bits, which Discord would echo as it came)."""
    try:
        return orjson.dumps(data)
    except TypeError:
        return json.dumps(data).encode()


@dataclass
class StoredMessage:
    """The current state of one message the bot created (``data`` is Discord's message object)."""

    id: int
    channel_id: int
    data: dict[str, Any]
    #: Set for an ephemeral interaction reply: only this user sees (and may click) it.
    ephemeral_to: int | None = None
    deleted: bool = False
    #: The interaction whose response or follow-up created it, if any.
    interaction_id: int | None = None

    def snapshot(self) -> dict[str, Any]:
        return json_copy(self.data)


@dataclass
class MessageEvent:
    """One create/edit/delete as it happened, in order, with the full payload after the change."""

    kind: str  # "create" | "edit" | "delete"
    channel_id: int
    message_id: int
    at: float  # time.time()
    payload: dict[str, Any]  # the message object after the change (before it, for a delete)
    request: dict[str, Any]  # what the bot sent (JSON body / payload_json), {} for a delete
    route: str
    ephemeral_to: int | None = None
    is_dm: bool = False

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.payload.get("components") or [])

    @property
    def layout(self) -> Layout:
        """The message after the change read as its reader sees it (``reading.read_layout``)."""
        from tests.discord_double.reading import read_layout

        return read_layout(self.payload)


def iter_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first: action rows, V2 containers, sections, accessories."""
    found: list[dict[str, Any]] = []
    stack = list(reversed(components))
    while stack:
        component = stack.pop()
        found.append(component)
        children: list[dict[str, Any]] = []
        children.extend(component.get("components") or [])
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            children.append(accessory)
        inner = component.get("component")
        if isinstance(inner, dict):
            children.append(inner)
        stack.extend(reversed(children))
    return found


def message_text(data: dict[str, Any]) -> str:
    """All human-readable text of a message: content, embeds, Components V2 text displays, button
    labels, and the alt text and file names of pictures and files.

    Tests use it to look for things that must never appear in a channel (unshown cards).
    """
    parts: list[str] = [str(data.get("content") or "")]
    for embed in data.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                parts.append(str(embed[key]))
        for embed_field in embed.get("fields") or []:
            parts.append(str(embed_field.get("name", "")))
            parts.append(str(embed_field.get("value", "")))
        for key in ("footer", "author"):
            sub = embed.get(key)
            if isinstance(sub, dict):
                parts.append(str(sub.get("text") or sub.get("name") or ""))
    for component in iter_components(list(data.get("components") or [])):
        # A file component's name, and the alt text of pictures (screen readers say it).
        for key in ("content", "label", "placeholder", "description", "name"):
            if component.get(key):
                parts.append(str(component[key]))
        for item in component.get("items") or []:
            if isinstance(item, dict) and item.get("description"):
                parts.append(str(item["description"]))
    return "\n".join(parts)


def assign_component_ids(components: list[dict[str, Any]]) -> None:
    """Number components that lack an ``id`` as Discord does (depth first, from 1)."""
    used = {c["id"] for c in iter_components(components) if isinstance(c.get("id"), int)}
    next_id = 1
    for component in iter_components(components):
        if "id" not in component:
            while next_id in used:
                next_id += 1
            component["id"] = next_id
            used.add(next_id)
