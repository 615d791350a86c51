"""Load benchmark: many tables at once, six simulated players each, against the real bot process.

The bot runs exactly as deployed (``python -m bot`` in a subprocess, its own SQLite database),
pointed at the loopback Discord double, which runs in *this* process together with the
simulated players (:mod:`bench.load_players`). Each table has its own channel and six players
who act about a second after their turn shows on the table message; bets follow a random
policy, draws go through the DM panel. Everything binds 127.0.0.1 and stops by itself: each
table count has a hard wall-clock limit (``--seconds``), after which the run is cut and only
completed hands count.

Printed per table count:

* interactions per second (player clicks acknowledged / seconds of play);
* p50/p95/p99/max of click → acknowledgement: from the double dispatching INTERACTION_CREATE to
  the bot's callback POST arriving at the double (Discord's 3-second deadline);
* REST calls per hand (every REST call the bot made during play / hands completed), with a
  breakdown by route kind;
* hands completed, and the bot process's peak memory (VmHWM) and CPU use;
* the harness's own CPU and event-loop lag, and the CPU every other process on the machine
  used meanwhile, so a saturated harness or a busy machine is not mistaken for a slow bot.

Each table count runs in its own harness process (a fresh double, bot and database).

Run: ``python bench/bench_load.py [--tables 50 200] [--hands 1] [--seconds 120]``; with
``--processes 2 --database postgresql`` the bot runs as two sharded processes on one
PostgreSQL (:mod:`bench.load_cluster`).

Diagnosis: ``--profile DIR`` records the bot with py-spy from the joins on (``pip install py-spy``);
``--probe`` starts the bot through :mod:`bench.load_probe`, which reports the bot's loop lag, GC
pauses, lock waits (store writer, table sessions) and handler times; ``--probe-journal
background`` and ``--probe-gc freeze`` are what-if experiments on top of the probe.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

import logging  # noqa: E402

from bench import load_cluster  # noqa: E402
from bench.load_double import LoadDouble  # noqa: E402
from bench.load_floor import measure_floor  # noqa: E402
from bench.load_players import ClickRecord, Stats, TableDriver  # noqa: E402
from bench.load_trace import REST_STARTS  # noqa: E402
from bench.load_types import (  # noqa: E402
    ANSWER_KINDS,
    CLOCK_TICKS,
    LIVE_BOTS,
    LoadConfig,
    LoadResult,
    proc_cpu_seconds,
    proc_status,
    proc_wakes,
    spawn_bot,
)
from tests.discord_double import (  # noqa: E402
    ADMIN_MEMBER_PERMISSIONS,
    Channel,
    Guild,
    Interaction,
    Member,
    StoredMessage,
)

log = logging.getLogger(__name__)

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan")


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (NaN for no values)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


# ---------------------------------------------------------------------- the bot process


class BotUnderTest:
    """``python -m bot`` in a subprocess, pointed at the double, output kept in a log file."""

    def __init__(self, double: LoadDouble, workdir: Path, config: LoadConfig) -> None:
        self.double = double
        self.workdir = workdir
        self.log_path = workdir / "bot.log"
        self.env = {
            "DISCORD_TOKEN": double.token,
            "DISCORD_API_BASE": double.api_base,
            "DISCORD_GATEWAY_URL": double.gateway_url,
            "DATABASE_PATH": str(workdir / "deuce.db"),
            "LOG_LEVEL": config.log_level,
            "DEV_GUILD_ID": "",
            "DEUCE_SYNC": "always",
            "DEUCE_HAND_PAUSE_SECONDS": str(config.hand_pause),
            "DEUCE_MIN_TIMER_SECONDS": "5",
            "DEUCE_GUILD_READY_TIMEOUT": "0.1",
        }
        self.web_port: int | None = None
        if config.dashboards:
            self.web_port = free_port()
            self.env["DEUCE_WEB_PORT"] = str(self.web_port)
        self.module = "bot"
        self.probe_path: Path | None = None
        self.trace_path: Path | None = None
        if config.trace:
            self.module = "bench.load_probe"
            self.trace_path = workdir / "trace.json"
            self.env["DEUCE_TRACE_OUT"] = str(self.trace_path)
        if config.probe:
            self.module = "bench.load_probe"
            self.probe_path = workdir / "probe.json"
            self.env["DEUCE_PROBE_OUT"] = str(self.probe_path)
            self.env["DEUCE_PROBE_GC"] = config.probe_gc
            self.env["DEUCE_PROBE_JOURNAL"] = config.probe_journal
            if config.probe_switch is not None:
                self.env["DEUCE_PROBE_SWITCH"] = str(config.probe_switch)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def output_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    async def start(self, timeout: float) -> None:
        self.process = spawn_bot(self.module, self.env, self.log_path)

        def ready() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the bot exited with {self.process.returncode} during startup:\n"
                    + self.output_tail()
                )
            return self.double.identify_count >= 1 and self.double.sync_count >= 1

        await self.double.wait_until(ready, timeout)
        # IDENTIFY is the last step of startup; let the client take in READY and GUILD_CREATEs.
        await asyncio.sleep(0.5)

    async def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM (the bot saves journals and closes the store), SIGKILL after ``timeout``."""
        process = self.process
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + timeout
            while process.poll() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if process.poll() is None:
                process.kill()
                process.wait(5)
        LIVE_BOTS.discard(process)
        return process.returncode


# ---------------------------------------------------------------------- the world


@dataclass
class World:
    """Guilds, channels and members in the double, and a driver per table."""

    double: LoadDouble
    stats: Stats
    drivers: list[TableDriver] = field(default_factory=list)
    admins: dict[int, Member] = field(default_factory=dict)  # guild id → admin
    guild_channels: dict[int, Channel] = field(default_factory=dict)  # guild id → first channel
    by_channel: dict[int, TableDriver] = field(default_factory=dict)
    by_dm: dict[int, tuple[TableDriver, Member]] = field(default_factory=dict)
    setup_interactions: list[Interaction] = field(default_factory=list)
    join_ms: list[float] = field(default_factory=list)
    """Each ``/poker join``: from its dispatch to the bot's reply (the follow-up) arriving."""

    def on_message(self, kind: str, stored: StoredMessage) -> None:
        driver = self.by_channel.get(stored.channel_id)
        if driver is not None:
            driver.on_channel_message(kind, stored)
            return
        owner = self.by_dm.get(stored.channel_id)
        if owner is not None:
            owner[0].on_dm(owner[1], kind, stored)


