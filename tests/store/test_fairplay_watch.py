"""The fair-play flag watch: the members the detector flags are kept as hands end, without an
admin running a report (``bot/features/fairplay/watch.py``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from pathlib import Path

from bot.features.fairplay import worker
from bot.features.fairplay.watch import FlagWatch
from bot.store import Store
from tests.store._helpers import GUILD
from tests.store.fairplay_server import store_simulated_server
from tests.table.fairplay_sim import COLLUDERS, FUNNEL, MAIN, SOFT

HANDS = 1200


async def stored_server(db_path: Path) -> Store:
    """A store whose server played the simulated server's hands, ending now."""
    await store_simulated_server(db_path, GUILD, HANDS)
    return await Store.open(str(db_path))


def served(guild_id: int) -> Mapping[int, float] | None:
    return {} if guild_id == GUILD else None


async def test_the_watch_flags_the_colluders_as_their_hands_end_without_a_report(
    db_path: Path,
) -> None:
    store = await stored_server(db_path)
    watch = FlagWatch(store, served, every=0.05, since=time.time() - 60)  # before they ended
    try:
        assert await store.fairplay.flagged(GUILD) == frozenset()
        watch.start()
        for _ in range(600):  # nobody runs a report: the watch's pass flags them
            flagged = await store.fairplay.flagged(GUILD)
            if flagged:
                break
            await asyncio.sleep(0.1)
        await watch.close()
        dumpers = {member for pair in COLLUDERS.items() for member in pair}
        assert dumpers | set(SOFT) <= flagged <= dumpers | set(SOFT) | {FUNNEL, MAIN}
        # the journals were read once: the facts of every hand are cached for the next pass
        rows = await store.hands.fair_facts(GUILD, 0.0, HANDS + 1)
        assert len(rows) == HANDS + 1 and all(facts is not None for _, facts, _ in rows)
        # no hand ended since: the next pass scores nothing and the flags stay
        assert await watch.run_pass() == []
        assert await store.fairplay.flagged(GUILD) == flagged
        # a server this process does not serve (another shard's) is left to its own
        other = FlagWatch(store, lambda guild_id: None, since=0.0)
        assert await other.run_pass() == []
    finally:
        await watch.close()
        await store.close()
        await worker.shutdown()
