"""The in-process tier: the real bot (``make_bot(Config)``, the ``DeuceBot`` that ``python -m bot``
runs) started in the test's own event loop against the Discord double.

Its configuration is read from the same environment a bot process gets (``bot_env``), discord.py
is pointed at the double as ``python -m bot`` points it (``point_discord_at``), and its log lines
are kept in the process's format, so the checks written for a process's output (no ERROR line,
no card at INFO or above) read them unchanged. What only a process shows (start-up, SIGKILL and
SIGTERM, a lost database, shards, logs on disk and secrets) stays in the process tier
(``tests/conftest.py`` ``BotProcess``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
from pathlib import Path
from typing import Any

import discord.gateway
import discord.http

from bot.__main__ import point_discord_at
from bot.art import card_emoji_image
from bot.client import DeuceBot, make_bot
from bot.config import Config
from bot.engine import CARDS
from bot.table import emojis
from tests.conftest import bot_env
from tests.discord_double import DiscordDouble

LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
"""The bot process's log line (``bot.__main__.configure_logging``), which the log checks read."""

NOT_THE_BOT = ("tests", "aiohttp.server", "aiohttp.access", "aiohttp.web")
"""Loggers of this process that a bot process would not have: the tests' own and the double's
web server."""


@functools.cache
def card_emojis() -> tuple[tuple[str, bytes], ...]:
    """The 52 card emojis the bot uploads at its first start: (name, image), drawn once."""
    return tuple((f"{emojis.PREFIX}{card}", card_emoji_image(card)) for card in CARDS)


def give_card_emojis(double: DiscordDouble) -> None:
    """The application owns its card emojis already, as after a deployment's first start: the
    bot finds them by name rather than uploading 52 (the process tier uploads them,
    ``tests/e2e/test_pictures.py`` checks them)."""
    for name, image in card_emojis():
        emoji_id = double.snowflakes.next()
        double.app_emojis[emoji_id] = name
        double.app_emoji_images[emoji_id] = image


class BotLog(logging.Handler):
    """The log lines of the bot in this process, formatted as the bot process writes them."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter(LOG_FORMAT))
        self.lines: list[str] = []

    def filter(self, record: logging.LogRecord) -> bool:
        name = record.name
        return not any(name == other or name.startswith(f"{other}.") for other in NOT_THE_BOT)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:
            self.handleError(record)


class BotInLoop:
    """The real ``DeuceBot`` in this event loop against ``double``, on the SQLite file
    ``db_path``: started by :meth:`start`, closed by :meth:`stop` (as SIGTERM closes a process).

    ``output()`` reads like a process's output, but only from the last :meth:`begin` on: one bot
    serves every test of a module, each reading its own lines.
    """

    def __init__(self, double: DiscordDouble, db_path: Path, **env: Any) -> None:
        self.double = double
        self.db_path = db_path
        self.config = Config.from_env(bot_env(double, db_path, **env))
        self.client: DeuceBot | None = None
        self.log = BotLog()
        self._since = 0
        self._task: asyncio.Task[None] | None = None
        self._saved: dict[str, Any] = {}

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def output(self) -> str:
        """The bot's log lines since the last :meth:`begin` (all of them before any)."""
        return "\n".join(self.log.lines[self._since :])

    def begin(self) -> None:
        """From here on ``output()`` holds only what comes next (a new test's lines)."""
        self._since = len(self.log.lines)

    def _capture_logs(self) -> None:
        """Log as ``python -m bot`` at LOG_LEVEL=DEBUG does: the bot at DEBUG, discord.py at INFO
        (at DEBUG it writes tokens and cards whole)."""
        root, discord_log = logging.getLogger(), logging.getLogger("discord")
        self._saved["levels"] = (root.level, discord_log.level)
        root.setLevel(self.config.log_level)
        discord_log.setLevel(logging.INFO if self.config.log_level == "DEBUG" else logging.WARNING)
        root.addHandler(self.log)

    def _release_logs(self) -> None:
        root, discord_log = logging.getLogger(), logging.getLogger("discord")
        root.removeHandler(self.log)
        root_level, discord_level = self._saved.pop("levels")
        root.setLevel(root_level)
        discord_log.setLevel(discord_level)

    async def start(self, timeout: float = 30.0) -> DeuceBot:
        """Point discord.py at the double, start the client and wait until it is ready (its
        commands synced, the gateway's READY read)."""
        self._saved["discord"] = (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        )
        self._saved["gc"] = gc.isenabled()
        self._saved["emojis"] = dict(emojis._by_card)
        self._capture_logs()
        point_discord_at(self.config)
        client = make_bot(self.config)
        self.client = client
        self._task = asyncio.create_task(client.start(self.config.token), name="bot-in-loop")
        ready = asyncio.create_task(client.wait_until_ready())
        try:
            done, _ = await asyncio.wait(
                {self._task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            ready.cancel()
        if self._task in done:
            self._task.result()  # the start's own error
            raise AssertionError("the bot stopped during start-up:\n" + self.output()[-4000:])
        if ready not in done:
            raise AssertionError(
                f"the bot was not ready within {timeout}s:\n" + self.output()[-4000:]
            )
        return client

    async def settle(self, quiet: float = 0.5, timeout: float = 10.0) -> None:
        """Wait until the bot has made no request of the double for ``quiet`` seconds (at most
        ``timeout``). A table closed by a test is no longer among the running tables, but its
        channel still posts what it had queued; the client's ``close`` does not wait for that,
        and closing the HTTP session under such a post logs an ERROR (a process killed at a
        test's end never showed it)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        seen = -1
        while seen != len(self.double.rest_log) and loop.time() < deadline:
            seen = len(self.double.rest_log)
            await asyncio.sleep(quiet)

    async def stop(self, timeout: float = 15.0) -> None:
        """Close the client once it is idle (tables stopped, journals saved, store closed), then
        give back what starting it changed in this process: discord.py's endpoints, the garbage
        collector (``setup_hook`` freezes what is loaded), the card emojis known, the loggers."""
        try:
            if self.client is not None:
                await self.settle()
                await asyncio.wait_for(self.client.close(), timeout)
            if self._task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait_for(self._task, timeout)
        finally:
            base, gateway = self._saved.pop("discord")
            discord.http.Route.BASE = base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
            gc.unfreeze()
            if self._saved.pop("gc"):
                gc.enable()
            emojis._by_card.clear()  # the card emojis of this double: nowhere else
            emojis._by_card.update(self._saved.pop("emojis"))
            self._release_logs()

    async def close_tables(self, guild_id: int) -> None:
        """Stop the tables of ``guild_id`` as a process stop does (timers cancelled, journals
        saved): a test's tables do not play on into the next test."""
        if self.client is None:
            return
        for session in self.client.tables.in_guild(guild_id):
            await session.shutdown()
