"""``python -m bot`` with a probe: where a click's time goes inside the bot.

Used by the load benchmark's ``--probe`` option to explain a slow acknowledgement without
touching the bot's code: this module runs the very same entry point (``bot.__main__.main``)
after instrumenting, from the outside,

* the event loop: a task samples how late a 20 ms sleep wakes up (a stalled loop);
* garbage collection: ``gc.callbacks`` times every pass, by generation;
* the locks a click waits for: the store's writer and reader locks and each table session's
  lock are replaced by a :class:`TimedLock` recording wait and hold times;
* the button handlers, the steps of ``/poker join`` and the store's journal write, timed
  from call to return, and the SQLite backend's calls (one hop to its thread each);
* stalls: a thread samples the loop thread's stack while the loop has not run for 30 ms;
* ``DEUCE_PROBE_CENSUS=<seconds>[,<seconds>...]``: that long after start, the objects the
  collector tracks, counted by type (it stalls the loop while it counts), with pymalloc's,
  glibc's and SQLite's memory figures; after the last, the cyclic garbage made in the next
  5 s, by type (what the collector's passes have to find);
* ``DEUCE_PROBE_CACHES=1``: at the last census, each of the bot's caches (``lru_cache`` and
  ``Recent``) weighed by emptying it (entries, bytes freed, hits and misses since start);
* ``DEUCE_PROBE_HOLDERS=<type>,...``: at the last census, who holds sampled objects of each
  type (chains of referrers' types);
* ``DEUCE_PROBE_MEMORY=<from>,<to>``: Python's allocations traced from ``from`` seconds after
  start (``tracemalloc``, three frames: the bot runs several times slower while it traces, so
  start after the joins), and at ``to`` the memory allocated since and still held, by where it
  was allocated (the 40 biggest places), beside the process's resident memory then.

Samples are written as JSON to ``$DEUCE_PROBE_OUT`` when the bot exits (a dump on the way
would stall the loop it measures).
The wrappers add a few microseconds per call; run without ``--probe`` for the headline figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import inspect
import json
import logging
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Literal

from bench.load_types import proc_status

log = logging.getLogger(__name__)

INTERVAL = 0.02


def _short(filename: str) -> str:
    """A source file's name as a profile prints it: from its package or the project."""
    return filename.split("site-packages/")[-1].split("/work/main/")[-1]


class TimedLock(asyncio.Semaphore):
    """A lock (or ``depth`` turns) that records (time, wait ms, hold ms) of every acquisition;
    each holding task is timed on its own."""

    def __init__(self, samples: list[tuple[float, float, float]], depth: int = 1) -> None:
        super().__init__(depth)
        self._samples = samples
        self._held: dict[Any, tuple[float, float]] = {}

    def _took(self, start: float) -> None:
        now = time.perf_counter()
        self._held[asyncio.current_task()] = (now, (now - start) * 1000)

    async def acquire(self) -> Literal[True]:
        start = time.perf_counter()
        await super().acquire()
        self._took(start)
        return True

    def release(self) -> None:
        acquired_at, wait_ms = self._held.pop(asyncio.current_task(), (time.perf_counter(), 0.0))
        hold = (time.perf_counter() - acquired_at) * 1000
        self._samples.append((time.time(), wait_ms, hold))
        super().release()


def timed_write_lock(samples: list[tuple[float, float, float]], depth: int) -> Any:
    """The store's WriteLock, timed as a TimedLock (journal batches acquire it first)."""
    from bot.store.runner import WriteLock

    class TimedWriteLock(TimedLock, WriteLock):
        def __init__(self) -> None:
            TimedLock.__init__(self, samples, depth)
            self._first = []

        async def acquire_first(self) -> None:
            start = time.perf_counter()
            await WriteLock.acquire_first(self)
            self._took(start)

    return TimedWriteLock()


