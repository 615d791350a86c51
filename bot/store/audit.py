"""The audit: in one snapshot, every chip accounted for, and the ledger read back.

Owns no table; reads ``wallets``, ``seats``, ``poker_tables``, ``hands``, ``hand_players``,
``tournaments``, ``tournament_entries``, ``ledger_tx`` and ``ledger_entries``.

Its SQL is below, beside its use (what other parts run too is in ``shared_sql``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from bot.house.accounts import HOUSE_ACCOUNT_ID, is_house
from bot.store.backend import Tx
from bot.store.chips import (
    MINT,
    check_id,
    seat_account,
    wallet_account,
)
from bot.store.models import (
    HAND_RUNNING,
    TOURNAMENT_FINISHED,
    TOURNAMENT_REGISTERING,
    TOURNAMENT_RUNNING,
    AuditReport,
)
from bot.store.runner import Runner

log = logging.getLogger(__name__)

AUDIT_UNBALANCED_TX = """
SELECT tx_id, sum(amount) FROM ledger_entries GROUP BY tx_id HAVING sum(amount) != 0 LIMIT 20
"""

AUDIT_COUNTS = "SELECT (SELECT count(*) FROM ledger_tx), (SELECT count(*) FROM ledger_entries)"

AUDIT_ACCOUNT_SUMS = "SELECT account, sum(amount) FROM ledger_entries GROUP BY account"

AUDIT_WALLETS = "SELECT guild_id, user_id, balance FROM wallets"

AUDIT_SEATS = """
SELECT s.table_id, s.user_id, s.stack, t.tournament_id
FROM seats AS s JOIN poker_tables AS t ON t.id = s.table_id
"""

AUDIT_HAND_STATUS = "SELECT id, status, tournament_id FROM hands"

AUDIT_TOURNAMENTS = """
SELECT t.id, t.status, t.buy_in, t.start_stack,
       (SELECT count(*) FROM tournament_entries AS e WHERE e.tournament_id = t.id),
       (SELECT coalesce(sum(e.prize), 0) FROM tournament_entries AS e
        WHERE e.tournament_id = t.id)
FROM tournaments AS t
ORDER BY t.id
"""

# The prizes finished tournaments recorded, to match against their payout transactions.
AUDIT_TOURNAMENT_PRIZES = """
SELECT t.id, t.guild_id, e.user_id, e.prize
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.status = 'finished' AND e.prize > 0
"""

AUDIT_TOURNAMENT_PAYOUTS = """
SELECT e.tx_id, e.account, e.amount
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE t.kind = 'tournament_payout'
ORDER BY e.id
"""

# Who sits at each tournament's tables (a multi-table tournament's several), and who of a
# running tournament's entrants is still in.
AUDIT_TOURNAMENT_SEATS = """
SELECT t.tournament_id, s.user_id, count(*)
FROM seats AS s JOIN poker_tables AS t ON t.id = s.table_id
WHERE t.tournament_id IS NOT NULL
GROUP BY t.tournament_id, s.user_id
"""

AUDIT_TOURNAMENT_ALIVE = """
SELECT e.tournament_id, e.user_id
FROM tournament_entries AS e JOIN tournaments AS t ON t.id = e.tournament_id
WHERE t.status = 'running' AND e.place IS NULL
  AND NOT EXISTS (SELECT 1 FROM mtt_pending_outs AS p
                  WHERE p.tournament_id = e.tournament_id AND p.user_id = e.user_id)
