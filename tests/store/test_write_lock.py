"""The store's writer lock lets a journal batch (a click's answer waits for it) go before the
other queued writes, and a waiter cancelled as the lock reaches it passes the lock on."""

from __future__ import annotations

import asyncio

import pytest

from bot.store.store import WriteLock


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
