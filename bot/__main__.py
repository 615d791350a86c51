"""`python -m bot`: read the configuration, point discord.py where they say, run until signalled.

A missing token is a one-line error with exit code 2 (no traceback): it is the first thing a new
operator gets wrong. So is a database that cannot be opened (a server down or refusing, a
database or role that does not exist, a wrong password, a SQLite file that cannot be made): one
line naming the URL without its password (or the SQLite path), exit code 2. No password of the
database reaches stderr or the log, whatever the log level. SIGTERM and SIGINT close the client,
which saves the journals and closes the database before the process exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from dotenv import find_dotenv, load_dotenv

from bot.config import Config, ConfigError, without_secrets

if TYPE_CHECKING:
    from bot.client import DeuceBot

log = logging.getLogger(__name__)


SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the GIL while another waits for it (CPython's default: 0.005)."""

THREADS_END_SECONDS = 2.0
"""Longest wait, after a failed start, for the threads a database connection left running."""


DEBUG_DISCORD = "DEUCE_DEBUG_DISCORD"
"""Set to 1 (with ``LOG_LEVEL=DEBUG``) to let discord.py log at DEBUG too."""


def configure_logging(level: str, *, debug_discord: bool = False) -> None:
    """Log lines to stderr. discord.py's own loggers (``discord`` and every ``discord.*``
    below it) stay at WARNING, and at INFO when the bot's level is DEBUG: at DEBUG they write
    every request and gateway event whole, with each interaction's token (which answers as
    the bot for 15 minutes) and each DM panel's cards. ``debug_discord`` (``DEUCE_DEBUG_DISCORD=1``)
    lets them write it all when the bot's level is DEBUG."""
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if level != "DEBUG":
        discord_level = logging.WARNING
    elif debug_discord:
        discord_level = logging.DEBUG
    else:
        discord_level = logging.INFO
    logging.getLogger("discord").setLevel(discord_level)
    if level == "DEBUG" and debug_discord:
        log.warning(
            "%s=1: discord.py logs at DEBUG, interaction tokens and private cards included",
            DEBUG_DISCORD,
        )


def debug_discord_asked(env: Mapping[str, str]) -> bool:
    """Whether the environment opts in to discord.py's DEBUG output."""
    return env.get(DEBUG_DISCORD, "").strip().lower() in ("1", "true", "yes", "on")


def point_discord_at(config: Config) -> None:
    """Aim discord.py's REST and gateway at the configured endpoints before the client starts."""
    import discord.gateway
    import discord.http
    import yarl

    if config.api_base:
        discord.http.Route.BASE = config.api_base
    if config.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


async def run(config: Config) -> int:
    """Start the client and wait until it closes; returns the process exit code."""
    import aiohttp
    import discord

    from bot.client import make_bot

    point_discord_at(config)
    bot = make_bot(config)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def request_stop(signame: str) -> None:
        if stopping:
            return
        log.info("Received %s: closing", signame)
        stopping.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # non-Unix
            loop.add_signal_handler(sig, request_stop, sig.name)
    try:
        async with bot:
            await bot.start(config.token)
    except discord.LoginFailure:
        print("deuce: Discord refused the token in DISCORD_TOKEN.", file=sys.stderr)
        return 1
    except aiohttp.ClientError as error:
        print(f"deuce: cannot reach Discord: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # the client is closed by now (``async with``)
        code = report_start_failure(config, error, store_opened=store_opened(bot))
        await let_threads_end()
        return code
    finally:
        if stopping:
            await asyncio.gather(*stopping, return_exceptions=True)
    log.info("Closed cleanly")
    return 0


def store_opened(bot: DeuceBot) -> bool:
    """Whether the client's ``setup_hook`` got as far as opening the store."""
    try:
        _ = bot.store
    except RuntimeError:
        return False
    return True


def database_errors() -> tuple[type[Exception], ...]:
    """What SQLite and asyncpg raise when the database refuses, fails or cannot be reached
    (beside ``OSError``): asyncpg's ``ClientConfigurationError`` (a bad URL parameter) is an
    ``InterfaceError``, its ``ProtocolError`` (a server that does not speak its protocol) an
    ``InternalClientError``."""
    import asyncpg

    from bot.store import StoreUnavailable

    return (
        sqlite3.Error,
        StoreUnavailable,
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        asyncpg.InternalClientError,
    )


def failure_reason(error: BaseException) -> str:
    """One line saying why, from the error's own message."""
    text = " ".join(str(error).split())
    if isinstance(error, TimeoutError):
        return f"no answer in time{f' ({text})' if text else ''}"
    return text or type(error).__name__


def report_start_failure(config: Config, error: Exception, *, store_opened: bool) -> int:
    """Print why the start failed and return the exit code: one line and 2 when the store could
    not be opened (anything the database, its files or its socket raised before it opened) or
    failed while the client started (a database error); one line and 1 for another system
    error; the traceback (passwords hidden) and 1 for anything else, a bug. The traceback goes
    to the log at DEBUG in every case, its passwords hidden too."""
    from bot.store.postgres import redacted

    url = config.database_url
    where = redacted(url) if url is not None else config.database_path
    trace = without_secrets("".join(traceback.format_exception(error)).rstrip(), url)
    reason = failure_reason(error)
    if not store_opened and isinstance(error, (OSError, ValueError, *database_errors())):
        line, code = f"cannot open the database at {where}: {reason}", 2
    elif isinstance(error, database_errors()):
        line, code = f"the database at {where} failed during start-up: {reason}", 2
    elif isinstance(error, OSError):
        line, code = f"cannot start: {reason}", 1
    else:
        log.critical("Start-up failed:\n%s", trace)
        return 1
    log.debug("Start-up failed:\n%s", trace)
    print(f"deuce: {without_secrets(line, url)}", file=sys.stderr)
    return code


async def let_threads_end(timeout: float = THREADS_END_SECONDS) -> None:
    """Keep the event loop running until the threads left behind by a failed start have ended
    (at most ``timeout`` seconds). A SQLite connection that failed to open stops its aiosqlite
    thread a moment later, and that thread then answers the loop: closed by then, it would print
    an "Event loop is closed" traceback as the process exits."""
    loop = asyncio.get_running_loop()
    await loop.shutdown_default_executor()
    deadline = loop.time() + timeout
    current = threading.current_thread()
    while loop.time() < deadline and any(
        thread.is_alive() and not thread.daemon and thread is not current
        for thread in threading.enumerate()
    ):
        await asyncio.sleep(0.01)


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop]:
    """uvloop's event loop where it installs (not on Windows): the loop runs every table, and
    its own work (polling, callbacks, socket writes) costs less there than in asyncio's,
    which at 200 busy tables is the difference between a click answered in time and one
    queued behind the others (bench/bench_load.py)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop
    return uvloop.new_event_loop


def main() -> int:
    """Entry point: exit code 2 for bad config or a database that cannot be opened, 1 for a
    refused token, 0 after a clean stop."""
    load_dotenv(find_dotenv(usecwd=True))
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"deuce: {error}", file=sys.stderr)
        return 2
    configure_logging(config.log_level, debug_discord=debug_discord_asked(os.environ))
    # The event loop gives the GIL up at every socket call; a database or picture thread that
    # takes it then keeps it for up to the switch interval (5 ms by default) before the loop
    # gets it back, and a database thread waits as long for it at each statement. At 1 ms
    # neither waits long (bench/bench_load.py --probe: stalls sampled at socket calls).
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            return runner.run(run(config))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
