"""The server's gates, pure: an account's age from its id, the gate that holds a member back
and when it opens."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from bot.features.fairplay.gates import (
    DAY,
    DISCORD_EPOCH_MS,
    account_created,
    gate_refusal,
    joined,
)
from bot.store import Settings

NOW = 1_790_000_000.0


def snowflake_at(when: float) -> int:
    return (int(when * 1000) - DISCORD_EPOCH_MS) << 22 | 0x123


def test_an_accounts_creation_is_its_ids_timestamp() -> None:
    assert account_created(snowflake_at(NOW)) == NOW
    assert account_created(175928847299117063) == 1462015105.796  # Discord's documented example


def test_no_gate_holds_anyone_back_by_default() -> None:
    assert gate_refusal(Settings(), snowflake_at(NOW), NOW, NOW) is None


def test_the_later_of_the_two_gates_is_named_with_when_it_opens() -> None:
    settings = dataclasses.replace(Settings(), gate_account_days=7, gate_member_days=3)
    made = snowflake_at(NOW - 1 * DAY)
    assert gate_refusal(settings, made, NOW - 10 * DAY, NOW) == (
        "fairplay_gate_account",
        7,
        NOW + 6 * DAY,
    )
    old = snowflake_at(NOW - 100 * DAY)
    assert gate_refusal(settings, old, NOW - DAY, NOW) == (
        "fairplay_gate_member",
        3,
        NOW + 2 * DAY,
    )
    assert gate_refusal(settings, old, NOW - 3 * DAY, NOW) is None  # exactly 3 days: open
    # Discord not saying when they joined counts as joining now.
    assert gate_refusal(settings, old, None, NOW) == ("fairplay_gate_member", 3, NOW + 3 * DAY)


def test_joined_reads_discords_joined_at() -> None:
    class Member:
        joined_at = datetime.fromtimestamp(NOW, UTC)

    assert joined(Member()) == NOW
    assert joined(object()) is None
