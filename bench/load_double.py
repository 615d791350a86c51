"""The Discord double, trimmed for load: message events pushed to listeners, acks awaitable.

The test double records every message event with deep copies and lets tests poll for changes;
that is right for assertions and wrong for 1,200 simulated players, whose own CPU would then
inflate the very latency the benchmark measures (the double stamps the acknowledgement when its
event loop gets round to the callback). This subclass keeps the double's HTTP and gateway
behaviour untouched and changes only the bookkeeping around it:

* a message create/edit/delete calls ``message_listener(kind, stored)`` at once (O(1) per event,
  no polling, no scanning every stored message), and the deep-copied event log is skipped unless
  ``keep_events`` is set;
* every interaction callback (accepted or refused) resolves a future, so a player who must see
  the result of one click before the next (marking cards, then "Draw N") waits without polling.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.discord_double import DiscordDouble, Interaction, StoredMessage

log = logging.getLogger(__name__)

MessageListener = Callable[[str, StoredMessage], None]


class LoadDouble(DiscordDouble):
    """A :class:`DiscordDouble` whose records are pushed to the benchmark instead of kept."""

    def __init__(self, *, keep_events: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.keep_events = keep_events
        self.message_listener: MessageListener | None = None
        self._ack_waiters: dict[int, asyncio.Future[bool]] = {}

    # The double calls _record for every message create/edit/delete it serves.
    def _record(self, kind: str, stored: StoredMessage, request: dict[str, Any], route: str) -> Any:
        event = None
        if self.keep_events:
            event = super()._record(kind, stored, request, route)
        else:
            self._changed()
        listener = self.message_listener
        if listener is not None:
            try:
                listener(kind, stored)
            except Exception:
                log.exception("load double: message listener failed")
        return event

    async def _callback(self, request: web.Request) -> web.Response:
        try:
            return await super()._callback(request)
        finally:
            with contextlib.suppress(ValueError, KeyError):
                interaction_id = int(request.match_info["interaction_id"])
                waiter = self._ack_waiters.pop(interaction_id, None)
                interaction = self._interactions_by_id.get(interaction_id)
                if waiter is not None and not waiter.done() and interaction is not None:
                    waiter.set_result(bool(interaction.callbacks))

    async def acknowledged(self, interaction: Interaction, timeout: float) -> bool:
        """True once the bot's callback for ``interaction`` was accepted (False if refused/late).

        Checks the record first: the callback may already have arrived while ``click`` was
        still sending the gateway frame.
        """
        if interaction.callbacks:
            return True
        if interaction.rejected:
            return False
        waiter: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._ack_waiters[interaction.id] = waiter
        try:
            return await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            return False
        finally:
            self._ack_waiters.pop(interaction.id, None)
