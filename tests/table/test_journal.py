"""Nothing is shown before it is written: an action whose journal write fails is undone (the
hand is again what its journal holds, what players saw), the player is told privately that
nothing changed, the table says it waits for its store and nothing moves; once the store
answers, play goes on from exactly that state. Clicks go through the real button path."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from bot.engine import Hand, Phase
from bot.messages import t
from bot.table import journal
from bot.table.inputs import Timeout
from bot.table.render import table_view
from bot.table.session import TableSession
from tests.table._helpers import (
    TABLE_MESSAGE,
    FakeClient,
    OpenTable,
    Tables,
    click,
    draw_click,
    press,
    running,
    wait_until,
)


class FlakyStore:
    """Makes the store's journal writes fail until healed."""

    def __init__(self, session: TableSession, monkeypatch: pytest.MonkeyPatch) -> None:
        self.store = session.store
        self.failing = False
        self.failed = 0
        self.monkeypatch = monkeypatch
        real = self.store.hands.journal

        async def journal_or_fail(hand_id: int, state: Any) -> None:
            if self.failing:
                self.failed += 1
                raise OSError("database or disk is full")
            await real(hand_id, state)

        monkeypatch.setattr(self.store.hands, "journal", journal_or_fail)


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(journal, "RETRY_SECONDS", 0.05)
    yield


def shown(session: TableSession) -> tuple[int, int | None, str]:
    """What the table shows of the hand: its action count, whose turn, its phase."""
    hand = running(session)
    return hand.action_count, hand.to_act, hand.phase.value


