"""DM clicks routed to the process that owns their table (sharded bots on PostgreSQL).

Discord sends every click on a button in a DM to shard 0, whichever server's table the button
belongs to (its ``custom_id`` carries the table id). The process that runs shard 0 hands such a
click to the process that runs the table's shard:

* ``shard_processes`` says who runs which shards; each process beats its heartbeat there every
  second. A shard whose process has not beaten for ``STALE_AFTER`` seconds is down: the click is
  answered privately "the table will be back in a moment" and changes nothing.
* The raw INTERACTION_CREATE payload goes into ``interaction_handoffs`` and its id (with the
  payload itself when it fits NOTIFY's 8,000 bytes) is sent with ``NOTIFY deuce_shard_<id>``.
  The owner, which LISTENs on its shards' channels, takes the row (deletes it) and feeds the
  payload to its own discord.py state as if its gateway had delivered it; its session answers
  with the interaction's token.
* If the row is still there after ``DEFER_AFTER`` seconds, the receiver marks it deferred and
  acknowledges the click (so it never fails); the owner then answers through the token: the
  response methods become an edit of the original message and follow-ups.

On SQLite (one process) and unsharded, nothing of this runs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import uuid
from collections.abc import Callable, Collection
from typing import Any, cast

import asyncpg
import discord

from bot.config import shard_of
from bot.messages import t

log = logging.getLogger(__name__)

HEARTBEAT_EVERY = 1.0
STALE_AFTER = 5.0
DEFER_AFTER = 1.5
NOTIFY_LIMIT = 7900
"""Bytes of NOTIFY payload sent inline; a larger payload is read from the table."""

TABLE_OF_CUSTOM_ID = re.compile(r"deuce:[a-z]:(\d+)(?::|$)")


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


class DeferredResponse:
    """``interaction.response`` for a click another process already acknowledged (deferred):
    what the session would send as the response goes through the token instead."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self._interaction = interaction

    def is_done(self) -> bool:
        return True

    async def defer(self, **_: Any) -> None:
        return None

    async def edit_message(self, **kwargs: Any) -> None:
        await self._interaction.edit_original_response(**kwargs)

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        await self._interaction.followup.send(content or "", **kwargs)


class ShardRouter:
    """One process's side of the routing: its registry row, its LISTEN, its hand-offs."""

    def __init__(
        self,
        client: discord.Client,
        url: str,
        shard_count: int,
        shard_ids: Collection[int],
        *,
        parse: Callable[[dict[str, Any]], None],
    ) -> None:
        self.client = client
        self.url = url
        self.shard_count = shard_count
        self.shard_ids = frozenset(shard_ids)
        self.process_id = uuid.uuid4().hex
        self._parse = parse
        self._conn: asyncpg.Connection | None = None
        self._listen: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._started_at = 0.0
        self.routed = 0
        self.taken = 0

    # -- lifecycle ------------------------------------------------------------------------

    async def start(self) -> None:
        self._started_at = time.time()
        await self._beat()
        await self._open_listen()
        self._spawn(self._heartbeat())
        # Hand-offs written while this shard's process was down were answered "back in a
        # moment" or deferred: drop them, and the rows of processes long gone (killed ones
        # never remove their own).
        await self._run(
            "DELETE FROM interaction_handoffs WHERE created_at < $1", time.time() - STALE_AFTER
        )
        await self._run(
            "DELETE FROM shard_processes WHERE heartbeat_at < $1", time.time() - 60 * STALE_AFTER
        )
        log.info("Shard router %s runs shards %s", self.process_id, sorted(self.shard_ids))

    async def close(self) -> None:
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

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
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
        """Beat every second; a LISTEN connection the server dropped is opened again (clicks
        handed over meanwhile were deferred by the receiver, or answered "back in a moment")."""
        while True:
            await asyncio.sleep(HEARTBEAT_EVERY)
            try:
                if self._listen is None or self._listen.is_closed():
                    log.warning("Shard router: the LISTEN connection was lost; reconnecting")
                    await self._open_listen()
                await self._beat()
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                log.warning("Shard heartbeat failed", exc_info=True)

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
            "SELECT count(*) FROM shard_processes p WHERE p.shard_ids LIKE $1 "
            "AND p.heartbeat_at > $2 AND EXISTS (SELECT 1 FROM pg_stat_activity a "
            "WHERE a.application_name = 'deuce-shard-' || p.process_id)",
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
            await self._answer_back_soon(raw)

    async def _answer_back_soon(self, raw: dict[str, Any]) -> None:
        state: Any = self.client._connection
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=cast(Any, raw), state=state
        )
        if interaction.response.is_done():
            return
        try:
            text = t("shard_back_soon", interaction.locale)
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
            await self._answer_back_soon(raw)
            return
        text = json.dumps(raw, separators=(",", ":"))
        handoff_id = int(
            await self._fetchval(
                "INSERT INTO interaction_handoffs (shard_id, payload, state, created_at) "
                "VALUES ($1, $2, 'new', $3) RETURNING id",
                shard_id,
                text,
                time.time(),
            )
        )
        note = f'{{"id":{handoff_id:d},"raw":{text}}}'
        if len(note.encode()) > NOTIFY_LIMIT:
            note = f'{{"id":{handoff_id:d}}}'
        await self._run("SELECT pg_notify($1, $2)", channel_name(shard_id), note)
        self.routed += 1
        log.debug("Handed a DM click on table %s to shard %s", table_id, shard_id)
        await asyncio.sleep(DEFER_AFTER)
        status = await self._run(
            "UPDATE interaction_handoffs SET state = 'deferred' WHERE id = $1 AND state = 'new'",
            handoff_id,
        )
        if status.endswith(" 1"):
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
        self._spawn(self._take(str(payload)))

    async def _take(self, payload: str) -> None:
        note = json.loads(payload)
        handoff_id = int(note["id"])
        row = await self._query(
            "fetchrow",
            "DELETE FROM interaction_handoffs WHERE id = $1 RETURNING state, payload",
            handoff_id,
        )
        if row is None:
            return  # another process of the same shards took it
        raw = note.get("raw") or json.loads(row["payload"])
        self.taken += 1
        if row["state"] == "deferred":
            self.feed(raw, deferred=True)
        else:
            self._parse(raw)

    def feed(self, raw: dict[str, Any], *, deferred: bool) -> None:
        """Dispatch a click as discord.py's own INTERACTION_CREATE parser does; a deferred one
        answers through its token."""
        if not deferred:
            self._parse(raw)
            return
        state: Any = self.client._connection
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=cast(Any, raw), state=state
        )
        interaction._cs_response = DeferredResponse(interaction)  # type: ignore[attr-defined]
        data = raw["data"]
        state._view_store.dispatch_view(data["component_type"], data["custom_id"], interaction)
        state.dispatch("interaction", interaction)
