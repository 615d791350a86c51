"""Interaction tokens: a message answered through an interaction is edited through its token
for ``TOKEN_SECONDS``, outside the bot's global rate limit of 50 requests a second, which
every other edit, DM and post shares with every table."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, cast

import aiohttp
import discord
import orjson
from discord.http import Route, handle_message_parameters, json_or_text
from discord.webhook.async_ import interaction_message_response_params

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
    channel_id: int
    at: float
    ref: int

    @classmethod
    def now(cls, interaction: discord.Interaction[Any], message_id: int) -> Answered:
        loop_time = asyncio.get_running_loop().time()
        channel_id = interaction.channel_id or 0
        return cls(interaction.followup, message_id, channel_id, loop_time, ORIGINAL)

    def valid(self) -> bool:
        return asyncio.get_running_loop().time() - self.at <= TOKEN_SECONDS

    def follow_up(self, message_id: int) -> Answered:
        """The same token, for a follow-up message it posted."""
        return Answered(self.webhook, message_id, self.channel_id, self.at, message_id)


async def edit_by_token(
    answer: Answered | None, message_id: int, kwargs: dict[str, Any], table_id: int
) -> tuple[Sent | None, bool]:
    """Edit ``message_id`` through the token of the interaction answered on it, when one is
    still valid: what the table keeps of the edited message (None: the caller edits it the
    usual way), and whether the token failed (it is then of no more use)."""
    if answer is None or answer.message_id != message_id or not answer.valid():
        return None, False
    try:
        edited = await _patch(answer, kwargs)
        if edited is None:  # an upload, a rate limit or a server error: discord.py's way
            edited = Sent.of(
                await answer.webhook.edit_message(
                    answer.ref, **kwargs, allowed_mentions=NO_MENTIONS
                )
            )
        return edited, False
    except discord.HTTPException as error:
        log.debug("Table %s: edit by token failed: %s", table_id, error)
        return None, True


async def answer_with_update(
    interaction: discord.Interaction[Any], kwargs: dict[str, Any]
) -> discord.InteractionCallbackResponse[Any] | None:
    """Answer a click by updating the clicked message to ``kwargs`` (``view``, ``attachments``
    ...), as ``interaction.response.edit_message`` does: one JSON request that does not ask
    Discord for the message back (discord.py's asks for it and parses it into a ``Message``
    that nothing reads but an upload's new attachments). An upload, a rate limit or a server
    error takes discord.py's way, whose answer (returned) carries the message as edited; so
    does a click another process acknowledged (``bot/shards.py``: its response edits through
    the token). A refusal raises as discord.py's would."""
    response = interaction.response
    if (
        isinstance(response, discord.InteractionResponse)  # not a click handed over deferred
        and not response.is_done()  # else discord.py's raises InteractionResponded
        and interaction.type is discord.InteractionType.component
        and not uploads(kwargs)
    ):
        with interaction_message_response_params(
            type=discord.InteractionResponseType.message_update.value,
            **kwargs,
            previous_allowed_mentions=interaction.client.allowed_mentions,
        ) as params:
            body = orjson.dumps(params.payload)
        url = f"{Route.BASE}/interactions/{interaction.id}/{interaction.token}/callback"
        webhook = interaction.followup
        if await _send(webhook.session, "POST", url, body, interaction.token) is not None:
            # What discord.py's edit_message records of its answer (no public setter).
            response._response_type = discord.InteractionResponseType.message_update
            return None
    return await response.edit_message(**kwargs)


def uploads(kwargs: dict[str, Any]) -> bool:
    """Whether a message's arguments upload a file: those go discord.py's way (multipart),
    told before any parameters are built (discord.py builds its own, and leaving the block of
    built parameters closes the files, which its request then sends)."""
    attachments = kwargs.get("attachments") or ()
    return bool(
        kwargs.get("file")
        or kwargs.get("files")
        or any(isinstance(a, discord.File) for a in attachments)
    )


_JSON = {"Content-Type": "application/json"}
_cooling: dict[str, float] = {}
"""Tokens whose rate-limit bucket Discord said is empty (``X-RateLimit-Remaining: 0``), with
the loop time it refills: their next request waits until then, as discord.py's would."""
COOLING_MAX = 1024
"""Entries of ``_cooling`` past which those whose wait is over are dropped."""


async def _send(
    session: aiohttp.ClientSession, method: str, url: str, body: bytes, token: str
) -> bytes | None:
    """One JSON request through an interaction's token, in discord.py's session: the answer's
    body; None where discord.py's own request is to take over (a rate limit waited out, or a
    server error, which it retries). A refusal raises ``HTTPException`` (``Forbidden``,
    ``NotFound``) as discord.py's would, a 429 without ``Via`` too (Cloudflare's ban, which
    discord.py does not retry either)."""
    loop = asyncio.get_running_loop()
    until = _cooling.pop(token, None)
    if until is not None and until > loop.time():
        await asyncio.sleep(until - loop.time())
    async with session.request(method, url, data=body, headers=_JSON) as response:
        if response.headers.get("X-Ratelimit-Remaining") == "0" and response.status != 429:
            reset = float(response.headers.get("X-Ratelimit-Reset-After") or 1.0)
            if len(_cooling) >= COOLING_MAX:  # tokens never used again: their waits are over
                now = loop.time()
                for stale in [t for t, until in _cooling.items() if until <= now]:
                    del _cooling[stale]
            _cooling[token] = loop.time() + reset
        if 200 <= response.status < 300:
            return await response.read()
        data = await json_or_text(response)
        if response.status == 429 and response.headers.get("Via") and isinstance(data, dict):
            await asyncio.sleep(float(data.get("retry_after", 1.0)))
            return None
        if response.status >= 500:
            await asyncio.sleep(1.0)  # discord.py's first wait before it tries again
            return None
        if response.status == 403:
            raise discord.Forbidden(response, data)
        if response.status == 404:
            raise discord.NotFound(response, data)
        raise discord.HTTPException(response, data)


async def _patch(answer: Answered, kwargs: dict[str, Any]) -> Sent | None:
    """Edit the answered message through its token with one JSON request (``_send``) in
    discord.py's session, without its webhook machinery (a lock per token, the answer parsed
    into a ``WebhookMessage`` with its components, author and channel, to be read for its
    id): half the CPU of discord.py's edit or less (0.17 ms a request against 0.33-0.44 on
    loopback; ``bench/bench_load.py`` at 200 tables edits the tables and their live DM panels
    through tokens 150 times a hand). None where
    this does not fit: new files to upload (multipart), or what ``_send`` leaves to
    discord.py."""
    webhook = answer.webhook
    token = webhook.token
    if token is None or uploads(kwargs):
        return None
    with handle_message_parameters(
        **kwargs, allowed_mentions=NO_MENTIONS, previous_allowed_mentions=None
    ) as params:
        body = orjson.dumps(params.payload)
    components = int(bool(kwargs.get("view")))
    url = (
        f"{Route.BASE}/webhooks/{webhook.id}/{token}/messages/{answer.ref}"
        f"?with_components={components}"
    )
    answered = await _send(webhook.session, "PATCH", url, body, token)
    if answered is None:
        return None
    kept = kwargs.get("attachments")
    if kept is not None:  # all kept (no upload): the message carries just these
        return Sent(answer.message_id, answer.channel_id, tuple(kept))
    state = cast(Any, webhook._state)  # what discord.py's own message reads files with
    attachments = orjson.loads(answered).get("attachments") or ()
    return Sent(
        answer.message_id,
        answer.channel_id,
        tuple(discord.Attachment(data=item, state=state) for item in attachments),
    )
