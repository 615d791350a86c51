"""A player replays their hand on the dashboard in a real browser (issue 38): step by step,
with the step and street links, their own cards and nobody else's unshown card anywhere in the
page or in anything the browser fetched; and they download its two histories (PHH and text)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.discord_double import Member
from tests.e2e.browser import chromium, screenshots, shot_dir
from tests.e2e.dashboard import DASHBOARD, dashboard_address, sign_in_with_discord
from tests.e2e.helpers import Club, PokerTable, check_after_test, hand_dm_cards, label_to_card

pytestmark = DASHBOARD


def card_labels(cards: set[str]) -> set[str]:
    """``Tc`` → ``10♣️`` (and without the variation selector): how a page may write a card."""
    suits = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
    found = set()
    for card in cards:
        rank = "10" if card[0] == "T" else card[0]
        found |= {rank + suits[card[1]] + "\ufe0f", rank + suits[card[1]]}
    return found


async def test_a_player_replays_a_hand_seeing_no_unshown_card_and_downloads_its_histories(
    club: Club, tmp_path: Path
) -> None:
    double = club.double
    base = dashboard_address(club)
    table = await club.seated(2)
    alice, bob = table.players

    def bob_folds_after_the_first_draw(t: PokerTable, member: Member, m: dict[str, Any]) -> str:
        drew = any(name == "Bob" and what.startswith("draw") for name, what in t.acted)
        return "fold" if member.id == bob.id and drew else "call"

    played = await table.play_hand(bob_folds_after_the_first_draw, discards=lambda m, n: 2)
    assert played.shown == {} and ("Bob", "fold") in table.acted
    hand = played.hand_id
    mine = hand_dm_cards(double, alice, hand)
    hidden = hand_dm_cards(double, bob, hand) - mine
    assert len(mine) >= 7 and len(hidden) >= 7  # five dealt and two drawn each
    hidden_labels = card_labels(hidden)
    folder = shot_dir(tmp_path)
    double.oauth.signed_in = alice
    async with chromium() as browser:
        context = await browser.new_context(accept_downloads=True)
        page = await context.new_page()
        bodies: list[tuple[str, str]] = []

        async def keep(response: Any) -> None:
            try:
                body = await response.body()
            except Exception:  # a redirect has no body
                return
            bodies.append((response.url, body.decode("utf-8", "replace")))

        page.on("response", keep)
        await sign_in_with_discord(page, base)
        await page.get_by_role("link", name="Your recent hands").click()
        await page.wait_for_url(f"{base}/hands")
        row = page.locator("tr", has_text=f"#{hand}")
        await row.get_by_role("link", name="Replay").click()
        await page.wait_for_url(f"{base}/hands/{hand}/replay")
        heading = await page.inner_text("h1")
        found = re.fullmatch(rf"Replay — hand #{hand} · step 1/(\d+)", heading)
        assert found is not None, heading
        steps = int(found[1])
        own = await page.inner_text("section.hand")
        assert own.startswith("Your cards: ")
        assert {label_to_card(x) for x in own.removeprefix("Your cards: ").split()} <= mine
        await screenshots(page, folder, "web-replay-deal")
        # Step forward to the end with ▶, then back to the first draw by its street.
        seen = [await page.inner_text("main")]
        for number in range(2, steps + 1):
            await page.get_by_role("link", name="Next step").click()
            await page.wait_for_url(f"{base}/hands/{hand}/replay?step={number - 1}")
            assert await page.inner_text("h1") == f"Replay — hand #{hand} · step {number}/{steps}"
            seen.append(await page.inner_text("main"))
        assert "Bob folds" in seen[-1] or "Bob folds" in seen[-2]
        assert await page.locator("nav.steps [aria-disabled]").count() == 2  # ▶ ⏭
        await screenshots(page, folder, "web-replay-last")
        await page.locator("nav.streets").get_by_role("link", name="Draw 1").click()
        assert "Bob draws 2" in await page.inner_text("section.action")  # first to draw
        await page.get_by_role("link", name="Next step").click()
        draw = await page.inner_text("main")
        assert "Alice draws 2" in draw and "Draw 1 of 3" in draw and "You threw" in draw
        await screenshots(page, folder, "web-replay-draw")
        # The histories: PHH and PokerStars text, each with Alice's cards and none of Bob's.
        async with page.expect_download() as waiting:
            await page.get_by_role("link", name="Download its PHH").click()
        phh = Path(await (await waiting.value).path()).read_text()
        actions = phh.split("actions = [", 1)[1].split("]", 1)[0]
        assert [card for card in hidden if card in actions] == []
        assert all(card in actions for card in mine)
        async with page.expect_download() as waiting:
            await page.get_by_role("link", name="Download its text history (PokerStars)").click()
        download = await waiting.value
        assert download.suggested_filename == f"deuce-hand-{hand}.txt"
        text = Path(await download.path()).read_text()
        assert text.startswith(f"PokerStars Hand #{hand}:")
        bracketed = " ".join(re.findall(r"\[([^\]]*)\]", text))
        assert [card for card in hidden if card in bracketed] == []
        assert all(card in bracketed for card in mine)
        # Nothing the browser was sent holds one of Bob's cards: no page, no other request.
        html = await page.content()
        assert [label for label in hidden_labels if label in html] == []
        pages = [(url, body) for url, body in bodies if "/hands/" in url]
        assert len(pages) >= steps
        leaks = [(url, x) for url, body in bodies for x in hidden_labels if x in body]
        assert leaks == []
        assert [text for text in seen if any(x in text for x in hidden_labels)] == []
        await context.close()
        # A member of another server: no such hand of theirs, by its replay or its files.
        other = await double.add_guild("Other Club")
        double.oauth.signed_in = await double.add_member(other, "carol", display_name="Carol")
        stranger = await browser.new_page()
        await sign_in_with_discord(stranger, base)
        for path in (f"/hands/{hand}/replay?step=1", f"/hands/{hand}.phh", f"/hands/{hand}.txt"):
            refused = await stranger.request.get(f"{base}{path}")
            assert refused.status == 404 and "no such hand of yours" in await refused.text()
    check_after_test(club)
    club.audit_ok()
