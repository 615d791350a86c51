"""The pace of one process's Discord requests: Discord allows a bot 50 requests a second in
all (interaction answers and edits through an interaction's token excepted); beyond that it
answers 429, and a flood of 429s bans the bot's address for an hour.

Every request of the client's HTTP session (``DeuceBot`` wraps ``http.request``: messages,
edits, DMs, deletes, emojis, the command sync; interaction answers go through discord.py's
webhook adapter and are not counted) first takes a token of one process-wide bucket
(``RestPacer``): at most ``rate`` a second, spaced evenly, so no second carries more. Waiting
requests go out by priority, then in order: what a player needs now (``URGENT``: the table
message, the panel of the player whose turn it is) before the rest (``NORMAL``), and the bulk
(``BULK``: deal DMs of players not to act, results, notices, deletions) after them, and
what no game waits for (``IDLE``: the welcome DM at ``/poker join``) last. A request takes
its priority from the context it runs in (``rest_priority``).

The processes of a sharded bot on PostgreSQL share one budget (``bot/cluster_limits.py``): the
pacer's ``gate`` then says when a request may go (a token leased from the shared budget), and
the pacer still says which one goes.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

URGENT, NORMAL, BULK, IDLE = 0, 1, 2, 3
"""Request priorities, most pressing first (``IDLE``: what no game waits for, such as the
welcome DM at ``/poker join``)."""
HURRY_SECONDS = 30.0
"""How long the requests of a key hurried stay urgent: a DM panel needs its channel opened,
then its own turn, and each comes after the hurry."""

Key = tuple[str, int]
"""What a waiting request is for (``("dm", user_id)``, ``("outbox", table_id)``), so that it
can be hurried when a player comes to need it (``RestPacer.promote``)."""

_priority: ContextVar[int] = ContextVar("deuce_rest_priority", default=NORMAL)
_key: ContextVar[Key | None] = ContextVar("deuce_rest_key", default=None)
_reserved: ContextVar[bool] = ContextVar("deuce_rest_reserved", default=False)
"""The task's next request already had its turn (``RestPacer.wait_turn``)."""


def task_priority(level: int, key: Key | None = None) -> None:
    """The rest of the running task's requests wait their turn at ``level``, known by ``key``
    (a task runs in its own copy of the context: this changes no other task)."""
    _priority.set(level)
    _key.set(key)


@contextlib.contextmanager
def rest_priority(level: int, key: Key | None = None) -> Iterator[None]:
    """Requests made inside this block (in this task) wait their turn at ``level``, known by
    ``key``."""
    tokens = _priority.set(level), _key.set(key)
    try:
        yield
    finally:
        _priority.reset(tokens[0])
        _key.reset(tokens[1])


class Gate(Protocol):
    """What else a request waits for beside the pacer's own bucket: a token of a budget shared
    with other processes (``bot.cluster_limits.SharedBudget``)."""

    def take(self) -> bool:
        """Take a token now if one is at hand (no waiting, no I/O)."""
        ...

    def refill(self, wanted: int, ready: Callable[[], None]) -> None:
        """Get up to ``wanted`` tokens; ``ready()`` is called once ``take`` may say yes (never
        much later than that: a gate that cannot get tokens falls back and calls it)."""
        ...


class _Waiter:
    """A request waiting for its turn, in the queue as ``(level, seq, waiter)``: tuples, which
    the heap compares in C (a dataclass's generated comparisons were 1% of the bot's CPU at 200
    tables, most of it in ``promote``'s re-heapify)."""

    __slots__ = ("future", "key", "level", "seq")

    def __init__(self, level: int, seq: int, future: asyncio.Future[None], key: Key | None):
        self.level = level
        self.seq = seq
        self.future = future
        self.key = key


_Entry = tuple[int, int, _Waiter]
"""A waiter's place in the queue: its level when queued (an entry whose level is no longer
the waiter's is stale: ``promote`` queued it again, higher), its order, the waiter."""


