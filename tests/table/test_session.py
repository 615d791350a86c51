"""Table session rules on a real store: sit-outs, timeouts, leaving, settling, closing,
resuming from the journal after a restart. Tables are opened through the registry, as the
bot does; the Discord side is the fake client."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import bot.table.session as session_module
from bot.engine import Hand, Phase
from bot.messages import t
from bot.replies import Refused
from bot.store import NotSeated, Store
from bot.table.inputs import Timeout
from bot.table.session import TableSession
from tests.table._helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeMessage,
    Tables,
    shown_text,
    stop,
    wait_until,
)


async def time_out(session: TableSession) -> int:
    """Make the current decision time out now; returns who timed out."""
    hand = session.hand
    assert hand is not None and hand.to_act is not None
    player = hand.to_act
    await session.handle(Timeout(hand.action_count))
    return player


async def next_hand(session: TableSession, after: int | None) -> Hand:
    """The next hand dealt whose id is not ``after``."""
    return await wait_until(
        lambda: session.hand if session.hand is not None and session.hand.hand_id != after else None
    )


async def play_aggressively(session: TableSession, hand: Hand) -> None:
    """One decision of the player to act: stand pat, bet or raise when allowed, else call."""
    async with session._lock:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, [])
        elif hand.legal().can_bet_or_raise:
            hand.bet_or_raise(player)
        else:
            hand.check_or_call(player)
        await session._after_action()


async def test_two_timeouts_in_a_row_sit_a_player_out(
    store: Store, tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    session = table.session
    # What the database holds the moment the settlement commits: a restart right after it
    # must not forget who sits out, so the sit-out is part of the settlement itself.
    out_at_settle: set[int] = set()
    settle = store.hands.settle

    async def settle_and_look(*args: Any, **kwargs: Any) -> None:
        await settle(*args, **kwargs)
        seats = await store.tables.seats(session.table_id)
        out_at_settle.update(s.user_id for s in seats if s.sitting_out)

    monkeypatch.setattr(store.hands, "settle", settle_and_look)
    streaks: dict[int, int] = {}
    sat_out: set[int] = set()
    hand_id = None
    for _ in range(3):
        hand = await next_hand(session, hand_id)
        hand_id = hand.hand_id
        while session.hand is hand and not hand.is_complete:
            player = await time_out(session)
            streaks[player] = streaks.get(player, 0) + 1
        for player, count in streaks.items():
            if count >= 2:
                sat_out.add(player)
        seats = {s.user_id: s for s in await store.tables.seats(session.table_id)}
        assert {u for u, s in seats.items() if s.sitting_out} == sat_out == out_at_settle
        if sat_out:
            break
    assert sat_out, "someone must time out twice within three hands heads-up"
    assert session.hand is None  # one player left: no new hand
    await wait_until(lambda: any("timed out twice" in x for x in table.channel.texts()))
    report = await store.audit.check()
    assert report.ok, report.format()


async def test_leaving_mid_hand_folds_and_cashes_out_after_settle(
    store: Store, tables: Tables
) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400))
    session = table.session
    hand = await next_hand(session, None)
    leaver = next(p for p in hand.player_ids if p != hand.to_act)
    now, _ = await session.leave(leaver)
    assert now is False
    assert (await session.leave(leaver)) == (False, -1)
    wallet_before = await store.wallets.balance(GUILD, leaver)
    while session.hand is hand and not hand.is_complete:
        await time_out(session)
    assert hand.private_view(leaver).folded
    assert await store.tables.seat_of(session.table_id, leaver) is None
    assert hand.result is not None
    final = hand.result.final_stacks[leaver]
    assert await store.wallets.balance(GUILD, leaver) == wallet_before + final
    assert (await store.audit.check()).ok


async def test_leaving_between_hands_cashes_out_at_once(store: Store, tables: Tables) -> None:
    session = (await tables.open((ALICE, "Alice", 400))).session
    before = await store.wallets.balance(GUILD, ALICE)
    now, amount = await session.leave(ALICE)
    assert (now, amount) == (True, 400)
    assert await store.wallets.balance(GUILD, ALICE) == before + 400
    with pytest.raises(NotSeated):
        await session.leave(ALICE)


async def test_sit_in_refuses_busted_and_seated_players(tables: Tables) -> None:
    session = (await tables.open((ALICE, "Alice", 400))).session
    with pytest.raises(Refused, match=t("not_sitting_out")):
        await session.sit_in(ALICE)
    await session.sit_out(ALICE)
    with pytest.raises(Refused, match=t("already_sitting_out")):
        await session.sit_out(ALICE)
    await session.sit_in(ALICE)
    with pytest.raises(NotSeated):
        await session.sit_in(BOB)


async def test_journal_resumes_the_same_hand(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400))
    session = table.session
    hand = await next_hand(session, None)
    await time_out(session)
    to_act = hand.to_act
    assert to_act is not None
    records = len(hand.records)
    session.notes.timeouts[to_act] = 1
    await stop(table)
    unfinished = await store.hands.unfinished()
    assert len(unfinished) == 1
    hand_id, table_id, state = unfinished[0]
    assert table_id == session.table_id and state is not None
    restarted = await tables.reopen()
    resumed = restarted.session
    assert resumed is not session
    assert resumed.hand is not None
    assert resumed.hand.hand_id == hand_id
    assert resumed.hand.to_act == to_act
    assert len(resumed.hand.records) == records
    assert resumed.notes.timeouts[to_act] == 1
    assert resumed.timers.deadline is not None
    await wait_until(lambda: any("restarted" in text for text in restarted.channel.texts()))


async def test_unreadable_journal_voids_and_refunds(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    hand = await next_hand(table.session, None)
    await stop(table)
    await store.hands.journal(hand.hand_id, {"hand": {"version": -1}})
    restarted = await tables.reopen()
    resumed = restarted.session
    assert resumed.hand is None or resumed.hand.hand_id != hand.hand_id
    stacks = {s.user_id: s.stack for s in await store.tables.seats(resumed.table_id)}
    assert stacks == {ALICE: 400, BOB: 400}
    await wait_until(lambda: any("refunded" in text for text in restarted.channel.texts()))
    assert (await store.audit.check()).ok


def button_of(hand: Hand) -> int:
    return next(s.seat for s in hand.public_view().seats if s.is_button)


async def test_a_hand_a_restart_calls_off_is_dealt_again_with_its_button(
    store: Store, tables: Tables
) -> None:
    """A misdeal: the hand dealt again after a restart could not resume it has the button the
    called-off hand had (the store moved the button with it: moved again, the button would
    skip a seat and a player their blinds), and the store's button, while the table waits to
    deal, is the seat before it (as before the hand: what an MTT's balancing reads)."""
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400))
    second = await next_hand(table.session, None)
    await stop(table)
    button = button_of(second)
    seats = sorted(s.seat for s in await store.tables.seats(table.session.table_id))
    await store.hands.journal(second.hand_id, {"hand": {"version": -1}})
    restarted = await tables.reopen(hand_pause=30.0)  # (no deal yet: the store's button read)
    assert (await store.hands.record(second.hand_id)).status == "voided"
    table_row = await store.tables.get(restarted.session.table_id)
    assert table_row.button_seat == seats[(seats.index(button) - 1) % len(seats)]
    await stop(restarted)
    again = await next_hand((await tables.reopen()).session, second.hand_id)
    assert again.hand_id != second.hand_id and button_of(again) == button
    assert (await store.audit.check()).ok


