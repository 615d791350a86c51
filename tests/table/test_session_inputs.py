"""Every click is checked: right player, right hand, right turn, not already done. Clicks go
through the real button path (``press``): a refusal comes back as a private reply."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.engine import Hand, Phase
from bot.messages import t
from bot.table.buttons import (
    card_button_id,
    prefold_button_id,
    show_button_id,
    table_button_id,
)
from bot.table.render import card_label, panel_view
from bot.table.session import TableSession
from tests.table._helpers import (
    ALICE,
    BOB,
    DAVE,
    NAMES,
    REPOST_MESSAGE,
    TABLE_MESSAGE,
    FakeClient,
    FakeInteraction,
    Tables,
    all_posted,
    card_click,
    click,
    draw_click,
    panel_message,
    press,
    running,
    wait_until,
)


async def call_to_the_draw(client: FakeClient, session: TableSession, hand: Hand) -> None:
    while hand.phase is Phase.BETTING:
        await click(client, session, hand.to_act, "call")


async def test_wrong_player_changes_nothing(session: TableSession, client: FakeClient) -> None:
    hand = running(session)
    to_act = hand.to_act
    assert to_act is not None
    other = next(p for p in hand.player_ids if p != to_act)
    before = len(hand.records)
    reply = await click(client, session, other, "call")
    assert reply.private_text == t("not_your_turn", name=NAMES[to_act])
    assert len(hand.records) == before and hand.to_act == to_act
    stranger = await click(client, session, DAVE, "fold")
    assert stranger.private_text == t("not_in_hand")


async def test_a_double_click_acts_once(session: TableSession, client: FakeClient) -> None:
    hand = running(session)
    to_act = hand.to_act
    assert to_act is not None
    number = hand.action_count
    first = await click(client, session, to_act, "call", action_number=number)
    assert first.response.calls[0][0] == "edit"  # the table, updated in the same response
    assert hand.to_act != to_act
    after = len(hand.records)
    second = await click(client, session, to_act, "call", action_number=number)
    assert second.private_text == t("already_done")
    assert len(hand.records) == after


async def test_stale_buttons_and_earlier_hands_are_refused(
    session: TableSession, client: FakeClient
) -> None:
    hand = running(session)
    await click(client, session, hand.to_act, "call")
    now = hand.to_act
    assert now is not None
    stale = await click(client, session, now, "raise", action_number=hand.action_count - 1)
    assert stale.private_text == t("table_moved")
    old_hand = await click(client, session, now, "fold", hand_id=hand.hand_id - 1)
    assert old_hand.private_text == t("hand_over")
    assert hand.to_act == now


async def test_a_click_on_a_closed_table_says_the_hand_is_over(
    session: TableSession, client: FakeClient
) -> None:
    hand = running(session)
    custom_id = table_button_id(session.table_id + 1, hand.hand_id, hand.action_count, "call")
    gone = await press(client, ALICE, custom_id, message=TABLE_MESSAGE)
    assert gone.private_text == t("hand_over")


async def test_folding_a_free_check_asks_first(session: TableSession, client: FakeClient) -> None:
    """Folding what could be checked for free is almost always a slip: the click gets a
    private question whose "Fold anyway" (``foldx``) folds."""
    hand = running(session)
    while hand.to_act is not None and not hand.legal().can_check:
        await click(client, session, hand.to_act, "call")
    player = hand.to_act
    assert player is not None and hand.phase is Phase.BETTING
    asked = await click(client, session, player, "fold")
    assert asked.private_text == t("fold_free_check")
    assert not hand.private_view(player).folded
    view = asked.response.calls[0][1]["view"]
    (fold_anyway,) = [c for c in view.children if c.custom_id.endswith(":foldx")]
    confirmed = await press(client, player, fold_anyway.custom_id, message=4242)
    assert hand.private_view(player).folded
    assert confirmed.response.calls[0] == (
        "edit",
        {"content": t("folded_anyway"), "view": None},
    )


async def test_marks_draws_and_the_draw_queue(session: TableSession, client: FakeClient) -> None:
    hand = running(session)
    await call_to_the_draw(client, session, hand)
    drawer = hand.to_act
    assert drawer is not None and hand.phase is Phase.DRAWING
    waiting = next(p for p in hand.player_ids if p not in (drawer,))
    # a card button of another draw is refused
    wrong = await card_click(client, session, drawer, 2, 0)
    assert wrong.private_text == t("draw_finished")
    # Draw with nothing marked asks to mark cards first
    empty = await draw_click(client, session, drawer, 1, pat=False)
    assert empty.private_text == t("panel_none_marked")
    # a waiting player marks two cards and sets the draw in advance
    cards = hand.private_view(waiting).cards
    for index in (0, 3):
        toggle = await card_click(client, session, waiting, 1, index)
        assert toggle.response.calls[0][0] == "edit"
    assert session.notes.marks[waiting] == {cards[0], cards[3]}
    await draw_click(client, session, waiting, 1, pat=False)
    assert session.notes.queued[waiting] == (1, "draw")
    # the player to draw stands pat: the queued draws run in turn
    pat = await draw_click(client, session, drawer, 1, pat=True)
    assert pat.response.calls[0][0] == "edit"
    while hand.phase is Phase.DRAWING and hand.to_act != waiting:
        await draw_click(client, session, hand.to_act, 1, pat=True)
    view = hand.private_view(waiting)
    assert view.draws_made == 1
    assert cards[0] not in view.cards and cards[3] not in view.cards
    assert len(view.last_received) == 2
    assert waiting not in session.notes.marks and waiting not in session.notes.queued
    # a second click on the finished draw
    again = await draw_click(client, session, waiting, 1, pat=False)
    assert again.private_text in (t("already_done"), t("draw_finished"))


async def test_fold_in_turn_is_a_toggle_on_the_panel(
    session: TableSession, client: FakeClient
) -> None:
    hand = running(session)
    waiting = next(p for p in hand.player_ids if p != hand.to_act)
    custom_id = prefold_button_id(session.table_id, hand.hand_id)
    on = await press(client, waiting, custom_id)
    assert on.response.calls[0][0] == "edit" and waiting in session.notes.prefold
    await press(client, waiting, custom_id)
    assert waiting not in session.notes.prefold
    stranger = await press(client, DAVE, custom_id)
    assert stranger.private_text == t("not_in_hand")


def view_of(session: TableSession, user_id: int) -> discord.ui.View:
    """The player's private panel's buttons as they are now."""
    view = panel_view(session._panel(user_id))
    assert view is not None
    return view


async def test_fold_in_turn_does_what_its_button_said(
    session: TableSession, client: FakeClient
) -> None:
    """A double click on "Fold in turn" sets it once (both clicks come from the panel that
    showed it off); "Cancel" on a panel that showed it on cancels it, twice or not."""
    hand = running(session)
    waiting = next(p for p in hand.player_ids if p != hand.to_act)
    custom_id = prefold_button_id(session.table_id, hand.hand_id)
    shown_off = panel_message(view_of(session, waiting))
    for _ in range(2):
        clicked = await press(client, waiting, custom_id, message=shown_off)
        assert clicked.private_text is None and waiting in session.notes.prefold
    shown_on = panel_message(view_of(session, waiting))
    for _ in range(2):
        await press(client, waiting, custom_id, message=shown_on)
        assert waiting not in session.notes.prefold


async def test_a_mucked_hand_can_be_shown_after_the_hand(tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 1000), (BOB, "Bob", 1000), hand_pause=600)
    session, client, channel = table.session, table.client, table.channel
    for _ in range(30):
        session.timers.cancel_deal()
        # what earlier hands posted or showed is out before this hand's texts are counted
        await all_posted(session)
        posted_before = len(channel.texts())
        async with session._lock:
            await session._start_hand()
        hand = running(session)
        while not hand.is_complete:
            async with session._lock:
                player = hand.to_act
                assert player is not None
                if hand.phase is Phase.DRAWING:
                    hand.draw(player, [])
                else:
                    hand.check_or_call(player)
                await session._after_action()
        if hand.result is not None and hand.result.mucked:
            break
    else:
        pytest.fail("no hand was mucked at the showdown in 30 hands")
    mucked = hand.result.mucked[0]
    winner = next(p for p in hand.player_ids if p != mucked)
    cards = hand.private_view(mucked).cards
    # nobody saw the mucked cards so far (earlier hands may have shown the same cards)
    await all_posted(session)
    texts = channel.texts()[posted_before:]
    assert not any(card_label(c) in x for x in texts for c in cards)
    show = show_button_id(session.table_id, hand.hand_id)
    not_mucked = await press(client, winner, show)
    assert not_mucked.private_text == t("already_done")
    shown = await press(client, mucked, show)
    assert shown.response.calls[0][0] == "edit"
    await wait_until(lambda: any(all(card_label(c) in x for c in cards) for x in channel.texts()))
    again = await press(client, mucked, show)
    assert again.private_text == t("already_done")


def answered_view(interaction: FakeInteraction) -> discord.ui.LayoutView:
    """The panel a click or My cards was answered with: one Components V2 layout."""
    kind, kwargs = interaction.response.calls[0]
    assert kind in ("edit", "send")
    view = kwargs["view"]
    assert isinstance(view, discord.ui.LayoutView) and view.has_components_v2()
    return view


async def my_cards(client: FakeClient, session: TableSession, user_id: int) -> FakeInteraction:
    """The "My cards" button under the table: the panel as a private reply."""
    return await click(client, session, user_id, "cards")


async def on_panel(
    client: FakeClient,
    session: TableSession,
    user_id: int,
    view: discord.ui.View | discord.ui.LayoutView,
    index: int | None,
    *,
    pat: bool = False,
) -> FakeInteraction:
    """Click card ``index`` (or Draw / Stand pat when None) of the panel ``view``."""
    message = panel_message(view)
    if index is not None:
        return await card_click(client, session, user_id, 1, index, message=message)
    return await draw_click(client, session, user_id, 1, pat=pat, message=message)


async def test_a_double_clicked_card_is_marked_once(
    session: TableSession, client: FakeClient
) -> None:
    hand = running(session)
    player = hand.player_ids[0]
    panel = await my_cards(client, session, player)
    assert panel.response.calls[0][1]["ephemeral"] is True
    view = answered_view(panel)
    # both clicks come from the same picture of the panel (the first answer not yet shown)
    await on_panel(client, session, player, view, 0)
    await on_panel(client, session, player, view, 0)
    assert session.notes.marks.get(player) == {hand.private_view(player).cards[0]}


async def test_draw_from_a_stale_panel_draws_what_that_panel_showed(
    session: TableSession, client: FakeClient
) -> None:
    """The DM panel and the /poker hand panel are two messages: marks changed in one leave the
    other's "Draw N" label stale. Its click must draw the N cards it showed, not other ones."""
    hand = running(session)
    await call_to_the_draw(client, session, hand)
    drawer = hand.to_act
    assert drawer is not None
    cards = hand.private_view(drawer).cards
    opened = await my_cards(client, session, drawer)
    dm_view = answered_view(await on_panel(client, session, drawer, answered_view(opened), 0))
    # meanwhile, in the other panel, two more cards get marked
    other_view = answered_view(opened)
    for index in (1, 2):
        other_view = answered_view(await on_panel(client, session, drawer, other_view, index))
    assert len(session.notes.marks[drawer]) == 3
    await on_panel(client, session, drawer, dm_view, None)  # "Draw 1" of the first panel
    after = hand.private_view(drawer)
    assert after.draws_made == 1
    assert cards[0] not in after.cards
    assert cards[1] in after.cards and cards[2] in after.cards


