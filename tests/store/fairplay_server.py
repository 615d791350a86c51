"""A store holding the simulated server of ``tests/table/fairplay_sim.py``: its hands as the
journal keeps them (their fair-play facts not read yet), ending now, for the flag watch's and
the dashboard's tests; or many copies of one stored hand with cached facts, for the report's
test and benchmark."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

from bot.store import Store
from tests.store._helpers import play_settled, seated_table
from tests.table.fairplay_sim import simulate


async def one_stored_hand(db_path: Path) -> int:
    """Play one real hand into the SQLite store at ``db_path`` (closed again): its id."""
    store = await Store.open(str(db_path))
    try:
        table_id, _ = await seated_table(store, 500, 500, 500)
        hand_id, _ = await play_settled(store, table_id, random.Random(5))
    finally:
        await store.close()
    return hand_id


async def store_simulated_server(db_path: Path, guild_id: int, hands: int = 1200) -> None:
    """Play one real hand into the SQLite store at ``db_path`` (closed again), then copy its
    row once for each simulated hand (seed 11: the colluders flagged), in ``guild_id``."""
    hand_id = await one_stored_hand(db_path)
    with sqlite3.connect(db_path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(hands)")]
        template = db.execute("SELECT * FROM hands WHERE id = ?", (hand_id,)).fetchone()
        at = [columns.index(name) for name in ("id", "guild_id", "final_state", "ended_at")]
        rows = []
        for n, hand in enumerate(simulate(hands, seed=11), start=1):
            row = list(template)
            state = json.dumps({"hand": hand.to_json(), "session": {}})
            row[at[0]], row[at[1]], row[at[2]], row[at[3]] = (
                hand_id + n,
                guild_id,
                state,
                time.time(),
            )
            rows.append(row)
        marks = ", ".join("?" for _ in columns)
        db.executemany(f"INSERT INTO hands ({', '.join(columns)}) VALUES ({marks})", rows)


async def store_cached_facts(db_path: Path, count: int, texts: Sequence[str]) -> None:
    """``count`` settled hands in the SQLite store at ``db_path``: one real hand, then copies of
    its row, each with the next of ``texts`` (fair-play facts as text) cached, as the report
    reads the hands whose facts were read once already."""
    hand_id = await one_stored_hand(db_path)
    with sqlite3.connect(db_path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(hands)")]
        template = db.execute("SELECT * FROM hands WHERE id = ?", (hand_id,)).fetchone()
        at = columns.index("id"), columns.index("fair_facts")
        rows = []
        for n in range(1, count):
            row = list(template)
            row[at[0]], row[at[1]] = hand_id + n, texts[n % len(texts)]
            rows.append(row)
        marks = ", ".join("?" for _ in columns)
        db.executemany(f"INSERT INTO hands ({', '.join(columns)}) VALUES ({marks})", rows)
