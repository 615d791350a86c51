"""An admin's tournaments on the dashboard in a real browser (issues 37 and 38): a sit-and-go
created through the form posts its registration message in its channel (the same function as
``/poker sng create``), its field follows the members' registrations, a refused option says
why and creates nothing, Cancel refunds every buy-in (as ``/poker sng cancel``) and the
channel's message follows; a member without Manage Server and another server's admin are
refused by URL and by forged post. A multi-table tournament made with ``/poker mtt create``
is listed as its lobby message, shows on a registered member's "Your tournaments" page, and is
cancelled from the page as ``/poker mtt cancel`` does (its scheduled event cancelled, every
buy-in back, its lobby message following)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.discord_double import ADMIN_MEMBER_PERMISSIONS
from tests.discord_double.threads import EVENT_CANCELED, EVENT_SCHEDULED
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import START_WALLET, Club, PokerTable, balance, check_after_test, embed0
from tests.e2e.mtt_play import click_lobby, create_mtt, lobby_status
from tests.e2e.sng_play import click_register, registration

pytestmark = DASHBOARD


async def test_an_admin_creates_and_cancels_a_sit_and_go_and_others_are_refused(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
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
        assert "No tournament on this server yet." in await page.inner_text("main")
        # A refused option: said beside its field, nothing created.
        await page.select_option("#channel", label="#poker")
        await page.fill("#buy_in", "50")
        await page.fill("#seats", "3")
        await page.fill("#level_minutes", "5")
        await page.fill("#level_hands", "4")
        await page.get_by_role("button", name="Create and post its registration").click()
        assert "Choose minutes or hands per level, not both." in await page.inner_text("tr.blamed")
        assert "No tournament on this server yet." in await page.inner_text("main")
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
        # A multi-table tournament made with /poker mtt create; Alice and Bob register.
        table = PokerTable(double, club.channel, [alice, bob])
        mtt_id, _lobby = await create_mtt(
            double, club.admin, club.channel, starts_in=30, buy_in=30, field=6
        )

        def mtt_events() -> list[Any]:
            return [
                e
                for e in double.threads.events.values()
                if e.guild is club.guild and e.name.endswith(f"#{mtt_id}")
            ]

        (event,) = await double.wait_until(mtt_events, 10)
        assert event.status == EVENT_SCHEDULED
        for member in (alice, bob):
            answer = await click_lobby(double, member, club.channel, "r")
            assert "registered" in answer.lower(), answer
        assert await balance(table, alice) == (START_WALLET - 30, 0)
        await page.goto(f"{base}/servers/{guild}/tournaments")
        assert await page.inner_text("h1") == f"Tournaments of {club.guild.name}"
        mtt_card = page.locator(f'section.card[data-tournament="{mtt_id}"]')
        text = await mtt_card.inner_text()
        assert text.startswith("Multi-table tournament · #poker"), text
        assert f"Multi-table tournament #{mtt_id} (registering)" in text
        assert "Players 2/6 · prize pool 60" in text and "Registered: Alice, Bob" in text
        assert "Create a sit-and-go" in await page.inner_text("main h2")
        await screenshots(page, folder, "web-tournaments-mtt")
        # Alice's own tournaments: the MTT she is registered in, beside the sit-and-go.
        double.oauth.signed_in = alice
        member = await browser.new_context()
        hers = await member.new_page()
        await sign_in_with_discord(hers, base)
        await hers.get_by_role("link", name="The tournaments you registered in").click()
        await hers.wait_for_url(f"{base}/me/tournaments")
        assert await hers.inner_text("h1") == "Your tournaments"
        row = await hers.locator(f'tr[data-tournament="{mtt_id}"]').inner_text()
        assert "Multi-table tournament" in row and "registering" in row and "#poker" in row
        row = await hers.locator(f'tr[data-tournament="{tournament}"]').inner_text()
        assert "Sit-and-go" in row and "cancelled" in row and "buy-in refunded (50)" in row
        await screenshots(hers, folder, "web-my-tournaments-mtt")
        # Cancelled from the page: every buy-in back, the event cancelled, the lobby following.
        await mtt_card.get_by_role("button", name="Cancel and refund every buy-in").click()
        await page.wait_for_url(f"{base}/servers/{guild}/tournaments?cancelled=*")
        assert await page.inner_text("p.notice") == (
            f"Tournament #{mtt_id} is cancelled; 2 buy-ins went back to the wallets."
        )
        text = await page.locator(f'section.card[data-tournament="{mtt_id}"]').inner_text()
        assert f"#{mtt_id} (cancelled)" in text
        assert await page.locator("section.card button").count() == 0
        await double.wait_until(lambda: event.status == EVENT_CANCELED, 10)
        assert event.history == [EVENT_SCHEDULED, EVENT_CANCELED]
        await double.wait_until(lambda: lobby_status(double, club.channel) == "cancelled", 10)
        await admin.close()
        # Alice's own tournaments: both cancelled, her buy-ins refunded.
        await hers.reload()
        row = await hers.locator(f'tr[data-tournament="{mtt_id}"]').inner_text()
        assert "cancelled" in row and "buy-in refunded (30)" in row
        row = await hers.locator(f'tr[data-tournament="{tournament}"]').inner_text()
        assert "cancelled" in row and "buy-in refunded (50)" in row and "#poker" in row
        await screenshots(hers, folder, "s7-my-tournaments")
        await member.close()
    for member in (alice, bob):
        assert await balance(table, member) == (START_WALLET, 0)
    check_after_test(club)
    club.audit_ok()
