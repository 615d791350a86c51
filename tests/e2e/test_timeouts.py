"""Idle players: the timer checks or folds for them, stands pat in a draw, then sits them out.

An admin sets the decision timer to two seconds (the bot runs with DEUCE_MIN_TIMER_SECONDS=1):
short enough for a quick test, long enough for the test's one click to beat the timer on a
busy CI machine.
"""

from __future__ import annotations

import logging

from tests.discord_double import message_text
from tests.e2e.helpers import (
    IN_LOOP,
    Club,
    Member,
    PokerTable,
    field_value,
    hand_id_of,
    is_panel,
    panel_text,
    private_reply,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


def logged_actions(table: PokerTable) -> str:
    """Every line the table's "Hand log" field ever showed."""
    return "\n".join(
        field_value(e.payload, "Hand log") or "" for e in table.double.channel_events(table.channel)
    )


async def wait_logged(table: PokerTable, text: str, timeout: float = 10.0) -> None:
    """Wait until the table's log has shown ``text`` (edits are coalesced about once a second)."""
    try:
        await table.double.wait_until(lambda: text in logged_actions(table), timeout)
    except TimeoutError:
        raise AssertionError(f"{text!r} never logged:\n{logged_actions(table)}") from None


async def wait_panel_line(table: PokerTable, member: Member, hand_id: int, text: str) -> None:
    """Wait until the member's panel of the hand says ``text``: a line in it, no DM more."""
    double = table.double

    def said() -> bool:
        return text in panel_text(table.panel(member, hand_id))

    await double.wait_until(said, 10)
    assert not any(text in message_text(m) for m in double.dms(member) if not is_panel(m))


async def test_idle_players_are_folded_checked_stood_pat_and_sat_out(club: Club) -> None:
    double = club.double
    timer = await double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=2)
    assert "2 s" in await private_reply(timer)
    no_bank = await double.invoke(club.admin, club.channel, "pokeradmin timebank", start=0)
    assert "**Time bank** off" in await private_reply(no_bank)
    members = await club.players(2)
    table = PokerTable(double, club.channel, members)
    for member in members:
        await table.join(member)

    # Hand 1: nobody moves. The first to act faces the big blind and is folded.
    first = await table.wait_hand()
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    idle_first, _ = turn
    outcome = await double.wait_until(lambda: table.result_message(first), 10)
    assert "uncontested" in str(outcome["embeds"][0].get("description"))

    # Hand 2: the small blind calls at once (before its timer), then nobody moves: checks and
    # pats to showdown. Hand 1's log is checked afterwards, so no wait delays the call.
    second = await table.wait_hand(after=first)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    caller, _ = turn
    await table.click_table(caller, "call")
    await wait_logged(table, f"{idle_first.display_name} folds (time ran out)")
    result = await double.wait_until(lambda: table.result_message(second), 60)
    idle = next(m for m in members if m is not caller)
    await wait_logged(table, f"{idle.display_name} checks (time ran out)")
    await wait_logged(table, f"{caller.display_name} stands pat (time ran out)")
    await wait_logged(table, f"{idle.display_name} stands pat (time ran out)")
    assert "Shown hands" in str(result["embeds"][0].get("fields"))
    # ... and each was told privately what the dealer did for them.
    for member, what in ((idle, "you checked"), (caller, "you stood pat")):
        await wait_panel_line(table, member, second, f"Time ran out in hand #{second}: {what}.")

    # Both players timed out twice in a row: the one idle in both hands, and the caller, who
    # then timed out through every later decision of hand 2. Each is sat out and told so in the
    # channel; the notices are separate messages sent in seat order, so each is waited for.
    assert idle is idle_first

    async def wait_sat_out(member: Member) -> None:
        def told() -> bool:
            notice = f"{member.display_name} timed out twice"
            return any(notice in m["content"] for m in double.channel_messages(club.channel))

        def seat_line() -> str:
            seats = field_value(table.table_message() or {}, "Seats") or ""
            return next((line for line in seats.split("\n") if member.display_name in line), "")

        await double.wait_until(told, 10)
        await double.wait_until(lambda: "sitting out" in seat_line(), 10)

    await wait_sat_out(idle)
    await wait_sat_out(caller)
    # With both sat out before it could start, no third hand is ever dealt.
    assert not any(
        (hand_id_of(e.payload) or 0) > second for e in double.channel_events(club.channel)
    )
    club.audit_ok()
