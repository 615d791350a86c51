"""The process-wide pace of Discord requests: never faster than its rate, the most pressing
request first, a request that gave up takes no turn."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.pacer import (
    BULK,
    NORMAL,
    URGENT,
    RestPacer,
    paced,
    rest_priority,
    task_priority,
)


async def test_requests_are_spaced_by_the_rate_whatever_the_burst() -> None:
    pacer = RestPacer(200)
    sent: list[float] = []

    async def request() -> None:
        await pacer.acquire()
        sent.append(time.monotonic())

    await asyncio.gather(*(request() for _ in range(60)))
    assert len(sent) == 60
    # Each goes a 1/200 s after the one before; a task resumed late on a busy machine can
    # land next to the one after it, but the burst as a whole never goes faster.
    assert sent[-1] - sent[0] >= 59 / 200 - 0.001
    assert pacer.waited == 59


async def test_what_a_player_needs_now_goes_first() -> None:
    pacer = RestPacer(100)
    order: list[str] = []

    async def request(name: str, level: int) -> None:
        with rest_priority(level):
            await pacer.acquire()
        order.append(name)

    bulk = [asyncio.create_task(request(f"deal-{i}", BULK)) for i in range(6)]
    await asyncio.sleep(0)  # the first deal DM goes at once, the others wait
    urgent = asyncio.create_task(request("turn", URGENT))
    normal = asyncio.create_task(request("welcome", NORMAL))
    await asyncio.gather(*bulk, urgent, normal)
    assert order[0] == "deal-0"
    assert order[1:3] == ["turn", "welcome"]
    assert order[3:] == [f"deal-{i}" for i in range(1, 6)]


async def test_a_request_that_gave_up_takes_no_turn() -> None:
    pacer = RestPacer(50)
    await pacer.acquire()
    gone = asyncio.create_task(pacer.acquire())
    await asyncio.sleep(0)
    gone.cancel()
    started = time.monotonic()
    await pacer.acquire()
    assert time.monotonic() - started < 2 / 50 + 0.05
    assert pacer.queued == 0


def test_the_rate_must_be_positive() -> None:
    with pytest.raises(ValueError):
        RestPacer(0)


async def deal_dm(pacer: RestPacer, order: list[str], user_id: int) -> None:
    """A deal DM of ``user_id`` waiting its turn in the bulk, known by its player."""
    task_priority(BULK, ("dm", user_id))
    await pacer.acquire()
    order.append(f"dm-{user_id}")


async def test_a_waiting_request_is_hurried_when_its_player_needs_it() -> None:
    """A deal DM waits behind what players need now, until its player's turn comes: then it
    goes before the other waiting deal DMs."""
    pacer = RestPacer(100)
    order: list[str] = []

    tasks = [asyncio.create_task(deal_dm(pacer, order, user)) for user in range(1, 7)]
    await asyncio.sleep(0)
    pacer.promote(("dm", 5))
    pacer.promote(("dm", 99))  # nobody waits for it: nothing changes
    await asyncio.gather(*tasks)
    assert order == ["dm-1", "dm-5", "dm-2", "dm-3", "dm-4", "dm-6"]


async def test_a_hurried_request_takes_one_turn_and_is_counted_once() -> None:
    """A hurried request goes first and once: promoting it twice, or one that then gave up,
    never makes a turn go to nobody or the same request twice."""
    pacer = RestPacer(100)
    order: list[str] = []

    await pacer.acquire()
    tasks = {user: asyncio.create_task(deal_dm(pacer, order, user)) for user in range(1, 6)}
    await asyncio.sleep(0)
    pacer.promote(("dm", 4))
    pacer.promote(("dm", 4))  # hurried again while still waiting
    pacer.promote(("dm", 2))
    assert pacer.queued == 5
    tasks[2].cancel()  # gave up once hurried
    await asyncio.sleep(0)
    assert pacer.queued == 4
    started = time.monotonic()
    await asyncio.gather(*(task for user, task in tasks.items() if user != 2))
    assert order == ["dm-4", "dm-1", "dm-3", "dm-5"]
    assert time.monotonic() - started < 5 / 100 + 0.05  # no turn went to the one that gave up
    assert pacer.queued == 0


async def test_a_request_made_once_its_turn_came_takes_one_turn() -> None:
    """``wait_turn`` takes the turn of the task's next request: that request goes at once
    and the one after it waits again."""
    pacer = RestPacer(20)
    sent: list[float] = []

    async def request() -> None:
        sent.append(time.monotonic())

    send = paced(request, pacer)
    await pacer.acquire()  # someone else just had the turn
    started = time.monotonic()
    await pacer.wait_turn()
    await send()
    await send()
    assert pacer.waited == 2  # the turn taken by wait_turn, and the second request's
    assert sent[0] - started >= 1 / 20 - 0.005
    assert sent[1] - sent[0] >= 1 / 20 - 0.005


async def test_a_hurried_player_s_next_requests_go_first_too() -> None:
    """A deal DM hurried while its DM channel is still being opened: the send that follows
    the opening is urgent too, not back behind the other deal DMs."""
    pacer = RestPacer(100)
    order: list[str] = []

    async def request(name: str, level: int, key: tuple[str, int] | None) -> None:
        task_priority(level, key)
        await pacer.acquire()
        order.append(name)

    await pacer.acquire()
    others = [asyncio.create_task(request(f"deal-{i}", BULK, ("dm", i))) for i in range(4)]
    await asyncio.sleep(0)
    pacer.promote(("dm", 9))  # player 9's turn: their panel is not queued yet
    late = asyncio.create_task(request("deal-9", BULK, ("dm", 9)))
    await asyncio.gather(*others, late)
    assert order[0] == "deal-9"


async def test_turns_used_late_never_start_more_than_the_rate_in_any_second() -> None:
    """Turns are spaced when taken, but a turn taken by ``wait_turn`` is used once its DM panel
    is made, and a busy loop holds several up: used together, they went out as one burst (the
    load benchmark counted up to 48 requests in a second against a pacer of 40). Thirty turns
    of a pacer of 20, all used at the same moment, start at most 20 in any second."""
    pacer = RestPacer(20)
    sent: list[float] = []

    async def request() -> None:
        sent.append(time.monotonic())

    send = paced(request, pacer)
    used_at = time.monotonic() + 30 / 20 + 0.1  # once the last turn was taken

    async def late() -> None:
        await pacer.wait_turn()
        await asyncio.sleep(used_at - time.monotonic())
        await send()

    await asyncio.gather(*(late() for _ in range(30)))
    assert len(sent) == 30
    most = max(sum(1 for t in sent if start <= t < start + 1.0) for start in sent)
    assert most <= 20, most
    assert max(sent) - used_at < 1.2  # the ten over the rate waited for the second to pass
