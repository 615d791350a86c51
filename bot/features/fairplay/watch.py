"""The flag watch: the members the detector flags are kept as hands end, not only when an admin
runs a report, so the leaderboard's marks for admins and its "leave out flagged members" hold
on a server where nobody runs one.

Every ``EVERY`` seconds the watch asks the store which servers settled a cash hand since its
last pass (one indexed read) and, for each of them this process serves, runs the report of the
last ``PERIOD`` (``report.fair_play_report``: the new hands read from their journals once and
their facts cached, every hand of the period scored in the analysis process, off the loop),
which records its flagged members (``store.fairplay.set_flagged``). A server where no hand
ended costs nothing; one where hands end is scored at most once a pass. The first pass looks
at the hands since the watch started: flags recorded before a restart stay until the server
plays again.

Detection changes no chip and tells no member: a flag only marks the leaderboard for admins
and may leave the member out of it (``models.Settings.leaderboard_hide``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping

from bot.features.fairplay.report import fair_play_report
from bot.periodic import Periodic
from bot.store import Store

log = logging.getLogger(__name__)

EVERY = 600.0
"""Seconds between two passes (a server's flags are at most this late after its hands)."""
PERIOD = "month"
"""The period a pass scores (the admin's report's default)."""

Members = Callable[[int], Mapping[int, float] | None]
"""For a server's id: when each of its members joined it (those Discord's cache knows), or
None when this process does not serve the server (another shard's)."""


class FlagWatch(Periodic):
    """Keeps the flagged members of every server that plays, a pass every ``every`` seconds."""

    label = "fair play: the flag watch's pass"

    def __init__(
        self, store: Store, members: Members, every: float = EVERY, since: float | None = None
    ) -> None:
        super().__init__(every)
        self._store = store
        self._members = members
        self._since = time.time() if since is None else since
        """The hands that ended from here on are the next pass's news (default: from now)."""

    async def run_pass(self) -> list[int]:
        """Score the servers this process serves where a cash hand ended since the last pass;
        the servers scored."""
        began = time.time()
        scored = []
        for guild_id in await self._store.hands.guilds_with_hands(self._since):
            joined = self._members(guild_id)
            if joined is None:
                continue
            report = await fair_play_report(self._store, guild_id, PERIOD, joined)
            scored.append(guild_id)
            log.debug("fair play: guild %s watched, %d pairs flagged", guild_id, len(report.flags))
        self._since = began
        return scored
