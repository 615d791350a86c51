"""The limits Discord counts per bot, shared by the processes of a sharded bot on PostgreSQL.

Discord allows a bot 50 rate-limited requests a second in all and lets it IDENTIFY one shard
of a rate-limit bucket every 5 seconds, whatever the number of processes it runs in. Each
process paces its own requests (``bot/pacer.py``); here the processes share what they share
anyway, their database:

* ``SharedBudget``: the whole bot's ``DEUCE_REST_PER_SECOND`` as one GCRA row
  (``rest_budget``: its theoretical arrival time ``tat``, on the server's own clock, so the
  hosts' clocks never matter). A process leases up to ``lease_max`` tokens at a time in ONE
  statement (``LEASE``): both of its SET expressions read the same row version, so leases from
  several processes at once queue on the row and never overshoot. A token leased is spent
  within ``LEASE_LIFETIME`` of the lease being asked for, or dropped: no process hoards a
  burst. Over any one second, the leases of all processes hold at most ``rate * (1 + burst)``
  tokens and are spent over at most ``1 + LEASE_LIFETIME`` seconds: at most ``rate * (1 +
  BURST_SECONDS + LEASE_LIFETIME)`` requests, 48 for the default 40 (Discord's limit: 50). A
  busy process uses what idle ones leave. The pacer's queue still decides which request goes
  (``RestPacer.gate``); the lease only says when.
* ``IdentifyTurns``: the next time each bucket (``shard_id % max_concurrency``, the gateway's
  ``session_start_limit``) may IDENTIFY, one row a bucket taken with one atomic statement
  (``TAKE_TURN``), so no two processes identify shards of one bucket within
  ``IDENTIFY_SPACING`` of each other; other buckets are not delayed.

A process whose database does not answer (within ``LEASE_TIMEOUT``) falls back to its own share
of the budget (``fallback_rate``: its shards' part) and says so once; it tries the database
again every ``RETRY_EVERY`` seconds and never stalls. IDENTIFY then falls back to discord.py's
own pause (5 seconds between this process's shards).

On SQLite (one process) and unsharded, nothing of this runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import asyncpg

from bot.config import Config, without_secrets

log = logging.getLogger(__name__)

BUDGET_NAME = "discord"
"""The ``rest_budget`` row of Discord's global limit."""
BURST_SECONDS = 0.1
"""The budget's tolerance: at most ``rate * BURST_SECONDS`` tokens at once (4 at 40/s)."""
LEASE_LIFETIME = 0.1
"""Seconds a leased token may wait to be spent, from when the lease was asked for."""
LEASE_TIMEOUT = 0.5
"""A lease (or a connection) slower than this: the database is down for the budget."""
CONNECT_TIMEOUT = 2.0
RETRY_EVERY = 5.0
"""Seconds a process paces itself alone before it asks the database again."""
IDENTIFY_SPACING = 5.5
"""Seconds between two IDENTIFYs of one bucket: Discord's 5, and a margin for the round trip
between the turn being taken and the IDENTIFY reaching Discord."""
IDENTIFY_HORIZON = 45.0
"""A turn is only taken for an IDENTIFY due within this many seconds of the hook's call:
discord.py gives a connection 60 seconds (then starts it again, and would leave a turn taken
unused); a later turn is waited for without being taken."""
TURN_POLL = 1.0
"""Seconds between two asks for a turn beyond ``IDENTIFY_HORIZON``."""

NOW = "(SELECT extract(epoch FROM clock_timestamp())::float8 AS now) AS c"
"""The server's clock, read once for the statement (a one-row FROM item)."""

_AVAILABLE = (
    "LEAST($2::bigint, GREATEST(0, floor(($3 - (GREATEST(b.tat, c.now) - c.now)) * $4 + 1e-9)))"
)
"""How many tokens a lease of at most ``$2`` gets (burst ``$3`` seconds, rate ``$4``), from the
row as it is when the statement takes it."""

LEASE = (
    f"UPDATE rest_budget AS b SET granted = {_AVAILABLE}::bigint, "
    f"tat = GREATEST(b.tat, c.now) + {_AVAILABLE} / $4 "
    f"FROM {NOW} WHERE b.name = $1 "
    "RETURNING b.granted, b.tat - c.now"
)
"""Lease up to ``$2`` tokens of budget ``$1``: returns how many were granted and how far the
budget's arrival time is ahead of now (with none granted, the next token is there in
``ahead - burst + 1 / rate`` seconds). Both SET expressions read the row version the UPDATE
locked (under READ COMMITTED a concurrent lease waits for the row, then reads the new one)."""

ENSURE_BUDGET = (
    "INSERT INTO rest_budget (name, tat, granted) VALUES ($1, 0, 0) ON CONFLICT (name) DO NOTHING"
)

ENSURE_BUCKET = (
    "INSERT INTO identify_turns (bucket, next_at) VALUES ($1, 0) ON CONFLICT (bucket) DO NOTHING"
)

