"""The configuration read from the environment (and `.env`), checked once at start-up.

Everything the process needs to know before it talks to Discord lives here, so a bad value is a
one-line error at start rather than a failure in the middle of a hand.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass

log = logging.getLogger(__name__)

SYNC_MODES = ("always", "changed", "never")


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


@dataclass(frozen=True)
class Config:
    """What `python -m bot` runs with; see `.env.example` for each setting."""

    token: str
    database_path: str = "data/deuce.db"
    database_url: str | None = None
    """A ``postgresql://`` server; when set, the store runs there instead of ``database_path``."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    hand_pause_seconds: float | None = None
    house_pause_seconds: float | None = None
    min_timer_seconds: int = 10
    guild_ready_timeout: float = 2.0
    sync: str = "changed"
    shard_count: int | None = None
    """Gateway shards of the whole bot (``SHARD_COUNT``); None runs unsharded."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``SHARD_IDS``, e.g. ``0,1``); None with ``shard_count``
    means all of them."""

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

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
        ready = _float(env, "DEUCE_GUILD_READY_TIMEOUT", 2.0)
        assert ready is not None
        api_base = env.get("DISCORD_API_BASE", "").strip().rstrip("/") or None
        gateway = env.get("DISCORD_GATEWAY_URL", "").strip() or None
        for name, url in (("DISCORD_API_BASE", api_base), ("DISCORD_GATEWAY_URL", gateway)):
            if url is not None and "://" not in url:
                raise ConfigError(f"{name} must be a URL like http://127.0.0.1:8080/api/v10.")
        database_url = env.get("DATABASE_URL", "").strip() or None
        if database_url is not None and not database_url.startswith(
            ("postgresql://", "postgres://")
        ):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL like postgresql://user:password@host/deuce "
                "(leave it empty to use the SQLite file at DATABASE_PATH)."
            )
        shard_count, shard_ids = _shards(env)
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
            min_timer_seconds=min_timer,
            guild_ready_timeout=ready,
            sync=sync,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )
