"""The configuration read from the environment (and `.env`), checked once at start-up.

Everything the process needs to know before it talks to Discord lives here, so a bad value is a
one-line error at start rather than a failure in the middle of a hand.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, unquote, unquote_plus

log = logging.getLogger(__name__)

SYNC_MODES = ("always", "changed", "never")

SECRET_PARAMETERS = ("password", "sslpassword")
"""The query parameters of a PostgreSQL URL that hold a secret (asyncpg reads both; the store's
``redacted`` hides the same two)."""


class ConfigError(Exception):
    """A missing or malformed setting; the message is one line for the operator."""


def _int(env: Mapping[str, str], name: str, default: int | None) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}.") from None


def _float(env: Mapping[str, str], name: str, default: float | None) -> float | None:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if value < 0:
        raise ConfigError(f"{name} cannot be negative.")
    return value


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard of a guild: ``(guild_id >> 22) % shard_count``."""
    return (guild_id >> 22) % shard_count


def _tests_only(name: str, given: bool, api_base: str | None, risk: str) -> None:
    """A setting for the tests alone (``name``, ``given``) is refused unless the bot talks to a
    loopback Discord (``DISCORD_API_BASE``): in a deployment ``risk``."""
    if given and api_base is None:
        raise ConfigError(
            f"{name} is for tests against a loopback Discord (DISCORD_API_BASE): with it "
            f"{risk}. Leave it empty."
        )


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count = _int(env, "SHARD_COUNT", None)
    raw_ids = env.get("SHARD_IDS", "").strip()
    if count is None:
        if raw_ids:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the bot's total number of shards).")
        return None, None
    if count < 1:
        raise ConfigError("SHARD_COUNT must be at least 1.")
    if not raw_ids:
        return count, None
    try:
        ids = tuple(sorted({int(part) for part in raw_ids.split(",") if part.strip()}))
    except ValueError:
        raise ConfigError(
            f"SHARD_IDS must be shard numbers separated by commas, like 0,1, not {raw_ids!r}."
        ) from None
    if not ids or any(not 0 <= shard < count for shard in ids):
        raise ConfigError(f"SHARD_IDS must be between 0 and {count - 1} (SHARD_COUNT={count}).")
    return count, ids


def database_url_problem(url: str) -> str | None:
    """Why asyncpg would misread ``url``'s address, or None. A password holding an unencoded
    ``/ ? #`` ends the address early (``user:pa/ss@host`` reads as host ``user``, port ``pa``),
    and one holding ``@`` moves its tail into the host name: the message quotes neither, since
    both carry pieces of the password."""
    address = url.partition("://")[2]
    for mark in "/?#":
        address = address.partition(mark)[0]
    userinfo, _, hosts = address.rpartition("@")
    if "@" in userinfo:
        return (
            "DATABASE_URL has more than one @ before its host: an @ in the user name or "
            "password must be percent-encoded (%40)."
        )
    for host in hosts.split(","):
        port = host.rpartition("]")[2] if host.startswith("[") else host
        _, colon, port = port.rpartition(":")
        if colon and port and not port.isdigit():
            return (
                "DATABASE_URL's host does not end in a port number: a / ? or # in the password "
                "must be percent-encoded (%2F, %3F, %23)."
            )
    return None


def database_secrets(url: str | None, env: Mapping[str, str] | None = None) -> list[str]:
    """Every password that reaches the database through ``url`` or the environment
    (``PGPASSWORD``), as written and decoded, longest first. The user information is read both
    up to the first ``@`` (as asyncpg does) and up to the last (as ``redacted`` hides it)."""
    env = os.environ if env is None else env
    found = {env.get("PGPASSWORD", "")}
    rest = (url or "").partition("://")[2]
    for userinfo in (rest.partition("@")[0], rest.rpartition("@")[0]):
        if "@" in rest and ":" in userinfo:
            found.add(userinfo.partition(":")[2])
    query = rest.partition("?")[2]
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key.strip().lower() in SECRET_PARAMETERS:
            found.add(value)
    for item in query.split("&"):
        key, _, value = item.partition("=")
        if unquote_plus(key).strip().lower() in SECRET_PARAMETERS:
            found.add(value)
    found |= {unquote(secret) for secret in found} | {unquote_plus(secret) for secret in found}
    return sorted((secret for secret in found if secret), key=len, reverse=True)


def without_secrets(text: str, url: str | None, env: Mapping[str, str] | None = None) -> str:
    """``text`` (an error message, a traceback) with every password of ``database_secrets``
    replaced by ``***``: a library's message may quote what it was given."""
    for secret in database_secrets(url, env):
        text = text.replace(secret, "***")
    return text


