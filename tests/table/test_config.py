"""The configuration from the environment, and the one-line refusal of a missing token."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, database_secrets, database_url_problem, without_secrets

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_defaults_with_only_a_token() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "abc"})
    assert config.token == "abc"
    assert config.database_path == "data/deuce.db"
    assert config.dev_guild_id is None
    assert config.log_level == "INFO"
    assert config.hand_pause_seconds is None
    assert config.min_timer_seconds == 10
    assert config.min_idle_seconds == 60
    assert config.guild_ready_timeout == 2.0
    assert config.sync == "changed"
    assert config.web_port is None  # the dashboard is off unless asked for


def test_the_dashboard_listens_on_this_machine_unless_told() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "abc", "DEUCE_WEB_PORT": "8080"})
    assert (config.web_port, config.web_host) == (8080, "127.0.0.1")
    assert config.web_url == "http://127.0.0.1:8080"
    assert config.oauth_client_id is None
    public = Config.from_env(
        {
            "DISCORD_TOKEN": "abc",
            "DEUCE_WEB_PORT": "8080",
            "DEUCE_WEB_HOST": "0.0.0.0",
            "DEUCE_WEB_PUBLIC_URL": "https://poker.example.org/",
            "DISCORD_CLIENT_ID": "42",
            "DISCORD_CLIENT_SECRET": "shh",
        }
    )
    assert public.web_host == "0.0.0.0"
    assert public.web_url == "https://poker.example.org"
    assert (public.oauth_client_id, public.oauth_client_secret) == ("42", "shh")
    assert "shh" not in repr(public)


def test_every_setting_is_read() -> None:
    config = Config.from_env(
        {
            "DISCORD_TOKEN": " tok ",
            "DATABASE_PATH": "/tmp/x.db",
            "DEV_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gw",
            "DEUCE_HAND_PAUSE_SECONDS": "0.5",
            "DEUCE_MIN_TIMER_SECONDS": "1",
            "DEUCE_MIN_IDLE_SECONDS": "1",
            "DEUCE_GUILD_READY_TIMEOUT": "0.1",
            "DEUCE_SYNC": "always",
            "DEUCE_REST_PER_SECOND": "20",
        }
    )
    assert config.token == "tok"
    assert config.database_path == "/tmp/x.db"
    assert config.dev_guild_id == 123
    assert config.log_level == "DEBUG"
    assert config.api_base == "http://127.0.0.1:9/api/v10"
    assert config.gateway_url == "ws://127.0.0.1:9/gw"
    assert config.hand_pause_seconds == 0.5
    assert config.min_timer_seconds == 1
    assert config.min_idle_seconds == 1
    assert config.guild_ready_timeout == 0.1
    assert config.sync == "always"
    assert config.rest_per_second == 20


@pytest.mark.parametrize(
    ("env", "fragment"),
    [
        ({}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "   "}, "DISCORD_TOKEN"),
        ({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "x", "DEUCE_SYNC": "sometimes"}, "DEUCE_SYNC"),
        ({"DISCORD_TOKEN": "x", "DEUCE_HAND_PAUSE_SECONDS": "-1"}, "DEUCE_HAND_PAUSE_SECONDS"),
        ({"DISCORD_TOKEN": "x", "DEUCE_MIN_TIMER_SECONDS": "0"}, "DEUCE_MIN_TIMER_SECONDS"),
        ({"DISCORD_TOKEN": "x", "DEUCE_MIN_IDLE_SECONDS": "0"}, "DEUCE_MIN_IDLE_SECONDS"),
        ({"DISCORD_TOKEN": "x", "DEUCE_MIN_IDLE_SECONDS": "61"}, "DEUCE_MIN_IDLE_SECONDS"),
        ({"DISCORD_TOKEN": "x", "DISCORD_API_BASE": "localhost"}, "DISCORD_API_BASE"),
        ({"DISCORD_TOKEN": "x", "DEUCE_REST_PER_SECOND": "60"}, "DEUCE_REST_PER_SECOND"),
        ({"DISCORD_TOKEN": "x", "DEUCE_REST_PER_SECOND": "fast"}, "DEUCE_REST_PER_SECOND"),
        ({"DISCORD_TOKEN": "x", "DEUCE_WEB_PORT": "99999"}, "DEUCE_WEB_PORT"),
        ({"DISCORD_TOKEN": "x", "DEUCE_WEB_PUBLIC_URL": "poker.org"}, "DEUCE_WEB_PUBLIC_URL"),
        ({"DISCORD_TOKEN": "x", "DISCORD_CLIENT_ID": "42"}, "DISCORD_CLIENT_SECRET"),
        # predictable cards only against a loopback Discord (tests)
        ({"DISCORD_TOKEN": "x", "DEUCE_TEST_SEED": "37"}, "DEUCE_TEST_SEED"),
        (
            {"DISCORD_TOKEN": "x", "DEUCE_TEST_SEED": "x", "DISCORD_API_BASE": "http://h/api"},
            "DEUCE_TEST_SEED",
        ),
        # MTT tables dealt in rounds only against a loopback Discord (tests)
        ({"DISCORD_TOKEN": "x", "DEUCE_TEST_MTT_ROUNDS": "1"}, "DEUCE_TEST_MTT_ROUNDS"),
        (
            {"DISCORD_TOKEN": "x", "DEUCE_TEST_MTT_ROUNDS": "yes", "DISCORD_API_BASE": "http://h"},
            "DEUCE_TEST_MTT_ROUNDS",
        ),
        # processes on separate SQLite files would never hand each other their DM clicks
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "1"}, "DATABASE_URL"),
    ],
)
def test_bad_settings_are_one_line_errors(env: dict[str, str], fragment: str) -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env(env)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_a_test_seed_deals_the_same_cards_and_only_beside_a_loopback_discord() -> None:
    assert Config.from_env({"DISCORD_TOKEN": "x"}).test_seed is None
    env = {"DISCORD_TOKEN": "x", "DEUCE_TEST_SEED": "37", "DISCORD_API_BASE": "http://h/api"}
    assert Config.from_env(env).test_seed == 37


def test_mtt_rounds_only_beside_a_loopback_discord() -> None:
    assert Config.from_env({"DISCORD_TOKEN": "x"}).test_mtt_rounds is False
    env = {"DISCORD_TOKEN": "x", "DEUCE_TEST_MTT_ROUNDS": "1", "DISCORD_API_BASE": "http://h/api"}
    assert Config.from_env(env).test_mtt_rounds is True


def test_shards_on_sqlite_only_when_one_process_runs_them_all() -> None:
    """Without a shared database, one process may run every shard (or the only one)."""
    for ids in ("0,1", None):
        env = {"DISCORD_TOKEN": "x", "SHARD_COUNT": "2"} | ({"SHARD_IDS": ids} if ids else {})
        assert Config.from_env(env).shard_count == 2
    one = Config.from_env({"DISCORD_TOKEN": "x", "SHARD_COUNT": "1", "SHARD_IDS": "0"})
    assert one.shard_ids == (0,)
    shared = Config.from_env(
        {
            "DISCORD_TOKEN": "x",
            "SHARD_COUNT": "2",
            "SHARD_IDS": "1",
            "DATABASE_URL": "postgresql://h/d",
        }
    )
    assert shared.shard_ids == (1,)


@pytest.mark.parametrize("token", [None, ""])
def test_missing_token_exits_2_with_one_line(tmp_path: Path, token: str | None) -> None:
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(REPO_ROOT)}
    if token is not None:
        env["DISCORD_TOKEN"] = token
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "DISCORD_TOKEN" in lines[0]
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def docker_env_file(path: Path) -> dict[str, str]:
    """What ``docker run --env-file`` sets: every ``KEY=VALUE`` line, taken literally (an empty
    value is set as empty); blank lines and ``#`` lines are skipped."""
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value
    return values


