"""DM clicks routed to the process that owns their table (sharded bots on PostgreSQL).

Discord sends every click on a button in a DM to shard 0, whichever server's table the button
belongs to (its ``custom_id`` carries the table id). The process that runs shard 0 hands such a
click to the process that runs the table's shard:

* ``shard_processes`` says who runs which shards; each process beats its heartbeat there every
  second. A process is alive while its heartbeat is fresh (``STALE_AFTER``) and its LISTEN
  connection is open. A click for a shard with no live process is answered privately "the table
  will be back in a moment" and changes nothing.
* The raw INTERACTION_CREATE payload (with the interaction's token) goes into a row of
  ``interaction_handoffs``; only the row's id travels, with ``NOTIFY deuce_shard_<shard>``, in
  the same statement. The owner, which LISTENs on its shards' channels, takes the rows whose ids
  it is told (one statement per batch of notifications: it marks them taken by its process id,
  for its own shards only) and acts on what the rows hold, never on a notification: anything
  else on its channels (not an id, an id of no row or of another shard's row) is counted and
  reported once a minute.
* The owner answers the click as if its gateway had delivered it, then deletes the row. The
  row holds ``{"click": ...}``; taking it adds ``taken_by`` (the process id) and ``taken_at``
  (the table has no columns for them), so a row whose taker died before answering is seen. If
  the row is still untaken after ``DEFER_AFTER`` seconds, shard 0's process marks it deferred
  and acknowledges the click (so it never fails); the owner then answers through the token.
* Every heartbeat, each process sweeps: its shards' rows that nobody took within ``TAKE_LATE``
  (a lost NOTIFY, or a sender that died before sending it) are taken; rows that no live process
  can answer any more (taken by a process that died, or waiting for a shard whose process is
  gone, or for ``STALE_AFTER``) are answered "back in a moment" while the interaction can still
  be answered, and deleted; the registry rows of dead processes are deleted.

On SQLite (one process) and unsharded, nothing of this runs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import uuid
from collections.abc import Awaitable, Callable, Collection
from typing import Any, cast

import asyncpg
import discord

from bot.config import shard_of
from bot.messages import t

log = logging.getLogger(__name__)

HEARTBEAT_EVERY = 1.0
STALE_AFTER = 5.0
DEFER_AFTER = 1.5
TAKE_LATE = 0.5
"""A row nobody took for this long lost its NOTIFY: its shard's process takes it when it sweeps."""
ANSWER_WITHIN = 3.0
"""Discord's deadline for an interaction's first response."""
TOKEN_LIFETIME = 15 * 60.0
"""How long an acknowledged interaction's token still sends follow-ups."""
REPORT_EVERY = 60.0
"""Seconds between two reports of ignored notifications."""
CLOSE_WAIT = 2.0
"""Seconds a closing router gives the clicks it took to be answered."""

TABLE_KINDS = "cdfst"
"""The router kinds of the table's own buttons (``bot/table/buttons.py``), whose custom id
names the table first; every other dealer button (a replay step names a hand) is no table's."""
TABLE_OF_CUSTOM_ID = re.compile(rf"deuce:[{TABLE_KINDS}]:(\d+)(?::|$)")

ALIVE = (
    "p.heartbeat_at > $2 AND EXISTS (SELECT 1 FROM pg_stat_activity a "
    "WHERE a.application_name = 'deuce-shard-' || p.process_id)"
)
"""A registry row ``p`` of a live process (``$2``: the time before which a heartbeat is stale)."""

HAND_OFF = (
    "WITH handoff AS (INSERT INTO interaction_handoffs (shard_id, payload, state, created_at) "
    "VALUES ($1, $2, 'new', $3) RETURNING id) "
    "SELECT id, pg_notify($4, id::text) FROM handoff"
)
"""Write a click for a shard and notify its row id (delivered when the statement commits)."""