async def test_an_unsaved_bet_is_undone_told_and_replayed_once_the_store_answers(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    flaky = FlakyStore(session, monkeypatch)
    before = shown(session)
    player = running(session).to_act
    stacks = {s.player_id: s.stack for s in running(session).public_view().seats}
    flaky.failing = True
    refused = await click(client, session, player, "call")
    assert refused.private_text == t("action_not_saved")
    assert [kind for kind, _ in refused.answers] == ["send"]  # no table edit, only the refusal
    assert shown(session) == before
    assert {s.player_id: s.stack for s in running(session).public_view().seats} == stacks
    snapshot = session.table_snapshot()
    assert snapshot.store_waiting and table_view(snapshot) is None
    assert session.timers.deadline is None  # no clock runs: nobody times out meanwhile
    # Another click while the store is still down changes nothing either.
    again = await click(client, session, player, "call")
    assert again.private_text == t("action_not_saved")
    assert shown(session) == before

    flaky.failing = False
    await wait_until(lambda: not session.journal.waiting)
    assert session.timers.deadline is not None  # a new decision time for the same player
    assert shown(session) == before
    done = await click(client, session, player, "call")
    assert done.response.calls[0][0] == "edit"
    assert shown(session) != before
    assert (await session.store.audit.check()).ok


async def test_an_unsaved_draw_deals_no_card_and_no_panel(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A draw whose journal failed shows no new card: the panel is not edited, and the cards
    a retry deals are the ones the deck held, which nobody saw."""
    hand = running(session)
    while hand.phase is Phase.BETTING:
        await click(client, session, hand.to_act, "call")
    hand = running(session)
    drawer = hand.to_act
    assert drawer is not None
    cards = hand.private_view(drawer).cards
    await wait_until(lambda: drawer in session.io.dm_panels)
    dm = client.dm_channels[drawer]
    edits = -1
    while edits != len(dm.edits):  # the panel's own edits after the deal are done
        edits = len(dm.edits)
        await asyncio.sleep(0.2)
    flaky = FlakyStore(session, monkeypatch)
    flaky.failing = True
    await press(client, drawer, _card_id(session, 0, 1))
    refused = await draw_click(client, session, drawer, 1, pat=False)
    assert refused.private_text == t("action_not_saved")
    assert [kind for kind, _ in refused.answers] == ["send"]  # no panel, only the refusal
    undone = running(session)
    assert undone.private_view(drawer).cards == cards
    assert undone.private_view(drawer).draws_made == 0
    assert undone.to_act == drawer and undone.phase is Phase.DRAWING
    await wait_until(lambda: len(dm.edits) == edits, 0.3)
    assert len(dm.edits) == edits
    flaky.failing = False
    await wait_until(lambda: not session.journal.waiting)
    await press(client, drawer, _card_id(session, 0, 1))
    done = await draw_click(client, session, drawer, 1, pat=False)
    assert done.private_text is None
    assert running(session).private_view(drawer).draws_made == 1
    assert (await session.store.audit.check()).ok


def _card_id(session: TableSession, index: int, draw: int) -> str:
    from bot.table.buttons import card_button_id

    return card_button_id(session.table_id, running(session).hand_id, draw, index)


async def test_an_unsaved_timeout_waits_and_the_turn_starts_again(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A timeout whose journal failed is undone and not told to its player; the turn
    starts again with a new decision time once the store answers."""
    flaky = FlakyStore(session, monkeypatch)
    before = shown(session)
    player = before[1]
    assert player is not None
    flaky.failing = True
    await session.handle(Timeout(running(session).action_count))
    assert shown(session) == before
    assert session.journal.waiting and player not in session.notes.timeouts
    flaky.failing = False
    await wait_until(lambda: not session.journal.waiting)
    assert shown(session) == before and session.timers.deadline is not None
    dm = client.dm_channels.get(player)
    assert dm is None or not any("timed out" in str(kw.get("content")) for kw in dm.sent)


async def test_a_deal_that_was_never_saved_is_called_off_and_the_next_one_dealt(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table: OpenTable = await tables.open((101, "Alice", 400), (202, "Bob", 400))
    session = table.session
    await wait_until(lambda: session.hand is not None)
    first = running(session).hand_id
    flaky = FlakyStore(session, monkeypatch)
    session.io.message_id = TABLE_MESSAGE
    monkeypatch.setattr(session, "_hand_pause", 0.01)
    await click(table.client, session, running(session).to_act, "fold")
    assert session.hand is None or session.hand.hand_id != first
    flaky.failing = True  # the next deal's first journal write fails
    await wait_until(lambda: flaky.failed > 0 and session.journal.waiting)
    assert session.hand is None  # the unsaved deal is not shown
    unsaved = first + 1
    flaky.failing = False
    hand = await wait_until(lambda: session.hand if session.hand is not None else None)
    assert isinstance(hand, Hand) and hand.hand_id > unsaved
    record = await session.store.hands.record(unsaved)
    assert record.status == "voided"
    assert (await session.store.audit.check()).ok


async def test_a_settle_that_failed_waits_and_settles_once_the_store_answers(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finished hand is journaled (as its answer shows it), but the store fails to
    settle it and to call it off: the table waits, then settles it once."""
    hand = running(session)
    while len([p for p in hand.player_ids if not hand.private_view(p).folded]) > 2:
        await click(client, session, hand.to_act, "fold")
    store = session.store
    settle, void = store.hands.settle, store.hands.void
    down = True

    async def settle_or_fail(*args: Any, **kwargs: Any) -> Any:
        if down:
            raise OSError("connection is closed")
        return await settle(*args, **kwargs)

    async def void_or_fail(*args: Any, **kwargs: Any) -> Any:
        if down:
            raise OSError("connection is closed")
        return await void(*args, **kwargs)

    monkeypatch.setattr(store.hands, "settle", settle_or_fail)
    monkeypatch.setattr(store.hands, "void", void_or_fail)
    await click(client, session, hand.to_act, "fold")
    assert hand.is_complete and session.hand is hand and session.journal.waiting
    down = False
    await wait_until(lambda: not session.journal.waiting)
    assert session.hand is not hand
    assert (await store.hands.record(hand.hand_id)).status == "settled"
    assert (await store.audit.check()).ok
