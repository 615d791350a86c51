"""A player's own tournaments (``/me/tournaments``): the sit-and-goes and multi-table
tournaments they registered in or played on the servers of their session, each marked with its
kind, with their place and prize; a cancelled one says its buy-in was refunded and shows no
prize pool (nor does the admins' list); another member's, and one on a server not of the
session, are not there. On a phone each row is a block of labelled values."""

from __future__ import annotations

import random
import re

from bot.store import Store
from bot.tournament.balance import first_seating
from tests.web.site import GUILD, OTHER, Site, sign_in, site

__all__ = ["site"]

ALICE, BOB = 1011, 1012
CELL = re.compile(r'<td class="(\w+)" data-label="([^"]+)">(.*?)</td>')
TAG = re.compile(r"<[^>]+>")


def cells(page: str, tournament_id: int) -> list[str]:
    """The row's cells as text (each cell's markup taken out)."""
    row = page.split(f'<tr data-tournament="{tournament_id}"', 1)[1].split("</tr>", 1)[0]
    return [TAG.sub("", value) for _name, _label, value in CELL.findall(row)]


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
    row = cells(text, won)
    assert row[:6] == [f"#{won} Sit-and-go", "1.", "100", "finished", "50", "Club"]
    assert row[6] == "#poker"
    row = cells(text, cancelled)
    assert row[1:5] == ["—", "buy-in refunded (70)", "cancelled", "70"]
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


async def test_a_players_mtts_are_listed_beside_their_sit_and_goes(site: Site) -> None:
    """Both kinds, each marked: an MTT registering, one they finished in the money (their place
    and prize), one cancelled (the buy-in refunded); labelled cells for a phone's layout."""
    client, store, _api, _tables = site
    sng = await _made(store, GUILD)
    await store.tournaments.register(sng, ALICE, "Alice")
    options = {"field": 10, "start_stack": 1000, "level_hands": 4, "structure": "turbo"}
    played = await store.mtts.create(GUILD, 301, 1, buy_in=20, starts_in=30, **options)
    field = [ALICE, BOB, 1013, 1014]
    for member in field:
        await store.mtts.register(played.id, member, f"M{member}")
    seating = first_seating(field, random.Random(3))
    await store.mtts.start(played.id, [(4100, dict(t.seating)) for t in seating])
    ((table),) = await store.mtts.tables(played.id)
    seats = {s.user_id: s.stack for s in await store.tables.seats(table.table_id)}
    others = [1013, 1014, ALICE]
    for loser in others:  # Bob wins every chip: Alice second (a prize of two paid)
        hand = await store.hands.begin(table.table_id, {loser: seats[loser], BOB: seats[BOB]})
        finals = {loser: 0, BOB: seats[BOB] + seats[loser]}
        await store.hands.settle(hand, finals, 'variant = "F2L3D"\nactions = []\n', {"pot": 0})
        seats[BOB] = finals[BOB]
    await store.mtts.finish(played.id, BOB)
    cancelled = await store.mtts.create(GUILD, 302, 1, buy_in=30, starts_in=30, **options)
    await store.mtts.register(cancelled.id, ALICE, "Alice")
    await store.mtts.cancel(cancelled.id, "cancelled by an admin")
    registering = await store.mtts.create(GUILD, 303, 1, buy_in=0, starts_in=30, **options)
    await store.mtts.register(registering.id, ALICE, "Alice")
    theirs = await store.mtts.create(OTHER, 304, 1, buy_in=0, starts_in=30, **options)
    await store.mtts.register(theirs.id, ALICE, "Alice")
    await sign_in(client, store, ALICE)
    home = await (await client.get("/")).text()
    assert "The tournaments you registered in or played" in home
    text = await (await client.get("/me/tournaments")).text()
    assert "<h1>Your tournaments</h1>" in text and '<th scope="col" class="tournament">' in text
    alice = next(e for e in await store.tournaments.entries(played.id) if e.user_id == ALICE)
    assert alice.place == 2 and alice.prize
    row = cells(text, played.id)
    assert row[:5] == [
        f"#{played.id} Multi-table tournament",
        "2.",
        str(alice.prize),
        "finished",
        "20",
    ]
    assert cells(text, cancelled.id)[1:4] == ["—", "buy-in refunded (30)", "cancelled"]
    assert cells(text, registering.id)[1:4] == ["—", "—", "registering"]
    assert cells(text, sng)[0] == f"#{sng} Sit-and-go"
    assert f'data-tournament="{theirs.id}"' not in text  # not a server of the session
    assert f'<tr data-tournament="{played.id}" data-kind="mtt">' in text
    ids = [int(x) for x in re.findall(r'<tr data-tournament="(\d+)"', text)]
    assert ids == [registering.id, cancelled.id, played.id, sng]  # newest first
    # every cell carries its column's name (what a phone shows beside the value)
    assert '<td class="prize" data-label="Your prize">' in text
