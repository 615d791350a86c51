"""Child process for the MTT crash test: seats seven players on two tables (four and three),
knocks one out at table 1 so the six left fit on one table, then breaks table 2 into table 1's
empty seats as the bot does, SIGKILLing itself just before the ``kill_at``-th statement of the
break's store transaction (0: no kill; it prints how many the break sent).

Run as ``python -m tests.store.mtt_crash_worker LOCATION CHANNEL KILL_AT``.
"""

from __future__ import annotations

import asyncio
import sys

from bot.store import Store
from tests.store.sng_crash_worker import Killer

GUILD = 111
ADMIN = 999
PHH = 'variant = "F2L3D"\nactions = []\n'
TABLE_ONE = {0: 2001, 1: 2002, 2: 2003, 3: 2004}
TABLE_TWO = {0: 2005, 2: 2006, 4: 2007}
BREAK_SEATS = {2005: 3, 2006: 4, 2007: 5}
"""Where table 2's players go at table 1 (the seats the draw gave them)."""


def say(line: str) -> None:
    print(line, flush=True)


async def play(location: str, channel: int, kill_at: int) -> None:
    killer = Killer(kill_at)
    killer.install()
    store = await Store.open(location)
    mtt = await store.mtts.create(
        GUILD,
        channel,
        ADMIN,
        buy_in=100,
        field=8,
        start_stack=1000,
        level_hands=5,
        structure="turbo",
        starts_in=30,
    )
    for user_id in [*TABLE_ONE.values(), *TABLE_TWO.values()]:
        await store.mtts.register(mtt.id, user_id, f"P{user_id}")
    one, two = await store.mtts.start(
        mtt.id, [(channel * 10 + 1, TABLE_ONE), (channel * 10 + 2, TABLE_TWO)]
    )
    hand = await store.hands.begin(one.table_id, {2001: 1000, 2004: 1000})
    await store.hands.settle(hand, {2001: 2000, 2004: 0}, PHH, {"pot": 2000})
    say(f"ready {mtt.id} {one.table_id} {two.table_id}")
    killer.armed = True
    try:
        moves = [(user, one.table_id, seat) for user, seat in BREAK_SEATS.items()]
        await store.mtts.break_table(mtt.id, two.table_id, moves)
        say(f"broken {killer.sent}")
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
