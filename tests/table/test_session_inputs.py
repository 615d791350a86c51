"""Every click is checked: right player, right hand, right turn, not already done."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.engine import Phase
from bot.messages import t
from bot.session import TableSession
from bot.store import Store
from tests.bot.fakes import FakeBot, FakeInteraction, wait_until

GUILD, CHANNEL = 10, 20
ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
TABLE_MESSAGE = 777


@pytest.fixture
async def session(tmp_path: Path) -> AsyncIterator[TableSession]:
    store = await Store.open(str(tmp_path / "deuce.db"))
    table = await store.get_or_create_table(GUILD, CHANNEL)
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.buy_in(table.id, user_id, name, 400)
    bot = FakeBot(store, hand_pause=0)
    live = TableSession(bot, table)  # type: ignore[arg-type]
    await live.restore(None)
    await wait_until(lambda: live.hand is not None)
    live.message_id = TABLE_MESSAGE
    try:
        yield live
    finally:
        await live.shutdown()
        await store.close()


async def click(
    session: TableSession,
    user_id: int,
    action: str,
    *,
    seq: int | None = None,
    hand_id: int | None = None,
) -> FakeInteraction:
    interaction = FakeInteraction(user_id, TABLE_MESSAGE)
    await session.on_table_button(
        interaction,  # type: ignore[arg-type]
        session.hand_id if hand_id is None else hand_id,  # type: ignore[arg-type]
        session.seq if seq is None else seq,
        action,
    )
    return interaction


async def test_wrong_player_changes_nothing(session: TableSession) -> None:
    hand = session.hand
    assert hand is not None
    to_act = hand.to_act
    other = next(p for p in hand.player_ids if p != to_act)
    before = len(hand.records)
    reply = await click(session, other, "call")
    name = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}[to_act]  # type: ignore[index]
    assert reply.private_text == t("not_your_turn", name=name)
    assert len(hand.records) == before and hand.to_act == to_act
    stranger = await click(session, DAVE, "fold")
    assert stranger.private_text == t("not_in_hand")


async def test_a_double_click_acts_once(session: TableSession) -> None:
    hand = session.hand
    assert hand is not None
    to_act = hand.to_act
    assert to_act is not None
    seq = session.seq
    first = await click(session, to_act, "call", seq=seq)
    assert first.response.calls[0][0] == "edit"  # the table, updated in the same response
    assert hand.to_act != to_act
    after = len(hand.records)
    second = await click(session, to_act, "call", seq=seq)
    assert second.private_text == t("already_done")
    assert len(hand.records) == after


async def test_stale_buttons_and_earlier_hands_are_refused(session: TableSession) -> None:
    hand = session.hand
    assert hand is not None
    to_act = hand.to_act
    assert to_act is not None
    first = hand.to_act
    await click(session, first, "call")  # type: ignore[arg-type]
    now = hand.to_act
    assert now is not None
    stale = await click(session, now, "raise", seq=session.seq - 1)
    assert stale.private_text == t("table_moved")
    old_hand = await click(session, now, "fold", hand_id=(session.hand_id or 0) - 1)
    assert old_hand.private_text == t("hand_over")
    assert hand.to_act == now


async def test_marks_draws_and_the_draw_queue(session: TableSession) -> None:
    hand = session.hand
    assert hand is not None
    while hand.phase is Phase.BETTING:
        await click(session, hand.to_act, "call")  # type: ignore[arg-type]
    drawer = hand.to_act
    waiting = next(p for p in hand.player_ids if p not in (drawer,))
    assert drawer is not None and hand.phase is Phase.DRAWING
    # a card button of another draw is refused
    wrong = FakeInteraction(drawer)
    await session.on_card_button(wrong, session.hand_id, 2, 0)  # type: ignore[arg-type]
    assert wrong.private_text == t("draw_finished")
    # Draw with nothing marked asks to mark cards first
    empty = FakeInteraction(drawer)
    await session.on_draw_button(empty, session.hand_id, 1, False)  # type: ignore[arg-type]
    assert empty.private_text == t("panel_none_marked")
    # a waiting player marks two cards and sets the draw in advance
    cards = hand.private_view(waiting).cards
    for index in (0, 3):
        toggle = FakeInteraction(waiting)
        await session.on_card_button(toggle, session.hand_id, 1, index)  # type: ignore[arg-type]
        assert toggle.response.calls[0][0] == "edit"
    assert session.marks[waiting] == {cards[0], cards[3]}
    queue = FakeInteraction(waiting)
    await session.on_draw_button(queue, session.hand_id, 1, False)  # type: ignore[arg-type]
    assert session.queued[waiting] == (1, "draw")
    # the player to draw stands pat: the queued draws run in turn
    pat = FakeInteraction(drawer)
    await session.on_draw_button(pat, session.hand_id, 1, True)  # type: ignore[arg-type]
    assert pat.response.calls[0][0] == "edit"
    while hand.phase is Phase.DRAWING and hand.to_act != waiting:
        other = FakeInteraction(hand.to_act)  # type: ignore[arg-type]
        await session.on_draw_button(other, session.hand_id, 1, True)  # type: ignore[arg-type]
    view = hand.private_view(waiting)
    assert view.draws_made == 1
    assert cards[0] not in view.cards and cards[3] not in view.cards
    assert len(view.last_received) == 2
    assert waiting not in session.marks and waiting not in session.queued
    # a second click on the finished draw
    again = FakeInteraction(waiting)
    await session.on_draw_button(again, session.hand_id, 1, False)  # type: ignore[arg-type]
    assert again.private_text in (t("already_done"), t("draw_finished"))


async def test_a_mucked_hand_can_be_shown_after_the_hand(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "deuce.db"))
    table = await store.get_or_create_table(GUILD, CHANNEL)
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob")):
        await store.buy_in(table.id, user_id, name, 1000)
    bot = FakeBot(store, hand_pause=600)
    session = TableSession(bot, table)  # type: ignore[arg-type]
    await session.restore(None)
    try:
        for _ in range(30):
            if session._next_task is not None:
                session._next_task.cancel()
                session._next_task = None
            posted_before = len(bot.channel.sent)
            async with session.lock:
                await session._start_hand()
            hand = session.hand
            assert hand is not None
            while not hand.is_complete:
                async with session.lock:
                    player = hand.to_act
                    assert player is not None
                    if hand.phase is Phase.DRAWING:
                        hand.draw(player, [])
                    else:
                        hand.check_or_call(player)
                    await session._after_action()
            if hand.result is not None and hand.result.mucked:
                break
        else:
            pytest.fail("no hand was mucked at the showdown in 30 hands")
        mucked = hand.result.mucked[0]
        winner = next(p for p in hand.player_ids if p != mucked)
        cards = hand.private_view(mucked).cards
        # nobody saw the mucked cards so far (earlier hands may have shown the same cards)
        await session.push_table()
        await wait_until(lambda: session._outbox.empty())
        texts = bot.channel.texts()[posted_before:]
        from bot.render import card_label

        assert not any(card_label(c) in x for x in texts for c in cards)
        not_mucked = FakeInteraction(winner)
        await session.on_show_button(not_mucked, hand.hand_id)  # type: ignore[arg-type]
        assert not_mucked.private_text == t("already_done")
        show = FakeInteraction(mucked)
        await session.on_show_button(show, hand.hand_id)  # type: ignore[arg-type]
        assert show.response.calls[0][0] == "edit"
        await wait_until(
            lambda: any(all(card_label(c) in x for c in cards) for x in bot.channel.texts())
        )
        again = FakeInteraction(mucked)
        await session.on_show_button(again, hand.hand_id)  # type: ignore[arg-type]
        assert again.private_text == t("already_done")
    finally:
        await session.shutdown()
        await store.close()


def panel_message(view: Any) -> Any:
    """A panel message as a click delivers it: the buttons as the player saw them."""
    children = [
        SimpleNamespace(custom_id=item.item.custom_id, style=item.item.style)
        for item in view.children
    ]
    return SimpleNamespace(id=5555, components=[SimpleNamespace(children=children)])


def answered_view(interaction: FakeInteraction) -> Any:
    kind, kwargs = interaction.response.calls[0]
    assert kind in ("edit", "send")
    return kwargs["view"]


async def on_panel(
    session: TableSession, user_id: int, view: Any, index: int | None, *, pat: bool = False
) -> FakeInteraction:
    """Click card ``index`` (or Draw / Stand pat when None) of the panel ``view``."""
    interaction = FakeInteraction(user_id)
    interaction.message = panel_message(view)
    assert session.hand_id is not None
    if index is not None:
        await session.on_card_button(interaction, session.hand_id, 1, index)  # type: ignore[arg-type]
    else:
        await session.on_draw_button(interaction, session.hand_id, 1, pat)  # type: ignore[arg-type]
    return interaction


async def test_a_double_clicked_card_is_marked_once(session: TableSession) -> None:
    hand = session.hand
    assert hand is not None
    player = hand.player_ids[0]
    panel = FakeInteraction(player)
    await session.send_panel(panel, session.hand_id)  # type: ignore[arg-type]
    view = answered_view(panel)
    # both clicks come from the same picture of the panel (the first answer not yet shown)
    await on_panel(session, player, view, 0)
    await on_panel(session, player, view, 0)
    assert session.marks.get(player) == {hand.private_view(player).cards[0]}


async def test_draw_from_a_stale_panel_draws_what_that_panel_showed(
    session: TableSession,
) -> None:
    """The DM panel and the /poker hand panel are two messages: marks changed in one leave the
    other's "Draw N" label stale. Its click must draw the N cards it showed, not other ones."""
    hand = session.hand
    assert hand is not None
    while hand.phase is Phase.BETTING:
        await click(session, hand.to_act, "call")  # type: ignore[arg-type]
    drawer = hand.to_act
    assert drawer is not None
    cards = hand.private_view(drawer).cards
    opened = FakeInteraction(drawer)
    await session.send_panel(opened, session.hand_id)  # type: ignore[arg-type]
    dm_view = answered_view(await on_panel(session, drawer, answered_view(opened), 0))
    # meanwhile, in the other panel, two more cards get marked
    other_view = answered_view(opened)
    for index in (1, 2):
        other_view = answered_view(await on_panel(session, drawer, other_view, index))
    assert len(session.marks[drawer]) == 3
    await on_panel(session, drawer, dm_view, None)  # "Draw 1" of the first panel
    after = hand.private_view(drawer)
    assert after.draws_made == 1
    assert cards[0] not in after.cards
    assert cards[1] in after.cards and cards[2] in after.cards


