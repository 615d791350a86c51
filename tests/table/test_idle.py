"""An empty table closes itself (``bot/table/idle.py``, issue 23) on a real store: after the
server's idle time with no member seated (house players do not count), its message says that
it closed and how to open it again, a restart does not bring it back, and a table whose time
ran out while the bot was down closes as it is restored; a member's third table is refused."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.store import Store, TableLimit
from bot.table.registry import TableRegistry
from tests.table._helpers import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeChannel,
    FakeClient,
    Tables,
    shown_text,
    stop,
    wait_until,
)

IDLE = 1
"""Seconds an empty table stays open in these tests (an admin's floor is 60)."""
IDLE_CLOSED = "Nobody sat at this table, so it closed. /poker join opens it again."


def table_texts(channel: FakeChannel) -> list[str]:
    """Every table message the channel was sent or edited to, as text."""
    found = [shown_text(k) for k in channel.sent if k.get("view") is not None]
    found += [shown_text(k) for _, k in channel.edits if k.get("view") is not None]
    return found


async def restart(store: Store) -> tuple[FakeClient, TableRegistry]:
    """A restart: a new client and registry restore whatever tables the store has open."""
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=60, house_pause=0)
    client.tables = registry
    await registry.restore_all()
    return client, registry


async def closed_in_store(store: Store, table_id: int, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while (await store.tables.get(table_id)).status != "closed":
        assert time.monotonic() < deadline, "the table did not close"
        await asyncio.sleep(0.02)


async def test_an_empty_table_closes_after_the_idle_time_and_stays_closed(
    store: Store, tables: Tables
) -> None:
    await store.settings.set_idle_close(GUILD, IDLE, minimum=1)
    table = await tables.open(hand_pause=60)  # opened as /poker join does, nobody seated yet
    session = table.session
    assert session.idle.closes_at is not None
    await session.join(ALICE, "Alice", None)
    assert session.idle.closes_at is None  # a member sits: no idle clock
    await asyncio.sleep(IDLE + 0.3)
    assert not session.closed

    left = time.time()
    assert (await session.leave(ALICE))[0]
    await wait_until(lambda: session.closed, timeout=5)
    assert time.time() - left >= IDLE - 0.05
    assert session.idle.closed
    # the registry forgets it once its close is done, a moment after it says it is closed
    await wait_until(lambda: table.client.tables.by_channel(CHANNEL) is None)
    assert (await store.tables.get(session.table_id)).status == "closed"
    # Every task of the closed table ends: none is left waiting, to be destroyed pending
    # (an error in the log) when the garbage collector frees the table.
    await wait_until(lambda: not session.io.tasks.running)
    # Its message says so and how to start again; nothing else is posted for it.
    await wait_until(lambda: any(IDLE_CLOSED in text for text in table_texts(table.channel)))
    assert not any("Table closed; chips returned" in text for text in table.channel.texts())
    assert await store.wallets.balance(GUILD, ALICE) == 1000

    client, registry = await restart(store)
    try:
        assert len(registry) == 0 and registry.by_channel(CHANNEL) is None
        await asyncio.sleep(0.1)
        assert client.channel.sent == [] and client.channel.edits == []
    finally:
        await registry.close_all()


async def test_a_table_idle_through_a_restart_counts_from_when_it_emptied(
    store: Store, tables: Tables
) -> None:
    await store.settings.set_idle_close(GUILD, 2, minimum=1)
    table = await tables.open((ALICE, "Alice", 400), hand_pause=60)
    await table.session.leave(ALICE)
    emptied = (await store.tables.get(table.session.table_id)).empty_since
    assert emptied is not None
    await stop(table)  # before its idle time ran out
    assert (await store.tables.get(table.session.table_id)).status == "open"

    again = await tables.reopen(hand_pause=60)
    closes_at = again.session.idle.closes_at
    assert closes_at == pytest.approx(emptied + 2)  # not two seconds after the restart
    await wait_until(lambda: again.session.closed, timeout=5)
    assert again.session.idle.closed


async def test_a_table_whose_idle_time_ran_out_while_the_bot_was_down_closes_at_restore(
    store: Store, tables: Tables
) -> None:
    await store.settings.set_idle_close(GUILD, IDLE, minimum=1)
    table = await tables.open((ALICE, "Alice", 400), hand_pause=60)
    table_id = table.session.table_id
    await wait_until(lambda: table.session.io.message_id)
    await table.session.leave(ALICE)
    await stop(table)
    assert not table.session.closed
    await asyncio.sleep(IDLE + 0.2)

    client, registry = await restart(store)
    try:
        await closed_in_store(store, table_id)
        await wait_until(lambda: registry.by_channel(CHANNEL) is None)
        # The restored table edits its message to say it closed.
        await wait_until(lambda: any(IDLE_CLOSED in text for text in table_texts(client.channel)))
    finally:
        await registry.close_all()
    _, after = await restart(store)
    assert len(after) == 0
    await after.close_all()


async def test_house_players_alone_keep_no_table_open(store: Store, tables: Tables) -> None:
    await store.settings.set_idle_close(GUILD, IDLE, minimum=1)
    table = await tables.open((ALICE, "Alice", 1000), hand_pause=60)
    session = table.session
    assert await session.house.add(2, "solid") == 2
    assert session.idle.closes_at is None
    assert (await session.leave(ALICE))[0]  # the house leaves with her
    await wait_until(lambda: session.closed, timeout=5)
    assert await store.house.players(session.table_id) == {}
    assert await store.house.balance(GUILD) == 2 * 400

    # A table the store has with only a house player seated (its stand-up interrupted) is
    # as empty: restored, the house stands up and the table closes.
    other = await store.tables.get_or_create(GUILD, CHANNEL + 1, opened_by=BOB)
    await store.house.sit_down(other.id, 1, "Dealer", "solid", 400)
    _, registry = await restart(store)
    try:
        await closed_in_store(store, other.id)
        assert await store.tables.seats(other.id) == []
    finally:
        await registry.close_all()
    assert (await store.audit.check()).ok


async def test_a_new_idle_time_moves_the_clock_of_an_empty_table(
    store: Store, tables: Tables
) -> None:
    table = await tables.open(hand_pause=60)
    session = table.session
    closes_at = session.idle.closes_at
    assert closes_at is not None and closes_at - time.time() > 590  # the default: 10 minutes
    await store.settings.set_idle_close(GUILD, IDLE, minimum=1)
    await session.apply_settings()  # what /pokeradmin idle does at every table of the server
    await wait_until(lambda: session.closed, timeout=5)


async def test_a_member_s_third_table_is_refused_and_opens_nothing(store: Store) -> None:
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=60)
    client.tables = registry
    try:
        for channel_id in (CHANNEL, CHANNEL + 1):
            await registry.open(GUILD, channel_id, opened_by=ALICE, limited=True)
        with pytest.raises(TableLimit) as refused:
            await registry.open(GUILD, CHANNEL + 2, opened_by=ALICE, limited=True)
        assert refused.value.channels == [CHANNEL, CHANNEL + 1]
        assert len(registry) == 2 and registry.by_channel(CHANNEL + 2) is None
        # Another member may open one there; a table that is open takes anyone.
        await registry.open(GUILD, CHANNEL + 2, opened_by=BOB, limited=True)
        await registry.open(GUILD, CHANNEL + 2, opened_by=ALICE, limited=True)
        assert len(registry) == 3
    finally:
        await registry.close_all()


async def test_joins_at_once_in_many_channels_open_two_tables(store: Store) -> None:
    """The 40 joins in 2.3 s of issue 23, in small: one member's opens in five channels at
    the same moment open two tables; the others are refused and open nothing."""
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=60)
    client.tables = registry
    try:
        opened = await asyncio.gather(
            *(registry.open(GUILD, CHANNEL + n, opened_by=ALICE, limited=True) for n in range(5)),
            return_exceptions=True,
        )
        assert sum(isinstance(result, TableLimit) for result in opened) == 3
        assert len(registry) == 2
        assert len(await store.tables.opened_by(GUILD, ALICE)) == 2
    finally:
        await registry.close_all()
