"""The store's writer lock lets a journal batch (a click's answer waits for it) go before the
other queued writes, and a waiter cancelled as the lock reaches it passes the lock on."""

from __future__ import annotations

import asyncio
import threading
from functools import partial
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.backend import Tx
from bot.store.runner import IN_FLIGHT, WriteLock

INSERT_GUILD = "INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, 0)"


async def test_a_journal_batch_goes_before_queued_writes() -> None:
    lock = WriteLock()
    order: list[str] = []

    async def write(name: str) -> None:
        async with lock:
            order.append(name)
            await asyncio.sleep(0)

    async def batch() -> None:
        await lock.acquire_first()
        try:
            order.append("journal")
        finally:
            lock.release()

    await lock.acquire()
    writes = [asyncio.create_task(write(f"w{i}")) for i in range(3)]
    await asyncio.sleep(0)
    journal = asyncio.create_task(batch())
    await asyncio.sleep(0)
    lock.release()
    await asyncio.gather(journal, *writes)
    assert order == ["journal", "w0", "w1", "w2"]
    assert not lock.locked()


async def test_a_free_lock_is_taken_at_once() -> None:
    lock = WriteLock()
    await asyncio.wait_for(lock.acquire_first(), 1)
    assert lock.locked()
    lock.release()
    assert not lock.locked()


async def test_a_first_waiter_cancelled_passes_the_lock_on() -> None:
    lock = WriteLock()
    await lock.acquire()
    first = asyncio.create_task(lock.acquire_first())
    queued = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    lock.release()
    await asyncio.wait_for(queued, 1)  # the cancelled waiter did not keep the lock
    assert lock.locked()
    lock.release()
    # handed over at the moment its waiter is cancelled: released again, never kept
    await lock.acquire()
    first = asyncio.create_task(lock.acquire_first())
    await asyncio.sleep(0)
    lock.release()  # hands the lock to ``first``...
    first.cancel()  # ...which is cancelled before it runs
    with pytest.raises(asyncio.CancelledError):
        await first
    assert not lock.locked()


async def test_turns_let_depth_writers_in_and_a_batch_first_after_them() -> None:
    lock = WriteLock(2)
    await asyncio.wait_for(lock.acquire(), 1)
    await asyncio.wait_for(lock.acquire(), 1)  # two in flight at once
    assert lock.locked()
    queued = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    batch = asyncio.create_task(lock.acquire_first())
    await asyncio.sleep(0)
    lock.release()  # a turn frees: the batch takes it before the queued writer
    await asyncio.wait_for(batch, 1)
    assert not queued.done()
    lock.release()
    await asyncio.wait_for(queued, 1)
    lock.release()
    lock.release()
    assert not lock.locked()


async def test_a_sqlite_store_hands_several_transactions_over_and_waits_for_all(
    db_path: Path,
) -> None:
    """Up to IN_FLIGHT transactions are queued on SQLite's writer thread at once; waiting for
    the store to be idle waits for every one of them."""
    store = await Store.open(db_path)
    try:
        started = threading.Event()
        finish = threading.Event()

        async def held(db: Tx) -> None:
            started.set()
            finish.wait(5)  # on the writer thread: the next transactions queue behind it
            await db.run(INSERT_GUILD, (7001,))

        async def after(guild_id: int, db: Tx) -> None:
            await db.run(INSERT_GUILD, (guild_id,))

        first = asyncio.ensure_future(store.runner.write(held))
        await asyncio.to_thread(started.wait, 5)
        count = IN_FLIGHT + 1
        rest = [
            asyncio.ensure_future(store.runner.write(partial(after, 7002 + i)))
            for i in range(count)
        ]
        await asyncio.sleep(0.05)
        assert (
            store.runner.depth == IN_FLIGHT > 1 and store.runner._write_lock.locked()
        )  # the last one waits
        idle = asyncio.ensure_future(store.wait_idle())
        await asyncio.sleep(0.05)
        assert not idle.done()
        finish.set()
        await asyncio.wait_for(idle, 5)
        assert all(task.done() for task in [first, *rest])
        rows = await store.runner.select_all(
            "SELECT guild_id FROM guild_settings WHERE guild_id > 7000"
        )
        assert sorted(r[0] for r in rows) == list(range(7001, 7002 + count))
    finally:
        await store.close()