DEFER = (
    "UPDATE interaction_handoffs SET state = 'deferred' "
    "WHERE id = $1 AND state = 'new' AND payload::jsonb ->> 'taken_by' IS NULL"
)
"""The sender acknowledges a click its owner has not taken in time."""

TAKE = (
    "UPDATE interaction_handoffs SET payload = (payload::jsonb "
    "|| jsonb_build_object('taken_by', $1::text, 'taken_at', $2::float8))::text "
    "WHERE shard_id = ANY($3::bigint[]) AND payload::jsonb ->> 'taken_by' IS NULL "
    "AND (id = ANY($4::bigint[]) OR created_at BETWEEN $5 AND $6) "
    "RETURNING id, state, payload"
)
"""The owner takes the rows it was told of, and those of its shards that waited too long."""

FINISHED = "DELETE FROM interaction_handoffs WHERE id = ANY($1::bigint[])"

ORPHANS = (
    "DELETE FROM interaction_handoffs h WHERE h.created_at < $1 AND CASE "
    "WHEN h.payload::jsonb ->> 'taken_by' IS NULL THEN h.created_at < $2 OR NOT EXISTS "
    "(SELECT 1 FROM shard_processes p WHERE p.shard_ids LIKE '%,' || h.shard_id || ',%' "
    f"AND {ALIVE}) "
    "ELSE NOT EXISTS (SELECT 1 FROM shard_processes p "
    f"WHERE p.process_id = h.payload::jsonb ->> 'taken_by' AND {ALIVE}) END "
    "RETURNING h.state, h.created_at, h.payload"
)
"""Rows no live process will answer: taken by a dead process, or waiting for a shard whose
process is gone (or for ``STALE_AFTER``)."""


def listener_name(process_id: str) -> str:
    """The application name of a process's LISTEN connection (``pg_stat_activity``)."""
    return f"deuce-shard-{process_id}"


def channel_name(shard_id: int) -> str:
    return f"deuce_shard_{shard_id:d}"


def dm_click_table(raw: dict[str, Any]) -> int | None:
    """The table id of a click on a dealer button in a DM (no guild), else None."""
    if raw.get("type") != 3 or raw.get("guild_id"):
        return None
    custom_id = str((raw.get("data") or {}).get("custom_id") or "")
    match = TABLE_OF_CUSTOM_ID.match(custom_id)
    return int(match.group(1)) if match else None


def shard_list(shard_ids: Collection[int]) -> str:
    """``,0,2,``: the shard ids as stored, so ``LIKE '%,2,%'`` finds a shard."""
    return "," + ",".join(str(i) for i in sorted(shard_ids)) + ","


def handoff_id(payload: str) -> int | None:
    """The row id a notification names: a short string of ASCII digits, else None (junk)."""
    if len(payload) <= 18 and payload.isascii() and payload.isdigit():
        return int(payload)
    return None


def row_click(payload: str) -> dict[str, Any] | None:
    """The click a hand-off row holds (``{"click": ...}``, as ``_hand_off`` writes it), or
    None for a row in any other form."""
    try:
        click = json.loads(payload).get("click")
    except (ValueError, AttributeError):
        return None
    return click if isinstance(click, dict) else None


