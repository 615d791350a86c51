"""One live DM panel per player (issue 25): a turn alert replaces the panel (the old message
becomes a stub at once), it never repeats a panel that just showed the same turn, it is not
sent once the turn moved on, and a timeout played for a player is a line in their panel."""

from __future__ import annotations

import asyncio
import dataclasses
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.engine import Hand, Phase
from bot.messages import Text, t
from bot.table.buttons import card_button_id
from bot.table.io import lane as lane_module
from bot.table.io import panels as panels_module
from bot.table.io.lane import Lane
from bot.table.io.panels import DmPanels, HandPanels
from bot.table.io.tasks import TableTasks
from bot.table.pictures import HAND_FILE, panel_picture_text
from bot.table.session import TableSession
from tests.discord_double.reading import Layout
from tests.table._helpers import (
    FakeClient,
    FakeFollowup,
    FakeResponse,
    card_click,
    click,
    draw_click,
    layout_of,
    private_message,
    running,
    wait_until,
)


async def deal_panels_sent(session: TableSession, client: FakeClient) -> None:
    hand = running(session)
    await wait_until(
        lambda: all(
            u in session.io.dm_panels and client.dm_channels[u].sent for u in hand.player_ids
        )
    )
    await wait_until(lambda: not session.io.panels.sending)


async def settled(session: TableSession) -> None:
    await wait_until(
        lambda: not session.io.panels.sending and not session.io.panels.hand.edits_queued
    )
    for _ in range(5):
        await wait_until(lambda: True)


async def click_own_panel(client: FakeClient, session: TableSession, user_id: int) -> None:
    """A click on the player's DM panel (a card marked): its token edits the panel freely."""
    message = private_message(card_id(session, 1, 0), session.io.dm_panels[user_id].id)
    message.channel = client.dm_channels[user_id]
    await card_click(client, session, user_id, 1, 0, message=message)


