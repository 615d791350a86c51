"""One live private panel per player, kept current (issue 25): a player who plays from their
DMs sees their turn, the amount to call and the betting buttons in their panel within a second;
a turn alert replaces the panel (the old one becomes a stub), never duplicates it; a timeout is
a line in the panel; an unchanged card picture is never uploaded again."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tests.discord_double import MessageEvent
from tests.e2e.helpers import (
    PANEL_PREFIX,
    Club,
    DiscordDouble,
    Member,
    PokerTable,
    always,
    buttons,
    embed0,
    private_reply,
)

log = logging.getLogger(__name__)


def repeated_uploads(double: DiscordDouble) -> tuple[int, int]:
    """(edits of DM messages that uploaded a picture, of which the picture's bytes were the
    same as the picture the message already carried)."""
    before: dict[int, list[dict[str, Any]]] = {}
    uploads = same = 0
    for event in double.events:
        if not event.is_dm:
            continue
        old = before.get(event.message_id, [])
        new = list(event.payload.get("attachments") or [])
        if event.kind == "edit":
            old_ids = {a["id"] for a in old}
            fresh = [a for a in new if a["id"] not in old_ids]
            if fresh:
                uploads += 1
                old_data = {double.attachment_data[int(a["id"])] for a in old}
                if any(double.attachment_data[int(a["id"])] in old_data for a in fresh):
                    same += 1
        before[event.message_id] = new
    return uploads, same


async def test_an_unchanged_picture_is_not_uploaded_again(club: Club) -> None:
    double = club.double
    table = await club.seated(3)
    for _ in range(2):
        hand_id = table.running_hand()
        await table.play_hand(discards=lambda member, number: number % 3)
        await table.wait_hand(after=hand_id)
    uploads, same = repeated_uploads(double)
    log.info("DM edits uploading a picture: %d, of the same picture: %d", uploads, same)
    assert uploads > 0
    assert same == 0


def panel_creates(double: DiscordDouble, member: Member, hand_id: int) -> list[MessageEvent]:
    """The DM panels of the hand sent to the member as new messages, oldest first."""
    title = f"{PANEL_PREFIX}{hand_id}"
    mine = {int(m["id"]) for m in double.dms(member)}
    return [
        e
        for e in double.events
        if e.kind == "create" and e.message_id in mine and embed0(e.payload).get("title") == title
    ]


async def test_one_live_panel_per_player_in_now_mode(club: Club) -> None:
    """Players who asked for their alerts "now" and play from their DMs: the first to act gets
    one DM at the deal (the deal's panel is the alert), each later alert replaces the panel
    (the one before becomes a stub), and no alert comes once the player acted."""
    double = club.double
    members = await club.players(3)
    table = PokerTable(double, club.channel, members)
    for member in members:
        reply = await double.invoke(member, club.channel, "poker alerts", mode="now")
        await private_reply(reply)
    for member in members:
        await table.join(member)
    hand_id = await table.wait_hand()
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    first, _ = turn
    await double.wait_until(lambda: panel_creates(double, first, hand_id), 10)
    await asyncio.sleep(1.5)
    assert len(panel_creates(double, first, hand_id)) == 1  # no copy of the deal's panel
    outcome = await table.play_hand(policy=always("call"))
    assert outcome.hand_id == hand_id
    await asyncio.sleep(1.0)
    for member in members:
        created = panel_creates(double, member, hand_id)
        for alert in created[1:]:  # an alert shows the player their own turn
            text = str(embed0(alert.payload).get("description"))
            assert "Your turn" in text, text
        *older, newest = [double.current(e.message_id) for e in created]
        assert newest is not None and embed0(newest).get("title") == f"{PANEL_PREFIX}{hand_id}"
        for stub in older:
            assert stub is not None and "moved down" in str(stub.get("content"))
            assert not stub.get("embeds") and not buttons(stub)
