"""`python -m bot`: read the configuration, point discord.py where they say, run until signalled.

A missing token is a one-line error with exit code 2 (no traceback): it is the first thing a new
operator gets wrong. SIGTERM and SIGINT close the client, which saves the journals and closes the
database before the process exits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sqlite3
import sys
from collections.abc import Callable

from dotenv import find_dotenv, load_dotenv

from bot.config import Config, ConfigError

log = logging.getLogger(__name__)


SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the GIL while another waits for it (CPython's default: 0.005)."""


def configure_logging(level: str) -> None:
    """Log lines to stderr; discord.py's own chatter stays at WARNING unless we debug."""
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if level != "DEBUG":
        logging.getLogger("discord").setLevel(logging.WARNING)


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
    except (OSError, sqlite3.Error) as error:
        log.debug("Start-up failed", exc_info=True)
        print(
            f"deuce: cannot start with the database at {config.database_path!r}: {error}",
            file=sys.stderr,
        )
        return 1
    finally:
        if stopping:
            await asyncio.gather(*stopping, return_exceptions=True)
    log.info("Closed cleanly")
    return 0


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
    """Entry point: exit code 2 for bad config, 1 for a refused token, 0 after a clean stop."""
    load_dotenv(find_dotenv(usecwd=True))
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"deuce: {error}", file=sys.stderr)
        return 2
    configure_logging(config.log_level)
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
