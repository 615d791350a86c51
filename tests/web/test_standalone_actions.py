"""Pause, Resume and Close from ``python -m bot.web`` (no table session in its process), on a
real SQLite file: after the checks (CSRF, Manage Server, the table in that server) the action
is written as a request for the bot's process; the page shows it waiting, then the outcome the
bot wrote (its live stream brings it), or that the bot did not answer. A forged table, a closed
table, a form without its token or a member without Manage Server write nothing; two admins
clicking at once make one request."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from bot.store import Store
from bot.store.web_requests import EXPIRE_SECONDS
from tests.table._helpers import begun_hand
from tests.web.site import ADMIN, GUILD, form_token, sign_in, standalone

MEMBER = 1099
PLAYERS = ((ADMIN, "Admin"), (1011, "Alice"))


async def open_table(store: Store) -> int:
    await begun_hand(store, GUILD, 300, PLAYERS, 3)
    table = await store.tables.for_channel(GUILD, 300)
    assert table is not None
    return table.id


async def waiting_rows(store: Store) -> int:
    return len(await store.web_requests.waiting(time.time()))


async def test_a_pause_waits_for_the_bot_then_shows_its_answer(tmp_path: Path) -> None:
    async with standalone(tmp_path / "deuce.db") as (client, store, _stored):
        table_id = await open_table(store)
        await sign_in(client, store)
        page = await (await client.get(f"/servers/{GUILD}")).text()
        csrf = form_token(page)
        posted = await client.post(f"/servers/{GUILD}/tables/{table_id}/pause", data={"csrf": csrf})
        assert posted.status == 200 and "?request=" in str(posted.url)
        request_id = int(str(posted.url).rsplit("=", 1)[1])
        text = await posted.text()
        assert 'data-state="waiting"' in text and "Sent to the bot" in text
        assert f'data-live="/servers/{GUILD}/live?request={request_id}"' in text
        asked = await store.web_requests.get(request_id)
        assert asked is not None and (asked.action, asked.user_id) == ("pause", ADMIN)
        # Nothing changed yet: only the bot's process changes the table.
        assert (await store.tables.get(table_id)).paused_by is None
        stream = await client.get(f"/servers/{GUILD}/live?request={request_id}")

        async def next_event() -> dict[str, str]:
            while True:
                line = (await stream.content.readline()).decode()
                if line.startswith("data: "):
                    return dict(json.loads(line[6:]))

        first = await asyncio.wait_for(next_event(), 2)
        assert 'data-state="waiting"' in first["request"]
        # The bot takes it and answers (bot/features/web_requests does this).
        assert await store.web_requests.take(request_id, time.time()) is not None
        await store.web_requests.finish(request_id, "paused_after_hand", time.time())
        answered = await asyncio.wait_for(next_event(), 2)
        assert 'data-state="done"' in answered["request"]
        assert "pauses after the running hand" in answered["request"]
        stream.close()
        again = await (await client.get(f"/servers/{GUILD}?request={request_id}")).text()
        assert 'data-state="done"' in again and f"live?request={request_id}" not in again


async def test_two_clicks_make_one_request_and_a_silent_bot_expires_it(tmp_path: Path) -> None:
    async with standalone(tmp_path / "deuce.db") as (client, store, _stored):
        table_id = await open_table(store)
        await sign_in(client, store)
        csrf = form_token(await (await client.get(f"/servers/{GUILD}")).text())
        url = f"/servers/{GUILD}/tables/{table_id}/pause"
        first, second = await asyncio.gather(
            client.post(url, data={"csrf": csrf}), client.post(url, data={"csrf": csrf})
        )
        assert str(first.url) == str(second.url)  # the same request
        assert await waiting_rows(store) == 1
        # No bot takes it: once expired, the page says the bot did not answer.
        asked, made = await store.web_requests.add(
            GUILD, table_id, "close", ADMIN, time.time() - EXPIRE_SECONDS - 1
        )
        assert made
        text = await (await client.get(f"/servers/{GUILD}?request={asked.id}")).text()
        assert 'data-state="expired"' in text and "did not answer within 30 seconds" in text
        # Another click asks again.
        closed = await client.post(f"/servers/{GUILD}/tables/{table_id}/close", data={"csrf": csrf})
        assert f"request={asked.id}" not in str(closed.url)
        assert await waiting_rows(store) == 2


async def test_bad_posts_write_nothing(tmp_path: Path) -> None:
    async with standalone(tmp_path / "deuce.db") as (client, store, _stored):
        table_id = await open_table(store)
        other_table = await store.tables.get_or_create(GUILD + 1, 400)  # another server's
        await sign_in(client, store)
        csrf = form_token(await (await client.get(f"/servers/{GUILD}")).text())
        forged = await client.post(
            f"/servers/{GUILD}/tables/{other_table.id}/pause", data={"csrf": csrf}
        )
        assert forged.status == 404 and "no longer open" in await forged.text()
        unknown = await client.post(f"/servers/{GUILD}/tables/99999/close", data={"csrf": csrf})
        assert unknown.status == 404
        huge = await client.post(f"/servers/{GUILD}/tables/{'9' * 20}/close", data={"csrf": csrf})
        assert huge.status == 404
        assert (
            "data-request"
            not in await (await client.get(f"/servers/{GUILD}?request={'9' * 20}")).text()
        )
        no_token = await client.post(f"/servers/{GUILD}/tables/{table_id}/pause", data={})
        assert no_token.status == 403
        replayed = await client.post(
            f"/servers/{GUILD}/tables/{table_id}/pause", data={"csrf": "0" * len(csrf)}
        )
        assert replayed.status == 403
        # A request of another server is not shown on this one's page.
        theirs, _ = await store.web_requests.add(
            GUILD + 1, other_table.id, "pause", ADMIN, time.time()
        )
        page = await (await client.get(f"/servers/{GUILD}?request={theirs.id}")).text()
        assert "data-request" not in page
        assert await waiting_rows(store) == 1  # theirs only
        # A member without Manage Server, by forged post with their own session's token.
        client.session.cookie_jar.clear()
        await sign_in(client, store, MEMBER)
        member_page = await client.get(f"/servers/{GUILD}")
        assert member_page.status == 403
        home = await (await client.get("/")).text()
        refused = await client.post(
            f"/servers/{GUILD}/tables/{table_id}/pause", data={"csrf": form_token(home)}
        )
        assert refused.status == 403
        assert await waiting_rows(store) == 1


async def test_a_closed_table_is_refused(tmp_path: Path) -> None:
    async with standalone(tmp_path / "deuce.db") as (client, store, _stored):
        table = await store.tables.get_or_create(GUILD, 300)
        await sign_in(client, store)
        csrf = form_token(await (await client.get(f"/servers/{GUILD}")).text())
        await store.tables.close(table.id)
        refused = await client.post(
            f"/servers/{GUILD}/tables/{table.id}/close", data={"csrf": csrf}
        )
        assert refused.status == 404 and await waiting_rows(store) == 0
