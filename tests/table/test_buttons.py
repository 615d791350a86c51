"""Custom ids: every button carries table, hand (and betting position or draw), round-trips
through its DynamicItem template, and fits Discord's 100-character limit. A click reaches its
table's session through the registry, and every failure becomes a private reply."""

from __future__ import annotations

import gc
import logging
import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.engine import EngineError
from bot.messages import t
from bot.replies import Refused
from bot.store.errors import StoreError
from bot.table.buttons import (
    BUTTONS,
    CardButton,
    DealerButton,
    DrawButton,
    PrefoldButton,
    TableButton,
    card_button_id,
    draw_button_id,
    message_custom_ids,
    prefold_button_id,
    show_button_id,
    shown_marks,
    table_button_id,
)
from bot.table.inputs import BetClick, DrawClick
from bot.table.session import TableSession
from bot.ui.routes import ROUTER
from bot.ui.views import PlainView
from tests.table._helpers import TABLE_MESSAGE, FakeClient, FakeInteraction, press

BIG = 2**63 - 1


def pattern(item: type[DealerButton]) -> re.Pattern[str]:
    return item.PATTERN


async def dispatch_click(interaction: Any) -> bool:
    return await ROUTER.dispatch(interaction)


@pytest.mark.parametrize("action", ["fold", "foldx", "call", "raise", "cards"])
async def test_table_button_round_trip(action: str) -> None:
    custom_id = table_button_id(7, BIG, 42, action)
    assert custom_id.startswith("deuce:")
    assert len(custom_id) <= 100
    match = pattern(TableButton).fullmatch(custom_id)
    assert match is not None
    item = TableButton.from_match(match)
    assert (item.table_id, item.hand_id, item.action_number, item.action) == (7, BIG, 42, action)
    assert item.custom_id == custom_id


async def test_card_and_draw_buttons_round_trip() -> None:
    for index in range(5):
        custom_id = card_button_id(3, 99, 2, index)
        match = pattern(CardButton).fullmatch(custom_id)
        assert match is not None
        item = CardButton.from_match(match)
        assert (item.table_id, item.hand_id, item.draw, item.index) == (3, 99, 2, index)
    for what in ("draw", "pat"):
        custom_id = draw_button_id(3, 99, 3, what)
        match = pattern(DrawButton).fullmatch(custom_id)
        assert match is not None
        drawn = DrawButton.from_match(match)
        assert (drawn.hand_id, drawn.draw, drawn.what) == (99, 3, what)
    match = pattern(PrefoldButton).fullmatch(prefold_button_id(3, 99))
    assert match is not None


def test_templates_do_not_overlap_and_refuse_junk() -> None:
    ids = [
        table_button_id(1, 2, 3, "fold"),
        card_button_id(1, 2, 1, 4),
        draw_button_id(1, 2, 1, "pat"),
        prefold_button_id(1, 2),
        show_button_id(1, 2),
    ]
    for custom_id in ids:
        matching = [item for item in BUTTONS if pattern(item).fullmatch(custom_id)]
        assert len(matching) == 1, custom_id
    for junk in (
        "deuce:t:1:2:3:allin",
        "deuce:c:1:2:1:5",
        "deuce:d:x:2:1:draw",
        "other:t:1:2:3:fold",
    ):
        assert not any(pattern(item).fullmatch(junk) for item in BUTTONS)


def test_plain_view_is_never_stored() -> None:
    view = PlainView()
    view.add_item(TableButton(1, 2, 3, "fold", label="Fold"))
    assert view.timeout is None
    assert view.is_dispatchable() is False


def current_id(session: TableSession, action: str) -> str:
    """The id of the table button ``action`` as the table shows it now."""
    hand = session.hand
    assert hand is not None
    return table_button_id(session.table_id, hand.hand_id, hand.action_count, action)


async def test_fold_anyway_reaches_the_session_as_fold_confirmed(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, int, str]] = []

    async def record(click: BetClick, interaction: Any) -> None:
        seen.append((click.hand_id, click.action_number, click.action))

    monkeypatch.setattr(session, "handle", record)
    hand = session.hand
    assert hand is not None
    for action in ("foldx", "fold", "call"):
        await press(client, 1, table_button_id(session.table_id, hand.hand_id, 5, action))
    assert seen == [
        (hand.hand_id, 5, "fold_confirmed"),
        (hand.hand_id, 5, "fold"),
        (hand.hand_id, 5, "call"),
    ]


@pytest.mark.parametrize(
    "error",
    [Refused("not now"), StoreError("not now"), EngineError("not now")],
    ids=["refused", "store", "engine"],
)
async def test_an_expected_failure_is_told_privately(
    session: TableSession,
    client: FakeClient,
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
) -> None:
    async def refuse(*args: Any) -> None:
        raise error

    monkeypatch.setattr(session, "handle", refuse)
    answer = await press(client, 1, current_id(session, "call"), message=TABLE_MESSAGE)
    assert answer.private_text == "not now"


