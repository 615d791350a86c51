"""The table registry: one session per channel, found by channel and by table id, forgotten
when its table closes."""

from __future__ import annotations

import asyncio

import pytest
from discord import app_commands

from bot.messages import t
from bot.store import Store
from bot.table.registry import TableRegistry
from tests.table._helpers import ALICE, CHANNEL, GUILD, FakeClient, FakeInteraction


async def test_two_joins_at_once_share_one_table_session(store: Store) -> None:
    """Two /poker join in a fresh channel at the same moment must not make two sessions for
    one table (the orphan would deal hands nobody's buttons reach)."""
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=0)
    client.tables = registry
    try:
        first, second = await asyncio.gather(
            registry.open(GUILD, CHANNEL), registry.open(GUILD, CHANNEL)
        )
        assert first is second
        assert len(registry) == 1
        assert registry.by_channel(CHANNEL) is first
        assert registry.by_table(first.table_id) is first
        assert registry.in_guild(GUILD) == [first] and registry.in_guild(GUILD + 1) == []
    finally:
        await registry.close_all()


async def test_here_finds_the_channel_s_table_or_refuses(store: Store) -> None:
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=0)
    client.tables = registry
    try:
        session = await registry.open(GUILD, CHANNEL)
        here = FakeInteraction(ALICE, client=client)
        assert registry.here(here.as_discord) is session
        elsewhere = FakeInteraction(ALICE, client=client)
        elsewhere.channel_id = CHANNEL + 1
        with pytest.raises(app_commands.CheckFailure, match=t("no_table")):
            registry.here(elsewhere.as_discord)
        assert await session.request_close() is True  # no hand: closes now
        assert registry.by_channel(CHANNEL) is None
        assert registry.by_table(session.table_id) is None
        reopened = await registry.open(GUILD, CHANNEL)
        assert reopened is not session and not reopened.closed
    finally:
        await registry.close_all()


async def test_a_tournament_s_changes_take_turns_and_leave_no_lock_behind(store: Store) -> None:
    """Two changes of one tournament run one after the other, another tournament's beside
    them; once nobody holds or waits for a tournament's turn, nothing of it is kept."""
    registry = TableRegistry(FakeClient(), store, hand_pause=0)
    order: list[str] = []

    async def change(tournament_id: int, name: str) -> None:
        async with registry.tournament_turn(tournament_id):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    await asyncio.gather(change(1, "a"), change(1, "b"), change(2, "c"))
    assert order.index("a out") < order.index("b in")
    assert order.index("c in") < order.index("a out")  # another tournament does not wait
    assert registry._tournament_turns == {}