class DeferredResponse:
    """``interaction.response`` for a click another process already acknowledged (deferred):
    what the session would send as the response goes through the token instead."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self._parent = interaction  # the name replies.unlink_interaction cuts

    def is_done(self) -> bool:
        return True

    async def defer(self, **_: Any) -> None:
        return None

    async def edit_message(self, **kwargs: Any) -> None:
        await self._parent.edit_original_response(**kwargs)

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        await self._parent.followup.send(content or "", **kwargs)


def routed_interaction(
    state: Any, raw: dict[str, Any], *, deferred: bool
) -> discord.Interaction[Any]:
    """The interaction of a handed-over click; a deferred one answers through its token."""
    interaction: discord.Interaction[Any] = discord.Interaction(data=cast(Any, raw), state=state)
    if deferred:
        interaction._cs_response = DeferredResponse(interaction)  # type: ignore[attr-defined]
    return interaction


class ShardRouter:
    """One process's side of the routing: its registry row, its LISTEN, its hand-offs.

    ``parse`` is discord.py's INTERACTION_CREATE parser (a click shard 0's process answers
    itself); ``handle(raw, deferred)`` answers a click handed over to this process and returns
    once it is answered."""

    def __init__(
        self,
        client: discord.Client,
        url: str,
        shard_count: int,
        shard_ids: Collection[int],
        *,
        parse: Callable[[dict[str, Any]], None],
        handle: Callable[[dict[str, Any], bool], Awaitable[None]],
    ) -> None:
        self.client = client
        self.url = url
        self.shard_count = shard_count
        self.shard_ids = frozenset(shard_ids)
        self.process_id = uuid.uuid4().hex
        self._parse = parse
        self._handle = handle
        self._conn: asyncpg.Connection | None = None
        self._listen: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._answering: set[asyncio.Task[Any]] = set()
        self._started_at = 0.0
        self._told: list[int] = []
        """Row ids notified and not yet taken."""
        self._told_event = asyncio.Event()
        self._finished: set[int] = set()
        """Rows answered whose deletion failed (retried at the next sweep)."""
        self._unreported = 0
        self._reported_at = float("-inf")
        self.routed = 0
        self.taken = 0
        self.ignored = 0
        """Notifications that named no row of this process's shards (junk, forged, unknown)."""

    # -- lifecycle ------------------------------------------------------------------------

    async def start(self) -> None:
        self._started_at = time.time()
        await self._beat()
        await self._open_listen()
        self._spawn(self._heartbeat())
        self._spawn(self._take_told())
        await self._sweep()
        log.info("Shard router %s runs shards %s", self.process_id, sorted(self.shard_ids))

    async def close(self) -> None:
        for task in list(self._tasks - self._answering):
            task.cancel()
        if self._answering:
            await asyncio.wait(set(self._answering), timeout=CLOSE_WAIT)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._conn is not None:
            try:
                await self._conn.execute(
                    "DELETE FROM shard_processes WHERE process_id = $1", self.process_id
                )
            except Exception:
                log.debug("could not remove the process row", exc_info=True)
            await self._conn.close()
        if self._listen is not None:
            await self._listen.close()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        self._answering.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("Shard routing task failed", exc_info=task.exception())

    async def _query(self, method: str, sql: str, *args: Any) -> Any:
        """One statement on the router's connection, opened again (and the statement retried
        once) when the server dropped it (a restart, a failover, a terminated backend)."""
        async with self._lock:
            for attempt in (1, 2):
                if self._conn is None or self._conn.is_closed():
                    self._conn = await asyncpg.connect(
                        self.url,
                        server_settings={"application_name": f"deuce-router-{self.process_id}"},
                    )
                try:
                    return await getattr(self._conn, method)(sql, *args)
                except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                    if attempt == 2 or not self._conn.is_closed():
                        raise
                    log.warning("Shard router: the database connection was lost; reconnecting")
        raise AssertionError("unreachable")

    async def _run(self, sql: str, *args: Any) -> str:
        return str(await self._query("execute", sql, *args))

    async def _fetchval(self, sql: str, *args: Any) -> Any:
        return await self._query("fetchval", sql, *args)

    async def _open_listen(self) -> None:
        """The LISTEN connection carries the process id as its application name: the server
        drops it the moment the process dies (even by SIGKILL), so the others see at once that
        its shards are down, without waiting for the heartbeat to go stale."""
        if self._listen is not None:
            self._listen.terminate()
        self._listen = await asyncpg.connect(
            self.url, server_settings={"application_name": listener_name(self.process_id)}
        )
        for shard_id in sorted(self.shard_ids):
            await self._listen.add_listener(channel_name(shard_id), self._on_notify)

    async def _beat(self) -> None:
        """Say this process runs its shards (the row is written again if it went missing)."""
        await self._run(
            "INSERT INTO shard_processes (process_id, shard_count, shard_ids, heartbeat_at, "
            "started_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (process_id) "
            "DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at",
            self.process_id,
            self.shard_count,
            shard_list(self.shard_ids),
            time.time(),
            self._started_at,
        )

    async def _heartbeat(self) -> None:
        """Beat and sweep every second; a LISTEN connection the server dropped is opened again
        (the sweep then takes the clicks handed over meanwhile)."""
        while True:
            await asyncio.sleep(HEARTBEAT_EVERY)
            try:
                if self._listen is None or self._listen.is_closed():
                    log.warning("Shard router: the LISTEN connection was lost; reconnecting")
                    await self._open_listen()
                await self._beat()
                await self._sweep()
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                log.warning("Shard heartbeat failed", exc_info=True)
            except Exception:
                log.exception("Shard heartbeat failed")  # and it beats again in a second
            self._report_ignored()

    async def _sweep(self) -> None:
        """Take this process's late rows, answer the rows nobody will answer, forget the
        processes that stopped beating."""
        await self._take(())
        now = time.time()
        for row in await self._query("fetch", ORPHANS, now - TAKE_LATE, now - STALE_AFTER):
            self._answer_orphan(row["payload"], row["state"] == "deferred", now - row["created_at"])
        await self._run("DELETE FROM shard_processes WHERE heartbeat_at < $1", now - STALE_AFTER)
        if self._finished:
            finished, self._finished = self._finished, set()
            await self._run(FINISHED, sorted(finished))

    def _answer_orphan(self, payload: str, deferred: bool, age: float) -> None:
        """A click no live process will answer: "back in a moment", if it can still be
        answered (within Discord's deadline, or through the token once acknowledged)."""
        click = row_click(payload)
        if click is None:
            log.warning("Shard router: dropped a hand-off row that holds no click")
            return
        answerable = age < (TOKEN_LIFETIME if deferred else ANSWER_WITHIN)
        log.info(
            "DM click for table %s left by its shard's process: %s",
            dm_click_table(click),
            "answered 'back in a moment'" if answerable else "too old to answer",
        )
        if answerable:
            self._spawn(self.answer_back_soon(click, deferred=deferred))

    def _report_ignored(self) -> None:
        """At most one line a minute for notifications that named no click of ours."""
        now = time.monotonic()
        if self._unreported and now - self._reported_at >= REPORT_EVERY:
            log.warning(
                "Shard router: ignored %d notification(s) naming no click handed to shards %s "
                "since the last report",
                self._unreported,
                sorted(self.shard_ids),
            )
            self._unreported = 0
            self._reported_at = now

    # -- the receiving side (shard 0) -----------------------------------------------------

    def intercept(self, raw: dict[str, Any], is_local: Callable[[int], bool]) -> bool:
        """Whether this DM click is routed elsewhere (then the caller does not parse it)."""
        table_id = dm_click_table(raw)
        if table_id is None or is_local(table_id):
            return False
        self._spawn(self._route(raw, table_id))
        return True

    async def owner_alive(self, shard_id: int) -> bool:
        """Whether a process runs ``shard_id``: its heartbeat is fresh and its LISTEN
        connection is still open."""
        found = await self._fetchval(
            f"SELECT count(*) FROM shard_processes p WHERE p.shard_ids LIKE $1 AND {ALIVE}",
            f"%,{shard_id:d},%",
            time.time() - STALE_AFTER,
        )
        return bool(found)

    async def _route(self, raw: dict[str, Any], table_id: int) -> None:
        """Hand one DM click to its table's process; whatever goes wrong, it is answered."""
        try:
            await self._hand_off(raw, table_id)
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError):
            log.warning("DM click for table %s could not be handed off", table_id, exc_info=True)
            await self.answer_back_soon(raw, deferred=False)

    async def answer_back_soon(self, raw: dict[str, Any], *, deferred: bool) -> None:
        """Tell the clicker privately that the table will be back in a moment (through the
        token when the click was acknowledged already)."""
        state: Any = self.client._connection
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=cast(Any, raw), state=state
        )
        try:
            text = t("shard_back_soon", interaction.locale)
            if deferred:
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.debug("could not answer a DM click", exc_info=True)

    async def _hand_off(self, raw: dict[str, Any], table_id: int) -> None:
        guild_id = await self._fetchval("SELECT guild_id FROM poker_tables WHERE id = $1", table_id)
        if guild_id is None:
            self._parse(raw)  # no such table: answered here as any unknown table is
            return
        shard_id = shard_of(int(guild_id), self.shard_count)
        if shard_id in self.shard_ids:
            self._parse(raw)  # ours after all (a table not running here: closed)
            return
        if not await self.owner_alive(shard_id):
            log.info("DM click for table %s: shard %s is down", table_id, shard_id)
            await self.answer_back_soon(raw, deferred=False)
            return
        row_id = await self._fetchval(
            HAND_OFF,
            shard_id,
            json.dumps({"click": raw}, separators=(",", ":")),
            time.time(),
            channel_name(shard_id),
        )
        self.routed += 1
        log.debug("Handed a DM click on table %s to shard %s (row %s)", table_id, shard_id, row_id)
        await asyncio.sleep(DEFER_AFTER)
        if (await self._run(DEFER, row_id)).endswith(" 1"):
            log.info(
                "DM click for table %s not taken in %.1f seconds: deferred", table_id, DEFER_AFTER
            )
            state: Any = self.client._connection
            interaction: discord.Interaction[Any] = discord.Interaction(
                data=cast(Any, raw), state=state
            )
            await interaction.response.defer()

    # -- the owning side ------------------------------------------------------------------

    def _on_notify(self, _conn: object, _pid: int, _channel: str, payload: object) -> None:
        """A notification on one of this process's channels: a row id is queued for the next
        take (one statement for all queued), anything else is counted. No database round trip
        and no task per notification: junk costs microseconds."""
        row_id = handoff_id(str(payload))
        if row_id is None:
            self.ignored += 1
            self._unreported += 1
            return
        self._told.append(row_id)
        self._told_event.set()

    async def _take_told(self) -> None:
        while True:
            await self._told_event.wait()
            self._told_event.clear()
            told, self._told = set(self._told), []
            try:
                taken = await self._take(told)
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
                log.warning("Shard router: could not take handed-off clicks (%s)", error)
                continue  # the rows wait for the next sweep
            unknown = len(told - taken)
            self.ignored += unknown
            self._unreported += unknown

    async def _take(self, told: Collection[int]) -> set[int]:
        """Take the rows named by ``told`` and this process's rows that waited too long (of its
        own shards only, and not taken already), and answer each from its row."""
        now = time.time()
        rows = await self._query(
            "fetch",
            TAKE,
            self.process_id,
            now,
            sorted(self.shard_ids),
            sorted(told),
            now - STALE_AFTER,
            now - TAKE_LATE,
        )
        for row in sorted(rows, key=lambda r: int(r["id"])):
            click = row_click(row["payload"])
            if click is None:
                log.warning("Shard router: dropped a hand-off row that holds no click")
                self._finished.add(int(row["id"]))
                continue
            self.taken += 1
            task = self._spawn(self._answer(int(row["id"]), click, row["state"] == "deferred"))
            self._answering.add(task)
        return {int(row["id"]) for row in rows}

    async def _answer(self, row_id: int, click: dict[str, Any], deferred: bool) -> None:
        """Answer a taken click, then delete its row (kept until now so that, if this process
        dies first, another one answers it "back in a moment")."""
        try:
            await self._handle(click, deferred)
        finally:
            try:
                await self._run(FINISHED, [row_id])
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                self._finished.add(row_id)
