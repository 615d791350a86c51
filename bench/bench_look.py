"""Benchmark issue 27's answers on this machine (medians): a replay step, ``/poker stats``
with its chart, ``/poker session`` and the lobby (``/poker tables``).

A SQLite store is filled with real hands (the engine's random play, settled as a table settles
them, their last state kept); then, as the bot answers:

* replay step: the step's embed, buttons and picture from a loaded replay (what a ⏮ ◀ ▶ ⏭ click
  does before its one UPDATE_MESSAGE answer), and a first open (store read, rebuild, steps);
* stats: ``store.hands.player_hands`` over the period, the lowball figures, the chart drawn in a
  worker thread; with the chart alone, and the memory the chart adds (tracemalloc's peak while
  drawing, and the process's resident memory before and after 200 charts);
* session: ``store.hands.session`` over the table's hands and the ledger's embed;
* lobby: ``--tables`` more open tables in the server, five players seated at each and one hand
  settled at each in the last hour; ``store.tables.lobby`` and the lobby's embed and select
  menu (what ``/poker tables`` does before its one answer; the member's channel permissions,
  a dictionary look-up per table in discord.py's cache, are left out).

Run: ``python bench/bench_look.py [--hands 400] [--repeat 200] [--tables 200]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.art.chart import stats_chart
from bot.engine import Hand, SeatedPlayer, Stakes
from bot.engine.evaluator import rank27
from bot.engine.phh import hand_to_phh
from bot.engine.selfplay import play_out
from bot.features.ledger.summary import ledger_embed
from bot.features.lobby.listing import HOUR, lobby_message, lobby_pages
from bot.features.replay import viewer as replays
from bot.features.stats.lowball import lowball_stats, period_start
from bot.features.stats.report import chart_file, stats_lines
from bot.messages import set_reader
from bot.store import Store

GUILD, CHANNEL = 1, 2
PLAYERS = ((101, "Alice"), (102, "Bob"), (103, "Carol"), (104, "Dave"))


async def fill(store: Store, hands: int) -> list[int]:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    for user, name in PLAYERS:
        await store.wallets.grant(GUILD, user, 10_000, by_user_id=user)
        await store.tables.buy_in(table.id, user, name, 2_000)
    return await play(store, table.id, hands, random.Random(27))


async def fill_lobby(store: Store, tables: int) -> None:
    """``tables`` more open tables in GUILD, five players each, one hand settled at each."""
    rng = random.Random(200)
    for number in range(tables):
        table = await store.tables.get_or_create(GUILD, 10_000 + number)
        for seat in range(5):
            user = 100_000 + 10 * number + seat
            await store.wallets.grant(GUILD, user, 10_000, by_user_id=user)
            await store.tables.buy_in(table.id, user, f"Player {user}", 400)
        await play(store, table.id, 1, rng)


async def play(store: Store, table_id: int, hands: int, rng: random.Random) -> list[int]:
    """Deal, play out and settle ``hands`` hands at the table: their ids."""
    ids = []
    for _ in range(hands):
        seats = {s.user_id: s for s in await store.tables.seats(table_id) if s.stack > 0}
        if len(seats) < 2:
            break
        hand_id = await store.hands.begin(table_id, {u: s.stack for u, s in seats.items()})
        hand = Hand.start(
            [SeatedPlayer(u, s.name, s.stack, s.seat) for u, s in seats.items()],
            min(s.seat for s in seats.values()),
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
            {"pot": 0, "names": {str(u): s.name for u, s in seats.items()}},
            payouts=dict(result.payouts),
            showed_down=set(result.shown_hands) | set(result.mucked),
            draws={
                s.player_id: [n for n in s.draw_counts if n is not None]
                for s in hand.public_view().seats
            },
            shown_ranks={p: rank27(list(c)) for p, c in result.shown_hands.items()},
        )
        ids.append(hand_id)
    return ids


def ms(values: list[float]) -> str:
    p90 = sorted(values)[int(len(values) * 0.9)]
    return f"median {1000 * statistics.median(values):.2f} ms, p90 {1000 * p90:.2f} ms"


async def main(hands: int, repeat: int, tables: int) -> None:
    set_reader("en")
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "bench.db"))
        try:
            ids = await fill(store, hands)
            print(f"{len(ids)} settled hands stored")
            viewer = PLAYERS[0][0]
            opens, steps = [], []
            for hand_id in ids[-min(len(ids), repeat) :]:
                replays._cache.clear()
                started = time.perf_counter()
                loaded = await replays.load_replay(
                    store, GUILD, hand_id, viewer, can_view=lambda _: True
                )
                await replays._message(loaded, 0)
                opens.append(time.perf_counter() - started)
                for number in range(len(loaded.replay.steps)):
                    started = time.perf_counter()
                    loaded = await replays.load_replay(
                        store, GUILD, hand_id, viewer, can_view=lambda _: True
                    )
                    await replays._message(loaded, number)
                    steps.append(time.perf_counter() - started)
            print(f"replay step (embed + view + picture): {ms(steps)} over {len(steps)}")
            print(f"replay open (store read, rebuild, steps, first step): {ms(opens)}")

            for period in ("week", "all"):
                totals = []
                for _ in range(repeat):
                    started = time.perf_counter()
                    rows = await store.hands.player_hands(GUILD, viewer, period_start(period))
                    stats = lowball_stats(rows)
                    stats_lines(stats)
                    await chart_file(stats)
                    totals.append(time.perf_counter() - started)
                print(f"stats {period} ({len(rows)} hands) with chart: {ms(totals)}")
            charts = []
            nets = list(stats.nets)
            drawn = [stats.average_drawn(k) for k in range(3)]
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            for _ in range(repeat):
                started = time.perf_counter()
                stats_chart(nets, drawn, line_title="Net", bars_title="Drawn")
                charts.append(time.perf_counter() - started)
            rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            tracemalloc.start()
            stats_chart(nets, drawn, line_title="Net", bars_title="Drawn")
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(f"chart alone: {ms(charts)}")
            print(
                f"chart memory: tracemalloc peak {peak / 1024:.0f} KiB while drawing; "
                f"max RSS {rss_before / 1024:.1f} -> {rss_after / 1024:.1f} MiB "
                f"over {repeat} charts"
            )

            table = await store.tables.for_channel(GUILD, CHANNEL)
            assert table is not None
            sessions = []
            for _ in range(repeat):
                started = time.perf_counter()
                ledger = await store.hands.session(table.id)
                ledger_embed(ledger, time.time())
                sessions.append(time.perf_counter() - started)
            print(
                f"/poker session ({ledger.hands} hands, {len(ledger.lines)} players): "
                f"{ms(sessions)}"
            )

            started = time.perf_counter()
            await fill_lobby(store, tables)
            print(f"{tables} more open tables filled in {time.perf_counter() - started:.1f} s")
            answers = []
            for _ in range(repeat):
                started = time.perf_counter()
                entries = await store.tables.lobby(GUILD, time.time() - HOUR)
                pages = lobby_pages(entries, [])
                lobby_message(pages[0], None, {}, 0, len(pages))
                answers.append(time.perf_counter() - started)
            print(f"/poker tables ({len(entries)} open tables): {ms(answers)}")
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--tables", type=int, default=200)
    options = parser.parse_args()
    asyncio.run(main(options.hands, options.repeat, options.tables))