async def build_world(double: LoadDouble, config: LoadConfig, rng: random.Random) -> World:
    world = World(double=double, stats=Stats())
    if config.click_rate > 0:
        world.stats.click_gap = 1 / config.click_rate
    guild: Guild | None = None
    names = NAMES[: config.players] if config.players <= len(NAMES) else None
    for index in range(config.tables):
        if index % config.tables_per_guild == 0:
            number = index // config.tables_per_guild
            guild = await load_cluster.add_guild(double, config, f"Club {number + 1}", number)
            world.admins[guild.id] = await double.add_member(
                guild,
                f"admin{guild.id}",
                display_name="Admin",
                permissions=ADMIN_MEMBER_PERMISSIONS,
            )
        assert guild is not None
        channel = await double.add_channel(guild, f"poker-{index + 1}")
        world.guild_channels.setdefault(guild.id, channel)
        members = []
        for seat in range(config.players):
            name = names[seat] if names else f"P{seat + 1}"
            members.append(
                await double.add_member(guild, f"{name.lower()}{index + 1}", display_name=name)
            )
        driver = TableDriver(
            index,
            double,
            channel,
            members,
            stats=world.stats,
            rng=random.Random(rng.random()),
            think=config.think,
            hands_wanted=config.hands,
            on_last_hand=lambda d: _close_after_hand(world, d),
            from_dms=config.from_dms,
        )
        world.drivers.append(driver)
        world.by_channel[channel.id] = driver
        for member in members:
            world.by_dm[double.dm_channel(member).id] = (driver, member)
    double.message_listener = world.on_message
    return world


def _close_after_hand(world: World, driver: TableDriver) -> None:
    """The table has dealt its last wanted hand: an admin closes it after that hand.

    Without this the table would deal again and nobody would act, so its timers would keep
    generating traffic that is not part of any counted hand.
    """

    async def close() -> None:
        admin = world.admins[driver.channel.guild.id]  # type: ignore[union-attr]
        interaction = await world.double.invoke(admin, driver.channel, "pokeradmin close")
        world.setup_interactions.append(interaction)

    task = asyncio.get_running_loop().create_task(close())
    driver.tasks.add(task)
    task.add_done_callback(driver.tasks.discard)


async def set_timers(world: World, seconds: int) -> None:
    """One ``/pokeradmin timer`` per guild, so a missed turn costs ``seconds``, not 45."""
    for guild_id, admin in world.admins.items():
        channel = world.guild_channels[guild_id]
        interaction = await world.double.invoke(admin, channel, "pokeradmin timer", seconds=seconds)
        world.setup_interactions.append(interaction)
        if not await world.double.acknowledged(interaction, 10):
            raise RuntimeError(f"/pokeradmin timer was not acknowledged: {interaction.rejected}")


async def seat_players(world: World, config: LoadConfig) -> int:
    """Every player runs ``/poker join``; a table's players join at once (one hand of six)."""
    gate = asyncio.Semaphore(config.join_parallel)
    seated = 0

    async def join(driver: TableDriver, member: Member) -> bool:
        interaction = await world.double.invoke(member, driver.channel, "poker join")
        world.setup_interactions.append(interaction)
        if not await world.double.acknowledged(interaction, 10):
            return False
        try:
            await interaction.wait_followups(1, timeout=30)
        except TimeoutError:
            return False
        world.join_ms.append((time.monotonic() - interaction.created) * 1000)
        return True

    ramp = config.ramp if config.ramp is not None else 0.05 * len(world.drivers)
    step = ramp / max(1, len(world.drivers))

    async def seat_table(driver: TableDriver) -> None:
        nonlocal seated
        # Tables open one after another, as they would over a day, rather than in lockstep:
        # tables dealt at the same instant would keep acting in the same instant.
        await asyncio.sleep(driver.index * step)
        async with gate:
            # The first join opens the table; the others then join together. (Joins racing
            # into a channel with no table yet open several sessions in the bot: see the
            # benchmark's report.)
            first = await join(driver, driver.members[0])
            rest = await asyncio.gather(*(join(driver, m) for m in driver.members[1:]))
            joined = [first, *rest]
        if all(joined):
            seated += 1
        else:
            log.warning("table %s: %d of %d joins failed", driver.index, joined.count(False), 6)

    await asyncio.gather(*(seat_table(d) for d in world.drivers))
    return seated


# ---------------------------------------------------------------------- measuring


SETUP = "setup"


def route_kind(double: LoadDouble, method: str, path: str, setup: set[str]) -> str:
    """A REST call's kind: what the bot did, in a reader's words (DMs told apart).

    Calls answering a setup interaction (``/poker join``, ``/pokeradmin``; their ids and
    tokens are in ``setup``) are of kind SETUP.
    """
    parts = path.split("/")
    # /api/v10/<resource>/...
    rest = parts[3:] if len(parts) > 3 else parts
    if not rest:
        return f"{method} {path}"
    head = rest[0]
    if head == "interactions":
        return SETUP if len(rest) > 1 and rest[1] in setup else "interaction callback"
    if head == "webhooks":
        if len(rest) > 2 and rest[2] in setup:
            return SETUP
        if method == "PATCH":
            # the same kind (an answer) either way; the breakdown tells table from DM panel
            return "edit original/follow-up"
        return {"POST": "follow-up"}.get(method, f"{method} webhook")
    if head == "channels" and len(rest) >= 3 and rest[2] == "messages":
        channel = double.channels.get(int(rest[1])) if rest[1].isdigit() else None
        where = "DM" if channel is not None and channel.is_dm else "channel"
        verb = {"POST": "send", "PATCH": "edit", "DELETE": "delete", "GET": "read"}.get(
            method, method
        )
        return f"{where} message {verb}"
    if head == "users" and rest[-1] == "channels":
        return "open DM"
    return f"{method} /{head}"


def token_edit_target(double: LoadDouble, path: str) -> str:
    """What an edit through an interaction's token edited: a DM panel or the table."""
    parts = path.split("/")
    token = parts[parts.index("webhooks") + 2] if "webhooks" in parts else ""
    interaction = double._interactions_by_token.get(token)
    if interaction is None:
        return "unknown"
    return "DM panels" if interaction.channel.is_dm else "the table"


