"""A table's tasks: each one kept until it ends, a failure logged with its traceback and told
to the channel (the session's task is never left to fail in silence)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)


class TableTasks:
    """The running tasks of one table (``deuce-<table>-<name>``)."""

    def __init__(self, table_id: int, on_failure: Callable[[], None]) -> None:
        self.table_id = table_id
        self.on_failure = on_failure
        """Called after a task failed (the facade tells the channel)."""
        self.running: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Run ``coro`` as a task of this table: a failure is logged and the channel told."""
        task = asyncio.get_running_loop().create_task(coro, name=f"deuce-{self.table_id}-{name}")
        self.running.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.running.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            return
        log.error("Table %s task %s failed", self.table_id, task.get_name(), exc_info=error)
        self.on_failure()

    def stop(self) -> None:
        """Cancel every task of this table but the caller."""
        for task in list(self.running):
            if task is not asyncio.current_task():
                task.cancel()
