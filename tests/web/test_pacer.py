"""The dashboard's requests to Discord wait their turn at the bot's REST pacer (issue 38):
each at ``IDLE``, after what a game waits for, so a page load never takes a table's turn; a
real ``DiscordApi`` against a small stand-in for Discord's REST API."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.pacer import URGENT, RestPacer
from bot.store import Store
from bot.web.app import make_app
from bot.web.context import WebContext
from bot.web.discord_api import DiscordApi
from tests.web.site import ADMIN, GUILD, FakeTables, sign_in


async def test_a_page_load_takes_its_turn_after_the_games_requests(tmp_path: Path) -> None:
    asked: list[tuple[str, float]] = []

    async def guild(request: web.Request) -> web.Response:
        asked.append((request.path, time.monotonic()))
        return web.json_response({"id": str(GUILD), "owner_id": str(ADMIN), "roles": []})

    discord = web.Application()
    discord.router.add_get("/api/v10/guilds/{guild}", guild)
    fake = TestServer(discord)
    await fake.start_server()
    pacer = RestPacer(4.0)  # a turn every 0.25 s
    api = DiscordApi("token", str(fake.make_url("/api/v10")), pacer=pacer)
    store = await Store.open(str(tmp_path / "deuce.db"))
    client = TestClient(TestServer(make_app(WebContext(store, api, FakeTables(), "http://x"))))
    await client.start_server()
    try:
        await sign_in(client, store)
        asked.clear()
        await pacer.acquire()  # a game's request just took the turn
        waited = pacer.waited
        games: list[float] = []

        async def game_request() -> None:
            await pacer.acquire(URGENT)
            games.append(time.monotonic())

        started = time.monotonic()
        page = asyncio.create_task(client.get(f"/servers/{GUILD}/settings"))
        await asyncio.sleep(0.05)  # the page is waiting for its turn now
        assert asked == [] and pacer.queued == 1
        urgent = [asyncio.create_task(game_request()) for _ in range(2)]
        response = await page
        await asyncio.gather(*urgent)
        assert response.status == 200
        assert pacer.waited >= waited + 3  # the page's request and the two games' waited
        (path, when), *_ = asked
        assert path == f"/api/v10/guilds/{GUILD}"
        assert all(game < when for game in games)  # the games' requests went first
        assert when - started >= 0.7  # three turns of 0.25 s: the page's came third
    finally:
        await client.close()
        await api.close()
        await store.close()
        await fake.close()
