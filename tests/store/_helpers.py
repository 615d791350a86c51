"""Helpers of the chip store tests: ids, the database behind the store's back (SQLite file or
PostgreSQL database), a throwaway PostgreSQL server, a seated table."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import itertools
import os
import random
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.engine.evaluator import rank27
from bot.engine.phh import hand_to_phh
from bot.engine.selfplay import play_out
from bot.store import Store
from bot.store.backend import Backend, Body, JournalBatch
from bot.store.postgres import postgres_sql

GUILD = 111
CHANNEL = 222
ADMIN = 999

SQLITE = "sqlite"
POSTGRESQL = "postgresql"
BACKENDS = (SQLITE, POSTGRESQL)

SUPERUSER = "deuce"
"""The test cluster's superuser (trust authentication on its Unix socket only)."""
UNPRIVILEGED = "nobody"
"""Who runs the server when the tests run as root (PostgreSQL refuses to run as root)."""


def postgres_bin_dir() -> Path | None:
    """Where ``initdb``/``pg_ctl`` are: ``$DEUCE_POSTGRES_BIN``, the PATH, or the newest
    ``/usr/lib/postgresql/*/bin`` (Debian and Ubuntu keep the server binaries off the PATH)."""
    explicit = os.environ.get("DEUCE_POSTGRES_BIN")
    if explicit:
        return Path(explicit)
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    return Path(versions[-1]).parent if versions else None


