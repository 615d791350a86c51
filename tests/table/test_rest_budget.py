"""What the table spends of Discord's global rate limit (50 requests a second per bot, shared by
every table): edits of a message a player clicked go through that click's token, a panel edit
keeps the picture its message carries, and a change just before a deal waits for the deal."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import Hand, Phase
from bot.table.buttons import card_button_id, draw_button_id, table_button_id
from bot.table.channel import panel_message
from bot.table.io import table_message as table_message_module
from bot.table.io import tokens as tokens_module
from bot.table.pictures import HAND_FILE
from bot.table.render import panel_view, table_layout
from bot.table.session import TableSession
from bot.ui.routes import ROUTER
from tests.table._helpers import (
    TABLE_MESSAGE,
    FakeClient,
    FakeInteraction,
    FakeResponse,
    Tables,
    click,
    layout_of,
    running,
    wait_until,
)
from tests.table._helpers import panel_message as clicked_panel


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
    assert kwargs["view"].to_components() == table_layout(session.table_snapshot()).to_components()
    assert "embed" not in kwargs and "content" not in kwargs  # a V2 edit: the layout only
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


async def test_a_table_no_click_edits_moves_through_a_joins_token(
    session: TableSession, client: FakeClient
) -> None:
    """Issue 35: nobody clicked the table (players bet from their DM panels), so each edit of
    it cost a request of the global limit, two seconds apart. While a join's token is valid
    the table is posted anew through it (one request: the old message's deletion) and then
    edited through it for free."""
    hand = running(session)
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    join = FakeInteraction(hand.player_ids[0], client=client)
    session.io.command_answered(join.as_discord)
    edits = len(client.channel.edits)
    session.closing = True  # a change no answer carried
    session.io.mark_changed()
    (posted,) = await wait_until(lambda: join.followup.posted)
    assert session.io.message_id == posted
    await wait_until(lambda: TABLE_MESSAGE in client.channel.deleted)
    session.closing = False  # the next change is edited through the join's token
    session.io.mark_changed()
    await wait_until(lambda: join.token_edits)
    ((message_id, kwargs),) = join.token_edits
    assert message_id == posted
    shown = table_layout(session.table_snapshot()).to_components()
    assert kwargs["view"].to_components() == shown
    assert len(client.channel.edits) == edits + 1  # that one, and no edit of the limit's


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
    shown = layout_of(kept)
    assert shown is not None  # the gallery points at the kept attachment, with its alt text
    assert shown.media == [
        {
            "url": f"attachment://{HAND_FILE}",
            "description": picture.description,
            "attachment_id": None,
        }
    ]
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


async def test_table_edits_are_spaced_by_the_interval_and_a_change_after_a_pause_goes_at_once(
    session: TableSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The edit loop pushes a change at once after a quiet spell, and the next change no
    sooner than the interval after that push (the spacing is waited for when a change
    comes, not after every push)."""
    table = session.io.table
    await wait_until(lambda: session.io.rendered_version >= session.io.version)
    loop = asyncio.get_running_loop()
    pushes: list[float] = []

    async def push() -> None:
        pushes.append(loop.time())

    monkeypatch.setattr(table, "push", push)
    table.paced = False  # its last edit went through a token (the pace without one: below)
    await asyncio.sleep(table.edit_interval + 0.1)
    changed = loop.time()
    session.io.mark_changed()
    await wait_until(lambda: len(pushes) == 1)
    assert pushes[0] - changed < table.edit_interval / 4
    session.io.mark_changed()
    session.io.mark_changed()
    await wait_until(lambda: len(pushes) == 2)
    assert pushes[1] - pushes[0] >= table.edit_interval - 0.02
    await asyncio.sleep(table.edit_interval + 0.1)
    assert len(pushes) == 2  # two changes in a row: one push
    changed = loop.time()
    session.io.mark_changed()
    await wait_until(lambda: len(pushes) == 3)
    assert pushes[2] - changed < table.edit_interval / 4
    # Its last edit spent a request of the global limit and no token edits it: the next
    # change waits for the pace without a token since that edit, unless a token comes.
    table.paced, table.answer = True, None
    session.io.mark_changed()
    await wait_until(lambda: len(pushes) == 4, timeout=table_message_module.PACE_WITHOUT_TOKEN + 2)
    assert pushes[3] - pushes[2] >= table_message_module.PACE_WITHOUT_TOKEN - 0.02


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
    assert kwargs["view"].to_components() == table_layout(session.table_snapshot()).to_components()


# ---------------------------------------------------------------------- the budget per hand

SIX = tuple((1000 + i, f"P{i}", 400) for i in range(6))


@dataclass
class Counted:
    """The clicks of a run, to tell their free calls (token edits, follow-ups) apart."""

    clicks: list[FakeInteraction] = field(default_factory=list)

    def limited(self, client: FakeClient) -> int:
        """Requests of the global rate limit so far: every message sent, edited or deleted
        in the channel and the DMs, but those made through an interaction's token."""
        return sum(self.by_kind(client).values())

    def by_kind(self, client: FakeClient) -> dict[str, int]:
        """``limited`` by kind (the channel's and the DMs' sends, edits and deletions)."""
        counts: Counter[str] = Counter()
        for channel in (client.channel, *client.dm_channels.values()):
            where = "channel" if channel is client.channel else "DM"
            counts[f"{where} send"] += len(channel.sent)
            counts[f"{where} edit"] += len(channel.edits)
            counts[f"{where} delete"] += len(channel.deleted)
        for interaction in self.clicks:
            where = "channel" if interaction.channel_of() is client.channel else "DM"
            counts[f"{where} send"] -= len(interaction.followup.posted)
            counts[f"{where} edit"] -= len(interaction.token_edits)
        return {kind: count for kind, count in sorted(counts.items()) if count}


async def on_table(
    client: FakeClient, session: TableSession, user_id: int, action: str
) -> FakeInteraction:
    """A click on the table message as it is now."""
    hand = running(session)
    custom_id = table_button_id(session.table_id, hand.hand_id, hand.action_count, action)
    return await dispatched(FakeInteraction(user_id, session.io.message_id, client), custom_id)


async def on_panel(
    client: FakeClient, session: TableSession, user_id: int, custom_id: str
) -> FakeInteraction:
    """A click on the player's DM panel as it is now (its buttons those of their panel)."""
    panel_id = session.io.dm_panels[user_id].id
    message = clicked_panel(panel_view(session._panel(user_id)), panel_id)
    message.channel = client.dm_channels[user_id]
    message.flags = SimpleNamespace(ephemeral=False)
    interaction = FakeInteraction(user_id, client=client, message=message)
    interaction.guild_id = None
    return await dispatched(interaction, custom_id)


async def dispatched(interaction: FakeInteraction, custom_id: str) -> FakeInteraction:
    interaction.type = discord.InteractionType.component
    interaction.data = {"custom_id": custom_id, "component_type": 2}
    assert await ROUTER.dispatch(interaction.as_discord)
    return interaction


def button_ids(kwargs: dict[str, Any]) -> list[str]:
    """The custom ids of the buttons a DM message was sent or edited with (a Components V2
    panel's, inside its container)."""
    shown = layout_of(kwargs)
    if shown is not None:
        return [str(button.custom_id) for button in shown.buttons]
    view = kwargs.get("view")
    return [str(getattr(item, "custom_id", "")) for item in getattr(view, "children", ())]


async def turn_shown(client: FakeClient, session: TableSession, player: int) -> None:
    """Wait until the player's DM shows the betting buttons of the turn now theirs (a DM
    player bets once their panel shows the turn), at most TURN_SHOWN seconds."""
    hand = running(session)
    turn = f":{hand.hand_id}:{hand.action_count}:call"
    dm = client.dm_channels[player]
    try:
        await wait_until(
            lambda: any(i.endswith(turn) for kwargs in dm.shown for i in button_ids(kwargs)),
            TURN_SHOWN,
        )
    except AssertionError:
        raise AssertionError(f"P{player - 1000}'s panel did not show their turn") from None


async def play_hands(
    client: FakeClient,
    session: TableSession,
    hands: int,
    *,
    from_dms: bool,
    counted: Counted | None = None,
) -> Counted:
    """Play ``hands`` hands as the load benchmark's players do, a turn every PACE seconds:
    bets on the table (``from_dms``: on the DM panel, once it shows the turn), draws on the
    DM panel (a card marked, then Draw 1)."""
    counted = counted or Counted()
    played: list[int] = []
    while len(played) < hands:
        hand = await wait_until(lambda: session.hand)
        dealt = hand
        await wait_until(lambda d=dealt: set(d.player_ids) <= session.io.dm_panels.keys())
        played.append(hand.hand_id)
        while not hand.is_complete:
            await asyncio.sleep(PACE)
            player = hand.to_act
            assert player is not None
            if hand.phase is Phase.DRAWING:
                draw = hand.draw_round
                card = card_button_id(session.table_id, hand.hand_id, draw, 0)
                counted.clicks.append(await on_panel(client, session, player, card))
                done = draw_button_id(session.table_id, hand.hand_id, draw, "draw")
                counted.clicks.append(await on_panel(client, session, player, done))
                continue
            action = "call"
            if from_dms:
                await turn_shown(client, session, player)
                custom_id = table_button_id(
                    session.table_id, hand.hand_id, hand.action_count, action
                )
                counted.clicks.append(await on_panel(client, session, player, custom_id))
            else:
                counted.clicks.append(await on_table(client, session, player, action))
        await wait_until(lambda d=dealt: session.hand is not d)
    await asyncio.sleep(PACE_SETTLE)
    return counted


PACE = 0.2
"""Seconds between two actions (each turn's edits go out in between)."""
PACE_SETTLE = 1.5
TURN_SHOWN = 5.0
"""Seconds a DM player waits for their panel to show their turn: the live edit, not the turn
alert, which comes after 8 (room for a machine running four test workers on two cores)."""
BUDGET_PER_HAND = 4
"""Measured: 11 calls in three hands in both modes (the six deal DMs of the first hand, and
an edit of each never-clicked panel on its player's first turn); issue 35's bound at 200
tables is 12."""


@pytest.mark.parametrize("from_dms", [False, True], ids=["table", "dms"])
async def test_the_rate_limited_calls_of_a_hand_stay_within_the_budget(
    tables: Tables, monkeypatch: pytest.MonkeyPatch, from_dms: bool
) -> None:
    """Issue 35: six players, every panel kept current on every turn, three hands: the
    requests of the global rate limit (new DMs, edits without a token, channel posts) per
    hand, from the deal of the first, stay within the budget; in table mode players bet on
    the table, in DM mode on their panels (nobody's click edits the table then)."""
    table = await tables.open(*SIX, hand_pause=0.3)
    client, session = table.client, table.session
    # The players sat down with /poker join: the newest join's token is the table's spare.
    join = FakeInteraction(SIX[-1][0], client=client)
    session.io.command_answered(join.as_discord)
    counted = await play_hands(client, session, 3, from_dms=from_dms, counted=Counted([join]))
    per_hand = counted.limited(client) / 3
    by_kind = counted.by_kind(client)
    assert per_hand <= BUDGET_PER_HAND, f"{per_hand:.1f} rate-limited calls a hand: {by_kind}"
