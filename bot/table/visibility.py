"""Who may see what of a channel: the one check every lobby line, replay, tournament button and
stats line goes through, so nothing of a channel reaches a member who cannot view it now."""

from __future__ import annotations

import discord


def can_see(guild: discord.Guild | None, member: object, channel_id: int) -> bool:
    """Whether ``member`` may view the channel (or thread) now; a channel the bot does not
    know, or a member that is not one of ``guild``'s: no."""
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    return channel is not None and channel.permissions_for(member).view_channel