async def lag_monitor(
    samples: list[tuple[float, float]], stop: asyncio.Event, interval: float = 0.02
) -> None:
    """The harness's own event-loop lag: how late a 20 ms sleep wakes up, (time, ms)."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(interval)
        samples.append((time.time(), (loop.time() - start - interval) * 1000))


SLOW_ACK_MS = 100.0
STALL_MS = 20.0


def stalls(samples: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """(start, end) wall times of event-loop stalls longer than STALL_MS."""
    return [(at - lag / 1000, at) for at, lag in samples if lag > STALL_MS]


def overlaps(spans: list[tuple[float, float]], start: float, end: float) -> bool:
    return any(s < end and e > start for s, e in spans)


SLOW_WINDOW = 5.0
DISTURBED_PERCENT = 5.0
"""Other processes' CPU (either phase) or the hypervisor's steal, in % of one core, over which
a run is flagged as disturbed. At 200 tables the bot's loop runs near saturation at the peak
of play, so a little CPU taken away shows in the whole run's p99: in 22 runs at 200 tables on
one day, the nine with steal at 4% or less gave 58-117 ms (eight under 100), the thirteen at
7-28% gave 85-273 ms (twelve over 100)."""


def slow_timeline(clicks: list[ClickRecord], play_start: float) -> str:
    """Acks over SLOW_ACK_MS in each SLOW_WINDOW seconds from the first click, ``|`` where
    every table is seated: whether the slow ones gather while players join or spread."""
    answered = [c for c in clicks if c.interaction.callbacks]
    if not answered:
        return ""
    first = min(c.at for c in answered)
    counts = [0] * (int((max(c.at for c in answered) - first) // SLOW_WINDOW) + 1)
    for click in answered:
        if click.interaction.callbacks[0].latency * 1000 > SLOW_ACK_MS:
            counts[int((click.at - first) // SLOW_WINDOW)] += 1
    seated = int((play_start - first) // SLOW_WINDOW) + 1 if play_start > first else 0
    words = [str(n) for n in counts]
    return " ".join([*words[:seated], "|", *words[seated:]])


def correlate(world: World, result: LoadResult, play_start: float, play_end: float) -> None:
    """Count slow acknowledgements whose wait overlapped a stall of the harness or the bot."""
    harness = stalls(result.harness_lag)
    bot = stalls([(at, lag) for at, lag in result.bot_lag_samples])
    result.slow_timeline = slow_timeline(world.stats.clicks, play_start)
    for click in world.stats.clicks:
        if not play_start <= click.at <= play_end or not click.interaction.callbacks:
            continue
        latency = click.interaction.callbacks[0].latency
        if latency * 1000 <= SLOW_ACK_MS:
            continue
        result.slow_acks += 1
        if overlaps(harness, click.at, click.at + latency):
            result.slow_with_harness_stall += 1
        if overlaps(bot, click.at, click.at + latency):
            result.slow_with_bot_stall += 1


def start_profiler(
    pid: int, out_dir: Path, seconds: float, gil: bool = False
) -> subprocess.Popen[bytes] | None:
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(spy).exists():
        log.warning("py-spy not found; install it with pip to use --profile")
        return None
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"bot-{pid}.folded.txt"
    return subprocess.Popen(
        [
            spy,
            "record",
            "--pid",
            str(pid),
            "--duration",
            str(max(1, int(seconds))),
            "--rate",
            "100",
            "--format",
            "raw",
            "--output",
            str(target),
            "--nonblocking",
            *(["--gil"] if gil else []),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def drain_acks(world: World, timeout: float) -> None:
    """Give clicks already dispatched a moment to be answered before counting the unanswered."""
    pending = [
        c.interaction
        for c in world.stats.clicks
        if not c.interaction.callbacks and not c.interaction.rejected
    ]
    if pending:
        await asyncio.gather(*(world.double.acknowledged(i, timeout) for i in pending))


def measure(
    world: World, result: LoadResult, setup_start: float, play_start: float, play_end: float
) -> None:
    """Fill ``result`` from the double's records and the players' clicks.

    Latencies cover every click; the rate counts clicks of the play window (after every
    player joined). REST calls are counted from the end of the bot's start-up; those
    answering the joins and admin commands, and the welcome DMs, are set apart as setup, so
    what remains is what the hands cost (hands dealt during the joins included).
    """
    double = world.double
    stats = world.stats
    result.stale_clicks = stats.stale_clicks
    result.dm_waits_ms = [seconds * 1000 for _at, seconds in stats.dm_waits]
    result.dm_waits_later_ms = [
        seconds * 1000 for at, seconds in stats.dm_waits if at >= play_start + 60
    ]
    result.dm_fallbacks = stats.dm_fallbacks
    result.table_lag_ms = [ms for at, ms in stats.table_lag if play_start <= at <= play_end]
    for click in stats.clicks:
        if click.at > play_end:
            continue
        interaction = click.interaction
        if click.at < play_start:
            result.clicks_before_play += 1
        elif interaction.callbacks:
            result.acked_in_play += 1
        result.clicks += 1
        if interaction.callbacks:
            callback = interaction.callbacks[0]
            latency = callback.latency * 1000
            result.acked += 1
            result.latencies_ms.append(latency)
            if click.at >= play_start:
                result.play_latencies_ms.append(latency)
            result.latency_by_kind.setdefault(click.kind, []).append(latency)
            if callback.type == 4 and callback.ephemeral:
                result.refused_privately += 1
        elif interaction.rejected:
            result.late += 1
        else:
            result.unanswered += 1
    result.hands_completed = len(stats.results)
    completed = {(table, hand) for _, table, hand in stats.results}
    dealt = [count for key, count in stats.panels.items() if key in completed]
    result.players_per_hand = sum(dealt) / len(dealt) if dealt else 0.0
    setup: set[str] = set()
    for interaction in world.setup_interactions:
        setup.update((str(interaction.id), interaction.token))
    # A click made before the end of play may be answered just after it: its callback (and
    # what the bot did for it) still belongs to the hands measured.
    rest_end = play_end
    for click in stats.clicks:
        if click.at <= play_end and click.interaction.callbacks:
            rest_end = max(rest_end, click.at + click.interaction.callbacks[0].latency + 0.05)
    sizes = list(double.rest_bytes)
    limited_by_second: Counter[int] = Counter()
    all_limited_by_second: Counter[int] = Counter()
    for index, (at, method, path, status) in enumerate(list(double.rest_log)):
        if not setup_start <= at <= rest_end:
            continue
        if route_kind(double, method, path, set()) not in ANSWER_KINDS:
            result.rest_limited_all += 1
            all_limited_by_second[int(at)] += 1
            result.rest_limited_all_by_kind[route_kind(double, method, path, set())] += 1
        kind = route_kind(double, method, path, setup)
        if kind == SETUP and at >= play_start and "/webhooks/" in path:
            # a join's token editing the table it posted (free, as a click's token is)
            kind = route_kind(double, method, path, set())
        if kind == "open DM" and at < play_start:
            kind = SETUP  # the welcome DM at /poker join opens the channel; later ones reuse it
        if kind == SETUP:
            result.setup_rest_calls += 1
            continue
        result.rest_calls += 1
        result.rest_by_kind[kind] += 1
        if kind == "edit original/follow-up":
            result.token_edits[token_edit_target(double, path)] += 1
        if kind in ANSWER_KINDS:
            result.rest_answers += 1
        elif play_start <= at <= play_end:
            limited_by_second[int(at)] += 1
        result.rest_bytes += sizes[index] if index < len(sizes) else 0
        if status >= 400:
            result.rest_errors[status] += 1
    # The welcome DM each player gets at /poker join is part of joining, not of a hand.
    welcome = min(stats.other_dms, result.rest_by_kind["DM message send"])
    result.rest_by_kind["DM message send"] -= welcome
    result.rest_calls -= welcome
    result.setup_rest_calls += welcome
    result.rest_limited_peak = max(limited_by_second.values(), default=0)
    result.rest_limited_all_peak = max(all_limited_by_second.values(), default=0)
    result.rest_seconds = rest_end - setup_start


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def watch_dashboards(world: World, bot: BotUnderTest, count: int, result: LoadResult) -> None:
    """``count`` admins' browsers on their server pages' live events (the bot's web dashboard,
    ``--dashboards``), each signed in with the link ``/pokeradmin dashboard`` gives, read until
    the play ends: what the dashboard costs the bot shows in the clicks' times."""
    admins = list(world.admins.items())
    events = [0] * count

    async def watch(index: int) -> None:
        guild_id, admin = admins[index % len(admins)]
        invoked = await world.double.invoke(
            admin, world.guild_channels[guild_id], "pokeradmin dashboard"
        )
        reply = await invoked.response(timeout=10)
        link = re.search(r"<(http://[^>]+)>", str(reply.content))
        if link is None:
            result.notes.append(f"dashboard {index}: no login link ({reply.content!r})")
            return
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            async with http.get(link[1]) as page:  # as a browser: the page, then its form
                token = re.search(r'name="csrf" value="([^"]+)"', await page.text())
            if token is None:
                result.notes.append(f"dashboard {index}: the link's page has no form")
                return
            async with http.post(link[1], data={"csrf": token[1]}) as signed:
                signed.raise_for_status()
            url = f"http://127.0.0.1:{bot.web_port}/servers/{guild_id}/live"
            async with http.get(url, timeout=aiohttp.ClientTimeout(total=None)) as stream:
                async for line in stream.content:
                    if line.startswith(b"data: "):
                        events[index] += 1

    async def noted(index: int) -> None:
        try:
            await watch(index)
        except (aiohttp.ClientError, TimeoutError) as error:  # said, not lost in the task
            result.notes.append(f"dashboard {index}: {error!r}")

    try:
        await asyncio.gather(*(noted(i) for i in range(count)))
    finally:
        result.notes.append(
            f"{count} dashboard(s) open on server pages: {sum(events)} live events read"
        )


