"""The chip store (aiosqlite): wallets, ledger, settings, tables, seats, hand journal, audit.

``Store`` is the whole public surface; errors are ``StoreError`` subclasses whose text can be
shown to players as is. See ``bot/store/store.py`` for why it is built the way it is.
"""

from __future__ import annotations

import logging

from bot.store.errors import (
    AlreadySeated,
    ChipsNotConserved,
    DailyCooldown,
    DailyDisabled,
    HandAlreadyFinished,
    HandInProgress,
    HandNotFound,
    InsufficientFunds,
    InvalidAmount,
    InvalidSetting,
    NotSeated,
    SeatTaken,
    StoreError,
    StoreUnavailable,
    TableClosed,
    TableFull,
    TableNotFound,
    format_duration,
)
from bot.store.models import (
    ALERT_MODES,
    CARD_STYLES,
    AlertMode,
    AuditReport,
    HandPlayer,
    HandRecord,
    LeaderRow,
    SeatRow,
    Settings,
    SettingsReport,
    Stats,
    TableRow,
    UnfinishedHand,
)
from bot.store.store import (
    MAX_ALERT_DELAY_SECONDS,
    MAX_CAP,
    MAX_CHIPS,
    MAX_ECONOMY,
    MAX_HAND_PAUSE_SECONDS,
    MAX_SMALL_BET,
    MAX_TIMER_SECONDS,
    MIN_ALERT_DELAY_SECONDS,
    MIN_HAND_PAUSE_SECONDS,
    MIN_TIMER_SECONDS,
    Store,
    check_chips,
)

log = logging.getLogger(__name__)

__all__ = [
    "ALERT_MODES",
    "CARD_STYLES",
    "MAX_ALERT_DELAY_SECONDS",
    "MAX_CAP",
    "MAX_CHIPS",
    "MAX_ECONOMY",
    "MAX_HAND_PAUSE_SECONDS",
    "MAX_SMALL_BET",
    "MAX_TIMER_SECONDS",
    "MIN_ALERT_DELAY_SECONDS",
    "MIN_HAND_PAUSE_SECONDS",
    "MIN_TIMER_SECONDS",
    "AlertMode",
    "AlreadySeated",
    "AuditReport",
    "ChipsNotConserved",
    "DailyCooldown",
    "DailyDisabled",
    "HandAlreadyFinished",
    "HandInProgress",
    "HandNotFound",
    "HandPlayer",
    "HandRecord",
    "InsufficientFunds",
    "InvalidAmount",
    "InvalidSetting",
    "LeaderRow",
    "NotSeated",
    "SeatRow",
    "SeatTaken",
    "Settings",
    "SettingsReport",
    "Stats",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TableClosed",
    "TableFull",
    "TableNotFound",
    "TableRow",
    "UnfinishedHand",
    "check_chips",
    "format_duration",
]
