"""The clicks this process is answering (``Router.dispatch`` counts each from its arrival to
the end of its handler), and the turn of work that must never hold an answer back: edits that
only keep another player's view current (``bot/table/io/panels.py``) wait until no click is
being answered, then go one per turn of the event loop, so that a click arriving meanwhile
waits for one of them at most, not for a burst (at 200 tables an action's five panel edits
took about 2.5 ms at once, and a click at another table arriving then waited that much).
Each waits ``AT_MOST`` seconds at most: a bot answering without a pause still shows every
view within a second."""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import deque
from collections.abc import Iterator

AT_MOST = 0.05
"""Seconds a view edit waits for the clicks at most."""


class Answering:
    """The clicks being answered, and the view edits waiting for none to be (one event loop's)."""

    def __init__(self) -> None:
        self.clicks = 0
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._releasing = False

    @contextlib.contextmanager
    def click(self) -> Iterator[None]:
        """A click is being answered while inside."""
        self.clicks += 1
        try:
            yield
        finally:
            self.clicks -= 1
            self._release_soon()

    async def after_clicks(self, at_most: float = AT_MOST) -> None:
        """Return once no click is being answered and the view edits that waited before this
        one went (one per turn of the loop), or after ``at_most`` seconds."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        self._release_soon()
        try:
            async with asyncio.timeout(at_most):
                await waiter
        except TimeoutError:
            pass
        finally:
            if not waiter.done():
                waiter.cancel()
            # Waiters give up in the order they came (the same bound each): those at the head
            # are dropped now, not left to pile up while the clicks never stop.
            while self._waiting and self._waiting[0].done():
                self._waiting.popleft()

    def _release_soon(self) -> None:
        if not self._releasing and self._waiting and not self.clicks:
            self._releasing = True
            asyncio.get_running_loop().call_soon(self._release_one)

    def _release_one(self) -> None:
        """Let the first edit still waiting go, if no click is being answered; the next goes
        at the next turn of the loop (a click read meanwhile comes first)."""
        self._releasing = False
        if self.clicks:
            return  # the click's end releases the next
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break
        self._release_soon()


_answering: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Answering] = (
    weakref.WeakKeyDictionary()
)


def answering() -> Answering:
    """The running event loop's clicks (the bot runs one loop)."""
    loop = asyncio.get_running_loop()
    found = _answering.get(loop)
    if found is None:
        found = _answering[loop] = Answering()
    return found
