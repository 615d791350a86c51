"""A loopback Discord (REST API v10 + gateway) for end-to-end tests with the real discord.py.

Start a :class:`DiscordDouble`, point discord.py (``Route.BASE``, ``DEFAULT_GATEWAY``) at its
``api_base``/``gateway_url``, create guilds/channels/members, then ``invoke`` slash commands and
``click`` buttons as members and read back what the bot did.
"""

from __future__ import annotations

import logging

from tests.discord_double.commands import CommandError, CommandNotPermitted
from tests.discord_double.interaction import CallbackRecord, Interaction, RejectedCallback
from tests.discord_double.models import (
    ADMIN_MEMBER_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    PERM_MANAGE_GUILD,
    Channel,
    Guild,
    Member,
    MessageEvent,
    StoredMessage,
    User,
    iter_components,
    message_text,
)
from tests.discord_double.reading import (
    ButtonState,
    Layout,
    dump_components,
    dump_message,
    read_layout,
)
from tests.discord_double.server import DEFAULT_TOKEN, DiscordDouble, DoubleError

log = logging.getLogger(__name__)

__all__ = [
    "ADMIN_MEMBER_PERMISSIONS",
    "DEFAULT_MEMBER_PERMISSIONS",
    "DEFAULT_TOKEN",
    "PERM_MANAGE_GUILD",
    "ButtonState",
    "CallbackRecord",
    "Channel",
    "CommandError",
    "CommandNotPermitted",
    "DiscordDouble",
    "DoubleError",
    "Guild",
    "Interaction",
    "Layout",
    "Member",
    "MessageEvent",
    "RejectedCallback",
    "StoredMessage",
    "User",
    "dump_components",
    "dump_message",
    "iter_components",
    "message_text",
    "read_layout",
]
