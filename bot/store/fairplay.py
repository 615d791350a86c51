"""Fair play: what a server's admins decided about a member, who may be exempted from the server's
gates (account and membership age, ``models.Settings.gate_*``) and whose wallet may be frozen
(no daily chips, no buy-in, no sit-and-go registration: ``chips.refuse_frozen``, checked in the
transactions that would move the chips).

Owns ``member_standing``, and in it the members the newest fair-play report flagged
(``flagged_at``: marked on the leaderboard for admins, left out of it where the server says). A
freeze and an unfreeze move no chip; each is logged in the ledger beside the admin grants, as a
transaction of kind ``freeze`` or ``unfreeze`` with no entries (``chips.post``: zero lines sum
to zero), carrying the admin (``by_user_id``) and the frozen wallet's account (``note``), so
the audit stays clean and the ledger tells who froze whom when."""

from __future__ import annotations

import logging
import time
from collections.abc import Collection
from typing import Any

from bot.house.accounts import is_house
from bot.store import chips
from bot.store.backend import Tx
from bot.store.chips import check_id, wallet_account
from bot.store.errors import FreezeRefused
from bot.store.models import Standing
from bot.store.runner import Runner

log = logging.getLogger(__name__)

STANDING = """
SELECT user_id, exempt, frozen_at, frozen_by FROM member_standing
WHERE guild_id = ? AND user_id = ?
"""

STANDINGS = """
SELECT user_id, exempt, frozen_at, frozen_by FROM member_standing
WHERE guild_id = ? AND (exempt = 1 OR frozen_at IS NOT NULL)
ORDER BY user_id
"""

SET_EXEMPT = """
INSERT INTO member_standing (guild_id, user_id, exempt, exempt_by, updated_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    exempt = excluded.exempt,
    exempt_by = excluded.exempt_by,
    updated_at = excluded.updated_at
"""

SET_FROZEN = """
INSERT INTO member_standing (guild_id, user_id, frozen_at, frozen_by, updated_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    frozen_at = excluded.frozen_at,
    frozen_by = excluded.frozen_by,
    updated_at = excluded.updated_at
"""

FLAGGED = """
SELECT user_id FROM member_standing WHERE guild_id = ? AND flagged_at IS NOT NULL
"""

CLEAR_FLAGGED = """
UPDATE member_standing SET flagged_at = NULL WHERE guild_id = ? AND flagged_at IS NOT NULL
"""

SET_FLAGGED = """
INSERT INTO member_standing (guild_id, user_id, flagged_at, updated_at)
VALUES (?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) DO UPDATE SET
    flagged_at = excluded.flagged_at,
    updated_at = excluded.updated_at
"""


def _standing(row: Any, user_id: int) -> Standing:
    if row is None:
        return Standing(user_id)
    uid, exempt, frozen_at, frozen_by = row
    return Standing(
        int(uid),
        exempt=exempt == 1,
        frozen_at=None if frozen_at is None else float(frozen_at),
        frozen_by=None if frozen_by is None else int(frozen_by),
    )