class PostgresCluster:
    """A PostgreSQL server of the test run's own: ``initdb`` in a temporary folder, listening on
    a Unix socket in that folder only (no TCP), fsync off (a throwaway), stopped at the end.

    As root (CI), the folder belongs to ``nobody`` and ``initdb``/``pg_ctl`` run as ``nobody``
    through ``runuser``: the server refuses to run as root.
    """

    def __init__(self, bin_dir: Path, *, durable_commits: bool = False) -> None:
        self.bin_dir = bin_dir
        self.durable_commits = durable_commits
        """``synchronous_commit`` on: a crash (an immediate stop) keeps every commit."""
        self.root = Path(tempfile.mkdtemp(prefix="deuce-pg-"))  # short: socket paths are <108
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self._names = itertools.count(1)

    def _command(self, *args: str) -> list[str]:
        if os.geteuid() == 0:
            return ["runuser", "-u", UNPRIVILEGED, "--", *args]
        return list(args)

    def _run(self, *args: str) -> None:
        result = subprocess.run(
            self._command(*args), cwd=self.root, capture_output=True, text=True, timeout=120
        )
        if result.returncode != 0:
            log_text = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(
                f"{' '.join(args)} failed ({result.returncode}):\n"
                f"{result.stdout}{result.stderr}{log_text}"
            )

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.root, user=UNPRIVILEGED)
        self._run(
            str(self.bin_dir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        self.start_server()

    def start_server(self) -> None:
        """Start the initialised server; returns once it accepts connections."""
        options = (
            f"-k {self.root} -c listen_addresses='' -c fsync=off "
            f"-c synchronous_commit={'on' if self.durable_commits else 'off'} "
            "-c full_page_writes=off -c max_connections=200"
        )
        self._run(
            str(self.bin_dir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop_server(self, mode: str = "fast") -> None:
        """Stop the server, keeping its data: "fast" ends every session (as a restart does),
        "immediate" kills them (as a crash does)."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def stop(self) -> None:
        """Kill the server and remove its folder, the removal in the background: a worker's
        cluster holds a database per test (tens of thousands of files), and its removal took
        10-16 s at the end of each pytest worker on a loaded machine."""
        with contextlib.suppress(Exception):
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        try:  # the shell returns at once; its rm, orphaned, finishes on its own
            subprocess.run(
                ["sh", "-c", 'rm -rf -- "$0" >/dev/null 2>&1 &', str(self.root)],
                check=True,
                timeout=10,
            )
        except (OSError, subprocess.SubprocessError):
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.root}"

    async def create_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        name = f"deuce_test_{os.getpid()}_{next(self._names)}"
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        finally:
            await admin.close()
        return self.url(name)


class Database:
    """The test's database as another client sees it (committed data only), to read and to
    tamper with behind the store's back. SQL is written with ``?`` placeholders for both."""

    def __init__(self, kind: str, location: str) -> None:
        self.kind = kind
        self.location = location
        self._conn: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()  # one operation at a time on the connection

    @property
    def path(self) -> Path:
        assert self.kind == SQLITE, "only a SQLite database has a path"
        return Path(self.location)

    async def _postgres(self) -> asyncpg.Connection:
        if self._conn is None:
            self._conn = await asyncpg.connect(self.location)
        return self._conn

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self.kind == SQLITE:
            with contextlib.closing(sqlite3.connect(self.location)) as db:
                return [tuple(row) for row in db.execute(sql, tuple(params)).fetchall()]
        async with self._lock:
            conn = await self._postgres()
            return [tuple(row) for row in await conn.fetch(postgres_sql(sql), *params)]

    async def execute(self, *statements: str, params: Sequence[Any] = ()) -> None:
        """Run statements in one transaction (all or nothing)."""
        if self.kind == SQLITE:
            with contextlib.closing(sqlite3.connect(self.location)) as db, db:
                for sql in statements:
                    db.execute(sql, tuple(params))
            return
        async with self._lock:
            conn = await self._postgres()
            async with conn.transaction():
                for sql in statements:
                    await conn.execute(postgres_sql(sql), *params)

    async def terminate_others(self) -> int:
        """PostgreSQL: end every other session on this database (the store's), as an operator's
        ``pg_terminate_backend`` does, and wait until they are gone; how many there were."""
        assert self.kind == POSTGRESQL, "only a PostgreSQL database has sessions to terminate"
        rows = await self.rows(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return sum(1 for (ended,) in rows if ended)

    async def session_ids(self) -> set[int]:
        """PostgreSQL: the backend pids of every other session on this database."""
        rows = await self.rows(
            "SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {int(pid) for (pid,) in rows}

    async def table_names(self) -> list[str]:
        if self.kind == SQLITE:
            sql = "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        else:
            sql = (
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'public' AND table_name != 'schema_migrations'"
            )
        return sorted(str(row[0]) for row in await self.rows(sql))

    async def columns(self, table: str) -> list[str]:
        if self.kind == SQLITE:
            return [str(row[1]) for row in await self.rows(f'PRAGMA table_info("{table}")')]
        return [
            str(row[0])
            for row in await self.rows(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_schema = 'public' AND table_name = ? ORDER BY column_name",
                (table,),
            )
        ]

    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of one table as {column: value}, sorted (comparable across backends)."""
        columns = sorted(await self.columns(table))
        listed = ", ".join(f'"{column}"' for column in columns)
        rows = await self.rows(f'SELECT {listed} FROM "{table}"')
        return sorted((dict(zip(columns, row, strict=True)) for row in rows), key=repr)

    async def snapshot(self) -> dict[str, list[dict[str, Any]]]:
        """Every row of every table."""
        return {name: await self.table_rows(name) for name in await self.table_names()}

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None


class PostgresProxy:
    """A Unix-socket proxy in front of a test server that passes everything on unchanged, but
    for two faults of a connection dying at the worst moment:

    * once ``armed``, it lets the next COMMIT through, waits for the server's answer that it
      committed, and then drops the client's connection instead of passing that answer on: a
      transaction applied but never confirmed;
    * with ``close_delay``, a server that ends a session the client did not ask to end has
      its last message (the FATAL of ``pg_terminate_backend`` or of a shutdown) passed on at
      once, and its close that many seconds later: the client reads the one without the
      other, as it does when the two arrive in two turns of its event loop. ``closes_held``
      counts such sessions.
    """

    COMMIT = b"Q\x00\x00\x00\x0cCOMMIT;\x00"
    """asyncpg's COMMIT: a simple Query message."""
    COMMITTED = b"C\x00\x00\x00\x0bCOMMIT\x00"
    """The server's CommandComplete for it."""
    TERMINATE = b"X\x00\x00\x00\x04"
    """The client's Terminate: it ends the session itself."""

    def __init__(self, cluster: PostgresCluster, *, close_delay: float = 0.0) -> None:
        self.upstream = str(cluster.root / ".s.PGSQL.5432")
        self.root = Path(tempfile.mkdtemp(prefix="deuce-px-"))
        self.armed = 0
        """COMMITs still to drop the answer of."""
        self.dropped = 0
        """COMMITs the server confirmed and the client never heard of."""
        self.close_delay = close_delay
        self.closes_held = 0
        """Sessions the server ended whose close is (or was) held back from the client."""
        self._server: asyncio.AbstractServer | None = None
        self._links: set[asyncio.Task[None]] = set()

    def url(self, database_url: str) -> str:
        """The same database, reached through the proxy."""
        return database_url.rsplit("?host=", 1)[0] + f"?host={self.root}"

    async def start(self) -> None:
        path = str(self.root / ".s.PGSQL.5432")
        self._server = await asyncio.start_unix_server(self._link, path=path)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._links):
            task.cancel()
        await asyncio.gather(*self._links, return_exceptions=True)
        shutil.rmtree(self.root, ignore_errors=True)

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._links.add(task)
        up_reader, up_writer = await asyncio.open_unix_connection(self.upstream)
        committing = asyncio.Event()
        terminating = asyncio.Event()

        async def to_server() -> None:
            while data := await reader.read(65536):
                if self.armed and self.COMMIT in data:
                    self.armed -= 1
                    committing.set()
                if data.endswith(self.TERMINATE):
                    terminating.set()
                up_writer.write(data)
                await up_writer.drain()
            up_writer.close()

        async def to_client() -> None:
            answer = b""
            while data := await up_reader.read(65536):
                if committing.is_set():
                    answer += data
                    if self.COMMITTED in answer:  # committed: the client must not hear it
                        self.dropped += 1
                        writer.transport.abort()
                        up_writer.transport.abort()
                        return
                    continue
                writer.write(data)
                await writer.drain()
            if self.close_delay and not terminating.is_set():
                self.closes_held += 1
                await asyncio.sleep(self.close_delay)
            writer.close()

        try:
            await asyncio.gather(to_server(), to_client())
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.transport.abort()
            up_writer.transport.abort()
            self._links.discard(task)


async def seated_table(store: Store, *stacks: int) -> tuple[int, list[int]]:
    """A table in GUILD/CHANNEL with players 1, 2, ... bought in for the given stacks."""
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    users = []
    for number, stack in enumerate(stacks, start=1):
        await store.tables.buy_in(table.id, number, f"Player {number}", stack)
        users.append(number)
    return table.id, users


def draw_counts(hand: Hand) -> dict[int, list[int]]:
    """The cards each player drew at each draw they took."""
    return {
        seat.player_id: [n for n in seat.draw_counts if n is not None]
        for seat in hand.public_view().seats
    }


async def play_settled(store: Store, table_id: int, rng: random.Random) -> tuple[int, Hand]:
    """Deal a hand to the table's players with chips, play it out (``rng``) and settle it as
    the cashier does: the hand's id and the engine's hand."""
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
        {"pot": 0, "names": {str(u): s.name for u, s in live.items()}},
        payouts=dict(result.payouts),
        showed_down=set(result.shown_hands) | set(result.mucked),
        draws=draw_counts(hand),
        shown_ranks={p: rank27(list(c)) for p, c in result.shown_hands.items()},
    )
    return hand_id, hand


def seated_as(*user_ids: int) -> Callable[[list[int]], None]:
    """A tournament start's ``shuffle`` that seats the entrants in this order."""
    return lambda entrants: entrants.sort(key=user_ids.index)


class Wrapped:
    """A backend that does what ``inner`` does; the test backends below change its writes."""

    def __init__(self, inner: Backend) -> None:
        self.inner = inner
        self.kind = inner.kind
        self.location = inner.location
        self.queues_writes = inner.queues_writes

    async def write(self, body: Body[Any], *, immediate: bool = True) -> Any:
        return await self.inner.write(body, immediate=immediate)

    async def read(self, body: Body[Any], *, snapshot: bool = True) -> Any:
        return await self.inner.read(body, snapshot=snapshot)

    async def write_journal(self, states: Mapping[int, str], now: float) -> dict[int, Exception]:
        return await self.inner.write_journal(states, now)

    def queue_journal(self, take: Callable[[], JournalBatch | None]) -> asyncio.Future[None]:
        return self.inner.queue_journal(take)

    async def close(self) -> None:
        await self.inner.close()


class Replaying(Wrapped):
    """A backend that runs every write transaction twice, the second time as the backend's
    retry after a COMMIT that was applied but never answered; everything else as is."""

    def __init__(self, inner: Backend) -> None:
        super().__init__(inner)
        self.replayed = 0

    async def write(self, body: Body[Any], *, immediate: bool = True) -> Any:
        first = await self.inner.write(body, immediate=immediate)
        again = await self.inner.write(body, immediate=immediate)
        self.replayed += 1
        assert again == first, "a run again answers as the run that committed"
        return again
