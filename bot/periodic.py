"""A pass run every so many seconds in a task of its own, for as long as the bot runs: the
fair-play flag watch and the standalone dashboard's request poller. A pass that fails is
logged (a warning when the store is away) and the next one runs."""

from __future__ import annotations

import asyncio
import logging

from bot.store import StoreError

log = logging.getLogger(__name__)


class Periodic:
    """Runs ``run_pass`` every ``every`` seconds once started, until closed."""

    label = "a periodic pass"
    """What the log calls the pass."""

    def __init__(self, every: float) -> None:
        self._every = every
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Run the passes in a task of their own."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=self.label)

    async def close(self) -> None:
        """Stop the passes (a pass under way is cancelled)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._every)
            try:
                await self.run_pass()
            except StoreError as error:  # the store away: the next pass asks again
                log.warning("%s failed (%s)", self.label, error)
            except Exception:
                log.exception("%s failed", self.label)

    async def run_pass(self) -> object:
        raise NotImplementedError
