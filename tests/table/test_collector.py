"""The bot's garbage collector pacing (``bot/collector.py``): once started, CPython's automatic
passes are off, cyclic garbage waits for the bot's full pass, and stopping gives the settings
back."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from bot import collector
from bot.collector import Collector, next_interval


class Node:
    """A cycle's member (a weak reference says when it is freed)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycles(count: int) -> list[weakref.ref[Node]]:
    """``count`` two-node cycles nobody holds: weak references to one node of each."""
    refs = []
    for _ in range(count):
        a, b = Node(), Node()
        a.other, b.other = b, a
        refs.append(weakref.ref(a))
    return refs


@pytest.fixture
def restore_gc() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()


def test_the_interval_adapts_to_the_garbage_found_within_its_bounds() -> None:
    assert next_interval(60, collector.GARBAGE_HIGH + 1) == 30
    assert next_interval(60, collector.GARBAGE_LOW - 1) == 120
    assert next_interval(60, collector.GARBAGE_LOW) == 60
    assert next_interval(collector.MIN_SECONDS, 10**9) == collector.MIN_SECONDS
    assert next_interval(collector.MAX_SECONDS, 0) == collector.MAX_SECONDS


async def test_cyclic_garbage_waits_for_the_bots_pass_not_cpythons(restore_gc: None) -> None:
    pace = Collector(first=3600)
    pace.start()
    try:
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what was loaded is out of every pass
        # Far more allocations than any automatic threshold: none of them starts a pass.
        refs = cycles(50_000)
        assert all(ref() is not None for ref in refs)
        freed = pace.run_pass()
        assert all(ref() is None for ref in refs)
        assert freed >= 100_000  # both nodes of each cycle (and their attribute dicts)
        assert pace.every == 1800  # much garbage: the next pass comes sooner
        assert pace.passes == 1
    finally:
        await pace.close()
    assert gc.isenabled()


async def test_passes_run_on_their_own_at_the_interval(restore_gc: None) -> None:
    pace = Collector(first=0.05)
    pace.start()
    try:
        refs = cycles(10)
        for _ in range(100):
            if all(ref() is None for ref in refs):
                break
            await asyncio.sleep(0.01)
        assert all(ref() is None for ref in refs)
        assert pace.passes >= 1
    finally:
        await pace.close()


async def test_close_leaves_the_collector_off_when_it_was_off(restore_gc: None) -> None:
    gc.disable()
    pace = Collector()
    pace.start()
    await pace.close()
    assert not gc.isenabled()
    await pace.close()  # twice: nothing more
