"""View edits wait for the clicks being answered (``bot/ui/answering.py``)."""

from __future__ import annotations

import asyncio

from bot.ui.answering import Answering


async def test_an_edit_goes_at_once_when_no_click_is_being_answered() -> None:
    gate = Answering()
    await asyncio.wait_for(gate.after_clicks(at_most=5), 0.5)


async def test_an_edit_waits_for_the_click_being_answered() -> None:
    gate = Answering()
    order: list[str] = []

    async def click() -> None:
        with gate.click():
            await asyncio.sleep(0.05)
            order.append("answered")

    async def edit() -> None:
        await gate.after_clicks(at_most=5)
        order.append("edited")

    clicking = asyncio.create_task(click())
    await asyncio.sleep(0)  # the click is being answered
    await asyncio.gather(edit(), clicking)
    assert order == ["answered", "edited"]
    assert gate.clicks == 0


async def test_waiting_edits_go_one_per_turn_and_stop_while_a_click_is_answered() -> None:
    gate = Answering()
    gone: list[str] = []

    async def edit(name: str) -> None:
        await gate.after_clicks(at_most=5)
        gone.append(name)

    with gate.click():
        edits = [asyncio.create_task(edit(name)) for name in "abcde"]
        await asyncio.sleep(0.02)
        assert gone == []  # none while the click is being answered
    turns = 0
    while len(gone) < 2:
        await asyncio.sleep(0)
        turns += 1
    assert turns >= 2  # one a turn of the loop, not all at once
    with gate.click():  # a click read meanwhile: the rest wait for its answer
        held = len(gone)
        await asyncio.sleep(0.02)
        assert len(gone) <= held + 1  # the one let go just before, at most
    await asyncio.gather(*edits)
    assert gone == list("abcde")


async def test_an_edit_waits_at_most_its_bound_for_a_bot_never_idle() -> None:
    gate = Answering()
    with gate.click():
        loop = asyncio.get_running_loop()
        start = loop.time()
        await gate.after_clicks(at_most=0.05)
        assert 0.04 <= loop.time() - start < 0.5
        # those that gave up leave the queue: a bot never idle does not pile them up
        await asyncio.gather(*(gate.after_clicks(at_most=0.01) for _ in range(100)))
        assert len(gate._waiting) == 0
    # a new one goes at once once the clicks end
    await asyncio.wait_for(gate.after_clicks(at_most=5), 0.5)
