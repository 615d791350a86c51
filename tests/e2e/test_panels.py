"""One live private panel per player, kept current (issue 25): a player who plays from their
DMs sees their turn, the amount to call and the betting buttons in their panel within a second;
a turn alert replaces the panel (the old one becomes a stub), never duplicates it; a timeout is
a line in the panel; an unchanged card picture is never uploaded again."""

from __future__ import annotations

import logging
from typing import Any

from tests.e2e.helpers import Club, DiscordDouble

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