@dataclass(frozen=True)
class Config:
    """What `python -m bot` runs with; see `.env.example` for each setting."""

    token: str = field(repr=False)
    database_path: str = "data/deuce.db"
    database_url: str | None = field(default=None, repr=False)
    """A ``postgresql://`` server; when set, the store runs there instead of ``database_path``.
    Secret (it may hold the password): shown only through ``bot.store.postgres.redacted``."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    hand_pause_seconds: float | None = None
    house_pause_seconds: float | None = None
    edit_interval_seconds: float = 1.0
    test_seed: int | None = None
    """Test only (``DEUCE_TEST_SEED``, accepted only beside ``DISCORD_API_BASE``: a loopback
    Discord): seeds every table's decks, its house players' choices and the MTT seatings, so an
    end-to-end test deals the same cards each run. Never in a deployment: the cards would be
    predictable."""
    test_mtt_rounds: bool = False
    """Test only (``DEUCE_TEST_MTT_ROUNDS=1``, accepted only beside ``DISCORD_API_BASE``): an
    MTT's tables deal in rounds (each deals its next hand only once every table's hand has
    ended, one after another in table order, one hand played at a time), so with
    ``DEUCE_TEST_SEED`` a tournament takes the same course each run, and after a SIGKILL too.
    Never in a deployment: a table would wait for the others."""
    mtt_due_seconds: float = 5.0
    """Seconds between two looks for MTTs whose start time came (``DEUCE_MTT_DUE_SECONDS``)."""
    mtt_lobby_seconds: float = 5.0
    """Seconds between two edits of an MTT's lobby message (``DEUCE_MTT_LOBBY_SECONDS``)."""
    """Seconds between two edits of a table message (``DEUCE_EDIT_INTERVAL_SECONDS``; tests
    that play many hands shorten it)."""
    min_timer_seconds: int = 10
    min_idle_seconds: int = 60
    """The shortest idle time of an empty table an admin may set (``DEUCE_MIN_IDLE_SECONDS``;
    tests lower it)."""
    guild_ready_timeout: float = 2.0
    sync: str = "changed"
    shard_count: int | None = None
    """Gateway shards of the whole bot (``SHARD_COUNT``); None runs unsharded."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``SHARD_IDS``, e.g. ``0,1``); None with ``shard_count``
    means all of them."""
    rest_per_second: float = 40.0
    """The bot's pace of rate-limited requests, under Discord's 50 a second
    (``DEUCE_REST_PER_SECOND``). Sharded on PostgreSQL it is the WHOLE bot's budget, shared by
    all its processes through the database (``bot/cluster_limits.py``: a busy process uses what
    idle ones leave; give every process the same value); a process whose database does not
    answer paces itself at its shards' part of it meanwhile. Otherwise it is this process's."""
    web_port: int | None = None
    """The web dashboard's port (``DEUCE_WEB_PORT``); None: no dashboard (the default)."""
    web_host: str = "127.0.0.1"
    """The address the dashboard listens on (``DEUCE_WEB_HOST``): this machine only unless
    told otherwise (a reverse proxy in front of it serves HTTPS: docs/DASHBOARD.md)."""
    web_public_url: str | None = None
    """The dashboard's address as browsers reach it (``DEUCE_WEB_PUBLIC_URL``, e.g.
    ``https://poker.example.org``): login links and the OAuth redirect are built on it;
    ``http://HOST:PORT`` when unset."""
    oauth_client_id: str | None = None
    """The Discord application's OAuth2 client id (``DISCORD_CLIENT_ID``); with the secret,
    "Log in with Discord" is offered."""
    oauth_client_secret: str | None = field(default=None, repr=False)
    """The OAuth2 client secret (``DISCORD_CLIENT_SECRET``). Secret."""

    @property
    def web_url(self) -> str:
        """The dashboard's public address, without a trailing slash."""
        if self.web_public_url is not None:
            return self.web_public_url
        host = f"[{self.web_host}]" if ":" in self.web_host else self.web_host
        return f"http://{host}:{self.web_port}"

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def shares_limits(self) -> bool:
        """A process of a sharded bot on PostgreSQL: it shares the REST budget and the
        IDENTIFY turns with the bot's other processes (``bot/cluster_limits.py``)."""
        return self.shard_count is not None and self.database_url is not None

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (always, unsharded)."""
        if self.shard_count is None:
            return True
        shard = shard_of(guild_id, self.shard_count)
        return self.shard_ids is None or shard in self.shard_ids

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        """Read and check every setting; raises ConfigError with a one-line message."""
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put your bot token in the environment or in .env "
                "(see .env.example)."
            )
        log_level = env.get("LOG_LEVEL", "").strip().upper() or "INFO"
        if log_level not in ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG"):
            raise ConfigError(
                f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {log_level!r}."
            )
        sync = env.get("DEUCE_SYNC", "").strip().lower() or "changed"
        if sync not in SYNC_MODES:
            raise ConfigError(f"DEUCE_SYNC must be one of {', '.join(SYNC_MODES)}, not {sync!r}.")
        min_timer = _int(env, "DEUCE_MIN_TIMER_SECONDS", 10)
        assert min_timer is not None
        if min_timer < 1:
            raise ConfigError("DEUCE_MIN_TIMER_SECONDS must be at least 1.")
        min_idle = _int(env, "DEUCE_MIN_IDLE_SECONDS", 60)
        assert min_idle is not None
        if not 1 <= min_idle <= 60:
            raise ConfigError("DEUCE_MIN_IDLE_SECONDS must be between 1 and 60.")
        ready = _float(env, "DEUCE_GUILD_READY_TIMEOUT", 2.0)
        assert ready is not None
        api_base = env.get("DISCORD_API_BASE", "").strip().rstrip("/") or None
        gateway = env.get("DISCORD_GATEWAY_URL", "").strip() or None
        for name, url in (("DISCORD_API_BASE", api_base), ("DISCORD_GATEWAY_URL", gateway)):
            if url is not None and "://" not in url:
                raise ConfigError(f"{name} must be a URL like http://127.0.0.1:8080/api/v10.")
        test_seed = _int(env, "DEUCE_TEST_SEED", None)
        _tests_only("DEUCE_TEST_SEED", test_seed is not None, api_base, "every card is predictable")
        test_mtt_rounds = env.get("DEUCE_TEST_MTT_ROUNDS", "").strip()
        if test_mtt_rounds not in ("", "0", "1"):
            raise ConfigError("DEUCE_TEST_MTT_ROUNDS is 1 (tests only) or empty.")
        _tests_only(
            "DEUCE_TEST_MTT_ROUNDS",
            test_mtt_rounds == "1",
            api_base,
            "every table waits for the slowest",
        )
        database_url = env.get("DATABASE_URL", "").strip() or None
        if database_url is not None and not database_url.startswith(
            ("postgresql://", "postgres://")
        ):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL like postgresql://user:password@host/deuce "
                "(leave it empty to use the SQLite file at DATABASE_PATH)."
            )
        problem = None if database_url is None else database_url_problem(database_url)
        if problem is not None:
            raise ConfigError(problem)
        shard_count, shard_ids = _shards(env)
        try:
            rest = float(env.get("DEUCE_REST_PER_SECOND", "").strip() or 40)
        except ValueError:
            rest = -1.0
        if not 0 < rest <= 50:
            raise ConfigError(
                "DEUCE_REST_PER_SECOND must be a number of requests a second above 0 and at "
                "most 50 (Discord's limit for the whole bot)."
            )
        if (
            database_url is None
            and shard_count is not None
            and shard_ids is not None
            and set(shard_ids) != set(range(shard_count))
        ):
            raise ConfigError(
                f"SHARD_IDS={','.join(map(str, shard_ids))} runs only some of the "
                f"{shard_count} shards: the processes of one bot must share one PostgreSQL "
                "database (set DATABASE_URL), or one process runs them all (leave SHARD_IDS "
                "unset)."
            )
        web_port = _int(env, "DEUCE_WEB_PORT", None)
        if web_port is not None and not 1 <= web_port <= 65535:
            raise ConfigError("DEUCE_WEB_PORT must be a port number between 1 and 65535.")
        web_public = env.get("DEUCE_WEB_PUBLIC_URL", "").strip().rstrip("/") or None
        if web_public is not None and not web_public.startswith(("http://", "https://")):
            raise ConfigError(
                "DEUCE_WEB_PUBLIC_URL must be an address like https://poker.example.org."
            )
        client_id = env.get("DISCORD_CLIENT_ID", "").strip() or None
        client_secret = env.get("DISCORD_CLIENT_SECRET", "").strip() or None
        if (client_id is None) != (client_secret is None):
            raise ConfigError(
                "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together (the application's "
                "OAuth2 page shows both); set both for Log in with Discord, or neither."
            )
        return cls(
            token=token,
            database_path=env.get("DATABASE_PATH", "").strip() or "data/deuce.db",
            database_url=database_url,
            dev_guild_id=_int(env, "DEV_GUILD_ID", None),
            log_level=log_level,
            api_base=api_base,
            gateway_url=gateway,
            hand_pause_seconds=_float(env, "DEUCE_HAND_PAUSE_SECONDS", None),
            house_pause_seconds=_float(env, "DEUCE_HOUSE_PAUSE_SECONDS", None),
            test_seed=test_seed,
            test_mtt_rounds=test_mtt_rounds == "1",
            edit_interval_seconds=max(0.05, _float(env, "DEUCE_EDIT_INTERVAL_SECONDS", 1.0) or 0.0),
            mtt_due_seconds=max(0.1, _float(env, "DEUCE_MTT_DUE_SECONDS", 5.0) or 0.0),
            mtt_lobby_seconds=max(0.1, _float(env, "DEUCE_MTT_LOBBY_SECONDS", 5.0) or 0.0),
            min_timer_seconds=min_timer,
            min_idle_seconds=min_idle,
            guild_ready_timeout=ready,
            sync=sync,
            shard_count=shard_count,
            shard_ids=shard_ids,
            rest_per_second=rest,
            web_port=web_port,
            web_host=env.get("DEUCE_WEB_HOST", "").strip() or "127.0.0.1",
            web_public_url=web_public,
            oauth_client_id=client_id,
            oauth_client_secret=client_secret,
        )
