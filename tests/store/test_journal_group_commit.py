"""Group commit of journal writes: many hands journaling at once share one transaction, and each
call still returns only once its state (or a newer one of the same hand) is durable."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import HandAlreadyFinished, HandNotFound, Store
from bot.store.backend import Tx
from bot.store.hands import _dumps as encoded
from bot.store.runner import IN_FLIGHT
from tests.store._helpers import CHANNEL, GUILD, SQLITE, Database

INSERT_GUILD = "INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, 0)"

log = logging.getLogger(__name__)


async def running_hands(store: Store, count: int) -> list[int]:
    """``count`` tables, each with two players bought in and a hand running."""
    hand_ids = []
    for number in range(count):
        table = await store.tables.get_or_create(GUILD, CHANNEL + 1 + number)
        players = {}
        for seat in (1, 2):
            user = 1000 * (number + 1) + seat
            await store.tables.buy_in(table.id, user, f"P{user}", 100)
            players[user] = 100
        hand_ids.append(await store.hands.begin(table.id, players))
    return hand_ids


async def committed(database: Database, hand_id: int) -> tuple[int, dict[str, Any]] | None:
    """(seq, state) of a hand's journal row as another connection sees it: committed data only."""
    rows = await database.rows("SELECT seq, state FROM hand_journal WHERE hand_id = ?", (hand_id,))
    return None if not rows else (int(rows[0][0]), json.loads(rows[0][1]))


async def poison_journal(
    store: Store, database: Database, marker: str, *, whole_transaction: bool
) -> None:
    """A trigger that refuses any journal state containing ``marker``: either that statement
    alone (SQLite ``RAISE(ABORT)``; PostgreSQL a BEFORE trigger, undone to its savepoint), or
    the whole transaction (SQLite ``RAISE(ROLLBACK)``; PostgreSQL a deferred constraint
    trigger that fails the COMMIT)."""
    if database.kind == SQLITE:
        action = "ROLLBACK" if whole_transaction else "ABORT"
        writer = store.backend._writer  # type: ignore[attr-defined]
        for event in ("INSERT", "UPDATE"):
            await writer.execute_fetchall(
                f"CREATE TEMP TRIGGER poison_{action.lower()}_{event.lower()} "
                f"BEFORE {event} ON main.hand_journal WHEN NEW.state LIKE '%{marker}%' "
                f"BEGIN SELECT RAISE({action}, 'poisoned journal state'); END"
            )
        return
    function = (
        f"CREATE FUNCTION poison_{marker}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"IF NEW.state LIKE '%{marker}%' THEN RAISE EXCEPTION 'poisoned journal state'; END IF; "
        "RETURN NEW; END $$"
    )
    if whole_transaction:
        trigger = (
            f"CREATE CONSTRAINT TRIGGER poison_{marker} AFTER INSERT OR UPDATE ON hand_journal "
            f"DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION poison_{marker}()"
        )
    else:
        trigger = (
            f"CREATE TRIGGER poison_{marker} BEFORE INSERT OR UPDATE ON hand_journal "
            f"FOR EACH ROW EXECUTE FUNCTION poison_{marker}()"
        )
    await database.execute(function, trigger)


def poisoned(result: object) -> bool:
    return isinstance(result, Exception) and "poisoned journal state" in str(result)


async def test_concurrent_writes_are_durable_when_they_return(
    store: Store, database: Database
) -> None:
    hand_ids = await running_hands(store, 12)
    steps = 6
    seen: list[tuple[int, int, int]] = []

    async def act(hand_id: int, step: int) -> None:
        await store.hands.journal(hand_id, {"hand": hand_id, "step": step, "deck": list(range(52))})
        row = await committed(database, hand_id)  # read at once, before yielding to the loop
        assert row is not None
        seen.append((hand_id, step, row[1]["step"]))

    async def player(hand_id: int) -> None:
        # one session per table: each action is journaled after the previous one returned
        for step in range(steps):
            await act(hand_id, step)
            await asyncio.sleep(0)

    await asyncio.gather(*(player(hand_id) for hand_id in hand_ids))
    assert len(seen) == len(hand_ids) * steps
    for hand_id, step, on_disk in seen:
        assert on_disk == step, (hand_id, step, on_disk)
    # Fewer commits than writes would be a lie here: each write waited for the previous one.
    for hand_id in hand_ids:
        assert await committed(database, hand_id) == (
            steps,
            {"hand": hand_id, "step": steps - 1, "deck": list(range(52))},
        )
    assert await store.hands.journal_state(hand_ids[0]) == {
        "hand": hand_ids[0],
        "step": steps - 1,
        "deck": list(range(52)),
    }


