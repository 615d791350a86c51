"""A loopback Discord (REST API v10 + gateway) for end-to-end tests with the real discord.py.

Start a :class:`DiscordDouble`, point discord.py (``Route.BASE``, ``DEFAULT_GATEWAY``) at its
``api_base``/``gateway_url``, create guilds/channels/members, then ``invoke`` slash commands and
``click`` buttons as members and read back what the bot did.

Components V2 (``LayoutView``: containers, sections, text displays, galleries, files,
separators) are stored and refused as Discord does, on every path that carries components
(``components_v2.py``: no content or embeds beside the flag, 40 components, 4,000 characters
of text, the flag never removed by an edit, layout rules, ``attachment://`` names); tests read
such a message with ``read_layout`` (texts in order, buttons wherever they stand) and draw it
with ``dump_message`` (``reading.py``). See README.md.
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