async def test_an_unexpected_failure_is_logged_and_excused(
    session: TableSession,
    client: FakeClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def crash(*args: Any) -> None:
        raise RuntimeError("secret 7s5d4c3h2s")

    monkeypatch.setattr(session, "handle", crash)
    caplog.set_level(logging.ERROR)
    answer = await press(client, 1, current_id(session, "call"))
    assert answer.private_text == t("error_generic")
    assert any(r.exc_info for r in caplog.records)


async def test_a_refusal_after_an_answer_goes_as_a_followup(
    session: TableSession, client: FakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def defer_then_refuse(click: Any, interaction: Any) -> None:
        await interaction.response.defer()
        raise Refused("too late")

    monkeypatch.setattr(session, "handle", defer_then_refuse)
    answer = await press(client, 1, current_id(session, "call"))
    assert answer.response.calls == [("defer", {})]
    assert answer.followup.calls[0][1]["content"] == "too late"
    assert answer.followup.calls[0][1]["ephemeral"] is True


async def test_a_click_is_handled_only_when_it_names_a_dealer_button() -> None:
    """``dispatch_click`` rebuilds the named button from its id and runs it on its table;
    another bot's button, a slash command or a dealer-like id that no template matches is
    left alone."""
    seen: list[tuple[Any, ...]] = []

    class Inputs:
        table_message_id = 30

        async def handle(self, click: Any, _: Any) -> None:
            if isinstance(click, BetClick):
                seen.append(("table", click.hand_id, click.action_number, click.action))
            elif isinstance(click, DrawClick):
                seen.append(("draw", click.hand_id, click.draw, click.pat))

    inputs = Inputs()
    client = SimpleNamespace(tables=SimpleNamespace(by_table={7: inputs}.get))

    def click(custom_id: str, kind: discord.InteractionType) -> Any:
        data = {"custom_id": custom_id, "component_type": 2}
        button = SimpleNamespace(custom_id=custom_id)
        message = SimpleNamespace(id=31, components=[SimpleNamespace(children=[button])])
        return SimpleNamespace(
            type=kind,
            data=data,
            client=client,
            locale="en-US",
            message=message,
            guild_id=None,
            user=SimpleNamespace(id=5),
        )

    component = discord.InteractionType.component
    assert await dispatch_click(click(table_button_id(7, 2, 3, "call"), component))
    assert await dispatch_click(click(draw_button_id(7, 2, 1, "pat"), component))
    assert seen == [("table", 2, 3, "call"), ("draw", 2, 1, True)]
    for custom_id, kind in (
        ("other:t:7:2:3:call", component),
        (table_button_id(7, 2, 3, "call"), discord.InteractionType.application_command),
    ):
        assert not await dispatch_click(click(custom_id, kind))
    forged = FakeInteraction(5, 31, client)
    forged.type = component
    forged.data = {"custom_id": "deuce:t:7:2:3:allin", "component_type": 2}
    assert await dispatch_click(forged.as_discord)  # a dealer-like id no route takes: refused
    assert forged.private_text == t("button_unknown")
    assert len(seen) == 2


def test_a_view_and_its_buttons_are_freed_without_the_collector(collector_off: None) -> None:
    """A table's buttons are no reference cycle (the buttons do not point back at their
    view): a rendered view is freed when its message is sent, not left for the collector,
    whose passes stall every table."""
    for number in range(50):
        view = PlainView()
        for action in ("fold", "call", "raise", "cards"):
            view.add_item(TableButton(7, 2, number, action, label=action))
        rows = view.to_components()
        assert [c["custom_id"] for c in rows[0]["components"]] == [
            table_button_id(7, 2, number, action) for action in ("fold", "call", "raise", "cards")
        ]
        del view
    assert gc.collect() == 0


def gateway_state(client: Any) -> ConnectionState[Any]:
    """discord.py's connection state (long-lived in the bot) of a client."""
    state: ConnectionState[Any] = ConnectionState(
        dispatch=lambda *args: None,
        handlers={},
        hooks={},
        http=SimpleNamespace(_HTTPClient__session=None),  # type: ignore[arg-type]
        intents=discord.Intents.none(),
    )
    state._get_client = lambda: client
    return state


ANN = {"id": "11", "username": "ann", "discriminator": "0", "avatar": None}


def clicked_message(custom_id: str) -> dict[str, Any]:
    """A message of the dealer's in a DM, with one button, as the gateway sends it."""
    button = {"type": 2, "style": 2, "label": "Call", "custom_id": custom_id}
    return {
        "id": "30",
        "channel_id": "20",
        "author": ANN,
        "content": "",
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [{"title": "table"}],
        "pinned": False,
        "type": 0,
        "components": [{"type": 1, "components": [button]}],
    }


def real_click(custom_id: str, state: ConnectionState[Any]) -> discord.Interaction[Any]:
    """discord.py's own Interaction of a click on ``custom_id`` in a DM, as the gateway
    delivers it (with the clicked message)."""
    user, message = ANN, clicked_message(custom_id)
    payload: Any = {
        "id": "100",
        "application_id": "5",
        "type": 3,
        "token": "token",
        "version": 1,
        "data": {"custom_id": custom_id, "component_type": 2},
        "channel_id": "20",
        "channel": {"id": "20", "type": 1},
        "user": user,
        "locale": "en-US",
        "message": message,
        "attachment_size_limit": 1024,
        "entitlements": [],
        "authorizing_integration_owners": {"1": "11"},
        "context": 1,
    }
    return discord.Interaction(data=payload, state=state)


async def test_a_handled_click_is_freed_without_the_collector(collector_off: None) -> None:
    """Once its click is handled, discord.py's interaction (its response points back at it)
    and what was made of it (the clicked message, its buttons, the user) are freed at once,
    not left for the collector."""
    answered: list[bool] = []

    class Inputs:
        table_message_id = None

        async def handle(self, click: BetClick, interaction: Any) -> None:
            answered.append(interaction.response.is_done())

    client = SimpleNamespace(user=None, tables=SimpleNamespace(by_table={7: Inputs()}.get))
    state = gateway_state(client)
    gc.collect()
    interaction = real_click(table_button_id(7, 2, 3, "call"), state)
    assert interaction.message is not None
    assert await dispatch_click(interaction)
    assert answered == [False]
    del interaction
    assert gc.collect() == 0
    left = real_click(table_button_id(7, 2, 3, "call"), state)
    assert left.response is not None  # the same interaction, not handled: a cycle
    del left
    assert gc.collect() > 0


class RecordingAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter (interaction callbacks, follow-ups, token edits) answering
    as Discord would, without a network: each answer is the message the call made."""

    def __init__(self) -> None:
        super().__init__()
        self.routes: list[str] = []

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        self.routes.append(f"{route.method} {route.path}")
        message = {**clicked_message("x"), "id": str(40 + len(self.routes)), "flags": 64}
        if route.path.endswith("/callback"):
            interaction = {"id": "100", "type": 3, "response_message_id": message["id"]}
            return {"interaction": interaction, "resource": {"type": 4, "message": message}}
        return message


def sent_views() -> list[discord.ui.View]:
    """One of each view the dealer sends: the table, a private panel, "Fold anyway?"."""
    from bot.table.render import fold_anyway_view

    view = PlainView()
    for action in ("fold", "call", "raise", "cards"):
        view.add_item(TableButton(7, 2, 3, action, label=action))
    panel = PlainView()
    for index in range(5):
        panel.add_item(discord.ui.Button(custom_id=card_button_id(7, 2, 1, index), label="?"))
    panel.add_item(discord.ui.Button(custom_id=draw_button_id(7, 2, 1, "draw"), label="Draw"))
    return [view, panel, fold_anyway_view(7, 2, 3)]


async def send_every_way(views: list[discord.ui.View], state: ConnectionState[Any]) -> None:
    """Send each view as the dealer does: a private reply, the answer that edits the clicked
    message, a private follow-up, and an edit through the interaction's token."""
    for view in views:
        first = real_click(table_button_id(7, 2, 3, "cards"), state)
        await first.response.send_message("panel", view=view, ephemeral=True)
        await first.followup.send("again", view=view, ephemeral=True)
        await first.edit_original_response(view=view)
        second = real_click(table_button_id(7, 2, 3, "call"), state)
        await second.response.edit_message(view=view)


async def test_no_view_the_dealer_sends_is_left_with_discord_py(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """discord.py would dispatch a click a second time (beside ``dispatch_click``) through any
    view it stored: however the dealer sends its views, none is stored. A plain discord.py
    view sent the same way is, which shows the check can fail."""
    adapter = RecordingAdapter()
    async_context.set(adapter)
    client = SimpleNamespace(user=None, tables=SimpleNamespace(by_table={}.get))
    state = gateway_state(client)
    state.http = SimpleNamespace(  # type: ignore[assignment]
        _HTTPClient__session=None, proxy=None, proxy_auth=None, token="t"
    )
    await send_every_way(sent_views(), state)
    assert len(adapter.routes) == 12
    store = state._view_store
    assert store._dynamic_items == {} and store._views == {}
    assert store._synced_message_views == {}

    live = discord.ui.View(timeout=None)
    live.add_item(TableButton(7, 2, 3, "call", label="Call"))
    await send_every_way([live], state)
    assert store._views  # stored: discord.py would dispatch its clicks too


def test_the_buttons_of_a_v2_table_message_are_read_inside_its_container() -> None:
    """The table is a Components V2 message: its buttons are in an action row inside a
    container. A click on it is checked against them (``click_origin_refusal``); read from
    the top-level rows only, a stale click on an old table was refused as coming from
    another message instead of "This hand is over"."""
    fold = table_button_id(7, 2, 3, "fold")
    data = clicked_message(fold)
    data["embeds"] = []
    data["flags"] = 1 << 15
    data["components"] = [
        {
            "type": 17,
            "components": [
                {"type": 10, "content": "### 2-7 Triple Draw"},
                {"type": 14},
                {"type": 1, "components": [{"type": 2, "style": 4, "custom_id": fold}]},
            ],
        }
    ]
    channel: Any = SimpleNamespace(id=20, guild=None)
    message = discord.Message(state=gateway_state(None), channel=channel, data=data)  # type: ignore[arg-type]
    assert message_custom_ids(message) == (fold,)
    assert shown_marks(message) is None  # no card buttons: not a panel
