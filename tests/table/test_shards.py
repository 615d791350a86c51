"""Sharded processes: SHARD_COUNT/SHARD_IDS, the client each builds, and the tables each
restores (only those of the guilds on its shards)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import inspect
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, cast

import asyncpg
import discord
import pytest
from discord.ext import commands

from bot.client import DeuceBot, ShardedDeuceBot, make_bot
from bot.config import Config, ConfigError, shard_of
from bot.shards import (
    ANSWER_WITHIN,
    DEFER_AFTER,
    HEARTBEAT_EVERY,
    STALE_AFTER,
    TABLE_KINDS,
    TAKE_LATE,
    ShardRouter,
    channel_name,
    dm_click_table,
    shard_list,
)
from bot.store import Store
from bot.table.buttons import ROUTES as TABLE_ROUTES
from bot.table.registry import TableRegistry
from tests.store._helpers import PostgresCluster
from tests.table._helpers import FakeClient

log = logging.getLogger(__name__)

BASE = {"DISCORD_TOKEN": "x"}


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A guild id on ``shard`` of ``count`` (the timestamp part picks the shard)."""
    return ((1000 * count + shard + count * n) << 22) | 7


def test_shard_formula_is_discord_s() -> None:
    assert shard_of(guild_on(1, 2), 2) == 1
    assert shard_of(guild_on(0, 2), 2) == 0
    assert shard_of(41771983423143937, 4) == (41771983423143937 >> 22) % 4
    for shard in range(3):
        assert shard_of(guild_on(shard, 3, 5), 3) == shard


def test_unsharded_by_default() -> None:
    config = Config.from_env(BASE)
    assert config.shard_count is None and config.shard_ids is None and not config.sharded
    assert config.owns_guild(guild_on(1, 2))


def test_shard_settings_are_read_and_checked() -> None:
    shared = {"DATABASE_URL": "postgresql://deuce@db/deuce"}  # a process of several
    config = Config.from_env({**BASE, **shared, "SHARD_COUNT": "4", "SHARD_IDS": " 3, 1,1"})
    assert config.shard_count == 4 and config.shard_ids == (1, 3)
    assert config.owns_guild(guild_on(1, 4)) and config.owns_guild(guild_on(3, 4))
    assert not config.owns_guild(guild_on(0, 4)) and not config.owns_guild(guild_on(2, 4))
    every = Config.from_env({**BASE, "SHARD_COUNT": "2"})
    assert every.shard_ids is None and every.owns_guild(guild_on(0, 2))
    for bad, words in (
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "two"}, "whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "between 0 and 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a,b"}, "separated by commas"),
    ):
        with pytest.raises(ConfigError, match=words):
            Config.from_env({**BASE, **bad})


def test_the_client_matches_the_shards(tmp_path: Path) -> None:
    base = Config(token="x", database_path=str(tmp_path / "d.db"))
    plain = make_bot(base)
    assert type(plain) is DeuceBot and plain.shard_count is None and plain.runs_shard_zero
    one = make_bot(dataclasses.replace(base, shard_count=2, shard_ids=(1,)))
    assert type(one) is DeuceBot
    assert (one.shard_id, one.shard_count) == (1, 2) and not one.runs_shard_zero
    many = make_bot(dataclasses.replace(base, shard_count=4, shard_ids=(0, 2)))
    assert isinstance(many, ShardedDeuceBot) and isinstance(many, commands.AutoShardedBot)
    assert many.shard_ids == [0, 2] and many.shard_count == 4 and many.runs_shard_zero
    assert isinstance(many, discord.AutoShardedClient)
    every = make_bot(dataclasses.replace(base, shard_count=2))
    assert isinstance(every, ShardedDeuceBot) and every.shard_ids is None


