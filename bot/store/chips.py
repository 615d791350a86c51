"""The chip rules every part of the store shares, written once: the limits and argument
checks, the ledger's accounts, ``post`` (a ledger transaction, whose entries sum to zero and
which carries its store call's key) and the moves between a wallet and a seat.

Chips move only as ledger transactions whose entries sum to zero; wallet and seat rows hold
the balances beside the ledger, and ``audit.Audit.check`` checks one against the other.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

from bot.house.accounts import HOUSE_ACCOUNT_ID, is_house
from bot.store import rows, shared_sql
from bot.store.backend import Tx
from bot.store.errors import InsufficientFunds, InvalidAmount, StoreError, WalletFrozen
from bot.store.models import MAX_CHIPS as MAX_CHIPS
from bot.store.models import SeatRow, TableRow, TournamentRow
from bot.store.models import check_setting as check_setting
from bot.store.runner import CallTx
from bot.tournament import Finish

log = logging.getLogger(__name__)

CREATE_WALLET = """
INSERT INTO wallets (guild_id, user_id, balance, last_daily_at, created_at)
VALUES (?, ?, ?, NULL, ?)
"""

DEBIT_WALLET = """
UPDATE wallets SET balance = balance - ?
WHERE guild_id = ? AND user_id = ? AND balance >= ?
"""

# No member sits at the table any more (house players are no members): its idle time starts,
# unless it already runs.
MARK_TABLE_EMPTY = """
UPDATE poker_tables SET empty_since = ?1
WHERE id = ?2 AND empty_since IS NULL
  AND NOT EXISTS (
      SELECT 1 FROM seats AS s
      WHERE s.table_id = ?2
        AND s.user_id NOT IN (SELECT h.user_id FROM house_players AS h WHERE h.table_id = ?2)
  )
"""

INSERT_LEDGER_TX = """
INSERT INTO ledger_tx (kind, guild_id, table_id, hand_id, by_user_id, note, created_at, call_key)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""

INSERT_LEDGER_ENTRY = "INSERT INTO ledger_entries (tx_id, account, amount) VALUES (?, ?, ?)"

# A tournament's table closed: a cash table again, its house players' rows gone.
END_TOURNAMENT_TABLE = """
UPDATE poker_tables SET status = 'closed', button_seat = NULL, tournament_id = NULL
WHERE id = ? AND tournament_id = ?
"""

DELETE_TABLE_HOUSE_PLAYERS = "DELETE FROM house_players WHERE table_id = ?"

# Limits --------------------------------------------------------------------------------------

MAX_BALANCE = 10**15
"""Largest wallet; far below SQLite's 2**63 so sums can never overflow."""
MAX_ID = 2**63 - 1
MAX_TABLE_SEATS = 10
"""Seats at the largest table (the schema's seat check)."""

MINT = "mint"


def wallet_account(guild_id: int, user_id: int) -> str:
    """Ledger account of a member's wallet in one server."""
    return f"wallet:{guild_id}:{user_id}"


def seat_account(table_id: int, user_id: int) -> str:
    """Ledger account of the chips a player holds in escrow at a table."""
    return f"seat:{table_id}:{user_id}"


def pot_account(hand_id: int) -> str:
    """Ledger account of one hand's pot (empty again once the hand is settled or voided)."""
    return f"pot:{hand_id}"


def escrow_account(tournament_id: int) -> str:
    """Ledger account of a tournament's escrow: the buy-ins (wallet chips) until the prizes
    are paid or the buy-ins refunded."""
    return f"tournament:{tournament_id}"


def tournament_chips_account(tournament_id: int) -> str:
    """Ledger account the tournament's chips come from: at the start it gives each seat the
    starting stack, at the finish the winner's stack goes back, and it holds 0 again. Never a
    wallet chip: ``audit`` checks these apart."""
    return f"tchips:{tournament_id}"


