"""Self-tests of the Discord double against the real discord.py client.

A tiny ``commands.Bot`` defined here (an app_commands group ``/ping`` and a few views) connects to
the double exactly as the product does (``Route.BASE`` and ``DEFAULT_GATEWAY`` pointed at it), so
each test proves one thing the end-to-end tests rely on: startup and sync, typed slash options,
button clicks reaching views, ephemeral visibility, DMs and closed DMs, 429 retries, gateway
RESUME, and Discord's interaction deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands

from tests.discord_double import (
    ADMIN_MEMBER_PERMISSIONS,
    CommandError,
    CommandNotPermitted,
    DiscordDouble,
    DoubleError,
    Member,
    message_text,
)
from tests.discord_double.models import Channel, Guild

log = logging.getLogger(__name__)

Button = discord.ui.Button[Any]


@dataclass
class Seen:
    """What the test bot observed, so tests can check the client side too."""

    presses: list[tuple[str, int]] = field(default_factory=list)
    errors: list[tuple[str, int]] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)


class PersistentView(discord.ui.View):
    """A view with a fixed custom_id, registered with ``bot.add_view`` (survives restarts)."""

    def __init__(self, seen: Seen) -> None:
        super().__init__(timeout=None)
        self.seen = seen

    @discord.ui.button(label="Persist", custom_id="selftest:persist")
    async def persist(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        self.seen.presses.append(("persist", interaction.user.id))
        await interaction.response.send_message("persistent ok", ephemeral=True)


class CounterView(discord.ui.View):
    """A per-message view (auto custom_ids) sent as an interaction response."""

    def __init__(self, seen: Seen) -> None:
        super().__init__(timeout=60)
        self.seen = seen
        self.count = 0

    @discord.ui.button(label="Count")
    async def count_up(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        self.count += 1
        self.seen.presses.append(("count", interaction.user.id))
        await interaction.response.edit_message(content=f"count {self.count}")

    @discord.ui.button(label="Frozen", disabled=True)
    async def frozen(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        self.seen.presses.append(("frozen", interaction.user.id))


class LayoutPanel(discord.ui.LayoutView):
    """A Components V2 layout: the button sits inside a container → section accessory."""

    def __init__(self, seen: Seen) -> None:
        super().__init__(timeout=60)
        self.seen = seen
        button: discord.ui.Button[Any] = discord.ui.Button(label="Deep", custom_id="selftest:deep")
        button.callback = self.deep  # type: ignore[method-assign]
        section = discord.ui.Section(discord.ui.TextDisplay("a V2 panel"), accessory=button)
        self.add_item(discord.ui.Container(section))

    async def deep(self, interaction: discord.Interaction) -> None:
        self.seen.presses.append(("deep", interaction.user.id))
        await interaction.response.defer()


class NameModal(discord.ui.Modal, title="Your name"):
    """A modal with one text input; its submission is answered with the value."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    def __init__(self, seen: Seen) -> None:
        super().__init__(custom_id="selftest:modal")
        self.seen = seen

    async def on_submit(self, interaction: discord.Interaction) -> None:
        self.seen.presses.append(("modal", interaction.user.id))
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class PickView(discord.ui.View):
    """A string select."""

    def __init__(self, seen: Seen) -> None:
        super().__init__(timeout=60)
        self.seen = seen

    @discord.ui.select(
        custom_id="selftest:pick",
        options=[
            discord.SelectOption(label="Red", value="red"),
            discord.SelectOption(label="Blue", value="blue"),
        ],
    )
    async def chosen(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(select.values)}")


