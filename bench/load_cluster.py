"""The load benchmark's bot as a sharded cluster on PostgreSQL (``--processes N --database
postgresql``): N ``python -m bot`` processes, process *i* running shard *i* of N
(``SHARD_COUNT=N``, ``SHARD_IDS=i``), all on one throwaway PostgreSQL database (the test
suite's ``initdb``/``pg_ctl`` cluster on a Unix socket, run as ``nobody`` when the harness is
root). The servers are spread evenly over the shards, so with two processes about half the
tables belong to the process without shard 0 and every click on their DM panels is handed over
(``bot/shards.py``): what the benchmark then measures includes the hand-off.

``--processes 1 --database postgresql`` runs one unsharded process on PostgreSQL. The default
(one process, SQLite) does not use this module beyond :func:`make_bots` and :func:`add_guild`.

Discord's global rate limit (50 requests per second per bot, interaction answers excepted) is
shared by every process of a bot, and so is the bot's own budget (``DEUCE_REST_PER_SECOND``,
given whole to each process: they lease it from the database, ``bot/cluster_limits.py``).
:func:`report_lines` prints the non-interaction REST calls per second of play, summed over the
processes, beside each process's CPU, and the most of them in any one second (sliding) and in
any whole second of the run, as Discord counts them whichever process sent them.

``DEUCE_BENCH_BUSY_SHARDS=0`` (shard numbers separated by commas) puts every server on those
shards only: the other processes are idle, and the busy one may use the whole budget.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import math
import os
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.load_types import (
    ANSWER_KINDS,
    BotFactory,
    BotProcess,
    LoadConfig,
    LoadResult,
    proc_cpu_seconds,
)
from tests.store._helpers import PostgresCluster, postgres_bin_dir

if TYPE_CHECKING:
    from bench.load_double import LoadDouble
    from tests.discord_double import Guild

DISCORD_GLOBAL_LIMIT = 50.0
REST_BUDGET = 40.0
"""The bot's own pace of rate-limited calls (its DEUCE_REST_PER_SECOND default), for the whole
cluster: every process is given all of it and leases it from the budget they share."""
BUSY_SHARDS = "DEUCE_BENCH_BUSY_SHARDS"
"""The shards that get servers (``0,2``); unset: all of them, round-robin."""


def busy_shards(config: LoadConfig) -> list[int]:
    """The shards the servers are spread over."""
    raw = os.environ.get(BUSY_SHARDS, "").strip()
    if not raw:
        return list(range(config.processes))
    shards = sorted({int(part) for part in raw.split(",") if part.strip()})
    if not shards or any(not 0 <= shard < config.processes for shard in shards):
        raise SystemExit(f"{BUSY_SHARDS} must name shards below {config.processes}")
    return shards


def clustered(config: LoadConfig) -> bool:
    return config.processes > 1 or config.database == "postgresql"


async def add_guild(double: LoadDouble, config: LoadConfig, name: str, number: int) -> Guild:
    """The ``number``-th server (0-based): spread round-robin over the cluster's shards."""
    if config.processes > 1:
        shards = busy_shards(config)
        shard = shards[number % len(shards)]
        return await double.add_guild_on_shard(shard, config.processes, name)
    return await double.add_guild(name)


def make_bots(double: LoadDouble, workdir: Path, config: LoadConfig, bot_class: BotFactory) -> Any:
    """The bot under test: ``bot_class`` itself for one process on SQLite, else a cluster
    with the same interface (``start``, ``stop``, ``pid``, ``process``, ``output_tail``)."""
    if not clustered(config):
        return bot_class(double, workdir, config)
    if config.processes > 1 and config.database != "postgresql":
        raise SystemExit("--processes above 1 needs --database postgresql (one shared store)")
    return BotCluster(double, workdir, config, bot_class)


class BotCluster:
    """N bot processes (one per shard) on one throwaway PostgreSQL database."""

    def __init__(
        self,
        double: LoadDouble,
        workdir: Path,
        config: LoadConfig,
        bot_class: BotFactory,
    ) -> None:
        self.double = double
        self.workdir = workdir
        self.config = config
        self.bots: list[BotProcess] = []
        for index in range(config.processes):
            folder = workdir / f"shard-{index}"
            folder.mkdir(parents=True, exist_ok=True)
            bot = bot_class(double, folder, config)
            self.bots.append(bot)
        self.postgres: PostgresCluster | None = None
        self.cpu_at_start: list[float] = []
        self.started_at = 0.0
        self.cpu_seconds: list[float] = []
        self.started_wall = 0.0
        """When every process was up (``time.time``, the clock of the double's REST log)."""
        self.stopping_wall = 0.0
        """When the processes were told to stop (their tables closing)."""
        self.run_seconds = 0.0
        self.probe_path: Path | None = None
        self.trace_path: Path | None = None
        """--trace times one process's click path; a cluster has several: not traced."""

    # The interface of a BotProcess that the benchmark uses: the first process stands for the
    # cluster (its pid for memory and CPU), and ``process`` is any that has exited.

    @property
    def pid(self) -> int:
        return self.bots[0].pid

    @property
    def process(self) -> Any:
        for bot in self.bots:
            if bot.process is not None and bot.process.poll() is not None:
                return bot.process
        return self.bots[0].process

    def output_tail(self, chars: int = 3000) -> str:
        return "\n".join(
            f"--- process {index} (shard {index}):\n{bot.output_tail(chars)}"
            for index, bot in enumerate(self.bots)
        )

    async def start(self, timeout: float) -> None:
        url = self.config.database_url
        if url is None:
            bin_dir = postgres_bin_dir()
            if bin_dir is None or not (bin_dir / "initdb").exists():
                raise SystemExit(
                    "--database postgresql needs the PostgreSQL server (README, 'Test')"
                )
            self.postgres = PostgresCluster(bin_dir)
            await asyncio.to_thread(self.postgres.start)
            url = await self.postgres.create_database()
        deadline = time.monotonic() + timeout
        for index, bot in enumerate(self.bots):
            bot.env["DATABASE_URL"] = url
            if self.config.processes > 1:
                bot.env["SHARD_COUNT"] = str(self.config.processes)
                bot.env["SHARD_IDS"] = str(index)
                # The processes of one bot share its budget through the database: each is
                # given the whole of it (bot/cluster_limits.py).
                bot.env["DEUCE_REST_PER_SECOND"] = f"{REST_BUDGET:g}"
            if index > 0:
                bot.env["DEUCE_SYNC"] = "never"  # only shard 0's process syncs anyway
            # Shard 0's process first: it syncs the commands the others' READY relies on.
            await bot.start(max(1.0, deadline - time.monotonic()))
            if self.config.processes > 1:
                await self.double.wait_until(
                    lambda shard=index: self.double.shard_connected(shard),
                    max(1.0, deadline - time.monotonic()),
                )
        self.cpu_at_start = [proc_cpu_seconds(bot.pid) for bot in self.bots]
        self.started_at = time.monotonic()
        self.started_wall = time.time()

    async def stop(self, timeout: float = 15.0) -> int | None:
        self.stopping_wall = time.time()
        if self.started_at:
            self.run_seconds = time.monotonic() - self.started_at
            self.cpu_seconds = [
                proc_cpu_seconds(bot.pid) - start
                for bot, start in zip(self.bots, self.cpu_at_start, strict=True)
            ]
        codes = await asyncio.gather(*(bot.stop(timeout) for bot in reversed(self.bots)))
        if self.postgres is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.postgres.stop)
            shutil.rmtree(self.postgres.root, ignore_errors=True)
        nonzero = [code for code in codes if code not in (0, None)]
        return nonzero[0] if nonzero else codes[0]


