"""The dashboard's requests to Discord wait their turn at the bot's REST pacer (issue 38):
each at ``IDLE``, after what a game waits for, so a page load never takes a table's turn; a
real ``DiscordApi`` against a small stand-in for Discord's REST API."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncpg
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.config import Config
from bot.pacer import URGENT, RestPacer
from bot.store import Store
from bot.web.__main__ import WEB_REST_PER_SECOND, dashboard_pacer
from bot.web.app import make_app
from bot.web.context import WebContext
from bot.web.discord_api import DiscordApi
from tests.store._helpers import PostgresCluster
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


def test_the_dashboard_alone_on_sqlite_paces_itself() -> None:
    pacer, budget = dashboard_pacer(Config.from_env({"DISCORD_TOKEN": "x"}))
    assert budget is None and pacer.gate is None and pacer.rate == WEB_REST_PER_SECOND


async def test_the_dashboard_alone_on_postgresql_takes_the_shared_budgets_tokens(
    postgres_cluster: PostgresCluster,
) -> None:
    """``python -m bot.web`` on PostgreSQL: each request waits for a token of the budget the
    bot's processes share (``rest_budget``), beside its own pace."""
    url = await postgres_cluster.create_database()
    store = await Store.open(url)  # the migrations make the budget's table
    pacer, budget = dashboard_pacer(Config.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": url}))
    assert budget is not None and pacer.gate is budget
    hits = 0

    async def guild(request: web.Request) -> web.Response:
        nonlocal hits
        hits += 1
        return web.json_response({"id": str(GUILD), "name": "Club"})

    discord = web.Application()
    discord.router.add_get("/api/v10/guilds/{guild}", guild)
    fake = TestServer(discord)
    await fake.start_server()
    api = DiscordApi("token", str(fake.make_url("/api/v10")), pacer=pacer)
    try:
        for _ in range(3):
            assert await api.guild_name(GUILD) == "Club"
        assert hits == 3
        assert budget.leases >= 1 and budget.granted >= 2 and not budget.fallen_back
        conn = await asyncpg.connect(url)
        try:
            assert await conn.fetchval("SELECT count(*) FROM rest_budget") == 1
        finally:
            await conn.close()
    finally:
        await api.close()
        await budget.close()
        await fake.close()
        await store.close()


async def test_the_bots_own_dashboard_uses_the_bots_pacer(tmp_path: Path) -> None:
    """In the bot's process, the dashboard's requests wait at the very pacer the bot's own
    requests wait at (``DeuceBot.pacer``), not one of their own."""
    from bot.client import make_bot
    from tests.e2e.browser import free_port

    bot = make_bot(Config.from_env({"DISCORD_TOKEN": "x", "DEUCE_WEB_PORT": str(free_port())}))
    bot._store = await Store.open(str(tmp_path / "deuce.db"))
    try:
        await bot.start_web()
        assert bot._web is not None and bot._web.ctx.api.pacer is bot.pacer
    finally:
        if bot._web is not None:
            await bot._web.stop()
        await bot._store.close()