@contextlib.asynccontextmanager
async def writer_busy(store: Store, database: Database) -> AsyncIterator[None]:
    """The store's writer is busy for the block: SQLite's writer thread runs a transaction
    that waits for the block's end (a journal write queues behind it); PostgreSQL's write
    lock is held (a journal batch waits for its turn)."""
    if database.kind != SQLITE:
        async with store.runner._write_lock:
            yield
        return
    started, finish = threading.Event(), threading.Event()

    async def held(db: Tx) -> None:
        started.set()
        finish.wait(5)  # on the writer thread

    first = asyncio.ensure_future(store.runner.write(held))
    await asyncio.to_thread(started.wait, 5)
    try:
        yield
    finally:
        finish.set()
        await first


async def test_latest_state_of_a_hand_wins_in_one_commit(store: Store, database: Database) -> None:
    hand_a, hand_b = await running_hands(store, 2)
    on_return: dict[tuple[int, int], int] = {}

    async def act(hand_id: int, step: int) -> None:
        await store.hands.journal(hand_id, {"step": step})
        row = await committed(database, hand_id)
        assert row is not None
        on_return[hand_id, step] = row[1]["step"]

    # All made while the writer is busy: they join one batch, which keeps the newest state of
    # each hand and commits once (seq counts commits of the hand's row). (Started in one turn
    # of the loop is not enough: SQLite's writer thread may take a batch between two of them.)
    async with writer_busy(store, database):
        acts = [
            asyncio.ensure_future(act(hand, step)) for step in range(5) for hand in (hand_a, hand_b)
        ]
        await asyncio.sleep(0.05)
        assert not any(a.done() for a in acts)
    await asyncio.wait_for(asyncio.gather(*acts), 5)
    assert set(on_return.values()) == {4}
    assert await committed(database, hand_a) == (1, {"step": 4})
    assert await committed(database, hand_b) == (1, {"step": 4})

    # A newer write after that commit is a new transaction.
    await store.hands.journal(hand_a, {"step": 5})
    assert await committed(database, hand_a) == (2, {"step": 5})


async def test_hands_not_running_fail_alone(store: Store, database: Database) -> None:
    live, settled = await running_hands(store, 2)
    hand = await store.hands.record(settled)
    finals = {player.user_id: player.start_stack for player in hand.players}
    await store.hands.settle(settled, finals, "phh", {})

    results = await asyncio.gather(
        store.hands.journal(live, {"step": 1}),
        store.hands.journal(settled, {"step": 1}),
        store.hands.journal(settled + 1000, {"step": 1}),
        store.hands.journal(-1, {"step": 1}),
        store.hands.journal(2**70, {"step": 1}),
        return_exceptions=True,
    )
    assert results[0] is None
    assert isinstance(results[1], HandAlreadyFinished)
    assert "already over (settled)" in str(results[1])
    assert isinstance(results[2], HandNotFound)
    assert isinstance(results[3], HandNotFound)
    assert isinstance(results[4], HandNotFound)
    assert await committed(database, live) == (1, {"step": 1})
    assert await committed(database, settled) is None


async def test_a_refused_statement_fails_only_its_hand(store: Store, database: Database) -> None:
    good, bad = await running_hands(store, 2)
    await poison_journal(store, database, "poison", whole_transaction=False)
    results = await asyncio.gather(
        store.hands.journal(good, {"step": 1}),
        store.hands.journal(bad, {"step": "poison"}),
        return_exceptions=True,
    )
    assert results[0] is None
    assert poisoned(results[1]), results
    assert await committed(database, good) == (1, {"step": 1})
    assert await committed(database, bad) is None
    await store.hands.journal(bad, {"step": 2})
    assert await committed(database, bad) == (1, {"step": 2})