TAKE_TURN = (
    "UPDATE identify_turns AS t SET next_at = GREATEST(t.next_at, c.now) + $2 "
    f"FROM {NOW} WHERE t.bucket = $1 AND t.next_at - c.now <= $3 "
    "RETURNING t.next_at - $2 - c.now"
)
"""Take bucket ``$1``'s next turn (``$2`` seconds after the one before, or now), if it comes
within ``$3`` seconds: returns the seconds to wait for it, or no row."""

DATABASE_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, asyncio.TimeoutError)


class SharedBudget:
    """One process's side of the shared REST budget: the ``RestPacer.gate`` of its client.

    ``take`` spends a token leased before (or, fallen back, one of the local share);
    ``refill`` leases more in a task and calls the pacer back once there are some."""

    def __init__(
        self,
        url: str,
        rate: float,
        *,
        fallback_rate: float,
        burst: float = BURST_SECONDS,
        lifetime: float = LEASE_LIFETIME,
        timeout: float = LEASE_TIMEOUT,
        retry_every: float = RETRY_EVERY,
        name: str = BUDGET_NAME,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if rate <= 0 or fallback_rate <= 0:
            raise ValueError("the request rates must be positive")
        self.url = url
        self.rate = rate
        self.fallback_rate = fallback_rate
        self.burst = burst
        self.lifetime = lifetime
        self.timeout = timeout
        self.retry_every = retry_every
        self.name = name
        self._clock = clock
        self.lease_max = max(1, math.floor(rate * burst + 1e-9))
        """The most tokens one lease asks for: the budget's whole burst."""
        self._held = 0
        self._expires = 0.0
        self._fallen_back_until = 0.0
        """While the clock is before this, the process paces itself at ``fallback_rate``."""
        self._local_next = 0.0
        self._down = False
        """The database did not answer at the last try (said once until it answers)."""
        self._conn: asyncpg.Connection | None = None
        self._leasing: asyncio.Task[None] | None = None
        self._ready: list[Callable[[], None]] = []
        self._closed = False
        self.leases = 0
        self.granted = 0
        self.expired = 0
        """Tokens leased and dropped unspent (their lifetime ran out)."""
        self.fallbacks = 0

    @property
    def fallen_back(self) -> bool:
        return self._clock() < self._fallen_back_until

    def take(self) -> bool:
        now = self._clock()
        if self._held:
            if now < self._expires:
                self._held -= 1
                return True
            self.expired += self._held
            self._held = 0
        if now < self._fallen_back_until and now >= self._local_next:
            self._local_next = now + 1.0 / self.fallback_rate
            return True
        return False

    def refill(self, wanted: int, ready: Callable[[], None]) -> None:
        if ready not in self._ready:
            self._ready.append(ready)
        if self._leasing is None:
            want = max(1, min(wanted, self.lease_max))
            self._leasing = asyncio.get_running_loop().create_task(
                self._lease(want), name="rest-budget-lease"
            )

    async def _lease(self, wanted: int) -> None:
        """Lease tokens until some are held (or the local share has one), then call back."""
        try:
            while not self._closed:
                now = self._clock()
                if now < self._fallen_back_until:
                    await asyncio.sleep(max(0.0, self._local_next - now))
                    return
                try:
                    if self._conn is None or self._conn.is_closed():
                        await asyncio.wait_for(self._connect(), CONNECT_TIMEOUT)
                    asked = self._clock()
                    granted, ahead = await asyncio.wait_for(self._ask(wanted), self.timeout)
                except DATABASE_ERRORS as error:
                    self._fall_back(error)
                    continue
                if self._down:
                    self._down = False
                    log.info("The shared REST budget answers again: leasing from it")
                self.leases += 1
                if granted > 0:
                    self.granted += granted
                    self._held = granted
                    self._expires = asked + self.lifetime
                    return
                await asyncio.sleep(max(0.001, ahead - self.burst + 1.0 / self.rate))
        finally:
            self._leasing = None
            ready, self._ready = self._ready, []
            for callback in ready:
                callback()

    async def _connect(self) -> None:
        conn = await asyncpg.connect(
            self.url,
            timeout=CONNECT_TIMEOUT,
            server_settings={"application_name": "deuce-rest-budget"},
        )
        try:
            await conn.execute(ENSURE_BUDGET, self.name)
        except BaseException:
            conn.terminate()
            raise
        self._conn = conn

    async def _ask(self, wanted: int) -> tuple[int, float]:
        assert self._conn is not None
        row = await self._conn.fetchrow(LEASE, self.name, wanted, self.burst, self.rate)
        if row is None:  # the row went missing (a restore): made again at the next lease
            await self._conn.execute(ENSURE_BUDGET, self.name)
            return 0, 0.0
        return int(row[0]), float(row[1])

    def _fall_back(self, error: BaseException) -> None:
        """The database did not answer: this process paces itself at its own share for
        ``retry_every`` seconds (said once until the database answers again)."""
        self.fallbacks += 1
        if self._conn is not None:
            self._conn.terminate()  # a statement cut off mid-way leaves it unusable
            self._conn = None
        now = self._clock()
        self._fallen_back_until = now + self.retry_every
        if not self._down:
            self._down = True
            reason = without_secrets(f"{type(error).__name__}: {error}", self.url)
            log.warning(
                "The shared REST budget's database does not answer (%s): this process paces "
                "itself at %g requests a second until it does",
                reason,
                self.fallback_rate,
            )

    async def close(self) -> None:
        """Stop leasing: from now on the process paces itself at its own share."""
        self._closed = True
        self._fallen_back_until = math.inf
        if self._leasing is not None:
            self._leasing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._leasing
        if self._conn is not None:
            self._conn.terminate()
            self._conn = None


class IdentifyTurns:
    """One process's side of the IDENTIFY turns: ``wait_turn(bucket)`` returns when this
    process may IDENTIFY a shard of ``bucket``."""

    def __init__(
        self,
        url: str,
        *,
        spacing: float = IDENTIFY_SPACING,
        horizon: float = IDENTIFY_HORIZON,
        poll: float = TURN_POLL,
        timeout: float = CONNECT_TIMEOUT,
    ) -> None:
        self.url = url
        self.spacing = spacing
        self.horizon = horizon
        self.poll = poll
        self.timeout = timeout

    async def _take(self, bucket: int, horizon: float) -> float | None:
        conn = await asyncpg.connect(
            self.url,
            timeout=self.timeout,
            server_settings={"application_name": "deuce-identify"},
        )
        try:
            await conn.execute(ENSURE_BUCKET, bucket)
            wait = await conn.fetchval(TAKE_TURN, bucket, self.spacing, horizon)
        finally:
            await conn.close()
        return None if wait is None else max(0.0, float(wait))

    async def wait_turn(self, bucket: int) -> float:
        """Take the bucket's next turn and wait for it; returns the seconds waited. A turn more
        than ``horizon`` seconds (from this call) away is not taken yet: asked again later."""
        started = time.monotonic()
        while True:
            horizon = self.horizon - (time.monotonic() - started)
            wait = None
            if horizon >= 0:
                wait = await asyncio.wait_for(self._take(bucket, horizon), self.timeout * 2)
            if wait is not None:
                await asyncio.sleep(wait)
                return time.monotonic() - started
            await asyncio.sleep(self.poll)


class ClusterLimits:
    """What the processes of a sharded bot on PostgreSQL share: the REST budget (the pacer's
    gate) and the IDENTIFY turns (``before_identify``, the client's hook)."""

    def __init__(
        self,
        url: str,
        rate: float,
        share: float,
        session_start_limit: Callable[[], Awaitable[Mapping[str, Any]]],
    ) -> None:
        self.budget = SharedBudget(url, rate, fallback_rate=max(rate * share, 1.0))
        self.turns = IdentifyTurns(url)
        self._session_start_limit = session_start_limit
        self._max_concurrency: int | None = None
        self._turns_down = False

    async def max_concurrency(self) -> int:
        """The gateway's ``max_concurrency`` (``GET /gateway/bot``), read once; 1 if it
        cannot be read."""
        if self._max_concurrency is None:
            try:
                limit = await self._session_start_limit()
                self._max_concurrency = max(1, int(limit.get("max_concurrency") or 1))
            except Exception as error:
                log.warning("Could not read the gateway's max_concurrency (%s); using 1", error)
                self._max_concurrency = 1
        return self._max_concurrency

    async def before_identify(
        self, shard_id: int, *, fallback: Callable[[], Awaitable[None]]
    ) -> None:
        """Wait for the turn of the shard's bucket across processes; if the database does not
        answer, ``fallback`` (discord.py's own pause) instead, said once."""
        bucket = shard_id % await self.max_concurrency()
        try:
            waited = await self.turns.wait_turn(bucket)
        except DATABASE_ERRORS as error:
            if not self._turns_down:
                self._turns_down = True
                log.warning(
                    "The IDENTIFY turns' database does not answer (%s): shard %d waits as one "
                    "process would",
                    without_secrets(f"{type(error).__name__}: {error}", self.turns.url),
                    shard_id,
                )
            await fallback()
            return
        self._turns_down = False
        log.info("Shard %d identifies (bucket %d) after %.1f s", shard_id, bucket, waited)

    async def close(self) -> None:
        await self.budget.close()


def cluster_limits(
    config: Config, session_start_limit: Callable[[], Awaitable[Mapping[str, Any]]]
) -> ClusterLimits | None:
    """The shared limits of a process of a sharded bot on PostgreSQL, else None (one process
    paces itself alone). Fallen back, the process takes its shards' part of the budget."""
    if config.shard_count is None or config.database_url is None:
        return None
    shards = len(config.shard_ids) if config.shard_ids is not None else config.shard_count
    return ClusterLimits(
        config.database_url,
        config.rest_per_second,
        shards / config.shard_count,
        session_start_limit,
    )