async def test_an_alert_replaces_the_panel_and_the_old_one_becomes_a_stub(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(panels_module, "ALERT_FRESH_SECONDS", -1.0)  # the turn waited
    await deal_panels_sent(session, client)
    hand = running(session)
    player = hand.to_act
    assert player is not None
    dm = client.dm_channels[player]
    old = session.io.dm_panels[player].id
    sent = len(dm.sent)
    session.io.send_panel(player, urgent=True, alert=True)
    await wait_until(lambda: len(dm.sent) == sent + 1)
    await wait_until(lambda: any(m == old for m, _ in dm.edits))
    ((_, stub),) = [(m, kw) for m, kw in dm.edits if m == old]
    # a V2 message stays V2: the stub is a notice layout, no buttons, no picture
    assert set(stub) == {"view", "attachments"} and stub["attachments"] == []
    shown = layout_of(stub)
    assert shown is not None and shown.text == t("panel_moved", "en")
    assert shown.buttons == [] and shown.media == []
    assert session.io.dm_panels[player].id != old


async def test_an_edit_under_way_when_an_alert_replaces_the_panel_leaves_the_old_one_a_stub(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of the panel that read its message before an alert replaced it must not land
    on the stub: the old message kept "moved down" with the panel's picture and buttons back
    (seen once under load in test_one_live_panel_per_player_in_now_mode)."""
    monkeypatch.setattr(panels_module, "ALERT_FRESH_SECONDS", -1.0)  # the turn waited
    await deal_panels_sent(session, client)
    player = running(session).to_act
    assert player is not None
    dm = client.dm_channels[player]
    old = session.io.dm_panels[player].id
    rendering, go_on = asyncio.Event(), asyncio.Event()
    render = panels_module.panel_message

    rendered = asyncio.Event()

    async def slow_edit(panel: Any, locale: Any, **kwargs: Any) -> dict[str, Any]:
        if not kwargs.get("edit") or rendering.is_set():
            return await render(panel, locale, **kwargs)
        rendering.set()
        await go_on.wait()
        made = await render(panel, locale, **kwargs)
        rendered.set()
        return made

    monkeypatch.setattr(panels_module, "panel_message", slow_edit)
    session.io.panels.refresh(player)  # an edit of the old panel, slow to render
    await rendering.wait()
    session.io.send_panel(player, urgent=True, alert=True)
    await wait_until(lambda: any(m == old for m, _ in dm.edits))  # the stub
    go_on.set()
    await rendered.wait()
    await settled(session)
    edits_of_old = [kw for m, kw in dm.edits if m == old]
    assert [text_of(kw) for kw in edits_of_old] == [t("panel_moved", "en")]


async def test_no_alert_once_the_player_acted(session: TableSession, client: FakeClient) -> None:
    await deal_panels_sent(session, client)
    hand = running(session)
    player = hand.to_act
    assert player is not None
    await click(client, session, player, "call")
    dm = client.dm_channels[player]
    sent = len(dm.sent)
    session.io.send_panel(player, urgent=True, alert=True)  # composed before the call
    await settled(session)
    assert len(dm.sent) == sent


async def test_the_deal_panel_of_the_first_to_act_is_their_alert(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    await deal_panels_sent(session, client)
    player = running(session).to_act
    assert player is not None
    dm = client.dm_channels[player]
    session.io.send_panel(player, urgent=True, alert=True)  # "now": at once
    await settled(session)
    assert len(dm.sent) == 1
    monkeypatch.setattr(panels_module, "ALERT_FRESH_SECONDS", -1.0)  # a later reminder
    session.io.send_panel(player, urgent=True, alert=True)
    await wait_until(lambda: len(dm.sent) == 2)


async def test_a_timeout_notice_is_a_line_in_the_panel(
    session: TableSession, client: FakeClient
) -> None:
    await deal_panels_sent(session, client)
    hand = running(session)
    player = hand.player_ids[0]
    dm = client.dm_channels[player]
    sent, edits = len(dm.sent), len(dm.edits)
    notice = Text("timed_out_private", hand_id=str(hand.hand_id), what=Text("timed_out_fold"))
    session.io.notify(player, notice)
    await wait_until(lambda: len(dm.edits) > edits)
    assert len(dm.sent) == sent
    shown = layout_of(dm.edits[-1][1])
    assert shown is not None
    notice = f"Time ran out in hand #{hand.hand_id}: you folded."
    assert shown.texts[-1].startswith("-# ")  # the footer, under the buttons
    assert notice in shown.texts  # a line of its own under the player's own part


async def test_every_players_panel_follows_the_table_wherever_they_last_clicked(
    session: TableSession, client: FakeClient
) -> None:
    """The player to act next sees their turn in their panel, and a player who plays on the
    table (and clicked their panel once: a card marked) sees in theirs whose turn it is now
    (issue 35: it read the turn before)."""
    await deal_panels_sent(session, client)
    await settled(session)
    hand = running(session)
    actor = hand.to_act
    assert actor is not None
    after = Hand.from_json(hand.to_json())
    after.check_or_call(actor)
    dm_player = after.to_act
    assert dm_player is not None
    table_player = next(u for u in hand.player_ids if u not in (actor, dm_player))
    session.io.from_dm.add(dm_player)  # their last action came from their DM panel
    dm, other = client.dm_channels[dm_player], client.dm_channels[table_player]
    await click_own_panel(client, session, table_player)  # its token edits it from now on
    await settled(session)
    dm_edits, other_edits = len(dm.edits), len(other.edits)
    await click(client, session, actor, "call")
    assert actor not in session.io.from_dm  # a table click: a table player
    await wait_until(lambda: len(dm.edits) > dm_edits)
    edit = dm.edits[-1][1]
    assert "Your turn" in text_of(edit)
    ids = layout_or_fail(edit).custom_ids
    assert any(i.endswith(f":{hand.action_count}:call") for i in ids)
    await wait_until(lambda: len(other.edits) > other_edits)
    shown = text_of(other.edits[-1][1])
    to_act = session.table_snapshot().to_act_name
    assert to_act is not None and to_act in str(shown)
    assert "Your turn" not in str(shown)


async def test_a_live_panel_waits_only_between_edits_close_together(
    session: TableSession, client: FakeClient
) -> None:
    """Keeping a panel current arms no timer: once the panel shows the change its task ends
    (an expiry ``PANEL_INTERVAL`` after every edit woke an idle bot for nothing). A second
    change within the interval of an edit waits for the rest of it, then is shown."""
    await deal_panels_sent(session, client)
    await settled(session)
    hand = running(session)
    watcher = hand.to_act  # after their call, two turns go by before theirs comes again
    assert watcher is not None
    await click_own_panel(client, session, watcher)  # its token edits the panel freely
    await settled(session)
    dm, panels, loop = client.dm_channels[watcher], session.io.panels, asyncio.get_running_loop()
    edits = len(dm.edits)
    await click(client, session, watcher, "call")
    await wait_until(lambda: len(dm.edits) > edits)
    edited = loop.time()
    await wait_until(lambda: watcher not in panels._live_tasks)
    assert loop.time() - edited < panels_module.PANEL_INTERVAL / 2
    edits = len(dm.edits)
    await click(client, session, hand.to_act, "call")
    await wait_until(lambda: len(dm.edits) > edits)
    assert loop.time() - edited >= panels_module.PANEL_INTERVAL - 0.02
    assert session.table_snapshot().to_act_name in text_of(dm.edits[-1][1])


async def test_a_deal_replaces_the_panels_of_the_last_hand_whole() -> None:
    """What the DM panels hold of a hand lives in one ``HandPanels``, replaced at each deal:
    nothing of the last hand's panels (messages, tokens, notices, alerts, failed DMs) carries
    over, and the only state kept across hands is who plays from their DMs, the tasks, the
    panels clicked with a still valid token (the next deal's panels: ``kept``), and each
    player's turn to write to their panel messages (an edit of the last hand's may be under
    way)."""
    tasks = TableTasks(7, lambda: None)
    panels = DmPanels(
        cast(Any, SimpleNamespace()), tasks, table_id=7, table_message_id=lambda: None, post=print
    )
    panels.new_hand(1)
    last = panels.hand
    for item in dataclasses.fields(last):
        value = getattr(last, item.name)
        if isinstance(value, dict):
            value[5] = None
        elif isinstance(value, set):
            value.add(5)
    panels.new_hand(2)
    assert panels.hand is not last and panels.hand == HandPanels(2)
    kept = {name for name, value in vars(panels).items() if isinstance(value, (dict, set))}
    assert kept == {
        "sending",
        "from_dm",
        "from_table",
        "_live_tasks",
        "_live_wake",
        "_in_lane",
        "kept",
        "_edits",
        "_writes",
    }
    assert panels.kept == {}  # nothing clicked with a valid token: no panel kept


def shown_as(kwargs: dict[str, Any]) -> str:
    """What a DM message send or edit shows: its text and its buttons."""
    view = kwargs.get("view")
    return repr(view.to_components() if view is not None else None)


def layout_or_fail(kwargs: dict[str, Any]) -> Layout:
    shown = layout_of(kwargs)
    assert shown is not None, f"not a Components V2 message: {kwargs}"
    return shown


def text_of(kwargs: dict[str, Any]) -> str:
    """The text a panel message's send or edit shows (every text display)."""
    return layout_or_fail(kwargs).text


async def test_a_folded_players_panel_gets_no_edit_that_changes_nothing(
    session: TableSession, client: FakeClient
) -> None:
    """Issue 35: a folded player's panel, edited through the token of a click on it, was
    edited at each new pot with nothing visible changed. Once it shows the fold it is left
    alone until the hand ends, and no panel gets an edit that shows what it shows already."""
    await deal_panels_sent(session, client)
    hand = running(session)
    folder = hand.to_act
    assert folder is not None
    dm = client.dm_channels[folder]
    await click_own_panel(client, session, folder)  # its token edits the panel from now on
    await click(client, session, folder, "fold")
    session.io.from_dm.add(folder)  # as if the fold came from the panel
    await settled(session)
    await wait_until(lambda: t("panel_folded") in shown_as(dm.shown[-1]))
    edits = len(dm.edits)
    while hand.phase is Phase.BETTING:
        await click(client, session, hand.to_act, "call")
        await settled(session)
    while hand.phase is Phase.DRAWING and hand.draw_round == 1:
        await draw_click(client, session, hand.to_act, 1, pat=True)
        await settled(session)
    assert not hand.is_complete
    assert len(dm.edits) == edits  # nothing it shows changed
    for channel in client.dm_channels.values():
        shown = [shown_as(kwargs) for kwargs in channel.shown]
        repeats = [i for i in range(1, len(shown)) if shown[i] == shown[i - 1]]
        assert not repeats, f"{len(repeats)} edits of a DM panel changed nothing"


def card_id(session: TableSession, draw: int, index: int) -> str:
    return card_button_id(session.table_id, running(session).hand_id, draw, index)


async def test_a_click_on_a_panel_sent_as_an_embed_makes_it_v2_emptying_its_embed(
    session: TableSession, client: FakeClient
) -> None:
    """A panel sent before panels were V2 (a hand restored across that update) is answered
    with the layout, its content and embed emptied: Discord adds the V2 flag only so. A V2
    panel's answer carries neither (discord.py would send ``content: null`` and
    ``embeds: []``)."""
    await deal_panels_sent(session, client)
    player = running(session).player_ids[0]
    legacy = private_message(card_id(session, 1, 0), session.io.dm_panels[player].id)
    legacy.flags = discord.MessageFlags()  # as discord.py reads an embed panel: no V2 flag
    answered = await card_click(client, session, player, 1, 0, message=legacy)
    ((kind, kwargs),) = answered.response.calls
    assert kind == "edit" and kwargs["content"] is None and kwargs["embed"] is None
    assert layout_or_fail(kwargs).texts[0].startswith("### ")
    current = private_message(card_id(session, 1, 0), session.io.dm_panels[player].id)
    current.flags = discord.MessageFlags(components_v2=True)
    answered = await card_click(client, session, player, 1, 0, message=current)
    ((kind, kwargs),) = answered.response.calls
    assert kind == "edit" and "content" not in kwargs and "embed" not in kwargs


async def test_a_click_whose_copy_of_the_panel_names_a_picture_replaced_uploads_it_again(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click's answer keeps the picture the click's copy of the message carries; an edit in
    flight may have replaced it meanwhile (the same cards uploaded anew), and Discord refuses
    a layout whose gallery names an attachment the message no longer has (the sharded e2e
    test logged "Unexpected error in the click"). The answer then uploads the picture."""
    await deal_panels_sent(session, client)
    player = running(session).player_ids[0]
    alt = panel_picture_text(session._panel(player))
    assert alt is not None
    stale = private_message(card_id(session, 1, 0), session.io.dm_panels[player].id)
    stale.flags = discord.MessageFlags(components_v2=True)
    stale.attachments = [SimpleNamespace(id=1, filename=HAND_FILE, description=alt)]
    refused: list[dict[str, Any]] = []
    answer = FakeResponse.edit_message

    async def edit_message(self: FakeResponse, **kwargs: Any) -> None:
        if any(not isinstance(a, discord.File) for a in kwargs.get("attachments", ())):
            refused.append(kwargs)  # the attachment kept is gone from the message
            status = SimpleNamespace(status=400, reason="Bad Request")
            raise discord.HTTPException(status, {"code": 50035, "message": "Invalid Form Body"})
        await answer(self, **kwargs)

    monkeypatch.setattr(FakeResponse, "edit_message", edit_message)
    answered = await card_click(client, session, player, 1, 0, message=stale)
    assert [a.filename for a in refused[0]["attachments"]] == [HAND_FILE]
    ((kind, kwargs),) = answered.response.calls
    (upload,) = kwargs["attachments"]
    assert kind == "edit" and isinstance(upload, discord.File) and upload.filename == HAND_FILE
    assert layout_or_fail(kwargs).media  # the gallery shows the new upload


async def test_an_edit_whose_kept_picture_was_replaced_uploads_it_through_the_same_token(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A panel edit keeps the picture the panel holds; a click's answer may have given the
    message a new one meanwhile (a draw's new cards), and Discord refuses a gallery naming an
    attachment the message lost. The edit then uploads the picture through the same token:
    at 200 tables the token was dropped instead, and the refused edit and every later one
    went out as requests of the global limit (DM edits) until the player's next click."""
    await deal_panels_sent(session, client)
    player = running(session).player_ids[0]
    await click_own_panel(client, session, player)
    await settled(session)
    panels = session.io.panels
    alt = panel_picture_text(session._panel(player))
    assert alt is not None and player in panels.hand.answers
    held = panels.hand.sent[player]
    gone = SimpleNamespace(id=1, filename=HAND_FILE, description=alt)  # replaced meanwhile
    panels.hand.sent[player] = dataclasses.replace(held, attachments=(gone,))
    panels.hand.stale_pictures.discard(player)  # what it holds is the picture it shows
    refused: list[dict[str, Any]] = []
    token_edit = FakeFollowup.edit_message

    async def edit_message(self: FakeFollowup, message_id: Any = None, **kwargs: Any) -> Any:
        if any(not isinstance(a, discord.File) for a in kwargs.get("attachments", ())):
            refused.append(kwargs)
            status = SimpleNamespace(status=400, reason="Bad Request")
            raise discord.HTTPException(status, {"code": 50035, "message": "Invalid Form Body"})
        return await token_edit(self, message_id, **kwargs)

    monkeypatch.setattr(FakeFollowup, "edit_message", edit_message)
    dm = client.dm_channels[player]
    edits = len(dm.edits)
    panels.notify(player, Text("panel_moved"))  # any change: an edit of the panel
    await wait_until(lambda: len(dm.edits) > edits)
    await settled(session)
    assert [a.filename for a in refused[0]["attachments"]] == [HAND_FILE]
    ((_, kwargs),) = dm.edits[edits:]  # one edit landed: no second try by the global limit
    (upload,) = kwargs["attachments"]
    assert isinstance(upload, discord.File) and upload.filename == HAND_FILE
    assert player in panels.hand.answers  # the token still edits the panel


async def busy_lane(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> tuple[Lane, list[int]]:
    """The lane of one place, held; every panel clicked once (edited freely from then on);
    the hand's players in the order they act first."""
    monkeypatch.setattr(lane_module, "LIVE_LANE", 1)
    await deal_panels_sent(session, client)
    hand = running(session)
    order = []
    after = Hand.from_json(hand.to_json())
    while after.to_act is not None and after.to_act not in order:
        order.append(after.to_act)
        after.check_or_call(after.to_act)
    assert len(order) == 3
    for user_id in order:
        await click_own_panel(client, session, user_id)
    await settled(session)
    lane = lane_module.live_lane()
    held = lane.ticket()  # the lane's one place: busy
    assert held.done() and held.result()
    return lane, order


async def test_view_keeping_edits_wait_for_the_lane_and_show_the_table_as_it_is_then(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy bot answers clicks first: an edit that only keeps a panel's view of the table
    current waits for the process's lane (``LIVE_LANE`` at once), and shows the table as it is
    when its turn comes (changes meanwhile are one edit), whether its player plays from it or
    from the table; the player whose turn comes is not kept waiting."""
    lane, (actor, next_up, watcher) = await busy_lane(session, client, monkeypatch)
    # The watcher plays from their panel: its view of the table waits for the lane too.
    session.io.panels.played_from(watcher, session.io.dm_panels[watcher].id)
    assert watcher in session.io.from_dm
    watching, turn = client.dm_channels[watcher], client.dm_channels[next_up]
    watched, turned = len(watching.edits), len(turn.edits)
    await click(client, session, actor, "call")
    await wait_until(lambda: len(turn.edits) > turned)  # their turn: at once
    assert "Your turn" in text_of(turn.edits[-1][1])
    for _ in range(20):
        await asyncio.sleep(0)
    assert len(watching.edits) == watched  # their view waits
    lane.leave()
    await wait_until(lambda: len(watching.edits) > watched)
    await settled(session)
    assert len(watching.edits) == watched + 1
    shown = text_of(watching.edits[-1][1])
    to_act = session.table_snapshot().to_act_name
    assert to_act is not None and to_act in shown and "Your turn" not in shown


@pytest.mark.parametrize("bets_on_table", [False, True])
async def test_a_view_edit_waiting_in_the_lane_goes_at_once_when_its_players_turn_comes(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch, bets_on_table: bool
) -> None:
    """The third to act waits in the lane to see the first's call; the second calls too, and
    the turn is the third's, who bets from their panel: it shows their turn at once, the lane
    still busy (their buttons do not wait behind other panels' views), and the lane's place
    stays the holder's. One who bets on the table sees their turn there: their panel waits its
    turn in the lane."""
    lane, (actor, next_up, third) = await busy_lane(session, client, monkeypatch)
    played_on = session.io.message_id if bets_on_table else session.io.dm_panels[third].id
    session.io.panels.played_from(third, played_on)  # their last bet: on the table, or here
    watching = client.dm_channels[third]
    watched = len(watching.edits)
    await click(client, session, actor, "call")
    for _ in range(20):
        await asyncio.sleep(0)
    assert len(watching.edits) == watched  # waiting in the lane
    await click(client, session, next_up, "call")
    if bets_on_table:
        await settled(session)
        await asyncio.sleep(0.3)  # time for an edit that would go at once (the I/O is fake)
        assert len(watching.edits) == watched  # still waiting: the lane is busy
        lane.leave()
    await wait_until(lambda: len(watching.edits) > watched)
    assert "Your turn" in text_of(watching.edits[-1][1])
    if not bets_on_table:
        assert lane.free == 0 and all(t.done() and not t.result() for t in lane.queue)
        lane.leave()  # the holder is done: the place is free (nobody else waits)
        assert lane.free == 1


async def test_a_betting_turn_hurries_the_panel_unless_its_player_bets_on_the_table(
    session: TableSession, client: FakeClient
) -> None:
    """A player's turn puts their DM panel still on its way before other requests: a
    player who may bet from it needs it now; one who bets on the table sees the turn there
    (their panel is hurried for a draw only)."""
    await deal_panels_sent(session, client)
    hand = running(session)
    first = hand.to_act
    assert first is not None and hand.phase is Phase.BETTING
    after = Hand.from_json(hand.to_json())
    after.check_or_call(first)
    second = after.to_act
    assert second is not None
    after.check_or_call(second)
    third = after.to_act
    assert third is not None and third not in (first, second)
    session.io.panels.played_from(third, session.io.message_id)  # bet on the table before
    client.hurried.clear()
    await click(client, session, first, "call")
    await wait_until(lambda: ("dm", second) in client.hurried)
    await click(client, session, second, "call")
    await settled(session)
    assert running(session).to_act == third and running(session).phase is Phase.BETTING
    assert ("dm", third) not in client.hurried
