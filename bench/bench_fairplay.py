"""Benchmark the fair-play detector: its analysis of 100,000 hands, and the admin's report over
100,000 stored hands read off the bot's event loop (both were timed tests; the suite keeps their
behaviour at a small size: tests/store/test_fairplay.py, tests/table/test_fairplay_detect.py).

1. **Analysis** (``facts_of`` of each hand, then ``rank_pairs``) over 100,000 hands (copies of
   the simulated server's 500), in CPU seconds of this process; the reference, measured in the
   same run, is the engine dealing and playing the simulated server's hands (CPU a hand), so the
   ratio "analysing a hand ÷ playing it" does not depend on the machine's speed that day.
   The budget the feature promises: under 10 s of CPU for 100,000 hands.
2. **Report** over 100,000 settled hands stored in SQLite with their facts cached (copies of a
   stored hand's row), read in pages and scored in the analysis process as ``/pokeradmin
   fairplay report`` does, while a ticker measures how late the event loop runs; the reference
   is the same ticker with nothing to do, in the same run. The budget: under 10 s of CPU (the
   loop's and the analysis process's), the loop's median tick as late as when idle.

Run: ``python bench/bench_fairplay.py [--repeat 3] [--hands 100000]``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.__main__ import SWITCH_INTERVAL
from bot.features.fairplay import worker
from bot.features.fairplay.detect import HandFacts, facts_of, rank_pairs
from bot.features.fairplay.report import fair_play_report
from bot.store import Store
from tests.store._helpers import GUILD
from tests.store.fairplay_server import store_cached_facts
from tests.table.fairplay_sim import simulate

SIMULATED = 500


def analysis(hands: int) -> tuple[float, float]:
    """(CPU s to analyse ``hands`` hands, CPU s a hand to play the simulated server's hands)."""
    cpu = time.process_time()
    played = simulate(SIMULATED)
    play_cpu = (time.process_time() - cpu) / SIMULATED
    copies = -(-hands // SIMULATED)
    cpu = time.process_time()
    facts: list[HandFacts] = []
    for copy in range(copies):
        for hand in played:
            if len(facts) < hands:
                facts.append(facts_of(hand, hand_id=copy * 1000 + hand.hand_id))
    ranked = rank_pairs(facts)
    used = time.process_time() - cpu
    assert len(facts) == hands and ranked
    return used, play_cpu


async def stored_report(hands: int) -> dict[str, float]:
    """The report over ``hands`` stored hands: its wall and CPU time, and the loop's ticks."""
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "deuce.db"
        texts = [facts_of(hand).to_text() for hand in simulate(300, seed=3)]
        await store_cached_facts(db_path, hands, texts)
        store = await Store.open(str(db_path))
        lags: list[float] = []

        async def ticker() -> None:
            while True:
                before = time.perf_counter()
                await asyncio.sleep(0.01)
                lags.append(time.perf_counter() - before - 0.01)

        gc.collect()
        gc.freeze()  # as the bot freezes its collector after its start
        switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)  # as the bot runs (bot/__main__.py)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        ticking = asyncio.create_task(ticker())
        try:
            await asyncio.sleep(1.0)  # the reference: the loop's lateness with nothing to do
            idle, lags = sorted(lags), []
            started, cpu = time.perf_counter(), time.process_time()
            report = await fair_play_report(store, GUILD, "all")
            elapsed, used = time.perf_counter() - started, time.process_time() - cpu
        finally:
            ticking.cancel()
            gc.unfreeze()
            sys.setswitchinterval(switch)
            await store.close()
            await worker.shutdown()  # its CPU is counted once it has ended
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert report.hands == hands and not report.capped
    lags.sort()
    return {
        "elapsed": elapsed,
        "loop_cpu": used,
        "worker_cpu": after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime,
        "ticks": len(lags),
        "worst_ms": lags[-1] * 1000,
        "median_ms": lags[len(lags) // 2] * 1000,
        "idle_median_ms": idle[len(idle) // 2] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    runs = [analysis(args.hands) for _ in range(args.repeat)]
    used = statistics.median(r[0] for r in runs)
    play = statistics.median(r[1] for r in runs)
    per_hand = used / args.hands
    print(f"analysis of {args.hands:,} hands, median of {args.repeat}:")
    print(f"  {used:.2f} s of CPU ({per_hand * 1e6:.1f} µs a hand; budget 10 s)")
    print(f"  reference, the engine playing a hand: {play * 1e6:.1f} µs of CPU")
    print(f"  ratio analysing ÷ playing a hand: {per_hand / play:.3f}")

    reports = [asyncio.run(stored_report(args.hands)) for _ in range(args.repeat)]

    def median(key: str) -> float:
        return statistics.median(r[key] for r in reports)

    print(f"report over {args.hands:,} stored hands (SQLite), median of {args.repeat}:")
    print(
        f"  {median('elapsed'):.2f} s wall; CPU {median('loop_cpu'):.2f} s the loop's + "
        f"{median('worker_cpu'):.2f} s the analysis process's (budget 10 s together)"
    )
    print(
        f"  the loop ticked {median('ticks'):.0f} times: median {median('median_ms'):.2f} ms "
        f"late, at worst {median('worst_ms'):.0f} ms; reference, idle in the same run: median "
        f"{median('idle_median_ms'):.2f} ms late"
    )


if __name__ == "__main__":
    main()
