"""A multi-table tournament on PostgreSQL beside a second sharded process (issue 37): two bot
processes (``SHARD_COUNT=2``), the tournament's server on shard 1. Its tables all live in the
process of shard 1; Discord delivers every click on a DM panel to shard 0, whose process hands
it to the owner (``bot/shards.py``). Seven players (two members playing from their DM panels,
five house players) on two tables, short levels, to the end: the director's steps are the
owner's alone, the prizes reach the wallets, the scheduled event completes, the audit of the
shared database is clean."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble
from tests.discord_double.models import ADMIN_MEMBER_PERMISSIONS
from tests.discord_double.threads import EVENT_ACTIVE, EVENT_COMPLETED, EVENT_SCHEDULED
from tests.e2e.helpers import (
    HANDOFF_LOG,
    SHARDS,
    START_WALLET,
    Club,
    audit,
    error_lines,
    private_reply,
)
from tests.e2e.mtt_play import (
    MTT_FAST,
    Autoplayer,
    click_lobby,
    create_mtt,
    lobby_status,
    mtt,
    start_now,
)
from tests.e2e.sng_play import query
from tests.store._helpers import PostgresCluster

BUY_IN = 100
HOUSE = 5
FIELD = 2 + HOUSE
DIRECTOR_LOG = re.compile(r"MTT \d+: table \d+ broken")


async def test_an_mtt_on_postgresql_is_its_owners_and_dm_clicks_reach_it(
    double: DiscordDouble,
    start_bot: StartBot,
    tmp_path: Path,
    postgres_cluster: PostgresCluster,
) -> None:
    url = await postgres_cluster.create_database()
    await double.add_guild_on_shard(0, SHARDS, "Zero Club")
    guild = await double.add_guild_on_shard(1, SHARDS, "One Club")
    channel = await double.add_channel(guild, "poker")
    admin = await double.add_member(
        guild, "admin", display_name="Admin", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    env = {**MTT_FAST, "DEUCE_TEST_SEED": "7", "DATABASE_URL": url, "SHARD_COUNT": str(SHARDS)}
    zero = await start_bot(double, tmp_path / "zero.db", SHARD_IDS="0", **env)
    one = await start_bot(double, tmp_path / "one.db", SHARD_IDS="1", **env)
    club = Club(double, guild, channel, admin, one, url)  # type: ignore[arg-type]
    alice, bob = members = await club.players(2)
    for command, options in (("timer", {"seconds": 3}), ("timebank", {"start": 0, "add": 0})):
        await private_reply(await double.invoke(admin, channel, f"pokeradmin {command}", **options))
    tournament_id, _ = await create_mtt(
        double,
        admin,
        channel,
        starts_in=30,
        buy_in=BUY_IN,
        stack=200,
        structure="turbo",
        level_hands=2,
        field=FIELD,
        payouts="flat",
    )
    for member in members:
        assert "registered for tournament" in await click_lobby(double, member, channel, "r")
    assert f"{HOUSE} house players registered" in await mtt(
        double, admin, channel, "house", count=HOUSE, level="solid"
    )
    await start_now(url, tournament_id)
    player = Autoplayer(double, members)
    player.start()
    try:
        await double.wait_until(lambda: lobby_status(double, channel) == "running", timeout=20)
        assert len(double.threads.threads_of(guild)) == 2  # four and three
        await double.wait_until(lambda: lobby_status(double, channel) == "finished", timeout=60)
    finally:
        await player.stop()
    # The members' DM clicks reached shard 0's process and were handed to the owner.
    assert zero.output().count(HANDOFF_LOG) > 0
    assert one.output().count(HANDOFF_LOG) == 0
    # The director's steps (a table broken at six players left) were the owner's alone.
    assert DIRECTOR_LOG.search(one.output()) and not DIRECTOR_LOG.search(zero.output())
    entries = await query(
        url,
        "SELECT user_id, place, prize FROM tournament_entries WHERE tournament_id = ?",
        tournament_id,
    )
    assert len(entries) == FIELD and {place for _, place, _ in entries} >= {1, 2}
    assert sum(prize or 0 for *_, prize in entries) == FIELD * BUY_IN
    wallets = dict(await query(url, "SELECT user_id, balance FROM wallets"))
    prizes = {user_id: prize or 0 for user_id, _, prize in entries}
    for member in (alice, bob):
        assert wallets[member.id] == START_WALLET - BUY_IN + prizes[member.id], member
    (event,) = [e for e in double.threads.events.values() if e.guild is guild]
    await double.wait_until(lambda: event.status == EVENT_COMPLETED, timeout=10)
    assert event.history == [EVENT_SCHEDULED, EVENT_ACTIVE, EVENT_COMPLETED]
    for process in (zero, one):
        assert error_lines(process.output()) == []
    assert double.unknown_routes == []
    await asyncio.sleep(0.2)
    assert await one.stop() == 0
    assert await zero.stop() == 0
    result = audit(url)
    assert result.returncode == 0, result.stdout + result.stderr
