"""Players know when it is their turn and can play the whole hand from their DMs (issue 10).

A turn that waits without an action sends its player their panel again as a new DM (Discord
notifies new messages, not edits); a player who acts at once gets none. The panel carries the
betting buttons on the player's turn, so a hand can be played from DM buttons alone.
"""

from __future__ import annotations

import logging
from typing import Any

from tests.e2e.helpers import (
    IN_LOOP,
    PANEL_PREFIX,
    Club,
    Member,
    PokerTable,
    buttons,
    embed0,
    layout,
    panel_text,
    panel_title,
    private_reply,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


def dm_panels(table: PokerTable, member: Member, hand_id: int) -> list[dict[str, Any]]:
    """The member's DM panels of the hand, oldest first (a stub no longer has a title)."""
    title = f"{PANEL_PREFIX}{hand_id}"
    return [m for m in table.double.dms(member) if panel_title(m) == title]


def dm_messages(table: PokerTable, member: Member, hand_id: int) -> list[dict[str, Any]]:
    """The member's DM panels of the hand and the stubs panels became, oldest first."""
    title = f"{PANEL_PREFIX}{hand_id}"
    return [
        m
        for m in table.double.dms(member)
        if panel_title(m) == title or "moved down" in panel_text(m)
    ]


def live_buttons(panel: dict[str, Any]) -> list[str]:
    return [str(b["custom_id"]) for b in buttons(panel) if not b.get("disabled")]


async def test_an_idle_player_gets_one_new_dm_and_one_who_acts_at_once_none(club: Club) -> None:
    double = club.double
    alerts = await double.invoke(club.admin, club.channel, "pokeradmin alerts", seconds=2)
    await private_reply(alerts)
    timer = await double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=30)
    await private_reply(timer)
    table = await club.seated(2)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    idle, _ = turn
    other = next(m for m in table.players if m is not idle)
    hand_id = int(embed0(message)["title"].rsplit("#", 1)[1])

    # The idle player's turn waits: after the alert delay their panel comes again, once, and
    # the first one becomes a stub at once: one live panel.
    await double.wait_until(lambda: len(dm_messages(table, idle, hand_id)) == 2, 10)
    first, newest = dm_messages(table, idle, hand_id)
    await double.wait_until(lambda: "moved down" in panel_text(double.current(first)), 10)
    stub = double.current(first)
    assert stub is not None and not stub.get("embeds") and live_buttons(stub) == []
    assert not stub.get("attachments") and layout(stub).v2 and layout(stub).media == []
    description = panel_text(newest)
    assert "Your turn" in description and "Pot " in description
    call = next(c for c in live_buttons(newest) if c.endswith(":call"))
    # ... and they act from it: the answer updates that panel.
    clicked = await double.click(idle, newest, call)
    answer = await clicked.response(timeout=10)
    assert answer.type == 7  # UPDATE_MESSAGE: the clicked panel, redrawn
    # The other player acts at once, from /poker hand's panel: no alert for them.
    hand_cmd = await double.invoke(other, club.channel, "poker hand")
    await hand_cmd.response(timeout=10)
    mine = table.panel(other, hand_id)
    assert mine is not None
    check = next(c for c in live_buttons(mine) if c.endswith(":call"))
    acted = await double.click(other, mine, check)
    await acted.response(timeout=10)
    await table.wait_table(lambda m: str(table.turn(m) or "") != str(turn), 10)
    assert len(dm_messages(table, other, hand_id)) == 1
    assert len(dm_messages(table, idle, hand_id)) == 2
    club.audit_ok()


async def test_a_whole_hand_is_played_from_dm_buttons_alone(club: Club) -> None:
    double = club.double
    members = await club.players(2)
    table = PokerTable(double, club.channel, members)
    for member in members:
        reply = await double.invoke(member, club.channel, "poker alerts", mode="now")
        assert "as soon as it is your turn" in await private_reply(reply)
    for member in members:
        await table.join(member)
    hand_id = await table.wait_hand()
    clicks = 0
    seen: set[tuple[int, str]] = set()
    taken: set[tuple[int, str]] = set()  # (member, button) of each click the panel answered

    def fresh_turn() -> tuple[Member, dict[str, Any]] | None:
        """A member whose newest DM panel says it is their turn and was not acted on yet."""
        for member in members:
            panels = dm_panels(table, member, hand_id)
            if not panels:
                continue
            text = panel_text(panels[-1])
            if "Your turn" in text and (int(panels[-1]["id"]), text) not in seen:
                return member, panels[-1]
        return None

    while table.result_message(hand_id) is None:
        # Whoever's turn it is has a fresh panel at the bottom of their DMs with its buttons.
        acting = await double.wait_until(lambda: table.result_message(hand_id) or fresh_turn(), 10)
        if not isinstance(acting, tuple):
            break
        member, panel = acting
        seen.add((int(panel["id"]), panel_text(panel)))
        ids = live_buttons(panel)
        # the betting buttons on a betting turn, else Stand pat
        target = next((c for c in ids if c.endswith(":call")), None)
        target = target or next((c for c in ids if c.endswith(":pat")), None)
        assert target is not None, ids
        interaction = await double.click(member, panel, target)
        answer = await interaction.response(timeout=10)
        clicks += 1
        if answer.type == 4 and answer.content == "Already done.":
            continue  # a panel sent as the player acted elsewhere, corrected right after
        if answer.type == 4 and answer.content == "That draw is finished.":
            # The same, in a draw: the alert of a draw the member had already taken from the
            # panel above it arrived after that click (seen under load), and the draw is over.
            assert (member.id, target) in taken, (target, answer.content)
            continue
        assert answer.type == 7, (target, answer.content)  # the clicked panel, redrawn
        taken.add((member.id, target))
        assert clicks < 40, "the hand did not end"
    # Nobody touched the channel's buttons: every click came from a DM.
    clicked = [i for i in club.interactions() if i.message_id is not None]
    assert len(clicked) == clicks and all(i.channel is not club.channel for i in clicked)
    club.audit_ok()
