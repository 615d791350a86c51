"""Table session rules that need no Discord: button rotation, sit-outs, timeouts, leaving,
settling, resuming from the journal. The store is the real one on a temporary database."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Hand, Phase
from bot.session import TableSession, eligible_seats, expired_sitouts, next_button, target_draw
from bot.store import Store
from tests.bot.fakes import FakeBot, seat_row, wait_until

GUILD, CHANNEL = 10, 20
ALICE, BOB, CAROL = 101, 202, 303


def test_button_moves_clockwise_skipping_empty_seats() -> None:
    assert next_button(None, [3, 1, 4]) == 1
    assert next_button(1, [1, 3, 4]) == 3
    assert next_button(3, [1, 4]) == 4
    assert next_button(4, [1, 3, 4]) == 1
    assert next_button(5, [0, 2]) == 0
    assert next_button(2, [2]) == 2
    with pytest.raises(ValueError):
        next_button(0, [])


def test_eligible_seats_skip_sitting_out_leaving_and_busted() -> None:
    seats = [
        seat_row(0, 1, "a", 100),
        seat_row(1, 2, "b", 0),
        seat_row(2, 3, "c", 100, sitting_out=True, sat_out_at=10.0),
        seat_row(3, 4, "d", 100, leaving=True),
        seat_row(4, 5, "e", 1),
    ]
    assert [s.user_id for s in eligible_seats(seats)] == [1, 5]


def test_sat_out_seats_expire_after_the_keep_time() -> None:
    seats = [
        seat_row(0, 1, "a", 100, sitting_out=True, sat_out_at=1000.0),
        seat_row(1, 2, "b", 100, sitting_out=True, sat_out_at=1500.0),
        seat_row(2, 3, "c", 100),
    ]
    assert [s.user_id for s in expired_sitouts(seats, 1600.0, 600)] == [1]
    assert expired_sitouts(seats, 1599.0, 600) == []


def test_target_draw() -> None:
    assert [target_draw(n) for n in range(4)] == [1, 2, 3, None]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(str(tmp_path / "deuce.db"))
    try:
        yield opened
    finally:
        await opened.close()


async def seated_session(store: Store, *stacks: tuple[int, str, int]) -> TableSession:
    table = await store.get_or_create_table(GUILD, CHANNEL)
    for user_id, name, amount in stacks:
        await store.buy_in(table.id, user_id, name, amount)
    bot = FakeBot(store)
    session = TableSession(bot, table)  # type: ignore[arg-type]
    bot.sessions[CHANNEL] = session
    await session.restore(None)
    return session


async def time_out(session: TableSession) -> int:
    """Make the current decision time out now; returns who timed out."""
    hand = session.hand
    assert hand is not None and hand.to_act is not None
    player = hand.to_act
    await session._timer(hand.action_count, 0)
    return player


async def next_hand(session: TableSession, after: int | None) -> Hand:
    hand = await wait_until(
        lambda: session.hand is not None and session.hand_id != after and session.hand
    )
    assert isinstance(hand, Hand)
    return hand


async def play_aggressively(session: TableSession, hand: Hand) -> None:
    """One decision of the player to act: stand pat, bet or raise when allowed, else call."""
    async with session.lock:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, [])
        elif hand.legal().can_bet_or_raise:
            hand.bet_or_raise(player)
        else:
            hand.check_or_call(player)
        await session._after_action()


async def shutdown(session: TableSession) -> None:
    await session.shutdown()


async def test_two_timeouts_in_a_row_sit_a_player_out(store: Store, monkeypatch: Any) -> None:
    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    # What the database holds the moment the settlement commits: a restart right after it
    # must not forget who sits out, so the sit-out is part of the settlement itself.
    out_at_settle: set[int] = set()
    settle = store.settle_hand

    async def settle_and_look(*args: Any, **kwargs: Any) -> None:
        await settle(*args, **kwargs)
        seats = await store.seats(session.table_id)
        out_at_settle.update(s.user_id for s in seats if s.sitting_out)

    monkeypatch.setattr(store, "settle_hand", settle_and_look)
    try:
        streaks: dict[int, int] = {}
        sat_out: set[int] = set()
        hand_id = None
        for _ in range(3):
            hand = await next_hand(session, hand_id)
            hand_id = session.hand_id
            while session.hand is hand and not hand.is_complete:
                player = await time_out(session)
                streaks[player] = streaks.get(player, 0) + 1
            for player, count in streaks.items():
                if count >= 2:
                    sat_out.add(player)
            seats = {s.user_id: s for s in await store.seats(session.table_id)}
            assert {u for u, s in seats.items() if s.sitting_out} == sat_out == out_at_settle
            if sat_out:
                break
        assert sat_out, "someone must time out twice within three hands heads-up"
        assert session.hand is None  # one player left: no new hand
        await wait_until(
            lambda: any("timed out twice" in x for x in session.bot.channel.texts())  # type: ignore[attr-defined]
        )
        report = await store.audit()
        assert report.ok, report.format()
    finally:
        await shutdown(session)


async def test_leaving_mid_hand_folds_and_cashes_out_after_settle(store: Store) -> None:
    session = await seated_session(
        store, (ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400)
    )
    try:
        hand = await next_hand(session, None)
        leaver = next(p for p in hand.player_ids if p != hand.to_act)
        now, _ = await session.leave(leaver)
        assert now is False
        assert (await session.leave(leaver)) == (False, -1)
        wallet_before = await store.balance(GUILD, leaver)
        while session.hand is hand and not hand.is_complete:
            await time_out(session)
        assert hand.private_view(leaver).folded
        assert await store.seat_of(session.table_id, leaver) is None
        final = hand.result.final_stacks[leaver]  # type: ignore[union-attr]
        assert await store.balance(GUILD, leaver) == wallet_before + final
        assert (await store.audit()).ok
    finally:
        await shutdown(session)


async def test_leaving_between_hands_cashes_out_at_once(store: Store) -> None:
    session = await seated_session(store, (ALICE, "Alice", 400))
    try:
        before = await store.balance(GUILD, ALICE)
        now, amount = await session.leave(ALICE)
        assert (now, amount) == (True, 400)
        assert await store.balance(GUILD, ALICE) == before + 400
    finally:
        await shutdown(session)


async def test_sit_in_refuses_busted_and_seated_players(store: Store) -> None:
    from bot.engine import EngineError
    from bot.store import NotSeated

    session = await seated_session(store, (ALICE, "Alice", 400))
    try:
        with pytest.raises(EngineError):
            await session.sit_in(ALICE)
        await session.sit_out(ALICE)
        with pytest.raises(EngineError):
            await session.sit_out(ALICE)
        await session.sit_in(ALICE)
        with pytest.raises(NotSeated):
            await session.sit_in(BOB)
    finally:
        await shutdown(session)


async def test_journal_resumes_the_same_hand(store: Store) -> None:
    session = await seated_session(
        store, (ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400)
    )
    hand = await next_hand(session, None)
    await time_out(session)
    to_act = hand.to_act
    records = len(hand.records)
    session.timeouts[to_act] = 1  # type: ignore[index]
    await session.shutdown()
    unfinished = await store.unfinished_hands()
    assert len(unfinished) == 1
    hand_id, table_id, state = unfinished[0]
    assert table_id == session.table_id and state is not None
    bot = FakeBot(store)
    table = await store.get_or_create_table(GUILD, CHANNEL)
    resumed = TableSession(bot, table)  # type: ignore[arg-type]
    await resumed.restore((hand_id, state))
    try:
        assert resumed.hand is not None
        assert resumed.hand_id == hand_id
        assert resumed.hand.to_act == to_act
        assert len(resumed.hand.records) == records
        assert resumed.timeouts[to_act] == 1  # type: ignore[index]
        assert resumed.deadline is not None
        await wait_until(lambda: any("restarted" in text for text in bot.channel.texts()))
    finally:
        await resumed.shutdown()


async def test_unreadable_journal_voids_and_refunds(store: Store) -> None:
    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    await next_hand(session, None)
    hand_id = session.hand_id
    await session.shutdown()
    bot = FakeBot(store)
    table = await store.get_or_create_table(GUILD, CHANNEL)
    resumed = TableSession(bot, table)  # type: ignore[arg-type]
    await resumed.restore((hand_id, {"hand": {"version": -1}}))  # type: ignore[arg-type]
    try:
        assert resumed.hand_id != hand_id or resumed.hand is None
        stacks = {s.user_id: s.stack for s in await store.seats(table.id)}
        assert stacks == {ALICE: 400, BOB: 400}
        await wait_until(lambda: any("refunded" in text for text in bot.channel.texts()))
        assert (await store.audit()).ok
    finally:
        await resumed.shutdown()


async def test_prefold_acts_when_the_turn_comes(store: Store) -> None:
    session = await seated_session(
        store, (ALICE, "Alice", 400), (BOB, "Bob", 400), (CAROL, "Carol", 400)
    )
    try:
        hand = await next_hand(session, None)
        first = hand.to_act
        view = hand.public_view()
        small_blind = next(s.player_id for s in view.seats if s.is_small_blind)
        big_blind = next(s.player_id for s in view.seats if s.is_big_blind)
        assert first not in (small_blind, big_blind)
        session.prefold.add(small_blind)
        async with session.lock:
            hand.check_or_call(first)  # type: ignore[arg-type]
            await session._after_action()
        # the small blind owed chips, so "fold in turn" folded them at once
        assert hand.private_view(small_blind).folded
        assert hand.to_act == big_blind
        assert small_blind not in session.prefold
        # the big blind can check: "fold in turn" checks instead of folding
        session.prefold.add(big_blind)
        async with session.lock:
            await session._after_action()
        assert not hand.private_view(big_blind).folded
        assert hand.phase is Phase.DRAWING
    finally:
        await shutdown(session)


async def test_busted_player_is_sat_out_after_the_hand(store: Store) -> None:
    session = await seated_session(store, (ALICE, "Alice", 100), (BOB, "Bob", 100))
    try:
        hand_id = None
        for _ in range(30):
            hand = await next_hand(session, hand_id)
            hand_id = session.hand_id
            while session.hand is hand and not hand.is_complete:
                await play_aggressively(session, hand)
            seats = await store.seats(session.table_id)
            if any(s.stack == 0 for s in seats):
                busted = next(s for s in seats if s.stack == 0)
                assert busted.sitting_out
                await wait_until(
                    lambda: any("out of chips" in x for x in session.bot.channel.texts())  # type: ignore[attr-defined]
                )
                break
        else:
            pytest.fail("nobody busted in 30 capped hands")
        assert (await store.audit()).ok
    finally:
        await shutdown(session)


async def test_a_join_does_not_wait_for_a_pending_seat_expiry(store: Store) -> None:
    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    try:
        hand = await next_hand(session, None)
        await session.sit_out(ALICE)
        while session.hand is hand and not hand.is_complete:
            await time_out(session)
        # Alice sits out now: one player left, the session waits for her seat to expire
        await wait_until(lambda: session.hand is None and session._next_task is not None)
        assert session._next_due - time.time() > 60
        await store.buy_in(session.table_id, CAROL, "Carol", 400)
        async with session.lock:
            await session.wake()
        second = await next_hand(session, hand.hand_id)
        assert CAROL in second.player_ids and ALICE not in second.player_ids
    finally:
        await shutdown(session)


async def test_a_hand_that_cannot_be_settled_is_refunded(store: Store, monkeypatch: Any) -> None:
    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    try:
        hand = await next_hand(session, None)

        async def broken_settle(*args: Any, **kwargs: Any) -> None:
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(store, "settle_hand", broken_settle)
        while session.hand is hand and not hand.is_complete:
            await time_out(session)
        stacks = {s.user_id: s.stack for s in await store.seats(session.table_id)}
        assert stacks == {ALICE: 400, BOB: 400}
        await wait_until(
            lambda: any("called off" in x for x in session.bot.channel.texts())  # type: ignore[attr-defined]
        )
        assert (await store.audit()).ok
    finally:
        await shutdown(session)


async def test_close_waits_for_the_hand_then_cashes_everyone_out(store: Store) -> None:
    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    try:
        hand = await next_hand(session, None)
        assert await session.request_close() is False
        assert session.closing and not session.closed
        while session.hand is hand and not hand.is_complete:
            await time_out(session)
        assert session.closed
        assert await store.seats(session.table_id) == []
        assert hand.result is not None
        final = hand.result.final_stacks
        assert await store.balance(GUILD, ALICE) == 600 + final[ALICE]
        assert await store.balance(GUILD, BOB) == 600 + final[BOB]
        assert (await store.audit()).ok
    finally:
        await shutdown(session)


async def test_a_closing_table_restored_between_hands_closes(store: Store) -> None:
    table = await store.get_or_create_table(GUILD, CHANNEL)
    await store.buy_in(table.id, ALICE, "Alice", 400)
    await store.buy_in(table.id, BOB, "Bob", 400)
    await store.set_table_status(table.id, "closing")
    table = await store.get_or_create_table(GUILD, CHANNEL)
    bot = FakeBot(store)
    session = TableSession(bot, table)  # type: ignore[arg-type]
    await session.restore(None)
    try:
        await wait_until(lambda: session.closed)
        assert session.hand is None
        assert await store.balance(GUILD, ALICE) == 1000
    finally:
        await shutdown(session)


async def test_a_leaver_left_over_by_a_restart_is_cashed_out(store: Store) -> None:
    """A restart between settle_hand and the leaver's cash-out leaves a seat marked leaving:
    the restored table cashes it out instead of keeping the chips on a seat nobody uses."""
    table = await store.get_or_create_table(GUILD, CHANNEL)
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.buy_in(table.id, user_id, name, 400)
    await store.update_seat(table.id, CAROL, leaving=True)
    bot = FakeBot(store)
    session = TableSession(bot, table)  # type: ignore[arg-type]
    await session.restore(None)
    try:
        hand = await next_hand(session, None)
        assert CAROL not in hand.player_ids
        assert await store.seat_of(table.id, CAROL) is None
        assert await store.balance(GUILD, CAROL) == 1000
        assert (await store.audit()).ok
    finally:
        await shutdown(session)


async def test_a_failed_resume_logs_and_stores_no_engine_text(
    store: Store, monkeypatch: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The text of an arbitrary error while loading a journal may quote the hidden cards it
    holds: it must not reach a log line at INFO or above, nor the void reason players read."""
    from bot.engine import Hand

    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    await next_hand(session, None)
    hand_id = session.hand_id
    await session.shutdown()
    state = await store.journal_state(hand_id)  # type: ignore[arg-type]

    def broken(data: Any) -> Any:
        raise ValueError("hole cards 7s5d4c3h2s do not fit")

    monkeypatch.setattr(Hand, "from_json", broken)
    bot = FakeBot(store)
    table = await store.get_or_create_table(GUILD, CHANNEL)
    resumed = TableSession(bot, table)  # type: ignore[arg-type]
    caplog.set_level("DEBUG")
    await resumed.restore((hand_id, state))  # type: ignore[arg-type]
    try:
        record = await store.hand(hand_id)  # type: ignore[arg-type]
        assert record.status == "voided"
        assert "7s" not in (record.void_reason or "")
        loud = [r.getMessage() for r in caplog.records if r.levelno >= 20]
        assert loud and not any("7s" in line for line in loud)
        assert (await store.audit()).ok
    finally:
        await resumed.shutdown()


