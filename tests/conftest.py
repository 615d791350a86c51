"""Shared fixtures: the loopback Discord double, and the real bot process pointed at it.

``double`` serves Discord's REST API and gateway on 127.0.0.1 (a free port) inside the test's
event loop; ``start_bot(double, db_path, **env)`` launches ``python -m bot`` as a subprocess
against it, exactly as a deployment would start the bot, with its output captured to a file.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.discord_double import DiscordDouble
from tests.scheduling import reorder
from tests.store._helpers import PostgresCluster, postgres_bin_dir

log = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parent.parent

#: Knobs the bot reads so end-to-end hands run fast (see the bot's .env.example).
FAST_BOT_ENV = {
    "DEUCE_HAND_PAUSE_SECONDS": "0.5",
    "DEUCE_MIN_TIMER_SECONDS": "1",
    "DEUCE_GUILD_READY_TIMEOUT": "0.1",
    "DEUCE_EDIT_INTERVAL_SECONDS": "0.25",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--exhaustive",
        action="store_true",
        help="run the exhaustive engine checks at full size (every five-card hand against "
        "pokerkit, thousands of random hands against pokerkit and the rules); by default "
        "they run on seeded samples",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reorder(config, items)  # the longest files first, spread over the workers


@pytest.fixture(scope="session")
def exhaustive(request: pytest.FixtureRequest) -> bool:
    """Whether the run asked for the full-size engine checks (``--exhaustive``)."""
    return bool(request.config.getoption("--exhaustive"))


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    """A started Discord double on 127.0.0.1 (free port); stopped after the test."""
    server = DiscordDouble()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


class BotProcess:
    """The real bot (``python -m bot``) running as a subprocess against the double."""

    def __init__(
        self, double: DiscordDouble, db_path: Path, log_path: Path, env: dict[str, str]
    ) -> None:
        self.double = double
        self.db_path = db_path
        self.log_path = log_path
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def output(self) -> str:
        """Everything the bot printed so far (stdout and stderr, all runs)."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    async def start(self, timeout: float = 30.0) -> None:
        """Launch the bot and wait until it has identified and synced its commands."""
        identifies = self.double.identify_count
        syncs = self.double.sync_count
        had_commands = bool(self.double.global_commands or self.double.guild_commands)
        env = {**os.environ, **self.env}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
        with self.log_path.open("ab") as out:
            out.write(f"\n===== start #{self.starts + 1} =====\n".encode())
            out.flush()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot"],
                cwd=REPO_ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1

        def ready() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(
                    f"the bot exited with {self.process.returncode} during startup:\n"
                    + self.output()[-4000:]
                )
            if self.double.identify_count <= identifies:
                return False
            # The bot syncs before it connects; a restart may skip an unchanged tree.
            return self.double.sync_count > syncs or had_commands

        try:
            await self.double.wait_until(ready, timeout)
        except TimeoutError:
            raise AssertionError(
                f"the bot did not connect and sync within {timeout}s:\n" + self.output()[-4000:]
            ) from None
        # IDENTIFY is the last step of startup; let the client digest READY and GUILD_CREATE.
        await asyncio.sleep(0.3)

    async def _wait_exit(self, timeout: float) -> int | None:
        process = self.process
        if process is None:
            return None
        deadline = asyncio.get_running_loop().time() + timeout
        while process.poll() is None and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        return process.poll()

    async def kill(self) -> None:
        """SIGKILL: the bot dies mid-whatever with no chance to clean up."""
        if self.running:
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            await self._wait_exit(10.0)

    async def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM, then SIGKILL if the bot does not exit within ``timeout``."""
        if not self.running:
            return self.process.returncode if self.process is not None else None
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        code = await self._wait_exit(timeout)
        if code is None:
            log.warning("the bot ignored SIGTERM for %ss; killing it", timeout)
            await self.kill()
        return self.process.returncode

    async def restart(self, timeout: float = 30.0) -> None:
        """Stop (SIGTERM) if still running, then start again against the same double and DB."""
        await self.stop()
        await self.start(timeout)


StartBot = Callable[..., Awaitable[BotProcess]]


def bot_env(
    double: DiscordDouble, db: Path, log_level: str = "DEBUG", **env: Any
) -> dict[str, str]:
    """The environment of a bot process against ``double`` on the SQLite file ``db`` (a
    ``DATABASE_URL`` in ``env`` takes its place), its end-to-end knobs fast."""
    return {
        "DISCORD_TOKEN": double.token,
        "DISCORD_API_BASE": double.api_base,
        "DISCORD_GATEWAY_URL": double.gateway_url,
        "DATABASE_PATH": str(db),
        "LOG_LEVEL": log_level,
        **FAST_BOT_ENV,
        **{key: str(value) for key, value in env.items()},
    }


@pytest.fixture
async def start_bot(tmp_path: Path) -> AsyncIterator[StartBot]:
    """``await start_bot(double, db_path, **env)`` → a running :class:`BotProcess`.

    Every process started here is killed at the end of the test; its output stays in
    ``tmp_path / "bot-N.log"`` (printed on failure by pytest's captured log).
    """
    started: list[BotProcess] = []

    async def launch(
        double: DiscordDouble, db_path: Path | str | None = None, **env: Any
    ) -> BotProcess:
        db = Path(db_path) if db_path is not None else tmp_path / "deuce.db"
        full_env = bot_env(double, db, **env)
        bot = BotProcess(double, db, tmp_path / f"bot-{len(started) + 1}.log", full_env)
        started.append(bot)
        await bot.start()
        return bot

    yield launch
    for bot in started:
        with contextlib.suppress(Exception):
            await bot.kill()
        if bot.process is not None and bot.process.returncode not in (0, None, -9, -15):
            sys.stderr.write(f"bot output ({bot.log_path}):\n{bot.output()[-4000:]}\n")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL server, started on first use."""
    bin_dir = postgres_bin_dir()
    if bin_dir is None or not (bin_dir / "initdb").exists():
        reason = (
            "PostgreSQL server binaries (initdb, pg_ctl) not found: install the server "
            "(README, 'Test') or set DEUCE_POSTGRES_BIN"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
        pytest.skip(reason)
    cluster = PostgresCluster(bin_dir)
    try:
        cluster.start()  # a server that cannot start fails every PostgreSQL test, loudly
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def private_cluster(postgres_cluster: PostgresCluster) -> Iterator[PostgresCluster]:
    """A PostgreSQL server of this test's own, to stop and start (the session's serves every
    test), whose commits survive a crash; skipped or failed as the session's is without the
    server binaries."""
    cluster = PostgresCluster(postgres_cluster.bin_dir, durable_commits=True)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The garbage collector stopped, so what a test leaves behind stays to be counted."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
