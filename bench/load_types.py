"""What the load benchmark's modules share (``bench_load.py`` runs the benchmark,
``load_cluster.py`` runs its bot as a cluster): the run's configuration and result, the bot
process's interface, the REST kinds outside Discord's global limit, and a process's CPU time.
Both import this module and neither imports the other, so they form no import circle.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bench.load_double import LoadDouble

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

ANSWER_KINDS = frozenset({"interaction callback", "follow-up", "edit original/follow-up"})
"""REST calls made with an interaction's token: Discord's global limit of 50 requests a second
per bot does not count them. Every other call does (table edits, DMs, channel posts)."""


@dataclass
class LoadConfig:
    """One run of the benchmark at one table count."""

    tables: int
    hands: int = 1
    seconds: float = 120.0
    players: int = 6
    think: float = 1.0
    click_rate: float = 0.0  # clicks a second of the whole run at most (0: as players think)
    tables_per_guild: int = 10
    timer: int = 20
    hand_pause: float = 1.0
    join_parallel: int = 8
    ramp: float | None = None  # seconds over which tables start joining (None: 0.05 s a table)
    seed: int = 1
    log_level: str = "INFO"
    profile_dir: Path | None = None
    profile_gil: bool = False  # py-spy --gil: only samples holding the GIL
    probe: bool = False
    probe_gc: str = ""
    probe_journal: str = ""
    probe_switch: float | None = None
    trace: bool = False
    keep_logs: bool = False
    processes: int = 1  # bot processes, one shard each (bench/load_cluster.py)
    database: str = "sqlite"  # or postgresql
    database_url: str | None = None  # postgresql: this server, not a throwaway one
    from_dms: bool = False  # players bet from their DM panels, not from the table
    dashboards: int = 0  # web dashboards open on server pages, reading their live events
    floor_seconds: float = 20.0  # discord.py's floor measured after play (0: not measured)


@dataclass
class FloorResult:
    """discord.py's floor (``bench/load_floor.py``): a do-nothing bot's CPU for its clicks."""

    clicks: int
    acknowledged: int
    cpu_seconds: float
    wakes: int = 0
    """Voluntary context switches of its event loop's thread (``proc_wakes``)."""

    @property
    def cpu_ms_per_click(self) -> float:
        return 1000 * self.cpu_seconds / self.acknowledged if self.acknowledged else math.nan


