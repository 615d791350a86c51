"""The welcome DM at ``/poker join``: sent after every game's requests, and not at all once a
deal's DM panel reached the player while it waited (their DMs work: the panel said so)."""

from __future__ import annotations

from typing import Any

from bot.pacer import RestPacer, paced
from bot.table.joining import welcome_dm


class FakeDm:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, content: str, **kwargs: Any) -> None:
        self.sent.append(content)


class FakeBot:
    """The client as a join uses it, with a real pacer; ``panel_during_wait``: a deal's panel
    reaches the player while the welcome waits for its turn."""

    def __init__(self, *, panel_during_wait: bool = False) -> None:
        self.pacer = RestPacer(1000.0)
        self.dm = FakeDm()
        self.reached = False
        self.panel_during_wait = panel_during_wait
        self.turns = 0

    async def dm_channel(self, user_id: int) -> FakeDm:
        return self.dm

    async def wait_turn(self) -> None:
        await self.pacer.wait_turn()
        self.turns += 1
        if self.panel_during_wait:
            self.reached = True

    def unused_turn(self) -> None:
        self.pacer.unused_turn()


async def test_a_welcome_goes_to_a_player_no_panel_reached() -> None:
    bot = FakeBot()
    assert await welcome_dm(bot, 7, "poker", needless=lambda: bot.reached)  # type: ignore[arg-type]
    assert len(bot.dm.sent) == 1 and "poker" in bot.dm.sent[0]
    assert bot.turns == 1


async def test_a_panel_that_reached_the_player_first_makes_the_welcome_needless() -> None:
    bot = FakeBot()
    bot.reached = True
    assert await welcome_dm(bot, 7, "poker", needless=lambda: bot.reached)  # type: ignore[arg-type]
    assert bot.dm.sent == [] and bot.turns == 0  # not even a turn of the pacer taken


async def test_a_panel_arriving_while_the_welcome_waits_leaves_its_turn_unused() -> None:
    """The turn taken for the welcome is not carried over: the task's next request waits for
    a turn of its own (else it would go past the pacer)."""
    bot = FakeBot(panel_during_wait=True)
    assert await welcome_dm(bot, 7, "poker", needless=lambda: bot.reached)  # type: ignore[arg-type]
    assert bot.dm.sent == [] and bot.turns == 1
    acquired = 0
    acquire = bot.pacer.acquire

    async def counting(level: int | None = None) -> None:
        nonlocal acquired
        acquired += 1
        await acquire(level)

    bot.pacer.acquire = counting  # type: ignore[method-assign]

    async def request() -> str:
        return "sent"

    assert await paced(request, bot.pacer)() == "sent"
    assert acquired == 1
