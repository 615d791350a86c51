"""Cases found in the review of the dealer: races and chip paths the other e2e files miss.

Two /poker join at the same moment in a fresh channel, a rejoin while leaving mid-hand, and a
card double-clicked on the private panel. Every test ends with the store's audit.
"""

from __future__ import annotations

import asyncio
import logging

from tests.discord_double import Member
from tests.e2e.helpers import (
    DEFAULT_BUY_IN,
    IN_LOOP,
    START_WALLET,
    TABLE_TITLE,
    Club,
    PokerTable,
    balance,
    buttons,
    embed0,
    hand_id_of,
    private_reply,
    table_seq,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


async def test_two_joins_at_once_open_one_table(club: Club) -> None:
    """Before any table, table commands answer privately (and post nothing); then both players
    land at one table and are dealt into the same hand."""
    alice, bob = await club.players(2)
    await check_table_commands_without_a_table_answer_privately(club, alice)
    table = PokerTable(club.double, club.channel, [alice, bob])
    joins = [
        await club.double.invoke(member, club.channel, "poker join") for member in (alice, bob)
    ]
    for join in joins:
        await join.response(timeout=10)
        followups = await join.wait_followups(1, timeout=10)
        assert "seat" in followups[-1]["content"], followups
    hand_id = await table.wait_hand()
    outcome = await table.play_hand()
    assert outcome.hand_id == hand_id
    # one table message, not one per session
    tables = [
        m
        for m in club.double.channel_messages(club.channel)
        if str(embed0(m).get("title") or "").startswith(TABLE_TITLE)
    ]
    assert len({m["id"] for m in tables}) == 1, [m["id"] for m in tables]
    club.audit_ok()


async def test_rejoin_while_leaving_mid_hand_is_refused_clearly(club: Club) -> None:
    table = await club.seated(3)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    leaver = next(m for m in table.players if m is not turn[0])
    leave = await club.double.invoke(leaver, club.channel, "poker leave")
    assert "stand up" in await private_reply(leave)
    rejoin = await club.double.invoke(leaver, club.channel, "poker join")
    text = await private_reply(rejoin)
    assert "when this hand ends" in text, text
    await table.play_hand()
    # cashed out after the hand, and a new join seats them again
    for _ in range(50):  # the cash-out follows the result message
        wallet, on_table = await balance(table, leaver)
        if on_table == 0:
            break
        await asyncio.sleep(0.1)
    assert on_table == 0 and wallet >= START_WALLET - DEFAULT_BUY_IN
    again = await table.join(leaver)
    assert "You sit in seat" in again.followups[-1]["content"]
    club.audit_ok()


async def test_a_double_clicked_card_is_marked_once(club: Club) -> None:
    table = await club.seated(2)
    message = table.table_message()
    assert message is not None
    hand_id = hand_id_of(message)
    member = table.players[0]
    panel = table.panel(member, hand_id)
    assert panel is not None
    card = next(b for b in buttons(panel) if ":c:" in str(b["custom_id"]))
    # two clicks from the same picture of the panel, before either answer arrives
    first = await club.double.click(member, panel, str(card["custom_id"]))
    second = await club.double.click(member, panel, str(card["custom_id"]))
    await first.response(timeout=10)
    await second.response(timeout=10)
    current = club.double.current(panel)
    assert current is not None
    marked = [b for b in buttons(current) if ":c:" in str(b["custom_id"]) and b["style"] == 4]
    assert [b["custom_id"] for b in marked] == [card["custom_id"]]
    club.audit_ok()


async def check_table_commands_without_a_table_answer_privately(club: Club, alice: Member) -> None:
    """Run by test_two_joins_at_once_open_one_table before anyone joins."""
    for command in ("poker leave", "poker sitout", "poker sitin", "poker table", "poker hand"):
        interaction = await club.double.invoke(alice, club.channel, command)
        assert "There is no table in this channel" in await private_reply(interaction), command
    kick = await club.double.invoke(
        club.admin, club.channel, "pokeradmin kick", player=str(alice.id)
    )
    assert "There is no table in this channel" in await private_reply(kick)
    assert club.double.channel_messages(club.channel) == []


async def test_leave_in_turn_folds_at_once_and_cashes_out_after_the_hand(club: Club) -> None:
    table = await club.seated(3)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    actor = turn[0]
    seq = table_seq(message)
    leave = await club.double.invoke(actor, club.channel, "poker leave")
    assert "stand up" in await private_reply(leave)
    # the turn moved on without waiting for the timer
    moved = await table.wait_table(
        lambda m: table_seq(m) != seq and (table.turn(m) or (actor,))[0] is not actor
    )
    assert f"{actor.display_name} has left: the hand is folded" in str(embed0(moved))
    await table.play_hand()
    for _ in range(50):
        wallet, on_table = await balance(table, actor)
        if on_table == 0:
            break
        await asyncio.sleep(0.1)
    assert on_table == 0 and wallet == START_WALLET  # folded before putting chips in
    club.audit_ok()
