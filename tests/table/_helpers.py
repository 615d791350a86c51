"""The one helper module of the table tests: a fake Discord client (channel, DMs), tables
opened the real way (a real ``Store``, a real ``TableRegistry``), fake interactions, and
``press`` to click a button through the real button path (the router, ``ROUTER.dispatch``)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeVar, cast

import discord
from discord.components import _component_factory

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.store import Store
from bot.store.models import SeatRow
from bot.table.buttons import card_button_id, draw_button_id, table_button_id
from bot.table.registry import TableRegistry
from bot.table.session import TableSession
from bot.ui import layout
from bot.ui.layout import PlainLayout
from bot.ui.routes import ROUTER
from tests.discord_double.components_v2 import MESSAGE_FLAG_COMPONENTS_V2
from tests.discord_double.reading import Layout, read_layout

GUILD, CHANNEL = 10, 20
DM_CHANNEL = 9_000_000
"""A player's DM channel id is this plus their user id."""
ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}
TABLE_MESSAGE = 777
"""The table message id the seated fixture sets, so table clicks come from the table."""
REPOST_MESSAGE = 9999
"""The message id a fake interaction's ``send_message`` answers with."""
DM_PANEL_MESSAGE = 6000
"""The DM message a click comes from when a test names none."""

T = TypeVar("T")


# ---------------------------------------------------------------------- the Discord side


class FakeMessage:
    def __init__(self, channel: FakeChannel, message_id: int) -> None:
        self.channel = channel
        self.id = message_id
        self.attachments: list[Any] = []

    async def edit(self, **kwargs: Any) -> FakeMessage:
        self.channel.edits.append((self.id, kwargs))
        self.channel.shown.append(kwargs)
        return self

    async def delete(self) -> None:
        self.channel.deleted.append(self.id)


class FakeChannel:
    """Records what the table sends to a channel or a DM."""

    def __init__(self, first_id: int = 1000, channel_id: int = CHANNEL) -> None:
        self.id = channel_id
        self.sent: list[dict[str, Any]] = []
        self.edits: list[tuple[int, dict[str, Any]]] = []
        self.deleted: list[int] = []
        self.shown: list[dict[str, Any]] = []
        """Every message sent and every edit, in order."""
        self._next_id = first_id

    async def send(self, **kwargs: Any) -> FakeMessage:
        self.sent.append(kwargs)
        self.shown.append(kwargs)
        self._next_id += 1
        return FakeMessage(self, self._next_id)

    def get_partial_message(self, message_id: int, /) -> FakeMessage:
        return FakeMessage(self, message_id)

    def texts(self) -> list[str]:
        """Every sent and edited content, embed and V2 layout, in order, as one string each (a
        result takes the place of the table message by an edit)."""
        return [shown_text(kwargs) for kwargs in self.shown]


def shown_text(kwargs: dict[str, Any]) -> str:
    """What a send or edit shows, as one string: its content, its embed, and the components of
    a Components V2 layout (the table, a result), which carry all of its text."""
    parts = [str(kwargs.get("content") or "")]
    embed = kwargs.get("embed")
    if embed is not None:
        parts.append(str(embed.to_dict()))
    view = kwargs.get("view")
    if isinstance(view, PlainLayout):
        parts.append(json.dumps(view.to_components(), ensure_ascii=False))
    return " ".join(parts)


def layout_of(kwargs: dict[str, Any]) -> Layout | None:
    """A send's or edit's Components V2 layout (its ``view``) as its reader reads it: texts,
    buttons, pictures; None when it sends no V2 layout."""
    view = kwargs.get("view")
    if view is None or not view.has_components_v2():
        return None
    return read_layout({"components": view.to_components(), "flags": MESSAGE_FLAG_COMPONENTS_V2})


class FakeClient:
    """The ``DiscordClient`` protocol (one channel, a DM channel per user) plus ``tables``,
    what a button click reaches through ``interaction.client``."""

    def __init__(self) -> None:
        self.channel = FakeChannel()
        self.dm_channels: dict[int, FakeChannel] = {}
        self.hurried: list[tuple[str, int]] = []
        """What the table asked the request pacer to hurry."""
        self.closed = False
        self._tables: TableRegistry | None = None

    @property
    def tables(self) -> TableRegistry:
        if self._tables is None:
            raise RuntimeError("no registry attached")
        return self._tables

    @tables.setter
    def tables(self, registry: TableRegistry) -> None:
        self._tables = registry

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> FakeChannel:
        for dm in self.dm_channels.values():
            if dm.id == id:
                return dm
        return self.channel

    def hurry(self, key: tuple[str, int]) -> None:
        self.hurried.append(key)

    async def wait_turn(self) -> None:
        return None

    async def dm_channel(self, user_id: int) -> FakeChannel:
        first_id = 5000 + len(self.dm_channels) * 100
        return self.dm_channels.setdefault(user_id, FakeChannel(first_id, DM_CHANNEL + user_id))

    def is_closed(self) -> bool:
        return self.closed

    def get_guild(self, id: int, /) -> None:
        return None

    async def locale_of(self, user_id: int) -> str:
        return "en"


