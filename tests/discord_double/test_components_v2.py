"""Components V2 in the Discord double, driven by the real discord.py client.

A ``LayoutView`` like the table panel issue 35 builds (a container holding a title, a section with
a button accessory, a gallery showing an uploaded picture, a separator, a row of buttons) goes to
a channel and a DM, is edited by the bot, and is answered on a click with an update (callback 7),
a deferral and a webhook edit, a follow-up and an ephemeral reply; then every payload Discord
refuses is refused with Discord's 400 / 50035, and nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import yarl
from discord import ui

from tests.discord_double import (
    DiscordDouble,
    Member,
    dump_message,
    message_text,
    read_layout,
)
from tests.discord_double.models import MESSAGE_FLAG_COMPONENTS_V2, MESSAGE_FLAG_EPHEMERAL, Channel

V2 = MESSAGE_FLAG_COMPONENTS_V2
Button = ui.Button[Any]


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A real PNG of one colour (the double reads its size as Discord's media proxy does)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


GREEN = png(4, 3, (0, 128, 0))
RED = png(6, 2, (200, 0, 0))


@dataclass
class Clicks:
    """What the client saw of each click: the name and the message discord.py parsed."""

    seen: list[tuple[str, discord.Message]] = field(default_factory=list)
    errors: list[tuple[str, int]] = field(default_factory=list)


class Note(ui.LayoutView):
    """A V2 message of text displays only."""

    def __init__(self, *texts: str) -> None:
        super().__init__(timeout=60)
        for text in texts:
            self.add_item(ui.TextDisplay(text))


class Panel(ui.LayoutView):
    """The shape of issue 35's table panel, with a callback per kind of answer."""

    def __init__(self, clicks: Clicks, *, title: str = "Table 1", step: int = 0) -> None:
        super().__init__(timeout=60)
        self.clicks = clicks
        self.step = step
        fold: Button = ui.Button(label="Fold", custom_id="v2:fold", style=discord.ButtonStyle.red)
        fold.callback = self.fold  # type: ignore[method-assign]
        call: Button = ui.Button(label="Call 20", custom_id="v2:call")
        call.callback = self.call  # type: ignore[method-assign]
        bet: Button = ui.Button(label="Raise", custom_id="v2:raise")
        bet.callback = self.raise_  # type: ignore[method-assign]
        wait: Button = ui.Button(label="Wait", custom_id="v2:wait", disabled=True)
        picture = discord.MediaGalleryItem("attachment://table.png", description="the table")
        self.add_item(
            ui.Container(
                ui.TextDisplay(f"## {title}"),
                ui.Section(
                    ui.TextDisplay(f"Pot {60 + 20 * step}"),
                    ui.TextDisplay("alice to act · 0:30"),
                    accessory=fold,
                ),
                ui.MediaGallery(picture),
                ui.Separator(),
                ui.ActionRow(call, bet, wait),
                accent_colour=0x2ECC71,
            )
        )
        self.add_item(ui.TextDisplay(f"-# step {step}"))

    async def call(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        self.clicks.seen.append(("call", interaction.message))
        await interaction.response.edit_message(view=Panel(self.clicks, step=self.step + 1))

    async def raise_(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        self.clicks.seen.append(("raise", interaction.message))
        await interaction.response.defer()
        await interaction.followup.send(view=Note("You raised to 40."), ephemeral=True)
        await interaction.edit_original_response(
            view=Panel(self.clicks, title="Table 1 · raised", step=self.step + 1),
            attachments=[discord.File(_io(RED), "table.png")],
        )

    async def fold(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        self.clicks.seen.append(("fold", interaction.message))
        await interaction.response.send_message(view=Note("Fold for sure?"), ephemeral=True)


class BadUpdate(ui.LayoutView):
    """A click answered by an update that would turn the V2 message back into a legacy one."""

    def __init__(self, clicks: Clicks) -> None:
        super().__init__(timeout=60)
        self.clicks = clicks
        back: Button = ui.Button(label="Back", custom_id="v2:back")
        back.callback = self.back  # type: ignore[method-assign]
        self.add_item(ui.Section(ui.TextDisplay("a V2 panel"), accessory=back))

    async def back(self, interaction: discord.Interaction) -> None:
        legacy = ui.View()
        legacy.add_item(ui.Button(label="Old", custom_id="v2:old"))
        try:  # suppress_embeds makes discord.py send flags: 0, without IS_COMPONENTS_V2
            await interaction.response.edit_message(view=legacy, suppress_embeds=False)
        except discord.HTTPException as exc:
            self.clicks.errors.append(("back", exc.code))


def _io(blob: bytes) -> Any:
    import io

    return io.BytesIO(blob)


@dataclass
class V2World:
    double: DiscordDouble
    client: discord.Client
    channel: Channel
    alice: Member
    bob: Member
    clicks: Clicks

    @property
    def text_channel(self) -> discord.TextChannel:
        found = self.client.get_channel(self.channel.id)
        assert isinstance(found, discord.TextChannel)
        return found

    async def raw_post(self, payload: dict[str, Any]) -> Any:
        """POST a message body as given, through discord.py's HTTP client (its own checks,
        e.g. LayoutView's 40 children, would stop some payloads before Discord sees them)."""
        route = discord.http.Route(
            "POST", "/channels/{channel_id}/messages", channel_id=self.channel.id
        )
        return await self.client.http.request(route, json=payload)


@pytest.fixture
async def v2(double: DiscordDouble, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[V2World]:
    guild = await double.add_guild("V2 Club")
    channel = await double.add_channel(guild, "tables")
    alice = await double.add_member(guild, "alice", display_name="Alice")
    bob = await double.add_member(guild, "bob", display_name="Bob")
    monkeypatch.setattr(discord.http.Route, "BASE", double.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(double.gateway_url)
    )
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = asyncio.create_task(client.start(double.token))
    try:
        await asyncio.wait_for(client.wait_until_ready(), 10)
        await double.wait_until(lambda: client.get_channel(channel.id), 5)
        yield V2World(double, client, channel, alice, bob, Clicks())
    finally:
        await client.close()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
    assert double.unknown_routes == [], double.unknown_routes


def _refused(exc: pytest.ExceptionInfo[discord.HTTPException]) -> tuple[int, int]:
    return exc.value.status, exc.value.code


async def test_a_layout_is_stored_as_discord_echoes_it_and_parsed_back(v2: V2World) -> None:
    double = v2.double
    sent = await v2.text_channel.send(
        view=Panel(v2.clicks), file=discord.File(_io(GREEN), "table.png")
    )
    # discord.py parsed the echo: a V2 message whose container holds the gallery's picture.
    assert sent.flags.components_v2 and sent.content == "" and sent.embeds == []
    container = sent.components[0]
    assert isinstance(container, discord.Container)
    assert container.accent_colour == discord.Colour(0x2ECC71)
    gallery = next(c for c in container.children if isinstance(c, discord.MediaGalleryComponent))
    assert gallery.items[0].media.attachment_id == sent.attachments[0].id

    stored = double.current(sent.id)
    assert stored is not None and stored["flags"] == V2
    layout = read_layout(stored)
    assert layout.v2
    assert layout.texts == ["## Table 1", "Pot 60", "alice to act · 0:30", "-# step 0"]
    assert [(b.custom_id, b.label, b.disabled) for b in layout.buttons] == [
        ("v2:fold", "Fold", False),
        ("v2:call", "Call 20", False),
        ("v2:raise", "Raise", False),
        ("v2:wait", "Wait", True),
    ]
    assert layout.button("Fold").style == discord.ButtonStyle.red.value
    assert layout.line("alice to act") == "alice to act · 0:30" and layout.line("bob") is None
    attachment = stored["attachments"][0]
    assert layout.media == [
        {"url": attachment["url"], "description": "the table", "attachment_id": attachment["id"]}
    ]
    assert double.attachment_data[int(attachment["id"])] == GREEN
    assert "the table" in message_text(stored)  # alt text counts as shown text

    dump = dump_message(stored)
    assert (layout.component_count, layout.text_length) == (13, 44)
    assert dump.splitlines()[0] == (
        f"message {sent.id} flags={V2} (IS_COMPONENTS_V2) · 13 components · 44 characters of text"
    )
    assert "  container #1 accent=#2ecc71" in dump
    assert "    section #3" in dump
    assert "      accessory: button #6 [Fold] v2:fold style=4" in dump
    assert f"      picture {attachment['url']} (attachment {attachment['id']}) 4x3" in dump
    assert "      button #12 [Wait] v2:wait style=2 disabled" in dump
    assert "    text #2:\n      | ## Table 1" in dump
    assert "        alt: the table" in dump
    assert dump.splitlines()[-1] == f"attachment table.png ({len(GREEN)} bytes)"


async def test_clicks_on_a_layout_are_answered_by_update_defer_followup_and_reply(
    v2: V2World,
) -> None:
    double = v2.double
    sent = await v2.text_channel.send(
        view=Panel(v2.clicks), file=discord.File(_io(GREEN), "table.png")
    )
    first_attachment = double.current(sent.id)["attachments"][0]  # type: ignore[index]

    # Callback 7: the update keeps the picture (no new upload), the gallery still shows it.
    call = await double.click(v2.alice, sent.id, "v2:call")
    assert (await call.response()).type == 7
    updated = double.current(sent.id)
    assert updated is not None and updated["flags"] == V2
    assert read_layout(updated).texts[1] == "Pot 80"
    assert updated["attachments"] == [first_attachment]
    assert read_layout(updated).media[0]["attachment_id"] == first_attachment["id"]
    # The click carried the V2 message as Discord sends it, and discord.py parsed it.
    name, clicked = v2.clicks.seen[-1]
    assert name == "call" and clicked.flags.components_v2 and clicked.id == sent.id
    assert [type(c) for c in clicked.components] == [discord.Container, discord.TextDisplay]
    parsed = clicked.components[0]
    assert isinstance(parsed, discord.Container)
    section = parsed.children[1]
    assert isinstance(section, discord.SectionComponent)
    assert isinstance(section.accessory, discord.Button)
    assert section.accessory.custom_id == "v2:fold"

    # The bot edits it on its own.
    await sent.edit(view=Panel(v2.clicks, title="Table 1 · edited", step=2))
    assert read_layout(double.current(sent.id)).texts[0] == "## Table 1 · edited"

    # Deferral, an ephemeral V2 follow-up, then the webhook edit swapping the picture.
    edit = double.channel_events(v2.channel)[-1]
    assert edit.kind == "edit" and edit.layout.texts[0] == "## Table 1 · edited"

    bet = await double.click(v2.alice, sent.id, "v2:raise")
    assert (await bet.response()).type == 6
    await bet.wait_original(lambda m: "raised" in read_layout(m).text)
    followups = await bet.wait_followups(1)
    assert followups[0]["flags"] == V2 | MESSAGE_FLAG_EPHEMERAL
    assert read_layout(followups[0]).texts == ["You raised to 40."]
    assert [m["id"] for m in double.ephemerals(v2.alice)] == [followups[0]["id"]]
    assert double.ephemerals(v2.bob) == []
    raised = double.current(sent.id)
    assert raised is not None and raised["flags"] == V2
    [new_attachment] = raised["attachments"]
    assert new_attachment["id"] != first_attachment["id"]
    assert double.attachment_data[int(new_attachment["id"])] == RED
    media = raised["components"][0]["components"][2]["items"][0]["media"]
    assert media["attachment_id"] == new_attachment["id"]
    assert (media["width"], media["height"]) == (6, 2)
    assert double.rest_calls["PATCH /webhooks/{app_id}/{token}/messages/{message_id}"] == 1

    # Callback 4 with a V2 reply: ephemeral, only for the clicker.
    fold = await double.click(v2.bob, sent.id, "Fold")
    reply = await fold.response()
    assert reply.type == 4 and reply.ephemeral
    answer = double.current(reply.message_id or 0)
    assert answer is not None and answer["flags"] == V2 | MESSAGE_FLAG_EPHEMERAL
    assert read_layout(answer).text == "Fold for sure?"
    assert [n for n, _ in v2.clicks.seen] == ["call", "raise", "fold"]


async def test_a_layout_in_a_dm_is_sent_edited_and_clicked(v2: V2World) -> None:
    double = v2.double
    user = await v2.client.fetch_user(v2.alice.id)
    sent = await user.send(view=Panel(v2.clicks), file=discord.File(_io(GREEN), "table.png"))
    [dm] = double.dms(v2.alice)
    assert dm["id"] == str(sent.id) and dm["flags"] == V2 and dm["content"] == ""
    await sent.edit(view=Panel(v2.clicks, title="Your seat", step=1))
    assert read_layout(double.current(sent.id)).texts[:2] == ["## Your seat", "Pot 80"]
    call = await double.click(v2.alice, sent.id, "Call 20")
    assert (await call.response()).type == 7
    assert read_layout(double.dms(v2.alice)[0]).texts[1] == "Pot 100"
    assert v2.clicks.seen[-1][1].flags.components_v2


async def test_content_beside_the_v2_flag_is_refused(v2: V2World) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        # discord.py's typing forbids this (its runtime sends it): Discord refuses it.
        await v2.text_channel.send("hello", view=Note("a panel"))  # type: ignore[call-overload]
    assert _refused(refused) == (400, 50035)
    assert "content" in refused.value.text
    assert v2.double.channel_messages(v2.channel) == []


async def test_an_embed_beside_the_v2_flag_is_refused(v2: V2World) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await v2.text_channel.send(  # type: ignore[call-overload]
            embed=discord.Embed(title="Table"), view=Note("a panel")
        )
    assert _refused(refused) == (400, 50035)
    assert "embeds" in refused.value.text
    assert v2.double.channel_messages(v2.channel) == []


async def test_a_41st_component_is_refused(v2: V2World) -> None:
    texts = [{"type": 10, "content": f"line {n}"} for n in range(39)]
    # A container and its 39 texts: 40 components, the most Discord takes.
    await v2.raw_post({"flags": V2, "components": [{"type": 17, "components": texts}]})
    with pytest.raises(discord.HTTPException) as refused:
        await v2.raw_post(
            {"flags": V2, "components": [{"type": 17, "components": [*texts, texts[0]]}]}
        )
    assert _refused(refused) == (400, 50035)
    assert "41 components" in refused.value.text
    assert len(v2.double.channel_messages(v2.channel)) == 1


async def test_more_than_4000_characters_of_text_is_refused(v2: V2World) -> None:
    await v2.text_channel.send(view=Note("x" * 2000, "y" * 2000))
    with pytest.raises(discord.HTTPException) as refused:
        await v2.text_channel.send(view=Note("x" * 2000, "y" * 2001))
    assert _refused(refused) == (400, 50035)
    assert "4001 characters" in refused.value.text
    assert len(v2.double.channel_messages(v2.channel)) == 1


async def test_an_edit_cannot_remove_the_v2_flag(v2: V2World) -> None:
    double = v2.double
    sent = await v2.text_channel.send(view=BadUpdate(v2.clicks))
    before = double.current(sent.id)
    legacy = ui.View()
    legacy.add_item(ui.Button(label="Old", custom_id="v2:old"))
    params = discord.http.handle_message_parameters(flags=discord.MessageFlags(), view=legacy)
    with pytest.raises(discord.HTTPException) as refused:
        await v2.client.http.edit_message(v2.channel.id, sent.id, params=params)
    assert _refused(refused) == (400, 50035)
    assert "IS_COMPONENTS_V2 cannot be removed" in refused.value.text
    assert double.current(sent.id) == before

    # The same mistake answering a click (callback 7): refused, and the bot hears why.
    click = await double.click(v2.alice, sent.id, "v2:back")
    rejected = await click.rejection()
    assert (rejected.status, rejected.code) == (400, 50035)
    await double.wait_until(lambda: v2.clicks.errors, 5)
    assert v2.clicks.errors == [("back", 50035)]
    assert double.current(sent.id) == before


async def test_an_empty_layout_is_refused_and_an_unshown_picture_is_visible_in_the_dump(
    v2: V2World,
) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await v2.raw_post({"flags": V2, "components": []})
    assert _refused(refused) == (400, 50006)
    sent = await v2.text_channel.send(
        view=Note("no gallery"), file=discord.File(_io(GREEN), "table.png")
    )
    stored = v2.double.current(sent.id)
    assert read_layout(stored).unshown_attachments == ["table.png"]
    assert dump_message(stored).endswith(
        f"attachment table.png ({len(GREEN)} bytes) (not shown: no component shows it)"
    )
    with pytest.raises(discord.HTTPException) as emptied:
        await sent.edit(view=ui.LayoutView())
    assert _refused(emptied) == (400, 50006)
    assert v2.double.current(sent.id) == stored


async def test_a_legacy_message_gains_the_flag_only_with_its_content_emptied(
    v2: V2World,
) -> None:
    double = v2.double
    sent = await v2.text_channel.send("Waiting for players")
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(view=Note("Table 1"))
    assert _refused(refused) == (400, 50035)
    assert double.current(sent.id)["flags"] == 0  # type: ignore[index]
    await sent.edit(content=None, view=Note("Table 1"))
    now = double.current(sent.id)
    assert now is not None and now["flags"] == V2 and now["content"] == ""
    assert read_layout(now).texts == ["Table 1"]


async def test_a_custom_id_used_twice_in_a_layout_is_refused(v2: V2World) -> None:
    view = ui.LayoutView()
    view.add_item(ui.Section("one", accessory=ui.Button(label="A", custom_id="dup")))
    view.add_item(ui.ActionRow(ui.Button(label="B", custom_id="dup")))
    with pytest.raises(discord.HTTPException) as refused:
        await v2.text_channel.send(view=view)
    assert _refused(refused) == (400, 50035)
    assert "duplicate custom_id" in refused.value.text
    assert v2.double.channel_messages(v2.channel) == []


TEXT = {"type": 10, "content": "text"}
BUTTON = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
THUMB = {"type": 11, "media": {"url": "https://example.invalid/a.png"}}


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        ({"components": [TEXT]}, "needs the IS_COMPONENTS_V2 flag"),
        ({"flags": V2, "components": [THUMB]}, "thumbnail cannot stand in the message"),
        (
            {
                "flags": V2,
                "components": [{"type": 17, "components": [{"type": 17, "components": [TEXT]}]}],
            },
            "cannot stand in a container",
        ),
        (
            {
                "flags": V2,
                "components": [{"type": 9, "components": [TEXT] * 4, "accessory": BUTTON}],
            },
            "1 to 3 text displays",
        ),
        ({"flags": V2, "components": [{"type": 9, "components": [TEXT]}]}, "needs an accessory"),
        (
            {"flags": V2, "components": [{"type": 9, "components": [TEXT], "accessory": TEXT}]},
            "cannot be an accessory",
        ),
        (
            {
                "flags": V2,
                "components": [
                    {
                        "type": 1,
                        "components": [{**BUTTON, "custom_id": f"b{n}"} for n in range(6)],
                    }
                ],
            },
            "more than 5 components in an action row",
        ),
        (
            {
                "flags": V2,
                "components": [
                    {"type": 12, "items": [{"media": {"url": "attachment://missing.png"}}]}
                ],
            },
            "attachment://missing.png names no attachment",
        ),
        (
            {"flags": V2, "components": [{"type": 12, "items": [THUMB] * 11}]},
            "1 to 10 items",
        ),
        (
            {"flags": V2, "components": [{"type": 13, "file": {"url": "https://x.invalid/f"}}]},
            "only attachment://",
        ),
        ({"flags": V2, "sticker_ids": ["1"], "components": [TEXT]}, "sticker_ids"),
    ],
)
async def test_layouts_discord_refuses_are_refused(
    v2: V2World, payload: dict[str, Any], why: str
) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await v2.raw_post(payload)
    assert _refused(refused) == (400, 50035)
    assert why in refused.value.text
    assert v2.double.channel_messages(v2.channel) == []


async def test_a_deferral_keeps_only_the_ephemeral_flag_and_its_edit_sets_v2(
    v2: V2World,
) -> None:
    """Discord ignores IS_COMPONENTS_V2 on callback 5; the edit of the original response sets it."""
    row = {"type": 1, "components": [{**BUTTON, "custom_id": "v2:nobody"}]}
    posted = await v2.raw_post({"flags": V2, "components": [TEXT, row]})
    click = await v2.double.click(v2.alice, int(posted["id"]), "v2:nobody")  # no view takes it
    callback = discord.http.Route(
        "POST",
        "/interactions/{interaction_id}/{token}/callback",
        interaction_id=click.id,
        token=click.token,
    )
    await v2.client.http.request(callback, json={"type": 5, "data": {"flags": V2 | 64}})
    loading = click.original
    assert loading is not None and loading["flags"] == MESSAGE_FLAG_EPHEMERAL | 128
    original = discord.http.Route(
        "PATCH",
        "/webhooks/{application_id}/{token}/messages/@original",
        application_id=v2.double.application_id,
        token=click.token,
    )
    await v2.client.http.request(original, json={"flags": V2, "components": [TEXT]})
    done = click.original
    assert done is not None and done["flags"] == V2 | MESSAGE_FLAG_EPHEMERAL
    assert read_layout(done).text == "text"
