"""The dashboard's fair play in a real browser (issue 39): an admin reads the pairs the
detector flags on a server that played the simulated colluders' hands, freezes a member of the
first pair and unfreezes them, each logged in the ledger; a member without Manage Server is
refused the page by URL and the freeze by a forged form."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from bot.store import Store
from tests.conftest import StartBot
from tests.discord_double import ADMIN_MEMBER_PERMISSIONS
from tests.discord_double.oauth import CLIENT_SECRET
from tests.discord_double.server import DiscordDouble
from tests.e2e.browser import chromium, free_port, need_browser, screenshots, shot_dir
from tests.e2e.dashboard import sign_in_with_discord
from tests.e2e.helpers import Club, check_after_test
from tests.table.fairplay_sim import COLLUDERS, simulate

HANDS = 600


async def played_club(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> tuple[Club, str]:
    """A club whose database holds the simulated server's hands (played in #poker at a table
    since closed) before its bot, serving the dashboard, starts."""
    need_browser()
    guild = await double.add_guild("Deuce Club")
    channel = await double.add_channel(guild, "poker")
    db_path = tmp_path / "deuce.db"
    store = await Store.open(str(db_path))
    try:
        table = await store.tables.get_or_create(guild.id, channel.id)
    finally:
        await store.close()
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE poker_tables SET status = 'closed' WHERE id = ?", (table.id,))
        now = time.time()
        db.executemany(
            "INSERT INTO hands (id, table_id, guild_id, channel_id, status, started_at, "
            "ended_at, final_state) VALUES (?, ?, ?, ?, 'settled', ?, ?, ?)",
            [
                (
                    hand.hand_id,
                    table.id,
                    guild.id,
                    channel.id,
                    now - 60,
                    now - 30,
                    json.dumps({"hand": hand.to_json(), "session": {}}),
                )
                for hand in simulate(HANDS, seed=11)
            ],
        )
    admin = await double.add_member(
        guild, "admin", display_name="Admin", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    port = free_port()
    bot = await start_bot(
        double,
        db_path,
        DEUCE_WEB_PORT=str(port),
        DISCORD_CLIENT_ID=str(double.application_id),
        DISCORD_CLIENT_SECRET=CLIENT_SECRET,
    )
    return Club(double, guild, channel, admin, bot, db_path), f"http://127.0.0.1:{port}"


async def test_an_admin_reads_the_flagged_pairs_and_freezes_a_member_in_the_browser(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club, base = await played_club(double, start_bot, tmp_path)
    guild = club.guild.id
    dumper, receiver = next(iter(COLLUDERS.items()))
    folder = shot_dir(tmp_path)
    double.oauth.signed_in = club.admin
    async with chromium() as browser:
        context = await browser.new_context()
        page = await context.new_page()
        await sign_in_with_discord(page, base)
        await page.get_by_role("link", name="Deuce Club", exact=True).click()
        await page.get_by_role("link", name="Fair play").click()
        await page.wait_for_url(f"{base}/servers/{guild}/fairplay")
        assert await page.inner_text("h2 >> nth=0") == "Fair play — the last 30 days"
        assert await page.locator("section.pair").count() >= 2
        pair = page.locator(f'section.pair[data-pair="{dumper}-{receiver}"]')
        headline = await pair.locator("h3").inner_text()
        assert f"{dumper} → {receiver} · score " in headline and " chips moved over " in headline
        assert "folds holding the better hand: " in await pair.locator("p.acts").inner_text()
        assert await pair.locator("p.hands a").count() > 0
        footer = await page.inner_text("p.footer")
        assert footer.startswith(f"{HANDS} hands read. Only admins see this")
        await screenshots(page, folder, "fairplay-1-pairs")
        await pair.get_by_role("button", name=f"Freeze {dumper}").click()
        await page.wait_for_url(f"**/fairplay?said=fairplay_frozen&member={dumper}")
        assert (await page.inner_text("p.notice")).startswith(f"The wallet of {dumper} is frozen")
        frozen = page.locator("ul.frozen li")
        assert await frozen.count() == 1 and str(dumper) in await frozen.inner_text()
        await screenshots(page, folder, "fairplay-2-frozen")
        await frozen.get_by_role("button", name=f"Unfreeze {dumper}").click()
        await page.wait_for_url(f"**/fairplay?said=fairplay_unfrozen&member={dumper}")
        assert "No wallet of this server is frozen." in await page.inner_text("p.frozen")
        # Their own wallet: refused with its sentence, nothing logged.
        csrf = await page.locator("input[name=csrf]").first.get_attribute("value")
        own = await page.request.post(
            f"{base}/servers/{guild}/fairplay",
            form={"csrf": csrf or "", "member": str(club.admin.id), "action": "freeze"},
        )
        assert "You cannot freeze your own wallet." in await own.text()
        await context.close()
        # A member without Manage Server: the page refused by URL, a forged freeze too.
        alice = await double.add_member(club.guild, "alice", display_name="Alice")
        double.oauth.signed_in = alice
        member = await browser.new_context()
        page = await member.new_page()
        await sign_in_with_discord(page, base)
        answer = await page.goto(f"{base}/servers/{guild}/fairplay")
        assert answer is not None and answer.status == 403
        csrf = await page.locator("input[name=csrf]").first.get_attribute("value")
        forged = await page.request.post(
            f"{base}/servers/{guild}/fairplay",
            form={"csrf": csrf or "", "member": str(dumper), "action": "freeze"},
        )
        assert forged.status == 403
        await member.close()
    with sqlite3.connect(club.db_path) as db:
        logged = db.execute(
            "SELECT kind, by_user_id, note FROM ledger_tx WHERE kind LIKE '%freeze' ORDER BY id"
        ).fetchall()
    assert logged == [
        ("freeze", club.admin.id, f"wallet:{guild}:{dumper}"),
        ("unfreeze", club.admin.id, f"wallet:{guild}:{dumper}"),
    ]
    check_after_test(club)
    club.audit_ok()
