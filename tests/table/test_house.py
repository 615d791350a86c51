"""House players at a table (``bot/table/house.py``) on a real store: they decide from the
public view and their own private view only, buy in from the house's wallet and give their
chips back to it, make room for members, leave with the last one, and play on after a
restart."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from bot.engine import Hand, Phase, PrivateView, PublicView
from bot.house import Decision, Style, decide
from bot.house.accounts import HOUSE_ACCOUNT_ID, is_house
from bot.replies import Refused
from bot.store import Store
from bot.table import seating
from bot.table.session import TableSession
from tests.table._helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    Tables,
    seat_row,
    stop,
    wait_until,
)

BUY_IN = 400
"""The table's default buy-in: what each house player brings."""


async def member_acts(session: TableSession, member: int) -> None:
    """The member's decision as a click would make it: stand pat, or check/call."""
    async with session._lock:
        hand = session.hand
        if hand is None or hand.is_complete or hand.to_act != member:
            return
        if hand.phase is Phase.DRAWING:
            hand.draw(member, [])
        else:
            hand.check_or_call(member)
        await session._after_action()


async def play_hands(session: TableSession, member: int, count: int) -> list[Hand]:
    """Let ``count`` hands be dealt and played to the end, the member acting when it is their
    turn and the house on its own; returns the hands."""
    played: list[Hand] = []
    while len(played) < count:
        hand = await wait_until(
            lambda: session.hand if session.hand not in (None, *played) else None
        )
        while not hand.is_complete:
            if hand.to_act == member:
                await member_acts(session, member)
            else:
                await wait_until(lambda h=hand: h.is_complete or h.to_act == member)  # type: ignore[misc]
        played.append(hand)
    return played


async def finish_hand(session: TableSession, member: int) -> None:
    """Play the running hand (if any) to its end, the member checking and standing pat."""
    hand = session.hand
    while hand is not None and not hand.is_complete:
        if hand.to_act == member:
            await member_acts(session, member)
        else:
            await wait_until(lambda h=hand: h.is_complete or h.to_act == member)  # type: ignore[misc]


def house_seats(seats: list[Any]) -> list[Any]:
    return [s for s in seats if is_house(s.user_id)]


def test_house_ids_cannot_be_discord_ids() -> None:
    assert is_house(HOUSE_ACCOUNT_ID) and is_house(1) and is_house(99)
    assert not is_house(100) and not is_house(ALICE)
    assert not is_house(175928847299117063)  # a real snowflake


def test_house_players_are_dealt_in_only_beside_a_member() -> None:
    house = [seat_row(0, 1, "Ada", 400), seat_row(1, 2, "Alan", 400)]
    assert seating.dealt_in(house) == []
    member = seat_row(2, ALICE, "Alice", 400)
    assert [s.user_id for s in seating.dealt_in([*house, member])] == [1, 2, ALICE]
    away = seat_row(2, ALICE, "Alice", 400, sitting_out=True, sat_out_at=1.0)
    assert seating.dealt_in([*house, away]) == []