async def test_a_failing_journal_neither_fails_the_click_nor_stalls_the_hand(
    session: TableSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal is for restarts: when it cannot be saved, the click already applied must
    still be answered with the table, and the finished hand must still be settled."""
    hand = session.hand
    assert hand is not None

    async def broken_journal(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(session.store, "journal", broken_journal)
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            answer = FakeInteraction(player)
            await session.on_draw_button(answer, hand.hand_id, hand.draw_round, True)  # type: ignore[arg-type]
        else:
            answer = await click(session, player, "fold" if len(hand.player_ids) > 2 else "call")
        assert answer.response.calls and answer.response.calls[0][0] == "edit", answer.private_text
    assert session.hand is not hand  # settled, not stuck
    record = await session.store.hand(hand.hand_id)
    assert record.status == "settled"
    assert (await session.store.audit()).ok


async def test_a_draw_set_in_advance_ends_a_timeout_streak(session: TableSession) -> None:
    """Two timeouts *in a row* sit a player out: a draw the player confirmed before their turn
    is their own action in between, so it resets the streak like a click in turn does."""
    hand = session.hand
    assert hand is not None
    while hand.phase is Phase.BETTING:
        await click(session, hand.to_act, "call")  # type: ignore[arg-type]
    drawer = hand.to_act
    waiting = next(p for p in hand.player_ids if p != drawer)
    session.timeouts[waiting] = 1  # timed out once already
    early = FakeInteraction(waiting)
    await session.on_draw_button(early, hand.hand_id, 1, True)  # type: ignore[arg-type]
    assert session.queued[waiting] == (1, "pat")
    while hand.phase is Phase.DRAWING and hand.private_view(waiting).draws_made == 0:
        other = FakeInteraction(hand.to_act)  # type: ignore[arg-type]
        await session.on_draw_button(other, hand.hand_id, 1, True)  # type: ignore[arg-type]
    assert hand.private_view(waiting).draws_made == 1
    assert session.timeouts.get(waiting, 0) == 0


async def test_a_click_is_answered_while_a_table_edit_is_stuck(session: TableSession) -> None:
    """A table edit held up by Discord (a rate limit makes discord.py wait) must not hold up
    the answer to a click: Discord gives an interaction three seconds."""
    import asyncio
    import time

    hand = session.hand
    assert hand is not None
    channel = session.bot.channel  # type: ignore[attr-defined]
    released = asyncio.Event()
    real_partial = channel.get_partial_message

    def stuck_partial(message_id: int) -> Any:
        message = real_partial(message_id)

        async def edit(**kwargs: Any) -> Any:
            await released.wait()
            return message

        message.edit = edit
        return message

    channel.get_partial_message = stuck_partial
    session.bump()
    await wait_until(lambda: session.render_lock.locked())
    started = time.monotonic()
    answer = await asyncio.wait_for(click(session, hand.to_act, "call"), 2)  # type: ignore[arg-type]
    assert time.monotonic() - started < 1
    assert answer.response.calls[0][0] == "edit"
    # /poker table is answered at once too, and the new message becomes the table
    repost = FakeInteraction(ALICE)
    await asyncio.wait_for(session.repost(repost), 2)  # type: ignore[arg-type]
    assert repost.response.calls[0][0] == "send" and session.message_id == 9999
    # once the stuck edit lands, the table is rendered again with the latest state
    version = session.version
    released.set()
    channel.get_partial_message = real_partial
    await wait_until(lambda: session.rendered_version >= version)
