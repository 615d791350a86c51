"""``python -m bot.web``: the dashboard alone, against the bot's database (``DATABASE_URL`` or
``DATABASE_PATH``), for when it should not share the bot's process. It reads the same
environment as the bot (``DISCORD_TOKEN`` for the Manage Server checks, ``DEUCE_WEB_*``). The
live tables show as the store has them (``bot.web.stored``), following the bot's journal;
Pause, Resume and Close are written to the store as requests the bot's process applies within
about a second (``store.web_requests``, ``bot/features/web_requests``)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import sys

from dotenv import load_dotenv

from bot.cluster_limits import SharedBudget
from bot.config import Config, ConfigError
from bot.features.fairplay import worker as fairplay_worker
from bot.pacer import RestPacer
from bot.store import Store
from bot.web.app import WebServer
from bot.web.context import floors
from bot.web.discord_api import DiscordApi
from bot.web.stored import StoredTables

WEB_REST_PER_SECOND = 5.0
"""The most requests a second the dashboard alone sends Discord (the bot keeps the rest of
Discord's 50 a second); on PostgreSQL, what it paces itself at when the shared budget's
database does not answer."""


def dashboard_pacer(config: Config) -> tuple[RestPacer, SharedBudget | None]:
    """The dashboard's own pacer: ``WEB_REST_PER_SECOND``, and on PostgreSQL a token of the
    budget the bot's processes share too (``bot.cluster_limits``) for every request."""
    pacer = RestPacer(min(WEB_REST_PER_SECOND, config.rest_per_second))
    budget = None
    if config.database_url is not None:
        budget = SharedBudget(
            config.database_url, config.rest_per_second, fallback_rate=WEB_REST_PER_SECOND
        )
        pacer.gate = budget
    return pacer, budget


async def serve(config: Config) -> None:
    store = await Store.open(config.database_url or config.database_path)
    pacer, budget = dashboard_pacer(config)
    api = DiscordApi(
        config.token,
        config.api_base,
        config.oauth_client_id,
        config.oauth_client_secret,
        pacer=pacer,
    )
    server = WebServer(
        store,
        api,
        None,
        host=config.web_host,
        port=config.web_port or 8080,
        base_url=config.web_url,
        hand_pause_override=config.hand_pause_seconds,
        minimums=floors(config.min_timer_seconds, config.min_idle_seconds),
        stored=StoredTables(store, api),
    )
    await server.start()
    try:
        await asyncio.Event().wait()
    finally:
        await server.stop()
        await fairplay_worker.shutdown()  # the fair-play page's analysis process, if it ran
        if budget is not None:
            await budget.close()
        await store.close()


def main() -> None:
    load_dotenv()
    try:
        config = Config.from_env()
    except ConfigError as error:
        sys.exit(str(error))
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if config.web_port is None:
        config = dataclasses.replace(config, web_port=8080)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(config))


if __name__ == "__main__":
    main()
