"""The table's two clocks: the decision timer of the player to act, and the next deal (after
the pause between hands, a retry after a failed deal, or a housekeeping wake-up while idle).
What happens when they fire is the session's business: they only call it back."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

Spawn = Callable[[Coroutine[Any, Any, Any], str], "asyncio.Task[Any]"]


class TableTimers:
    """One decision timer and one pending deal at a time."""

    def __init__(
        self,
        spawn: Spawn,
        clock: Callable[[], float],
        *,
        on_timeout: Callable[[int], Awaitable[None]],
        on_step: Callable[[int], Awaitable[None]],
        on_deal: Callable[[], Awaitable[None]],
    ) -> None:
        self._spawn = spawn
        self._clock = clock
        self._on_timeout = on_timeout
        self._on_step = on_step
        self._on_deal = on_deal
        self.deadline: float | None = None
        """When the player to act times out (shown as a countdown), None when nobody acts."""
        self.next_hand_at: float | None = None
        """When the next hand is dealt (shown on the idle table), None when not planned."""
        self._turn: asyncio.Task[None] | None = None
        self._step: asyncio.Task[None] | None = None
        """The turn's planned step (a member's turn alert, a house player's move)."""
        self._deal: asyncio.Task[None] | None = None
        self._deal_due = 0.0

    def _cancel(self, task: asyncio.Task[None] | None) -> None:
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    # ------------------------------------------------------------------ the turn

    def start_turn(self, action_number: int, seconds: float, step_after: float | None) -> None:
        """(Re)start the decision timer: ``on_timeout(action_number)`` after ``seconds``, and
        ``on_step(action_number)`` after ``step_after`` (None: no step in this turn)."""
        self.stop_turn()
        self.deadline = self._clock() + seconds
        self._turn = self._spawn(self._fire(self._on_timeout, action_number, seconds), "timer")
        if step_after is not None and step_after < seconds:
            step = self._fire(self._on_step, action_number, step_after)
            self._step = self._spawn(step, "step")

    def stop_turn(self) -> None:
        self._cancel(self._turn)
        self._cancel(self._step)
        self._turn = self._step = None
        self.deadline = None

    async def _fire(
        self, callback: Callable[[int], Awaitable[None]], action_number: int, seconds: float
    ) -> None:
        await asyncio.sleep(seconds)
        await callback(action_number)

    # ------------------------------------------------------------------ the next deal

    def deal_after(self, delay: float) -> None:
        """Deal after ``delay``, unless a deal is already due by then; a later wake-up pending
        (housekeeping) is replaced by this sooner deal."""
        due = self._clock() + delay
        pending = self._deal
        if pending is not None and not pending.done():
            if self._deal_due <= due + 0.5:
                return
            self._cancel(pending)
        self._plan_deal(delay, "next-hand")

    def retry_deal(self, delay: float) -> None:
        """A deal failed: try again after ``delay``."""
        self._plan_deal(delay, "next-hand")

    def wake_after(self, delay: float) -> None:
        """While idle, come back after ``delay`` (a sat-out seat expires) unless a deal is
        pending; the table shows no deal time for it."""
        if self._deal is None or self._deal.done():
            self._deal_due = self._clock() + delay
            self._deal = self._spawn(self._fire_deal(delay), "housekeeping")

    def _plan_deal(self, delay: float, name: str) -> None:
        self.next_hand_at = self._deal_due = self._clock() + delay
        self._deal = self._spawn(self._fire_deal(delay), name)

    def dealing(self) -> None:
        """The pending deal is being made (called by ``on_deal``)."""
        self._deal = None
        self.next_hand_at = None

    def cancel_deal(self) -> None:
        """No deal is planned any more (a pause, too few players, a closed table): nor shown."""
        self._cancel(self._deal)
        self._deal = None
        self.next_hand_at = None

    async def _fire_deal(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._on_deal()

    def forget(self) -> None:
        """The tasks were cancelled (shutdown): drop them."""
        self._turn = self._step = None
        self._deal = None
