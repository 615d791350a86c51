"""The bot's side of the standalone dashboard's table actions (``bot/features/web_requests``),
on a real SQLite store and a real table session: a request is taken once and applied through
the session as the in-process dashboard applies it (the pause by the admin who asked), its
outcome written back; a forged or stale request changes nothing; another process's server is
left to that process."""

from __future__ import annotations

import asyncio
import time

from bot.features.web_requests.poller import WebRequestPoller
from bot.store import Store
from bot.table.registry import TableRegistry
from tests.table._helpers import GUILD, FakeClient, Tables, wait_until

ADMIN, ADMIN2 = 7001, 7002


async def outcome(store: Store, request_id: int) -> str | None:
    found = await store.web_requests.get(request_id)
    assert found is not None
    return found.outcome


async def test_pause_resume_and_close_through_the_store(store: Store, tables: Tables) -> None:
    table = await tables.open()
    session = table.session
    registry = table.client.tables
    poller = WebRequestPoller(store, registry)
    asked, _ = await store.web_requests.add(GUILD, session.table_id, "pause", ADMIN, time.time())
    (done,) = await poller.run_pass()
    assert done.id == asked.id and await outcome(store, asked.id) == "paused_now"
    assert session.paused_by == ADMIN  # the pause says who asked
    assert (await store.tables.get(session.table_id)).paused_by == ADMIN
    assert await poller.run_pass() == []  # taken once
    again, _ = await store.web_requests.add(GUILD, session.table_id, "pause", ADMIN2, time.time())
    await poller.run_pass()
    assert await outcome(store, again.id) == "pause_already" and session.paused_by == ADMIN
    resumed, _ = await store.web_requests.add(
        GUILD, session.table_id, "resume", ADMIN2, time.time()
    )
    await poller.run_pass()
    assert await outcome(store, resumed.id) == "table_resumed" and session.paused_by is None
    # A forged request: this table under another server changes nothing.
    forged, _ = await store.web_requests.add(
        GUILD + 1, session.table_id, "close", ADMIN, time.time()
    )
    await poller.run_pass()
    assert await outcome(store, forged.id) == "web_no_table" and not session.closed
    # A request nobody took in time is never applied.
    stale, _ = await store.web_requests.add(
        GUILD, session.table_id, "pause", ADMIN, time.time() - 31
    )
    assert await poller.run_pass() == []
    assert await outcome(store, stale.id) is None and session.paused_by is None
    closed, _ = await store.web_requests.add(GUILD, session.table_id, "close", ADMIN, time.time())
    await poller.run_pass()
    assert await outcome(store, closed.id) == "table_closed" and session.closed
    assert (await store.tables.get(session.table_id)).status == "closed"
    late, _ = await store.web_requests.add(GUILD, session.table_id, "pause", ADMIN, time.time())
    await poller.run_pass()  # the table is gone: said so, nothing reopened
    assert await outcome(store, late.id) == "web_no_table"
    assert registry.by_table(session.table_id) is None


async def test_two_pollers_apply_a_request_once(store: Store, tables: Tables) -> None:
    table = await tables.open()
    session = table.session
    first = WebRequestPoller(store, table.client.tables)
    second = WebRequestPoller(store, table.client.tables)
    asked, _ = await store.web_requests.add(GUILD, session.table_id, "pause", ADMIN, time.time())
    done = await asyncio.gather(first.run_pass(), second.run_pass())
    assert sum(len(x) for x in done) == 1
    assert await outcome(store, asked.id) == "paused_now" and session.paused_by == ADMIN


async def test_another_process_s_server_is_left_to_it(store: Store, tables: Tables) -> None:
    table = await tables.open()
    session = table.session
    await session.request_close()
    elsewhere = TableRegistry(FakeClient(), store, owns_guild=lambda guild: guild != GUILD)
    poller = WebRequestPoller(store, elsewhere)
    asked, _ = await store.web_requests.add(GUILD, session.table_id, "pause", ADMIN, time.time())
    assert await poller.run_pass() == []
    assert await outcome(store, asked.id) is None  # still waiting for its owner
    owner = WebRequestPoller(store, TableRegistry(FakeClient(), store))
    assert len(await owner.run_pass()) == 1
    assert await outcome(store, asked.id) == "web_no_table"


async def test_the_running_poller_answers_within_its_interval(store: Store, tables: Tables) -> None:
    table = await tables.open()
    poller = WebRequestPoller(store, table.client.tables, every=0.05)
    poller.start()
    try:
        asked, _ = await store.web_requests.add(
            GUILD, table.session.table_id, "pause", ADMIN, time.time()
        )
        began = time.monotonic()
        await wait_until(lambda: table.session.paused_by, timeout=2.0)
        assert time.monotonic() - began < 1.0
        for _ in range(40):
            if await outcome(store, asked.id) is not None:
                break
            await asyncio.sleep(0.05)
        assert await outcome(store, asked.id) == "paused_now"
    finally:
        await poller.close()
