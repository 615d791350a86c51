"""Results announced after a crash: a settled hand stays "unannounced" until the table marks its
result posted, so a restart between the two can still post it. Hands settled before the flag
existed (migration 3) count as announced."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import HandNotFound, Store, StoreError
from bot.store.migrations import MIGRATION_0001_INITIAL, SCHEMA_VERSION, split_statements
from tests.store._helpers import CHANNEL, GUILD, seated_table

PHH = 'variant = "F2L3D"\nactions = []\n'
SUMMARY = {
    "pot": 40,
    "winners": [2],
    "payouts": {"2": 40},
    "net": {"1": -20, "2": 20},
    "shown": {"1": "8s 6d 4c 3h 2s", "2": "7s 5d 4c 3h 2c"},
    "names": {"1": "Player 1", "2": "Player 2"},
    "showdown": True,
}


async def settle_one(store: Store, table_id: int) -> int:
    """One hand between players 1 and 2 in which 1 loses 20 to 2."""
    stacks = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
    hand_id = await store.hands.begin(table_id, stacks)
    finals = {1: stacks[1] - 20, 2: stacks[2] + 20}
    await store.hands.settle(hand_id, finals, PHH, SUMMARY, payouts={2: 40})
    return hand_id


async def test_a_settled_hand_waits_to_be_announced(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    assert await store.hands.unannounced(table_id) == []
    first = await settle_one(store, table_id)
    second = await settle_one(store, table_id)
    pending = await store.hands.unannounced(table_id)
    assert [record.id for record in pending] == [first, second]  # oldest first
    record = pending[0]
    assert (record.status, record.summary, record.channel_id) == ("settled", SUMMARY, CHANNEL)
    assert [(p.user_id, p.net, p.won) for p in record.players] == [(1, -20, 0), (2, 20, 40)]
    assert await store.hands.phh(first) == PHH
    await store.hands.mark_announced(first)
    await store.hands.mark_announced(first)  # twice is harmless
    assert [record.id for record in await store.hands.unannounced(table_id)] == [second]
    await store.hands.mark_announced(second)
    assert await store.hands.unannounced(table_id) == []
    # /poker history still lists both
    assert [h.id for h in await store.hands.recent(GUILD, CHANNEL)] == [second, first]


async def test_running_and_voided_hands_are_never_announced_as_results(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    running = await store.hands.begin(table_id, {1: 400, 2: 400})
    assert await store.hands.running(table_id) == running
    assert await store.hands.unannounced(table_id) == []
    with pytest.raises(StoreError, match="not settled"):
        await store.hands.mark_announced(running)
    await store.hands.void(running, "test")
    assert await store.hands.running(table_id) is None
    assert await store.hands.unannounced(table_id) == []
    with pytest.raises(StoreError, match="not settled"):
        await store.hands.mark_announced(running)
    with pytest.raises(HandNotFound):
        await store.hands.mark_announced(running + 100)


async def test_other_tables_keep_their_own_results(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 400)
    other = await store.tables.get_or_create(GUILD, CHANNEL + 1)
    await store.tables.buy_in(other.id, 7, "Seven", 400)
    await store.tables.buy_in(other.id, 8, "Eight", 400)
    mine = await settle_one(store, table_id)
    theirs = await store.hands.begin(other.id, {7: 400, 8: 400})
    await store.hands.settle(theirs, {7: 400, 8: 400}, PHH, {"pot": 0, "winners": []})
    assert [h.id for h in await store.hands.unannounced(table_id)] == [mine]
    assert [h.id for h in await store.hands.unannounced(other.id)] == [theirs]


async def test_hands_settled_before_the_migration_count_as_announced(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(db_path, isolation_level=None) as db:
        for statement in split_statements(MIGRATION_0001_INITIAL):
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
        db.execute(
            "INSERT INTO poker_tables (id, guild_id, channel_id, status, created_at) "
            "VALUES (1, ?, ?, 'open', 0)",
            (GUILD, CHANNEL),
        )
        db.execute(
            "INSERT INTO hands (id, table_id, guild_id, channel_id, status, started_at, "
            "ended_at, summary) VALUES (5, 1, ?, ?, 'settled', 0, 1, '{}')",
            (GUILD, CHANNEL),
        )
        db.execute(
            "INSERT INTO guild_settings (guild_id, hand_pause, updated_at) VALUES (?, 9, 0)",
            (GUILD,),
        )
    store = await Store.open(db_path)
    try:
        assert await store.hands.unannounced(1) == []
        settings = await store.settings.table(GUILD, CHANNEL)
        assert (settings.hand_pause, settings.alert_delay) == (9, 8)
        assert await store.settings.alert_modes(GUILD, [1]) == {1: "on"}
    finally:
        await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 3