async def test_house_players_decide_from_the_public_and_their_own_private_view(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await tables.open((ALICE, "Alice", 1000))
    session = table.session
    shown: list[tuple[PublicView, PrivateView, int]] = []

    def watching(
        public: PublicView, private: PrivateView, style: Style, rng: random.Random
    ) -> Decision:
        hand = session.hand
        assert hand is not None and hand.to_act is not None
        assert is_house(hand.to_act)
        assert public == hand.public_view(recent=0)
        assert private == hand.private_view(hand.to_act)
        shown.append((public, private, hand.to_act))
        return decide(public, private, style, rng)

    asked: list[tuple[int, int | None]] = []
    private_view = Hand.private_view

    def spying(hand: Hand, player_id: int) -> PrivateView:
        if sys._getframe(1).f_globals.get("__name__") == "bot.table.house":
            asked.append((player_id, hand.to_act))
        return private_view(hand, player_id)

    monkeypatch.setattr(Hand, "private_view", spying)
    session.house.decide = watching
    assert await session.house.add(3, "solid") == 3
    hands = await play_hands(session, ALICE, 4)
    assert shown, "the house never acted"
    for public, private, player_id in shown:
        assert private.player_id == player_id and public.hand_id == private.hand_id
        assert not hasattr(public, "deck")
    # the house asked for no private view but the one of the house player to act
    assert asked and all(player == to_act for player, to_act in asked)
    assert all(h.result is not None for h in hands)
    assert session.notes.timeouts.get(ALICE, 0) == 0
    assert not any(session.notes.timeouts.get(s.user_id) for s in house_seats(session.seats))


async def test_house_chips_come_from_and_go_back_to_the_house_wallet(
    store: Store, tables: Tables
) -> None:
    table = await tables.open((ALICE, "Alice", 1000))
    session = table.session
    assert await store.house.balance(GUILD) == 0
    assert await session.house.add(2, "loose") == 2
    seats = house_seats(await store.tables.seats(session.table_id))
    assert [(s.stack, s.dm_ok) for s in seats] == [(BUY_IN, False)] * 2
    assert await store.house.players(session.table_id) == {1: "loose", 2: "loose"}
    entries = await store.audit.ledger_entries()
    house_wallet = f"wallet:{GUILD}:{HOUSE_ACCOUNT_ID}"
    minted = sum(a for kind, acc, a in entries if kind == "grant" and acc == house_wallet)
    assert minted == 2 * BUY_IN  # the float is minted, never made from nothing
    hands = await play_hands(session, ALICE, 3)
    assert all(h.result is not None for h in hands)
    assert (await store.audit.check()).ok
    await session.house.remove(None)  # now, or after the hand being played
    await finish_hand(session, ALICE)
    await wait_until(lambda: not house_seats(session.seats))
    assert session.hand is None  # a member alone is dealt no hand
    report = await store.audit.check()
    assert report.ok, report.problems
    house = await store.house.balance(GUILD)
    alice = (await store.wallets.balance(GUILD, ALICE)) + session.chips_of(ALICE)
    assert alice + house == 1000 + minted and report.open_pots == 0
    assert await store.house.players(session.table_id) == {}


async def test_a_member_joining_a_full_table_gets_a_house_seat_at_once_between_hands(
    store: Store, tables: Tables
) -> None:
    table = await tables.open((ALICE, "Alice", 1000), hand_pause=60)
    session = table.session
    assert await session.house.add(9, "solid") == 5  # six seats: five were free
    assert session.hand is None
    seat, running = await session.join(BOB, "Bob", None)
    assert not running and not is_house(seat.user_id)
    seats = await store.tables.seats(session.table_id)
    assert len(seats) == 6 and len(house_seats(seats)) == 4
    assert any("stands up" in text for text in table.channel.texts())
    assert (await store.audit.check()).ok


async def test_a_member_joining_a_full_table_mid_hand_sits_after_the_hand(
    store: Store, tables: Tables
) -> None:
    table = await tables.open((ALICE, "Alice", 1000), house_pause=0.05)
    session = table.session
    assert await session.house.add(5, "solid") == 5
    await wait_until(lambda: session.hand)
    with pytest.raises(Refused, match="stands up when this hand ends"):
        await session.join(BOB, "Bob", None)
    with pytest.raises(Refused, match="already have a seat coming"):
        await session.join(BOB, "Bob", None)
    leaving = [s for s in await store.tables.seats(session.table_id) if s.leaving]
    assert len(leaving) == 1 and is_house(leaving[0].user_id)
    await finish_hand(session, ALICE)
    bob = await wait_until(lambda: [s for s in session.seats if s.user_id == BOB])
    assert bob[0].seat == leaving[0].seat
    seats = await store.tables.seats(session.table_id)
    assert len(seats) == 6 and leaving[0].user_id not in {s.user_id for s in seats}
    assert (await store.audit.check()).ok


async def test_the_house_leaves_with_the_last_member(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 1000), hand_pause=60)
    session = table.session
    await session.house.add(2, "solid")
    assert await session.leave(ALICE) == (True, 1000)
    assert await store.tables.seats(session.table_id) == []
    assert await store.house.players(session.table_id) == {}
    assert await store.house.balance(GUILD) == 2 * BUY_IN
    assert (await store.audit.check()).ok


async def test_fill_seats_the_house_when_a_member_sits_down(store: Store, tables: Tables) -> None:
    await store.house.set_fill(GUILD, None, 4, "loose")  # the server's default
    table = await tables.open(hand_pause=60)
    session = table.session
    assert await store.tables.seats(session.table_id) == []  # nobody to play with: no house either
    await session.join(ALICE, "Alice", None)
    seats = await store.tables.seats(session.table_id)
    assert len(seats) == 4 and len(house_seats(seats)) == 3
    assert set((await store.house.players(session.table_id)).values()) == {"loose"}
    assert await store.house.fill(GUILD, CHANNEL) == (4, "loose")
    await store.house.set_fill(GUILD, CHANNEL, 2, "solid")  # the channel's own wins
    assert await store.house.fill(GUILD, CHANNEL) == (2, "solid")
    with pytest.raises(Refused, match="fill 2 seats"):
        await session.house.remove(1)