async def test_a_process_restores_only_its_shards_tables(store: Store) -> None:
    zero, one = guild_on(0, 2), guild_on(1, 2)
    t0 = await store.tables.get_or_create(zero, 10)
    t1 = await store.tables.get_or_create(one, 11)
    shard_one = Config(token="x", shard_count=2, shard_ids=(1,))
    client = FakeClient()
    registry = TableRegistry(
        client, store, hand_pause=0, owns_guild=shard_one.owns_guild, voids_orphans=False
    )
    client.tables = registry
    try:
        await registry.restore_all()
        assert registry.by_table(t1.id) is not None
        assert registry.by_table(t0.id) is None and len(registry) == 1
    finally:
        await registry.close_all()
    shard_zero = Config(token="x", shard_count=2, shard_ids=(0,))
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=0, owns_guild=shard_zero.owns_guild)
    client.tables = registry
    try:
        await registry.restore_all()
        assert registry.by_table(t0.id) is not None and registry.by_table(t1.id) is None
    finally:
        await registry.close_all()


def test_the_table_kinds_are_the_table_buttons_kinds() -> None:
    assert set(TABLE_KINDS) == {route.kind for route in TABLE_ROUTES}


def test_dm_clicks_name_their_table_and_guild_clicks_are_left_alone() -> None:
    dm = {"type": 3, "data": {"custom_id": "deuce:c:42:7:1:3", "component_type": 2}}
    assert dm_click_table(dm) == 42
    assert dm_click_table({**dm, "data": {"custom_id": "deuce:f:9:1"}}) == 9
    assert dm_click_table({**dm, "guild_id": "5"}) is None  # a guild click reaches its shard
    assert dm_click_table({**dm, "type": 2}) is None  # a command
    assert dm_click_table({**dm, "data": {"custom_id": "other:1"}}) is None
    # a replay step names a hand, not a table: it is no table's click to route
    assert dm_click_table({**dm, "data": {"custom_id": "deuce:r:42:3:n"}}) is None
    assert dm_click_table({**dm, "data": {"custom_id": "deuce:rp:42"}}) is None
    assert shard_list({2, 0}) == ",0,2," and channel_name(3) == "deuce_shard_3"


def test_the_interaction_parser_the_shard_router_wraps_is_discord_pys() -> None:
    """``DeuceBot.start_routing`` wraps discord.py's INTERACTION_CREATE parser (its one reach
    into the library's private API, pinned in pyproject.toml): it must be there, and be the
    method that parses and dispatches an interaction."""
    state = discord.Client(intents=discord.Intents.none())._connection
    parser = state.parsers["INTERACTION_CREATE"]
    assert getattr(parser, "__func__", None) is type(state).parse_interaction_create


ALICE, BOB = 1001, 1002


class Router(ShardRouter):
    """A process's router in a test: the clicks it answers (``handled``: interaction id and
    whether deferred) and those it answers "back in a moment" (``back_soon``) are recorded, not
    sent to Discord; with ``hold``, the clicks it takes stay unanswered until it is set."""

    def __init__(self, url: str, shard_ids: list[int], hold: asyncio.Event | None = None) -> None:
        self.parsed: list[dict[str, Any]] = []
        self.handled: list[tuple[str, bool]] = []
        self.handled_at: dict[str, float] = {}
        self.ignored_at: dict[str, int] = {}
        self.back_soon: list[tuple[str, bool]] = []
        self.hold = hold
        super().__init__(
            cast(Any, None), url, 2, shard_ids, parse=self.parsed.append, handle=self.record
        )

    async def record(self, raw: dict[str, Any], deferred: bool) -> None:
        self.handled.append((str(raw["id"]), deferred))
        self.handled_at[str(raw["id"])] = time.monotonic()
        self.ignored_at[str(raw["id"])] = self.ignored
        if self.hold is not None:
            await self.hold.wait()

    async def answer_back_soon(self, raw: dict[str, Any], *, deferred: bool) -> None:
        self.back_soon.append((str(raw["id"]), deferred))


def click(number: int, table_id: int, user: int = ALICE, action: str = "pat") -> dict[str, Any]:
    """A DM click's INTERACTION_CREATE payload (interaction id ``number``)."""
    return {
        "type": 3,
        "id": str(number),
        "token": f"token-{number}",
        "user": {"id": str(user)},
        "data": {"component_type": 2, "custom_id": f"deuce:d:{table_id}:1:1:{action}"},
    }


