"""The audit: in one snapshot, every chip accounted for, and the ledger read back.

Owns no table; reads ``wallets``, ``seats``, ``hands``, ``hand_players``, ``ledger_tx`` and
``ledger_entries``.
"""

from __future__ import annotations

import logging

from bot.store import queries as q
from bot.store.backend import Tx
from bot.store.chips import (
    MINT,
    seat_account,
    wallet_account,
)
from bot.store.models import (
    HAND_RUNNING,
    AuditReport,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)


class Audit:
    """``store.audit``: checks that the ledger and the balances agree."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def check(self) -> AuditReport:
        """Check, in one snapshot, that every chip is accounted for.

        Wallets + seat stacks + open pots must equal everything the mint ever issued, every
        ledger transaction must sum to zero, and every wallet and seat must hold exactly what
        the ledger says its account holds.
        """
        return await self._runner.read(self._audit)

    async def _audit(self, db: Tx) -> AuditReport:
        report = AuditReport()
        report.transactions, report.entries = await db.one(q.AUDIT_COUNTS)
        for tx_id, total in await db.all(q.AUDIT_UNBALANCED_TX):
            report.problem(f"ledger transaction {tx_id} sums to {total}, not 0")
        ledger = {str(account): int(total) for account, total in await db.all(q.AUDIT_ACCOUNT_SUMS)}
        report.granted = -ledger.pop(MINT, 0)
        hand_status = {int(id_): str(status) for id_, status in await db.all(q.AUDIT_HAND_STATUS)}
        for guild_id, user_id, balance in await db.all(q.AUDIT_WALLETS):
            report.wallets += balance
            expected = ledger.pop(wallet_account(guild_id, user_id), 0)
            if balance != expected:
                report.problem(
                    f"wallet {guild_id}/{user_id} holds {balance:,} "
                    f"but its ledger says {expected:,}"
                )
        for table_id, user_id, stack in await db.all(q.AUDIT_SEATS):
            report.seats += stack
            expected = ledger.pop(seat_account(table_id, user_id), 0)
            if stack != expected:
                report.problem(
                    f"seat {table_id}/{user_id} holds {stack:,} but its ledger says {expected:,}"
                )
        for account, total in ledger.items():
            if account.startswith("pot:"):
                report.open_pots += total
                hand_id = int(account.split(":")[1])
                if total and hand_status.get(hand_id) != HAND_RUNNING:
                    report.problem(f"{account} of a finished hand still holds {total:,}")
            elif total:
                report.problem(f"ledger account {account} holds {total:,} with no wallet or seat")
        held = report.wallets + report.seats + report.open_pots
        if held != report.granted:
            report.problem(
                f"{held:,} chips are held but the mint issued {report.granted:,} "
                f"(difference {held - report.granted:+,})"
            )
        for hand_id, table_id, user_id, start, stack in await db.all(q.AUDIT_RUNNING_PLAYERS):
            if stack is None:
                report.problem(f"player {user_id} of running hand {hand_id} lost their seat")
            elif stack != start:
                report.problem(
                    f"player {user_id} of running hand {hand_id} at table {table_id} has "
                    f"{stack:,} at the seat, not the start stack {start:,}"
                )
        if report.ok:
            log.info("audit ok: %d chips accounted for", report.granted)
        else:
            log.error("audit FAILED: %s", "; ".join(report.problems))
        return report

    async def ledger_entries(self, hand_id: int | None = None) -> list[tuple[str, str, int]]:
        """(kind, account, amount) of every ledger entry, or of one hand's, in order."""
        found = await self._runner.select_all(q.LEDGER_ENTRIES, (hand_id,))
        return [(str(kind), str(account), int(amount)) for kind, account, amount in found]
