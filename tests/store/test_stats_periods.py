"""The lowball stats' hands by period: what each settled hand stored for a member (net, draws,
the shown hand's rank) and that their nets agree with the ledger, hand by hand; the net
leaderboard over a period."""

from __future__ import annotations

import random
import time

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.engine.evaluator import rank27
from bot.engine.phh import hand_to_phh
from bot.engine.selfplay import play_out
from bot.store import Store
from tests.store._helpers import GUILD, seated_table


def _draws(hand: Hand) -> dict[int, list[int]]:
    return {
        seat.player_id: [n for n in seat.draw_counts if n is not None]
        for seat in hand.public_view().seats
    }


async def _play(store: Store, table_id: int, rng: random.Random) -> tuple[int, Hand]:
    seats = {seat.user_id: seat for seat in await store.tables.seats(table_id)}
    live = {u: s for u, s in seats.items() if s.stack > 0}
    hand_id = await store.hands.begin(table_id, {u: s.stack for u, s in live.items()})
    hand = Hand.start(
        [SeatedPlayer(u, s.name, s.stack, s.seat) for u, s in live.items()],
        min(s.seat for s in live.values()),
        Stakes(10),
        rng=rng,
        hand_id=hand_id,
    )
    play_out(hand, rng)
    result = hand.result
    assert result is not None
    await store.hands.journal(hand_id, {"hand": hand.to_json(), "session": {}})
    await store.hands.settle(
        hand_id,
        dict(result.final_stacks),
        hand_to_phh(hand),
        {"pot": 0},
        payouts=dict(result.payouts),
        showed_down=set(result.shown_hands) | set(result.mucked),
        draws=_draws(hand),
        shown_ranks={p: rank27(list(c)) for p, c in result.shown_hands.items()},
    )
    return hand_id, hand


async def test_stats_hands_agree_with_the_ledger_over_each_period(store: Store) -> None:
    table_id, users = await seated_table(store, 400, 400, 400)
    rng = random.Random(11)
    played = [await _play(store, table_id, rng) for _ in range(12)]
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
            assert row.draws == tuple(_draws(hand)[user])
            shown = hand.result.shown_hands if hand.result else {}
            assert row.shown_rank == (rank27(list(shown[user])) if user in shown else None)
    board = await store.hands.net_leaderboard(GUILD, now - 30 * 86400)
    nets = {user: sum(r.net for r in await store.hands.player_hands(GUILD, user)) for user in users}
    assert [(row.user_id, row.net) for row in board] == sorted(
        nets.items(), key=lambda item: (-item[1], item[0])
    )
    assert sum(row.net for row in board) == 0
    assert await store.hands.net_leaderboard(GUILD, now + 60) == []