async def test_prefold_acts_when_the_turn_comes(tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400))
    session = table.session
    hand = await next_hand(session, None)
    first = hand.to_act
    assert first is not None
    view = hand.public_view()
    small_blind = next(s.player_id for s in view.seats if s.is_small_blind)
    big_blind = next(s.player_id for s in view.seats if s.is_big_blind)
    assert first not in (small_blind, big_blind)
    session.notes.prefold.add(small_blind)
    async with session._lock:
        hand.check_or_call(first)
        await session._after_action()
    # the small blind owed chips, so "fold in turn" folded them at once
    assert hand.private_view(small_blind).folded
    assert hand.to_act == big_blind
    assert small_blind not in session.notes.prefold
    # the big blind can check: "fold in turn" checks instead of folding
    session.notes.prefold.add(big_blind)
    async with session._lock:
        await session._after_action()
    assert not hand.private_view(big_blind).folded
    assert hand.phase is Phase.DRAWING


async def test_busted_player_is_sat_out_after_the_hand(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 100), (BOB, "Bob", 100))
    session = table.session
    hand_id = None
    for _ in range(30):
        hand = await next_hand(session, hand_id)
        hand_id = hand.hand_id
        while session.hand is hand and not hand.is_complete:
            await play_aggressively(session, hand)
        seats = await store.tables.seats(session.table_id)
        if any(s.stack == 0 for s in seats):
            busted = next(s for s in seats if s.stack == 0)
            assert busted.sitting_out
            await wait_until(lambda: any("out of chips" in x for x in table.channel.texts()))
            break
    else:
        pytest.fail("nobody busted in 30 capped hands")
    assert (await store.audit.check()).ok