class Probe:
    """Samples (wall time, ms) of loop lag and of GC pauses, by generation."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.lag: list[tuple[float, float]] = []
        self.gc: list[tuple[float, int, float, int]] = []
        """(time, generation, pause ms, unreachable objects freed) of each collection."""
        self.locks: dict[str, list[tuple[float, float, float]]] = {}
        self.calls: dict[str, list[tuple[float, float]]] = {}
        self._gc_started = 0.0
        self.started = time.monotonic()
        self.stalls: dict[str, float] = {}
        """Where the loop thread was while the loop was stalled: stack → ms sampled there."""
        self._beat = time.monotonic()
        self.census: dict[str, int] = {}
        self.censuses: list[tuple[float, int, dict[str, int]]] = []
        """Every census: (seconds since start, resident KiB, objects tracked by type)."""
        self.holders: dict[str, dict[str, int]] = {}
        """``DEUCE_PROBE_HOLDERS=<type>,...``: referrer chains of sampled objects, by type."""
        self.caches: dict[str, tuple[int, int, int, int]] = {}
        """``DEUCE_PROBE_CACHES=1``: at the last census, each cache's entries, bytes, hits and
        misses."""
        self.recent_stats: dict[int, list[int]] = {}
        """Hits and misses of each ``Recent`` cache, by its id (``DEUCE_PROBE_CACHES``)."""
        """Objects the collector tracks, by type, when the last census was taken."""
        self.garbage: dict[str, int] = {}
        """Cyclic garbage made in the 5 s after the census, by type."""
        self.memory: dict[str, Any] = {}
        """Memory held, by where it was allocated (``DEUCE_PROBE_MEMORY``)."""

    def take_memory(self) -> None:
        import tracemalloc

        snapshot = tracemalloc.take_snapshot()
        stats = snapshot.statistics("traceback")
        places = []
        for stat in stats[:40]:
            frames = " <- ".join(
                f"{_short(frame.filename)}:{frame.lineno}" for frame in stat.traceback
            )
            places.append((round(stat.size / 1024), stat.count, frames))
        rss = proc_status(os.getpid(), "VmRSS")
        by_file: dict[str, int] = {}
        for stat in stats:
            names = [frame.filename for frame in stat.traceback]  # the outermost first
            ours = [name for name in names if "/bot/" in name and "site-packages" not in name]
            name = _short((ours or names)[-1])  # the bot's innermost frame, else the innermost
            by_file[name] = by_file.get(name, 0) + stat.size
        self.memory = {
            "traced_kib": round(sum(stat.size for stat in stats) / 1024),
            "rss_kib": rss,
            "places": places,
            "files": sorted(((round(v / 1024), k) for k, v in by_file.items()), reverse=True)[:60],
        }

    def take_census(self, holders: bool = True) -> None:
        counts: dict[str, int] = {}
        for obj in gc.get_objects():
            name = type(obj).__qualname__
            counts[name] = counts.get(name, 0) + 1
        counts["(frozen)"] = gc.get_freeze_count()
        counts["(tracked)"] = sum(counts.values()) - counts["(frozen)"]
        self.census = dict(sorted(counts.items(), key=lambda kv: -kv[1])[:40])
        rss = proc_status(os.getpid(), "VmRSS")
        counts.update(self.pymalloc())
        counts.update(self.glibc_malloc())
        self.censuses.append((time.monotonic() - self.started, rss, counts))
        if holders and os.environ.get("DEUCE_PROBE_CACHES"):
            self.caches = self.weigh_caches()
        wanted = [n for n in (os.environ.get("DEUCE_PROBE_HOLDERS") or "").split(",") if n]
        if wanted and holders:
            self.holders = {name: self.find_holders(name) for name in wanted}

    def count_recent_hits(self) -> None:
        """Count the hits and misses of every ``Recent`` cache (``lru_cache`` counts its own)."""
        from bot.table.render.common import Recent

        get = Recent.get
        stats = self.recent_stats

        def counted(cache: Any, key: Any, make: Any) -> Any:
            hit = key in cache._values
            entry = stats.setdefault(id(cache), [0, 0])
            entry[0 if hit else 1] += 1
            return get(cache, key, make)

        Recent.get = counted  # type: ignore[method-assign]

    def weigh_caches(self) -> dict[str, tuple[int, int, int, int]]:
        """What each of the bot's caches holds: (entries, bytes freed when it is emptied, by
        pymalloc's and glibc's counts, or tracemalloc's while it traces), emptied one after the
        other (the run goes on with cold caches: take it last)."""
        import tracemalloc

        from bot.table.render.common import Recent

        def held() -> int:
            gc.collect()
            if tracemalloc.is_tracing():  # pymalloc's figures are gone: Python's, traced
                return tracemalloc.get_traced_memory()[0]
            figures = {**self.pymalloc(), **self.glibc_malloc()}
            return figures["(pymalloc) bytes in allocated blocks"] + figures["(glibc) in use"]

        caches: dict[str, tuple[int, int, int, int]] = {}
        for module_name, module in sorted(sys.modules.items()):
            if not module_name.startswith("bot.") or module is None:
                continue
            for name, value in sorted(vars(module).items()):
                if isinstance(value, Recent):
                    entries, clear = len(value._values), value._values.clear
                    hits, misses = self.recent_stats.get(id(value), (0, 0))
                elif (
                    callable(getattr(value, "cache_clear", None))
                    and getattr(value, "__module__", None) == module_name
                ):
                    info = value.cache_info()
                    entries, clear, hits, misses = info.currsize, value.cache_clear, *info[:2]
                else:
                    continue
                if not entries:
                    continue
                before = held()
                clear()
                caches[f"{module_name}.{name}"] = (entries, before - held(), hits, misses)
        return caches

    @staticmethod
    def glibc_malloc() -> dict[str, int]:
        """glibc's heap (``mallinfo2``): bytes in use (blocks over 512 bytes, which pymalloc
        passes on, and C libraries' own, SQLite's page caches among them), free inside the
        heap, and mapped on their own."""
        import ctypes

        class MallInfo2(ctypes.Structure):
            _fields_ = [
                (name, ctypes.c_size_t)
                for name in (
                    "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                    "uordblks", "fordblks", "keepcost",
                )
            ]  # fmt: skip

        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        info = libc.mallinfo2()
        sqlite = ctypes.CDLL("libsqlite3.so.0")  # the library _sqlite3 loaded: one instance
        sqlite.sqlite3_memory_used.restype = ctypes.c_int64
        return {
            "(glibc) in use": info.uordblks,
            "(glibc) free in heap": info.fordblks,
            "(glibc) mapped alone": info.hblkhd,
            "(glibc) of which SQLite's": sqlite.sqlite3_memory_used(),
        }

    @staticmethod
    def pymalloc() -> dict[str, int]:
        """pymalloc's own figures (``sys._debugmallocstats``, written to fd 2): bytes in its
        arenas, in live blocks, and free in partly used pools and in empty pools (what
        fragmentation costs). None while ``tracemalloc`` traces (``DEUCE_PROBE_MEMORY``):
        pymalloc then prints nothing."""
        import tempfile

        with tempfile.TemporaryFile() as sink:
            saved = os.dup(2)
            try:
                os.dup2(sink.fileno(), 2)
                sys._debugmallocstats()
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            sink.seek(0)
            text = sink.read().decode(errors="replace")
        figures: dict[str, int] = {}
        for line in text.splitlines():
            label, _, value = line.partition("=")
            label = label.strip().lstrip("# ")
            if (
                label.startswith(("bytes in", "arenas allocated current"))
                or "unused pools" in label
            ):
                key = "(pymalloc) " + ("unused pools" if "unused pools" in label else label)
                figures[key] = int(value.strip().replace(",", "") or 0)
        return figures

    @staticmethod
    def find_holders(name: str, samples: int = 20, depth: int = 5) -> dict[str, int]:
        """Who keeps objects of the type ``name`` alive: for up to ``samples`` of them, the
        chain of first referrers' types (``dict <- Owner``: an instance's attributes), counted
        by chain. One pass over the tracked objects per level of the chains."""
        everything = gc.get_objects()
        found = [obj for obj in everything if type(obj).__qualname__ == name]
        chains: dict[int, list[str]] = {}
        current: dict[int, list[int]] = {}  # id of an object -> the chains that reached it
        for obj in found[:: max(1, len(found) // samples)][:samples]:
            chains[id(obj)] = [name]
            current[id(obj)] = [id(obj)]
        skip = {id(everything), id(found)}
        for _ in range(depth):
            nearest: dict[int, Any] = {}
            for holder in everything:
                if id(holder) in skip or inspect.isframe(holder):
                    continue
                for ref in gc.get_referents(holder):
                    for chain in current.get(id(ref), ()):
                        nearest.setdefault(chain, holder)
            if not nearest:
                break
            current = {}
            for chain, holder in nearest.items():
                chains[chain].append(type(holder).__qualname__)
                current.setdefault(id(holder), []).append(chain)
        counts: dict[str, int] = {}
        for chain_names in chains.values():
            key = " <- ".join(chain_names)
            counts[key] = counts.get(key, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: -kv[1]))

    def count_garbage(self) -> None:
        """The cyclic garbage saved since the census (``gc.DEBUG_SAVEALL``), by type: what
        the collector has to find, each object a cost of its passes."""
        gc.collect()
        counts: dict[str, int] = {}
        for obj in gc.garbage:
            name = type(obj).__qualname__
            counts[name] = counts.get(name, 0) + 1
        gc.garbage.clear()
        gc.set_debug(0)
        top = sorted(counts.items(), key=lambda kv: -kv[1])[:40]
        self.garbage = {"(all)": sum(counts.values()), **dict(top)}

    def start_stall_sampler(self, loop: asyncio.AbstractEventLoop) -> None:
        """A thread that looks at the loop thread's stack every 5 ms while the loop has not
        run a 10 ms heartbeat for over 30 ms: the code a stall is spent in, not averages."""
        loop_thread = threading.get_ident()

        def beat() -> None:
            self._beat = time.monotonic()
            loop.call_later(0.01, beat)

        def sample() -> None:
            while True:
                time.sleep(0.005)
                if time.monotonic() - self._beat < 0.03:
                    continue
                frame = sys._current_frames().get(loop_thread)
                sites = []
                while frame is not None and len(sites) < 12:  # no source lines read: cheap
                    code = frame.f_code
                    sites.append(f"{Path(code.co_filename).name}:{frame.f_lineno} {code.co_name}")
                    frame = frame.f_back
                if not sites:
                    continue
                key = " < ".join(sites)
                self.stalls[key] = self.stalls.get(key, 0.0) + 5.0

        loop.call_soon(beat)
        threading.Thread(target=sample, name="probe stall sampler", daemon=True).start()

    def lock(self, name: str) -> TimedLock:
        return TimedLock(self.locks.setdefault(name, []))

    def time_calls(self, owner: Any, name: str, label: str) -> None:
        """Replace the coroutine method ``owner.name`` with one that records its duration."""
        original = getattr(owner, name)
        samples = self.calls.setdefault(label, [])

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                samples.append((time.time(), (time.perf_counter() - start) * 1000))

        setattr(owner, name, timed)

    def instrument(self) -> None:
        """Timed locks in the store and the sessions; timed handlers and journal writes."""
        from bot.store.hands import Hands
        from bot.store.runner import Runner
        from bot.store.tables import Tables
        from bot.store.wallets import Wallets
        from bot.table.session import TableSession

        probe = self
        if os.environ.get("DEUCE_PROBE_CACHES"):
            self.count_recent_hits()
        runner_init = Runner.__init__
        session_init = TableSession.__init__

        def runner_init_timed(runner: Any, *args: Any, **kwargs: Any) -> None:
            runner_init(runner, *args, **kwargs)
            locks, depth = probe.locks, runner.depth
            runner._write_lock = timed_write_lock(locks.setdefault("store write lock", []), depth)
            runner._read_lock = TimedLock(locks.setdefault("store read lock", []), depth)

        def session_init_timed(session: Any, *args: Any, **kwargs: Any) -> None:
            session_init(session, *args, **kwargs)
            session._lock = probe.lock("session lock")

        Runner.__init__ = runner_init_timed  # type: ignore[method-assign,assignment]
        TableSession.__init__ = session_init_timed  # type: ignore[method-assign,assignment]
        for name, label in (
            ("_bet", "on_table_button"),
            ("_draw", "on_draw_button"),
            ("_mark", "on_card_button"),
        ):
            self.time_calls(TableSession, name, label)
        self.time_calls(TableSession, "_journal", "journal (session)")
        import bot.store.sqlite as sqlite_backend

        self.time_calls(sqlite_backend.SqliteBackend, "write_journal", "journal hop (sqlite)")
        self.time_calls(sqlite_backend.SqliteBackend, "write", "write hop (sqlite)")
        in_thread = self.calls.setdefault("journal statement (sqlite thread)", [])
        original_write = sqlite_backend._write_journal

        def write_timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return original_write(*args, **kwargs)
            finally:
                in_thread.append((time.time(), (time.perf_counter() - start) * 1000))

        sqlite_backend._write_journal = write_timed  # type: ignore[assignment]
        from bot.table.registry import TableRegistry

        self.time_calls(TableRegistry, "open", "join: tables.open")
        self.time_calls(TableSession, "join", "join: session.join")
        self.time_calls(TableSession, "note_dm", "join: session.note_dm")
        self.time_calls(Tables, "verify_buy_in", "join: verify_buy_in")
        self.time_calls(Wallets, "balance", "join: balance")
        self.time_calls(Hands, "settle", "settle_hand")
        self.time_calls(Hands, "begin", "begin_hand")

    def on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            pause = (time.perf_counter() - self._gc_started) * 1000
            self.gc.append(
                (time.time(), int(info.get("generation", -1)), pause, int(info.get("collected", 0)))
            )

    async def monitor(self) -> None:
        """Sample the loop's lag; written out when the bot exits (a dump on the way would
        stall the loop it measures: tens of milliseconds of JSON)."""
        loop = asyncio.get_running_loop()
        started = self.started
        census_times = [float(x) for x in (os.environ.get("DEUCE_PROBE_CENSUS") or "0").split(",")]
        census_at = census_times[-1]  # the last: with the holders and the garbage after it
        earlier = [x for x in census_times[:-1] if x]
        trace_from, memory_at = (
            float(part) for part in (os.environ.get("DEUCE_PROBE_MEMORY") or "0,0").split(",")
        )
        while True:
            start = loop.time()
            await asyncio.sleep(INTERVAL)
            self.lag.append((time.time(), (loop.time() - start - INTERVAL) * 1000))
            if earlier and time.monotonic() - started > earlier[0]:
                earlier.pop(0)
                self.take_census(holders=False)  # counts, to compare with the last
                self.census = {}
            if census_at and not self.census and time.monotonic() - started > census_at:
                self.take_census()  # once: it stalls the loop for a while
                gc.set_debug(gc.DEBUG_SAVEALL)  # and what becomes cyclic garbage for 5 s
                loop.call_later(5.0, self.count_garbage)
            if trace_from and time.monotonic() - started > trace_from:
                import tracemalloc

                tracemalloc.start(3)
                trace_from = 0.0
            if memory_at and not self.memory and time.monotonic() - started > memory_at:
                self.take_memory()

    def dump(self) -> None:
        tmp = self.out.with_suffix(".tmp")
        tmp.write_text(
            json.dumps(
                {
                    "lag": self.lag,
                    "gc": self.gc,
                    "locks": self.locks,
                    "calls": self.calls,
                    "stalls": self.stalls,
                    "census": self.census,
                    "censuses": self.censuses,
                    "caches": self.caches,
                    "holders": self.holders,
                    "garbage": self.garbage,
                    "memory": self.memory,
                }
            )
        )
        tmp.replace(self.out)


def journal_in_background() -> None:
    """Experiment (DEUCE_PROBE_JOURNAL=background): what if a click's answer did not wait for
    its journal write? The state is still captured under the session lock, in order; only the
    store write runs in a task chained after the table's previous one. Not crash-safe as is
    (an acknowledged action may not be on disk yet): this measures the cost, not a fix."""
    from bot.table import seating
    from bot.table.session import TableSession

    async def background(session: Any) -> None:
        if session.hand is None:
            return
        state = seating.journal_state(
            session.hand,
            session.notes,
            deadline=session.timers.deadline,
            closing=session.closing,
        )
        hand_id = session.hand.hand_id
        previous = getattr(session, "_probe_journal_task", None)

        async def write() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            try:
                await session.store.hands.journal(hand_id, state)
            except Exception as error:  # a hand settled meanwhile: its journal is gone
                log.debug("probe: background journal of hand %s: %s", hand_id, error)

        session._probe_journal_task = asyncio.get_running_loop().create_task(write())

    TableSession._journal = background  # type: ignore[method-assign,assignment]


def main() -> int:
    import bot.__main__ as entry
    from bench import load_trace

    trace = load_trace.start()
    out = os.environ.get("DEUCE_PROBE_OUT")
    if not out:
        return entry.main() if trace is None else _traced_main(entry, trace)
    probe = Probe(Path(out))
    gc.callbacks.append(probe.on_gc)
    switch = os.environ.get("DEUCE_PROBE_SWITCH")
    if switch:
        # Experiment: how long a thread may keep the GIL while another waits for it (the
        # bot sets bot.__main__.SWITCH_INTERVAL; CPython's default is 5 ms).
        entry.SWITCH_INTERVAL = float(switch)
    if os.environ.get("DEUCE_PROBE_JOURNAL") == "background":
        journal_in_background()
    probe.instrument()
    original_run = entry.run

    async def freeze_heap_later() -> None:
        """Experiment (DEUCE_PROBE_GC=freeze): once started, move every object that exists
        into the permanent generation, so full collections stop re-scanning them."""
        await asyncio.sleep(float(os.environ.get("DEUCE_PROBE_GC_DELAY", "3")))
        gc.collect()
        gc.freeze()
        log.warning("probe: gc.freeze() moved %d objects out of collection", gc.get_freeze_count())

    async def probed_run(settings: Any) -> int:
        task = asyncio.get_running_loop().create_task(probe.monitor())
        probe.start_stall_sampler(asyncio.get_running_loop())
        if os.environ.get("DEUCE_PROBE_GC") == "freeze":
            freezer = asyncio.get_running_loop().create_task(freeze_heap_later())
            freezer.add_done_callback(lambda t: None)
        try:
            return await original_run(settings)
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            probe.dump()

    entry.run = probed_run
    return entry.main() if trace is None else _traced_main(entry, trace)


def _traced_main(entry: Any, trace: Any) -> int:
    """Run the bot with the click trace dumped every few seconds and at exit."""
    original_run = entry.run

    async def traced_run(settings: Any) -> int:
        try:
            return int(await original_run(settings))
        finally:
            trace.dump()  # at exit only: a dump on the way stalls the loop it times

    entry.run = traced_run
    return int(entry.main())


if __name__ == "__main__":
    sys.exit(main())
