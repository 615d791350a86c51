"""An admin's sit-and-goes on the dashboard in a real browser (issue 38): a tournament created
through the form posts its registration message in its channel (the same function as
``/poker sng create``), its field follows the members' registrations, a refused option says
why and creates nothing, Cancel refunds every buy-in (as ``/poker sng cancel``) and the
channel's message follows; a member without Manage Server and another server's admin are
refused by URL and by forged post."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import StartBot
from tests.discord_double import ADMIN_MEMBER_PERMISSIONS
from tests.discord_double.server import DiscordDouble
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import dashboard_club, sign_in_with_discord
from tests.e2e.helpers import START_WALLET, PokerTable, balance, check_after_test, embed0
from tests.e2e.sng_play import click_register, registration


async def test_an_admin_creates_and_cancels_a_sit_and_go_and_others_are_refused(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club, base = await dashboard_club(double, start_bot, tmp_path)
    alice, bob = await club.players(2)
    guild = club.guild.id
    folder = shot_dir(tmp_path)
    async with chromium() as browser:
        double.oauth.signed_in = club.admin
        admin = await browser.new_context()
        page = await admin.new_page()
        await sign_in_with_discord(page, base)
        await page.goto(f"{base}/servers/{guild}")
        await page.get_by_role("link", name="Tournaments").click()
        await page.wait_for_url(f"{base}/servers/{guild}/tournaments")
        assert "No sit-and-go on this server yet." in await page.inner_text("main")
        # A refused option: said beside its field, nothing created.
        await page.select_option("#channel", label="#poker")
        await page.fill("#buy_in", "50")
        await page.fill("#seats", "3")
        await page.fill("#level_minutes", "5")
        await page.fill("#level_hands", "4")
        await page.get_by_role("button", name="Create and post its registration").click()
        assert "Choose minutes or hands per level, not both." in await page.inner_text("tr.blamed")
        assert "No sit-and-go on this server yet." in await page.inner_text("main")
        await screenshots(page, folder, "web-tournaments-refused")
        # Created: the registration message in #poker, the page listing it.
        await page.fill("#level_hands", "")
        await page.get_by_role("button", name="Create and post its registration").click()
        await page.wait_for_url(f"{base}/servers/{guild}/tournaments?created=*")
        notice = await page.inner_text("p.notice")
        assert notice.startswith("Sit-and-go #") and "is open" in notice
        message = await double.wait_until(lambda: registration(double, club.channel), 10)
        assert str(embed0(message)["title"]).endswith("(registering)")
        assert "Buy-in 50" in str(embed0(message)["description"])
        for member in (alice, bob):
            answer = await click_register(double, member, message, "r")
            assert "registered" in answer.lower(), answer
        await page.reload()
        card = page.locator("section.card").first
        text = await card.inner_text()
        assert "(registering)" in text and "Alice" in text and "Bob" in text
        assert "Buy-in 50 · prize pool 100" in text and "#poker" in text
        await screenshots(page, folder, "web-tournaments-registering")
        csrf = await page.locator("header input[name=csrf]").get_attribute("value")
        tournament = int(str(await card.get_attribute("data-tournament")))
        # Another server's admin, and a member without Manage Server: refused.
        other = await double.add_guild("Other Club")
        double.oauth.signed_in = await double.add_member(
            other, "boss", display_name="Boss", permissions=ADMIN_MEMBER_PERMISSIONS
        )
        stranger = await browser.new_context()
        theirs = await stranger.new_page()
        await sign_in_with_discord(theirs, base)
        refused = await theirs.goto(f"{base}/servers/{guild}/tournaments")
        assert refused is not None and refused.status == 404
        their_csrf = await theirs.locator("header input[name=csrf]").get_attribute("value")
        forged = await theirs.request.post(
            f"{base}/servers/{guild}/tournaments/{tournament}/cancel",
            form={"csrf": their_csrf or ""},
        )
        assert forged.status == 404
        forged = await theirs.request.post(
            f"{base}/servers/{other.id}/tournaments/{tournament}/cancel",
            form={"csrf": their_csrf or ""},
        )
        assert forged.status == 400 and "no such tournament" in (await forged.text()).lower()
        await stranger.close()
        double.oauth.signed_in = alice
        member = await browser.new_context()
        hers = await member.new_page()
        await sign_in_with_discord(hers, base)
        refused = await hers.goto(f"{base}/servers/{guild}/tournaments")
        assert refused is not None and refused.status == 403
        her_csrf = await hers.locator("header input[name=csrf]").get_attribute("value")
        for path in (f"/{tournament}/cancel", ""):
            forged = await hers.request.post(
                f"{base}/servers/{guild}/tournaments{path}",
                form={"csrf": her_csrf or "", "channel": str(club.channel.id), "buy_in": "1"},
            )
            assert forged.status == 403 and "Manage Server" in await forged.text()
        await member.close()
        # A post without the form's token: refused, nothing cancelled.
        forged = await page.request.post(
            f"{base}/servers/{guild}/tournaments/{tournament}/cancel", form={"csrf": "0" * 64}
        )
        assert forged.status == 403 and "This form is out of date" in await forged.text()
        await page.reload()
        assert "(registering)" in await page.locator("section.card").first.inner_text()
        assert csrf
        # Cancel: both buy-ins back, the channel's message says so.
        await page.get_by_role("button", name="Cancel and refund every buy-in").click()
        await page.wait_for_url(f"{base}/servers/{guild}/tournaments?cancelled=*")
        assert await page.inner_text("p.notice") == (
            f"Sit-and-go #{tournament} is cancelled; 2 buy-ins were refunded."
        )
        cancelled_card = await page.locator("section.card").first.inner_text()
        assert "(cancelled)" in cancelled_card and "prize pool" not in cancelled_card
        assert "Buy-in 50 · every buy-in refunded" in cancelled_card
        assert await page.locator("section.card button").count() == 0
        await screenshots(page, folder, "web-tournaments-cancelled")
        await screenshots(page, folder, "s7-tournaments")
        await double.wait_until(
            lambda: str(embed0(registration(double, club.channel))["title"]).endswith(
                "(cancelled)"
            ),
            10,
        )
        await admin.close()
        # Alice's own sit-and-goes: this one, cancelled, her buy-in refunded.
        double.oauth.signed_in = alice
        member = await browser.new_context()
        hers = await member.new_page()
        await sign_in_with_discord(hers, base)
        await hers.get_by_role("link", name="The sit-and-goes you registered in").click()
        await hers.wait_for_url(f"{base}/me/tournaments")
        row = await hers.locator(f'tr[data-tournament="{tournament}"]').inner_text()
        assert "cancelled" in row and "buy-in refunded (50)" in row and "#poker" in row
        await screenshots(hers, folder, "s7-my-tournaments")
        await member.close()
    table = PokerTable(double, club.channel, [alice, bob])
    for member in (alice, bob):
        assert await balance(table, member) == (START_WALLET, 0)
    check_after_test(club)
    club.audit_ok()
