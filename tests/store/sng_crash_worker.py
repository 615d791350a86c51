"""Child process for the sit-and-go crash test: plays a four-player tournament's last hand
and finish as the table does (settle, then finish), and SIGKILLs itself just before the
``kill_at``-th statement those two store calls send (0: no kill; it prints how many each sent).

Alice, Bob and Carol go out in that hand with 40, 20 and 20 chips at its start; Dave wins.
Run as ``python -m tests.store.sng_crash_worker LOCATION CHANNEL KILL_AT``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import Store
from bot.store import runner as store_runner

GUILD = 111
ADMIN = 999
ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
BEFORE_LAST_HAND = {ALICE: 40, BOB: 20, CAROL: 20, DAVE: 320}
AFTER_LAST_HAND = {ALICE: 0, BOB: 0, CAROL: 0, DAVE: 400}
FIRST_PRIZE = 280
PHH = 'variant = "F2L3D"\nactions = []\n'


class Killer:
    """Counts the statements of every store transaction once armed, and SIGKILLs this process
    just before the ``kill_at``-th (its transaction then never commits)."""

    def __init__(self, kill_at: int) -> None:
        self.kill_at = kill_at
        self.armed = False
        self.sent = 0

    def wrap(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def statement(*args: Any) -> Any:
            if self.armed:
                self.sent += 1
                if self.sent == self.kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)
            return await method(*args)

        return statement

    def install(self) -> None:
        original = store_runner.CallTx.__init__
        killer = self

        def init(call: store_runner.CallTx, tx: Any, key: str) -> None:
            original(call, tx, key)
            for name in ("one", "all", "run", "insert", "many"):
                setattr(call, name, killer.wrap(getattr(call, name)))

        store_runner.CallTx.__init__ = init  # type: ignore[method-assign]


def say(line: str) -> None:
    print(line, flush=True)


async def play(location: str, channel: int, kill_at: int) -> None:
    killer = Killer(kill_at)
    killer.install()
    store = await Store.open(location)
    options = {"buy_in": 100, "seats": 4, "start_stack": 100, "level_hands": 5}
    sng = await store.tournaments.create(GUILD, channel, ADMIN, structure="turbo", **options)
    for user_id in (ALICE, BOB, CAROL, DAVE):
        await store.tournaments.register(sng.id, user_id, f"P{user_id}")
    _, table = await store.tournaments.start(sng.id)  # seats 0..3 in registration order
    await store.tables.set_button(table.id, 0)
    first = await store.hands.begin(table.id, {user_id: 100 for user_id in BEFORE_LAST_HAND})
    await store.hands.settle(first, BEFORE_LAST_HAND, PHH, {"pot": 0})
    await store.tables.set_button(table.id, 1)
    last = await store.hands.begin(table.id, BEFORE_LAST_HAND)
    await store.hands.journal(last, {"complete": True})
    say(f"ready {sng.id} {last}")
    killer.armed = True
    try:
        await store.hands.settle(last, AFTER_LAST_HAND, PHH, {"pot": 320})
        settled = killer.sent
        say(f"settled {settled}")
        await store.tournaments.finish(sng.id, DAVE, FIRST_PRIZE)
        say(f"finished {killer.sent - settled}")
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
