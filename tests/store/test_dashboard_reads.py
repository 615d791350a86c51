"""The store's reads the dashboard added (on SQLite and PostgreSQL): a server's open tables,
its house fill settings, and a member's tournaments of either kind with their entry."""

from __future__ import annotations

from bot.store import Store

GUILD, OTHER, ALICE, BOB = 10, 11, 175928847299117063, 175928847299117064


async def test_a_servers_open_tables_and_fill_settings(store: Store) -> None:
    first = await store.tables.get_or_create(GUILD, 20)
    second = await store.tables.get_or_create(GUILD, 21)
    await store.tables.get_or_create(OTHER, 22)
    assert [t.id for t in await store.tables.not_closed_in(GUILD)] == [first.id, second.id]
    await store.tables.close(second.id)
    assert [t.id for t in await store.tables.not_closed_in(GUILD)] == [first.id]
    assert await store.house.fills(GUILD) == {}
    await store.house.set_fill(GUILD, 20, 4, "solid")
    await store.house.set_fill(GUILD, None, 2, "strong")
    await store.house.set_fill(OTHER, None, 6, "beginner")
    assert await store.house.fills(GUILD) == {20: (4, "solid"), 0: (2, "strong")}


async def test_a_members_tournaments_newest_first_with_their_entry(store: Store) -> None:
    made = []
    for guild_id, channel_id in ((GUILD, 20), (OTHER, 20), (GUILD, 21)):
        tournament = await store.tournaments.create(
            guild_id,
            channel_id,
            1,
            buy_in=30,
            seats=2,
            start_stack=500,
            level_hands=5,
            structure="turbo",
        )
        made.append(tournament.id)
    await store.tournaments.register(made[0], ALICE, "Alice")
    await store.tournaments.register(made[1], ALICE, "Alice")
    await store.tournaments.register(made[2], BOB, "Bob")
    await store.tournaments.cancel(made[0], "cancelled by an admin")
    found = await store.tournaments.of_member(ALICE)
    assert [(t.id, t.guild_id, t.status, e.user_id, e.name) for t, e in found] == [
        (made[1], OTHER, "registering", ALICE, "Alice"),
        (made[0], GUILD, "cancelled", ALICE, "Alice"),
    ]
    assert [t.id for t, _ in await store.tournaments.of_member(BOB)] == [made[2]]
    assert len(await store.tournaments.of_member(ALICE, limit=1)) == 1
    # a multi-table tournament is one of them too (either kind)
    mtt = await store.mtts.create(
        GUILD,
        22,
        1,
        buy_in=20,
        field=10,
        start_stack=1000,
        level_hands=4,
        structure="turbo",
        starts_in=30,
    )
    await store.mtts.register(mtt.id, ALICE, "Alice")
    found = await store.tournaments.of_member(ALICE)
    assert [(t.id, t.kind, t.status, e.user_id) for t, e in found] == [
        (mtt.id, "mtt", "registering", ALICE),
        (made[1], "sng", "registering", ALICE),
        (made[0], "sng", "cancelled", ALICE),
    ]
    assert [t.id for t, _ in await store.tournaments.of_member(BOB)] == [made[2]]
