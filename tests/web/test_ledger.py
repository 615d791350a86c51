"""The dashboard's ledger (``pages/ledger.py``): a server's wallet movements with filters and
as CSV, refused to another server's admin and to a member without Manage Server. Without a
browser: the application on a real store, Discord and the tables faked."""

from __future__ import annotations

import csv
import io

from bot.messages import LANGUAGES, speaking, t
from bot.web.pages.ledger import KIND_KEYS, read_filters
from tests.web.site import ADMIN, GUILD, OTHER, Site, sign_in, site

__all__ = ["site"]

ALICE, BOB = 1011, 1012


def test_filters_are_only_the_values_the_form_offers() -> None:
    assert read_filters({}) is not None
    good = read_filters({"member": "42", "kind": "grant", "period": "week"})
    assert good is not None and good.query() == "period=week&member=42&kind=grant"
    for bad in (
        {"member": "alice"},
        {"member": "-3"},
        {"member": "0"},
        {"member": "9" * 21},
        {"kind": "steal"},
        {"period": "year"},
    ):
        assert read_filters(bad) is None, bad


def main_of(page: str) -> str:
    """The page's content (the header's CSRF token is random hex: it may hold any digits)."""
    return page.split("<main>", 1)[1]


async def test_the_ledger_page_and_its_csv_filter_a_servers_wallets(site: Site) -> None:
    client, store, api, _tables = site
    api.names.update({ALICE: "Alice", BOB: "Bob <b>"})
    await sign_in(client, store)
    await store.wallets.balance(GUILD, ALICE)
    await store.wallets.grant(GUILD, ALICE, 75, ADMIN)
    await store.wallets.balance(GUILD, BOB)
    await store.wallets.grant(OTHER, ALICE, 999, ADMIN)  # another server's: never shown
    page = await client.get(f"/servers/{GUILD}/ledger")
    text = main_of(await page.text())
    assert page.status == 200
    assert text.count("<tr><td>") == 3 and "+75" in text and "999" not in text
    # Names and words: each member's name a link to their movements, each kind in words.
    assert (
        f'<a href="/servers/100/ledger?period=all&amp;member={BOB}" title="{BOB}">Bob &lt;b&gt;</a>'
        in text
    )
    assert "<td>Granted by an admin</td>" in text and "<td>Starting chips</td>" in text
    assert '<option value="grant">Granted by an admin</option>' in text
    only = main_of(
        await (await client.get(f"/servers/{GUILD}/ledger?member={ALICE}&kind=grant")).text()
    )
    assert only.count("<tr><td>") == 1 and "+75" in only and f'title="{ADMIN}">Admin</a>' in only
    assert f'href="/servers/100/ledger.csv?period=all&amp;member={ALICE}&amp;kind=grant"' in only
    recent = await (await client.get(f"/servers/{GUILD}/ledger?period=day")).text()
    assert recent.count("<tr><td>") == 3
    none = await (await client.get(f"/servers/{GUILD}/ledger?member=13")).text()
    assert "Nothing in the ledger matches these filters." in none
    answer = await client.get(f"/servers/{GUILD}/ledger.csv?period=all")
    assert answer.headers["Content-Disposition"] == 'attachment; filename="deuce-ledger-100.csv"'
    rows = list(csv.reader(io.StringIO(await answer.text())))
    assert rows[0] == ["time_utc", "member_id", "kind", "amount", "hand_id", "by_member_id"]
    assert [r[1:] for r in rows[1:]] == [
        [str(BOB), "start", "1000", "", ""],
        [str(ALICE), "grant", "75", "", str(ADMIN)],
        [str(ALICE), "start", "1000", "", ""],
    ]
    bad = await client.get(f"/servers/{GUILD}/ledger?member=alice")
    assert bad.status == 400 and "a Discord id" in await bad.text()


async def test_the_ledger_is_refused_to_another_server_and_to_a_member(site: Site) -> None:
    client, store, api, _tables = site
    await sign_in(client, store)
    await store.wallets.grant(OTHER, 11, 999, ADMIN)
    for path in (f"/servers/{OTHER}/ledger", f"/servers/{OTHER}/ledger.csv"):
        answer = await client.get(path)
        assert answer.status == 404 and "999" not in main_of(await answer.text())
    api.managers.clear()
    for path in (f"/servers/{GUILD}/ledger", f"/servers/{GUILD}/ledger.csv"):
        assert (await client.get(path)).status == 403


async def test_the_audit_page_gives_this_servers_verdict_and_the_wholes(site: Site) -> None:
    client, store, api, _tables = site
    await sign_in(client, store)
    await store.wallets.grant(GUILD, 11, 75, ADMIN)
    await store.wallets.grant(OTHER, 12, 999, ADMIN)
    page = await client.get(f"/servers/{GUILD}/audit")
    text = await page.text()
    assert page.status == 200
    assert "OK: every chip of this server" in text
    assert "1 wallet holds 1,075 chips." in text and "999" not in main_of(text)
    assert "The whole database (every server on this bot): OK." in text
    assert (await client.get(f"/servers/{OTHER}/audit")).status == 404
    api.managers.clear()
    assert (await client.get(f"/servers/{GUILD}/audit")).status == 403


async def test_tournament_moves_are_named_for_either_kind(site: Site) -> None:
    """An MTT's buy-in and refund are "Tournament buy-in" and "Tournament buy-in refunded",
    as a sit-and-go's are: no kind of the ledger names one tournament kind only, in any
    language."""
    client, store, _api, _tables = site
    await sign_in(client, store)
    mtt = await store.mtts.create(
        GUILD,
        300,
        ADMIN,
        buy_in=25,
        field=10,
        start_stack=1000,
        level_hands=4,
        structure="turbo",
        starts_in=30,
    )
    await store.mtts.register(mtt.id, ALICE, "Alice")
    await store.mtts.cancel(mtt.id, "cancelled by an admin")
    text = main_of(await (await client.get(f"/servers/{GUILD}/ledger?member={ALICE}")).text())
    assert "<td>Tournament buy-in</td>" in text and "<td>Tournament buy-in refunded</td>" in text
    assert '<option value="tournament_payout">Tournament prize</option>' in text
    assert "sit-and-go" not in text.lower()
    for language in LANGUAGES:
        with speaking(language):
            for kind, key in KIND_KEYS.items():
                if kind.startswith("tournament_"):
                    assert "sit-and-go" not in t(key).lower(), (language, key)
