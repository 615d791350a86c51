"""The fair-play analysis's worker process ends with the bot that made it, even a bot killed
outright (SIGKILL), which never shuts its pool down: an orphaned worker would live on alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

BOT = """
import asyncio, os
from bot.features.fairplay import worker

async def main() -> None:
    print(await worker.run(os.getpid), flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie nobody reaped counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_the_analysis_worker_ends_when_its_bot_is_killed() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT], cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert bot.stdout is not None
        worker_pid = int(bot.stdout.readline())
        assert worker_pid != bot.pid and alive(worker_pid)
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait(10)
        deadline = time.monotonic() + 10
        while alive(worker_pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker_pid), "the worker outlived its bot"
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
