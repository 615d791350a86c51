"""``python -m bot`` with a probe: the bot's event-loop lag and garbage-collection pauses.

Used by the load benchmark's ``--probe`` option to explain a slow acknowledgement (a stalled
event loop? a long GC pass?) without touching the bot's code: this module runs the very same
entry point (``bot.__main__.main``), after wrapping its ``run`` coroutine with a task that
samples how late a 20 ms sleep wakes up, and registering a ``gc.callbacks`` hook that times
every collection. Samples are written as JSON to ``$DEUCE_PROBE_OUT`` every few seconds and when
the bot exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

INTERVAL = 0.02


class Probe:
    """Samples (wall time, ms) of loop lag and of GC pauses, by generation."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.lag: list[tuple[float, float]] = []
        self.gc: list[tuple[float, int, float]] = []
        self._gc_started = 0.0

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            pause = (time.perf_counter() - self._gc_started) * 1000
            self.gc.append((time.time(), int(info.get("generation", -1)), pause))

    async def monitor(self) -> None:
        loop = asyncio.get_running_loop()
        last_dump = time.monotonic()
        while True:
            start = loop.time()
            await asyncio.sleep(INTERVAL)
            self.lag.append((time.time(), (loop.time() - start - INTERVAL) * 1000))
            if time.monotonic() - last_dump > 5:
                self.dump()
                last_dump = time.monotonic()

    def dump(self) -> None:
        tmp = self.out.with_suffix(".tmp")
        tmp.write_text(json.dumps({"lag": self.lag, "gc": self.gc}))
        tmp.replace(self.out)


def main() -> int:
    import bot.__main__ as entry

    out = os.environ.get("DEUCE_PROBE_OUT")
    if not out:
        return entry.main()
    probe = Probe(Path(out))
    gc.callbacks.append(probe.on_gc)
    original_run = entry.run

    async def probed_run(settings: Any) -> int:
        task = asyncio.get_running_loop().create_task(probe.monitor())
        try:
            return await original_run(settings)
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            probe.dump()

    entry.run = probed_run  # type: ignore[assignment]
    return entry.main()


if __name__ == "__main__":
    sys.exit(main())