def dockerfile_env(path: Path) -> dict[str, str]:
    """The ``ENV KEY=VALUE`` pairs of the image (continued lines included)."""
    text = path.read_text().replace("\\\n", " ")
    values: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            for pair in line.removeprefix("ENV ").split():
                key, _, value = pair.partition("=")
                values[key] = value
    return values


def test_the_container_keeps_its_database_in_its_volume() -> None:
    """docs/SETUP.md: ``cp .env.example .env``, then
    ``docker run --env-file .env -v deuce-data:/data``. The env file must not move the database
    out of the image's /data volume."""
    image = dockerfile_env(REPO_ROOT / "Dockerfile")
    assert image["DATABASE_PATH"] == "/data/deuce.db"
    env_file = docker_env_file(REPO_ROOT / ".env.example")
    assert "DATABASE_PATH" not in env_file
    config = Config.from_env({**image, **env_file, "DISCORD_TOKEN": "x"})
    assert config.database_path == "/data/deuce.db"
    # Run without Docker, the same file leaves the documented default.
    local = Config.from_env({**env_file, "DISCORD_TOKEN": "x"})
    assert local.database_path == "data/deuce.db"
    assert "# DATABASE_PATH=data/deuce.db" in (REPO_ROOT / ".env.example").read_text()


def copy_of_the_test_script(tmp_path: Path) -> Callable[..., list[str]]:
    """``scripts/test.sh`` in a copy of the repo whose .venv holds recording stand-ins:
    ``run(*args)`` runs it and returns the stand-ins' command lines."""
    (tmp_path / "scripts").mkdir()
    script = tmp_path / "scripts" / "test.sh"
    script.write_text((REPO_ROOT / "scripts" / "test.sh").read_text())
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    calls = tmp_path / "calls.log"
    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    for tool in ("python", "ruff", "mypy"):
        stand_in = venv_bin / tool
        stand_in.write_text(f'#!/bin/sh\necho "{tool} $*" >> "{calls}"\n')
        stand_in.chmod(0o755)

    def run(*args: str) -> list[str]:
        calls.write_text("")
        env = {key: value for key, value in os.environ.items() if key != "DEUCE_TEST_WORKERS"}
        subprocess.run(
            ["bash", str(script), *args], check=True, capture_output=True, timeout=60, env=env
        )
        return calls.read_text().splitlines()

    return run


