"""What the table spends of Discord's global rate limit (50 requests a second per bot, shared by
every table): edits of a message a player clicked go through that click's token, a panel edit
keeps the picture its message carries, and a change just before a deal waits for the deal."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import Hand
from bot.table.channel import panel_message
from bot.table.io import table_message as table_message_module
from bot.table.io import tokens as tokens_module
from bot.table.pictures import HAND_FILE
from bot.table.render import table_embed
from bot.table.session import TableSession
from tests.table._helpers import (
    TABLE_MESSAGE,
    FakeClient,
    FakeInteraction,
    FakeResponse,
    click,
    wait_until,
)


def running(session: TableSession) -> Hand:
    hand = session.hand
    assert hand is not None
    return hand


async def test_after_a_click_the_table_is_edited_through_its_token(
    session: TableSession, client: FakeClient
) -> None:
    hand = running(session)
    answer = await click(client, session, hand.to_act, "call")
    assert answer.response.calls[0][0] == "edit"
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    edits = len(client.channel.edits)
    session.closing = True  # a change no answer carried: the table shows it
    session.io.mark_changed()
    await wait_until(lambda: answer.token_edits)
    ((message_id, kwargs),) = answer.token_edits
    assert message_id == TABLE_MESSAGE
    assert kwargs["embed"].to_dict() == table_embed(session.table_snapshot()).to_dict()
    # the token edit is the only edit of the table message
    assert len(client.channel.edits) == edits + 1


async def test_an_expired_token_is_not_used(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tokens_module, "TOKEN_SECONDS", -1.0)
    hand = running(session)
    answer = await click(client, session, hand.to_act, "call")
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    edits = len(client.channel.edits)
    session.closing = True
    session.io.mark_changed()
    await wait_until(lambda: len(client.channel.edits) > edits)
    assert answer.token_edits == []


async def test_a_change_just_before_the_deal_is_left_to_the_deal(
    session: TableSession, client: FakeClient
) -> None:
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    session.io.stop()  # no edit loop: push by hand
    edits = len(client.channel.edits)
    session.closing = True
    session.io.mark_changed()
    session.io.next_deal = lambda: 1.0
    wait = await session.io.push_table()
    assert wait is not None and 1.0 <= wait < 1.5
    assert len(client.channel.edits) == edits
    session.io.next_deal = lambda: None  # no deal planned: edited at once
    assert await session.io.push_table() is None
    assert len(client.channel.edits) == edits + 1


async def test_a_panel_edit_keeps_the_picture_its_message_carries(
    session: TableSession,
) -> None:
    hand = running(session)
    player = hand.player_ids[0]
    panel = session._panel(player)
    sent = await panel_message(panel, "en")
    picture = sent["file"]
    assert isinstance(picture, discord.File) and picture.filename == HAND_FILE
    attachment = SimpleNamespace(id=1, filename=HAND_FILE, description=picture.description)
    message = SimpleNamespace(id=5, attachments=[attachment])
    # marking a card changes the buttons, not the picture: the edit keeps it
    card = hand.private_view(player).cards[0]
    session.notes.mark(player, card, True)
    marked = session._panel(player)
    assert marked != panel
    kept = await panel_message(marked, "en", edit=True, current=message)
    assert kept["attachments"] == [attachment]
    assert kept["embed"].image.url == f"attachment://{HAND_FILE}"
    # another picture (other cards) is composed and uploaded again
    other = SimpleNamespace(
        id=6, attachments=[SimpleNamespace(filename=HAND_FILE, description="x")]
    )
    fresh = await panel_message(marked, "en", edit=True, current=other)
    (upload,) = fresh["attachments"]
    assert isinstance(upload, discord.File)


async def unfinished(session: TableSession) -> set[int]:
    return {h.hand_id for h in await session.store.hands.unfinished()}


async def fold_to_the_end(
    client: FakeClient, session: TableSession, hand: Hand
) -> list[FakeInteraction]:
    """Fold (calling where folding a free check would ask first) until one player is left;
    the last click, the one that ends the hand, is returned last."""
    clicks = []
    while not hand.is_complete:
        action = "call" if hand.legal().can_check else "fold"
        clicks.append(await click(client, session, hand.to_act, action))
    return clicks


async def test_the_hand_ending_click_is_answered_before_the_settle(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand is journaled complete before the answer (a restart settles it as shown), so
    the answer does not wait for the settle's transaction and what follows it."""
    hand = running(session)
    answers: list[bool] = []  # for each answer: was the hand complete
    seen_at_settle: list[bool] = []
    real_answer, settle = session.io.answer_betting_click, session.store.hands.settle

    async def answer(*args: Any, **kwargs: Any) -> None:
        answers.append(hand.is_complete)
        await real_answer(*args, **kwargs)

    async def settle_after(*args: Any, **kwargs: Any) -> Any:
        seen_at_settle.extend(answers)
        journaled = await session.store.hands.journal_state(hand.hand_id)
        assert journaled is not None  # the complete hand is on disk before the answer
        return await settle(*args, **kwargs)

    monkeypatch.setattr(session.io, "answer_betting_click", answer)
    monkeypatch.setattr(session.store.hands, "settle", settle_after)
    clicks = await asyncio.wait_for(fold_to_the_end(client, session, hand), 5)
    # when the settle began, the click that ended the hand was already answered
    assert seen_at_settle and seen_at_settle[-1] is True
    assert clicks[-1].response.calls[0][0] == "edit"
    assert hand.hand_id not in await unfinished(session)  # settled after the answer