async def test_a_failed_batch_fails_its_waiters_and_the_writer_goes_on(
    store: Store, database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    first, second, third = await running_hands(store, 3)
    await store.hands.journal(first, {"step": 0})
    await poison_journal(store, database, "doom", whole_transaction=True)
    with caplog.at_level(logging.WARNING, logger="bot.store.runner"):
        results = await asyncio.gather(
            store.hands.journal(first, {"step": 1}),
            store.hands.journal(second, {"step": "doom"}),
            store.hands.journal(third, {"step": 1}),
            return_exceptions=True,
        )
    # The trigger rolled the whole transaction back: nothing of the batch was committed, and
    # every waiter heard so (none of them returned as if its state were saved).
    assert all(poisoned(result) for result in results), results
    assert "journal batch of 3 hands failed" in caplog.text
    assert await committed(database, first) == (1, {"step": 0})
    assert await committed(database, second) is None
    assert await committed(database, third) is None
    # Not wedged: the next batch and other writes go through.
    await asyncio.gather(
        store.hands.journal(first, {"step": 2}), store.hands.journal(third, {"step": 2})
    )
    assert await committed(database, first) == (2, {"step": 2})
    assert await committed(database, third) == (1, {"step": 2})
    before = await store.wallets.balance(GUILD, 77)
    assert await store.wallets.grant(GUILD, 77, 50, by_user_id=1) == before + 50
    await store.wait_idle()


async def test_a_cancelled_waiter_loses_no_write(store: Store, database: Database) -> None:
    hand_ids = await running_hands(store, 8)
    tasks = {
        hand_id: asyncio.create_task(store.hands.journal(hand_id, {"hand": hand_id}))
        for hand_id in hand_ids
    }
    await asyncio.sleep(0)  # the writes are queued; the flusher has not committed yet
    cancelled = hand_ids[::2]
    for hand_id in cancelled:
        tasks[hand_id].cancel()
    for hand_id in hand_ids:
        if hand_id in cancelled:
            with pytest.raises(asyncio.CancelledError):
                await tasks[hand_id]
        else:
            await tasks[hand_id]
            assert await committed(database, hand_id) == (1, {"hand": hand_id})
    await store.wait_idle()
    for hand_id in cancelled:  # the caller gave up waiting, not the write
        assert await committed(database, hand_id) == (1, {"hand": hand_id})


async def test_close_commits_pending_writes(database: Database) -> None:
    store = await Store.open(database.location)
    (hand_id,) = await running_hands(store, 1)
    waiter = asyncio.create_task(store.hands.journal(hand_id, {"step": 9}))
    await asyncio.sleep(0)
    waiter.cancel()
    await store.close()
    assert waiter.cancelled()
    assert await committed(database, hand_id) == (1, {"step": 9})
    with pytest.raises(RuntimeError):
        await store.hands.journal(hand_id, {"step": 10})


async def test_a_transaction_body_that_fails_midway_writes_nothing(
    store: Store, database: Database
) -> None:
    """A body that raises after a statement is rolled back whole, and the writer goes on."""

    async def half_done(db: Tx) -> None:
        await db.run(INSERT_GUILD, (4242,))
        raise RuntimeError("failed after its first statement")

    with pytest.raises(RuntimeError, match="after its first statement"):
        await store.runner.write(half_done)
    assert await database.rows("SELECT 1 FROM guild_settings WHERE guild_id = 4242") == []
    (hand_id,) = await running_hands(store, 1)
    await store.hands.journal(hand_id, {"step": 1})
    assert await committed(database, hand_id) == (1, {"step": 1})


async def test_a_sqlite_transaction_runs_whole_on_the_writer_thread(db_path: Path) -> None:
    """On SQLite a body runs to its end on the writer's thread, one hop from the event loop;
    a body that awaits anything but its statements is refused and rolled back."""
    store = await Store.open(db_path)
    database = Database(SQLITE, str(db_path))
    try:

        async def three_inserts(db: Tx) -> int:
            for guild_id in (4243, 4244, 4245):
                await db.run(INSERT_GUILD, (guild_id,))
            return threading.get_ident()

        assert await store.runner.write(three_inserts) != threading.get_ident()
        assert len(await database.rows("SELECT 1 FROM guild_settings WHERE guild_id > 4242")) == 3

        async def sleeps(db: Tx) -> None:
            await db.run(INSERT_GUILD, (4246,))
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="awaited something other than its database"):
            await store.runner.write(sleeps)
        assert await database.rows("SELECT 1 FROM guild_settings WHERE guild_id = 4246") == []
        (hand_id,) = await running_hands(store, 1)
        await store.hands.journal(hand_id, {"step": 1})  # the writer goes on
        assert await committed(database, hand_id) == (1, {"step": 1})
    finally:
        await store.close()
        await database.close()