def test_the_test_script_reinstalls_only_when_pyproject_changed(tmp_path: Path) -> None:
    """A first run installs, a second skips the install, a newer pyproject.toml installs
    again."""
    run = copy_of_the_test_script(tmp_path)

    first = run()
    assert any("pip install --quiet -e .[test]" in line for line in first), first
    assert "python -m pytest" in first[-1]
    second = run()
    assert not any("pip" in line for line in second), second
    assert [line.split()[0] for line in second] == ["ruff", "ruff", "mypy", "python"]
    marker = tmp_path / ".venv" / ".deuce-test-installed"
    later = marker.stat().st_mtime + 10
    os.utime(tmp_path / "pyproject.toml", (later, later))
    assert any("pip install" in line for line in run())


def test_the_test_script_runs_pytest_in_workers_unless_told_not_to(tmp_path: Path) -> None:
    """pytest runs in parallel workers (pytest-xdist), the arguments after them (a later
    ``-n`` wins); ``-p no:xdist`` runs it without the plugin, so without ``-n``."""
    run = copy_of_the_test_script(tmp_path)
    assert run("tests/engine", "-x")[-1] == "python -m pytest -n 4 --dist worksteal tests/engine -x"
    assert run("-n", "0")[-1] == "python -m pytest -n 4 --dist worksteal -n 0"
    assert run("-p", "no:xdist", "-q")[-1] == "python -m pytest -p no:xdist -q"
    assert run("-pno:xdist")[-1] == "python -m pytest -pno:xdist"


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://deuce:ab12/cd34@db.example.com/deuce",
        "postgresql://deuce:ab12?cd34@db.example.com/deuce",
        "postgresql://deuce:ab12#cd34@db.example.com/deuce",
        "postgresql://deuce:ab12@cd34@db.example.com/deuce",
    ],
)
def test_a_database_url_asyncpg_would_misread_is_refused_without_its_password(url: str) -> None:
    """An unencoded / ? # or @ in the password: asyncpg would take a piece of it for the port
    or the host (and quote it in its error); the refusal quotes none of it."""
    with pytest.raises(ConfigError) as info:
        Config.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": url})
    message = str(info.value)
    assert "DATABASE_URL" in message and "percent-encoded" in message
    assert "ab12" not in message and "cd34" not in message
    assert "\n" not in message


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://deuce:ab12%2Fcd34@db.example.com:5432/deuce",
        "postgresql://deuce@/deuce?host=/run/postgresql&password=a/b?c",
        "postgresql://deuce:pw@[::1]:5432,db2:5433,db3/deuce",
        "postgres://db.example.com/deuce",
    ],
)
def test_a_well_formed_database_url_is_taken_as_it_is(url: str) -> None:
    assert database_url_problem(url) is None
    assert Config.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": url}).database_url == url


