"""The web dashboard's credentials: one-time login links and signed-in sessions.

Owns ``web_logins`` and ``web_sessions``. Each row is known by the SHA-256 of its secret (the
caller hashes: ``bot/web/auth.py``), never by the secret itself, so a copy of the database or
of its backups signs nobody in. A link is used at most once (one UPDATE that only an unused,
unexpired link passes); a session ends at its expiry or at logout (its row deleted, so a copy
of its cookie is refused from then on).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.store.backend import Tx
from bot.store.chips import check_id
from bot.store.runner import Runner

log = logging.getLogger(__name__)

INSERT_LOGIN = """
INSERT INTO web_logins (token_hash, user_id, guild_id, expires_at, used_at)
VALUES (?, ?, ?, ?, NULL)
"""

USE_LOGIN = """
UPDATE web_logins SET used_at = ?1
WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1
"""

LOGIN_OWNER = "SELECT user_id, guild_id FROM web_logins WHERE token_hash = ?"

FORGET_LOGINS = "DELETE FROM web_logins WHERE expires_at < ?"

INSERT_SESSION = """
INSERT INTO web_sessions (id_hash, user_id, name, via, guilds, created_at, expires_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
"""

SESSION = """
SELECT user_id, name, via, guilds, expires_at FROM web_sessions
WHERE id_hash = ? AND expires_at > ?
"""

END_SESSION = "DELETE FROM web_sessions WHERE id_hash = ?"

FORGET_SESSIONS = "DELETE FROM web_sessions WHERE expires_at < ?"

HASH_LENGTH = 64
"""A SHA-256 in hex."""

VIA = ("oauth", "link")


@dataclass(frozen=True)
class WebSessionRow:
    """A signed-in browser: who, how they signed in, the servers it may open (JSON)."""

    user_id: int
    name: str
    via: str
    guilds: str
    expires_at: float


def _check_hash(value: str) -> str:
    if len(value) != HASH_LENGTH or not all(c in "0123456789abcdef" for c in value):
        raise ValueError("a web credential is stored by its SHA-256 in hex")
    return value


class WebLogins:
    """Login links and sessions of the web dashboard."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def add_link(
        self, token_hash: str, user_id: int, guild_id: int, expires_at: float
    ) -> None:
        """A new one-time link for ``user_id`` in ``guild_id``; expired links are forgotten."""
        _check_hash(token_hash)
        check_id(user_id, "member")
        check_id(guild_id, "server")

        async def body(db: Tx) -> None:
            await db.run(FORGET_LOGINS, (expires_at - 86_400.0,))
            await db.run(INSERT_LOGIN, (token_hash, user_id, guild_id, expires_at))

        await self._runner.write(body)

    async def use_link(self, token_hash: str, now: float) -> tuple[int, int] | None:
        """Spend the link: its (member, server) the first time before it expires, else None."""
        _check_hash(token_hash)

        async def body(db: Tx) -> tuple[int, int] | None:
            if await db.run(USE_LOGIN, (now, token_hash)) != 1:
                return None
            row = await db.one(LOGIN_OWNER, (token_hash,))
            return None if row is None else (int(row[0]), int(row[1]))

        return await self._runner.write(body)

    async def add_session(
        self,
        id_hash: str,
        *,
        user_id: int,
        name: str,
        via: str,
        guilds: str,
        now: float,
        expires_at: float,
    ) -> None:
        """A signed-in browser; expired sessions are forgotten."""
        _check_hash(id_hash)
        check_id(user_id, "member")
        if via not in VIA:
            raise ValueError(f"a session comes from {' or '.join(VIA)}")

        async def body(db: Tx) -> None:
            await db.run(FORGET_SESSIONS, (now,))
            await db.run(
                INSERT_SESSION, (id_hash, user_id, name[:100], via, guilds, now, expires_at)
            )

        await self._runner.write(body)

    async def session(self, id_hash: str, now: float) -> WebSessionRow | None:
        """The unexpired session with this hash, or None."""
        _check_hash(id_hash)
        row = await self._runner.select_one(SESSION, (id_hash, now))
        if row is None:
            return None
        return WebSessionRow(int(row[0]), str(row[1]), str(row[2]), str(row[3]), float(row[4]))

    async def end_session(self, id_hash: str) -> None:
        """Log out: the session's cookie is refused from now on."""
        _check_hash(id_hash)

        async def body(db: Tx) -> None:
            await db.run(END_SESSION, (id_hash,))

        await self._runner.write(body)
