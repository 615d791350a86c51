"""A PostgreSQL URL as the store shows it (``redacted``): every password hidden, wherever the URL
carries it, the rest as written; and the audit command line, which prints it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.postgres import redacted

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (
            "postgresql://deuce:pw1@db.example.com:5432/deuce",
            "postgresql://deuce:***@db.example.com:5432/deuce",
        ),
        (
            "postgresql://deuce@db.example.com/deuce?password=pw1&sslmode=require",
            "postgresql://deuce@db.example.com/deuce?password=***&sslmode=require",
        ),
        (
            "postgres://deuce:pw1@/deuce?host=/run/postgresql&password=pw2&sslpassword=pw3",
            "postgres://deuce:***@/deuce?host=/run/postgresql&password=***&sslpassword=***",
        ),
        # The names as asyncpg decodes them; passfile names a file, not a secret.
        (
            "postgresql://h/d?Password=pw1&pass%77ord=pw2&SSLPASSWORD=pw3&passfile=/p",
            "postgresql://h/d?Password=***&pass%77ord=***&SSLPASSWORD=***&passfile=/p",
        ),
        # Unencoded / ? # @ in the password (a base64 one): hidden whole.
        ("postgresql://u:ab/cd@host/d", "postgresql://u:***@host/d"),
        ("postgresql://u:ab?cd@host/d", "postgresql://u:***@host/d"),
        ("postgresql://u:ab#cd@host/d", "postgresql://u:***@host/d"),
        ("postgresql://u:ab@cd@host/d", "postgresql://u:***@host/d"),
        ("postgresql://:pw1@host/d", "postgresql://:***@host/d"),
        # Addresses urlsplit cannot take apart (IPv6, several hosts) are kept as written.
        (
            "postgresql://u:pw1@[::1]:5432,db2:5433/d?target_session_attrs=primary",
            "postgresql://u:***@[::1]:5432,db2:5433/d?target_session_attrs=primary",
        ),
        # Nothing to hide: the same text.
        ("postgresql://deuce@db:5432/deuce", "postgresql://deuce@db:5432/deuce"),
        ("postgresql:///deuce?host=/tmp/pg", "postgresql:///deuce?host=/tmp/pg"),
        ("data/deuce.db", "data/deuce.db"),
    ],
)
def test_redacted_hides_every_password(url: str, shown: str) -> None:
    assert redacted(url) == shown
    for secret in ("pw1", "pw2", "pw3", "ab/cd", "cd"):
        assert secret not in redacted(url) or secret not in url


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://deuce:userinfo-s3cret@127.0.0.1:{port}/deuce?password=query-s3cret",
        "postgresql://deuce:ab12/cd34-s3cret@127.0.0.1:{port}/deuce",
    ],
)
def test_the_audit_command_names_the_url_without_its_password(tmp_path: Path, url: str) -> None:
    """``python -m bot.store audit URL`` on a server that is not there (or a URL asyncpg would
    misread): exit 2, one line, no password, not even a piece of one."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO_ROOT),
        "PGPASSWORD": "pgpassword-s3cret",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot.store", "audit", url.format(port=free_port())],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith("cannot audit postgresql://deuce:***@127.0.0.1:"), done.stderr
    for piece in ("s3cret", "ab12", "cd34"):
        assert piece not in done.stdout + done.stderr
