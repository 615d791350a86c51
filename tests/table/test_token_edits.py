"""Edits through an interaction's token (``bot/table/io/tokens.py``): the request the bot makes
itself (one JSON PATCH through discord.py's session) against a loopback server answering as
Discord would, with discord.py's own edit taking over where that request does not fit."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.table.io import tokens
from bot.table.io.tokens import ORIGINAL, Answered, answer_with_update, edit_by_token
from bot.ui import layout
from bot.ui.files import bytes_file

APP = 555
TOKEN = "tok-en"
MESSAGE = 9001
CHANNEL = 77
PICTURE = {
    "id": "31",
    "filename": "hand.png",
    "size": 10,
    "url": "http://cdn/hand.png",
    "proxy_url": "http://cdn/hand.png",
    "description": "2♠ 3♦ 4♣ 5♥ 7♠",
}


def _message() -> dict[str, Any]:
    """The edited message as Discord answers it (what discord.py's own edit parses)."""
    return {
        "id": str(MESSAGE),
        "channel_id": str(CHANNEL),
        "type": 0,
        "content": "",
        "author": {"id": str(APP), "username": "Deuce", "discriminator": "0", "avatar": None},
        "attachments": [PICTURE],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": "2026-12-07T16:00:00+00:00",
        "edited_timestamp": "2026-12-07T16:00:01+00:00",
        "flags": 1 << 15,
        "components": [],
    }


@dataclass
class Discordish:
    """Answers each request through the token (an edit of its messages, a click's callback)
    with the next of ``script`` (status, headers), then success; records each request (its
    content type, query and body)."""

    script: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    seen: list[dict[str, Any]] = field(default_factory=list)

    async def answer(self, request: web.Request) -> web.Response:
        raw = await request.read()
        self.seen.append(
            {
                "at": asyncio.get_running_loop().time(),
                "type": request.content_type,
                "query": dict(request.query),
                "path": request.path,
                "body": json.loads(raw) if request.content_type == "application/json" else raw,
            }
        )
        status, headers = self.script.pop(0) if self.script else (200, {})
        if status == 200 and request.path.endswith("/callback"):
            if "with_response" not in request.query:
                return web.Response(status=204)
            resource = {"type": 7, "message": _message()}
            body = json.dumps({"interaction": {"id": "4242", "type": 3}, "resource": resource})
        elif status == 200:
            body = json.dumps(_message())
        elif status == 429:
            body = json.dumps({"message": "slow down", "retry_after": 0.3, "global": False})
        else:
            body = json.dumps({"message": "no", "code": 10015})
        return web.Response(
            status=status, body=body, content_type="application/json", headers=headers
        )


@pytest.fixture
async def discordish() -> AsyncIterator[tuple[Discordish, aiohttp.ClientSession]]:
    fake = Discordish()
    app = web.Application()
    app.router.add_patch("/api/v10/webhooks/{app}/{token}/messages/{ref}", fake.answer)
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", fake.answer)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    saved = discord.http.Route.BASE
    discord.http.Route.BASE = str(server.make_url("/api/v10"))
    tokens._cooling.clear()
    try:
        async with aiohttp.ClientSession() as session:
            yield fake, session
    finally:
        discord.http.Route.BASE = saved
        tokens._cooling.clear()
        await server.close()


def _answered(session: aiohttp.ClientSession) -> Answered:
    webhook = discord.Webhook.partial(APP, TOKEN, session=session)
    return Answered(webhook, MESSAGE, CHANNEL, asyncio.get_running_loop().time(), ORIGINAL)


def _kept_picture() -> discord.Attachment:
    state: Any = SimpleNamespace(http=None)  # a kept attachment is never downloaded here
    return discord.Attachment(data=PICTURE, state=state)  # type: ignore[arg-type]


def _panel(text: str = "alice to act") -> dict[str, Any]:
    return {"view": layout.notice(text, 0x2B2D31), "attachments": [_kept_picture()]}


async def test_an_edit_keeping_its_picture_is_one_json_request(
    discordish: tuple[Discordish, aiohttp.ClientSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, session = discordish

    async def not_this_way(*args: object, **kwargs: object) -> None:
        raise AssertionError("discord.py's webhook edit (its answer parsed into a message)")

    monkeypatch.setattr(discord.Webhook, "edit_message", not_this_way)
    edited, failed = await edit_by_token(_answered(session), MESSAGE, _panel(), 1)
    assert not failed and edited is not None
    assert (edited.id, edited.channel_id) == (MESSAGE, CHANNEL)
    assert [a.filename for a in edited.attachments] == ["hand.png"]
    (request,) = fake.seen
    assert request["path"] == f"/api/v10/webhooks/{APP}/{TOKEN}/messages/@original"
    assert request["type"] == "application/json"
    assert request["query"] == {"with_components": "1"}
    body = request["body"]
    assert body["flags"] & (1 << 15)  # a Components V2 message stays one
    assert [str(a["id"]) for a in body["attachments"]] == ["31"]  # kept, not uploaded
    assert "alice to act" in json.dumps(body["components"], ensure_ascii=False)
    assert body["allowed_mentions"] == {"parse": []}


async def test_an_edit_without_attachments_reads_them_from_the_answer(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    edited, failed = await edit_by_token(
        _answered(session), MESSAGE, {"view": layout.notice("the table", 1)}, 1
    )
    assert not failed and edited is not None
    assert [(a.id, a.description) for a in edited.attachments] == [(31, PICTURE["description"])]
    assert "attachments" not in fake.seen[0]["body"]  # the message keeps what it carries


async def test_an_upload_goes_the_way_of_discord_py(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    picture = discord.File(io.BytesIO(b"\x89PNG..."), filename="hand.png")
    kwargs = {"view": layout.notice("new cards", 1), "attachments": [picture]}
    edited, failed = await edit_by_token(_answered(session), MESSAGE, kwargs, 1)
    assert not failed and edited is not None
    (request,) = fake.seen
    assert request["type"] == "multipart/form-data"


async def test_a_rate_limit_is_waited_out_then_discord_py_retries(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    fake.script = [(429, {"Via": "1.1 google", "X-RateLimit-Remaining": "0"})]
    edited, failed = await edit_by_token(_answered(session), MESSAGE, _panel(), 1)
    assert not failed and edited is not None
    first, second = fake.seen
    assert second["at"] - first["at"] >= 0.29  # retry_after 0.3, asked once
    assert second["type"] == "application/json"


@pytest.mark.parametrize("status", [403, 404, 400, 429])
async def test_a_refusal_fails_the_token_with_one_request(
    discordish: tuple[Discordish, aiohttp.ClientSession], status: int
) -> None:
    """A 429 without ``Via`` too: Cloudflare's ban, which discord.py does not retry either."""
    fake, session = discordish
    fake.script = [(status, {})]
    edited, failed = await edit_by_token(_answered(session), MESSAGE, _panel(), 1)
    assert (edited, failed) == (None, True)
    assert len(fake.seen) == 1


async def test_a_server_error_is_retried_by_discord_py(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    fake.script = [(502, {})]
    edited, failed = await edit_by_token(_answered(session), MESSAGE, _panel(), 1)
    assert not failed and edited is not None
    assert len(fake.seen) == 2


async def test_an_empty_bucket_delays_the_tokens_next_edit(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    """``X-RateLimit-Remaining: 0`` on a success: the next edit through that token waits for
    the bucket to refill, as discord.py's webhook lock would make it."""
    fake, session = discordish
    fake.script = [(200, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "0.4"})]
    answer = _answered(session)
    await edit_by_token(answer, MESSAGE, _panel("one"), 1)
    await edit_by_token(answer, MESSAGE, _panel("two"), 1)
    first, second = fake.seen
    assert second["at"] - first["at"] >= 0.39
    await edit_by_token(answer, MESSAGE, _panel("three"), 1)
    assert fake.seen[2]["at"] - second["at"] < 0.3  # refilled: no wait any more


async def test_an_expired_or_foreign_token_is_not_used(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    answer = _answered(session)
    assert await edit_by_token(answer, MESSAGE + 1, _panel(), 1) == (None, False)
    old = Answered(answer.webhook, MESSAGE, CHANNEL, answer.at - tokens.TOKEN_SECONDS - 1, ORIGINAL)
    assert await edit_by_token(old, MESSAGE, _panel(), 1) == (None, False)
    assert fake.seen == []


def _click(session: aiohttp.ClientSession) -> discord.Interaction[Any]:
    """A real discord.py interaction of a click on message ``MESSAGE`` in a DM, its HTTP
    session the test's (as a logged-in client's would be)."""
    client = discord.Client(intents=discord.Intents.none())
    client.http._HTTPClient__session = session  # type: ignore[attr-defined]
    data = {
        "id": "4242",
        "application_id": str(APP),
        "type": 3,
        "token": TOKEN,
        "version": 1,
        "channel_id": str(CHANNEL),
        "channel": {"id": str(CHANNEL), "type": 1},
        "user": {"id": "12", "username": "alice", "discriminator": "0", "avatar": None},
        "message": _message(),
        "data": {"custom_id": "deuce:x", "component_type": 2},
        "attachment_size_limit": 10 << 20,
        "locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {},
    }
    return discord.Interaction(data=data, state=client._connection)  # type: ignore[arg-type]


async def test_a_click_is_answered_with_one_request_not_asking_for_the_message(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    click = _click(session)
    assert await answer_with_update(click, _panel("bob to act")) is None
    (request,) = fake.seen
    assert request["path"] == f"/api/v10/interactions/4242/{TOKEN}/callback"
    assert request["query"] == {}  # no ?with_response: Discord answers 204, nothing to parse
    assert request["body"]["type"] == 7  # UPDATE_MESSAGE
    assert "bob to act" in json.dumps(request["body"]["data"]["components"], ensure_ascii=False)
    assert click.response.is_done()
    with pytest.raises(discord.InteractionResponded):  # a second answer, as discord.py's
        await answer_with_update(click, _panel("again"))
    assert len(fake.seen) == 1


async def test_a_click_answered_with_an_upload_gets_the_message_back(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    fake, session = discordish
    picture = discord.File(io.BytesIO(b"\x89PNG..."), filename="hand.png")
    answered = await answer_with_update(
        _click(session), {"view": layout.notice("drew 2", 1), "attachments": [picture]}
    )
    assert answered is not None and isinstance(answered.resource, discord.InteractionMessage)
    assert [a.filename for a in answered.resource.attachments] == ["hand.png"]
    (request,) = fake.seen
    assert request["type"] == "multipart/form-data" and request["query"] == {"with_response": "1"}


async def test_an_expired_click_is_refused_as_discord_py_would(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    """Discord's 10062 (answered after three seconds): ``NotFound``, the click not answered."""
    fake, session = discordish
    fake.script = [(404, {})]
    click = _click(session)
    with pytest.raises(discord.NotFound):
        await answer_with_update(click, _panel())
    assert not click.response.is_done()


async def test_waits_of_tokens_never_used_again_are_dropped(
    discordish: tuple[Discordish, aiohttp.ClientSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``_cooling`` stays bounded: past ``COOLING_MAX`` entries, those whose wait is over go."""
    fake, session = discordish
    monkeypatch.setattr(tokens, "COOLING_MAX", 3)
    loop = asyncio.get_running_loop()
    now = loop.time()
    tokens._cooling.update({"old1": now - 1, "old2": now - 1, "soon": now + 60})
    fake.script = [(200, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "0.1"})]
    await edit_by_token(_answered(session), MESSAGE, _panel(), 1)
    assert set(tokens._cooling) == {"soon", TOKEN}


async def test_an_upload_retried_after_a_server_error_sends_its_picture_again(
    discordish: tuple[Discordish, aiohttp.ClientSession],
) -> None:
    """An upload is discord.py's request from the first try: a 5xx is retried with the same
    picture."""
    fake, session = discordish
    fake.script = [(502, {})]
    picture = bytes_file(b"\x89PNG-the-cards", "hand.png", "2♠ 3♦ 4♣ 5♥ 7♠")
    kwargs = {"view": layout.notice("drew 2", 1), "attachments": [picture]}
    edited, failed = await edit_by_token(_answered(session), MESSAGE, kwargs, 1)
    assert not failed and edited is not None
    assert len(fake.seen) == 2
    assert all(b"\x89PNG-the-cards" in request["body"] for request in fake.seen)
