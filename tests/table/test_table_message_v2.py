"""The table message and the result taking its place are Components V2 messages: what their
edits send (a layout, never an embed or content), a result's picture in its gallery, and a table
message from before the table was V2 (an embed, restored after the upgrade), which an edit
cannot turn into a V2 message."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.table.render import result_layout, table_layout
from bot.table.session import TableSession
from bot.table.snapshot import ResultSnapshot
from bot.ui.layout import PlainLayout
from tests.table._helpers import TABLE_MESSAGE, FakeClient, FakeMessage, running, wait_until
from tests.table._layouts import read


def refused_400() -> discord.HTTPException:
    """What Discord answers an edit adding the V2 flag to a message that keeps its embeds."""
    response = SimpleNamespace(status=400, reason="Bad Request")
    return discord.HTTPException(response, {"code": 50035, "message": "Invalid Form Body"})  # type: ignore[arg-type]


async def test_an_embed_table_message_from_before_is_posted_anew_as_v2(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses to edit the old embed message into the V2 table (400): the table is
    posted anew as a V2 message and the old one deleted, rather than the edit failing on every
    change while the channel shows a stale table."""
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    session.io.stop()  # no loops: push by hand, the outbox's queue kept to read
    real_edit = FakeMessage.edit

    async def legacy(message: FakeMessage, **kwargs: Any) -> FakeMessage:
        if message.id == TABLE_MESSAGE:
            raise refused_400()
        return await real_edit(message, **kwargs)

    monkeypatch.setattr(FakeMessage, "edit", legacy)
    session.io.table.answer = None  # no click's token: the edit goes to the channel
    sent = len(client.channel.sent)
    session.closing = True
    session.io.mark_changed()
    assert await session.io.push_table() is None
    (posted,) = client.channel.sent[sent:]
    assert isinstance(posted["view"], PlainLayout) and "embed" not in posted
    assert posted["view"].to_components() == table_layout(session.table_snapshot()).to_components()
    assert session.io.message_id not in (None, TABLE_MESSAGE)
    queued = list(session.io.outbox.queue._queue)  # type: ignore[attr-defined]
    assert {"_delete": TABLE_MESSAGE} in queued


async def test_a_result_takes_the_table_message_place_as_v2_with_its_picture(
    session: TableSession, client: FakeClient
) -> None:
    """The result edits the old table message: a layout with the showdown picture in its
    gallery (the file uploaded with the edit), no embed and no content; the table is posted
    anew below it."""
    hand = running(session)
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    session.io.table.answer = None
    result = ResultSnapshot(hand_id=hand.hand_id, uncontested=None, nets=(("Alice", 10),))

    async def picture() -> discord.File:
        return discord.File(io.BytesIO(b"png"), filename="showdown.png", description="hands")

    def layout(url: str | None, alt: str | None) -> discord.ui.LayoutView:
        return result_layout(result, url, alt)

    edits = len(client.channel.edits)
    kwargs = {"layout": layout, "allowed_mentions": None}
    assert await session.io.table.take_for_result(hand.hand_id, kwargs, picture)
    ((message_id, edit),) = client.channel.edits[edits:]
    assert message_id == TABLE_MESSAGE
    assert set(edit) == {"view", "attachments", "allowed_mentions"}
    assert [f.filename for f in edit["attachments"]] == ["showdown.png"]
    shown = read(edit["view"])
    assert shown.media[0]["url"] == "attachment://showdown.png"
    assert shown.media[0]["description"] == "hands"
    assert shown.line("### ") == f"### Hand #{hand.hand_id} result"
    assert session.io.message_id != TABLE_MESSAGE  # the table went below, as a V2 message
    assert isinstance(client.channel.sent[-1]["view"], PlainLayout)
