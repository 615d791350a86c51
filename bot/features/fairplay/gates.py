"""The server's gates: who may claim daily chips, sit at a table or register for a sit-and-go.

An alternate account made to farm daily grants and pass them on at a table is new twice: a new
Discord account (its id's timestamp: ``account_created``) and a new member of the server
(``joined_at``). A server's admins may ask for a minimum of each (``Settings.gate_account_days``
and ``gate_member_days``, 0 = none, the default), exempt members from both, and freeze a
member's wallet. ``check`` is the one check of ``/chips daily``, ``table.joining.join_table``
(``/poker join`` and the lobby's Join) and sit-and-go registration; its refusal says when the
member may try again (a Discord timestamp, in the reader's own time zone).
"""

from __future__ import annotations

import logging
import math
import time
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.messages import t
from bot.replies import Refused

if TYPE_CHECKING:
    from bot.store import Settings, Store

log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1_420_070_400_000
"""Discord's epoch (2015-01-01) in milliseconds: a snowflake's top bits count from it."""
DAY = 86_400


def account_created(user_id: int) -> float:
    """When the Discord account ``user_id`` was made (its snowflake's timestamp), in seconds."""
    return ((user_id >> 22) + DISCORD_EPOCH_MS) / 1000


def joined(member: Any) -> float | None:
    """When the member joined the server (None when Discord does not say)."""
    when = getattr(member, "joined_at", None)
    return when.timestamp() if isinstance(when, datetime) else None


def gate_refusal(
    settings: Settings, user_id: int, joined_at: float | None, now: float
) -> tuple[str, int, float] | None:
    """The gate that holds the member back (its catalogue key, its days, when it opens), or
    None when they pass. The later of the two gates is the one named. A member whose joining
    time Discord does not give counts as joining now."""
    gates: list[tuple[str, int, float]] = []
    if settings.gate_account_days > 0:
        days = settings.gate_account_days
        gates.append(("fairplay_gate_account", days, account_created(user_id) + days * DAY))
    if settings.gate_member_days > 0:
        days = settings.gate_member_days
        since = now if joined_at is None else joined_at
        gates.append(("fairplay_gate_member", days, since + days * DAY))
    closed = [gate for gate in gates if gate[2] > now]
    return max(closed, key=lambda gate: gate[2]) if closed else None


async def check(store: Store, guild_id: int, member: Any, now: float | None = None) -> None:
    """Raise ``Refused`` when ``member`` may not take chips from the server now: their wallet
    is frozen, or (unless an admin exempted them) a gate is still closed to them."""
    standing = await store.fairplay.standing(guild_id, member.id)
    if standing.frozen:
        raise Refused(t("error_wallet_frozen"))
    if standing.exempt:
        return
    settings = await store.settings.server(guild_id)
    when = time.time() if now is None else now
    refusal = gate_refusal(settings, member.id, joined(member), when)
    if refusal is not None:
        key, days, opens = refusal
        log.info("member %s of guild %s held back by %s", member.id, guild_id, key)
        raise Refused(t(key, days=days, when=f"<t:{math.ceil(opens)}:R>"))
