"""``store.ledger``: a server's wallet movements, newest first, by member, kind and period;
another server's never among them (both backends)."""

from __future__ import annotations

import pytest

from bot.store import InvalidSetting, Store
from tests.store._helpers import ADMIN, GUILD

OTHER = GUILD + 1


async def test_a_servers_wallet_moves_filtered_by_member_kind_and_period(store: Store) -> None:
    await store.wallets.balance(GUILD, 7)  # the starting grant: 1,000 from the mint
    await store.wallets.grant(GUILD, 7, 50, ADMIN)
    await store.wallets.balance(GUILD, 8)
    await store.wallets.grant(OTHER, 7, 999, ADMIN)
    moves = await store.ledger.wallet_moves(GUILD)
    assert [(m.user_id, m.kind, m.amount) for m in moves] == [
        (8, "start", 1000),
        (7, "grant", 50),
        (7, "start", 1000),
    ]
    assert moves[1].by_user_id == ADMIN and moves[1].hand_id is None
    mine = await store.ledger.wallet_moves(GUILD, user_id=7, kind="grant")
    assert [(m.user_id, m.amount) for m in mine] == [(7, 50)]
    other = await store.ledger.wallet_moves(OTHER)
    assert [(m.kind, m.amount) for m in other] == [("grant", 999), ("start", 1000)]
    newest = moves[0].at
    assert await store.ledger.wallet_moves(GUILD, since=newest + 1) == []
    assert len(await store.ledger.wallet_moves(GUILD, until=newest + 1, limit=2)) == 2
    with pytest.raises(InvalidSetting):
        await store.ledger.wallet_moves(GUILD, kind="steal")
