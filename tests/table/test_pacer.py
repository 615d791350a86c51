"""The process-wide pace of Discord requests: never faster than its rate, the most pressing
request first, a request that gave up takes no turn."""

from __future__ import annotations

import asyncio
import itertools
import time

import pytest

from bot.pacer import BULK, NORMAL, URGENT, RestPacer, rest_priority


async def test_requests_are_spaced_by_the_rate_whatever_the_burst() -> None:
    pacer = RestPacer(200)
    sent: list[float] = []

    async def request() -> None:
        await pacer.acquire()
        sent.append(time.monotonic())

    await asyncio.gather(*(request() for _ in range(60)))
    gaps = [b - a for a, b in itertools.pairwise(sent)]
    assert len(sent) == 60
    assert min(gaps) >= 1 / 200 - 0.001  # a busy machine only spaces them more
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