def make_bot(seen: Seen) -> commands.Bot:
    """The self-test client: an app_commands group /ping exercising every callback kind."""
    bot = commands.Bot(
        command_prefix="!",
        intents=discord.Intents.default(),
        guild_ready_timeout=0.1,
    )
    ping = app_commands.Group(name="ping", description="double self-test")
    nested = app_commands.Group(name="nested", description="a subcommand group", parent=ping)
    admin = app_commands.Group(
        name="pingadmin",
        description="admins only",
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @nested.command(name="deep", description="two levels down")
    async def deep(interaction: discord.Interaction, amount: int) -> None:
        await interaction.response.send_message(f"deep {amount}")

    @ping.command(name="echo", description="repeat text")
    async def echo(interaction: discord.Interaction, text: str, times: int = 1) -> None:
        await interaction.response.send_message(text * times)

    @ping.command(name="secret", description="ephemeral reply")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("for your eyes only", ephemeral=True)

    @ping.command(name="buttons", description="views")
    async def buttons(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press", view=CounterView(seen))
        assert interaction.channel is not None
        await interaction.channel.send("persistent", view=PersistentView(seen))  # type: ignore[union-attr]
        await interaction.followup.send(view=LayoutPanel(seen))

    @ping.command(name="dm", description="DM me")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("psst")
        except discord.Forbidden as exc:
            seen.errors.append(("dm", exc.code))
            await interaction.response.send_message("cannot DM you", ephemeral=True)
            return
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @ping.command(name="edits", description="edit a message a few times")
    async def edits(interaction: discord.Interaction, rounds: int) -> None:
        await interaction.response.defer(thinking=True)
        assert interaction.channel is not None
        message = await interaction.channel.send("v0")  # type: ignore[union-attr]
        for number in range(1, rounds + 1):
            message = await message.edit(content=f"v{number}")
        await interaction.followup.send(
            "here is a file", file=discord.File(io.BytesIO(b"PHH body"), "hand.phh")
        )
        await interaction.edit_original_response(content=f"edited {rounds}")

    @ping.command(name="slow", description="answers too late")
    async def slow(interaction: discord.Interaction, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await interaction.response.send_message("too late?")
        except discord.NotFound as exc:
            seen.errors.append(("slow", exc.code))

    @ping.command(name="twice", description="answers twice through raw HTTP")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        route = discord.http.Route(
            "POST",
            "/interactions/{interaction_id}/{token}/callback",
            interaction_id=interaction.id,
            token=interaction.token,
        )
        try:
            await interaction.client.http.request(route, json={"type": 4, "data": {"content": "2"}})
        except discord.HTTPException as exc:
            seen.errors.append(("twice", exc.code))

    @ping.command(name="long", description="a reply Discord refuses")
    async def long(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            seen.errors.append(("long", exc.code))

    @ping.command(name="form", description="opens a modal")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal(seen))

    @ping.command(name="pick", description="a select menu")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=PickView(seen))

    fruits = ["apple", "apricot", "banana", "cherry"]

    @ping.command(name="fruit", description="an option with autocomplete")
    async def fruit(interaction: discord.Interaction, name: str, count: int = 1) -> None:
        await interaction.response.send_message(f"{count} {name}", ephemeral=True)

    @fruit.autocomplete("name")
    async def fruit_names(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        count = interaction.namespace.count or 1
        seen.presses.append((f"autocomplete {current} x{count}", interaction.user.id))
        if current == "*":
            return [app_commands.Choice(name=f"n{i}", value=str(i)) for i in range(26)]
        return [
            app_commands.Choice(name=f"{fruit.title()} x{count}", value=fruit)
            for fruit in fruits
            if fruit.startswith(current)
        ]

    @admin.command(name="reset", description="admins only")
    async def reset(interaction: discord.Interaction) -> None:
        allowed = interaction.permissions.manage_guild
        await interaction.response.send_message(f"manage_guild={allowed}", ephemeral=True)

    bot.tree.add_command(ping)
    bot.tree.add_command(admin)

    async def setup_hook() -> None:
        bot.add_view(PersistentView(seen))
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@dataclass
class World:
    double: DiscordDouble
    bot: commands.Bot
    seen: Seen
    guild: Guild
    channel: Channel
    alice: Member
    bob: Member
    carol: Member


@pytest.fixture
async def world(double: DiscordDouble, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    guild = await double.add_guild("Double Club")
    channel = await double.add_channel(guild, "poker")
    alice = await double.add_member(guild, "alice", display_name="Alice")
    bob = await double.add_member(guild, "bob", display_name="Bob")
    carol = await double.add_member(guild, "carol", display_name="Carol", dms_closed=True)
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url)
    )
    seen = Seen()
    bot = make_bot(seen)
    runner = asyncio.create_task(bot.start(double.token))
    try:
        await double.wait_until_synced(timeout=10)
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield World(double, bot, seen, guild, channel, alice, bob, carol)
    finally:
        await bot.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
    assert double.unknown_routes == [], double.unknown_routes


async def test_connects_and_syncs_the_command_tree(world: World) -> None:
    double = world.double
    assert world.bot.user is not None and world.bot.user.id == double.bot_user.id
    guild = world.bot.get_guild(world.guild.id)
    assert guild is not None and guild.get_channel(world.channel.id) is not None
    ping = double.synced_command("ping")
    assert ping is not None
    names = {o["name"] for o in ping["options"]}
    assert {"echo", "secret", "buttons", "dm", "edits", "slow", "nested"} <= names
    admin = double.synced_command("pingadmin")
    assert admin is not None and admin["default_member_permissions"] == str(0x20)
    assert double.rest_calls["PUT /applications/{app_id}/commands"] == 1
    assert double.gateway_log[0] == "connect compress=zlib-stream"


async def test_slash_command_with_typed_options_gets_its_response(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.alice, world.channel, "ping echo", text="ab", times=3)
    sent = interaction.data["options"]
    assert sent == [
        {
            "type": 1,
            "name": "echo",
            "options": [
                {"name": "text", "type": 3, "value": "ab"},
                {"name": "times", "type": 4, "value": 3},
            ],
        }
    ]
    response = await interaction.response()
    assert response.type == 4 and response.content == "ababab" and not response.ephemeral
    assert [m["content"] for m in double.channel_messages(world.channel)] == ["ababab"]
    assert response.latency < 1.0


async def test_invoke_refuses_what_was_not_synced(world: World) -> None:
    double = world.double
    with pytest.raises(CommandError):
        await double.invoke(world.alice, world.channel, "ping nope")
    with pytest.raises(CommandError):
        await double.invoke(world.alice, world.channel, "ping echo", txt="typo")
    with pytest.raises(CommandError):
        await double.invoke(world.alice, world.channel, "ping echo", text="a", times="3")
    with pytest.raises(CommandError):
        await double.invoke(world.alice, world.channel, "ping echo")
    with pytest.raises(CommandNotPermitted):
        await double.invoke(world.alice, world.channel, "pingadmin reset")
    forced = await double.invoke(
        world.alice, world.channel, "pingadmin reset", bypass_permissions=True
    )
    assert (await forced.response()).content == "manage_guild=False"
    world.alice.permissions |= ADMIN_MEMBER_PERMISSIONS
    allowed = await double.invoke(world.alice, world.channel, "pingadmin reset")
    assert (await allowed.response()).content == "manage_guild=True"

    nested = await double.invoke(world.bob, world.channel, "ping nested deep", amount=500)
    assert nested.data["options"] == [
        {
            "type": 2,
            "name": "nested",
            "options": [
                {
                    "type": 1,
                    "name": "deep",
                    "options": [{"name": "amount", "type": 4, "value": 500}],
                }
            ],
        }
    ]
    assert (await nested.response()).content == "deep 500"


async def test_button_clicks_reach_views_including_persistent_ones(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.bob, world.channel, "ping buttons")
    response = await interaction.response()
    await interaction.wait_followups(1)
    counter_message = double.current(response.message_id or 0)
    assert counter_message is not None

    click = await double.click(world.alice, counter_message, "Count")
    update = await click.response()
    assert update.type == 7
    assert double.current(counter_message)["content"] == "count 1"  # type: ignore[index]
    again = await double.click(world.bob, counter_message, "Count")
    await again.response()
    assert double.current(counter_message)["content"] == "count 2"  # type: ignore[index]

    with pytest.raises(DoubleError, match="disabled"):
        await double.click(world.alice, counter_message, "Frozen")

    persistent = next(
        m for m in double.channel_messages(world.channel) if m["content"] == "persistent"
    )
    press = await double.click(world.alice, persistent, "selftest:persist")
    assert (await press.response()).content == "persistent ok"

    layout = interaction.followups[0]
    deep = await double.click(world.bob, layout, "Deep")
    assert (await deep.response()).type == 6
    assert [p[0] for p in world.seen.presses] == ["count", "count", "persist", "deep"]


async def test_ephemeral_reply_is_visible_only_to_its_user(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.alice, world.channel, "ping secret")
    response = await interaction.response()
    assert response.ephemeral
    assert double.channel_messages(world.channel) == []
    assert [m["content"] for m in double.ephemerals(world.alice)] == ["for your eyes only"]
    assert double.ephemerals(world.bob) == []

    buttons = await double.invoke(world.alice, world.channel, "ping buttons")
    await buttons.response()
    persistent = (await double.wait_for(lambda e: e.content == "persistent", since=0)).payload
    press = await double.click(world.alice, persistent, "Persist")
    reply = await press.response()
    ephemeral_message = double.current(reply.message_id or 0)
    assert ephemeral_message is not None
    with pytest.raises(DoubleError, match="ephemeral"):
        await double.click(world.bob, ephemeral_message, "anything")


async def test_dms_work_and_closed_dms_raise_forbidden(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.alice, world.channel, "ping dm")
    assert (await interaction.response()).content == "sent you a DM"
    assert [m["content"] for m in double.dms(world.alice)] == ["psst"]

    closed = await double.invoke(world.carol, world.channel, "ping dm")
    assert (await closed.response()).content == "cannot DM you"
    assert world.seen.errors == [("dm", 50007)]
    assert double.dms(world.carol) == []

    double.close_dms(world.alice)
    await (await double.invoke(world.alice, world.channel, "ping dm")).response()
    assert world.seen.errors[-1] == ("dm", 50007)


async def test_429_on_edits_is_retried_by_discord_py(world: World) -> None:
    double = world.double
    double.rate_limit_edits(world.channel, count=2, retry_after=0.1)
    interaction = await double.invoke(world.alice, world.channel, "ping edits", rounds=3)
    response = await interaction.response()
    assert response.type == 5
    original = await interaction.wait_original(lambda m: m["content"] == "edited 3")
    assert original["flags"] & 128 == 0
    assert double.rate_limited_responses == 2
    texts = [m["content"] for m in double.channel_messages(world.channel)]
    assert "v3" in texts
    follow = interaction.followups[0]
    attachment = follow["attachments"][0]
    assert attachment["filename"] == "hand.phh"
    assert double.attachment_data[int(attachment["id"])] == b"PHH body"
    edits = double.rest_calls["PATCH /channels/{channel_id}/messages/{message_id}"]
    assert edits == 3 + 2  # three edits, two of them retried once


async def test_gateway_reconnect_resumes_and_keeps_working(world: World) -> None:
    double = world.double
    for mode in ("op7", "close"):
        identifies = double.identify_count
        await double.reconnect(mode)
        assert double.identify_count == identifies
        interaction = await double.invoke(world.alice, world.channel, "ping echo", text=mode)
        assert (await interaction.response()).content == mode
    assert double.resume_count == 2


async def test_late_and_double_responses_are_refused_like_discord(world: World) -> None:
    double = world.double
    double.interaction_deadline = 0.3
    interaction = await double.invoke(world.alice, world.channel, "ping slow", delay=0.5)
    rejected = await interaction.rejection(timeout=5)
    assert rejected.code == 10062
    await double.wait_until(lambda: world.seen.errors, 5)
    assert world.seen.errors == [("slow", 10062)]
    assert interaction.callbacks == []
    double.interaction_deadline = 3.0

    expired = await double.invoke(world.alice, world.channel, "ping echo", text="x", expired=True)
    assert (await expired.rejection()).code == 10062

    twice = await double.invoke(world.alice, world.channel, "ping twice")
    assert (await twice.response()).content == "first"
    assert (await twice.rejection()).code == 40060
    await double.wait_until(lambda: ("twice", 40060) in world.seen.errors, 5)


async def test_wait_for_sees_messages_in_order_with_timestamps(world: World) -> None:
    double = world.double
    mark = double.mark()
    started = time.time()
    await double.invoke(world.alice, world.channel, "ping echo", text="one")
    event = await double.wait_for(lambda e: e.kind == "create", since=mark)
    assert event.content == "one" and event.at >= started
    assert message_text(event.payload) == "one"
    second = await double.invoke(world.bob, world.channel, "ping echo", text="two")
    await second.response()
    kinds = [(e.kind, e.content) for e in double.channel_events(world.channel)]
    assert kinds == [("create", "one"), ("create", "two")]


async def test_in_flight_double_click_reaches_the_view_twice(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.alice, world.channel, "ping buttons")
    response = await interaction.response()
    message = double.current(response.message_id or 0)
    assert message is not None
    first = await double.click(world.alice, message, "Count")
    second = await double.click(world.alice, message, "Count", stale=True)
    await first.response()
    await second.response()
    assert [p[0] for p in world.seen.presses] == ["count", "count"]
    assert double.current(message)["content"] == "count 2"  # type: ignore[index]


async def test_a_deleted_message_takes_only_clicks_sent_before_the_delete(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.alice, world.channel, "ping buttons")
    response = await interaction.response()
    message = double.current(response.message_id or 0)
    assert message is not None
    await world.bot.http.delete_message(world.channel.id, int(message["id"]))
    with pytest.raises(DoubleError):
        await double.click(world.alice, message, "Count")
    late = await double.click(world.alice, message, "Count", stale=True)
    await late.response()
    assert [p[0] for p in world.seen.presses] == ["count"]


async def test_select_menus_and_modals(world: World) -> None:
    double = world.double
    pick = await double.invoke(world.bob, world.channel, "ping pick")
    message = double.current((await pick.response()).message_id or 0)
    assert message is not None
    with pytest.raises(DoubleError):
        await double.select(world.bob, message, "selftest:pick", ["green"])
    chosen = await double.select(world.bob, message, "selftest:pick", ["blue"])
    assert (await chosen.response()).type == 7
    assert double.current(message)["content"] == "picked blue"  # type: ignore[index]

    form = await double.invoke(world.alice, world.channel, "ping form")
    opened = await form.response()
    assert opened.type == 9 and form.modal is not None
    submitted = await double.submit_modal(world.alice, form, {"name": "Alice"})
    answer = await submitted.response()
    assert answer.ephemeral and answer.content == "hello Alice"


async def test_autocomplete_asks_the_bot_for_suggestions(world: World) -> None:
    double = world.double
    asked = await double.autocomplete(world.alice, world.channel, "ping fruit", "name", name="ap")
    assert asked.type == 4
    assert asked.data["options"] == [
        {
            "type": 1,
            "name": "fruit",
            "options": [{"name": "name", "type": 3, "value": "ap", "focused": True}],
        }
    ]
    answer = await asked.response()
    assert answer.type == 8
    assert answer.choices == [
        {"name": "Apple x1", "value": "apple"},
        {"name": "Apricot x1", "value": "apricot"},
    ]
    # Options filled so far travel with the request; nothing shows in the channel.
    asked = await double.autocomplete(
        world.alice, world.channel, "ping fruit", "name", name="", count=3
    )
    assert [c["value"] for c in (await asked.response()).choices] == [
        "apple",
        "apricot",
        "banana",
        "cherry",
    ]
    assert ("autocomplete  x3", world.alice.id) in world.seen.presses
    assert double.channel_messages(world.channel) == []
    # Only options synced with autocomplete can be focused, and only with text.
    with pytest.raises(CommandError):
        await double.autocomplete(world.alice, world.channel, "ping fruit", "count", count="2")
    with pytest.raises(CommandError):
        await double.autocomplete(world.alice, world.channel, "ping echo", "text", text="a")
    with pytest.raises(CommandError):
        await double.autocomplete(world.alice, world.channel, "ping fruit", "name", name=3)
    # The chosen suggestion is then sent as the command's value.
    chosen = await double.invoke(world.alice, world.channel, "ping fruit", name="apricot")
    assert (await chosen.response()).content == "1 apricot"


async def test_autocomplete_answers_discord_would_refuse_are_refused(world: World) -> None:
    double = world.double
    asked = await double.autocomplete(world.alice, world.channel, "ping fruit", "name", name="*")
    rejected = await asked.rejection()
    assert (rejected.status, rejected.code) == (400, 50035)  # 26 suggestions: at most 25
    assert asked.callbacks == []


async def test_unknown_routes_and_bad_tokens_are_visible(world: World) -> None:
    double = world.double
    route = discord.http.Route("GET", "/guilds/{guild_id}/emojis", guild_id=world.guild.id)
    with pytest.raises(discord.NotFound):
        await world.bot.http.request(route)
    assert double.unknown_routes == [f"GET /api/v10/guilds/{world.guild.id}/emojis"]
    double.unknown_routes.clear()
    intruder = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    with pytest.raises(discord.LoginFailure):
        await intruder.login("not-the-token")
    await intruder.close()


async def test_events_sent_while_reconnecting_are_replayed_on_resume(world: World) -> None:
    double = world.double
    await double.reconnect("close", wait=False)
    # Dispatched while the bot has no socket: kept in the session buffer.
    interaction = await double.invoke(world.alice, world.channel, "ping echo", text="late")
    assert (await interaction.response(timeout=10)).content == "late"
    assert double.resume_count == 1


async def test_guilds_channels_and_members_added_live_reach_the_client(world: World) -> None:
    double = world.double
    guild = await double.add_guild("Second Club")
    channel = await double.add_channel(guild, "tables")
    dave = await double.add_member(guild, "dave", display_name="Dave")
    await double.wait_until(lambda: world.bot.get_channel(channel.id), 5)
    assert world.bot.get_guild(guild.id) is not None
    interaction = await double.invoke(dave, channel, "ping echo", text="hi")
    assert (await interaction.response()).content == "hi"
    with pytest.raises(DoubleError):
        await double.invoke(world.alice, channel, "ping echo", text="not a member")


async def test_messages_discord_would_refuse_are_refused(world: World) -> None:
    double = world.double
    interaction = await double.invoke(world.alice, world.channel, "ping long")
    rejected = await interaction.rejection()
    assert (rejected.status, rejected.code) == (400, 50035)
    assert "2000" in rejected.message
    await double.wait_until(lambda: ("long", 50035) in world.seen.errors, 5)
    assert double.channel_messages(world.channel) == []


async def test_heartbeats_are_acknowledged_without_a_spurious_lag_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    double = DiscordDouble(heartbeat_interval_ms=200)
    await double.start()
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url)
    )
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.1)
    runner = asyncio.create_task(client.start(double.token))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        with caplog.at_level(logging.WARNING, logger="discord.gateway"):
            await asyncio.sleep(1.2)  # several heartbeats at 200 ms
        assert 0 < client.latency < 1
        assert not [r for r in caplog.records if "behind" in r.getMessage()]
    finally:
        await client.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
        await double.stop()
