"""The dashboard's rules without a browser (they hold where no Chromium is installed too): the
application on a real store, with Discord's answers and the live tables played by fakes.

A login link signs in once; the cookie is HttpOnly and SameSite=Lax; a server page needs the
session's server and Discord's Manage Server now; every post needs the session's CSRF token; a
logged-out cookie is refused; pages speak the browser's language."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store
from bot.table.snapshot import SeatSnapshot, TableSnapshot
from bot.web.app import make_app
from bot.web.auth import COOKIE, csrf_of, new_login_link
from bot.web.context import WebContext
from bot.web.discord_api import DiscordApi
from bot.web.live import LiveTable

GUILD, OTHER, ADMIN, TABLE = 100, 200, 7, 5


class FakeDiscord(DiscordApi):
    def __init__(self) -> None:
        super().__init__("token", "http://127.0.0.1:9/api/v10")
        self.managers: set[tuple[int, int]] = {(GUILD, ADMIN)}
        self.bot_left = False
        self.checks = 0

    async def can_manage(self, guild_id: int, user_id: int) -> bool | None:
        self.checks += 1
        if self.bot_left:
            return None
        return (guild_id, user_id) in self.managers

    async def guild_name(self, guild_id: int) -> str | None:
        return "Club"

    async def member_name(self, guild_id: int, user_id: int) -> str | None:
        return "Admin"


class FakeTables:
    def __init__(self) -> None:
        self.paused_by: int | None = None
        self.calls: list[tuple[int, int, int | None]] = []

    def in_guild(self, guild_id: int) -> list[LiveTable]:
        if guild_id != GUILD:
            return []
        seats = (SeatSnapshot(0, 11, "Alice <b>", 400), SeatSnapshot(1, 12, "Bob", 400))
        snapshot = TableSnapshot(TABLE, 10, 5, 4, seats, paused_by=self.paused_by)
        return [LiveTable(GUILD, TABLE, 300, "poker", snapshot)]

    async def set_paused(self, guild_id: int, table_id: int, user_id: int | None) -> str | None:
        self.calls.append((guild_id, table_id, user_id))
        if guild_id != GUILD or table_id != TABLE:
            return "web_no_table"
        if (self.paused_by is None) == (user_id is None):
            return None
        self.paused_by = user_id
        return "paused_now" if user_id is not None else "table_resumed"

    def guild_locale(self, guild_id: int) -> str | None:
        return "en-US"


@pytest_asyncio.fixture
async def site(tmp_path: Path) -> AsyncIterator[tuple[TestClient, Store, FakeDiscord, FakeTables]]:
    store = await Store.open(str(tmp_path / "deuce.db"))
    api, tables = FakeDiscord(), FakeTables()
    app = make_app(WebContext(store, api, tables, "http://dashboard.test"))
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield client, store, api, tables
    finally:
        await client.close()
        await store.close()


async def sign_in(client: TestClient, store: Store, user_id: int = ADMIN) -> str:
    link = await new_login_link(store, "http://dashboard.test", user_id, GUILD)
    path = link.removeprefix("http://dashboard.test")
    response = await client.post(path, allow_redirects=False)
    assert response.status == 303
    morsel = response.cookies[COOKIE]
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    return morsel.value


async def test_a_link_signs_in_once(
    site: tuple[TestClient, Store, FakeDiscord, FakeTables],
) -> None:
    client, store, _api, _tables = site
    link = await new_login_link(store, "http://dashboard.test", ADMIN, GUILD)
    path = link.removeprefix("http://dashboard.test")
    page = await client.get(path)  # reading the page (a link preview) spends nothing
    assert page.status == 200 and "Log in" in await page.text()
    assert page.headers["Referrer-Policy"] == "no-referrer"
    first = await client.post(path, allow_redirects=False)
    assert first.status == 303
    again = await client.post(path, allow_redirects=False)
    assert again.status == 403 and "already used" in await again.text()
    assert again.headers["Content-Security-Policy"].startswith("default-src 'none'")


async def test_the_server_page_and_its_posts_are_refused_unless_allowed_now(
    site: tuple[TestClient, Store, FakeDiscord, FakeTables],
) -> None:
    client, store, api, tables = site
    cookie = await sign_in(client, store)
    page = await client.get(f"/servers/{GUILD}")
    text = await page.text()
    assert page.status == 200 and "#poker · no hand running" in text
    assert "Alice &lt;b&gt;" in text and "Alice <b>" not in text  # names escaped
    assert (await client.get(f"/servers/{OTHER}")).status == 404  # not this session's server
    for form in ({}, {"csrf": "0" * 64}):
        forged = await client.post(f"/servers/{GUILD}/tables/{TABLE}/pause", data=form)
        assert forged.status == 403
    assert tables.calls == []
    paused = await client.post(
        f"/servers/{GUILD}/tables/{TABLE}/pause", data={"csrf": csrf_of(cookie)}
    )
    assert paused.status == 200 and str(paused.url).endswith("?said=paused_now")
    assert tables.calls == [(GUILD, TABLE, ADMIN)]
    # Manage Server taken away: the next page and the next post are refused.
    api.managers.clear()
    assert (await client.get(f"/servers/{GUILD}")).status == 403
    resume = await client.post(
        f"/servers/{GUILD}/tables/{TABLE}/resume", data={"csrf": csrf_of(cookie)}
    )
    assert resume.status == 403 and len(tables.calls) == 1
    # The bot removed from the server: the page does not exist any more.
    api.bot_left = True
    gone = await client.get(f"/servers/{GUILD}")
    assert gone.status == 404 and "There is no such server page." in await gone.text()
    # Logged out: the same cookie is refused.
    out = await client.post("/logout", data={"csrf": csrf_of(cookie)}, allow_redirects=False)
    assert out.status == 303
    client.session.cookie_jar.update_cookies({COOKIE: cookie})
    assert (await client.get("/hands")).status == 401


async def test_pages_speak_the_browsers_language(
    site: tuple[TestClient, Store, FakeDiscord, FakeTables],
) -> None:
    client, _store, _api, _tables = site
    home = await client.get("/", headers={"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.8"})
    text = await home.text()
    assert '<html lang="hu">' in text and "Deuce irányítópult" in text