async def test_admin_requests_are_checked(tables: Tables) -> None:
    table = await tables.open(hand_pause=60)
    house = table.session.house
    with pytest.raises(Refused, match="only at a table with a member"):
        await house.add(1, "solid")
    with pytest.raises(Refused, match="between 1 and 9"):
        await house.add(0, "solid")
    with pytest.raises(Refused, match="no such style"):
        await house.add(1, "reckless")
    with pytest.raises(Refused, match="no house player"):
        await house.remove(None)
    with pytest.raises(Refused, match="between 1 and 9"):
        await house.remove(0)


async def test_a_resumed_hand_plays_the_house_turns_again(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 1000), house_pause=30)
    session = table.session
    await session.house.add(2, "loose")
    hand = await wait_until(lambda: session.hand)
    while not (hand.to_act is not None and is_house(hand.to_act)):
        await member_acts(session, ALICE)
    number = hand.action_count
    await stop(table)  # the house player was still thinking: its turn is journaled
    again = await tables.reopen(house_pause=0)
    resumed = again.session
    assert resumed.hand is not None and resumed.hand.hand_id == hand.hand_id
    # the house player's turn is planned again on resume, and played
    await wait_until(lambda: resumed.hand is None or resumed.hand.action_count > number)
    assert await store.house.players(resumed.table_id) == {1: "loose", 2: "loose"}
    assert (await resumed.house.styles())[1].name == "beginner"  # a stored "loose" plays beginner


async def test_a_waiting_member_who_leaves_is_never_bought_in(store: Store, tables: Tables) -> None:
    """Issue 23: a member waiting for a house player's seat says /poker leave: they stop
    waiting (the cog asks ``unqueue`` when the member has no seat), and when the seat frees
    after the hand nothing is bought in for them."""
    table = await tables.open((ALICE, "Alice", 1000), house_pause=0.05)
    session = table.session
    assert await session.house.add(5, "solid") == 5
    hand = await wait_until(lambda: session.hand)
    with pytest.raises(Refused, match="stands up when this hand ends"):
        await session.join(BOB, "Bob", 300)
    assert await session.house.waiting() == {BOB: ("Bob", 300)}
    assert await store.tables.waiting_members(session.table_id) == {BOB: ("Bob", 300)}
    assert await session.house.unqueue(BOB) is True
    assert await session.house.unqueue(BOB) is False  # a second /poker leave: not waiting
    assert await store.tables.waiting_members(session.table_id) == {}
    await finish_hand(session, ALICE)
    await wait_until(lambda: session.hand not in (None, hand))  # the seat was freed by now
    assert BOB not in {s.user_id for s in await store.tables.seats(session.table_id)}
    assert await store.wallets.balance(GUILD, BOB) == 1000
    assert not any("takes the seat" in text for text in table.channel.texts())
    assert (await store.audit.check()).ok


async def test_the_members_waiting_for_a_seat_survive_a_restart(
    store: Store, tables: Tables
) -> None:
    """Two members wait for house players' seats; the bot restarts mid-hand; one of them
    leaves the queue after the restart: when the hand ends the other is seated, not them."""
    table = await tables.open((ALICE, "Alice", 1000), house_pause=30)
    session = table.session
    assert await session.house.add(5, "solid") == 5
    hand = await wait_until(lambda: session.hand)
    for member, name in ((BOB, "Bob"), (CAROL, "Carol")):
        with pytest.raises(Refused, match="stands up when this hand ends"):
            await session.join(member, name, None)
    await stop(table)

    again = await tables.reopen(house_pause=0)
    resumed = again.session
    assert resumed.hand is not None and resumed.hand.hand_id == hand.hand_id
    assert await resumed.house.waiting() == {BOB: ("Bob", None), CAROL: ("Carol", None)}
    with pytest.raises(Refused, match="already have a seat coming"):
        await resumed.join(BOB, "Bob", None)
    assert await resumed.house.unqueue(CAROL) is True
    await finish_hand(resumed, ALICE)
    bob = await wait_until(lambda: [s for s in resumed.seats if s.user_id == BOB])
    assert bob[0].stack == BUY_IN
    assert CAROL not in {s.user_id for s in await store.tables.seats(resumed.table_id)}
    assert await store.wallets.balance(GUILD, CAROL) == 1000
    assert await store.tables.waiting_members(resumed.table_id) == {}
    assert (await store.audit.check()).ok