class RestPacer:
    """A token bucket of ``rate`` tokens a second holding at most one: requests are spaced at
    least ``1 / rate`` apart, so a second never carries more than ``rate`` of them."""

    def __init__(self, rate: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0:
            raise ValueError("the request rate must be positive")
        self.rate = rate
        self._clock = clock
        self._next_free = 0.0
        """When the next token is there (the bucket's one token, in time)."""
        self._waiters: list[_Entry] = []
        self._keyed: dict[Key, list[_Waiter]] = {}
        """The waiters of each key (``promote`` finds them without scanning every waiter)."""
        self._hurried: dict[Key, float] = {}
        """Keys whose requests go first until the time given (``promote``)."""
        self._seq = 0
        self._timer: asyncio.TimerHandle | None = None
        self.waited = 0
        """Requests that had to wait for their turn (for the load benchmark)."""
        self.gate: Gate | None = None
        """A budget shared with other processes: a request goes once it gave a token too."""
        self._starts: deque[float] = deque()
        """When the requests of the last second started (``starting``)."""

    async def acquire(self, level: int | None = None) -> None:
        """Wait until this request may go (at once when the bucket is free and nobody
        waits)."""
        now = self._clock()
        if not self._waiters and now >= self._next_free and (self.gate is None or self.gate.take()):
            self._next_free = now + 1.0 / self.rate
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        level = _priority.get() if level is None else level
        key = _key.get()
        if key is not None and key in self._hurried:
            if self._hurried[key] > now:
                level = URGENT
            else:
                del self._hurried[key]
        waiter = _Waiter(level, self._seq, future, key)
        heapq.heappush(self._waiters, (level, waiter.seq, waiter))
        if key is not None:
            self._keyed.setdefault(key, []).append(waiter)
        self._seq += 1
        self.waited += 1
        self._arm()
        await future

    def _arm(self) -> None:
        if self._timer is None and self._waiters:
            delay = max(0.0, self._next_free - self._clock())
            self._timer = asyncio.get_running_loop().call_later(delay, self._release)

    def _release(self) -> None:
        """The token is back: the most pressing waiter still waiting takes it."""
        self._timer = None
        waiters = self._waiters
        while waiters:
            level, _, first = waiters[0]
            if level != first.level:  # promoted: its newer entry stands for it
                heapq.heappop(waiters)
            elif first.future.done():  # one that gave up takes nothing
                self._forget(heapq.heappop(waiters)[2])
            else:
                break
        if not waiters:
            return
        if self.gate is not None and not self.gate.take():
            self.gate.refill(self.queued, self._arm)  # the shared budget says when
            return
        waiter = heapq.heappop(waiters)[2]
        self._forget(waiter)
        self._next_free = max(self._next_free, self._clock()) + 1.0 / self.rate
        waiter.future.set_result(None)
        self._arm()

    async def wait_turn(self) -> None:
        """Take the turn of the running task's next request now, so that what it sends can be
        made once its turn came (a DM panel then shows the table as it is, not as it was
        when it began to wait)."""
        await self.acquire()
        _reserved.set(True)

    @staticmethod
    def unused_turn() -> None:
        """The turn ``wait_turn`` took is not used after all (the request became needless
        meanwhile): the task's next request waits for a turn of its own. The token is spent."""
        _reserved.set(False)

    def promote(self, key: Key) -> None:
        """The requests waiting for ``key`` are needed now: they go first (``URGENT``), in
        the order they came, and so do those made for it in the next ``HURRY_SECONDS``."""
        now = self._clock()
        if len(self._hurried) > 10_000:  # forget the hurries that are over
            self._hurried = {k: until for k, until in self._hurried.items() if until > now}
        self._hurried[key] = now + HURRY_SECONDS
        for waiter in self._keyed.get(key, ()):
            if waiter.level > URGENT:  # queued again, higher: the old entry is left stale
                waiter.level = URGENT
                heapq.heappush(self._waiters, (URGENT, waiter.seq, waiter))

    def _forget(self, waiter: _Waiter) -> None:
        """``waiter`` left the queue: it is not one of its key's any more."""
        if waiter.key is None:
            return
        keyed = self._keyed.get(waiter.key)
        if keyed is not None:
            keyed.remove(waiter)
            if not keyed:
                del self._keyed[waiter.key]

    async def starting(self) -> None:
        """Wait while ``rate`` requests already started in the last second, then count this
        one. The bucket spaces the turns; a turn is not always used at once (one taken by
        ``wait_turn`` waits for its DM panel to be made, a busy loop holds up several), and
        turns used late would go out together, where Discord counts requests as they come."""
        limit = max(1, int(self.rate))
        starts = self._starts
        while True:
            now = self._clock()
            while starts and now - starts[0] >= 1.0:
                starts.popleft()
            if len(starts) < limit:
                starts.append(now)
                return
            await asyncio.sleep(starts[0] + 1.0 - now)

    @property
    def queued(self) -> int:
        """Requests waiting now."""
        return sum(
            1
            for level, _, waiter in self._waiters
            if level == waiter.level and not waiter.future.done()
        )


def paced(request: Callable[..., Awaitable[T]], pacer: RestPacer) -> Callable[..., Awaitable[T]]:
    """``request`` (discord.py's ``HTTPClient.request``) taking its turn at ``pacer`` first,
    and never one more than the pacer's rate in any second as it starts."""

    async def paced_request(*args: Any, **kwargs: Any) -> T:
        if _reserved.get():
            _reserved.set(False)
        else:
            await pacer.acquire()
        await pacer.starting()
        return await request(*args, **kwargs)

    return paced_request
