"""The house players page without a browser: the listing read from the store (name, level,
seat, chips, what the house fills), the forms done through the commands' own functions
(``bot.features.house.admin``), every bad value refused with the command's sentence and
nothing changed, CSRF and Manage Server asked on every post, a forged notice not shown, and
``python -m bot.web`` listing them without the forms."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import make_app
from bot.web.context import WebContext
from tests.web.site import GUILD, OTHER, TABLE, Site, form_token, sign_in, site

__all__ = ["site"]

PAGE = f"/servers/{GUILD}/house"


async def _table_with_house(site: Site) -> int:
    _client, store, _api, _tables = site
    table = await store.tables.get_or_create(GUILD, 300)
    await store.tables.buy_in(table.id, 1011, "Alice", 200)
    await store.house.sit_down(table.id, 1, "Ada", "beginner", 300)
    await store.house.sit_down(table.id, 2, "Bo <b>", "strong", 450)
    return table.id


async def test_the_page_lists_each_tables_house_players_from_the_store(site: Site) -> None:
    client, store, _api, _tables = site
    table_id = await _table_with_house(site)
    await sign_in(client, store)
    text = await (await client.get(PAGE)).text()
    assert f'data-house-table="{table_id}"' in text and "#poker" in text
    for row in (
        "<td>Ada</td><td>beginner</td><td>2</td><td>300</td>",
        "<td>Bo &lt;b&gt;</td><td>strong</td><td>3</td><td>450</td>",
    ):
        assert row in text, text
    assert "Alice" not in text  # members are not house players
    assert "Fills as the server&#x27;s default says." in text
    assert f'action="/servers/{GUILD}/house/tables/{table_id}/add"' in text
    await store.house.set_fill(GUILD, 300, 4, "solid")
    await store.house.set_fill(GUILD, None, 2, "beginner")
    text = await (await client.get(PAGE)).text()
    assert "The house (solid) fills up to 4 seats whenever a member sits." in text
    assert "The house (beginner) fills up to 2 seats whenever a member sits." in text


async def test_posts_go_through_the_commands_functions_and_bad_values_change_nothing(
    site: Site,
) -> None:
    client, store, _api, tables = site
    await sign_in(client, store)
    csrf = form_token(await (await client.get(PAGE)).text())
    base = f"{PAGE}/tables/{TABLE}"
    done = await client.post(
        f"{base}/add", data={"csrf": csrf, "count": "2", "level": "solid"}, allow_redirects=False
    )
    assert done.status == 303 and tables.house.calls == [("add", 2, "solid")]
    shown = await (await client.get(done.headers["Location"])).text()
    assert '<p class="notice" role="status">2 house players sat down (solid).</p>' in shown
    for form, why in (
        ({"count": "0", "level": "solid"}, "Choose between 1 and 9 house players."),
        ({"count": "10", "level": "solid"}, "Choose between 1 and 9 house players."),
        ({"count": "-1", "level": "solid"}, "Choose between 1 and 9 house players."),
        ({"count": "1e3", "level": "solid"}, "Choose between 1 and 9 house players."),
        ({"count": "", "level": "solid"}, "Choose between 1 and 9 house players."),
        ({"count": "2", "level": "godlike"}, "There is no such style"),
    ):
        refused = await client.post(f"{base}/add", data={"csrf": csrf, **form})
        assert refused.status == 400 and why in await refused.text(), form
    refused = await client.post(f"{base}/remove", data={"csrf": csrf, "count": "12"})
    assert refused.status == 400
    for seats in ("11", "-1", "x"):
        refused = await client.post(
            f"{base}/fill", data={"csrf": csrf, "seats": seats, "level": "solid"}
        )
        assert refused.status == 400 and "Choose between 0 and 10 seats" in await refused.text()
    assert tables.house.calls == [("add", 2, "solid")]  # nothing else reached the table
    assert await store.house.fills(GUILD) == {}
    # Remove: empty is "all"; fill: this table's channel, then the server's default.
    await client.post(f"{base}/remove", data={"csrf": csrf, "count": ""})
    await client.post(f"{base}/fill", data={"csrf": csrf, "seats": "5", "level": "beginner"})
    await client.post(f"{PAGE}/fill", data={"csrf": csrf, "seats": "3", "level": "strong"})
    refill = ("refill", None, None)
    assert tables.house.calls[1:] == [("remove", None, None), refill, refill]
    assert await store.house.fills(GUILD) == {300: (5, "beginner"), 0: (3, "strong")}
    # Another server's table through this server's page: no such table, nothing done.
    refused = await client.post(
        f"{PAGE}/tables/999/add", data={"csrf": csrf, "count": "1", "level": "solid"}
    )
    assert refused.status == 400 and "no longer open" in await refused.text()
    assert len(tables.house.calls) == 4


async def test_every_post_needs_the_token_and_manage_server_now(site: Site) -> None:
    client, store, api, tables = site
    await sign_in(client, store)
    csrf = form_token(await (await client.get(PAGE)).text())
    add = f"{PAGE}/tables/{TABLE}/add"
    refused = await client.post(add, data={"csrf": "0" * 64, "count": "1", "level": "solid"})
    assert refused.status == 403 and "out of date" in await refused.text()
    checks = api.checks
    api.managers.clear()  # the permission was taken away since the page was read
    refused = await client.post(add, data={"csrf": csrf, "count": "1", "level": "solid"})
    assert refused.status == 403 and "Manage Server" in await refused.text()
    assert api.checks == checks + 1
    refused = await client.post(f"/servers/{OTHER}/house/fill", data={"csrf": csrf, "seats": "1"})
    assert refused.status == 404
    assert (await client.get(PAGE)).status == 403
    assert tables.house.calls == [] and await store.house.fills(GUILD) == {}


async def test_a_notice_is_shown_only_when_signed_for_the_session(site: Site) -> None:
    client, store, _api, _tables = site
    await sign_in(client, store)
    forged = await (await client.get(f"{PAGE}?said=Send+your+chips+to+Mallory&sig=00")).text()
    assert "Mallory" not in forged


async def test_the_standalone_dashboard_lists_them_without_the_forms(site: Site) -> None:
    _client, store, api, _tables = site
    await _table_with_house(site)
    alone = TestClient(TestServer(make_app(WebContext(store, api, None, "http://dashboard.test"))))
    await alone.start_server()
    try:
        await sign_in(alone, store)
        text = await (await alone.get(PAGE)).text()
        assert "<td>Ada</td>" in text and "/add" not in text
        assert "the dashboard the bot itself serves" in text
        csrf = form_token(text)
        refused = await alone.post(f"{PAGE}/fill", data={"csrf": csrf, "seats": "1"})
        assert refused.status == 404 and await store.house.fills(GUILD) == {}
    finally:
        await alone.close()
