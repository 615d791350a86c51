"""A player's own sit-and-goes (``/me/tournaments``): the tournaments they registered in or
played on the servers of their session, with their place and prize; a cancelled one says its
buy-in was refunded and shows no prize pool (nor does the admins' list); another member's,
and one on a server not of the session, are not there."""

from __future__ import annotations

from bot.store import Store
from tests.web.site import GUILD, OTHER, Site, sign_in, site

__all__ = ["site"]

ALICE, BOB = 1011, 1012


async def _made(store: Store, guild_id: int, buy_in: int = 50) -> int:
    made = await store.tournaments.create(
        guild_id,
        300,
        1,
        buy_in=buy_in,
        seats=2,
        start_stack=500,
        level_hands=5,
        structure="turbo",
    )
    return made.id


async def test_a_player_sees_their_own_tournaments_with_place_and_prize(site: Site) -> None:
    client, store, _api, _tables = site
    won = await _made(store, GUILD)
    await store.tournaments.register(won, ALICE, "Alice")
    await store.tournaments.register(won, BOB, "Bob")
    _running, table = await store.tournaments.start(won, lambda seats: None, when_full=True)
    hand = await store.hands.begin(table.id, {ALICE: 500, BOB: 500})
    await store.hands.settle(
        hand, {ALICE: 1000, BOB: 0}, 'variant = "F2L3D"\nactions = []\n', {"pot": 0}
    )
    await store.tournaments.finish(won, ALICE, 100)
    cancelled = await _made(store, GUILD, buy_in=70)
    await store.tournaments.register(cancelled, ALICE, "Alice")
    await store.tournaments.cancel(cancelled, "cancelled by an admin")
    elsewhere = await _made(store, OTHER)
    await store.tournaments.register(elsewhere, ALICE, "Alice")
    bobs = await _made(store, GUILD)
    await store.tournaments.register(bobs, BOB, "Bob")
    await sign_in(client, store, ALICE)  # a session of server GUILD only
    home = await (await client.get("/")).text()
    assert 'href="/me/tournaments"' in home
    text = await (await client.get("/me/tournaments")).text()
    assert f'data-tournament="{won}"' in text and f'data-tournament="{cancelled}"' in text
    assert f'data-tournament="{elsewhere}"' not in text  # not a server of the session
    assert f'data-tournament="{bobs}"' not in text  # another member's
    row = text.split(f'<tr data-tournament="{won}">')[1].split("</tr>")[0]
    assert "<td>1.</td><td>100</td><td>finished</td><td>50</td>" in row and "#poker" in row
    row = text.split(f'<tr data-tournament="{cancelled}">')[1].split("</tr>")[0]
    assert "<td>—</td><td>buy-in refunded (70)</td><td>cancelled</td><td>70</td>" in row
    assert text.index(f'"{cancelled}"') < text.index(f'"{won}"')  # newest first
    # Bob's page: his own only; nobody signed in: refused.
    await sign_in(client, store, BOB)
    text = await (await client.get("/me/tournaments")).text()
    assert f'data-tournament="{bobs}"' in text and f'data-tournament="{cancelled}"' not in text
    client.session.cookie_jar.clear()
    assert (await client.get("/me/tournaments")).status == 401


async def test_a_cancelled_tournament_shows_no_prize_pool(site: Site) -> None:
    client, store, api, _tables = site
    made = await _made(store, GUILD)
    await store.tournaments.register(made, ALICE, "Alice")
    await sign_in(client, store)
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert "Buy-in 50 · prize pool 50" in text
    await store.tournaments.cancel(made, "cancelled by an admin")
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert f"Sit-and-go #{made} (cancelled)" in text
    assert "prize pool" not in text and "Buy-in 50 · every buy-in refunded" in text
    # The server's list is for its admins: a member is refused it.
    api.managers.clear()
    assert (await client.get(f"/servers/{GUILD}/tournaments")).status == 403