def test_without_secrets_hides_every_password_the_database_gets() -> None:
    url = (
        "postgresql://deuce:user%2Binfo@db.example.com/deuce"
        "?password=in+query&sslpassword=ssl-key-pass&sslmode=require"
    )
    text = (
        "user%2Binfo user+info / in+query in query / ssl-key-pass / from-env / "
        "db.example.com deuce sslmode"
    )
    hidden = without_secrets(text, url, {"PGPASSWORD": "from-env"})
    assert hidden == "*** *** / *** *** / *** / *** / db.example.com deuce sslmode"
    # asyncpg reads the user information up to the first @, redacted up to the last.
    assert database_secrets("postgresql://u:ab@cd@host/d", {}) == ["ab@cd", "ab"]
    assert database_secrets("data/deuce.db", {}) == []


def test_the_configuration_shows_neither_token_nor_database_url() -> None:
    config = Config.from_env(
        {"DISCORD_TOKEN": "token-s3cret", "DATABASE_URL": "postgresql://u:pw-s3cret@h/d"}
    )
    assert "s3cret" not in repr(config)


DISCORD_LOGGERS = (
    "discord",
    "discord.http",
    "discord.gateway",
    "discord.client",
    "discord.state",
    "discord.webhook.async_",
    "discord.app_commands.tree",
)


@pytest.mark.parametrize(
    ("level", "opt_in", "discord_debug", "discord_info"),
    [
        ("DEBUG", False, False, True),  # tokens and panels stay out of a DEBUG log
        ("DEBUG", True, True, True),  # DEUCE_DEBUG_DISCORD=1: discord.py writes everything
        ("INFO", True, False, False),  # the opt-in needs LOG_LEVEL=DEBUG
        ("INFO", False, False, False),
    ],
)
def test_discord_py_logs_at_debug_only_when_asked(
    level: str, opt_in: bool, discord_debug: bool, discord_info: bool
) -> None:
    """At LOG_LEVEL=DEBUG discord.py's loggers stay at INFO (at DEBUG they write every
    interaction token and DM panel) unless DEUCE_DEBUG_DISCORD=1; below DEBUG, at WARNING."""
    from bot.__main__ import configure_logging, debug_discord_asked

    root = logging.getLogger()
    saved = root.level, logging.getLogger("discord").level
    try:
        root.setLevel(level)
        configure_logging(level, debug_discord=opt_in)
        for name in DISCORD_LOGGERS:
            logger = logging.getLogger(name)
            assert logger.isEnabledFor(logging.DEBUG) is discord_debug, name
            assert logger.isEnabledFor(logging.INFO) is discord_info, name
            assert logger.isEnabledFor(logging.WARNING), name
        assert logging.getLogger("bot.table.session").isEnabledFor(logging.DEBUG) is (
            level == "DEBUG"
        )
    finally:
        root.setLevel(saved[0])
        logging.getLogger("discord").setLevel(saved[1])
    assert debug_discord_asked({"DEUCE_DEBUG_DISCORD": "1"})
    assert not debug_discord_asked({"DEUCE_DEBUG_DISCORD": "0"})
    assert not debug_discord_asked({})