async def test_a_draw_set_in_advance_ends_a_timeout_streak(
    session: TableSession, client: FakeClient
) -> None:
    """Two timeouts *in a row* sit a player out: a draw the player confirmed before their turn
    is their own action in between, so it resets the streak like a click in turn does."""
    hand = running(session)
    await call_to_the_draw(client, session, hand)
    drawer = hand.to_act
    waiting = next(p for p in hand.player_ids if p != drawer)
    session.notes.timeouts[waiting] = 1  # timed out once already
    await draw_click(client, session, waiting, 1, pat=True)
    assert session.notes.queued[waiting] == (1, "pat")
    while hand.phase is Phase.DRAWING and hand.private_view(waiting).draws_made == 0:
        await draw_click(client, session, hand.to_act, 1, pat=True)
    assert hand.private_view(waiting).draws_made == 1
    assert session.notes.timeouts.get(waiting, 0) == 0


async def test_a_click_is_answered_while_a_table_edit_is_stuck(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table edit held up by Discord (a rate limit makes discord.py wait) must not hold up
    the answer to a click: Discord gives an interaction three seconds."""
    hand = running(session)
    channel = client.channel
    released = asyncio.Event()
    real_partial = channel.get_partial_message

    def stuck_partial(message_id: int) -> Any:
        message = real_partial(message_id)

        async def edit(**kwargs: Any) -> Any:
            await released.wait()
            return message

        monkeypatch.setattr(message, "edit", edit)
        return message

    monkeypatch.setattr(channel, "get_partial_message", stuck_partial)
    session.io.mark_changed()
    await wait_until(lambda: session.io.render_lock.locked())
    started = time.monotonic()
    answer = await asyncio.wait_for(click(client, session, hand.to_act, "call"), 2)
    assert time.monotonic() - started < 1
    assert answer.response.calls[0][0] == "edit"
    # /poker table is answered at once too, and the new message becomes the table
    repost = FakeInteraction(BOB, client=client)
    await asyncio.wait_for(session.repost(repost.as_discord), 2)
    assert repost.response.calls[0][0] == "send"
    assert session.io.message_id == REPOST_MESSAGE
    # once the stuck edit lands, the table is rendered again with the latest state
    version = session.io.version
    released.set()
    monkeypatch.setattr(channel, "get_partial_message", real_partial)
    await wait_until(lambda: session.io.rendered_version >= version)


async def test_a_forged_click_acts_only_where_it_was_made(
    session: TableSession, client: FakeClient
) -> None:
    """A client may send any custom id with a click; the message it names is Discord's. A
    table button from another public message, a panel button on the table message, and a
    button of another table on a private message all act on nothing and edit nothing."""
    hand = running(session)
    player = hand.to_act
    assert player is not None
    before = hand.action_count
    call = table_button_id(session.table_id, hand.hand_id, before, "call")
    elsewhere = SimpleNamespace(id=4321, components=[], flags=SimpleNamespace(ephemeral=False))
    card = card_button_id(session.table_id, hand.hand_id, 1, 0)
    other_table = SimpleNamespace(
        id=5432,
        components=[SimpleNamespace(children=[SimpleNamespace(custom_id="deuce:f:99:1")])],
        flags=SimpleNamespace(ephemeral=True),
    )
    for custom_id, message in (
        (call, elsewhere),  # a forged table button on another channel message
        (card, TABLE_MESSAGE),  # a forged card button on the public table
        (card, other_table),  # this table's card on another table's private panel
        (call, other_table),
    ):
        refused = await press(client, player, custom_id, message=message)
        assert refused.private_text == t("click_elsewhere"), custom_id
        assert [kind for kind, _ in refused.answers] == ["send"]
    assert hand.action_count == before and not session.notes.marks.get(player)
    assert client.channel.edits == []
    # The same buttons where they belong act.
    assert (await press(client, player, call, message=TABLE_MESSAGE)).private_text is None
    assert hand.action_count == before + 1