async def until(check: Callable[[], Any], timeout: float = 6.0) -> None:
    """Wait until ``check()`` (a bool, or an awaitable of one) holds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        result = check()
        if inspect.isawaitable(result):
            result = await result
        if result:
            return
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.02)


@dataclasses.dataclass
class ShardDatabase:
    """A database with a table on each of two shards, and a connection of the test's own."""

    url: str
    admin: asyncpg.Connection
    tables: tuple[int, int]

    async def waiting_row(
        self,
        shard_id: int,
        raw: dict[str, Any],
        *,
        state: str = "new",
        age: float = 0.0,
        taken_by: str | None = None,
    ) -> int:
        """A hand-off row as shard 0's process writes it, without its NOTIFY (its sender died
        in between); ``taken_by``: as a process marks the row it took."""
        note: dict[str, Any] = {"click": raw}
        if taken_by is not None:
            note.update(taken_by=taken_by, taken_at=time.time() - age)
        return int(
            await self.admin.fetchval(
                "INSERT INTO interaction_handoffs (shard_id, payload, state, created_at) "
                "VALUES ($1, $2, $3, $4) RETURNING id",
                shard_id,
                json.dumps(note),
                state,
                time.time() - age,
            )
        )

    async def handoffs(self) -> int:
        return int(await self.admin.fetchval("SELECT count(*) FROM interaction_handoffs"))

    async def no_handoffs(self) -> bool:
        return await self.handoffs() == 0

    async def processes(self) -> set[str]:
        rows = await self.admin.fetch("SELECT process_id FROM shard_processes")
        return {str(row["process_id"]) for row in rows}

    async def notify(self, shard_id: int, payloads: list[str]) -> None:
        """NOTIFY each payload on the shard's channel, as any role that can connect may."""
        await self.admin.execute(
            "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload",
            channel_name(shard_id),
            payloads,
        )

    async def die(self, router: ShardRouter) -> None:
        """The router's process dies (SIGKILL): its loops stop and the server sees its
        connections close; a click it is answering is never answered."""
        for task in list(router._tasks - router._answering):
            task.cancel()
        await self.admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1",
            f"%{router.process_id}",
        )


@pytest.fixture
async def shard_db(postgres_cluster: PostgresCluster) -> AsyncIterator[ShardDatabase]:
    url = await postgres_cluster.create_database()
    store = await Store.open(url)
    zero = await store.tables.get_or_create(guild_on(0, 2), 4)
    one = await store.tables.get_or_create(guild_on(1, 2), 5)
    await store.close()
    admin = await asyncpg.connect(url)
    try:
        yield ShardDatabase(url, admin, (zero.id, one.id))
    finally:
        await admin.close()


@contextlib.asynccontextmanager
async def running(*routers: ShardRouter) -> AsyncIterator[None]:
    try:
        for router in routers:
            await router.start()
        yield
    finally:
        for router in routers:
            await router.close()


def shard_log(caplog: pytest.LogCaptureFixture, level: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "bot.shards" and r.levelno >= level]


async def test_the_router_comes_back_after_the_server_drops_its_connections(
    shard_db: ShardDatabase,
) -> None:
    """Two routers on one PostgreSQL (the owner of shard 1, the receiver of shard 0): a DM
    click is handed over; the server then drops the owner's connections (as a restart or a
    failover does); the owner is seen down at once, opens them again within a heartbeat or
    two, and takes the next click."""
    owner, receiver = Router(shard_db.url, [1]), Router(shard_db.url, [0])
    table = shard_db.tables[1]
    async with running(owner, receiver):
        assert await receiver.owner_alive(1) and not await receiver.owner_alive(2)
        assert receiver.intercept(click(1, table), lambda table_id: False)
        await until(lambda: owner.handled == [("1", False)])

        await shard_db.admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1",
            f"%{owner.process_id}",
        )

        async def down() -> bool:
            return not await receiver.owner_alive(1)

        await until(down, 2.0)
        await until(functools.partial(receiver.owner_alive, 1))
        assert receiver.intercept(click(2, table), lambda table_id: False)
        await until(lambda: owner.handled == [("1", False), ("2", False)])
        assert await shard_db.processes() == {owner.process_id, receiver.process_id}
        await until(shard_db.no_handoffs)  # each row deleted once answered
        assert owner.back_soon == receiver.back_soon == []
    assert await shard_db.processes() == set()  # each router removed its row on close


