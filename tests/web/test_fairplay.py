"""The dashboard's fair play (``pages/fairplay.py``): the flagged pairs of the simulated server
with their scores, chips and hands, a wallet frozen and unfrozen by form (CSRF token, Manage
Server asked again, each logged in the ledger), a hand's PHH with only the shown cards; refused
by URL and by forged form to a member without Manage Server and to another server's admin.
Without a browser: the application on a real store, Discord faked."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest_asyncio

from bot.features.fairplay import worker
from bot.web.auth import csrf_of
from tests.store.fairplay_server import store_simulated_server
from tests.table.fairplay_sim import COLLUDERS
from tests.web.site import ADMIN, GUILD, OTHER, Site, serving, sign_in

LEDGER = "SELECT kind, by_user_id, note FROM ledger_tx WHERE kind LIKE '%freeze' ORDER BY id"


@pytest_asyncio.fixture
async def played(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The ``site`` of tests/web/site.py on a store holding the simulated server's hands."""
    db_path = tmp_path / "deuce.db"
    await store_simulated_server(db_path, GUILD, 600)
    try:
        async with serving(db_path) as served:
            yield served
    finally:
        await worker.shutdown()


async def test_an_admin_reads_the_flagged_pairs_and_freezes_and_unfreezes_a_wallet(
    played: Site, tmp_path: Path
) -> None:
    client, store, _api, _tables = played
    cookie = await sign_in(client, store)
    page = await client.get(f"/servers/{GUILD}/fairplay")
    text = await page.text()
    assert page.status == 200
    assert "Fair play — the last 30 days" in text and "600 hands read." in text
    dumper, receiver = next(iter(COLLUDERS.items()))
    pair = f'<section class="card pair" data-pair="{dumper}-{receiver}">'
    assert pair in text
    row = text[text.index(pair) :].split("</section>")[0]
    assert f"{dumper} → {receiver} · score " in row and " chips moved over " in row
    hands = re.findall(r'href="(/servers/100/fairplay/hands/(\d+)\.phh)"', row)
    assert hands and "hopeless calls: " in row
    assert 'name="action" value="freeze"' in row and f'value="{dumper}"' in row
    assert "No wallet of this server is frozen." in text
    # a hand behind the flag: its PHH, a member who did not play it reading it
    phh = await client.get(hands[-1][0])
    assert phh.status == 200 and "deuce-hand-" in phh.headers["Content-Disposition"]
    # the freeze, by form: logged in the ledger, the page says so and offers Unfreeze
    form = {"csrf": csrf_of(cookie), "member": str(dumper), "action": "freeze"}
    done = await client.post(f"/servers/{GUILD}/fairplay", data=form, allow_redirects=False)
    assert done.status == 303
    assert done.headers["Location"] == (
        f"/servers/{GUILD}/fairplay?said=fairplay_frozen&member={dumper}"
    )
    assert await store.fairplay.frozen(GUILD) == {dumper}
    after = await (await client.get(done.headers["Location"])).text()
    assert f"The wallet of {dumper} is frozen" in after
    assert f'<ul class="lines frozen"><li><code>{dumper}</code> ❄️' in after
    # twice: refused with its sentence, nothing changed
    again = await client.post(f"/servers/{GUILD}/fairplay", data=form)
    assert "That wallet is already frozen." in await again.text()
    own = await client.post(f"/servers/{GUILD}/fairplay", data={**form, "member": str(ADMIN)})
    assert "You cannot freeze your own wallet." in await own.text()
    house = await client.post(f"/servers/{GUILD}/fairplay", data={**form, "member": "3"})
    assert "The house is not a member: its wallet cannot" in await house.text()
    unfreeze = {**form, "action": "unfreeze"}
    await client.post(f"/servers/{GUILD}/fairplay", data=unfreeze)
    assert await store.fairplay.frozen(GUILD) == frozenset()
    with sqlite3.connect(tmp_path / "deuce.db") as db:  # logged, by whom, whose wallet
        logged = db.execute(LEDGER).fetchall()
    assert logged == [
        ("freeze", ADMIN, f"wallet:{GUILD}:{dumper}"),
        ("unfreeze", ADMIN, f"wallet:{GUILD}:{dumper}"),
    ]
    bad = await client.get(f"/servers/{GUILD}/fairplay?period=year")
    assert bad.status == 400 and "last week, the last month or all hands" in await bad.text()
    forged = {**form, "member": "alice"}
    assert (await client.post(f"/servers/{GUILD}/fairplay", data=forged)).status == 400


async def test_fair_play_is_refused_to_a_member_and_to_another_servers_page(
    played: Site,
) -> None:
    client, store, api, _tables = played
    cookie = await sign_in(client, store)
    dumper = next(iter(COLLUDERS))
    form = {"csrf": csrf_of(cookie), "member": str(dumper), "action": "freeze"}
    for path in (f"/servers/{OTHER}/fairplay", f"/servers/{OTHER}/fairplay/hands/2.phh"):
        assert (await client.get(path)).status == 404
    assert (await client.post(f"/servers/{OTHER}/fairplay", data=form)).status == 404
    # a forged form (no token, or another session's): refused before anything
    for forged in ({**form, "csrf": ""}, {**form, "csrf": "0" * 64}):
        answer = await client.post(f"/servers/{GUILD}/fairplay", data=forged)
        assert answer.status == 403
    # Manage Server taken away: the page, the hands and the form are refused
    api.managers.clear()
    assert (await client.get(f"/servers/{GUILD}/fairplay")).status == 403
    assert (await client.get(f"/servers/{GUILD}/fairplay/hands/2.phh")).status == 403
    assert (await client.post(f"/servers/{GUILD}/fairplay", data=form)).status == 403
    assert await store.fairplay.frozen(GUILD) == frozenset()
