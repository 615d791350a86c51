"""The test-side record of one interaction: what the bot answered, and when.

A test gets an :class:`Interaction` back from ``double.invoke``/``double.click`` and awaits the
bot's callback with ``await interaction.response()``; follow-ups and the current state of the
original response are read from here too, so assertions talk about what a user would see.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.discord_double.models import MESSAGE_FLAG_EPHEMERAL, Channel, Member, User

if TYPE_CHECKING:
    from tests.discord_double.server import DiscordDouble

log = logging.getLogger(__name__)

INTERACTION_APPLICATION_COMMAND = 2
INTERACTION_MESSAGE_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

CALLBACK_PONG = 1
CALLBACK_CHANNEL_MESSAGE = 4
CALLBACK_DEFERRED_CHANNEL_MESSAGE = 5
CALLBACK_DEFERRED_UPDATE_MESSAGE = 6
CALLBACK_UPDATE_MESSAGE = 7
CALLBACK_AUTOCOMPLETE = 8
CALLBACK_MODAL = 9


@dataclass
class CallbackRecord:
    """One accepted interaction callback (the bot's acknowledgement)."""

    type: int
    data: dict[str, Any]
    #: Seconds between dispatching the interaction and the callback arriving.
    latency: float
    #: The message the callback created (4/5) or updated (6/7), if any.
    message_id: int | None = None
    files: list[str] = field(default_factory=list)

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.data.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MESSAGE_FLAG_EPHEMERAL)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The suggestions of an autocomplete answer (type 8)."""
        return list(self.data.get("choices") or [])


@dataclass
class RejectedCallback:
    """A callback the double refused, with Discord's status and JSON error code."""

    status: int
    code: int
    message: str
    payload: dict[str, Any]


class Interaction:
    """One interaction the double dispatched, and everything the bot did with its token."""

    def __init__(
        self,
        double: DiscordDouble,
        *,
        id: int,
        token: str,
        type: int,
        user: User,
        member: Member | None,
        channel: Channel,
        data: dict[str, Any],
        message_id: int | None = None,
        expired: bool = False,
    ) -> None:
        self._double = double
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.member = member
        self.channel = channel
        self.data = data
        #: The message a component was clicked on (component interactions).
        self.message_id = message_id
        #: Faults: a callback for an expired interaction fails with 404 / 10062.
        self.expired = expired
        self.token_expired = False
        self.created = time.monotonic()
        self.callbacks: list[CallbackRecord] = []
        self.rejected: list[RejectedCallback] = []
        self.original_message_id: int | None = None
        self.followup_ids: list[int] = []
        self.modal: dict[str, Any] | None = None

    def __repr__(self) -> str:
        return f"<Interaction id={self.id} type={self.type} user={self.user.username}>"

    @property
    def is_component(self) -> bool:
        return self.type == INTERACTION_MESSAGE_COMPONENT

    async def response(self, timeout: float = 5.0) -> CallbackRecord:
        """Wait for the bot's (first accepted) callback; fail the test if none comes in time."""

        def first() -> CallbackRecord | None:
            return self.callbacks[0] if self.callbacks else None

        try:
            return await self._double.wait_until(first, timeout)
        except TimeoutError:
            raise AssertionError(
                f"the bot did not acknowledge {self!r} within {timeout}s "
                f"(rejected callbacks: {self.rejected})"
            ) from None

    async def rejection(self, timeout: float = 5.0) -> RejectedCallback:
        """Wait for a callback the double refused (late, twice, ...)."""
        return await self._double.wait_until(
            lambda: self.rejected[0] if self.rejected else None, timeout
        )

    @property
    def original(self) -> dict[str, Any] | None:
        """The current state of the original response message (after edits), if any."""
        if self.original_message_id is None:
            return None
        return self._double.current(self.original_message_id)

    @property
    def followups(self) -> list[dict[str, Any]]:
        """The current state of every follow-up message, in the order they were sent."""
        found = [self._double.current(mid) for mid in self.followup_ids]
        return [m for m in found if m is not None]

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Wait until the bot has sent at least ``count`` follow-ups for this interaction."""
        await self._double.wait_until(lambda: len(self.followup_ids) >= count, timeout)
        return self.followups

    async def wait_original(self, predicate: Any = None, timeout: float = 5.0) -> dict[str, Any]:
        """Wait until the original response exists (and matches ``predicate`` if given)."""

        def check() -> dict[str, Any] | None:
            original = self.original
            if original is None or original["flags"] & 128:  # still "thinking"
                return None
            if predicate is not None and not predicate(original):
                return None
            return original

        return await self._double.wait_until(check, timeout)

    def visible_text(self) -> str:
        """Everything the user saw in reply: callback content plus follow-ups."""
        from tests.discord_double.models import message_text

        parts = [message_text(cb.data) for cb in self.callbacks]
        original = self.original
        if original is not None:
            parts.append(message_text(original))
        parts.extend(message_text(m) for m in self.followups)
        return "\n".join(parts)

    def expire_token(self) -> None:
        """Faults: make this interaction's webhook token invalid (as after 15 minutes)."""
        self.token_expired = True