async def test_a_forged_notification_acts_on_nothing_and_no_token_is_on_the_wire(
    shard_db: ShardDatabase, caplog: pytest.LogCaptureFixture
) -> None:
    """Anyone who can connect may NOTIFY the owner's channel. A made-up click (user id, custom
    id, token), even naming the id of a real row, an id of no row or of another shard's row,
    and plain junk act on nothing and log no error: the owner acts only on the rows it takes,
    each by its own shard's process. A listener on the channel reads row ids, never a token."""
    caplog.set_level(logging.DEBUG, logger="bot.shards")
    owner, receiver = Router(shard_db.url, [1]), Router(shard_db.url, [0])
    zero, one = shard_db.tables
    async with running(owner, receiver):
        real = await shard_db.waiting_row(1, click(1, one))  # its NOTIFY not sent yet
        elsewhere = await shard_db.waiting_row(0, click(2, zero))
        forged = {**click(3, one, user=BOB, action="fold"), "token": "forged-token"}
        notes = [
            json.dumps({"id": real, "raw": forged}),
            json.dumps(forged),
            str(elsewhere),
            "999999",
            "-1",
            "1e3",
            "",
            "\u0663",  # an Arabic-Indic digit three
            "9" * 40,
        ]
        await shard_db.notify(1, notes)
        # The real rows are answered from what they hold, each by its own shard's process.
        await until(lambda: owner.handled)
        assert owner.handled == [("1", False)]
        await until(lambda: receiver.handled)
        assert receiver.handled == [("2", False)]
        assert owner.ignored == len(notes)
        await until(shard_db.no_handoffs)

        wire: list[str] = []
        eavesdropper = await asyncpg.connect(shard_db.url)
        try:
            await eavesdropper.add_listener(
                channel_name(1), lambda _c, _p, _ch, payload: wire.append(str(payload))
            )
            assert receiver.intercept(click(4, one), lambda table_id: False)
            await until(lambda: ("4", False) in owner.handled and wire)
        finally:
            await eavesdropper.close()
        assert len(wire) == 1 and wire[0].isdigit(), wire
        assert owner.handled == [("1", False), ("4", False)] and owner.back_soon == []
    assert shard_log(caplog, logging.ERROR) == []
    assert not any("token-" in r.getMessage() for r in caplog.records)


JUNK = 3000


async def test_junk_notifications_are_counted_quietly_and_a_click_among_them_is_not_delayed(
    shard_db: ShardDatabase, caplog: pytest.LogCaptureFixture
) -> None:
    """3,000 junk notifications (made-up clicks, ids of no row, text) on the owner's channel
    make one WARNING line with their count (at most one a minute), no ERROR and no traceback;
    a click handed over while they pour in is answered as soon as one on a quiet channel."""
    caplog.set_level(logging.INFO, logger="bot.shards")
    owner, receiver = Router(shard_db.url, [1]), Router(shard_db.url, [0])
    one = shard_db.tables[1]

    async def handed_over(number: int) -> float:
        started = time.monotonic()
        assert receiver.intercept(click(number, one), lambda table_id: False)
        await until(lambda: str(number) in owner.handled_at)
        return owner.handled_at[str(number)] - started

    async def flood() -> None:
        for batch in range(30):
            await shard_db.notify(
                1,
                [
                    json.dumps({"id": n, "raw": click(n, one, user=BOB)})
                    if n % 3 == 0
                    else str(10**12 + n)
                    if n % 3 == 1
                    else f"junk {n}"
                    for n in range(batch * 100, batch * 100 + 100)
                ],
            )
            await asyncio.sleep(0.01)

    async with running(owner, receiver):
        quiet = [await handed_over(number) for number in (1, 2, 3)]
        flooding = asyncio.create_task(flood())
        await asyncio.sleep(0.1)
        during = await handed_over(4)
        await flooding
        await asyncio.sleep(2 * HEARTBEAT_EVERY)  # the heartbeat that reports them
        assert len(shard_log(caplog, logging.ERROR)) == 0
        log.info(
            "click handed over: %.1f ms quiet, %.1f ms among junk", max(quiet) * 1e3, during * 1e3
        )
        assert during < max(0.25, 3 * max(quiet)), (quiet, during)
        assert 0 < owner.ignored_at["4"] < JUNK  # the click came among the junk
        await until(lambda: owner.ignored == JUNK)
    assert [raw_id for raw_id, _ in owner.handled] == ["1", "2", "3", "4"]
    warnings = shard_log(caplog, logging.WARNING)
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    assert "ignored" in warnings[0].getMessage() and warnings[0].exc_info is None


