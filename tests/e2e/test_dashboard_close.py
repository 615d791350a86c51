"""Close from the dashboard in a real browser (issue 38): Close… asks first, then the table
closes after its running hand as ``/pokeradmin close`` closes it, every chip back in its
wallet; a member without Manage Server is refused by URL and by post."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord, table_id_of
from tests.e2e.helpers import START_WALLET, Club, balance, check_after_test, embed0

pytestmark = DASHBOARD


async def test_an_admin_closes_a_live_table_after_a_confirmation(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    table = await club.seated(2)
    alice, _bob = table.players
    hand = table.running_hand()
    guild = club.guild.id
    table_id = table_id_of(double, club.channel)
    folder = shot_dir(tmp_path)
    async with chromium() as browser:
        # A member without Manage Server: no confirmation page, no close by post.
        double.oauth.signed_in = alice
        member = await browser.new_context()
        page = await member.new_page()
        await sign_in_with_discord(page, base)
        asked = await page.goto(f"{base}/servers/{guild}/tables/{table_id}/close")
        assert asked is not None and asked.status == 403
        csrf = await page.locator("header input[name=csrf]").get_attribute("value")
        posted = await page.request.post(
            f"{base}/servers/{guild}/tables/{table_id}/close", form={"csrf": csrf or ""}
        )
        assert posted.status == 403
        await member.close()
        double.oauth.signed_in = club.admin
        page = await browser.new_page()
        await sign_in_with_discord(page, base)
        await page.goto(f"{base}/servers/{guild}")
        await page.get_by_role("link", name="Close…").click()
        await page.wait_for_url(f"{base}/servers/{guild}/tables/{table_id}/close")
        assert await page.inner_text("h1") == "Close #poker?"
        assert "A hand is running: it is played to its end" in await page.inner_text("main")
        await screenshots(page, folder, "15-close-confirm")
        assert table.running_hand() == hand  # asking closed nothing
        # Keep it open: back to the server, nothing changed.
        await page.get_by_role("link", name="Keep it open").click()
        await page.wait_for_url(f"{base}/servers/{guild}")
        assert "close" not in str(embed0(table.table_message() or {}).get("description"))
        await page.get_by_role("link", name="Close…").click()
        await page.get_by_role("button", name="Close the table").click()
        await page.wait_for_url(f"{base}/servers/{guild}?said=close_after_hand")
        assert await page.inner_text("p.notice") == "The table will close when this hand ends."
        assert "Close…" not in await page.inner_text("section.card")  # asked once
        await table.wait_table(
            lambda m: "will close when this hand ends" in str(embed0(m).get("description"))
        )
        await screenshots(page, folder, "16-closing")
    await table.play_hand(lambda t, m, msg: "fold")
    await double.wait_until(
        lambda: any("Table closed" in m["content"] for m in double.channel_messages(club.channel)),
        15,
    )
    total = 0
    for player in table.players:
        wallet, on_table = await balance(table, player)
        assert on_table == 0
        total += wallet
    assert total == START_WALLET * 2
    check_after_test(club)
    club.audit_ok()
