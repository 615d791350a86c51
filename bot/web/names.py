"""Members' names for a page that would otherwise show Discord ids (the ledger, the
leaderboards): each read from Discord once per request, at most ``NAMES_ASKED`` of them (the
rest, and any Discord does not answer for, stay ids); the house is named as such."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from aiohttp import web

from bot.house.accounts import is_house
from bot.messages import t
from bot.web.context import context
from bot.web.discord_api import DiscordUnavailable

NAMES_ASKED = 50
"""The most names one request asks Discord for."""


async def member_names(
    request: web.Request, guild_id: int, user_ids: Iterable[int]
) -> dict[int, str]:
    """A name for each of ``user_ids``: the member's in the server, else their id."""
    api = context(request).api
    wanted = list(dict.fromkeys(user_ids))
    names = {u: t("web_the_house") for u in wanted if is_house(u)}
    asked = [u for u in wanted if u not in names][:NAMES_ASKED]

    async def one(user_id: int) -> str:
        try:
            return await api.member_name(guild_id, user_id) or str(user_id)
        except DiscordUnavailable:
            return str(user_id)

    found = await asyncio.gather(*(one(u) for u in asked))
    names.update(zip(asked, found, strict=True))
    return {u: names.get(u, str(u)) for u in wanted}


async def channel_names(request: web.Request, guild_id: int) -> dict[int, str]:
    """The server's text channels' names by id: the bot's own (in its process), else as
    Discord gives them (none when it does not answer: the page shows ids)."""
    ctx = context(request)
    if ctx.live is not None:
        return dict(ctx.live.text_channels(guild_id))
    try:
        return dict(await ctx.api.text_channels(guild_id))
    except DiscordUnavailable:
        return {}
