"""``store.audit.server``: one server's wallets and seats against the ledger, and only the
whole database's verdict (another server's figures and problems are not its admin's)."""

from __future__ import annotations

from bot.store import Store
from tests.store._helpers import ADMIN, GUILD, Database, seated_table

OTHER = GUILD + 1


async def test_a_servers_audit_sees_its_own_wallets_and_seats_only(
    store: Store, database: Database
) -> None:
    table_id, _users = await seated_table(store, 300, 200)  # players 1 and 2: 1,000 each
    await store.wallets.grant(OTHER, 5, 40, ADMIN)
    found = await store.audit.server(GUILD)
    assert found.ok and found.whole_ok
    assert (found.members, found.wallets, found.seats) == (2, 1500, 500)
    # Another server's wallet goes wrong: this server is still OK, the whole database not.
    await database.execute(f"UPDATE wallets SET balance = balance + 7 WHERE guild_id = {OTHER}")
    found = await store.audit.server(GUILD)
    assert found.ok and not found.whole_ok and found.mismatches == []
    mine = await store.audit.server(OTHER)
    assert [(m.table_id, m.user_id, m.held, m.ledger) for m in mine.mismatches] == [
        (None, 5, 1047, 1040)
    ]
    # A seat of this server goes wrong: named, with what it holds and what the ledger says.
    await database.execute("UPDATE seats SET stack = stack - 50 WHERE user_id = 2")
    found = await store.audit.server(GUILD)
    assert [(m.table_id, m.user_id, m.held, m.ledger) for m in found.mismatches] == [
        (table_id, 2, 150, 200)
    ]
    await database.execute(  # as it was: the fixture's own audit passes again
        "UPDATE seats SET stack = stack + 50 WHERE user_id = 2",
        f"UPDATE wallets SET balance = balance - 7 WHERE guild_id = {OTHER}",
    )
    assert (await store.audit.server(GUILD)).whole_ok
