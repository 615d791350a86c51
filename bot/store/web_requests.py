"""What ``python -m bot.web`` asks the bot to do to a table: Pause, Resume, Close.

Owns ``web_requests``. The standalone dashboard has no table session; after its checks (CSRF,
Manage Server, the table in that server) it writes a request here, and the process that owns
the table (``bot/features/web_requests``) takes it, applies it through the session as the
in-process dashboard does, and writes the outcome (the answer's catalogue key) back.

* One request waits per (table, action): a second admin's click finds the first's request
  (a unique index over the rows without an outcome), so two clicks make one pause.
* A request is taken by ONE statement that only an untaken, unexpired request passes: two
  bot processes never both apply it.
* A request nobody took within ``EXPIRE_SECONDS`` is expired: the bot no longer takes it, the
  page says the bot did not answer, and the next click asks again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.store.backend import Tx
from bot.store.chips import check_id
from bot.store.runner import Runner

log = logging.getLogger(__name__)

EXPIRE_SECONDS = 30.0
"""How long a request waits for the bot."""
KEEP_SECONDS = 86_400.0
"""How long a request's row is kept after it was asked (the page reads its outcome)."""
ACTIONS = ("pause", "resume", "close")
EXPIRED = "web_request_expired"
"""The outcome written on a request found expired (the bot never answered it)."""

COLUMNS = "id, guild_id, table_id, action, user_id, asked_at, taken_at, done_at, outcome"

EXPIRE_WAITING = f"""
UPDATE web_requests SET outcome = '{EXPIRED}', done_at = ?1
WHERE table_id = ?2 AND action = ?3 AND outcome IS NULL AND asked_at <= ?1 - {EXPIRE_SECONDS}
"""

FORGET = "DELETE FROM web_requests WHERE asked_at < ?"

INSERT = """
INSERT INTO web_requests (guild_id, table_id, action, user_id, asked_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT DO NOTHING
"""

WAITING_ONE = f"""
SELECT {COLUMNS} FROM web_requests WHERE table_id = ? AND action = ? AND outcome IS NULL
"""

WAITING = """
SELECT id, guild_id, table_id FROM web_requests
WHERE taken_at IS NULL AND outcome IS NULL AND asked_at > ? ORDER BY asked_at
"""

TAKE = f"""
UPDATE web_requests SET taken_at = ?1
WHERE id = ?2 AND taken_at IS NULL AND outcome IS NULL AND asked_at > ?1 - {EXPIRE_SECONDS}
RETURNING {COLUMNS}
"""

FINISH = "UPDATE web_requests SET outcome = ?, done_at = ? WHERE id = ? AND outcome IS NULL"

GET = f"SELECT {COLUMNS} FROM web_requests WHERE id = ?"


@dataclass(frozen=True)
class WebRequest:
    """A table action asked from the standalone dashboard."""

    id: int
    guild_id: int
    table_id: int
    action: str
    user_id: int
    asked_at: float
    taken_at: float | None
    done_at: float | None
    outcome: str | None
    """The answer's catalogue key once the bot applied it (or ``EXPIRED``)."""

    def state(self, now: float) -> str:
        """ "done" (its outcome is in), "expired" (no bot answered in time) or "waiting"."""
        if self.outcome == EXPIRED:
            return "expired"
        if self.outcome is not None:
            return "done"
        return "expired" if now - self.asked_at > EXPIRE_SECONDS else "waiting"


def _request(r: Any) -> WebRequest:
    return WebRequest(
        int(r[0]),
        int(r[1]),
        int(r[2]),
        str(r[3]),
        int(r[4]),
        float(r[5]),
        None if r[6] is None else float(r[6]),
        None if r[7] is None else float(r[7]),
        None if r[8] is None else str(r[8]),
    )


class WebRequests:
    """The table actions the standalone dashboard asks of the bot."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def add(
        self, guild_id: int, table_id: int, action: str, user_id: int, now: float
    ) -> tuple[WebRequest, bool]:
        """Ask for ``action`` at the table: the waiting request (True when this call made it;
        False when one was already waiting for the same table and action)."""
        check_id(guild_id, "server")
        check_id(table_id, "table")
        check_id(user_id, "member")
        if action not in ACTIONS:
            raise ValueError(f"a web request is one of {', '.join(ACTIONS)}")

        async def body(db: Tx) -> tuple[WebRequest, bool]:
            await db.run(FORGET, (now - KEEP_SECONDS,))
            await db.run(EXPIRE_WAITING, (now, table_id, action))
            made = await db.run(INSERT, (guild_id, table_id, action, user_id, now)) == 1
            row = await db.one(WAITING_ONE, (table_id, action))
            return _request(row), made

        return await self._runner.write(body)

    async def waiting(self, now: float) -> list[tuple[int, int, int]]:
        """The requests no bot took yet and not expired: (id, server, table), oldest first.
        One read of a small partial index (empty unless the dashboard just wrote)."""
        rows = await self._runner.select_all(WAITING, (now - EXPIRE_SECONDS,))
        return [(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def take(self, request_id: int, now: float) -> WebRequest | None:
        """Take the request to apply it: it, the first time before it expires; else None (taken
        by another process, expired, or done)."""

        async def body(db: Tx) -> WebRequest | None:
            rows = await db.all(TAKE, (now, request_id))
            return _request(rows[0]) if rows else None

        return await self._runner.write(body)

    async def finish(self, request_id: int, outcome: str, now: float) -> None:
        """The request was applied: its outcome (a catalogue key)."""

        async def body(db: Tx) -> None:
            await db.run(FINISH, (outcome[:100], now, request_id))

        await self._runner.write(body)

    async def get(self, request_id: int) -> WebRequest | None:
        """One request by id, or None."""
        row = await self._runner.select_one(GET, (request_id,))
        return None if row is None else _request(row)