async def test_a_click_whose_notification_never_came_is_taken_by_the_sweep(
    shard_db: ShardDatabase,
) -> None:
    """The sender died between writing the row and its NOTIFY (or the owner's LISTEN was
    down): the owner's heartbeat takes the row within Discord's deadline; a row the sender
    deferred meanwhile is answered through the token."""
    owner = Router(shard_db.url, [1])
    one = shard_db.tables[1]
    async with running(owner):
        started = time.monotonic()
        await shard_db.waiting_row(1, click(1, one))
        await shard_db.waiting_row(1, click(2, one), state="deferred")
        await until(lambda: len(owner.handled) == 2, ANSWER_WITHIN)
        assert sorted(owner.handled) == [("1", False), ("2", True)]
        assert owner.handled_at["1"] - started < TAKE_LATE + 2 * HEARTBEAT_EVERY
        await until(shard_db.no_handoffs)


async def test_a_click_whose_owner_died_after_taking_it_is_answered_back_soon(
    shard_db: ShardDatabase,
) -> None:
    """The owner took a click (its row marked taken by it) and died before answering: another
    process's heartbeat sees the taker gone and answers "the table will be back in a moment"
    within Discord's deadline, and the row is deleted. So is a click that was waiting for it
    (deferred by the sender): through its token."""
    hold = asyncio.Event()
    owner, receiver = Router(shard_db.url, [1], hold=hold), Router(shard_db.url, [0])
    one = shard_db.tables[1]
    try:
        async with running(owner, receiver):
            started = time.monotonic()
            assert receiver.intercept(click(1, one), lambda table_id: False)
            await until(lambda: owner.handled == [("1", False)])
            await shard_db.die(owner)
            await shard_db.waiting_row(1, click(2, one), state="deferred", age=DEFER_AFTER)
            await until(lambda: len(receiver.back_soon) == 2, ANSWER_WITHIN)
            assert time.monotonic() - started < ANSWER_WITHIN
            assert sorted(receiver.back_soon) == [("1", False), ("2", True)]
            await until(shard_db.no_handoffs)
            assert receiver.handled == [] and owner.back_soon == []
    finally:
        hold.set()


async def test_rows_of_dead_processes_are_cleaned_while_the_others_run(
    shard_db: ShardDatabase,
) -> None:
    """A process that stopped beating STALE_AFTER ago is removed from the registry by the
    processes still running; the clicks it had taken are answered "back in a moment" through
    their token when deferred (too old otherwise, only deleted)."""
    owner, receiver = Router(shard_db.url, [1]), Router(shard_db.url, [0])
    one = shard_db.tables[1]
    async with running(owner, receiver):
        dead, now = "0" * 32, time.time()
        await shard_db.admin.execute(
            "INSERT INTO shard_processes (process_id, shard_count, shard_ids, heartbeat_at, "
            "started_at) VALUES ($1, 2, ',1,', $2, $3)",
            dead,
            now - 2 * STALE_AFTER,
            now - 60,
        )
        await shard_db.waiting_row(1, click(1, one), state="deferred", age=8, taken_by=dead)
        await shard_db.waiting_row(1, click(2, one), age=8, taken_by=dead)
        alive = {owner.process_id, receiver.process_id}

        async def swept() -> bool:  # a sweep clears the rows, then the processes: both done
            return await shard_db.no_handoffs() and await shard_db.processes() == alive

        await until(swept, 3 * HEARTBEAT_EVERY)
        assert await shard_db.processes() == alive
        assert owner.back_soon + receiver.back_soon == [("1", True)]
        assert owner.handled == receiver.handled == []
