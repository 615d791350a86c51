"""A multi-table tournament's Discord objects: each table's public thread under the
tournament's channel, the bot's permissions an MTT needs there (named, so an admin is told
which one is missing), and the tournament's scheduled event (an external event in the channel,
so members get Discord's own reminder and "interested" count), kept in step with the
tournament: scheduled while it registers, active once it starts, completed when it ends,
canceled when it is called off before its start.
"""

from __future__ import annotations

import datetime
import logging
from typing import Literal

import discord

log = logging.getLogger(__name__)

NEEDED = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("create_events", "Create Events"),
)
"""The permissions (discord.py's name, Discord's own) the bot needs in an MTT's channel: a
thread for each table, its messages there, and the scheduled event."""

THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
"""A table's thread stays open a day without a message (a level is at most 120 minutes)."""

EVENT_HOURS = 4
"""An external event needs an end time: the start plus this many hours, at least."""


def missing_permissions(held: discord.Permissions) -> list[str]:
    """The permissions (Discord's names) an MTT needs that ``held`` lacks; Manage Events does
    for Create Events."""
    missing = []
    for attribute, name in NEEDED:
        if attribute == "create_events" and held.manage_events:
            continue
        if not getattr(held, attribute):
            missing.append(name)
    return missing


async def open_table_thread(channel: discord.TextChannel, name: str) -> discord.Thread:
    """A public thread under the tournament's channel for one table (``discord.Forbidden``
    when the bot may not create it)."""
    return await channel.create_thread(
        name=name[:100],
        type=discord.ChannelType.public_thread,
        auto_archive_duration=THREAD_ARCHIVE_MINUTES,
    )


def event_end(
    start: datetime.datetime, level_minutes: int | None, late_levels: int
) -> datetime.datetime:
    """When the event says the tournament ends: a guess, at least ``EVENT_HOURS`` after the
    start, longer for long levels (twelve levels' worth, beyond late registration)."""
    minutes = max(EVENT_HOURS * 60, (level_minutes or 0) * (12 + late_levels))
    return start + datetime.timedelta(minutes=minutes)


async def create_event(
    guild: discord.Guild,
    channel: discord.TextChannel,
    *,
    name: str,
    description: str,
    start: datetime.datetime,
    end: datetime.datetime,
) -> discord.ScheduledEvent:
    """The tournament's scheduled event: external, in ``channel`` (its mention as the
    location, which Discord shows as a link)."""
    return await guild.create_scheduled_event(
        name=name[:100],
        description=description[:1000],
        start_time=start,
        end_time=end,
        entity_type=discord.EntityType.external,
        location=f"#{channel.name}"[:100],
        privacy_level=discord.PrivacyLevel.guild_only,
    )


async def event_in_step(guild: discord.Guild, event_id: int, status: str) -> bool:
    """Move the event to ``status`` ("active" at the start, "completed" at the end,
    "canceled" when called off) if Discord allows it from where it is (an admin may have
    edited or deleted it: then nothing, and False). An ended tournament whose event never
    went active completes it the only way Discord allows, through active."""
    try:
        event = await guild.fetch_scheduled_event(event_id, with_counts=False)
    except discord.NotFound:
        return False
    try:
        if status == "active" and event.status is discord.EventStatus.scheduled:
            await event.start()
        elif status == "completed":
            if event.status is discord.EventStatus.scheduled:
                event = await event.start()
            if event.status is discord.EventStatus.active:
                await event.end()
        elif status == "canceled" and event.status is discord.EventStatus.scheduled:
            await event.cancel()
        elif status == "canceled" and event.status is discord.EventStatus.active:
            await event.end()  # an active event cannot be canceled: it ends
        else:
            return False
    except discord.HTTPException as exc:
        log.warning("scheduled event %s of guild %s stays as it is: %s", event_id, guild.id, exc)
        return False
    return True