def check_chips(
    value: object, what: str = "amount", *, minimum: int = 1, maximum: int = MAX_CHIPS
) -> int:
    """Return ``value`` if it is a plain ``int`` chip amount in range, else raise InvalidAmount.

    ``bool``, ``float``, strings and int subclasses are refused: ``True`` is not one chip and
    ``"100a"`` is not a hundred.
    """
    if type(value) is not int:
        raise InvalidAmount(
            f"The {what} must be a whole number of chips.", key="error_amount_whole"
        )
    if value < minimum:
        if minimum == 1:
            raise InvalidAmount(
                f"The {what} must be more than zero chips.", key="error_amount_positive"
            )
        if minimum == 0:
            raise InvalidAmount(
                f"The {what} cannot be negative.",
                key="error_amount_range",
                minimum=minimum,
                maximum=maximum,
            )
        raise InvalidAmount(
            f"The {what} must be at least {minimum:,} chips.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    if value > maximum:
        raise InvalidAmount(
            f"The {what} can be at most {maximum:,} chips.",
            key="error_amount_range",
            minimum=minimum,
            maximum=maximum,
        )
    return value


def check_id(value: object, what: str) -> int:
    """Discord ids are non-negative 64-bit ints; anything else is a caller bug, refused early."""
    if type(value) is not int or not 0 <= value <= MAX_ID:
        raise StoreError(f"Unknown {what}.")
    return value


async def post(
    db: Tx,
    kind: str,
    entries: Iterable[tuple[str, int]],
    *,
    now: float,
    guild_id: int | None = None,
    table_id: int | None = None,
    hand_id: int | None = None,
    by_user_id: int | None = None,
    note: str | None = None,
) -> int:
    """Append one ledger transaction; its entries must sum to zero (zeros are skipped).
    It carries the store call's key (``runner._Call``), so the call applies at most once."""
    lines = [(account, amount) for account, amount in entries if amount != 0]
    if sum(amount for _, amount in lines) != 0:
        raise RuntimeError(f"unbalanced ledger transaction {kind}: {lines}")
    if not isinstance(db, CallTx):
        raise RuntimeError(f"ledger transaction {kind} outside a store call (no key)")
    key = db.ledger_key()
    tx_id = await db.insert(
        INSERT_LEDGER_TX, (kind, guild_id, table_id, hand_id, by_user_id, note, now, key)
    )
    if lines:
        await db.many(INSERT_LEDGER_ENTRY, [(tx_id, account, amount) for account, amount in lines])
    return tx_id


# Wallets and seats ---------------------------------------------------------------------------


async def ensure_wallet(
    db: Tx, guild_id: int, user_id: int, now: float
) -> tuple[int, float | None]:
    """(balance, last daily time) of a wallet, creating it with the starting grant."""
    row = await db.one(shared_sql.WALLET, (guild_id, user_id))
    if row is not None:
        return int(row[0]), row[1]
    settings = await rows.guild_settings(db, guild_id)
    start = settings.start_wallet
    await db.run(CREATE_WALLET, (guild_id, user_id, start, now))
    await post(
        db,
        "start",
        [(MINT, -start), (wallet_account(guild_id, user_id), start)],
        now=now,
        guild_id=guild_id,
        note="starting wallet",
    )
    log.info("wallet created for user %s in guild %s with %d chips", user_id, guild_id, start)
    return start, None


async def refuse_frozen(db: Tx, guild_id: int, user_id: int) -> None:
    """``WalletFrozen`` if an admin froze the member's wallet: no chip leaves it for a seat, an
    escrow, and no daily reaches it (cash-outs and refunds still come back to it)."""
    if await rows.frozen(db, guild_id, user_id):
        raise WalletFrozen()


async def wallet_to_seat(
    db: Tx,
    table: TableRow,
    user_id: int,
    amount: int,
    now: float,
    needs: str,
    *,
    note: str | None = None,
) -> None:
    """Debit the wallet (created if needed) and post the ``buy_in`` ledger transaction to
    the seat's account; the caller creates or tops up the seat row itself. A frozen wallet
    refuses (``refuse_frozen``)."""
    await refuse_frozen(db, table.guild_id, user_id)
    balance, _ = await ensure_wallet(db, table.guild_id, user_id, now)
    if balance < amount:
        raise InsufficientFunds(
            f"You have only {balance:,} chips in your wallet; {needs} {amount:,}.",
            balance=balance,
            needed=amount,
        )
    await debit_wallet(db, table.guild_id, user_id, amount, balance)
    await post(
        db,
        "buy_in",
        [
            (wallet_account(table.guild_id, user_id), -amount),
            (seat_account(table.id, user_id), amount),
        ],
        now=now,
        guild_id=table.guild_id,
        table_id=table.id,
        note=note,
    )


async def debit_wallet(db: Tx, guild_id: int, user_id: int, amount: int, balance: int) -> None:
    changed = await db.run(DEBIT_WALLET, (amount, guild_id, user_id, amount))
    if changed != 1:
        raise InsufficientFunds(
            f"You have only {balance:,} chips in your wallet; that needs {amount:,}.",
            balance=balance,
            needed=amount,
        )


async def cash_out(db: Tx, table: TableRow, seat: SeatRow, now: float) -> int:
    """Free a member's seat and post its chips back to their wallet; returns them."""
    await ensure_wallet(db, table.guild_id, seat.user_id, now)
    await db.run(shared_sql.DELETE_SEAT, (table.id, seat.user_id))
    await db.run(MARK_TABLE_EMPTY, (now, table.id))
    if seat.stack:
        await db.run(shared_sql.CREDIT_WALLET, (seat.stack, table.guild_id, seat.user_id))
    await post(
        db,
        "cash_out",
        [
            (seat_account(table.id, seat.user_id), -seat.stack),
            (wallet_account(table.guild_id, seat.user_id), seat.stack),
        ],
        now=now,
        guild_id=table.guild_id,
        table_id=table.id,
    )
    return seat.stack


async def debit_house(
    db: Tx, guild_id: int, amount: int, now: float, *, table_id: int | None = None
) -> None:
    """Take ``amount`` from the house's wallet (created if needed) for a house player's buy-in;
    when it holds less, the shortfall is minted into it first ("grant", noted "house float").
    The caller posts where the chips go."""
    row = await db.one(shared_sql.WALLET, (guild_id, HOUSE_ACCOUNT_ID))
    if row is None:
        await db.run(CREATE_WALLET, (guild_id, HOUSE_ACCOUNT_ID, 0, now))
    balance = 0 if row is None else int(row[0])
    if balance < amount:
        shortfall = amount - balance
        await db.run(shared_sql.CREDIT_WALLET, (shortfall, guild_id, HOUSE_ACCOUNT_ID))
        await post(
            db,
            "grant",
            [(MINT, -shortfall), (wallet_account(guild_id, HOUSE_ACCOUNT_ID), shortfall)],
            now=now,
            guild_id=guild_id,
            table_id=table_id,
            note="house float",
        )
        balance = amount
    await debit_wallet(db, guild_id, HOUSE_ACCOUNT_ID, amount, balance)


# Tournaments' escrow and tables ------------------------------------------------------------


def escrow_payee(guild_id: int, user_id: int) -> tuple[int, str]:
    """The wallet (user id, ledger account) a buy-in comes from and a prize or refund goes
    to: a member's own, the house's for a house player."""
    owner = HOUSE_ACCOUNT_ID if is_house(user_id) else user_id
    return owner, wallet_account(guild_id, owner)


async def pay_from_escrow(
    db: Tx,
    tournament: TournamentRow,
    amounts: Mapping[int, int],
    kind: str,
    now: float,
    note: str,
) -> None:
    """ONE ledger transaction from the escrow to each entrant's wallet (a house player's to
    the house's), the wallet rows credited beside it."""
    to_wallets: dict[str, int] = {}
    for user_id, amount in amounts.items():
        if amount <= 0:
            continue
        owner, account = escrow_payee(tournament.guild_id, user_id)
        if owner != HOUSE_ACCOUNT_ID:
            await ensure_wallet(db, tournament.guild_id, owner, now)
        await db.run(shared_sql.CREDIT_WALLET, (amount, tournament.guild_id, owner))
        to_wallets[account] = to_wallets.get(account, 0) + amount
    await post(
        db,
        kind,
        [(escrow_account(tournament.id), -sum(to_wallets.values())), *to_wallets.items()],
        now=now,
        guild_id=tournament.guild_id,
        table_id=tournament.table_id,
        note=note,
    )


async def end_tournament_table(
    db: Tx, tournament: TournamentRow, table_id: int, now: float
) -> None:
    """Every remaining seat's tournament chips back to the tournament's account (one ledger
    transaction), the seats freed and the table closed as a cash table again."""
    back: list[tuple[str, int]] = []
    for row in await db.all(shared_sql.SEATS, (table_id,)):
        seat = rows.seat_row(row)
        back.append((seat_account(table_id, seat.user_id), -seat.stack))
        await db.run(shared_sql.DELETE_SEAT, (table_id, seat.user_id))
    await post(
        db,
        "tournament_chips_back",
        [*back, (tournament_chips_account(tournament.id), -sum(amount for _, amount in back))],
        now=now,
        guild_id=tournament.guild_id,
        table_id=table_id,
        note=f"tournament {tournament.id}",
    )
    await db.run(DELETE_TABLE_HOUSE_PLAYERS, (table_id,))
    await db.run(shared_sql.DELETE_TABLE_WAITING, (table_id,))
    await db.run(END_TOURNAMENT_TABLE, (table_id, tournament.id))


async def record_outs(
    db: Tx,
    tournament: TournamentRow,
    out: Iterable[Finish],
    now: float,
    *,
    table_id: int | None,
    what: str = "",
) -> None:
    """Players out of a tournament (``out``, placed): their places and prizes recorded (paid
    at the finish), their seats at ``table_id`` freed (None: they left them already), and the
    ledger's line naming them (no chip moves: their seats hold none). ``what`` follows the
    tournament's number in that line (" hand for hand")."""
    out = list(out)
    for finish in out:
        if table_id is not None:
            await db.run(shared_sql.DELETE_SEAT, (table_id, finish.user_id))
            await db.run(shared_sql.DELETE_HOUSE_PLAYER, (table_id, finish.user_id))
        result = (finish.place, finish.prize, tournament.id, finish.user_id)
        if await db.run(shared_sql.SET_ENTRY_RESULT, result) != 1:
            raise StoreError(f"Player {finish.user_id} is already out of this tournament.")
    gone = ", ".join(f"{finish.user_id} #{finish.place}" for finish in out)
    await post(
        db,
        "tournament_out",
        [],
        now=now,
        guild_id=tournament.guild_id,
        table_id=table_id,
        note=f"tournament {tournament.id}{what}: {gone}"[:500],
    )
