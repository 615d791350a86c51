"""The real bot process (``python -m bot``) starting on a database it cannot open, and on one
whose URL carries passwords: every failure is one line on stderr naming the URL without its
password (or the SQLite path) with exit code 2, and no password reaches stderr, stdout or the
log at any level.

The store is opened in ``setup_hook``, which discord.py runs after the token's login, so the
bot logs in to the loopback Discord first. PostgreSQL cases that need a server use the run's
throwaway cluster (``postgres_cluster``: trust authentication, except for the role a wrong
password is tried on); the others need none (a closed port, the double's HTTP port, a listener
that never answers).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from tests.conftest import REPO_ROOT, StartBot
from tests.discord_double import DiscordDouble
from tests.store._helpers import SUPERUSER, PostgresCluster

USERINFO_SECRET = "userinfo-s3cret"
QUERY_SECRET = "query-s3cret"
SSL_SECRET = "sslkey-s3cret"
ENV_SECRET = "pgpassword-s3cret"
SECRETS = (USERINFO_SECRET, QUERY_SECRET, SSL_SECRET, ENV_SECRET)

PASSWORD_ROLE = "deuce_password_role"
"""The one role of the test cluster that must give a password (scram-sha-256)."""
GUEST_ROLE = "deuce_guest"
"""A role that may log in but create nothing in the ``postgres`` database."""

NOISE = (
    "Unclosed",
    "Task was destroyed",
    "Event loop is closed",
    "Exception in thread",
    "was never awaited",
    "Exception ignored",
)
"""What a start that does not close cleanly prints beside its error."""

NO_ANSWER_BOUND = 15.0
"""Seconds within which a server that accepts and never answers must be given up on."""


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float


async def run_bot(double: DiscordDouble, cwd: Path, **env: str) -> Run:
    """``python -m bot`` against the double, until it exits by itself (killed after 60 s)."""
    full_env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "DATABASE_PATH", "PGPASSWORD")
    }
    full_env.update(
        {
            "DISCORD_TOKEN": double.token,
            "DISCORD_API_BASE": double.api_base,
            "DISCORD_GATEWAY_URL": double.gateway_url,
            "DEUCE_SYNC": "never",
            "PYTHONPATH": str(REPO_ROOT),
            **env,
        }
    )
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=cwd,
        env=full_env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), 60)
    except TimeoutError:
        process.kill()
        out, err = await process.communicate()
    assert process.returncode is not None
    return Run(process.returncode, out.decode(), err.decode(), time.monotonic() - started)


def free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def password_role(cluster: PostgresCluster) -> None:
    """Make ``PASSWORD_ROLE`` (password "right-password") the one role that must give a
    password on the cluster: a line of its own at the top of pg_hba.conf, then a reload (the
    other roles keep trust authentication)."""
    admin = await asyncpg.connect(cluster.url("postgres"))
    try:
        exists = await admin.fetchval("SELECT 1 FROM pg_roles WHERE rolname = $1", PASSWORD_ROLE)
        if not exists:
            await admin.execute(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD 'right-password'")
        hba = cluster.data / "pg_hba.conf"
        line = f"local all {PASSWORD_ROLE} scram-sha-256\n"
        if line not in hba.read_text():
            hba.write_text(line + hba.read_text())
            await admin.execute("SELECT pg_reload_conf()")
    finally:
        await admin.close()
    deadline = time.monotonic() + 10
    while True:  # the server rereads the file a moment after the signal
        try:
            conn = await asyncpg.connect(
                f"postgresql://{PASSWORD_ROLE}@/postgres?host={cluster.root}"
            )
        except asyncpg.InvalidPasswordError:
            return
        await conn.close()
        assert time.monotonic() < deadline, "the cluster did not ask the role for a password"
        await asyncio.sleep(0.1)


async def guest_role(cluster: PostgresCluster) -> None:
    """``GUEST_ROLE``: logs in (trust), owns nothing, may create nothing in ``postgres``."""
    admin = await asyncpg.connect(cluster.url("postgres"))
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_roles WHERE rolname = $1", GUEST_ROLE):
            await admin.execute(f"CREATE ROLE {GUEST_ROLE} LOGIN")
        await admin.execute(f"REVOKE CREATE ON SCHEMA public FROM PUBLIC, {GUEST_ROLE}")
    finally:
        await admin.close()


@dataclass(frozen=True)
class Case:
    env: dict[str, str]
    shown: str
    """How the line names the database: the URL without its passwords, or the SQLite path."""
    reason: str
    """A piece of the reason the line gives."""


Setup = Callable[[DiscordDouble, Path, pytest.FixtureRequest], Awaitable[Case]]


async def sqlite_under_a_file(double: DiscordDouble, tmp: Path, _: pytest.FixtureRequest) -> Case:
    (tmp / "a-file").write_text("not a folder")
    path = str(tmp / "a-file" / "deuce.db")
    return Case({"DATABASE_PATH": path}, path, "File exists")


async def sqlite_on_a_folder(double: DiscordDouble, tmp: Path, _: pytest.FixtureRequest) -> Case:
    (tmp / "folder.db").mkdir()
    path = str(tmp / "folder.db")
    return Case({"DATABASE_PATH": path}, path, "unable to open database file")


async def sqlite_not_a_database(double: DiscordDouble, tmp: Path, _: pytest.FixtureRequest) -> Case:
    (tmp / "notes.db").write_text("these are my notes, not a database\n" * 200)
    path = str(tmp / "notes.db")
    return Case({"DATABASE_PATH": path}, path, "file is not a database")


def with_passwords(host_port: str, database: str) -> tuple[str, str]:
    """A URL with a password in its user information and in its query, and how it is shown."""
    url = (
        f"postgresql://deuce:{USERINFO_SECRET}@{host_port}/{database}"
        f"?password={QUERY_SECRET}&sslpassword={SSL_SECRET}"
    )
    shown = f"postgresql://deuce:***@{host_port}/{database}?password=***&sslpassword=***"
    return url, shown


async def postgres_refused(double: DiscordDouble, tmp: Path, _: pytest.FixtureRequest) -> Case:
    url, shown = with_passwords(f"127.0.0.1:{free_port()}", "deuce")
    return Case({"DATABASE_URL": url}, shown, "refused")


async def not_postgres(double: DiscordDouble, tmp: Path, _: pytest.FixtureRequest) -> Case:
    port = int(double.api_base.split("://")[1].split("/")[0].rpartition(":")[2])
    url, shown = with_passwords(f"127.0.0.1:{port}", "deuce")
    return Case({"DATABASE_URL": url}, shown, "")


async def no_answer(double: DiscordDouble, tmp: Path, request: pytest.FixtureRequest) -> Case:
    async def listen_only(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError):
            await reader.read()  # until the bot gives up and hangs up
        writer.close()

    server = await asyncio.start_server(listen_only, "127.0.0.1", 0)
    request.addfinalizer(server.close)
    port = int(server.sockets[0].getsockname()[1])
    url, shown = with_passwords(f"127.0.0.1:{port}", "deuce")
    return Case({"DATABASE_URL": url}, shown, "no answer in time")


def cluster_of(request: pytest.FixtureRequest) -> PostgresCluster:
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return cluster


async def no_database(double: DiscordDouble, tmp: Path, request: pytest.FixtureRequest) -> Case:
    root = cluster_of(request).root
    name = f"deuce_missing_{os.getpid()}"
    url = f"postgresql://{SUPERUSER}:{USERINFO_SECRET}@/{name}?host={root}&password={QUERY_SECRET}"
    shown = f"postgresql://{SUPERUSER}:***@/{name}?host={root}&password=***"
    return Case({"DATABASE_URL": url}, shown, f'database "{name}" does not exist')


async def no_role(double: DiscordDouble, tmp: Path, request: pytest.FixtureRequest) -> Case:
    root = cluster_of(request).root
    url = (
        f"postgresql://deuce_ghost:{USERINFO_SECRET}@/postgres?password={QUERY_SECRET}&host={root}"
    )
    shown = f"postgresql://deuce_ghost:***@/postgres?password=***&host={root}"
    return Case({"DATABASE_URL": url}, shown, 'role "deuce_ghost" does not exist')


async def wrong_password(double: DiscordDouble, tmp: Path, request: pytest.FixtureRequest) -> Case:
    cluster = cluster_of(request)
    await password_role(cluster)
    url = (
        f"postgresql://{PASSWORD_ROLE}:{USERINFO_SECRET}@/postgres?host={cluster.root}"
        f"&password={QUERY_SECRET}"
    )
    shown = f"postgresql://{PASSWORD_ROLE}:***@/postgres?host={cluster.root}&password=***"
    return Case({"DATABASE_URL": url}, shown, "password authentication failed")


async def wrong_pgpassword(
    double: DiscordDouble, tmp: Path, request: pytest.FixtureRequest
) -> Case:
    cluster = cluster_of(request)
    await password_role(cluster)
    url = f"postgresql://{PASSWORD_ROLE}@/postgres?host={cluster.root}"
    return Case({"DATABASE_URL": url}, url, "password authentication failed")


async def no_privileges(double: DiscordDouble, tmp: Path, request: pytest.FixtureRequest) -> Case:
    cluster = cluster_of(request)
    await guest_role(cluster)
    url = f"postgresql://{GUEST_ROLE}:{USERINFO_SECRET}@/postgres?host={cluster.root}"
    shown = f"postgresql://{GUEST_ROLE}:***@/postgres?host={cluster.root}"
    return Case({"DATABASE_URL": url}, shown, "permission denied")


CASES: dict[str, Setup] = {
    "sqlite-under-a-file": sqlite_under_a_file,
    "sqlite-on-a-folder": sqlite_on_a_folder,
    "sqlite-not-a-database": sqlite_not_a_database,
    "postgres-refused": postgres_refused,
    "not-postgres": not_postgres,
    "postgres-no-answer": no_answer,
    "postgres-no-database": no_database,
    "postgres-no-role": no_role,
    "postgres-wrong-password": wrong_password,
    "postgres-wrong-pgpassword": wrong_pgpassword,
    "postgres-no-privileges": no_privileges,
}


@pytest.mark.parametrize("level", ["INFO", "DEBUG"])
@pytest.mark.parametrize("name", list(CASES))
async def test_a_store_that_cannot_open_is_one_line_and_exit_2(
    double: DiscordDouble,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    name: str,
    level: str,
) -> None:
    case = await CASES[name](double, tmp_path, request)
    run = await run_bot(double, tmp_path, PGPASSWORD=ENV_SECRET, LOG_LEVEL=level, **case.env)
    report = (
        f"exit {run.code} after {run.seconds:.1f}s\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
    )

    assert run.code == 2, report
    lines = run.stderr.strip().splitlines()
    if level == "INFO":
        assert len(lines) == 1, report
        assert run.stdout == "", report
    # At DEBUG, aiosqlite's thread may log its connection's close after the line.
    line = next((line for line in reversed(lines) if line.startswith("deuce: ")), "")
    assert line.startswith(f"deuce: cannot open the database at {case.shown}: "), report
    assert case.reason in line, report
    for secret in SECRETS:
        assert secret not in run.stdout + run.stderr, f"{secret} shown:\n{report}"
    for noise in NOISE:
        assert noise not in run.stderr, report
    assert run.seconds < NO_ANSWER_BOUND, report


@pytest.mark.parametrize("level", ["INFO", "DEBUG"])
async def test_the_log_of_a_start_on_postgresql_shows_no_password(
    double: DiscordDouble,
    start_bot: StartBot,
    postgres_cluster: PostgresCluster,
    tmp_path: Path,
    level: str,
) -> None:
    """A start that succeeds on a URL with a password in its user information, a ``password``
    and an ``sslpassword`` in its query (the cluster trusts the role, so they are not checked)
    and ``PGPASSWORD`` set: the log says where the store opened, without any of them."""
    plain = await postgres_cluster.create_database()  # postgresql://deuce@/name?host=...
    name, _, query = plain.removeprefix(f"postgresql://{SUPERUSER}@/").partition("?")
    url = (
        f"postgresql://{SUPERUSER}:{USERINFO_SECRET}@/{name}?{query}"
        f"&password={QUERY_SECRET}&sslpassword={SSL_SECRET}"
    )
    bot = await start_bot(double, DATABASE_URL=url, PGPASSWORD=ENV_SECRET, LOG_LEVEL=level)
    assert await bot.stop() == 0
    output = bot.output()
    shown = f"postgresql://{SUPERUSER}:***@/{name}?{query}&password=***&sslpassword=***"
    assert f"store opened on postgresql {shown}" in output, output[-3000:]
    for secret in SECRETS:
        assert secret not in output, f"{secret} shown:\n{output[-3000:]}"
