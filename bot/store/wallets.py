"""Members' wallets: the balance (a wallet is opened with the starting grant on first use),
the daily chips, an admin's grant and the leaderboard.

Owns ``wallets`` (the chips moved into and out of them go through ``chips``, which owns
``ledger_tx`` and ``ledger_entries``).

Its SQL is below, beside its use (what other parts run too is in ``shared_sql``).
"""

from __future__ import annotations

import logging
import math
import time

from bot.store import chips, rows, shared_sql
from bot.store.backend import Tx
from bot.store.chips import (
    MAX_BALANCE,
    MINT,
    check_chips,
    check_id,
    check_setting,
    wallet_account,
)
from bot.store.errors import (
    DailyCooldown,
    DailyDisabled,
    InvalidAmount,
)
from bot.store.models import (
    LeaderRow,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)

CLAIM_DAILY = """
UPDATE wallets SET balance = balance + ?, last_daily_at = ?
WHERE guild_id = ? AND user_id = ?
"""

LEADERBOARD = """
SELECT w.user_id, w.balance, coalesce(s.on_table, 0) AS on_table
FROM wallets AS w
LEFT JOIN (
    SELECT seats.user_id, sum(seats.stack) AS on_table
    FROM seats JOIN poker_tables AS t ON t.id = seats.table_id
    WHERE t.guild_id = ? AND t.tournament_id IS NULL
    GROUP BY seats.user_id
) AS s ON s.user_id = w.user_id
WHERE w.guild_id = ?
ORDER BY w.balance + coalesce(s.on_table, 0) DESC, w.user_id
LIMIT ?
"""


class Wallets:
    """``store.wallets``: the chips members hold outside the tables."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def balance(self, guild_id: int, user_id: int) -> int:
        """Chips in a member's wallet, creating the wallet with the starting grant on first use."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        row = await self._runner.select_one(shared_sql.WALLET, (guild_id, user_id))
        if row is not None:
            return int(row[0])

        async def body(db: Tx) -> int:
            balance, _ = await chips.ensure_wallet(db, guild_id, user_id, time.time())
            return balance

        return await self._runner.write(body)

    async def claim_daily(
        self, guild_id: int, user_id: int, now: float | None = None
    ) -> tuple[int, int]:
        """Grant the daily chips; returns (granted, new balance) or raises DailyCooldown."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        when = time.time() if now is None else float(now)

        async def body(db: Tx) -> tuple[int, int]:
            settings = await rows.guild_settings(db, guild_id)
            await chips.refuse_frozen(db, guild_id, user_id)
            balance, last = await chips.ensure_wallet(db, guild_id, user_id, when)
            if settings.daily_amount <= 0:
                raise DailyDisabled(
                    "Daily chips are turned off on this server.", key="error_daily_off"
                )
            if last is not None and when - last < settings.daily_cooldown:
                wait = min(settings.daily_cooldown, settings.daily_cooldown - (when - last))
                raise DailyCooldown(math.ceil(wait))
            amount = settings.daily_amount
            if balance + amount > MAX_BALANCE:
                raise InvalidAmount(
                    "Your wallet is full; spend some chips first.", key="error_wallet_full"
                )
            await db.run(CLAIM_DAILY, (amount, when, guild_id, user_id))
            await chips.post(
                db,
                "daily",
                [(MINT, -amount), (wallet_account(guild_id, user_id), amount)],
                now=when,
                guild_id=guild_id,
            )
            return amount, balance + amount

        return await self._runner.write(body)

    async def grant(self, guild_id: int, user_id: int, amount: int, by_user_id: int) -> int:
        """An admin grant from the mint into a member's wallet; returns the new balance."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        check_id(by_user_id, "member")
        check_chips(amount, "grant")

        async def body(db: Tx) -> int:
            now = time.time()
            balance, _ = await chips.ensure_wallet(db, guild_id, user_id, now)
            if balance + amount > MAX_BALANCE:
                raise InvalidAmount(
                    f"That would put more than {MAX_BALANCE:,} chips in one wallet.",
                    key="error_wallet_limit",
                    maximum=MAX_BALANCE,
                )
            await db.run(shared_sql.CREDIT_WALLET, (amount, guild_id, user_id))
            await chips.post(
                db,
                "grant",
                [(MINT, -amount), (wallet_account(guild_id, user_id), amount)],
                now=now,
                guild_id=guild_id,
                by_user_id=by_user_id,
            )
            return balance + amount

        new_balance = await self._runner.write(body)
        log.info("grant of %d to user %s in guild %s by %s", amount, user_id, guild_id, by_user_id)
        return new_balance

    async def leaderboard(self, guild_id: int, limit: int = 10) -> list[LeaderRow]:
        """Members with the most chips (wallet plus chips at tables), richest first."""
        check_id(guild_id, "server")
        limit = check_setting(limit, "limit", 1, 1000)
        found = await self._runner.read(lambda db: db.all(LEADERBOARD, (guild_id, guild_id, limit)))
        return [
            LeaderRow(int(user), int(wallet), int(on_table)) for user, wallet, on_table in found
        ]