def non_interaction_calls(result: LoadResult) -> int:
    """REST calls of the hands that count against Discord's global limit."""
    return sum(n for kind, n in result.rest_by_kind.items() if kind not in ANSWER_KINDS)


def rate_limited(path: str) -> bool:
    """Whether a REST call counts against Discord's global limit: all but the interaction
    answers (``/interactions/...`` callbacks and ``/webhooks/...`` through a token)."""
    parts = path.split("/")
    head = parts[3] if len(parts) > 3 else ""
    return head not in ("interactions", "webhooks")


def peaks(times: list[float], start: float) -> tuple[int, int]:
    """The most calls in any sliding one-second window, and in any whole second from
    ``start``."""
    ordered = sorted(times)
    sliding = max(
        (bisect.bisect_right(ordered, at + 1.0) - i for i, at in enumerate(ordered)), default=0
    )
    whole = max(Counter(int(at - start) for at in ordered).values(), default=0)
    return sliding, whole


def shared_limit_lines(bot: BotCluster) -> list[str]:
    """The rate-limited calls of all processes together, from when all were up to the stop,
    then during the stop (the tables closing): the most in one second, the seconds over the
    budget, and the busiest seconds. Each call is timed when the double handles it, in the
    harness's loop: a stall of that loop bunches the calls that arrived meanwhile."""
    stop = bot.stopping_wall or math.inf
    times = [
        at
        for at, _method, path, _status in list(bot.double.rest_log)
        if at >= bot.started_wall and rate_limited(path)
    ]
    lines: list[str] = []
    for label, part in (
        ("running", [at for at in times if at < stop]),
        ("stopping", [at for at in times if at >= stop]),
    ):
        if not part:
            continue
        sliding, whole = peaks(part, bot.started_wall)
        by_second = Counter(int(at - bot.started_wall) for at in part)
        over = sum(1 for n in by_second.values() if n > REST_BUDGET)
        busiest = sorted(by_second.items(), key=lambda item: -item[1])[:8]
        lines += [
            f"rate-limited calls of all processes together, {label}: at most {sliding} in any "
            f"one second (sliding), {whole} in any whole second; {over} of {len(by_second)} "
            f"seconds over the shared budget of {REST_BUDGET:g}/s (Discord's limit: "
            f"{DISCORD_GLOBAL_LIMIT:.0f}/s)",
            f"  busiest seconds {label} (second of the run: calls): "
            + ", ".join(f"{second}: {n}" for second, n in sorted(busiest)),
        ]
    return lines


def report_lines(result: LoadResult, bot: Any) -> list[str]:
    """What the cluster adds to the report: the database and processes, and the REST calls
    per second that the shared global rate limit sees."""
    config = result.config
    seconds = result.play_seconds
    calls = non_interaction_calls(result)
    per_second = calls / seconds if seconds > 0 else math.nan
    hands = result.hands_completed
    lines = [
        f"cluster: {config.processes} process(es) on {config.database}"
        + (f", SHARD_COUNT={config.processes}" if config.processes > 1 else ""),
        f"non-interaction REST calls: {calls / hands if hands else math.nan:.1f}/hand, "
        f"{per_second:.1f}/s during play, all processes together "
        f"(Discord's global limit: {DISCORD_GLOBAL_LIMIT:.0f}/s per bot)",
    ]
    if isinstance(bot, BotCluster) and bot.cpu_seconds and bot.run_seconds > 0:
        shares = ", ".join(
            f"shard {index} {100 * cpu / bot.run_seconds:.0f}%"
            for index, cpu in enumerate(bot.cpu_seconds)
        )
        lines.append(f"bot CPU per process (start of setup to stop): {shares} of one core")
    if isinstance(bot, BotCluster) and bot.started_wall:
        lines.extend(shared_limit_lines(bot))
    return lines
