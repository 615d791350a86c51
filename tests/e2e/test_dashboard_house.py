"""House players from the dashboard in a real browser (issue 38): an admin seats, fills and
stands up house players at a live table through the same functions as ``/pokeradmin house``
(the channel's table follows), a bad value is refused with the command's sentence and changes
nothing, two posts at once never seat more than the table holds, and a member without Manage
Server and another server's admin are refused by URL and by forged post; every chip is
accounted for."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.discord_double import ADMIN_MEMBER_PERMISSIONS
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import Club, PokerTable, check_after_test, field_value, private_reply

pytestmark = DASHBOARD

HOUSE = "🤖"


def house_seats(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM seats WHERE user_id < 100").fetchone()[0])


async def test_an_admin_seats_fills_and_stands_up_house_players(club: Club, tmp_path: Path) -> None:
    double = club.double
    base = dashboard_address(club)
    (alice,) = await club.players(1)
    table = PokerTable(double, club.channel, [alice])
    await table.join(alice)
    await table.wait_table(lambda m: "Alice" in (field_value(m, "Seats") or ""))
    guild = club.guild.id
    with sqlite3.connect(club.db_path) as conn:
        (table_id,) = conn.execute(
            "SELECT id FROM poker_tables WHERE channel_id = ?", (club.channel.id,)
        ).fetchone()
    folder = shot_dir(tmp_path)
    house = f"{base}/servers/{guild}/house"

    def said(url: str) -> bool:  # a notice may hold a slash, which a glob's * does not match
        return url.startswith(f"{house}?said=")

    async with chromium() as browser:
        double.oauth.signed_in = club.admin
        admin = await browser.new_context()
        page = await admin.new_page()
        await sign_in_with_discord(page, base)
        await page.goto(f"{base}/servers/{guild}")
        await page.get_by_role("link", name="House players").click()
        await page.wait_for_url(house)
        card = page.locator(f'section[data-house-table="{table_id}"]')
        assert "No house player at this table." in await card.inner_text()
        csrf = await page.locator("header input[name=csrf]").get_attribute("value") or ""
        # Bad values: the command's sentence, nothing seated.
        for form, why in (
            ({"count": "0", "level": "solid"}, "Choose between 1 and 9 house players."),
            ({"count": "abc", "level": "solid"}, "Choose between 1 and 9 house players."),
            ({"count": "2", "level": "godlike"}, "There is no such style"),
        ):
            refused = await page.request.post(
                f"{house}/tables/{table_id}/add", form={"csrf": csrf, **form}
            )
            assert refused.status == 400 and why in await refused.text(), form
        refused = await page.request.post(
            f"{house}/tables/{table_id}/fill", form={"csrf": csrf, "seats": "11", "level": "solid"}
        )
        assert refused.status == 400 and "Choose between 0 and 10 seats" in await refused.text()
        assert house_seats(club.db_path) == 0
        # Seated from the form: the channel's table shows them, the page lists them.
        await card.locator("input[name=count]").first.fill("2")
        await card.locator("select[name=level]").first.select_option("solid")
        await card.get_by_role("button", name="Seat house players").click()
        await page.wait_for_url(said)
        assert await page.inner_text("p.notice") == "2 house players sat down (solid)."
        await table.wait_table(lambda m: (field_value(m, "Seats") or "").count(HOUSE) == 2, 10)
        rows = page.locator(f'section[data-house-table="{table_id}"] table.house tbody tr')
        assert await rows.count() == 2
        assert "solid" in await rows.first.inner_text()
        await screenshots(page, folder, "s7-house")
        # Fill this table: removing is refused while it fills (they would sit again).
        await card.locator("input[name=seats]").fill("3")
        await card.get_by_role("button", name="Fill this table").click()
        await page.wait_for_url(said)
        assert "fill this table up to 3 seats" in await page.inner_text("p.notice")
        await card.get_by_role("button", name="Stand up").click()
        assert "set to fill 3 seats" in await page.inner_text("p.refused")
        # Two posts and the slash command at once: never more players than the table seats,
        # each answered (one sat down as many as were free, the others found it full).
        posts = [
            page.request.post(
                f"{house}/tables/{table_id}/add",
                form={"csrf": csrf, "count": "9", "level": "strong"},
            )
            for _ in range(2)
        ]
        command = double.invoke(club.admin, club.channel, "pokeradmin house add", count=9)
        *answers, interaction = await asyncio.gather(*posts, command)
        assert all(a.status in (200, 400) for a in answers)
        replies = [await private_reply(interaction)] + [await a.text() for a in answers]
        assert sum("sat down" in text for text in replies) >= 1, replies
        assert 1 + house_seats(club.db_path) == 6  # the table's six seats, no more
        # Fill off, then stand them all up (now, or after the running hand).
        await card.locator("input[name=seats]").fill("0")
        await card.get_by_role("button", name="Fill this table").click()
        await page.wait_for_url(said)
        await card.get_by_role("button", name="Stand up").click()
        await page.wait_for_url(said)
        assert "stand up when this hand ends" in await page.inner_text("p.notice")
        # Another server's admin, and a member without Manage Server: refused.
        other = await double.add_guild("Other Club")
        double.oauth.signed_in = await double.add_member(
            other, "boss", display_name="Boss", permissions=ADMIN_MEMBER_PERMISSIONS
        )
        stranger = await browser.new_context()
        theirs = await stranger.new_page()
        await sign_in_with_discord(theirs, base)
        refused_page = await theirs.goto(house)
        assert refused_page is not None and refused_page.status == 404
        their_csrf = await theirs.locator("header input[name=csrf]").get_attribute("value")
        forged = await theirs.request.post(
            f"{house}/tables/{table_id}/add",
            form={"csrf": their_csrf or "", "count": "1", "level": "solid"},
        )
        assert forged.status == 404
        forged = await theirs.request.post(
            f"{base}/servers/{other.id}/house/tables/{table_id}/add",
            form={"csrf": their_csrf or "", "count": "1", "level": "solid"},
        )
        assert forged.status == 400 and "no longer open" in await forged.text()
        await stranger.close()
        double.oauth.signed_in = alice
        member = await browser.new_context()
        hers = await member.new_page()
        await sign_in_with_discord(hers, base)
        refused_page = await hers.goto(house)
        assert refused_page is not None and refused_page.status == 403
        her_csrf = await hers.locator("header input[name=csrf]").get_attribute("value")
        forged = await hers.request.post(
            f"{house}/fill", form={"csrf": her_csrf or "", "seats": "5", "level": "solid"}
        )
        assert forged.status == 403 and "Manage Server" in await forged.text()
        await member.close()
        await admin.close()
    check_after_test(club)
    club.audit_ok()
