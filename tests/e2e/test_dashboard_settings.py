"""The dashboard's settings form in a real browser (issue 38): an admin changes the server's
settings on the page and ``/pokeradmin settings`` agrees; a refused change says why and
changes nothing; a member without Manage Server, another server's admin and a forged form are
refused by URL and by post."""

from __future__ import annotations

from pathlib import Path

from tests.discord_double import ADMIN_MEMBER_PERMISSIONS
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import Club, check_after_test

pytestmark = DASHBOARD


async def settings_lines(club: Club) -> list[str]:
    """What ``/pokeradmin settings`` shows the admin, line by line."""
    shown = await club.double.invoke(club.admin, club.channel, "pokeradmin settings")
    response = await shown.response()
    return str(response.embeds[0]["description"]).split("\n")


def line(lines: list[str], start: str) -> str:
    return next(x for x in lines if x.startswith(start))


async def test_an_admin_changes_settings_on_the_page_and_the_command_agrees(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    guild = club.guild.id
    url = f"{base}/servers/{guild}/settings"
    folder = shot_dir(tmp_path)
    before = await settings_lines(club)
    assert line(before, "**Cap**") == "**Cap** 4 bets a round — default"
    double.oauth.signed_in = club.admin
    async with chromium() as browser:
        page = await browser.new_page()
        await sign_in_with_discord(page, base)
        await page.get_by_role("link", name="Deuce Club", exact=True).click()
        await page.get_by_role("link", name="Settings").click()
        await page.wait_for_url(url)
        assert await page.inner_text("h1") == "Settings of Deuce Club"
        await screenshots(page, folder, "11-settings")
        # A change: the page says how many, the command's report agrees.
        await page.get_by_label("Bets per round (cap)").fill("3")
        await page.get_by_label("Largest buy-in").fill("3000")
        await page.get_by_label("Cards").select_option("text")
        await page.get_by_role("button", name="Save").click()
        await page.wait_for_url(f"{url}?saved=3")
        assert await page.inner_text("p.notice") == "3 settings changed."
        assert await page.get_by_label("Bets per round (cap)").input_value() == "3"
        after = await settings_lines(club)
        assert line(after, "**Cap**") == "**Cap** 3 bets a round — server"
        assert line(after, "**Buy-in**") == (
            "**Buy-in** 100 to 3,000, 400 when none is given — server"
        )
        assert line(after, "Cards:") == "Cards: text only (server)"
        # A refused change (the buy-in range out of order, which no HTML attribute can see):
        # the page says why beside the field, and nothing changes.
        await page.get_by_label("Smallest buy-in").fill("5000")
        await page.get_by_label("Seconds to act").fill("30")
        await page.get_by_role("button", name="Save").click()
        await page.locator("p.refused").wait_for()
        refused = "The minimum buy-in (5,000) cannot be above the maximum (3,000)."
        assert await page.inner_text("p.refused") == refused
        assert await page.inner_text("tr.blamed .why") == refused
        assert await page.get_by_label("Smallest buy-in").input_value() == "5000"
        await screenshots(page, folder, "12-settings-refused")
        assert await settings_lines(club) == after
        # A value out of its range, posted past the page's own checks: refused by the server.
        csrf = await page.locator("form.settings input[name=csrf]").get_attribute("value")
        posted = await page.request.post(url, form={"csrf": csrf or "", "cap": "11"})
        assert posted.status == 400
        assert "The amount must be between 1 and 10." in await posted.text()
        forged = await page.request.post(url, form={"csrf": "0" * 64, "cap": "2"})
        assert forged.status == 403 and "This form is out of date" in await forged.text()
        assert await settings_lines(club) == after
    check_after_test(club)


async def test_members_without_manage_server_and_other_servers_admins_cannot_set(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    alice = (await club.players(1))[0]
    guild = club.guild.id
    other = await double.add_guild("Other Club")
    await double.add_channel(other, "cards")
    await double.add_member(
        other, "boss", display_name="Boss", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    before = await settings_lines(club)
    async with chromium() as browser:
        # A member without Manage Server: refused by URL and by post (with their own token).
        double.oauth.signed_in = alice
        member = await browser.new_context()
        page = await member.new_page()
        await sign_in_with_discord(page, base)
        answer = await page.goto(f"{base}/servers/{guild}/settings")
        assert answer is not None and answer.status == 403
        assert "You need the Manage Server permission" in await page.inner_text("main")
        await page.goto(f"{base}/")
        csrf = await page.locator("header input[name=csrf]").get_attribute("value")
        posted = await page.request.post(
            f"{base}/servers/{guild}/settings", form={"csrf": csrf or "", "cap": "2"}
        )
        assert posted.status == 403 and "Manage Server" in await posted.text()
        await member.close()
        # Server A's admin asking for server B's settings: no such page, by URL or post.
        double.oauth.signed_in = club.admin
        admin = await browser.new_context()
        page = await admin.new_page()
        await sign_in_with_discord(page, base)
        missing = await page.goto(f"{base}/servers/{other.id}/settings")
        assert missing is not None and missing.status == 404
        assert "Other Club" not in await page.content()
        csrf = await page.locator("header input[name=csrf]").get_attribute("value")
        crossed = await page.request.post(
            f"{base}/servers/{other.id}/settings", form={"csrf": csrf or "", "cap": "2"}
        )
        assert crossed.status == 404 and "There is no such server page." in await crossed.text()
        await admin.close()
    assert await settings_lines(club) == before
    check_after_test(club)
