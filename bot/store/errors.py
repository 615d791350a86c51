"""Domain errors of the chip store.

Every error carries a sentence written for players (the Discord layer sends ``str(error)`` as a
private reply), and raising one always means nothing was changed: the transaction that raised it
was rolled back.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


class StoreError(Exception):
    """A request the store refuses; ``str(self)`` is an English sentence for logs and
    tools, ``key`` and ``params`` the same sentence in the message catalogue (the Discord layer
    writes it in the reader's language)."""

    def __init__(self, message: str = "", *, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class InvalidAmount(StoreError):
    """A chip amount that is not a whole, positive number in the allowed range."""


class InvalidSetting(StoreError):
    """An admin setting outside its allowed range (stakes, cap, timers, buy-in range)."""

    setting: str | None = None
    """The setting refused, when one is to blame (``models.check_relations`` names it): a
    form shows the refusal beside it."""


class InsufficientFunds(StoreError):
    """The wallet (or seat) holds fewer chips than the request needs."""

    def __init__(self, message: str, *, balance: int = 0, needed: int = 0) -> None:
        super().__init__(message, key="error_wallet_short", balance=balance, needed=needed)
        self.balance = balance
        self.needed = needed


class DailyCooldown(StoreError):
    """The daily grant was already claimed; ``seconds_left`` until it can be claimed again."""

    def __init__(self, seconds_left: int) -> None:
        self.seconds_left = seconds_left
        super().__init__(
            f"You already claimed your daily chips. Come back in {format_duration(seconds_left)}."
        )


class DailyDisabled(StoreError):
    """The server's admins set the daily grant to zero."""


class WalletFrozen(StoreError):
    """An admin froze the member's wallet: no daily chips, no buy-in, no registration."""

    def __init__(self) -> None:
        super().__init__(
            "An admin of this server froze your wallet: no daily chips, buy-ins or "
            "registrations until they unfreeze it.",
            key="error_wallet_frozen",
        )


class FreezeRefused(StoreError):
    """A freeze an admin may not make (the house, themselves), or an unfreeze or freeze that
    changes nothing (not frozen, already frozen)."""


class NotSeated(StoreError):
    """The player has no seat at this table."""


class AlreadySeated(StoreError):
    """The player already holds a seat at this table."""


class SeatTaken(StoreError):
    """The requested seat belongs to someone else."""


class TableFull(StoreError):
    """Every seat at the table is taken."""


class TableNotFound(StoreError):
    """No table with that id."""


class TableClosed(StoreError):
    """The table is closing or closed and takes no new players."""


class TableLimit(StoreError):
    """The member already has as many open tables they opened in this server as it allows;
    ``channels`` are those tables' channel ids."""

    def __init__(self, channels: list[int], limit: int) -> None:
        listed = ", ".join(f"<#{channel_id}>" for channel_id in channels)
        super().__init__(
            f"You already opened {limit} tables that are still open here: {listed}.",
            key="table_limit",
            count=limit,
            channels=listed,
        )
        self.channels = channels
        self.limit = limit


class HandNotFound(StoreError):
    """No hand with that id."""


class HandInProgress(StoreError):
    """The action needs the table (or the player) to be between hands."""


class HandAlreadyFinished(StoreError):
    """The hand was already settled or voided; a second settlement changes nothing."""


class ChipsNotConserved(StoreError):
    """Final stacks do not add up to the start stacks: settling would create or destroy chips."""


class TableBusy(StoreError):
    """A tournament needs its channel's table, and a cash game is open there."""


class TournamentTable(StoreError):
    """A cash move (buy-in, top-up, cash-out, closing, a house seat) at a table where a
    tournament is played: tournament chips never become wallet chips."""


class TournamentNotFound(StoreError):
    """No tournament with that id."""


class TournamentExists(StoreError):
    """The channel already has a tournament registering or running."""


class TournamentStarted(StoreError):
    """The tournament is under way: registration (and leaving it) is over."""


class TournamentClosed(StoreError):
    """The tournament is finished or cancelled."""


class AlreadyRegistered(StoreError):
    """The member is already registered for this tournament."""


class NotRegistered(StoreError):
    """The member is not registered for this tournament."""


class TournamentFull(StoreError):
    """Every seat of the tournament is taken."""


class TooFewEntrants(StoreError):
    """A tournament needs at least two entrants to start."""


class StoreUnavailable(StoreError):
    """The database did not answer within the store's retry budget (a server restarting,
    failing over or unreachable); the next call tries again. Nothing was changed, unless
    ``outcome_unknown``: the connection was lost while the write's COMMIT was on its way and
    the database never answered again in time, so it was applied once or not at all (never
    twice: a ledger transfer carries its call's key)."""

    def __init__(self, message: str, *, outcome_unknown: bool = False) -> None:
        super().__init__(
            message, key="store_outcome_unknown" if outcome_unknown else "error_generic"
        )
        self.outcome_unknown = outcome_unknown


def format_duration(seconds: int) -> str:
    """Say a wait like "3 h 12 min" or "45 s", rounding up so players are never told too early."""
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes = -(-seconds // 60)
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return f"{hours} h {minutes} min"
    if hours:
        return f"{hours} h"
    return f"{minutes} min"