async def test_a_failed_answer_still_settles_the_hand(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = running(session)
    real = session.io.answer_betting_click

    async def failing(*args: Any, **kwargs: Any) -> None:
        if hand.is_complete:
            raise discord.NotFound(SimpleNamespace(status=404, reason="gone"), "late")
        await real(*args, **kwargs)

    monkeypatch.setattr(session.io, "answer_betting_click", failing)
    await fold_to_the_end(client, session, hand)
    assert hand.hand_id not in await unfinished(session)


async def test_the_table_an_answer_carries_is_not_sent_again_by_the_edit_loop(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click's change wakes the edit loop while the click's answer, which carries the new
    table, is still on its way: the loop does not send the same table again."""
    hand = running(session)
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    await asyncio.sleep(table_message_module.EDIT_INTERVAL + 0.1)  # the loop waits for a change
    answer_edit = FakeResponse.edit_message

    async def on_its_way(response: FakeResponse, **kwargs: Any) -> None:
        await asyncio.sleep(0.2)  # the answer's HTTP call
        await answer_edit(response, **kwargs)

    monkeypatch.setattr(FakeResponse, "edit_message", on_its_way)
    edits = len(client.channel.edits)
    answer = await click(client, session, hand.to_act, "call")
    assert answer.response.calls[0][0] == "edit"
    await asyncio.sleep(table_message_module.EDIT_INTERVAL + 0.2)
    assert len(client.channel.edits) == edits
    assert session.io.rendered_version == session.io.version


async def test_the_table_an_answer_failed_to_carry_is_sent_by_the_edit_loop(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the click's answer fails (the interaction expired on the way), the edit loop sends
    the table the answer was carrying."""
    hand = running(session)
    await wait_until(lambda: session.io.rendered_version >= session.io.version)

    async def lost(response: FakeResponse, **kwargs: Any) -> None:
        await asyncio.sleep(0.05)
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown")

    monkeypatch.setattr(FakeResponse, "edit_message", lost)
    edits = len(client.channel.edits)
    await click(client, session, hand.to_act, "call")
    await wait_until(lambda: len(client.channel.edits) > edits)
    (message_id, kwargs) = client.channel.edits[-1]
    assert message_id == TABLE_MESSAGE
    assert kwargs["embed"].to_dict() == table_embed(session.table_snapshot()).to_dict()
