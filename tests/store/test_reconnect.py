"""The store survives a lost database connection, and never applies a write twice.

On PostgreSQL the store's sessions are terminated (``pg_terminate_backend``), a backend dies
in the middle of a transfer, and a private server is restarted and crashed: the same open store
grants, reads and journals again within seconds, with no reopening. A transfer whose COMMIT
the server applied but whose answer was lost (a proxy drops it) is run again by the store and
applied once. On both backends, a write call run twice (as after an unanswered COMMIT) moves
chips once and answers as the first run did: its ledger key is found.

The recovery figures are printed (``pytest tests/store/test_reconnect.py -s`` shows them).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store, StoreUnavailable
from bot.store.backend import Body
from bot.store.postgres import RECONNECT_SECONDS
from tests.store._helpers import (
    ADMIN,
    CHANNEL,
    GUILD,
    POSTGRESQL,
    Database,
    PostgresCluster,
    PostgresProxy,
    Replaying,
    Wrapped,
    seated_table,
)

REPO = Path(__file__).resolve().parents[2]

RECOVERY_LIMIT = 3.0
"""Seconds within which the store must work again once the server is back."""


def audit_cli(location: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot.store audit LOCATION``, as an operator runs it."""
    return subprocess.run(
        [sys.executable, "-m", "bot.store", "audit", location],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def assert_audit_clean(location: str) -> None:
    audited = audit_cli(location)
    assert audited.returncode == 0, audited.stdout + audited.stderr
    assert "audit: OK" in audited.stdout, audited.stdout


async def ledger_kinds(database: Database) -> list[str]:
    return [str(kind) for (kind,) in await database.rows("SELECT kind FROM ledger_tx ORDER BY id")]


@pytest.fixture
async def postgres(postgres_cluster: PostgresCluster) -> AsyncIterator[Database]:
    """A fresh database on the session's server, as another client sees it."""
    database = Database(POSTGRESQL, await postgres_cluster.create_database())
    try:
        yield database
    finally:
        await database.close()


async def test_terminated_sessions_are_replaced_without_reopening(postgres: Database) -> None:
    store = await Store.open(postgres.location)
    try:
        assert await store.wallets.grant(GUILD, 9, 500, by_user_id=ADMIN) == 1500
        table_id, users = await seated_table(store, 400, 400)
        hand_id = await store.hands.begin(table_id, {user: 400 for user in users})
        await store.hands.journal(hand_id, {"step": 1})
        before = await postgres.session_ids()

        ended = await postgres.terminate_others()
        terminated = time.perf_counter()
        assert ended >= 2  # the writer and the reader

        assert await store.wallets.grant(GUILD, 9, 500, by_user_id=ADMIN) == 2000
        recovered = time.perf_counter() - terminated
        assert await store.wallets.balance(GUILD, 9) == 2000
        await store.hands.journal(hand_id, {"step": 2})
        rows = await postgres.rows("SELECT state FROM hand_journal WHERE hand_id = ?", (hand_id,))
        assert rows == [('{"step":2}',)]
        await store.hands.settle(hand_id, {users[0]: 390, users[1]: 410}, "phh", {})
        assert not (await postgres.session_ids()) & before, "the old sessions are gone"
        print(f"\nrecovered {recovered:.3f} s after pg_terminate_backend of {ended} sessions")
        assert recovered < RECOVERY_LIMIT
        report = await store.audit.check()
        assert report.ok, report.format()
    finally:
        await store.close()
    assert_audit_clean(postgres.location)


async def test_a_session_ended_while_idle_is_replaced_before_its_close_arrives(
    postgres_cluster: PostgresCluster, postgres: Database
) -> None:
    """``pg_terminate_backend`` of the store's idle sessions: each connection reads the
    server's FATAL message, and its close only later (as when the two arrive in two turns of
    the event loop; the proxy holds the close back). A read and a write made in between find
    their connection refusing any statement: asyncpg's ``InternalClientError`` ("another
    operation is in progress": the unexpected message, not another caller), after which it
    aborts the connection. Both are run again on new connections, as after any lost one."""
    proxy = PostgresProxy(postgres_cluster, close_delay=2 * RECONNECT_SECONDS)
    await proxy.start()
    store = await Store.open(proxy.url(postgres.location))
    try:
        assert await store.wallets.grant(GUILD, 9, 500, by_user_id=ADMIN) == 1500
        assert await store.wallets.balance(GUILD, 9) == 1500  # the reader is open too
        assert await postgres.terminate_others() == 2
        for _ in range(100):  # the proxy passed the FATAL messages on, and holds the closes
            if proxy.closes_held == 2:
                break
            await asyncio.sleep(0.01)
        assert proxy.closes_held == 2
        await asyncio.sleep(0.05)  # the store's connections read the FATAL messages
        assert await store.wallets.balance(GUILD, 9) == 1500
        assert await store.wallets.grant(GUILD, 9, 500, by_user_id=ADMIN) == 2000
        assert await postgres.rows("SELECT COUNT(*) FROM ledger_tx WHERE kind = 'grant'") == [(2,)]
    finally:
        await store.close()
        await proxy.stop()


async def test_a_backend_killed_mid_transfer_is_run_again_once(postgres: Database) -> None:
    """The server ends the session inside the grant's transaction (a trigger terminates its
    own backend, the first time only: a sequence does not roll back): the store runs the
    transaction again on a new connection, and the grant lands once."""
    store = await Store.open(postgres.location)
    try:
        assert await store.wallets.balance(GUILD, 1) == 1000
        await postgres.execute(
            "CREATE SEQUENCE kill_once",
            "CREATE FUNCTION kill_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "IF nextval('kill_once') = 1 THEN "
            "PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); "
            "END IF; RETURN NEW; END $$",
            "CREATE TRIGGER kill_once BEFORE UPDATE ON wallets "
            "FOR EACH ROW EXECUTE FUNCTION kill_once()",
        )
        began = time.perf_counter()
        assert await store.wallets.grant(GUILD, 1, 250, by_user_id=ADMIN) == 1250
        took = time.perf_counter() - began
        assert await postgres.rows("SELECT last_value FROM kill_once") == [(2,)]
        assert await ledger_kinds(postgres) == ["start", "grant"]
        print(f"\ngrant with its backend killed mid-transaction answered in {took:.3f} s")
        assert took < RECOVERY_LIMIT
    finally:
        await store.close()
    assert_audit_clean(postgres.location)


async def test_a_commit_applied_but_unanswered_is_not_applied_again(
    postgres_cluster: PostgresCluster, postgres: Database
) -> None:
    """The proxy lets the COMMIT of a top-up, of a queued top-up (queued, then added) and of a
    settlement reach the server and drops the connection before the client hears "COMMIT":
    the store runs each again on a new connection, finds its key (or sets the same value), and
    answers as applied. Chips moved once."""
    proxy = PostgresProxy(postgres_cluster)
    await proxy.start()
    store = await Store.open(proxy.url(postgres.location))
    try:
        table_id, users = await seated_table(store, 300, 300)
        wallet = await store.wallets.balance(GUILD, users[0])

        proxy.armed = 1
        seat = await store.tables.add_chips(table_id, users[0], 200)
        assert proxy.dropped == 1, "the COMMIT was applied and its answer dropped"
        assert seat.stack == 500
        assert await store.wallets.balance(GUILD, users[0]) == wallet - 200

        proxy.armed = 1
        await store.tables.queue_top_up(table_id, users[1], 100)
        proxy.armed = 1
        assert (await store.tables.add_queued_chips(table_id, users[1], 2000)).added == 100
        assert proxy.dropped == 3
        assert [seat.stack for seat in await store.tables.seats(table_id)] == [500, 400]

        hand_id = await store.hands.begin(table_id, {users[0]: 500, users[1]: 400})
        proxy.armed = 1
        await store.hands.settle(hand_id, {users[0]: 450, users[1]: 450}, "phh", {})
        assert proxy.dropped == 4
        assert [seat.stack for seat in await store.tables.seats(table_id)] == [450, 450]
        assert (await store.hands.record(hand_id)).status == "settled"

        kinds = await ledger_kinds(postgres)
        assert kinds.count("buy_in") == 4  # two buy-ins, two top-ups
        assert kinds.count("pot_contribution") == kinds.count("pot_win") == 1
        report = await store.audit.check()
        assert report.ok, report.format()
    finally:
        await store.close()
        await proxy.stop()
    assert_audit_clean(postgres.location)


@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_the_store_recovers_from_a_server_restart(
    private_cluster: PostgresCluster, mode: str
) -> None:
    """The server stops ("fast": a restart; "immediate": a crash) while a hand is running.
    Calls meanwhile fail in bounded time with StoreUnavailable, and once the server is back
    the same store grants, reads and journals again; the hand settles, the audit is clean."""
    url = await private_cluster.create_database()
    store = await Store.open(url)
    loop = asyncio.get_running_loop()
    try:
        table_id, users = await seated_table(store, 400, 400)
        hand_id = await store.hands.begin(table_id, {user: 400 for user in users})
        await store.hands.journal(hand_id, {"step": 1})
        assert await store.wallets.grant(GUILD, 9, 100, by_user_id=ADMIN) == 1100

        await asyncio.to_thread(private_cluster.stop_server, mode)
        began = loop.time()
        with pytest.raises(StoreUnavailable) as refused:
            await store.wallets.grant(GUILD, 9, 100, by_user_id=ADMIN)
        first_refusal = loop.time() - began
        assert not refused.value.outcome_unknown
        assert RECONNECT_SECONDS - 0.5 < first_refusal < RECONNECT_SECONDS + 1.0
        began = loop.time()
        with pytest.raises(StoreUnavailable):
            await store.hands.journal(hand_id, {"step": 2})
        with pytest.raises(StoreUnavailable):
            await store.wallets.balance(GUILD, 9)
        known_outage = loop.time() - began
        assert known_outage < 1.0, "while the outage is known, a call tries once"

        await asyncio.to_thread(private_cluster.start_server)
        back = loop.time()
        tries = 0
        while True:
            tries += 1
            try:
                balance = await store.wallets.grant(GUILD, 9, 100, by_user_id=ADMIN)
                break
            except StoreUnavailable:
                assert loop.time() - back < RECOVERY_LIMIT, "the store did not recover"
                await asyncio.sleep(0.05)
        recovered = loop.time() - back
        assert balance == 1200
        assert await store.wallets.balance(GUILD, 9) == 1200
        await store.hands.journal(hand_id, {"step": 3})
        assert (await store.hands.unfinished())[0].state == {"step": 3}
        await store.hands.settle(hand_id, {users[0]: 420, users[1]: 380}, "phh", {})
        print(
            f"\n{mode} stop: first call refused after {first_refusal:.2f} s, later ones in "
            f"{known_outage:.3f} s for two; the store worked again {recovered:.3f} s after "
            f"the server was back ({tries} call(s))"
        )
        assert recovered < RECOVERY_LIMIT
        report = await store.audit.check()
        assert report.ok, report.format()
    finally:
        await store.close()
    assert_audit_clean(url)


async def test_a_call_waits_through_a_quick_restart(private_cluster: PostgresCluster) -> None:
    """A grant made just after the server stopped is answered once it is back, when that is
    within the store's budget (a restart of a second or so): the click is not refused."""
    url = await private_cluster.create_database()
    store = await Store.open(url)
    loop = asyncio.get_running_loop()
    try:
        await store.wallets.balance(GUILD, 9)
        await asyncio.to_thread(private_cluster.stop_server, "fast")
        stopped = loop.time()
        restart = asyncio.ensure_future(asyncio.to_thread(private_cluster.start_server))
        granted: int | None = None
        with contextlib.suppress(StoreUnavailable):
            granted = await store.wallets.grant(GUILD, 9, 100, by_user_id=ADMIN)
        answered = loop.time() - stopped
        await restart
        restarted = loop.time() - stopped
        print(
            f"\nserver down {restarted:.2f} s (pg_ctl stop returned to pg_ctl start returned); "
            f"the grant made meanwhile was {'refused' if granted is None else 'answered'} "
            f"after {answered:.2f} s"
        )
        if restarted < RECONNECT_SECONDS - 0.3:  # the budget covered the restart
            assert granted == 1100
        expected = 1100 if granted is None else 1200
        assert await store.wallets.grant(GUILD, 9, 100, by_user_id=ADMIN) == expected
    finally:
        await store.close()
    assert_audit_clean(url)


async def test_a_write_run_again_applies_once_on_both_backends(
    store: Store, database: Database
) -> None:
    """Every kind of write, each run twice by the backend: chips move once, each call answers
    as its first run did (no "already seated", no "already over"), and the ledger holds one
    transaction per posting."""
    replaying = Replaying(store.backend)
    store.runner.backend = replaying

    assert await store.wallets.balance(GUILD, 101) == 1000
    assert await store.wallets.grant(GUILD, 101, 500, by_user_id=ADMIN) == 1500
    assert await store.wallets.claim_daily(GUILD, 102, now=1_000_000.0) == (250, 1250)
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    first = await store.tables.buy_in(table.id, 101, "One", 400)
    assert (first.seat, first.stack) == (0, 400)
    assert (await store.tables.buy_in(table.id, 102, "Two", 300)).stack == 300
    assert (await store.tables.add_chips(table.id, 102, 100)).stack == 400
    house = await store.house.sit_down(table.id, 1, "Dealer Bot", "solid", 400)
    assert house.stack == 400
    hand_id = await store.hands.begin(table.id, {101: 400, 102: 400})
    await store.hands.journal(hand_id, {"step": 1})
    await store.hands.settle(hand_id, {101: 350, 102: 450}, "phh", {}, payouts={102: 100})
    voided = await store.hands.begin(table.id, {101: 350, 102: 450})
    await store.hands.void(voided, "test", bets={101: 10, 102: 10})
    assert await store.house.stand_up(table.id, 1) == 400
    assert await store.tables.cash_out(table.id, 101) == 350
    assert await store.tables.close(table.id) == {102: 450}

    assert replaying.replayed >= 14
    assert await store.wallets.balance(GUILD, 101) == 1500 - 400 + 350
    assert await store.wallets.balance(GUILD, 102) == 1250 - 400 + 450
    assert await store.house.balance(GUILD) == 400
    assert await ledger_kinds(database) == [
        "start",
        "grant",
        "start",
        "daily",
        "buy_in",
        "buy_in",
        "buy_in",
        "grant",  # the house's float: its wallet starts empty
        "buy_in",
        "pot_contribution",
        "pot_win",
        "void",
        "refund",
        "cash_out",
        "cash_out",
        "cash_out",
    ]
    keys = [key for (key,) in await database.rows("SELECT call_key FROM ledger_tx ORDER BY id")]
    assert all(keys) and len(set(keys)) == len(keys)


async def test_a_ledger_key_is_written_once(store: Store, database: Database) -> None:
    """The database itself refuses a second ledger transaction with a key already written."""
    await store.wallets.grant(GUILD, 1, 5, by_user_id=ADMIN)
    (key,) = (await database.rows("SELECT call_key FROM ledger_tx WHERE kind = 'grant'"))[0]
    with pytest.raises(Exception, match=r"(?i)unique"):
        await database.execute(
            "INSERT INTO ledger_tx (kind, guild_id, created_at, call_key) "
            "VALUES ('grant', 1, 0, ?)",
            params=(key,),
        )


class RolledBack(Wrapped):
    """A backend whose first run of each write transaction is rolled back after its body
    returned (as a COMMIT that failed without applying anything), then run again."""

    async def write(self, body: Body[Any], *, immediate: bool = True) -> Any:
        async def fails_at_commit(tx: Any) -> None:
            await body(tx)
            raise LookupError("rolled back at COMMIT")

        with pytest.raises(LookupError):
            await self.inner.write(fails_at_commit, immediate=True)
        return await self.inner.write(body, immediate=immediate)


async def test_a_run_again_after_a_rolled_back_one_applies(
    store: Store, database: Database
) -> None:
    """A run whose body returned but whose transaction was not applied left no key: the run
    again applies the call (once), rather than answering from the first run."""
    store.runner.backend = RolledBack(store.backend)
    table_id, _ = await seated_table(store, 400)
    assert (await store.tables.add_chips(table_id, 1, 100)).stack == 500
    assert await store.wallets.balance(GUILD, 1) == 500
    assert await ledger_kinds(database) == ["start", "buy_in", "buy_in"]