async def run_load(config: LoadConfig) -> LoadResult:
    """Start a double and the bot, seat the players, play, measure, stop. Never outlives
    ``config.seconds`` by more than the shutdown of the bot."""
    result = LoadResult(config=config, rest_budget=load_cluster.REST_BUDGET)
    rng = random.Random(config.seed)
    workdir = Path(tempfile.mkdtemp(prefix=f"deuce-load-{config.tables}-"))
    double = LoadDouble()
    await double.start("127.0.0.1", 0)
    bot = load_cluster.make_bots(double, workdir, config, BotUnderTest)
    stop_lag = asyncio.Event()
    lag_task: asyncio.Task[None] | None = None
    world: World | None = None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + config.seconds
    profiler: subprocess.Popen[bytes] | None = None
    play_window: tuple[float, float] | None = None
    dashboards: asyncio.Task[None] | None = None
    try:
        world = await build_world(double, config, rng)
        # The harness's own collections would stall the double and every ack it is about to
        # stamp (a full one took 300-400 ms in the middle of the joins): what exists now is
        # kept out of collection, and nothing is collected until the run is over (a run
        # lasts minutes; its garbage is freed at the end).
        gc.collect()
        gc.freeze()
        gc.disable()
        await asyncio.wait_for(bot.start(timeout=60), max(1.0, deadline - loop.time()))
        setup_start = time.time()
        setup_cpu = (proc_cpu_seconds(bot.pid), _own_cpu_seconds(), machine_busy_seconds())
        steal_start = steal_seconds()
        if config.profile_dir is not None:  # joins and play: the whole run's clicks count
            profiler = start_profiler(
                bot.pid, config.profile_dir, deadline - loop.time(), config.profile_gil
            )
            if profiler is not None:
                result.profile_path = config.profile_dir / f"bot-{bot.pid}.folded.txt"
        lag_task = loop.create_task(lag_monitor(result.harness_lag, stop_lag))
        await asyncio.wait_for(set_timers(world, config.timer), max(1.0, deadline - loop.time()))
        result.join_ms = world.join_ms
        result.tables_seated = await asyncio.wait_for(
            seat_players(world, config), max(1.0, deadline - loop.time())
        )
        if config.dashboards:
            dashboards = loop.create_task(watch_dashboards(world, bot, config.dashboards, result))
        play_start = time.time()
        result.setup_seconds = play_start - setup_start
        bot_cpu_start, bot_wakes_start = proc_cpu_seconds(bot.pid), proc_wakes(bot.pid)
        harness_cpu_start = _own_cpu_seconds()
        machine_start = machine_busy_seconds()
        own = bot_cpu_start - setup_cpu[0] + harness_cpu_start - setup_cpu[1]
        others = machine_start - setup_cpu[2] - own
        result.other_setup_percent = max(0.0, 100 * others / max(result.setup_seconds, 1e-9))
        while loop.time() < deadline:
            if all(d.hands_done >= config.hands for d in world.drivers):
                break
            if bot.process is not None and bot.process.poll() is not None:
                result.notes.append(f"the bot exited during play ({bot.process.returncode})")
                break
            await asyncio.sleep(0.25)
        else:
            result.timed_out = True
        play_end = time.time()
        result.play_seconds = play_end - play_start
        result.bot_cpu_seconds = proc_cpu_seconds(bot.pid) - bot_cpu_start
        result.bot_wakes = proc_wakes(bot.pid) - bot_wakes_start
        result.bot_cpu_percent = 100 * result.bot_cpu_seconds / max(result.play_seconds, 1e-9)
        result.harness_cpu_percent = (
            100 * (_own_cpu_seconds() - harness_cpu_start) / max(result.play_seconds, 1e-9)
        )
        machine = 100 * (machine_busy_seconds() - machine_start) / max(result.play_seconds, 1e-9)
        result.other_cpu_percent = max(
            0.0, machine - result.bot_cpu_percent - result.harness_cpu_percent
        )
        result.steal_percent = 100 * (steal_seconds() - steal_start) / (play_end - setup_start)
        await drain_acks(world, min(2.0, max(0.1, deadline - loop.time())))
        result.bot_vmhwm_kb = proc_status(bot.pid, "VmHWM")
        measure(world, result, setup_start, play_start, play_end)
        play_window = (play_start, play_end)
    except TimeoutError:
        result.timed_out = True
        result.notes.append("the time limit ran out during setup")
        if bot.process is not None:
            result.bot_vmhwm_kb = proc_status(bot.pid, "VmHWM")
    finally:
        gc.enable()
        gc.unfreeze()
        stop_lag.set()
        if dashboards is not None:
            dashboards.cancel()
            await asyncio.gather(dashboards, return_exceptions=True)
        if world is not None:
            await asyncio.gather(*(d.stop() for d in world.drivers), return_exceptions=True)
        if lag_task is not None:
            await asyncio.gather(lag_task, return_exceptions=True)
        if profiler is not None:
            profiler.send_signal(signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                profiler.wait(20)
            if profiler.poll() is None:
                profiler.kill()
        result.bot_exit = await bot.stop()
        result.bot_log_tail = bot.output_tail()
        if play_window is not None:
            finish_measures(world, result, bot, *play_window)
            result.notes.extend(load_cluster.report_lines(result, bot))
            if world is not None and config.floor_seconds > 0 and result.acked_in_play:
                double.message_listener = None
                result.floor = await measure_floor(
                    double,
                    [(driver.channel, driver.members) for driver in world.drivers],
                    rate=result.interactions_per_second,
                    seconds=config.floor_seconds,
                    workdir=workdir,
                    seed=config.seed,
                )
        await double.stop()
        if config.keep_logs:
            result.notes.append(f"bot log and database kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    return result


def finish_measures(
    world: World | None, result: LoadResult, bot: BotUnderTest, start: float, end: float
) -> None:
    """Loop lags and GC pauses of the play window (the bot's come from the probe's file)."""
    result.harness_lag_ms = [lag for at, lag in result.harness_lag if start <= at <= end]
    if bot.probe_path is not None and bot.probe_path.exists():
        data = json.loads(bot.probe_path.read_text())
        result.bot_lag_samples = [(float(a), float(b)) for a, b in data["lag"]]
        result.bot_lag_ms = [lag for at, lag in result.bot_lag_samples if start <= at <= end]
        result.bot_locks = {
            name: [(w, h) for at, w, h in samples if start <= at <= end]
            for name, samples in data.get("locks", {}).items()
        }
        result.bot_calls = {
            name: [ms for at, ms in samples if start <= at <= end]
            for name, samples in data.get("calls", {}).items()
        }
        result.bot_gc = [
            (float(a), int(g), float(ms), int(n)) for a, g, ms, n in data["gc"] if start <= a <= end
        ]
    if world is not None:
        correlate(world, result, start, end)
        if bot.trace_path is not None and bot.trace_path.exists():
            records = json.loads(bot.trace_path.read_text())
            starts = Counter(int(at) for at in records.pop(REST_STARTS, []))
            result.rest_bot_peak = max(starts.values(), default=0)
            result.stages = trace_stages(world, records, start, end)
            # the slow ones of the whole run: those while players join are in the goal's p99
            result.slow_stages = trace_stages(world, records, 0.0, end, slower_than=SLOW_ACK_MS)


def steal_seconds() -> float:
    """CPU seconds the hypervisor ran other machines while this one wanted the CPU (the
    steal column of /proc/stat; counted in ``machine_busy_seconds`` too)."""
    try:
        return int(Path("/proc/stat").read_text().split()[8]) / CLOCK_TICKS
    except (OSError, ValueError, IndexError):
        return 0.0


def machine_busy_seconds() -> float:
    """CPU seconds all cores spent busy so far (from /proc/stat), to see other load."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
        user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[:8])
        return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS
    except (OSError, ValueError, IndexError):
        return 0.0


def _own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# ---------------------------------------------------------------------- REST split, trace


STAGES = (
    ("gateway", "dispatched", "parsed"),
    ("dispatch", "parsed", "callback"),
    ("lock wait", "callback", "locked"),
    ("locked work", "locked", "answer"),
    ("render", "answer", "http"),
    ("answer HTTP", "http", "arrived"),
)
"""A click's stages, each from one mark to the next: the double dispatches INTERACTION_CREATE,
discord.py parses it, the button's callback starts, the table's lock is taken, the session
hands the answer to its I/O (engine, journal, timers done), the callback request enters
discord.py's webhook adapter (rendering and pictures done), the double receives it."""


def trace_stages(
    world: World,
    records: dict[str, dict[str, float]],
    start: float,
    end: float,
    slower_than: float = 0.0,
) -> dict[str, list[float]]:
    """Milliseconds of each stage of every answered click of the play window (only those
    acknowledged after more than ``slower_than`` ms), from the bot's trace
    (``bench.load_trace``) and the double's dispatch and arrival times."""
    offset = time.time() - time.monotonic()  # the double stamps with time.monotonic()
    stages: dict[str, list[float]] = {name: [] for name, _, _ in STAGES}
    stages["journal (in locked work)"] = []
    for click in world.stats.clicks:
        interaction = click.interaction
        record = records.get(str(interaction.id))
        if record is None or not interaction.callbacks or not start <= click.at <= end:
            continue
        if interaction.callbacks[0].latency * 1000 <= slower_than:
            continue
        marks = dict(record)
        marks["dispatched"] = interaction.created + offset
        marks["arrived"] = interaction.created + interaction.callbacks[0].latency + offset
        for name, first, second in STAGES:
            if first in marks and second in marks:
                stages[name].append(max(0.0, (marks[second] - marks[first]) * 1000))
        if "journal_ms" in marks:
            stages["journal (in locked work)"].append(marks["journal_ms"])
    return stages


def format_rest_split(result: LoadResult) -> list[str]:
    """Interaction answers and rate-limited calls apart, per hand and per second of play."""
    hands = result.hands_completed
    seconds = max(result.rest_seconds, 1e-9)  # the calls are counted from the joins on
    limited = result.rest_calls - result.rest_answers

    def per_hand(count: int) -> float:
        return count / hands if hands else math.nan

    return [
        f"  interaction answers: {per_hand(result.rest_answers):.1f}/hand, "
        f"{result.rest_answers / seconds:.1f}/s; rate-limited calls (global 50/s): "
        f"{per_hand(limited):.1f}/hand, {limited / seconds:.1f}/s, "
        f"peak {result.rest_limited_peak} in one second of play",
        f"  rate-limited calls as Discord counts them (joins and first deals included): "
        f"{per_hand(result.rest_limited_all):.1f}/hand, peak "
        f"{result.rest_limited_all_peak} in one second (the bot's budget: "
        f"{result.rest_budget:g}/s)",
        "    of these: "
        + ", ".join(f"{kind} {n}" for kind, n in result.rest_limited_all_by_kind.most_common()),
    ] + (
        [
            f"  peak second as the bot started them (--trace: its pacer's clock, which a stall "
            f"of the double's loop does not bunch up): {result.rest_bot_peak}"
        ]
        if result.rest_bot_peak is not None
        else []
    )


def format_stages(result: LoadResult) -> list[str]:
    """The click path's stages (``--trace``): p50/p95/p99/max of each; then, for the clicks
    acknowledged after more than SLOW_ACK_MS, each stage's share of their time."""
    if not result.stages:
        return []
    lines = ["click path stages (--trace), ms:"]
    for name, values in result.stages.items():
        if values:
            lines.append(
                f"    {name:<24} n={len(values):<6} p50 {percentile(values, 50):6.1f}  "
                f"p95 {percentile(values, 95):6.1f}  p99 {percentile(values, 99):6.1f}  "
                f"max {max(values):6.1f}"
            )
    slow = result.slow_stages
    total = sum(sum(slow.get(name, ())) for name, _, _ in STAGES)
    if total > 0:
        count = max(len(values) for values in slow.values())
        lines.append(
            f"  the {count} clicks acknowledged after more than {SLOW_ACK_MS:.0f} ms (joins too):"
        )
        for name, values in slow.items():
            if values:
                lines.append(
                    f"    {name:<24} {sum(values) / total:4.0%} of their time; "
                    f"p50 {percentile(values, 50):6.1f}  max {max(values):6.1f}"
                )
    return lines


# ---------------------------------------------------------------------- report


def format_floor(result: LoadResult) -> list[str]:
    """The bot's CPU per click beside discord.py's floor measured in the same run."""
    if not result.acked_in_play:
        return []
    per_click = 1000 * result.bot_cpu_seconds / result.acked_in_play
    line = f"bot CPU per click: {per_click:.2f} ms"
    wakes = f"bot event-loop wake-ups per click: {result.bot_wakes / result.acked_in_play:.1f}"
    floor = result.floor
    if floor is None:
        return [line + " (discord.py's floor not measured)", wakes]
    floor_wakes = floor.wakes / floor.acknowledged if floor.acknowledged else math.nan
    return [
        line + f"; discord.py's floor (a bot that only answers, same double, "
        f"{floor.acknowledged}/{floor.clicks} clicks at {result.interactions_per_second:.0f}/s): "
        f"{floor.cpu_ms_per_click:.2f} ms; ratio {per_click / floor.cpu_ms_per_click:.1f}x",
        wakes + f" (voluntary context switches of its main thread); the floor's {floor_wakes:.1f}",
    ]


def format_report(result: LoadResult) -> str:
    c = result.config
    lines = [
        f"== {c.tables} tables x {c.players} players, {c.hands} hand(s) each"
        f"{', acting from their DMs' if c.from_dms else ''} "
        f"(think {c.think:.1f}s ±20%"
        f"{f', at most {c.click_rate:g} clicks/s' if c.click_rate else ''}, "
        f"limit {c.seconds:.0f}s)",
        f"setup (admin timers, joins): {result.setup_seconds:.1f}s; "
        f"play: {result.play_seconds:.1f}s{'  [TIME LIMIT HIT]' if result.timed_out else ''}",
        f"/poker join -> reply ms: n={len(result.join_ms)} "
        f"p50 {percentile(result.join_ms, 50):.1f}  p99 {percentile(result.join_ms, 99):.1f}",
        f"action -> table shows a later turn ms, play: n={len(result.table_lag_ms)} "
        f"p50 {percentile(result.table_lag_ms, 50):.1f}  "
        f"p99 {percentile(result.table_lag_ms, 99):.1f}  "
        f"max {max(result.table_lag_ms, default=0):.1f}",
        f"tables seated: {result.tables_seated}/{c.tables}; hands completed: "
        f"{result.hands_completed}, players dealt per completed hand: "
        f"{result.players_per_hand:.2f}",
        f"interactions/s: {result.interactions_per_second:.1f} "
        f"({result.acked_in_play} clicks acknowledged during play)",
        f"clicks: {result.clicks} ({result.clicks_before_play} while others were still joining); "
        f"acknowledged {result.acked}, late 10062: {result.late}, "
        f"unanswered: {result.unanswered}, private refusals: {result.refused_privately}, "
        f"not made (button gone after thinking): {result.stale_clicks}",
    ]
    if c.from_dms:
        waits = result.dm_waits_ms
        lines.append(
            f"players bet from their DM panels: table shows the turn -> panel shows its "
            f"buttons ms: n={len(waits)} p50 {percentile(waits, 50):.1f}  "
            f"p99 {percentile(waits, 99):.1f}  max {max(waits, default=0):.1f}; "
            f"never shown (bet on the table): {result.dm_fallbacks}"
        )
        later = result.dm_waits_later_ms
        lines.append(
            f"    from a minute into play: n={len(later)} p50 {percentile(later, 50):.1f}  "
            f"p99 {percentile(later, 99):.1f}  max {max(later, default=0):.1f}"
        )
    for label, lat in (
        ("click -> ack ms, play (all seated)", result.play_latencies_ms),
        ("click -> ack ms, whole run (joins too)", result.latencies_ms),
    ):
        lines.append(
            f"{label}: n={len(lat)} p50 {percentile(lat, 50):.1f}  "
            f"p95 {percentile(lat, 95):.1f}  p99 {percentile(lat, 99):.1f}  "
            f"max {max(lat) if lat else math.nan:.1f}"
        )
    for kind in sorted(result.latency_by_kind):
        values = result.latency_by_kind[kind]
        lines.append(
            f"    {kind:<5} n={len(values):<6} p50 {percentile(values, 50):.1f}  "
            f"p95 {percentile(values, 95):.1f}  p99 {percentile(values, 99):.1f}"
        )
    lines.append(
        f"REST calls per hand: {result.rest_per_hand:.1f} "
        f"({result.rest_calls} calls / {result.hands_completed} hands; "
        f"{result.setup_rest_calls} more answered joins and admin commands)"
    )
    if result.hands_completed:
        lines.append(
            f"REST bytes sent per hand: {result.rest_bytes / result.hands_completed / 1024:.1f} KiB"
        )
    lines.extend(format_rest_split(result))
    for kind, count in result.rest_by_kind.most_common():
        per_hand = count / result.hands_completed if result.hands_completed else math.nan
        lines.append(f"    {kind:<26} {count:>7}  {per_hand:6.1f}/hand")
        if kind == "edit original/follow-up" and result.hands_completed:
            lines.append(
                "      of which "
                + ", ".join(
                    f"{target} {n / result.hands_completed:.1f}/hand"
                    for target, n in result.token_edits.most_common()
                )
            )
    if result.rest_errors:
        errors = ", ".join(f"{status}: {n}" for status, n in sorted(result.rest_errors.items()))
        lines.append(f"    REST errors: {errors}")
    lines.append(
        f"bot peak memory (VmHWM): {result.bot_vmhwm_kb / 1024:.1f} MiB; "
        f"bot CPU during play: {result.bot_cpu_percent:.0f}% of one core"
    )
    lines.extend(format_floor(result))
    cores = os.cpu_count() or 1
    disturbed = (
        max(result.other_cpu_percent, result.other_setup_percent) > DISTURBED_PERCENT
        or result.steal_percent > DISTURBED_PERCENT
    )
    lines.append(
        f"other processes on this {cores}-core machine: {result.other_setup_percent:.0f}% of "
        f"one core during the joins, {result.other_cpu_percent:.0f}% during play (hypervisor "
        f"steal {result.steal_percent:.0f}%)"
        + ("  [NOT IDLE: figures disturbed]" if disturbed else "")
    )
    lag = result.harness_lag_ms
    lines.append(
        f"harness (double + players) CPU: {result.harness_cpu_percent:.0f}%; loop lag "
        f"p50 {percentile(lag, 50):.1f} ms  p99 {percentile(lag, 99):.1f} ms  "
        f"max {max(lag) if lag else math.nan:.1f} ms"
    )
    if result.bot_lag_ms:
        lag = result.bot_lag_ms
        lines.append(
            f"bot loop lag (probe): p50 {percentile(lag, 50):.1f} ms  "
            f"p99 {percentile(lag, 99):.1f} ms  max {max(lag):.1f} ms"
        )
        by_gen: dict[int, list[tuple[float, int]]] = {}
        for _, generation, pause, freed in result.bot_gc:
            by_gen.setdefault(generation, []).append((pause, freed))
        for generation in sorted(by_gen):
            pauses = [pause for pause, _ in by_gen[generation]]
            lines.append(
                f"    bot GC gen {generation}: {len(pauses)} passes, max {max(pauses):.1f} ms, "
                f"total {sum(pauses):.0f} ms, "
                f"{sum(freed for _, freed in by_gen[generation])} unreachable objects freed"
            )
    for name, calls in sorted(result.bot_calls.items()):
        if calls:
            lines.append(
                f"    bot {name}: n={len(calls)} p50 {percentile(calls, 50):.1f}  "
                f"p99 {percentile(calls, 99):.1f}  max {max(calls):.1f} ms"
            )
    for name, pairs in sorted(result.bot_locks.items()):
        if pairs:
            waits = [w for w, _ in pairs]
            holds = [h for _, h in pairs]
            lines.append(
                f"    bot {name}: n={len(pairs)} wait p50 {percentile(waits, 50):.1f} "
                f"p99 {percentile(waits, 99):.1f} max {max(waits):.1f}; hold p50 "
                f"{percentile(holds, 50):.1f} p99 {percentile(holds, 99):.1f} "
                f"max {max(holds):.1f} ms"
            )
    if result.slow_timeline:
        lines.append(
            f"acks over {SLOW_ACK_MS:.0f} ms per {SLOW_WINDOW:.0f} s from the first click "
            f"(| = all seated): {result.slow_timeline}"
        )
    if result.slow_acks:
        lines.append(
            f"acks over {SLOW_ACK_MS:.0f} ms: {result.slow_acks}; of these, waiting through a "
            f"harness loop stall >{STALL_MS:.0f} ms: {result.slow_with_harness_stall}"
            + (
                f", through a bot loop stall: {result.slow_with_bot_stall}"
                if result.bot_lag_samples
                else ""
            )
        )
    lines.extend(format_stages(result))
    if result.profile_path is not None:
        lines.append(f"py-spy profile: {result.profile_path}")
    lines.extend(result.notes)
    if result.bot_exit not in (0, None):
        lines.append(f"bot exit code {result.bot_exit}; last output:\n{result.bot_log_tail}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--hands", type=int, default=1, help="hands per table (default 1)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=120.0,
        help="hard wall-clock limit per table count, setup included (default 120)",
    )
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--think", type=float, default=1.0, help="seconds before acting (±20%%)")
    parser.add_argument("--tables-per-guild", type=int, default=10)
    parser.add_argument("--timer", type=int, default=20, help="decision timer set by the admin")
    parser.add_argument("--hand-pause", type=float, default=1.0)
    parser.add_argument("--join-parallel", type=int, default=8, help="tables joining at once")
    parser.add_argument(
        "--ramp",
        type=float,
        default=None,
        help="seconds over which the tables start joining (default: 0.05 s per table)",
    )
    parser.add_argument(
        "--click-rate",
        type=float,
        default=0.0,
        help="clicks a second of the whole run at most, in turn (compare two builds at one "
        "load: without it, a bot that shows turns sooner is clicked more)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--dashboards",
        type=int,
        default=0,
        help="admins with the web dashboard's server page open (its live events) during play",
    )
    parser.add_argument("--log-level", default="INFO", help="the bot's LOG_LEVEL")
    parser.add_argument("--profile", type=Path, default=None, help="py-spy output folder")
    parser.add_argument(
        "--profile-gil",
        action="store_true",
        help="with --profile: only samples holding the GIL (Python's CPU; a thread waiting in "
        "fsync or a socket is left out, which py-spy's idle detection does not always do)",
    )
    parser.add_argument(
        "--probe",
        action="store_true",
        help="run the bot through bench.load_probe (loop lag and GC pauses of the bot)",
    )
    parser.add_argument(
        "--probe-gc",
        choices=["", "freeze"],
        default="",
        help="with --probe: experiment with the bot's GC (freeze: gc.freeze() after start)",
    )
    parser.add_argument(
        "--probe-journal",
        choices=["", "background"],
        default="",
        help="with --probe: experiment, the click's answer does not wait for its journal write",
    )
    parser.add_argument(
        "--probe-switch",
        type=float,
        default=None,
        help="with --probe: experiment, the bot's GIL switch interval (seconds; the bot's: 0.001)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="time each stage of a click inside the bot (bench.load_trace) and print them",
    )
    parser.add_argument(
        "--floor-seconds",
        type=float,
        default=20.0,
        help="after play, click a do-nothing discord.py bot at the play's rate for this long: "
        "its CPU per click is the floor the bot's is compared with (0: skip)",
    )
    parser.add_argument("--keep-logs", action="store_true", help="keep the bot log and database")
    parser.add_argument(
        "--from-dms",
        action="store_true",
        help="players bet from their DM panels (the betting buttons there), not from the table",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (needs postgresql)"
    )
    parser.add_argument(
        "--database",
        choices=["sqlite", "postgresql"],
        default="sqlite",
        help="the store: a SQLite file, or a throwaway PostgreSQL server (bench/load_cluster.py)",
    )
    return parser.parse_args(argv)


async def run_all(args: argparse.Namespace) -> list[LoadResult]:
    results = []
    for tables in args.tables:
        config = LoadConfig(
            tables=tables,
            hands=args.hands,
            seconds=args.seconds,
            players=args.players,
            think=args.think,
            click_rate=args.click_rate,
            tables_per_guild=args.tables_per_guild,
            timer=args.timer,
            hand_pause=args.hand_pause,
            join_parallel=args.join_parallel,
            ramp=args.ramp,
            seed=args.seed,
            log_level=args.log_level,
            profile_dir=args.profile,
            profile_gil=args.profile_gil,
            probe=args.probe,
            probe_gc=args.probe_gc,
            probe_journal=args.probe_journal,
            probe_switch=args.probe_switch,
            trace=args.trace,
            keep_logs=args.keep_logs,
            processes=args.processes,
            database=args.database,
            from_dms=args.from_dms,
            dashboards=args.dashboards,
            floor_seconds=args.floor_seconds,
        )
        result = await run_load(config)
        print(format_report(result), flush=True)
        print(flush=True)
        results.append(result)
    return results


def _kill_bots() -> None:
    for process in list(LIVE_BOTS):
        with contextlib.suppress(OSError):
            process.kill()


def _last_resort(signum: int, frame: Any) -> None:
    """The hard limit passed: kill the bot(s) and leave, whatever the event loop is doing."""
    _kill_bots()
    sys.stderr.write("load benchmark: hard time limit reached, stopped\n")
    os._exit(3)


def _stopped(signum: int, frame: Any) -> None:
    """The harness is told to stop (SIGTERM, SIGHUP): its bots go with it (a bot left running
    kept a core busy for as long as nobody noticed)."""
    _kill_bots()
    sys.stderr.write(f"load benchmark: stopped by signal {signum}\n")
    os._exit(128 + signum)


def run_each_in_own_process(argv: list[str], tables: list[int]) -> int:
    """One harness process per table count: a run must not inherit the previous run's heap,
    sockets or stragglers (measured: a 200-table run after a 50-table run in the same process
    saw harness stalls of 400 ms that a fresh process does not)."""
    rest: list[str] = []
    skip = False
    for item in argv:
        if item == "--tables":
            skip = True
            continue
        if skip and item.lstrip("-").isdigit() and not item.startswith("-"):
            continue
        skip = False
        rest.append(item)
    worst = 0
    for count in tables:
        code = subprocess.call(
            [sys.executable, str(Path(__file__).resolve()), "--tables", str(count), *rest]
        )
        worst = max(worst, code)
    return worst


def main(argv: list[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(raw)
    if len(args.tables) > 1:
        return run_each_in_own_process(raw, args.tables)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # A last resort: however the run goes, the process ends and takes the bot with it.
    hard_limit = int(sum(args.seconds + 60 for _ in args.tables)) + 30
    signal.signal(signal.SIGALRM, _last_resort)
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, _stopped)
    signal.alarm(hard_limit)
    print(
        f"load benchmark: tables {args.tables}, {args.players} players each, {args.hands} hand(s), "
        f"hard limit {hard_limit}s, python {sys.version.split()[0]}, {os.cpu_count()} cores",
        flush=True,
    )
    results = asyncio.run(run_all(args))
    signal.alarm(0)
    return 0 if all(r.hands_completed > 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
