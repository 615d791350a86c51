"""The lowball stats' hands by period: what each settled hand stored for a member (net, draws,
the shown hand's rank) and that their nets agree with the ledger, hand by hand; the net
leaderboard over a period."""

from __future__ import annotations

import random
import time

from bot.engine.evaluator import rank27
from bot.store import Store
from tests.store._helpers import GUILD, draw_counts, play_settled, seated_table


async def test_stats_hands_agree_with_the_ledger_over_each_period(store: Store) -> None:
    table_id, users = await seated_table(store, 400, 400, 400)
    rng = random.Random(11)
    played = [await play_settled(store, table_id, rng) for _ in range(12)]
    now = time.time()
    for user in users:
        week = await store.hands.player_hands(GUILD, user, now - 7 * 86400)
        everything = await store.hands.player_hands(GUILD, user)
        assert week == everything and len(everything) == 12
        assert await store.hands.player_hands(GUILD, user, now + 60) == []
        ledger_net = 0
        for row in everything:
            entries = await store.audit.ledger_entries(row.hand_id)
            hand_net = sum(a for _, account, a in entries if account == f"seat:{table_id}:{user}")
            assert hand_net == row.net
            ledger_net += hand_net
        assert sum(row.net for row in everything) == ledger_net
        # draws and the shown hand's rank are what the engine saw
        for row, (hand_id, hand) in zip(everything, played, strict=True):
            assert row.hand_id == hand_id
            assert row.draws == tuple(draw_counts(hand)[user])
            shown = hand.result.shown_hands if hand.result else {}
            assert row.shown_rank == (rank27(list(shown[user])) if user in shown else None)
    board = await store.hands.net_leaderboard(GUILD, now - 30 * 86400)
    nets = {user: sum(r.net for r in await store.hands.player_hands(GUILD, user)) for user in users}
    assert [(row.user_id, row.net) for row in board] == sorted(
        nets.items(), key=lambda item: (-item[1], item[0])
    )
    assert sum(row.net for row in board) == 0
    assert await store.hands.net_leaderboard(GUILD, now + 60) == []