class FairPlay:
    """``store.fairplay``: members exempted from the gates, wallets frozen and unfrozen."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner

    async def standing(self, guild_id: int, user_id: int) -> Standing:
        """What the server's admins decided about this member (nothing: ``Standing(id)``)."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        row = await self._runner.select_one(STANDING, (guild_id, user_id))
        return _standing(row, user_id)

    async def standings(self, guild_id: int) -> list[Standing]:
        """Every member of the server exempted or frozen, by id."""
        check_id(guild_id, "server")
        found = await self._runner.read(lambda db: db.all(STANDINGS, (guild_id,)))
        return [_standing(row, int(row[0])) for row in found]

    async def frozen(self, guild_id: int) -> frozenset[int]:
        """The members of the server whose wallet is frozen."""
        return frozenset(s.user_id for s in await self.standings(guild_id) if s.frozen)

    async def flagged(self, guild_id: int) -> frozenset[int]:
        """The members the server's newest fair-play report flagged (either side of a pair)."""
        check_id(guild_id, "server")
        found = await self._runner.read(lambda db: db.all(FLAGGED, (guild_id,)))
        return frozenset(int(row[0]) for row in found)

    async def set_flagged(self, guild_id: int, members: Collection[int]) -> None:
        """Record the members a fair-play report just flagged, in place of the previous
        report's (a flag is the detector's, no admin's decision: no chip, no ledger line)."""
        check_id(guild_id, "server")
        for user_id in members:
            check_id(user_id, "member")

        async def body(db: Tx) -> None:
            now = time.time()
            await db.run(CLEAR_FLAGGED, (guild_id,))
            for user_id in sorted(members):
                await db.run(SET_FLAGGED, (guild_id, user_id, now, now))

        await self._runner.write(body)
        log.info("fair play: %d members of guild %s flagged", len(members), guild_id)

    async def set_exempt(self, guild_id: int, user_id: int, exempt: bool, by_user_id: int) -> bool:
        """Exempt a member from the server's gates (or no longer); whether it changed."""
        check_id(guild_id, "server")
        check_id(user_id, "member")
        check_id(by_user_id, "member")
        if is_house(user_id):
            raise FreezeRefused("The house is no member.", key="fairplay_house")

        async def body(db: Tx) -> bool:
            before = _standing(await db.one(STANDING, (guild_id, user_id)), user_id)
            if before.exempt == exempt:
                return False
            await db.run(SET_EXEMPT, (guild_id, user_id, int(exempt), by_user_id, time.time()))
            return True

        changed = await self._runner.write(body)
        if changed:
            log.info(
                "member %s of guild %s %s by %s",
                user_id,
                guild_id,
                "exempted from the gates" if exempt else "no longer exempted",
                by_user_id,
            )
        return changed

    async def freeze(self, guild_id: int, user_id: int, by_user_id: int) -> Standing:
        """Freeze a member's wallet (logged in the ledger, no chip moved). Refused for the
        house, for the admin themselves and for a wallet already frozen (``FreezeRefused``)."""
        return await self._set_frozen(guild_id, user_id, by_user_id, frozen=True)

    async def unfreeze(self, guild_id: int, user_id: int, by_user_id: int) -> Standing:
        """Unfreeze a member's wallet (logged in the ledger); refused when it is not frozen."""
        return await self._set_frozen(guild_id, user_id, by_user_id, frozen=False)

    async def _set_frozen(
        self, guild_id: int, user_id: int, by_user_id: int, *, frozen: bool
    ) -> Standing:
        check_id(guild_id, "server")
        check_id(user_id, "member")
        check_id(by_user_id, "member")
        if is_house(user_id):
            raise FreezeRefused("The house's wallet cannot be frozen.", key="fairplay_house")
        if frozen and user_id == by_user_id:
            raise FreezeRefused("You cannot freeze your own wallet.", key="fairplay_self")

        async def body(db: Tx) -> Standing:
            now = time.time()
            before = _standing(await db.one(STANDING, (guild_id, user_id)), user_id)
            if before.frozen == frozen:
                key = "fairplay_already_frozen" if frozen else "fairplay_not_frozen"
                raise FreezeRefused(
                    "That wallet is already frozen." if frozen else "That wallet is not frozen.",
                    key=key,
                )
            at, by = (now, by_user_id) if frozen else (None, None)
            await db.run(SET_FROZEN, (guild_id, user_id, at, by, now))
            await chips.post(
                db,
                "freeze" if frozen else "unfreeze",
                [],
                now=now,
                guild_id=guild_id,
                by_user_id=by_user_id,
                note=wallet_account(guild_id, user_id),
            )
            return _standing(await db.one(STANDING, (guild_id, user_id)), user_id)

        standing = await self._runner.write(body)
        log.info(
            "wallet of member %s in guild %s %s by %s",
            user_id,
            guild_id,
            "frozen" if frozen else "unfrozen",
            by_user_id,
        )
        return standing