class FakeResponse:
    """``interaction.response`` (or ``.followup``): records what the bot answers."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.calls)

    async def send_message(self, content: str | None = None, **kwargs: Any) -> Any:
        self.calls.append(("send", {"content": content, **kwargs}))
        return SimpleNamespace(message_id=REPOST_MESSAGE)

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        """``followup.send``."""
        self.calls.append(("send", {"content": content, **kwargs}))
        return None

    async def edit_message(self, **kwargs: Any) -> None:
        self.calls.append(("edit", kwargs))

    async def defer(self, **kwargs: Any) -> None:
        self.calls.append(("defer", kwargs))


class FakeFollowup(FakeResponse):
    """``interaction.followup``: also the webhook of the interaction's token, which edits the
    message the interaction was answered on (``@original``)."""

    token: str | None = None
    """No token: ``tokens.edit_by_token`` edits through ``edit_message`` below, not by its own
    request (which needs discord.py's HTTP session; the end-to-end tests take that way)."""

    def __init__(self, interaction: FakeInteraction) -> None:
        super().__init__()
        self._interaction = interaction
        self.posted: list[int] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> Any:
        """``followup.send``: a public message sent with ``wait=True`` (the table posted anew
        under a result) lands in the channel, as Discord shows it; its id is then one this
        token edits."""
        if not kwargs.get("wait") or kwargs.get("ephemeral"):
            return await super().send(content, **kwargs)
        self.calls.append(("send", {"content": content, **kwargs}))
        sent = {k: v for k, v in kwargs.items() if k != "wait"}
        message = await self._interaction.channel_of().send(content=content, **sent)
        self.posted.append(message.id)
        return message

    async def edit_message(self, message_id: Any = None, **kwargs: Any) -> Any:  # type: ignore[override]
        if message_id != "@original":
            assert message_id in self.posted, "a token edits only its own messages"
            self._interaction.token_edits.append((message_id, kwargs))
            channel = self._interaction.channel_of()
            return await channel.get_partial_message(message_id).edit(**kwargs)
        return await self._interaction.edit_original_response(**kwargs)


class FakeInteraction:
    """A click or command from ``user_id``, on message ``message_id`` (or ``message``)."""

    def __init__(
        self,
        user_id: int,
        message_id: int | None = None,
        client: FakeClient | None = None,
        *,
        message: Any = None,
    ) -> None:
        self.id = 1
        self.client = client
        self.user = SimpleNamespace(id=user_id, bot=False)
        if message is None and message_id is not None:
            message = SimpleNamespace(id=message_id, components=[])
        self.message = message
        self.response = FakeResponse()
        self.followup = FakeFollowup(self)
        self.data: dict[str, Any] = {}
        self.type = discord.InteractionType.application_command
        self.guild_id = GUILD
        self.channel_id = CHANNEL
        self.locale = discord.Locale.american_english
        self.token_edits: list[tuple[int, dict[str, Any]]] = []
        """Edits made later through this interaction's token (``edit_original_response``)."""

    async def edit_original_response(self, **kwargs: Any) -> Any:
        """Edit the message the interaction was answered on (a click's: the clicked message;
        /poker table's: the table it posted) through its token, as Discord does: recorded as
        an edit of that message in its channel."""
        message_id = self.message.id if self.message is not None else REPOST_MESSAGE
        self.token_edits.append((message_id, kwargs))
        return await self.channel_of().get_partial_message(message_id).edit(**kwargs)

    def channel_of(self) -> Any:
        """The channel the interaction came from."""
        channel = getattr(self.message, "channel", None)
        if channel is None:
            assert self.client is not None
            channel = self.client.channel
        return channel

    @property
    def as_discord(self) -> discord.Interaction[Any]:
        """This fake where the code expects a real interaction (for a direct session call)."""
        return cast("discord.Interaction[Any]", self)

    @property
    def answers(self) -> list[tuple[str, dict[str, Any]]]:
        return self.response.calls + self.followup.calls

    @property
    def private_text(self) -> str | None:
        """The private sentence the bot answered with, if it answered with one."""
        for kind, kwargs in self.answers:
            if kind == "send" and kwargs.get("ephemeral") and kwargs.get("content") is not None:
                return str(kwargs["content"])
        return None


def panel_message(
    view: discord.ui.View | discord.ui.LayoutView | layout.Buttons, message_id: int = 5555
) -> Any:
    """A private panel message (ephemeral) as a click delivers it: the buttons as the player
    saw them (a Components V2 layout as discord.py reads it: rows inside a container)."""
    if isinstance(view, layout.Buttons):
        components = [_component_factory(row) for row in view.to_components()]
        return SimpleNamespace(
            id=message_id, components=components, flags=SimpleNamespace(ephemeral=True)
        )
    if view.has_components_v2():
        components = [_component_factory(c) for c in view.to_components()]
        return SimpleNamespace(
            id=message_id, components=components, flags=SimpleNamespace(ephemeral=True)
        )
    children = [
        SimpleNamespace(
            custom_id=getattr(item, "custom_id", None), style=getattr(item, "style", None)
        )
        for item in (getattr(child, "item", child) for child in view.children)
    ]
    return SimpleNamespace(
        id=message_id,
        components=[SimpleNamespace(children=children)],
        flags=SimpleNamespace(ephemeral=True),
    )


def private_message(custom_id: str, message_id: int) -> Any:
    """A message in the player's DM whose buttons are unknown to the test: it carries the
    table's Show my hand button (a panel of that table), no card or Fold in turn button (so
    those clicks toggle as they would on a panel the session cannot read)."""
    _, _, table, hand = custom_id.split(":")[:4]
    button = SimpleNamespace(custom_id=f"deuce:s:{table}:{hand}", style=None)
    return SimpleNamespace(
        id=message_id,
        components=[SimpleNamespace(children=[button])],
        flags=SimpleNamespace(ephemeral=False),
        in_dm=True,
    )


async def press(
    client: FakeClient, user_id: int, custom_id: str, *, message: Any = None
) -> FakeInteraction:
    """Click the button ``custom_id`` as ``user_id`` through the real path
    (``ROUTER.dispatch``: the route of the id's kind matches it, its handler rebuilds the
    button and hands the click to the session; a refusal comes back as a private reply).
    ``message``: the clicked message, or its id."""
    if message is None or (isinstance(message, int) and message != TABLE_MESSAGE):
        message = private_message(custom_id, message or DM_PANEL_MESSAGE)
    if isinstance(message, int):
        interaction = FakeInteraction(user_id, message, client)
    else:
        interaction = FakeInteraction(user_id, client=client, message=message)
        if getattr(message, "in_dm", False):
            interaction.guild_id = None
    assert ROUTER.route_of(custom_id) is not None, f"{custom_id!r} has no route"
    interaction.type = discord.InteractionType.component
    interaction.data = {"custom_id": custom_id, "component_type": 2}
    assert await ROUTER.dispatch(interaction.as_discord)
    return interaction


# ---------------------------------------------------------------------- tables


@dataclass
class OpenTable:
    """A table opened through the registry, with the fake client it talks to."""

    session: TableSession
    client: FakeClient

    @property
    def channel(self) -> FakeChannel:
        return self.client.channel


async def open_table(
    store: Store,
    *players: tuple[int, str, int],
    hand_pause: float | None = 0.0,
    house_pause: float | None = 0.0,
    time_bank: int = 0,
) -> OpenTable:
    """Buy ``players`` (id, name, chips) in at the table of (GUILD, CHANNEL), then start the
    tables as the bot does: a registry on a fresh client, ``restore_all()`` (which also resumes
    a journaled hand). Without players, the table is opened as a join would (``open()``).
    The server's time bank is ``time_bank`` seconds (none by default: a timeout is at once)."""
    await store.settings.set_time_bank(GUILD, time_bank, 5, 10, max(time_bank, 60))
    if not players:
        client = FakeClient()
        client.tables = TableRegistry(client, store, hand_pause=hand_pause, house_pause=house_pause)
        return OpenTable(await client.tables.open(GUILD, CHANNEL), client)
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    for user_id, name, amount in players:
        await store.tables.buy_in(table.id, user_id, name, amount)
    return await reopen(store, hand_pause=hand_pause, house_pause=house_pause)


async def reopen(
    store: Store, hand_pause: float | None = 0.0, house_pause: float | None = 0.0
) -> OpenTable:
    """A restart: a new client and registry restore the tables from the store."""
    client = FakeClient()
    registry = TableRegistry(client, store, hand_pause=hand_pause, house_pause=house_pause)
    client.tables = registry
    await registry.restore_all()
    session = registry.by_channel(CHANNEL)
    assert session is not None, "the table was not restored"
    return OpenTable(session, client)


async def stop(table: OpenTable) -> None:
    """Stop the tables of this client, as the bot does when it stops (once)."""
    if not table.client.closed:
        await table.client.tables.close_all()
        table.client.closed = True


class Tables:
    """Opens tables on one store and remembers them, so a fixture stops them all."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.opened: list[OpenTable] = []

    async def open(
        self,
        *players: tuple[int, str, int],
        hand_pause: float | None = 0.0,
        house_pause: float | None = 0.0,
        time_bank: int = 0,
    ) -> OpenTable:
        table = await open_table(
            self.store,
            *players,
            hand_pause=hand_pause,
            house_pause=house_pause,
            time_bank=time_bank,
        )
        self.opened.append(table)
        return table

    async def reopen(
        self, hand_pause: float | None = 0.0, house_pause: float | None = 0.0
    ) -> OpenTable:
        table = await reopen(self.store, hand_pause=hand_pause, house_pause=house_pause)
        self.opened.append(table)
        return table

    async def stop_all(self) -> None:
        for table in reversed(self.opened):
            await stop(table)


async def wait_until(check: Callable[[], T | None], timeout: float = 5.0) -> T:
    """Poll ``check`` until it returns something truthy; return that."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.01)


async def all_posted(session: TableSession) -> None:
    """Wait until the table's channel messages are out: sent, not only taken off the queue
    (a result's picture is still being drawn after it leaves the queue)."""
    await session.io.push_table()
    await asyncio.wait_for(session.io.outbox.queue.join(), 5.0)


def seat_row(seat: int, user_id: int, name: str, stack: int, **flags: Any) -> SeatRow:
    """A SeatRow for rules and rendering tests (no store needed)."""
    return SeatRow(
        table_id=1,
        seat=seat,
        user_id=user_id,
        name=name,
        stack=stack,
        sitting_out=flags.get("sitting_out", False),
        sat_out_at=flags.get("sat_out_at"),
        leaving=flags.get("leaving", False),
        dm_ok=flags.get("dm_ok", True),
    )


def running(session: TableSession) -> Hand:
    hand = session.hand
    assert hand is not None
    return hand


async def click(
    client: FakeClient,
    session: TableSession,
    user_id: int | None,
    action: str,
    *,
    action_number: int | None = None,
    hand_id: int | None = None,
) -> FakeInteraction:
    """A click on the table message's button ``action``, drawn at ``action_number`` (the
    current one by default) of hand ``hand_id`` (the running one by default)."""
    assert user_id is not None
    hand = running(session)
    custom_id = table_button_id(
        session.table_id,
        hand.hand_id if hand_id is None else hand_id,
        hand.action_count if action_number is None else action_number,
        action,
    )
    return await press(client, user_id, custom_id, message=TABLE_MESSAGE)


async def draw_click(
    client: FakeClient,
    session: TableSession,
    user_id: int | None,
    draw: int,
    *,
    pat: bool,
    message: Any = None,
) -> FakeInteraction:
    assert user_id is not None
    custom_id = draw_button_id(
        session.table_id, running(session).hand_id, draw, "pat" if pat else "draw"
    )
    return await press(client, user_id, custom_id, message=message)


def new_hand(seed: int = 7) -> Hand:
    players = [
        SeatedPlayer(ALICE, "Alice", 500, 0),
        SeatedPlayer(BOB, "Bob", 500, 1),
        SeatedPlayer(CAROL, "Carol", 500, 2),
    ]
    return Hand.start(players, 0, Stakes(10), rng=random.Random(seed), hand_id=77)


async def card_click(
    client: FakeClient,
    session: TableSession,
    user_id: int,
    draw: int,
    index: int,
    *,
    message: Any = None,
) -> FakeInteraction:
    custom_id = card_button_id(session.table_id, running(session).hand_id, draw, index)
    return await press(client, user_id, custom_id, message=message)


async def begun_hand(
    store: Store,
    guild_id: int,
    channel_id: int,
    players: tuple[tuple[int, str], ...],
    seed: int,
) -> tuple[int, Hand]:
    """A hand of ``players`` (id, name; bought in with 400 where not seated yet) begun in the
    store at the channel's table and dealt from ``seed``, small bet 10, the first seat on the
    button: its id and the engine's hand, to be played and settled by the test."""
    table = await store.tables.get_or_create(guild_id, channel_id)
    seated = {seat.user_id for seat in await store.tables.seats(table.id)}
    for user_id, name in players:
        if user_id not in seated:
            await store.tables.buy_in(table.id, user_id, name, 400)
    seats = {seat.user_id: seat for seat in await store.tables.seats(table.id)}
    hand_id = await store.hands.begin(table.id, {u: seats[u].stack for u, _ in players})
    hand = Hand.start(
        [SeatedPlayer(u, n, seats[u].stack, seats[u].seat) for u, n in players],
        0,
        Stakes(10),
        rng=random.Random(seed),
        hand_id=hand_id,
    )
    return hand_id, hand
