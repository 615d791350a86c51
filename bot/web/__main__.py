"""``python -m bot.web``: the dashboard alone, against the bot's database (``DATABASE_URL`` or
``DATABASE_PATH``), for when it should not share the bot's process. It reads the same
environment as the bot (``DISCORD_TOKEN`` for the Manage Server checks, ``DEUCE_WEB_*``); the
live tables and their Pause/Resume are only in the bot's own dashboard."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import sys

from dotenv import load_dotenv

from bot.config import Config, ConfigError
from bot.features.fairplay import worker as fairplay_worker
from bot.store import Store
from bot.web.app import WebServer
from bot.web.context import floors
from bot.web.discord_api import DiscordApi


async def serve(config: Config) -> None:
    store = await Store.open(config.database_url or config.database_path)
    api = DiscordApi(
        config.token, config.api_base, config.oauth_client_id, config.oauth_client_secret
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
    )
    await server.start()
    try:
        await asyncio.Event().wait()
    finally:
        await server.stop()
        await fairplay_worker.shutdown()  # the fair-play page's analysis process, if it ran
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
