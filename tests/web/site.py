"""The dashboard application on a real store for tests without a browser: Discord's answers
and the live tables played by fakes (``FakeDiscord``, ``FakeTables``), a signed-in admin by a
login link (``sign_in``)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from bot.features.house import admin as house_admin
from bot.replies import Refused
from bot.store import Store
from bot.table.snapshot import SeatSnapshot, TableSnapshot
from bot.web.app import make_app
from bot.web.auth import COOKIE, new_login_link
from bot.web.context import WebContext
from bot.web.discord_api import DiscordApi
from bot.web.live import LiveTable
from bot.web.stored import StoredTables

GUILD, OTHER, ADMIN, TABLE = 100, 200, 1007, 5


class FakeDiscord(DiscordApi):
    def __init__(self) -> None:
        super().__init__("token", "http://127.0.0.1:9/api/v10")
        self.managers: set[tuple[int, int]] = {(GUILD, ADMIN)}
        self.bot_left = False
        self.checks = 0
        self.names: dict[int, str] = {}
        """Members' names in the server (anyone else: "Admin")."""

    async def can_manage(self, guild_id: int, user_id: int) -> bool | None:
        self.checks += 1
        if self.bot_left:
            return None
        return (guild_id, user_id) in self.managers

    async def guild_name(self, guild_id: int) -> str | None:
        return "Club"

    async def member_name(self, guild_id: int, user_id: int) -> str | None:
        return self.names.get(user_id, "Admin")

    async def text_channels(self, guild_id: int) -> list[tuple[int, str]]:
        return [(300, "poker")] if guild_id == GUILD else []


class FakeTables:
    def __init__(self) -> None:
        self.paused_by: int | None = None
        self.calls: list[tuple[int, int, int | None]] = []
        self.settings_changes: list[int] = []
        self.closed: list[tuple[int, int]] = []
        self.house = FakeHouse()
        self.store: Store | None = None

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

    async def close(self, guild_id: int, table_id: int) -> str:
        if guild_id != GUILD or table_id != TABLE:
            return "web_no_table"
        self.closed.append((guild_id, table_id))
        return "table_closed"

    async def settings_changed(self, guild_id: int) -> None:
        self.settings_changes.append(guild_id)

    def text_channels(self, guild_id: int) -> list[tuple[int, str]]:
        return [(300, "poker")] if guild_id == GUILD else []

    def _house(self, guild_id: int, table_id: int) -> FakeHouse:
        if guild_id != GUILD or table_id != TABLE:
            raise Refused("That table is no longer open.")
        return self.house

    async def house_add(self, guild_id: int, table_id: int, count: int, level: str) -> str:
        return await house_admin.add(self._house(guild_id, table_id), count, level)  # type: ignore[arg-type]

    async def house_remove(self, guild_id: int, table_id: int, count: int | None) -> str:
        return await house_admin.remove(self._house(guild_id, table_id), count)  # type: ignore[arg-type]

    async def house_fill(self, guild_id: int, table_id: int | None, seats: int, level: str) -> str:
        assert self.store is not None
        channel_id, scope = 0, "server"
        if table_id is not None:
            self._house(guild_id, table_id)
            channel_id, scope = 300, "channel"
        return await house_admin.fill(
            self.store,
            [self.house],
            guild_id,
            channel_id,
            seats,
            level,
            scope,  # type: ignore[list-item]
        )


class FakeHouse:
    """A table's house players as the shared functions call them (``HousePlayers``): what
    they were asked to do."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object, object]] = []

    async def add(self, count: int, style: str) -> int:
        self.calls.append(("add", count, style))
        return count

    async def remove(self, count: int | None) -> tuple[int, int]:
        self.calls.append(("remove", count, None))
        return (count or 1, 0)

    async def refill(self) -> None:
        self.calls.append(("refill", None, None))


@contextlib.asynccontextmanager
async def serving(
    db_path: Path,
) -> AsyncIterator[tuple[TestClient, Store, FakeDiscord, FakeTables]]:
    """The dashboard served on the SQLite store at ``db_path`` (made if missing), with a fake
    Discord and fake live tables."""
    store = await Store.open(str(db_path))
    api, tables = FakeDiscord(), FakeTables()
    tables.store = store
    app = make_app(WebContext(store, api, tables, "http://dashboard.test"))
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield client, store, api, tables
    finally:
        await client.close()
        await store.close()


@pytest_asyncio.fixture
async def site(tmp_path: Path) -> AsyncIterator[tuple[TestClient, Store, FakeDiscord, FakeTables]]:
    async with serving(tmp_path / "deuce.db") as served:
        yield served


FORM_TOKEN = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def form_token(page: str) -> str:
    """The CSRF token of a page's (first) form."""
    found = FORM_TOKEN.search(page)
    assert found is not None, page
    return found[1]


async def sign_in(client: TestClient, store: Store, user_id: int = ADMIN) -> str:
    """Sign in as a browser does: the link's page, then its button (the page's form)."""
    link = await new_login_link(store, "http://dashboard.test", user_id, GUILD)
    path = link.removeprefix("http://dashboard.test")
    page = await (await client.get(path)).text()
    response = await client.post(path, data={"csrf": form_token(page)}, allow_redirects=False)
    assert response.status == 303
    morsel = response.cookies[COOKIE]
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    return morsel.value


Site = tuple[TestClient, Store, FakeDiscord, FakeTables]
"""What the ``site`` fixture gives: the client, the store, Discord and the tables."""


@contextlib.asynccontextmanager
async def standalone(db: Path) -> AsyncIterator[tuple[TestClient, Store, StoredTables]]:
    """The dashboard as ``python -m bot.web`` serves it: no table session, the store's tables."""
    store = await Store.open(str(db))
    api = FakeDiscord()
    stored = StoredTables(store, api)
    app = make_app(WebContext(store, api, None, "http://dashboard.test", stored=stored))
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield client, store, stored
    finally:
        await client.close()
        await store.close()
