"""Interaction tokens: a message answered through an interaction is edited through its token
for ``TOKEN_SECONDS``, outside the bot's global rate limit of 50 requests a second, which
every other edit, DM and post shares with every table."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.replies import NO_MENTIONS

log = logging.getLogger(__name__)

TOKEN_SECONDS = 14 * 60.0
"""How long an interaction's token edits the message it answered on (Discord: 15 minutes)."""

ORIGINAL = cast(int, "@original")
"""The message an interaction answered, in a webhook's routes (PATCH
/webhooks/{application}/{token}/messages/@original), where a message id goes."""


@dataclass(frozen=True, slots=True)
class Sent:
    """What a table keeps of a message it sent or edited: its ids and attachments, not
    discord.py's whole ``Message`` (embeds, buttons, emojis, author...). At 200 tables the
    messages held were most of the objects the collector scanned, and its full passes stalled
    every table."""

    id: int
    channel_id: int
    attachments: tuple[discord.Attachment, ...] = ()

    @classmethod
    def of(cls, message: discord.Message) -> Sent:
        return cls(message.id, message.channel.id, tuple(message.attachments))


@dataclass(frozen=True, slots=True)
class Answered:
    """An interaction answered on a message: the token's webhook edits that message (the
    interaction's "original response", or a follow-up the token posted: ``ref``) until
    ``at`` + ``TOKEN_SECONDS``."""

    webhook: discord.Webhook
    message_id: int
    at: float
    ref: int

    @classmethod
    def now(cls, interaction: discord.Interaction[Any], message_id: int) -> Answered:
        return cls(interaction.followup, message_id, asyncio.get_running_loop().time(), ORIGINAL)

    def valid(self) -> bool:
        return asyncio.get_running_loop().time() - self.at <= TOKEN_SECONDS

    def follow_up(self, message_id: int) -> Answered:
        """The same token, for a follow-up message it posted."""
        return Answered(self.webhook, message_id, self.at, message_id)


async def edit_by_token(
    answer: Answered | None, message_id: int, kwargs: dict[str, Any], table_id: int
) -> tuple[Sent | None, bool]:
    """Edit ``message_id`` through the token of the interaction answered on it, when one is
    still valid: what the table keeps of the edited message (None: the caller edits it the
    usual way), and whether the token failed (it is then of no more use)."""
    if answer is None or answer.message_id != message_id or not answer.valid():
        return None, False
    try:
        edited = await answer.webhook.edit_message(
            answer.ref, **kwargs, allowed_mentions=NO_MENTIONS
        )
        return Sent.of(edited), False
    except discord.HTTPException as error:
        log.debug("Table %s: edit by token failed: %s", table_id, error)
        return None, True
