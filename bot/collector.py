"""The cyclic garbage collector's passes, run when the bot says rather than when CPython does.

Measured at 200 busy tables (``bench/bench_load.py --probe``, the probe timing every pass and,
in an experiment, walking the generation it was about to collect): while it deals, the bot
makes next to no cyclic garbage (its young and middle passes freed nothing in a whole run),
yet those passes stalled every table for 10-120 ms each, every few seconds, and made the
slowest clicks' answers. CPython starts a young pass when its count (allocations of tracked
objects *minus deallocations of any*, old ones included) passes its threshold; while old
objects die about as fast as new ones survive (snapshots, tasks, payloads of earlier turns),
the count stays under it and the young list grows to 50,000-140,000 objects, all walked at
the next pass.

So once started: what is loaded then (discord.py, aiohttp, the engine's tables, the cogs)
lives as long as the process and is frozen out of every pass (``gc.freeze``), the automatic
passes are off, and a full pass runs every ``every`` seconds on the event loop: sooner after
a pass that found much garbage, later after one that found little, between ``MIN_SECONDS``
and ``MAX_SECONDS``. Garbage held between two passes stays bounded (about ``GARBAGE_HIGH``
objects, a few megabytes); a full pass walks every object the games hold (250-300 ms at 200
tables, where the bot's cyclic garbage was about 2,500 objects a minute) and comes every ten
minutes or so instead of a young pass every few seconds.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger(__name__)

FIRST_SECONDS = 60.0
"""Seconds before the first full pass after start."""
MIN_SECONDS = 10.0
MAX_SECONDS = 600.0
GARBAGE_HIGH = 50_000
"""A pass freeing more objects than this halves the time to the next."""
GARBAGE_LOW = 10_000
"""A pass freeing fewer objects than this doubles it."""


def next_interval(every: float, freed: int) -> float:
    """Seconds to the next full pass after one that freed ``freed`` objects, ``every`` after
    the one before."""
    if freed > GARBAGE_HIGH:
        return max(MIN_SECONDS, every / 2)
    if freed < GARBAGE_LOW:
        return min(MAX_SECONDS, every * 2)
    return every


class Collector:
    """Owns the collector's settings while the bot runs (``start``) and gives them back when
    it stops (``close``)."""

    def __init__(self, first: float = FIRST_SECONDS) -> None:
        self.every = first
        self.passes = 0
        self._task: asyncio.Task[None] | None = None
        self._was_enabled = True

    def start(self) -> None:
        """Freeze what is loaded, turn the automatic passes off and run the full passes in a
        task of their own."""
        if self._task is not None:
            return
        gc.collect()
        gc.freeze()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._task = asyncio.create_task(self._run(), name="garbage collector")

    async def close(self) -> None:
        """Stop the passes and turn CPython's own back on (as it was before ``start``)."""
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        if self._was_enabled:
            gc.enable()

    def run_pass(self) -> int:
        """One full pass now: the objects it freed."""
        started = time.perf_counter()
        freed = gc.collect()
        self.passes += 1
        self.every = next_interval(self.every, freed)
        log.debug(
            "full collection: %d objects freed in %.0f ms; the next in %.0f s",
            freed,
            (time.perf_counter() - started) * 1000,
            self.every,
        )
        return freed

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.run_pass()