async def test_a_network_error_does_not_stop_the_outbox_or_the_table_edits(
    store: Store,
) -> None:
    """A dropped connection (not an HTTPException) on one channel message or one table edit
    must not end the loops: every later result and table change would silently vanish."""
    session = await seated_session(store, (ALICE, "Alice", 400))
    channel = session.bot.channel  # type: ignore[attr-defined]
    try:
        await wait_until(lambda: session.message_id is not None)
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

            message.edit = edit
            return message

        channel.send = flaky_send
        channel.get_partial_message = flaky_partial
        session.post(content="first")
        session.post(content="second")
        await wait_until(lambda: any("second" in x for x in channel.texts()))
        edits = len(channel.edits)
        session.bump()  # this edit fails, and is retried without another change
        await wait_until(lambda: failures["edit"] == 0)
        await wait_until(lambda: len(channel.edits) > edits, timeout=5)
    finally:
        await shutdown(session)


async def test_a_failed_deal_is_retried_not_left_to_stall(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store hiccup while dealing (begin_hand raising) used to end the next-hand task for
    good: the table sat idle with two players until someone joined or sat in."""
    import bot.session as session_module

    monkeypatch.setattr(session_module, "DEAL_RETRY_SECONDS", 0.05)
    real_begin = store.begin_hand
    failures = [RuntimeError("database is locked")]

    async def flaky_begin(*args: Any, **kwargs: Any) -> int:
        if failures:
            raise failures.pop()
        return await real_begin(*args, **kwargs)

    monkeypatch.setattr(store, "begin_hand", flaky_begin)
    session = await seated_session(store, (ALICE, "Alice", 400), (BOB, "Bob", 400))
    try:
        hand = await next_hand(session, None)
        assert not failures and set(hand.player_ids) == {ALICE, BOB}
        assert (await store.audit()).ok
    finally:
        await shutdown(session)


async def test_an_all_in_player_who_leaves_has_a_dead_hand(store: Store) -> None:
    """RULES: leaving mid-hand folds the hand. An all-in player never gets another turn to
    fold at, so the session must tell the engine (Hand.leave): the hand is dead at once."""
    session = await seated_session(
        store, (ALICE, "Alice", 100), (BOB, "Bob", 400), (CAROL, "Carol", 400)
    )
    try:
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
        assert await store.seat_of(session.table_id, ALICE) is None
        assert (await store.audit()).ok
    finally:
        await shutdown(session)
