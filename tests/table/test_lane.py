"""The lane of panel view edits (``bot/table/io/lane.py``): places in the order asked, a
waiter let through holding none, a waiter cancelled giving its place on."""

from __future__ import annotations

import asyncio

import pytest

from bot.table.io.lane import Lane


async def test_places_go_in_order_and_come_back() -> None:
    lane = Lane(1)
    first, second, third = lane.ticket(), lane.ticket(), lane.ticket()
    assert first.result() and not second.done() and not third.done()
    lane.leave()
    assert second.result() and not third.done()
    lane.leave()
    assert third.result()
    lane.leave()
    assert lane.free == 1 and lane.ticket().result()


async def test_a_waiter_let_through_holds_no_place_and_blocks_nobody() -> None:
    """Let through while the lane is full, then the holder leaves: the place is free, and the
    next to ask holds it at once (the ticket let through left nothing waiting ahead)."""
    lane = Lane(1)
    held, waiting = lane.ticket(), lane.ticket()
    Lane.let_through(waiting)
    assert await lane.wait(waiting) is False
    lane.leave()  # the holder is done
    assert lane.free == 1
    assert lane.ticket().result()  # at once
    lane = Lane(2)
    held, other, waiting = lane.ticket(), lane.ticket(), lane.ticket()
    Lane.let_through(waiting)
    lane.leave()
    assert lane.free == 1 and held.result() and other.result()
    assert lane.ticket().result()  # no stale waiter ahead of it


async def test_a_waiter_cancelled_as_its_place_came_gives_it_on() -> None:
    lane = Lane(1)
    lane.ticket()
    second, third = lane.ticket(), lane.ticket()
    task = asyncio.ensure_future(lane.wait(second))
    await asyncio.sleep(0)
    lane.leave()  # the place is second's...
    task.cancel()  # ...whose task is cancelled before it resumes
    with pytest.raises(asyncio.CancelledError):
        await task
    assert third.result()  # the place went on