@dataclass
class LoadResult:
    """What one run measured."""

    config: LoadConfig
    setup_seconds: float = 0.0
    join_ms: list[float] = field(default_factory=list)
    table_lag_ms: list[float] = field(default_factory=list)
    play_seconds: float = 0.0
    tables_seated: int = 0
    hands_completed: int = 0
    players_per_hand: float = 0.0
    clicks: int = 0
    clicks_before_play: int = 0
    acked: int = 0
    acked_in_play: int = 0
    bot_cpu_seconds: float = 0.0  # the bot's (every process's) CPU during play
    bot_wakes: int = 0  # its event loop's wake-ups during play (``proc_wakes``)
    token_edits: Counter[str] = field(default_factory=Counter)  # by target: table, DM panels
    floor: FloorResult | None = None  # discord.py's floor at the play's click rate
    setup_rest_calls: int = 0
    rest_bytes: int = 0  # request bodies the bot sent during play (pictures are most of it)
    late: int = 0
    unanswered: int = 0
    refused_privately: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    latency_by_kind: dict[str, list[float]] = field(default_factory=dict)
    stale_clicks: int = 0
    dm_waits_ms: list[float] = field(default_factory=list)
    """(--from-dms) the table showing a player's betting turn -> their DM panel showing it."""
    dm_waits_later_ms: list[float] = field(default_factory=list)
    """``dm_waits_ms`` of the turns from a minute after play began (the first deals over)."""
    dm_fallbacks: int = 0
    rest_calls: int = 0
    rest_by_kind: Counter[str] = field(default_factory=Counter)
    rest_errors: Counter[int] = field(default_factory=Counter)
    bot_vmhwm_kb: int = 0
    bot_cpu_percent: float = 0.0
    harness_cpu_percent: float = 0.0
    other_cpu_percent: float = 0.0  # every other process on the machine, during play
    other_setup_percent: float = 0.0  # the same during the joins
    steal_percent: float = 0.0  # CPU the hypervisor gave to other machines, joins and play
    harness_lag: list[tuple[float, float]] = field(default_factory=list)  # (time, ms)
    harness_lag_ms: list[float] = field(default_factory=list)  # during play
    bot_lag_ms: list[float] = field(default_factory=list)  # during play (--probe)
    bot_gc: list[tuple[float, int, float, int]] = field(default_factory=list)
    """(time, generation, ms, objects freed) of the bot's collections."""
    bot_lag_samples: list[tuple[float, float]] = field(default_factory=list)
    bot_locks: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # wait, hold
    bot_calls: dict[str, list[float]] = field(default_factory=dict)
    play_latencies_ms: list[float] = field(default_factory=list)
    slow_acks: int = 0
    slow_timeline: str = ""  # acks over SLOW_ACK_MS per SLOW_WINDOW seconds, the joins too
    slow_with_harness_stall: int = 0
    slow_with_bot_stall: int = 0
    timed_out: bool = False
    bot_exit: int | None = None
    bot_log_tail: str = ""
    profile_path: Path | None = None
    rest_answers: int = 0  # interaction answers (callbacks, follow-ups): no global limit
    rest_limited_peak: int = 0  # most rate-limited calls in one second of play
    # As Discord counts its global limit: every call but the interaction answers, from the
    # first /poker join on (joins, welcome DMs and first deals included), and the most of
    # them in any one second of the run.
    rest_limited_all: int = 0
    rest_limited_all_by_kind: Counter[str] = field(default_factory=Counter)
    """The rate-limited calls of ``rest_limited_all`` by kind (the welcome DMs' too)."""
    rest_limited_all_peak: int = 0
    rest_bot_peak: int | None = None
    """(--trace) The most rate-limited requests the bot started in one second of the run."""
    rest_budget: float = 0.0  # the bot's own pace (DEUCE_REST_PER_SECOND)
    rest_seconds: float = 0.0  # the window the REST calls were counted in (setup and play)
    stages: dict[str, list[float]] = field(default_factory=dict)  # --trace: stage -> ms
    slow_stages: dict[str, list[float]] = field(default_factory=dict)  # the same, acks > SLOW_MS
    notes: list[str] = field(default_factory=list)

    @property
    def interactions_per_second(self) -> float:
        return self.acked_in_play / self.play_seconds if self.play_seconds > 0 else 0.0

    @property
    def rest_per_hand(self) -> float:
        return self.rest_calls / self.hands_completed if self.hands_completed else math.nan


class BotProcess(Protocol):
    """A bot under test (``bench_load.BotUnderTest``, one ``python -m bot`` process) as the
    cluster drives it."""

    env: dict[str, str]
    process: subprocess.Popen[bytes] | None

    @property
    def pid(self) -> int: ...

    def output_tail(self, chars: int = 3000) -> str: ...

    async def start(self, timeout: float) -> None: ...

    async def stop(self, timeout: float = 15.0) -> int | None: ...


class BotFactory(Protocol):
    """Makes a bot under test (``bench_load.BotUnderTest`` itself)."""

    def __call__(self, double: LoadDouble, workdir: Path, config: LoadConfig) -> BotProcess: ...


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (from /proc/<pid>/stat)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
        fields = raw[raw.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (OSError, ValueError, IndexError):
        return 0.0


def proc_status(pid: int, key: str) -> int:
    """The number of a line of /proc/<pid>/status (``VmHWM``: peak resident memory in kB;
    ``voluntary_ctxt_switches``: of the main thread), 0 if unreadable."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def proc_wakes(pid: int) -> int:
    """Voluntary context switches of a process's main thread so far (its event loop's): each
    is a sleep the loop woke from. Counted beside the CPU because a wake-up costs CPU of its
    own here (about 0.1 ms on this VM: a 5 ms asyncio.sleep costs 0.07-0.12 ms of CPU), and
    because it does not drift with the machine's speed as CPU time does."""
    return proc_status(pid, "voluntary_ctxt_switches")


LIVE_BOTS: set[subprocess.Popen[bytes]] = set()
"""Bot processes still running (the bot under test, the floor's), killed by the harness's
last-resort alarm or when it is told to stop, before it exits."""


def spawn_bot(module: str, env: dict[str, str], log_path: Path) -> subprocess.Popen[bytes]:
    """``python -m module`` from the repository (on top of this process's environment, with
    ``env``), its output appended to ``log_path``; kept in ``LIVE_BOTS``."""
    root = Path(__file__).resolve().parents[1]
    full = {**os.environ, **env}
    full["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), full.get("PYTHONPATH")]))
    with log_path.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", module],
            cwd=root,
            env=full,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    LIVE_BOTS.add(process)
    return process
