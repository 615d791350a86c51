"""Acting early and bad amounts: "Fold in turn", a draw chosen before one's turn, buy-ins.

PRODUCT.md: players may act early ("fold when it's my turn"); a draw confirmed early happens
when the turn comes; amounts out of range get a private reply and change nothing.
"""

from __future__ import annotations

import functools
import logging

import pytest

from tests.discord_double import CommandError
from tests.e2e.helpers import (
    IN_LOOP,
    START_WALLET,
    Club,
    PokerTable,
    balance,
    buttons,
    field_value,
    panel_text,
    private_reply,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


def logged(table: PokerTable, text: str) -> bool:
    return text in log_text(table)


def log_text(table: PokerTable) -> str:
    return "\n".join(
        field_value(e.payload, "Hand log") or "" for e in table.double.channel_events(table.channel)
    )


async def test_fold_in_turn_folds_when_the_turn_comes(club: Club) -> None:
    double = club.double
    table = await club.seated(3)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    first, _ = turn
    others = [m for m in table.players if m is not first]
    # Both players not yet to act ask to fold when their turn comes (from their DM panels).
    for member in others:
        panel = table.panel(member)
        assert panel is not None
        prefold = next(b for b in buttons(panel) if ":f:" in b["custom_id"])
        click = await double.click(member, panel, prefold["custom_id"])
        assert (await click.response()).type == 7
        updated = double.current(panel)
        assert updated is not None
        assert "fold when your turn comes" in panel_text(updated)
    # The first player raises: at their turns both others face a bet and are folded.
    await table.click_table(first, "raise")
    result = await double.wait_until(
        lambda: next(
            (
                m
                for m in double.channel_messages(club.channel)
                if str((m.get("embeds") or [{}])[0].get("title", "")).endswith(" result")
            ),
            None,
        ),
        10,
    )
    description = str(result["embeds"][0].get("description"))
    assert f"{first.display_name} wins" in description and "uncontested" in description
    for member in others:
        folded = f"{member.display_name} folds"
        await double.wait_until(functools.partial(logged, table, folded), 5)
    club.audit_ok()


async def test_a_draw_confirmed_early_happens_at_the_turn(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    hand_id = await table.wait_hand()
    for _ in range(2):  # call, check: the draw begins
        message = table.table_message()
        assert message is not None
        turn = table.turn(message)
        assert turn is not None and turn[1] == "act"
        await table.click_table(turn[0], "call")
    message = await table.wait_table(lambda m: (table.turn(m) or (None, ""))[1] == "draw")
    turn = table.turn(message)
    assert turn is not None
    first_drawer = turn[0]
    second = next(m for m in table.players if m is not first_drawer)
    # The second drawer stands pat before their turn: queued, not yet done.
    panel = table.panel(second, hand_id)
    assert panel is not None
    pat = next(b for b in buttons(panel) if b["custom_id"].endswith(":pat"))
    early = await double.click(second, panel, pat["custom_id"])
    await early.response()
    queued = double.current(panel)
    assert queued is not None
    assert "happens when your turn comes" in panel_text(queued)
    assert f"{second.display_name} stands pat" not in log_text(table)
    # The first drawer draws; the queued stand-pat follows at once, then betting resumes.
    await table.draw(first_drawer, hand_id, 1)
    await table.wait_table(
        lambda m: field_value(m, "Round") == "Betting after draw 1" and table.turn(m) is not None
    )
    await double.wait_until(lambda: f"{second.display_name} stands pat" in log_text(table), 5)
    seats = field_value(table.table_message() or {}, "Seats") or ""
    second_line = next(line for line in seats.split("\n") if second.display_name in line)
    assert second_line.endswith(" · pat") and "draws" not in second_line
    await table.play_hand(lambda t, m, msg: "fold")
    club.audit_ok()


async def test_buy_ins_out_of_range_change_nothing(club: Club) -> None:
    double = club.double
    (alice,) = await club.players(1)
    table = PokerTable(double, club.channel, [alice])
    too_small = await double.invoke(alice, club.channel, "poker join", buy_in=50)
    assert "between 100 and 2,000" in await private_reply(too_small)
    with pytest.raises(CommandError, match="below the minimum 1"):  # Discord refuses it
        await double.invoke(alice, club.channel, "poker join", buy_in=-5)
    too_big = await double.invoke(alice, club.channel, "poker join", buy_in=1500)
    text = await private_reply(too_big)
    assert "1,000" in text or "enough" in text.lower(), text
    wallet, on_table = await balance(table, alice)
    assert (wallet, on_table) == (START_WALLET, 0)
    # Nothing was opened either: the channel still has no table to leave.
    leave = await double.invoke(alice, club.channel, "poker leave")
    assert "There is no table in this channel" in await private_reply(leave)
    club.audit_ok()
