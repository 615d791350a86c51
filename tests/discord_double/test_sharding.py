"""Self-tests of the double's sharding, as Discord shards: two real discord.py clients (shard 0
and shard 1 of 2, as two processes would run them) on one double.

IDENTIFY carries ``[shard_id, shard_count]``; READY lists, and GUILD_CREATE announces, only the
guilds of the shard ``(guild_id >> 22) % shard_count``; a guild's interactions reach its shard's
connection only; DM messages' buttons reach shard 0 only.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import yarl

from tests.discord_double import DiscordDouble

SHARDS = 2


class Recorder(discord.Client):
    """A client that records the guilds it sees and the component clicks it receives."""

    def __init__(self, shard_id: int) -> None:
        super().__init__(
            intents=discord.Intents.none() | discord.Intents(guilds=True),
            shard_id=shard_id,
            shard_count=SHARDS,
            guild_ready_timeout=0.1,
        )
        self.clicks: list[str] = []
        self.ready_event = asyncio.Event()

    async def on_ready(self) -> None:
        self.ready_event.set()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        custom_id = (interaction.data or {}).get("custom_id", "")
        self.clicks.append(str(custom_id))
        await interaction.response.send_message(f"shard {self.shard_id}", ephemeral=True)


@pytest.fixture
async def sharded() -> AsyncIterator[tuple[DiscordDouble, Recorder, Recorder]]:
    double = DiscordDouble()
    await double.start()
    saved_base, saved_gateway = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
    )
    discord.http.Route.BASE = double.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(double.gateway_url)
    clients = [Recorder(0), Recorder(1)]
    tasks = [asyncio.create_task(c.start(double.token)) for c in clients]
    try:
        await asyncio.wait_for(asyncio.gather(*(c.ready_event.wait() for c in clients)), timeout=10)
        yield double, clients[0], clients[1]
    finally:
        for client in clients:
            await client.close()
        for task in tasks:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await task
        discord.http.Route.BASE = saved_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved_gateway
        await double.stop()


async def test_guild_on_shard_has_the_asked_shard() -> None:
    double = DiscordDouble()
    for shard in (0, 1, 0, 1, 1):
        guild = await double.add_guild_on_shard(shard, SHARDS)
        assert (guild.id >> 22) % SHARDS == shard
    assert len({g.id for g in double.guilds.values()}) == 5


async def test_identify_ready_and_guild_create_go_to_the_owning_shard() -> None:
    double = DiscordDouble()
    await double.start()
    g0 = await double.add_guild_on_shard(0, SHARDS, "zero")
    g1 = await double.add_guild_on_shard(1, SHARDS, "one")
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = double.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(double.gateway_url)
    clients = [Recorder(0), Recorder(1)]
    tasks = [asyncio.create_task(c.start(double.token)) for c in clients]
    try:
        await asyncio.wait_for(asyncio.gather(*(c.ready_event.wait() for c in clients)), 10)
        assert [g.id for g in clients[0].guilds] == [g0.id]
        assert [g.id for g in clients[1].guilds] == [g1.id]
        assert "identify shard [0, 2]" in double.gateway_log
        assert "identify shard [1, 2]" in double.gateway_log
        assert double.shard_connected(0) and double.shard_connected(1)
        # A guild added later is announced on its own shard only.
        late = await double.add_guild_on_shard(1, SHARDS, "late")
        await double.wait_until(lambda: clients[1].get_guild(late.id) is not None)
        assert clients[0].get_guild(late.id) is None
    finally:
        for client in clients:
            await client.close()
        for task in tasks:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await task
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
        await double.stop()


async def test_guild_clicks_reach_their_shard_and_dm_clicks_shard_zero(
    sharded: tuple[DiscordDouble, Recorder, Recorder],
) -> None:
    double, zero, one = sharded
    guild = await double.add_guild_on_shard(1, SHARDS, "one")
    channel = await double.add_channel(guild)
    alice = await double.add_member(guild, "alice")
    await double.wait_until(lambda: one.get_guild(guild.id) is not None)

    button = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "x:go"}],
    }
    in_guild = await one.get_partial_messageable(channel.id).send("table", view=None)
    double.messages[in_guild.id].data["components"] = [button]
    click = await double.click(alice, in_guild.id, "x:go")
    assert (await click.response(timeout=5)).content == "shard 1"

    # The DM is sent by shard 1's process, yet the click on its button reaches shard 0.
    dm = await (await one.create_dm(discord.Object(alice.user.id))).send("your cards")
    double.messages[dm.id].data["components"] = [button]
    dm_click = await double.click(alice, dm.id, "x:go")
    assert (await dm_click.response(timeout=5)).content == "shard 0"
    assert zero.clicks == ["x:go"] and one.clicks == ["x:go"]
