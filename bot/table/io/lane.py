"""The lane of the edits that only keep a DM panel's view of the table current: at most
``LIVE_LANE`` at once over every table of the process, the others waiting in the order they
came. One waiting whose player's turn came is let through at once (their buttons must not wait
behind other panels' views)."""

from __future__ import annotations

import asyncio
import weakref
from collections import deque

LIVE_LANE = 4
"""Edits under way at once, over every table of the process, that only keep the view of the
table current in a panel (not its player's own turn coming or going: that edit goes at once).
While the lane is free (a table or a few dozen), every panel shows every change at once; when
the bot is busy, they wait behind the clicks being answered, and a panel's changes meanwhile
become one edit, where each would be an edit of its own taking time from those answers."""

Ticket = asyncio.Future[bool]
"""A place asked for in the lane: done with True once it holds one of the places, with False
when let through without one (``Lane.let_through``)."""


class Lane:
    """At most ``size`` holders at once; the others wait in the order they came."""

    def __init__(self, size: int) -> None:
        self.free = size
        self.queue: deque[Ticket] = deque()

    def ticket(self) -> Ticket:
        """Ask for a place (held at once when one is free and nobody waits)."""
        ticket: Ticket = asyncio.get_running_loop().create_future()
        if self.free > 0 and not self.queue:
            self.free -= 1
            ticket.set_result(True)
        else:
            self.queue.append(ticket)
        return ticket

    def leave(self) -> None:
        """A holder is done: the first still waiting holds its place."""
        while self.queue:
            ticket = self.queue.popleft()
            if not ticket.done():  # not let through, nor given up
                ticket.set_result(True)
                return
        self.free += 1

    @staticmethod
    def let_through(ticket: Ticket) -> None:
        """The waiter of ``ticket`` goes at once, holding no place."""
        if not ticket.done():
            ticket.set_result(False)

    async def wait(self, ticket: Ticket) -> bool:
        """Wait for ``ticket``: whether it holds a place (to ``leave`` once done). A waiter
        cancelled just as its place came gives the place on."""
        try:
            return await asyncio.shield(ticket)
        except asyncio.CancelledError:
            if not ticket.done():
                ticket.cancel()
            elif not ticket.cancelled() and ticket.result():
                self.leave()
            raise


_lanes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Lane] = weakref.WeakKeyDictionary()


def live_lane() -> Lane:
    """The process's lane (one per event loop: the bot runs one), of ``LIVE_LANE`` places."""
    loop = asyncio.get_running_loop()
    lane = _lanes.get(loop)
    if lane is None:
        lane = _lanes[loop] = Lane(LIVE_LANE)
    return lane