async def test_a_sqlite_journal_batch_goes_before_the_writes_queued_ahead_of_it(
    db_path: Path,
) -> None:
    """SQLite's writer thread writes the pending journal batch before any transaction it runs:
    a click's journal waits for the transaction running, not for every one queued before it,
    and its caller is released as that commit ends."""
    store = await Store.open(db_path)
    try:
        (hand_id,) = await running_hands(store, 1)
        started, finish = threading.Event(), threading.Event()

        async def held(db: Tx) -> None:
            started.set()
            finish.wait(5)  # on the writer thread: what follows queues behind it

        seen: list[Any] = []

        async def queued(db: Tx) -> None:
            row = await db.one("SELECT state FROM hand_journal WHERE hand_id = ?", (hand_id,))
            seen.append(None if row is None else json.loads(row[0]))

        first = asyncio.ensure_future(store.runner.write(held))
        await asyncio.to_thread(started.wait, 5)
        writes = [asyncio.ensure_future(store.runner.write(queued)) for _ in range(IN_FLIGHT - 1)]
        await asyncio.sleep(0.05)  # queued on the thread, ahead of the journal's own write
        journal = asyncio.ensure_future(store.hands.journal(hand_id, {"step": 1}))
        await asyncio.sleep(0.05)
        assert not journal.done()
        finish.set()
        await asyncio.wait_for(asyncio.gather(first, *writes, journal), 5)
        assert seen == [{"step": 1}] * (IN_FLIGHT - 1)
    finally:
        await store.close()


async def test_a_journal_batch_waits_for_the_write_lock_only_where_the_backend_needs_it(
    store: Store, database: Database
) -> None:
    """SQLite runs its writer's transactions one after another on its own thread, so a batch
    goes straight into that queue; PostgreSQL's one writer connection needs the lock's turn."""
    (hand_id,) = await running_hands(store, 1)
    async with store.runner._write_lock:  # a writer between its turn and its transaction
        write = asyncio.ensure_future(store.hands.journal(hand_id, {"step": 1}))
        done, _ = await asyncio.wait({write}, timeout=2)
        assert bool(done) is (database.kind == SQLITE)
    await write
    assert await committed(database, hand_id) == (1, {"step": 1})


async def test_batched_states_are_stored_exactly(store: Store, database: Database) -> None:
    """The batch statement splices each state's JSON text into one array; what is stored is
    still exactly the text the state was encoded to (escapes, big numbers, floats, nesting)."""
    hand_ids = await running_hands(store, 3)
    states: list[dict[str, Any]] = [
        {"note": 'quote " backslash \\ newline \n é ♠', "big": 12345678901234567890},
        {"floats": [1.0, -0.0, 1e100, 2.5e-300], "nested": {"a": [[], {}, None, True]}},
        {},
    ]
    await asyncio.gather(
        *(store.hands.journal(h, s) for h, s in zip(hand_ids, states, strict=True))
    )
    for hand_id, state in zip(hand_ids, states, strict=True):
        ((text,),) = await database.rows(
            "SELECT state FROM hand_journal WHERE hand_id = ?", (hand_id,)
        )
        assert text == encoded(state)
        assert json.loads(text) == state
