"""The web dashboard (issue 38) in a real browser: Chromium driven by Playwright against the
bot process serving ``DEUCE_WEB_PORT``, signed in through the Discord double's OAuth2 or a
one-time link from ``/pokeradmin dashboard``. What the pages show is read as a member reads it;
what the channel shows is read from the double."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import StartBot
from tests.discord_double import (
    ADMIN_MEMBER_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    CommandNotPermitted,
)
from tests.discord_double.server import DiscordDouble
from tests.e2e.browser import LINK_RE, chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord, table_id_of
from tests.e2e.helpers import (
    OWN_PROCESS,
    Club,
    PokerTable,
    check_after_test,
    embed0,
    label_to_card,
    make_club,
    private_reply,
)

pytestmark = DASHBOARD


def description(message: dict[str, Any]) -> str:
    return str(embed0(message).get("description") or "")


async def test_an_admin_signs_in_with_discord_and_pauses_and_resumes_a_live_table(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    table = await club.seated(2)
    alice, bob = table.players
    first = table.running_hand()
    folder = shot_dir(tmp_path)
    private = []
    for member in (alice, bob):
        panel = await double.wait_until(lambda m=member: table.panel(m, first), 10)
        private += PokerTable.panel_cards(panel)
    double.oauth.signed_in = club.admin
    async with chromium() as browser:
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await page.goto(base)
        await screenshots(page, folder, "1-home-signed-out")
        await sign_in_with_discord(page, base, folder)
        assert "Signed in as Admin" in await page.inner_text("header")
        await screenshots(page, folder, "3-home-admin")
        # Its server, with the live table as the channel shows it: the hand, the seats.
        await page.get_by_role("link", name="Deuce Club", exact=True).click()
        await page.wait_for_url(f"{base}/servers/{club.guild.id}")
        card = page.locator("section.card")
        text = await card.inner_text()
        assert f"#poker · hand #{first}" in text
        assert "Alice" in text and "Bob" in text
        content = await page.content()
        assert [label for label in private if label in content] == []  # nobody's cards
        await screenshots(page, folder, "4-server-live-table")
        # Pause: the page says what the command says, and the channel's table follows.
        await card.get_by_role("button", name="Pause").click()
        await page.wait_for_url(f"{base}/servers/{club.guild.id}?said=paused_after_hand")
        notice = await page.inner_text("p.notice")
        assert notice == "The table pauses after the running hand: /pokeradmin resume deals again."
        assert "Paused by Admin: this is the last hand" in await page.inner_text("section.card")
        await table.wait_table(lambda m: "this is the last hand" in description(m))
        await table.play_hand(lambda t, m, msg: "fold")
        await table.wait_table(lambda m: "no new hand until" in description(m))
        await page.goto(f"{base}/servers/{club.guild.id}")
        assert "#poker · no hand running" in await page.inner_text("section.card")
        await screenshots(page, folder, "5-server-paused")
        # Resume: the channel deals again.
        await page.get_by_role("button", name="Resume").click()
        await page.wait_for_url(f"{base}/servers/{club.guild.id}?said=table_resumed")
        assert await page.inner_text("p.notice") == "The table deals again."
        second = await table.wait_hand(after=first)
        assert second > first
        # Live: the open page follows the channel's table without a reload (server-sent
        # events), and a pause from the channel's command turns its button into Resume.
        await page.locator("section.card h3", has_text=f"hand #{second}").wait_for(timeout=3000)
        await screenshots(page, folder, "6-server-resumed-live")
        paused = await double.invoke(club.admin, club.channel, "pokeradmin pause")
        assert "pauses after the running hand" in await private_reply(paused)
        await page.locator("section.card button", has_text="Resume").wait_for(timeout=3000)
        assert "Paused by Admin" in await page.inner_text("section.card")
    check_after_test(club)
    club.audit_ok()


async def test_members_without_manage_server_and_other_servers_admins_are_refused(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    table = await club.seated(2)
    alice = table.players[0]
    guild = club.guild.id
    # Server B, with a table of its own and an admin of its own.
    other = await double.add_guild("Other Club")
    other_channel = await double.add_channel(other, "cards")
    other_admin = await double.add_member(
        other, "boss", display_name="Boss", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    carol = await double.add_member(other, "carol", display_name="Carol")
    dave = await double.add_member(other, "dave", display_name="Dave")
    other_table = PokerTable(double, other_channel, [carol, dave])
    for member in (carol, dave):
        await other_table.join(member)
    other_hand = await other_table.wait_hand()
    folder = shot_dir(tmp_path)
    async with chromium() as browser:
        # A member without Manage Server: no server listed, no page by URL, no action by post.
        double.oauth.signed_in = alice
        member_context = await browser.new_context()
        page = await member_context.new_page()
        await sign_in_with_discord(page, base)
        assert "None: the server pages are for members with" in await page.inner_text("main")
        refused = await page.goto(f"{base}/servers/{guild}")
        assert refused is not None and refused.status == 403
        assert "You need the Manage Server permission" in await page.inner_text("main")
        await screenshots(page, folder, "7-refused-member")
        csrf = await page.locator("header input[name=csrf]").get_attribute("value")
        table_id = table_id_of(double, club.channel)
        posted = await page.request.post(
            f"{base}/servers/{guild}/tables/{table_id}/pause", form={"csrf": csrf or ""}
        )
        assert posted.status == 403 and "Manage Server" in await posted.text()
        await member_context.close()
        # The admin of server A: B's page does not exist for them, B's table is not theirs.
        double.oauth.signed_in = club.admin
        admin_context = await browser.new_context()
        page = await admin_context.new_page()
        await sign_in_with_discord(page, base)
        assert "Other Club" not in await page.content()
        missing = await page.goto(f"{base}/servers/{other.id}")
        assert missing is not None and missing.status == 404
        assert "Other Club" not in await page.content()
        await page.goto(f"{base}/servers/{guild}")
        assert "#cards" not in await page.content()
        csrf = await page.locator("header input[name=csrf]").get_attribute("value")
        other_id = table_id_of(double, other_channel)
        crossed = await page.request.post(
            f"{base}/servers/{guild}/tables/{other_id}/pause", form={"csrf": csrf or ""}
        )
        assert "That table is no longer open." in await crossed.text()
        # Forged posts: no token, another token.
        for form in ({}, {"csrf": "0" * 64}):
            forged = await page.request.post(
                f"{base}/servers/{guild}/tables/{table_id}/pause", form=form
            )
            assert forged.status == 403 and "This form is out of date" in await forged.text()
        # Manage Server taken away: refused at the next page, whatever the session says.
        club.admin.permissions = DEFAULT_MEMBER_PERMISSIONS
        demoted = await page.goto(f"{base}/servers/{guild}")
        assert demoted is not None and demoted.status == 403
        club.admin.permissions = ADMIN_MEMBER_PERMISSIONS
        # Logged out: a copy of the cookie is refused.
        cookies = await admin_context.cookies()
        await page.goto(f"{base}/")
        await page.get_by_role("button", name="Log out").click()
        await page.wait_for_url(f"{base}/")
        assert "Log in with Discord" in await page.inner_text("main")
        replay_context = await browser.new_context()
        await replay_context.add_cookies(cookies)
        replayed = await replay_context.new_page()
        answer = await replayed.goto(f"{base}/servers/{guild}")
        assert answer is not None and answer.status == 401
        assert "Sign in first" in await replayed.inner_text("main")
        await replay_context.close()
        await admin_context.close()
    # Nothing was paused anywhere: both tables deal on.
    for message in (table.table_message(), other_table.table_message()):
        assert message is not None and "Paused" not in description(message)
    assert other_table.running_hand() == other_hand or other_table.running_hand() > other_hand
    assert other_admin.id != club.admin.id
    check_after_test(club)


async def test_a_player_signs_in_with_a_one_time_link_and_downloads_a_redacted_phh(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    alice = (await club.players(1))[0]
    table = PokerTable(double, club.channel, [club.admin, alice])
    for member in (club.admin, alice):
        await table.join(member)
    hand = await table.wait_hand()
    alice_panel = await double.wait_until(lambda: table.panel(alice, hand), 10)
    alice_cards = [label_to_card(label) for label in PokerTable.panel_cards(alice_panel)]
    admin_panel = await double.wait_until(lambda: table.panel(club.admin, hand), 10)
    admin_cards = [label_to_card(label) for label in PokerTable.panel_cards(admin_panel)]
    folded = await table.play_hand(lambda t, m, msg: "fold")
    assert folded.uncontested
    reply = await private_reply(
        await double.invoke(club.admin, club.channel, "pokeradmin dashboard")
    )
    assert "works once" in reply
    match = LINK_RE.search(reply)
    assert match is not None, reply
    link = match[1]
    folder = shot_dir(tmp_path)
    async with chromium() as browser:
        context = await browser.new_context(accept_downloads=True)
        page = await context.new_page()
        await page.goto(link)
        await screenshots(page, folder, "8-login-link")
        await page.get_by_role("button", name="Log in").click()
        await page.wait_for_url(f"{base}/")
        assert "Signed in as Admin" in await page.inner_text("header")
        # The same link again (another browser): refused.
        second = await browser.new_page()
        await second.goto(link)
        await second.get_by_role("button", name="Log in").click()
        assert "already used" in await second.inner_text("main")
        await screenshots(second, folder, "9-login-link-used")
        await second.close()
        # Their hands, and the hand's PHH: their own cards, none of Alice's (never shown).
        await page.get_by_role("link", name="Your recent hands").click()
        await page.wait_for_url(f"{base}/hands")
        row = page.locator("tr", has_text=f"#{hand}")
        assert "Deuce Club" in await row.inner_text()
        await screenshots(page, folder, "10-hands")
        async with page.expect_download() as waiting:
            await row.get_by_role("link", name="PHH").click()
        download = await waiting.value
        assert download.suggested_filename == f"deuce-hand-{hand}.phh"
        phh = Path(await download.path()).read_text()
        assert "finishing_stacks" in phh
        actions = phh.split("actions = [", 1)[1].split("]", 1)[0]
        assert [card for card in alice_cards if card in actions] == []
        assert all(card in actions for card in admin_cards)
        shown = await page.inner_text("body")
        assert [label for label in PokerTable.panel_cards(alice_panel) if label in shown] == []
        await context.close()
    check_after_test(club)
    club.audit_ok()


@OWN_PROCESS  # a bot without the dashboard
async def test_with_the_dashboard_off_the_command_says_so_and_nothing_listens(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path)
    reply = await private_reply(
        await double.invoke(club.admin, club.channel, "pokeradmin dashboard")
    )
    assert reply == (
        "The web dashboard is off on this bot: its host turns it on with DEUCE_WEB_PORT."
    )
    member = (await club.players(1))[0]
    with pytest.raises(CommandNotPermitted):  # an admin's command, as Discord shows it
        await double.invoke(member, club.channel, "pokeradmin dashboard")
    assert "Dashboard listening" not in club.bot.output()
    check_after_test(club)