"""

AUDIT_RUNNING_PLAYERS = """
SELECT h.id, h.table_id, p.user_id, p.start_stack, s.stack
FROM hands AS h
JOIN hand_players AS p ON p.hand_id = h.id
LEFT JOIN seats AS s ON s.table_id = h.table_id AND s.user_id = p.user_id
WHERE h.status = 'running'
"""

LEDGER_ENTRIES = """
SELECT t.kind, e.account, e.amount
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE ?1 IS NULL OR t.hand_id = ?1
ORDER BY e.id
"""
LEDGER_ENTRIES_PG = """
SELECT t.kind, e.account, e.amount
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE $1::bigint IS NULL OR t.hand_id = $1
ORDER BY e.id
"""
"""``LEDGER_ENTRIES`` as PostgreSQL reads it (``postgres.OVERRIDES``): the parameter is cast, as
"$1 IS NULL" alone does not give its type."""


SERVER_WALLETS = "SELECT user_id, balance FROM wallets WHERE guild_id = ?"

SERVER_WALLET_LEDGER = """
SELECT account, sum(amount) FROM ledger_entries WHERE account LIKE ? GROUP BY account
"""

SERVER_SEATS = """
SELECT s.table_id, s.user_id, s.stack, t.tournament_id
FROM seats AS s JOIN poker_tables AS t ON t.id = s.table_id
WHERE t.guild_id = ?
"""

ACCOUNT_TOTAL = "SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account = ?"


@dataclass(frozen=True)
class Mismatch:
    """A wallet (``table_id`` None) or a seat that does not hold what its ledger says."""

    table_id: int | None
    user_id: int
    held: int
    ledger: int


@dataclass
class ServerAudit:
    """The audit of one server's wallets and seats, and the whole database's verdict."""

    wallets: int = 0
    """Chips in the server's wallets."""
    members: int = 0
    """Wallets checked."""
    seats: int = 0
    """Chips at the server's cash tables (tournament chips are not wallet chips)."""
    mismatches: list[Mismatch] = field(default_factory=list)
    whole_ok: bool = True
    """The verdict of ``check`` on the whole database (every server): its figures and
    problems belong to all servers, so only the verdict is given."""

    @property
    def ok(self) -> bool:
        return not self.mismatches


