"""Sharded processes: SHARD_COUNT/SHARD_IDS, the client each builds, and the tables each
restores (only those of the guilds on its shards)."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import asyncpg
import discord
import pytest
from discord.ext import commands

from bot.client import DeuceBot, ShardedDeuceBot, make_bot
from bot.config import Config, ConfigError, shard_of
from bot.store import Store
from bot.table.registry import TableRegistry
from tests.store._helpers import PostgresCluster
from tests.table._helpers import FakeClient

BASE = {"DISCORD_TOKEN": "x"}


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id on ``shard`` of ``count`` (the timestamp part picks the shard)."""
    return ((1000 * count + shard + count * n) << 22) | 7


def test_shard_formula_is_discord_s() -> None:
    assert shard_of(guild_on(1, 2), 2) == 1
    assert shard_of(guild_on(0, 2), 2) == 0
    assert shard_of(41771983423143937, 4) == (41771983423143937 >> 22) % 4
    for shard in range(3):
        assert shard_of(guild_on(shard, 3, 5), 3) == shard


def test_unsharded_by_default() -> None:
    config = Config.from_env(BASE)
    assert config.shard_count is None and config.shard_ids is None and not config.sharded
    assert config.owns_guild(guild_on(1, 2))


def test_shard_settings_are_read_and_checked() -> None:
    config = Config.from_env({**BASE, "SHARD_COUNT": "4", "SHARD_IDS": " 3, 1,1"})
    assert config.shard_count == 4 and config.shard_ids == (1, 3)
    assert config.owns_guild(guild_on(1, 4)) and config.owns_guild(guild_on(3, 4))
    assert not config.owns_guild(guild_on(0, 4)) and not config.owns_guild(guild_on(2, 4))
    every = Config.from_env({**BASE, "SHARD_COUNT": "2"})
    assert every.shard_ids is None and every.owns_guild(guild_on(0, 2))
    for bad, words in (
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "two"}, "whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "between 0 and 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a,b"}, "separated by commas"),
    ):
        with pytest.raises(ConfigError, match=words):
            Config.from_env({**BASE, **bad})


def test_the_client_matches_the_shards(tmp_path: Path) -> None:
    base = Config(token="x", database_path=str(tmp_path / "d.db"))
    plain = make_bot(base)
    assert type(plain) is DeuceBot and plain.shard_count is None and plain.runs_shard_zero
    one = make_bot(dataclasses.replace(base, shard_count=2, shard_ids=(1,)))
    assert type(one) is DeuceBot
    assert (one.shard_id, one.shard_count) == (1, 2) and not one.runs_shard_zero
    many = make_bot(dataclasses.replace(base, shard_count=4, shard_ids=(0, 2)))
    assert isinstance(many, ShardedDeuceBot) and isinstance(many, commands.AutoShardedBot)
    assert many.shard_ids == [0, 2] and many.shard_count == 4 and many.runs_shard_zero
    assert isinstance(many, discord.AutoShardedClient)
    every = make_bot(dataclasses.replace(base, shard_count=2))
    assert isinstance(every, ShardedDeuceBot) and every.shard_ids is None


async def test_a_process_restores_only_its_shards_tables(store: Store) -> None:
    zero, one = guild_on(0, 2), guild_on(1, 2)
    t0 = await store.get_or_create_table(zero, 10)
    t1 = await store.get_or_create_table(one, 11)
    shard_one = Config(token="x", shard_count=2, shard_ids=(1,))
    client = FakeClient()
    registry = TableRegistry(
        client, store, hand_pause=0, owns_guild=shard_one.owns_guild, voids_orphans=False
    )
    client.tables = registry
    try:
        await registry.restore_all()
        assert registry.by_table(t1.id) is not None
        assert registry.by_table(t0.id) is None and len(registry) == 1
    finally:
        await registry.close_all()
    shard_zero = Config(token="x", shard_count=2, shard_ids=(0,))
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=0, owns_guild=shard_zero.owns_guild)
    client.tables = registry
    try:
        await registry.restore_all()
        assert registry.by_table(t0.id) is not None and registry.by_table(t1.id) is None
    finally:
        await registry.close_all()


def test_dm_clicks_name_their_table_and_guild_clicks_are_left_alone() -> None:
    from bot.shards import channel_name, dm_click_table, shard_list

    dm = {"type": 3, "data": {"custom_id": "deuce:c:42:7:1:3", "component_type": 2}}
    assert dm_click_table(dm) == 42
    assert dm_click_table({**dm, "data": {"custom_id": "deuce:f:9:1"}}) == 9
    assert dm_click_table({**dm, "guild_id": "5"}) is None  # a guild click reaches its shard
    assert dm_click_table({**dm, "type": 2}) is None  # a command
    assert dm_click_table({**dm, "data": {"custom_id": "other:1"}}) is None
    assert shard_list({2, 0}) == ",0,2," and channel_name(3) == "deuce_shard_3"


async def test_the_router_comes_back_after_the_server_drops_its_connections(
    postgres_cluster: PostgresCluster,
) -> None:
    """Two routers on one PostgreSQL (the owner of shard 1, the receiver of shard 0): a DM
    click is handed over; the server then drops the owner's connections (as a restart or a
    failover does); the owner is seen down at once, opens them again within a heartbeat or
    two, and takes the next click."""
    from bot.shards import ShardRouter

    url = await postgres_cluster.create_database()
    store = await Store.open(url)
    table = await store.get_or_create_table(guild_on(1, 2), 5)
    await store.close()
    taken: list[dict[str, Any]] = []
    unused = cast(Any, None)  # the happy path never answers a click itself
    owner = ShardRouter(unused, url, 2, [1], parse=taken.append)
    receiver = ShardRouter(unused, url, 2, [0], parse=lambda raw: None)
    admin = await asyncpg.connect(url)

    def click(number: int) -> dict[str, Any]:
        return {
            "type": 3,
            "id": str(number),
            "token": f"token-{number}",
            "data": {"component_type": 2, "custom_id": f"deuce:d:{table.id}:1:1:pat"},
        }

    async def until(check: Callable[[], Awaitable[bool]], timeout: float = 6.0) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not await check():
            assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
            await asyncio.sleep(0.05)

    async def taken_count(count: int) -> bool:
        return len(taken) == count

    try:
        await owner.start()
        await receiver.start()
        assert await receiver.owner_alive(1) and not await receiver.owner_alive(2)
        assert receiver.intercept(click(1), lambda table_id: False)
        await until(functools.partial(taken_count, 1))
        assert taken[0]["id"] == "1"

        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1",
            f"%{owner.process_id}",
        )

        async def down() -> bool:
            return not await receiver.owner_alive(1)

        async def up() -> bool:
            return await receiver.owner_alive(1)

        await until(down, 2.0)
        await until(up)
        assert receiver.intercept(click(2), lambda table_id: False)
        await until(functools.partial(taken_count, 2))
        assert [raw["id"] for raw in taken] == ["1", "2"]
        rows = await admin.fetch("SELECT process_id FROM shard_processes ORDER BY process_id")
        assert sorted(r["process_id"] for r in rows) == sorted(
            [owner.process_id, receiver.process_id]
        )
    finally:
        await receiver.close()
        await owner.close()
        await admin.close()
    assert await admin_rows(url) == 0  # each router removed its row on close


async def admin_rows(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT count(*) FROM shard_processes"))
    finally:
        await conn.close()
