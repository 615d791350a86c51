"""The chip store (aiosqlite): wallets, ledger, settings, tables, seats, hand journal, audit.

``Store`` is the whole public surface (its parts: ``store.settings``, ``store.wallets``,
``store.tables``, ``store.hands``, ``store.house``, ``store.audit``); errors are ``StoreError``
subclasses whose text can be shown to players as is. See ``bot/store/store.py`` for how it is
divided and ``bot/store/runner.py`` for why its transactions run the way they do.
"""

from __future__ import annotations

import logging

from bot.store.chips import (
    MAX_ALERT_DELAY_SECONDS,
    MAX_CAP,
    MAX_CHIPS,
    MAX_ECONOMY,
    MAX_HAND_PAUSE_SECONDS,
    MAX_IDLE_CLOSE_SECONDS,
    MAX_SMALL_BET,
    MAX_TABLES_PER_MEMBER,
    MAX_TIMER_SECONDS,
    MIN_ALERT_DELAY_SECONDS,
    MIN_HAND_PAUSE_SECONDS,
    MIN_IDLE_CLOSE_SECONDS,
    MIN_TIMER_SECONDS,
    check_chips,
)
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
    TableLimit,
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
    HandReplaySource,
    LeaderRow,
    SeatRow,
    Settings,
    SettingsReport,
    Stats,
    TableRow,
    UnfinishedHand,
)
from bot.store.store import Store

log = logging.getLogger(__name__)

__all__ = [
    "ALERT_MODES",
    "CARD_STYLES",
    "MAX_ALERT_DELAY_SECONDS",
    "MAX_CAP",
    "MAX_CHIPS",
    "MAX_ECONOMY",
    "MAX_HAND_PAUSE_SECONDS",
    "MAX_IDLE_CLOSE_SECONDS",
    "MAX_SMALL_BET",
    "MAX_TABLES_PER_MEMBER",
    "MAX_TIMER_SECONDS",
    "MIN_ALERT_DELAY_SECONDS",
    "MIN_HAND_PAUSE_SECONDS",
    "MIN_IDLE_CLOSE_SECONDS",
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
    "HandReplaySource",
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
    "TableLimit",
    "TableNotFound",
    "TableRow",
    "UnfinishedHand",
    "check_chips",
    "format_duration",
]
