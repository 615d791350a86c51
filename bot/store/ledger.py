"""The ledger as a server's admin reads it: the movements of the server's wallets, newest
first, filtered by member, kind and period (the dashboard's ledger page and its CSV).

Owns no table; reads ``ledger_tx`` and ``ledger_entries`` (``chips`` writes them). A server's
movements are found by their account's name (``wallet:<guild>:``), never by a transaction's
other columns, so one server's reader sees no entry of another's. The statement is put
together from the fixed pieces below (a filter adds its condition; the values are parameters).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.chips import check_id, wallet_account
from bot.store.errors import InvalidSetting
from bot.store.runner import Runner

LEDGER_KINDS = (
    "grant",
    "start",
    "daily",
    "buy_in",
    "cash_out",
    "refund",
    "void",
    "pot_contribution",
    "pot_win",
    "tournament_buy_in",
    "tournament_refund",
    "tournament_start",
    "tournament_out",
    "tournament_chips_back",
    "tournament_payout",
    "freeze",
    "unfreeze",
    "tournament_move",
)
"""Every kind of ledger transaction (the schema's CHECK): what the kind filter offers."""

MOVES = """
SELECT e.id, t.created_at, t.kind, e.account, e.amount, t.hand_id, t.by_user_id
FROM ledger_entries AS e JOIN ledger_tx AS t ON t.id = e.tx_id
WHERE """
BY_MEMBER = "e.account = ?"
BY_SERVER = "e.account LIKE ?"
BY_KIND = "t.kind = ?"
SINCE = "t.created_at >= ?"
UNTIL = "t.created_at < ?"
NEWEST = "\nORDER BY e.id DESC LIMIT ?"

MOST = 5000
"""The most movements one read returns (a CSV of a busy server's year is cut there)."""


@dataclass(frozen=True)
class WalletMove:
    """One movement of a member's wallet: when, why, how much (negative: out of it)."""

    id: int
    at: float
    kind: str
    user_id: int
    amount: int
    hand_id: int | None
    by_user_id: int | None


class Ledger:
    """``store.ledger``: a server's wallet movements."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def wallet_moves(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        kind: str | None = None,
        since: float | None = None,
        until: float | None = None,
        limit: int = 200,
    ) -> list[WalletMove]:
        """The server's wallet movements, newest first: only ``user_id``'s, of ``kind``, from
        ``since`` and before ``until`` (seconds since the epoch) when given; at most ``limit``
        (up to ``MOST``)."""
        check_id(guild_id, "server")
        conditions: list[str] = []
        params: list[object] = []
        if user_id is None:
            conditions.append(BY_SERVER)
            params.append(f"wallet:{guild_id}:%")
        else:
            conditions.append(BY_MEMBER)
            params.append(wallet_account(guild_id, check_id(user_id, "member")))
        if kind is not None:
            if kind not in LEDGER_KINDS:
                raise InvalidSetting(f"There is no ledger kind {kind!r}.")
            conditions.append(BY_KIND)
            params.append(kind)
        if since is not None:
            conditions.append(SINCE)
            params.append(float(since))
        if until is not None:
            conditions.append(UNTIL)
            params.append(float(until))
        params.append(max(1, min(int(limit), MOST)))
        sql = MOVES + " AND ".join(conditions) + NEWEST
        found = await self._runner.select_all(sql, tuple(params))
        moves = []
        for id_, at, kind_, account, amount, hand_id, by_user_id in found:
            moves.append(
                WalletMove(
                    id=int(id_),
                    at=float(at),
                    kind=str(kind_),
                    user_id=int(str(account).rsplit(":", 1)[1]),
                    amount=int(amount),
                    hand_id=None if hand_id is None else int(hand_id),
                    by_user_id=None if by_user_id is None else int(by_user_id),
                )
            )
        return moves
