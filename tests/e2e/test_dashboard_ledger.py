"""The dashboard's ledger and audit in a real browser (issue 38): an admin reads the server's
wallet movements, filters them by member and kind, downloads them as CSV, and reads the audit's
verdict; a member without Manage Server and another server's admin are refused by URL."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tests.discord_double import ADMIN_MEMBER_PERMISSIONS
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import Club, check_after_test, private_reply

pytestmark = DASHBOARD


async def test_an_admin_reads_the_ledger_filters_it_downloads_it_and_reads_the_audit(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    alice, bob = await club.players(2)
    guild = club.guild.id
    for member in (alice, bob):
        await private_reply(await double.invoke(member, club.channel, "chips balance"))
    granted = await double.invoke(
        club.admin, club.channel, "pokeradmin grant", member=bob, amount=300
    )
    assert "receives 300 chips" in str((await granted.response()).data["content"])
    other = await double.add_guild("Other Club")
    other_channel = await double.add_channel(other, "cards")
    boss = await double.add_member(
        other, "boss", display_name="Boss", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    carol = await double.add_member(other, "carol", display_name="Carol")
    await double.invoke(boss, other_channel, "pokeradmin grant", member=carol, amount=777)
    folder = shot_dir(tmp_path)
    double.oauth.signed_in = club.admin
    async with chromium() as browser:
        context = await browser.new_context(accept_downloads=True)
        page = await context.new_page()
        await sign_in_with_discord(page, base)
        await page.get_by_role("link", name="Deuce Club", exact=True).click()
        await page.get_by_role("link", name="Ledger").click()
        await page.wait_for_url(f"{base}/servers/{guild}/ledger")
        rows = page.locator("table.ledger tbody tr")
        assert await rows.count() == 3  # two starting wallets and the grant; not server B's
        first = (await rows.nth(0).inner_text()).split("\t")
        assert first[1:] == ["Bob", "Granted by an admin", "+300", "", "Admin"]  # in words
        shown = await page.inner_text("body")  # the text: ids may hold any digits
        assert "+777" not in shown and "Carol" not in shown
        await screenshots(page, folder, "13-ledger")
        await screenshots(page, folder, "web-ledger")
        # Filtered: Bob's grants only.
        await page.get_by_label("Member (Discord id)").fill(str(bob.id))
        await page.get_by_label("Kind").select_option(label="Granted by an admin")
        await page.get_by_role("button", name="Show").click()
        await page.wait_for_url(f"**/ledger?member={bob.id}&kind=grant&period=all")
        assert await rows.count() == 1
        assert (await rows.nth(0).inner_text()).endswith("\tAdmin")  # who granted them
        # A name is a link to that member's movements (the filter by their id).
        await rows.nth(0).get_by_role("link", name="Bob").click()
        await page.wait_for_url(f"**/ledger?period=all&member={bob.id}&kind=grant")
        assert await rows.count() == 1
        async with page.expect_download() as waiting:
            await page.get_by_role("link", name="Download as CSV").click()
        download = await waiting.value
        assert download.suggested_filename == f"deuce-ledger-{guild}.csv"
        lines = list(csv.reader(io.StringIO(Path(await download.path()).read_text())))
        assert [line[1:] for line in lines[1:]] == [
            [str(bob.id), "grant", "300", "", str(club.admin.id)]
        ]
        # The audit: this server's verdict and figures, and the whole database's verdict.
        await page.get_by_role("link", name="Audit").click()
        await page.wait_for_url(f"{base}/servers/{guild}/audit")
        assert (await page.inner_text("p.verdict")).startswith("OK: every chip of this server")
        assert "2 wallets hold 2,300 chips." in await page.inner_text("ul.figures")
        assert await page.inner_text("p.whole") == (
            "The whole database (every server on this bot): OK."
        )
        await screenshots(page, folder, "14-audit")
        # Server B's ledger and audit, by URL: no such page.
        for path in ("ledger", "ledger.csv", "audit"):
            answer = await page.goto(f"{base}/servers/{other.id}/{path}")
            assert answer is not None and answer.status == 404
            shown = await page.inner_text("body")  # the text: ids may hold any digits
            assert "+777" not in shown and "Carol" not in shown
        await context.close()
        # A member without Manage Server: refused by URL.
        double.oauth.signed_in = alice
        member = await browser.new_context()
        page = await member.new_page()
        await sign_in_with_discord(page, base)
        for path in ("ledger", "ledger.csv", "audit"):
            answer = await page.goto(f"{base}/servers/{guild}/{path}")
            assert answer is not None and answer.status == 403
        await member.close()
    check_after_test(club)
    club.audit_ok()