async def test_a_join_does_not_wait_for_a_pending_seat_expiry(tables: Tables) -> None:
    session = (await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))).session
    hand = await next_hand(session, None)
    await session.sit_out(ALICE)
    while session.hand is hand and not hand.is_complete:
        await time_out(session)
    # Alice sits out now: one player left, the session waits for her seat to expire
    await wait_until(lambda: session.hand is None and session.timers._deal is not None)
    assert session.timers._deal_due - time.time() > 60
    seat, mid_hand = await session.join(CAROL, "Carol", 400)
    assert seat.user_id == CAROL and mid_hand is False
    second = await next_hand(session, hand.hand_id)
    assert CAROL in second.player_ids and ALICE not in second.player_ids


async def test_a_hand_that_cannot_be_settled_is_refunded(
    store: Store, tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    session = table.session
    hand = await next_hand(session, None)

    async def broken_settle(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(store.hands, "settle", broken_settle)
    while session.hand is hand and not hand.is_complete:
        await time_out(session)
    stacks = {s.user_id: s.stack for s in await store.tables.seats(session.table_id)}
    assert stacks == {ALICE: 400, BOB: 400}
    await wait_until(lambda: any("called off" in x for x in table.channel.texts()))
    assert (await store.audit.check()).ok


async def test_close_waits_for_the_hand_then_cashes_everyone_out(
    store: Store, tables: Tables
) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    session = table.session
    hand = await next_hand(session, None)
    assert await session.request_close() is False
    assert session.closing and not session.closed
    while session.hand is hand and not hand.is_complete:
        await time_out(session)
    assert session.closed
    assert table.client.tables.by_channel(CHANNEL) is None  # the registry forgot it
    assert await store.tables.seats(session.table_id) == []
    assert hand.result is not None
    final = hand.result.final_stacks
    assert await store.wallets.balance(GUILD, ALICE) == 600 + final[ALICE]
    assert await store.wallets.balance(GUILD, BOB) == 600 + final[BOB]
    assert (await store.audit.check()).ok


async def test_a_closing_table_restored_between_hands_closes(store: Store, tables: Tables) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    await store.tables.buy_in(table.id, ALICE, "Alice", 400)
    await store.tables.buy_in(table.id, BOB, "Bob", 400)
    await store.tables.set_status(table.id, "closing")
    restarted = await tables.reopen()
    session = restarted.session
    await wait_until(lambda: session.closed)
    assert session.hand is None
    assert await store.wallets.balance(GUILD, ALICE) == 1000


async def test_a_leaver_left_over_by_a_restart_is_cashed_out(store: Store, tables: Tables) -> None:
    """A restart between hands.settle and the leaver's cash-out leaves a seat marked leaving:
    the restored table cashes it out instead of keeping the chips on a seat nobody uses."""
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.tables.buy_in(table.id, user_id, name, 400)
    await store.tables.update_seat(table.id, CAROL, leaving=True)
    session = (await tables.reopen()).session
    hand = await next_hand(session, None)
    assert CAROL not in hand.player_ids
    assert await store.tables.seat_of(table.id, CAROL) is None
    assert await store.wallets.balance(GUILD, CAROL) == 1000
    assert (await store.audit.check()).ok


async def test_a_failed_resume_logs_and_stores_no_engine_text(
    store: Store,
    tables: Tables,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The text of an arbitrary error while loading a journal may quote the hidden cards it
    holds: it must not reach a log line at INFO or above, nor the void reason players read."""
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    hand_id = (await next_hand(table.session, None)).hand_id
    await stop(table)
    assert await store.hands.journal_state(hand_id) is not None

    def broken(data: Any) -> Any:
        raise ValueError("hole cards 7s5d4c3h2s do not fit")

    monkeypatch.setattr(Hand, "from_json", broken)
    caplog.set_level("DEBUG")
    await tables.reopen()
    record = await store.hands.record(hand_id)
    assert record.status == "voided"
    assert "7s" not in (record.void_reason or "")
    loud = [r.getMessage() for r in caplog.records if r.levelno >= 20]
    assert loud and not any("7s" in line for line in loud)
    assert (await store.audit.check()).ok


async def test_a_network_error_does_not_stop_the_outbox_or_the_table_edits(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dropped connection (not an HTTPException) on one channel message or one table edit
    must not end the loops: every later result and table change would silently vanish."""
    table = await tables.open((ALICE, "Alice", 400))
    session, channel = table.session, table.channel
    await wait_until(lambda: session.io.message_id is not None)
    real_send = channel.send
    failures = {"send": 1, "edit": 1}

    async def flaky_send(**kwargs: Any) -> Any:
        if failures["send"]:
            failures["send"] -= 1
            raise ConnectionResetError("connection reset by peer")
        return await real_send(**kwargs)

    real_partial = channel.get_partial_message

    def flaky_partial(message_id: int) -> Any:
        message = real_partial(message_id)
        real_edit = message.edit

        async def edit(**kwargs: Any) -> Any:
            if failures["edit"]:
                failures["edit"] -= 1
                raise ConnectionResetError("connection reset by peer")
            return await real_edit(**kwargs)

        monkeypatch.setattr(message, "edit", edit)
        return message

    monkeypatch.setattr(channel, "send", flaky_send)
    monkeypatch.setattr(channel, "get_partial_message", flaky_partial)
    session.io.post(content="first")
    session.io.post(content="second")
    await wait_until(lambda: any("second" in x for x in channel.texts()))
    edits = len(channel.edits)
    session.closing = True  # a real change (an identical table is not edited again)
    session.io.mark_changed()  # this edit fails, and is retried without another change
    await wait_until(lambda: failures["edit"] == 0)
    await wait_until(lambda: len(channel.edits) > edits, timeout=5)


async def test_a_failed_deal_is_retried_not_left_to_stall(
    store: Store, tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store hiccup while dealing (hands.begin raising) used to end the next-hand task for
    good: the table sat idle with two players until someone joined or sat in."""
    monkeypatch.setattr(session_module, "DEAL_RETRY_SECONDS", 0.05)
    real_begin = store.hands.begin
    failures = [RuntimeError("database is locked")]

    async def flaky_begin(*args: Any, **kwargs: Any) -> int:
        if failures:
            raise failures.pop()
        return await real_begin(*args, **kwargs)

    monkeypatch.setattr(store.hands, "begin", flaky_begin)
    session = (await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))).session
    hand = await next_hand(session, None)
    assert not failures and set(hand.player_ids) == {ALICE, BOB}
    assert (await store.audit.check()).ok


async def test_an_all_in_player_who_leaves_has_a_dead_hand(store: Store, tables: Tables) -> None:
    """RULES: leaving mid-hand folds the hand. An all-in player never gets another turn to
    fold at, so the session must tell the engine (Hand.leave): the hand is dead at once."""
    table = await tables.open((ALICE, "Alice", 100), (BOB, "Bob", 400), (CAROL, "Carol", 400))
    session = table.session
    hand = await next_hand(session, None)
    # everybody bets or calls until Alice (100 chips) is all-in
    while not hand.is_complete and hand.private_view(ALICE).folded is False:
        view = hand.public_view()
        alice = next(s for s in view.seats if s.player_id == ALICE)
        if alice.state == "all-in":
            break
        await play_aggressively(session, hand)
    assert not hand.is_complete and ALICE not in (hand.to_act,)
    assert await session.leave(ALICE) == (False, 0)
    assert ALICE in hand.leaving
    while session.hand is hand and not hand.is_complete:
        await time_out(session)
    result = hand.result
    assert result is not None and ALICE not in result.winners
    assert ALICE not in result.shown_hands
    assert await store.tables.seat_of(session.table_id, ALICE) is None
    assert (await store.audit.check()).ok


async def test_one_player_sees_no_next_hand_countdown(tables: Tables) -> None:
    """Issue 10: a table that cannot deal (one player, or everyone else sitting out) shows
    "waiting for players", never a "Next hand" countdown that then flips."""
    table = await tables.open((ALICE, "Alice", 400))
    session = table.session
    await wait_until(lambda: session.io.message_id is not None)
    assert session.timers.next_hand_at is None
    shown = [shown_text(k) for k in table.channel.sent if k.get("view") is not None]
    shown += [shown_text(k) for _, k in table.channel.edits if k.get("view") is not None]
    assert shown and not any("Next hand" in text for text in shown)
    assert any("Waiting for players" in text for text in shown)


async def test_an_edit_that_would_change_nothing_is_skipped(tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 400))
    session = table.session
    await wait_until(lambda: session.io.message_id is not None)
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    edits = len(table.channel.edits)
    session.io.mark_changed()  # nothing changed
    await session.io.push_table()
    assert len(table.channel.edits) == edits
    session.closing = True  # a real change is edited in
    session.io.mark_changed()
    await session.io.push_table()
    assert len(table.channel.edits) == edits + 1


async def test_a_result_lost_by_a_crash_is_posted_after_the_restart(
    store: Store, tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10: a crash after a hand is settled and before its result is posted must not lose
    the result: the restart posts every settled result the channel never saw, once."""
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    session = table.session
    hand = await next_hand(session, None)
    real_send, real_edit = table.channel.send, FakeMessage.edit

    def dies_on_result(kwargs: dict[str, Any]) -> None:
        if "result" in shown_text(kwargs):
            raise ConnectionResetError("the process died here")

    async def crashing_send(**kwargs: Any) -> Any:
        dies_on_result(kwargs)
        return await real_send(**kwargs)

    async def crashing_edit(message: FakeMessage, **kwargs: Any) -> Any:
        dies_on_result(kwargs)  # the result takes the table message's place
        return await real_edit(message, **kwargs)

    monkeypatch.setattr(table.channel, "send", crashing_send)
    monkeypatch.setattr(FakeMessage, "edit", crashing_edit)
    while session.hand is hand:
        await time_out(session)
    assert (await store.hands.record(hand.hand_id)).status == "settled"
    await stop(table)
    assert [h.id for h in await store.hands.unannounced(session.table_id)] == [hand.hand_id]
    restarted = await tables.reopen()
    title = f"Hand #{hand.hand_id} result"
    await wait_until(lambda: any(title in text for text in restarted.channel.texts()))
    for _ in range(250):  # marked once its message went out
        if not await store.hands.unannounced(session.table_id):
            break
        await asyncio.sleep(0.02)
    assert await store.hands.unannounced(session.table_id) == []
    again = await tables.reopen()
    await stop(again)
    assert not any(title in text for text in again.channel.texts())
