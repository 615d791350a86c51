"""The fair-play analysis's own process: reading journals and scoring a period's pairs is
seconds of CPU (``analysis.py``), which in a thread would hold the interpreter's lock the
event loop needs (a thread of the default executor made the loop's 10 ms ticks 0.1-0.6 s
late), so it runs in one worker process.

The worker runs at a lower priority (``NICE``): it is background work, and on a busy machine
the bot's loop must win the processor from it when both want one (at the same priority, a
machine with a load of 14 on two cores made the loop's ticks 4-5 ms late while it scored).
The pool is made at the first call (a ``spawn``ed interpreter, which shares nothing with the
bot's threads and connections; about half a second to start, once) and shut down with the bot
(``shutdown``: ``DeuceBot.close``, the dashboard's own process when it stops). One worker: an
analysis waits for the one before it, and the machine's other core stays the loop's. What goes
to it and back is plain data (ids, the cached facts' texts, the report's dataclasses), pickled
by the pool's own threads.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

T = TypeVar("T")

NICE = 10
"""How much lower the worker's priority is than the bot's (Unix ``nice``: 10 gives it about a
tenth of a processor the bot's process also wants)."""

ORPHAN_CHECK = 1.0
"""Seconds between two looks of the worker at whether the bot that made it is still there."""

_pool: ProcessPoolExecutor | None = None


def _start_worker() -> None:
    """The worker's start: below the bot's priority (``NICE``), and gone with the bot. A bot
    killed outright (SIGKILL, the out-of-memory killer) never shuts its pool down, and the
    pool's worker, waiting for work that cannot come, would live on alone: a thread of it
    ends it once its parent is gone (it is then another process's child)."""
    os.nice(NICE)
    parent = os.getppid()
    threading.Thread(
        target=_exit_without, args=(parent,), name="deuce-parent-watch", daemon=True
    ).start()


def _exit_without(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # multiprocessing loads with the first analysis, not with every start of the bot.
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _pool = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
        )
        log.info("fair play: the analysis process pool is made")
    return _pool


async def run(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the analysis process (a module-level function of ``analysis.py``,
    its arguments and result plain data). A worker that died (killed, out of memory) is
    replaced once: the pool is made again and the work given to it."""
    global _pool
    from concurrent.futures.process import BrokenProcessPool

    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_executor(), work, *args)
    except BrokenProcessPool:
        log.warning("fair play: the analysis process died; starting another")
        broken, _pool = _pool, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        return await loop.run_in_executor(_executor(), work, *args)


async def shutdown() -> None:
    """Stop the analysis process (if one was started), waiting for it off the loop."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        await asyncio.get_running_loop().run_in_executor(
            None, functools.partial(pool.shutdown, wait=True, cancel_futures=True)
        )
        log.info("fair play: the analysis process pool is shut down")