class Audit:
    """``store.audit``: checks that the ledger and the balances agree."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def check(self) -> AuditReport:
        """Check, in one snapshot, that every chip is accounted for.

        Wallets + cash seat stacks + cash pots + tournament escrows must equal everything the
        mint ever issued, every ledger transaction must sum to zero, and every wallet and seat
        must hold exactly what the ledger says its account holds. Tournament chips are checked
        apart (``_tournaments``): they never count as wallet chips.
        """
        return await self._runner.read(self._audit)

    async def server(self, guild_id: int) -> ServerAudit:
        """The audit as one server's admin may read it, in one snapshot: each of the server's
        wallets and seats against its ledger account, and the whole database's verdict."""
        check_id(guild_id, "server")

        async def body(db: Tx) -> ServerAudit:
            found = ServerAudit()
            prefix = f"wallet:{guild_id}:%"
            ledger = {
                str(account): int(total)
                for account, total in await db.all(SERVER_WALLET_LEDGER, (prefix,))
            }
            for user_id, balance in await db.all(SERVER_WALLETS, (guild_id,)):
                found.members += 1
                found.wallets += int(balance)
                expected = ledger.pop(wallet_account(guild_id, user_id), 0)
                if balance != expected:
                    found.mismatches.append(Mismatch(None, int(user_id), int(balance), expected))
            for account, total in ledger.items():  # a ledger account with no wallet
                if total:
                    user_id = int(account.rsplit(":", 1)[1])
                    found.mismatches.append(Mismatch(None, user_id, 0, total))
            for table_id, user_id, stack, tournament_id in await db.all(SERVER_SEATS, (guild_id,)):
                if tournament_id is None:
                    found.seats += int(stack)
                row = await db.one(ACCOUNT_TOTAL, (seat_account(table_id, user_id),))
                expected = int(row[0])
                if stack != expected:
                    found.mismatches.append(
                        Mismatch(int(table_id), int(user_id), int(stack), expected)
                    )
            found.whole_ok = (await self._audit(db)).ok
            return found

        return await self._runner.read(body)

    async def _audit(self, db: Tx) -> AuditReport:
        report = AuditReport()
        report.transactions, report.entries = await db.one(AUDIT_COUNTS)
        for tx_id, total in await db.all(AUDIT_UNBALANCED_TX):
            report.problem(f"ledger transaction {tx_id} sums to {total}, not 0")
        ledger = {str(account): int(total) for account, total in await db.all(AUDIT_ACCOUNT_SUMS)}
        report.granted = -ledger.pop(MINT, 0)
        hands = {
            int(id_): (str(status), None if sng is None else int(sng))
            for id_, status, sng in await db.all(AUDIT_HAND_STATUS)
        }
        in_play: dict[int, int] = {}
        """Tournament chips at each tournament's table: seats and open pots."""
        for guild_id, user_id, balance in await db.all(AUDIT_WALLETS):
            report.wallets += balance
            expected = ledger.pop(wallet_account(guild_id, user_id), 0)
            if balance != expected:
                report.problem(
                    f"wallet {guild_id}/{user_id} holds {balance:,} "
                    f"but its ledger says {expected:,}"
                )
        for table_id, user_id, stack, tournament_id in await db.all(AUDIT_SEATS):
            if tournament_id is None:
                report.seats += stack
            else:
                in_play[int(tournament_id)] = in_play.get(int(tournament_id), 0) + stack
            expected = ledger.pop(seat_account(table_id, user_id), 0)
            if stack != expected:
                report.problem(
                    f"seat {table_id}/{user_id} holds {stack:,} but its ledger says {expected:,}"
                )
        escrows: dict[int, int] = {}
        sources: dict[int, int] = {}
        for account, total in ledger.items():
            if account.startswith("pot:"):
                hand_id = int(account.split(":")[1])
                status, tournament_id = hands.get(hand_id, ("missing", None))
                if tournament_id is None:
                    report.open_pots += total
                else:
                    in_play[tournament_id] = in_play.get(tournament_id, 0) + total
                if total and status != HAND_RUNNING:
                    report.problem(f"{account} of a finished hand still holds {total:,}")
            elif account.startswith(("tournament:", "tchips:")):
                kind, _, number = account.partition(":")
                found = escrows if kind == "tournament" else sources
                found[int(number)] = total
                if kind == "tournament":
                    report.escrow += total
            elif total:
                report.problem(f"ledger account {account} holds {total:,} with no wallet or seat")
        held = report.wallets + report.seats + report.open_pots + report.escrow
        if held != report.granted:
            report.problem(
                f"{held:,} chips are held but the mint issued {report.granted:,} "
                f"(difference {held - report.granted:+,})"
            )
        await self._tournaments(db, report, escrows, sources, in_play)
        await self._tournament_seats(db, report)
        for hand_id, table_id, user_id, start, stack in await db.all(AUDIT_RUNNING_PLAYERS):
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

    async def _tournaments(
        self,
        db: Tx,
        report: AuditReport,
        escrows: dict[int, int],
        sources: dict[int, int],
        in_play: dict[int, int],
    ) -> None:
        """Each tournament's escrow and chips: a registering or running one holds every buy-in
        in escrow; a running one has handed out ``start_stack`` per entrant, all of them at its
        table (seats and open pots); a finished one paid out exactly its recorded prizes, which
        add up to the pool; a finished or cancelled one holds nothing."""
        prizes: dict[int, dict[str, int]] = {}
        for tournament_id, guild_id, user_id, prize in await db.all(AUDIT_TOURNAMENT_PRIZES):
            owner = HOUSE_ACCOUNT_ID if is_house(int(user_id)) else int(user_id)
            paid_to = prizes.setdefault(int(tournament_id), {})
            account = wallet_account(int(guild_id), owner)
            paid_to[account] = paid_to.get(account, 0) + int(prize)
        payouts: dict[int, dict[str, int]] = {}
        for tx_id, account, amount in await db.all(AUDIT_TOURNAMENT_PAYOUTS):
            payouts.setdefault(int(tx_id), {})[str(account)] = int(amount)
        paid: dict[int, list[dict[str, int]]] = {}
        for lines in payouts.values():
            sources_of = [account for account in lines if account.startswith("tournament:")]
            if len(sources_of) != 1:
                report.problem(f"a tournament payout moves {lines} from no single escrow")
                continue
            paid.setdefault(int(sources_of[0].partition(":")[2]), []).append(
                {account: amount for account, amount in lines.items() if account not in sources_of}
            )
        known: set[int] = set()
        for tournament_id, status, buy_in, start_stack, entrants, prized in await db.all(
            AUDIT_TOURNAMENTS
        ):
            tournament_id = int(tournament_id)
            known.add(tournament_id)
            report.tournaments += 1
            name = f"tournament {tournament_id} ({status})"
            escrow = escrows.get(tournament_id, 0)
            handed_out = -sources.get(tournament_id, 0)
            chips_in_play = in_play.get(tournament_id, 0)
            report.tournament_chips += chips_in_play
            pool = int(buy_in) * int(entrants)
            if status in (TOURNAMENT_REGISTERING, TOURNAMENT_RUNNING):
                if escrow != pool:
                    report.problem(f"{name} escrow holds {escrow:,}, not the pool {pool:,}")
            elif escrow:
                report.problem(f"{name} escrow still holds {escrow:,}")
            if status == TOURNAMENT_RUNNING:
                total = int(start_stack) * int(entrants)
                if not handed_out == chips_in_play == total:
                    report.problem(
                        f"{name} handed out {handed_out:,} tournament chips, its table holds "
                        f"{chips_in_play:,}, and its entrants started with {total:,}"
                    )
            else:
                if handed_out:
                    report.problem(f"{name} has {handed_out:,} tournament chips still out")
                if chips_in_play:
                    report.problem(f"{name} has {chips_in_play:,} tournament chips at a table")
            payout_lines = paid.pop(tournament_id, [])
            if status == TOURNAMENT_FINISHED:
                if int(prized) != pool:
                    report.problem(f"{name} recorded {int(prized):,} in prizes, not the pool")
                expected = prizes.get(tournament_id, {})
                if payout_lines != ([expected] if expected else []):
                    report.problem(f"{name} paid {payout_lines} but recorded prizes {expected}")
            elif payout_lines:
                report.problem(f"{name} paid out prizes without finishing")
        for tournament_id in sorted(
            (set(escrows) | set(sources) | set(in_play) | set(paid)) - known
        ):
            report.problem(f"tournament {tournament_id} has chips but no tournament row")

    async def _tournament_seats(self, db: Tx, report: AuditReport) -> None:
        """Each running tournament seats every entrant still in exactly once, over all its
        tables (a multi-table tournament's moves lose nobody and seat nobody twice), and
        nobody else (a player out in a hand-for-hand hand, not placed yet, has no seat)."""
        seated: dict[int, dict[int, int]] = {}
        for tournament_id, user_id, count in await db.all(AUDIT_TOURNAMENT_SEATS):
            seated.setdefault(int(tournament_id), {})[int(user_id)] = int(count)
        alive: dict[int, set[int]] = {}
        for tournament_id, user_id in await db.all(AUDIT_TOURNAMENT_ALIVE):
            alive.setdefault(int(tournament_id), set()).add(int(user_id))
        for tournament_id in sorted(set(seated) | set(alive)):
            seats = seated.get(tournament_id, {})
            players = alive.get(tournament_id, set())
            for user_id, count in sorted(seats.items()):
                if count > 1:
                    report.problem(
                        f"player {user_id} sits at {count} tables of tournament {tournament_id}"
                    )
                if user_id not in players:
                    report.problem(
                        f"player {user_id} sits at tournament {tournament_id}'s table but is "
                        "not in it"
                    )
            for user_id in sorted(players - set(seats)):
                report.problem(f"player {user_id} of tournament {tournament_id} has no seat")

    async def ledger_entries(self, hand_id: int | None = None) -> list[tuple[str, str, int]]:
        """(kind, account, amount) of every ledger entry, or of one hand's, in order."""
        found = await self._runner.select_all(LEDGER_ENTRIES, (hand_id,))
        return [(str(kind), str(account), int(amount)) for kind, account, amount in found]
