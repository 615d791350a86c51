"""Close from the dashboard (``pages/server.py``): a confirmation page first, then a post
with the CSRF token by a member who may manage the server now; another server's table is not
one of this server's. Without a browser: the application on a real store, Discord and the
tables faked."""

from __future__ import annotations

from bot.web.auth import csrf_of
from tests.web.site import ADMIN, GUILD, OTHER, TABLE, Site, sign_in, site

__all__ = ["site"]


async def test_close_asks_first_then_closes_once_allowed(site: Site) -> None:
    client, store, api, tables = site
    cookie = await sign_in(client, store)
    server = await (await client.get(f"/servers/{GUILD}")).text()
    assert f'href="/servers/{GUILD}/tables/{TABLE}/close">Close…</a>' in server
    asked = await client.get(f"/servers/{GUILD}/tables/{TABLE}/close")
    text = await asked.text()
    assert asked.status == 200 and "Close #poker?" in text
    assert "The table closes now" in text and tables.closed == []  # reading it closes nothing
    for form in ({}, {"csrf": "0" * 64}):
        forged = await client.post(f"/servers/{GUILD}/tables/{TABLE}/close", data=form)
        assert forged.status == 403
    assert (await client.get(f"/servers/{OTHER}/tables/{TABLE}/close")).status == 404
    missing = await client.get(f"/servers/{GUILD}/tables/{TABLE + 1}/close")
    assert missing.status == 404 and "That table is no longer open." in await missing.text()
    crossed = await client.post(
        f"/servers/{GUILD}/tables/{TABLE + 1}/close", data={"csrf": csrf_of(cookie)}
    )
    assert "That table is no longer open." in await crossed.text() and tables.closed == []
    api.managers.clear()
    refused = await client.post(
        f"/servers/{GUILD}/tables/{TABLE}/close", data={"csrf": csrf_of(cookie)}
    )
    assert refused.status == 403 and tables.closed == []
    api.managers.add((GUILD, ADMIN))
    closed = await client.post(
        f"/servers/{GUILD}/tables/{TABLE}/close", data={"csrf": csrf_of(cookie)}
    )
    assert str(closed.url).endswith("?said=table_closed")
    assert "The table is closed." in await closed.text()
    assert tables.closed == [(GUILD, TABLE)]
