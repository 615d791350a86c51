"""``/poker replay`` and the Replay button: a stored hand, step by step, privately.

The steps come from ``bot.engine.replay`` (pure, redacted for the viewer there); this module
loads a hand from the store, renders one step as an embed with a picture of the viewer's cards
and the ⏮ ◀ ▶ ⏭ and street buttons, and answers their clicks by editing the ephemeral message
through the interaction itself (an interaction answer counts against no rate limit).

Custom ids: ``deuce:r:<hand>:<step>:<f|p|n|l>`` (the step a button goes to; the letter keeps
the four ids of one message apart), ``deuce:r:<hand>:s<0-4>`` (a street: pre-draw, draw 1..3,
the showdown; it goes to the street's first step, a street the hand never reached is refused)
and ``deuce:rp:<hand>`` (the Replay button under a result,
which opens a new private replay for whoever clicks it). Both carry the hand id and nothing
else, so they work after a restart; the viewer is always the clicker.

Who may replay a hand: a member who can view its channel now (``bot.table.visibility``), or who
was dealt into it (their own cards, the rest redacted as for anyone). Anyone else, by command,
Replay button or step button, gets the sentence of a hand that does not exist, so hand ids of
hidden channels cannot be probed (not even whether one is still being played).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

import discord

from bot.art import hand_image
from bot.engine import EngineError, Hand
from bot.engine.phh import replay_phh
from bot.engine.replay import Replay, ReplayStep, replay_steps
from bot.messages import t
from bot.replies import Refused
from bot.store import HandNotFound, HandReplaySource, Store
from bot.table.render import cards_label, clamp
from bot.table.render.replay import (
    step_embed,
    step_view,
)
from bot.table.visibility import can_see
from bot.ui.files import bytes_file
from bot.ui.router import Route

log = logging.getLogger(__name__)

STEP_ID = re.compile(
    r"deuce:r:(?P<hand>\d{1,19}):(?:(?P<step>\d{1,6}):(?P<slot>[fpnl])|s(?P<street>[0-4]))"
)
OPEN_ID = re.compile(r"deuce:rp:(?P<hand>\d{1,19})")
PICTURE_FILE = "replay.png"
CACHE_SIZE = 256
"""Replays kept, by (hand, viewer): a finished hand never changes, so stepping through one
reads the store once."""


class HasStore(Protocol):
    """What a replay needs of the client (``DeuceBot``)."""

    @property
    def store(self) -> Store: ...


@dataclass(frozen=True)
class LoadedReplay:
    """A hand's steps for one viewer, and how to show them."""

    replay: Replay
    voided: bool
    four_colour: bool
    pictures: bool
    channel_id: int
    """Where the hand was played: who may replay it is checked again on every step."""
    dealt: bool
    """Whether the viewer was dealt into it (then they may replay it wherever it was played)."""


_cache: OrderedDict[tuple[int, int], LoadedReplay] = OrderedDict()


def hand_of(source: HandReplaySource) -> Hand:
    """The engine's hand from what the store kept: its last journaled state (a voided hand,
    and every settled hand since it was kept), else its PHH (older settled hands). Raises
    ``EngineError`` when neither rebuilds it."""
    state = source.state
    if isinstance(state, dict):
        hand = Hand.from_json(state.get("hand", state))
        if hand.is_complete or source.status == "voided":
            return hand
    if source.phh:
        return replay_phh(source.phh)
    raise EngineError("nothing kept to replay")


def viewer_sees(interaction: discord.Interaction[Any]) -> Callable[[int], bool]:
    """Whether the clicker can view a channel now (the replay's ``can_view``)."""
    return lambda channel_id: can_see(interaction.guild, interaction.user, channel_id)


async def load_replay(
    store: Store,
    guild_id: int,
    hand_id: int,
    viewer_id: int,
    *,
    can_view: Callable[[int], bool],
) -> LoadedReplay:
    """The replay of ``hand_id`` for ``viewer_id``, refused (``Refused``) with a sentence for a
    hand that is not this server's, is still being played or cannot be rebuilt. A hand of a
    channel the viewer cannot view now (``can_view`` of its channel id) and was not dealt into
    is refused exactly like a hand that does not exist."""
    missing = Refused(t("replay_not_found", hand_id=str(hand_id)))
    key = (hand_id, viewer_id)
    cached = _cache.get(key)
    if cached is not None:
        if not (cached.dealt or can_view(cached.channel_id)):
            raise missing
        _cache.move_to_end(key)
        return cached
    try:
        source = await store.hands.replay_source(hand_id)
    except HandNotFound:
        raise missing from None
    if source.guild_id != guild_id:
        raise missing
    if viewer_id not in source.players and not can_view(source.channel_id):
        raise missing
    if source.status == "running":
        raise Refused(t("replay_running", hand_id=str(hand_id)))
    try:
        replay = await asyncio.to_thread(_build, source, viewer_id)
    except (EngineError, KeyError, TypeError, ValueError) as error:
        log.warning("Hand %d cannot be replayed: %s", hand_id, type(error).__name__)
        raise Refused(t("replay_unavailable", hand_id=str(hand_id))) from None
    settings = await store.settings.server(guild_id)
    loaded = LoadedReplay(
        replay,
        voided=source.status == "voided",
        four_colour=settings.card_style == "four-colour",
        pictures=settings.card_style != "text",
        channel_id=source.channel_id,
        dealt=viewer_id in source.players,
    )
    _cache[key] = loaded
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return loaded


def _build(source: HandReplaySource, viewer_id: int) -> Replay:
    replay = replay_steps(hand_of(source), viewer_id)
    if replay.hand_id != source.hand_id:  # a PHH replay numbers the hand from its own file
        replay = replace(replay, hand_id=source.hand_id)
    return replay


async def step_picture(loaded: LoadedReplay, step: ReplayStep) -> discord.File | None:
    """The viewer's cards at this step, the cards just received framed (drawn off the event
    loop; ``hand_image`` keeps every picture it drew)."""
    if not loaded.pictures or len(step.cards) != 5:
        return None
    cards, new, four = step.cards, step.received, loaded.four_colour
    try:
        png = await asyncio.to_thread(lambda: hand_image(cards, new=new, four_colour=four))
    except ValueError:
        return None
    alt = clamp(t("alt_hand", cards=cards_label(cards)), 1024)
    return bytes_file(png, PICTURE_FILE, alt)


async def _message(loaded: LoadedReplay, number: int) -> dict[str, Any]:
    steps = loaded.replay.steps
    step = steps[number]
    embed = step_embed(loaded, step)
    picture = await step_picture(loaded, step)
    if picture is not None:
        embed.set_image(url=f"attachment://{PICTURE_FILE}")
    return {
        "embed": embed,
        "view": step_view(loaded.replay, number),
        "picture": picture,
    }


async def send_replay(
    interaction: discord.Interaction[Any], store: Store, hand_id: int | None
) -> None:
    """Answer ``interaction`` privately with the first step of ``hand_id`` (default: the
    member's latest hand here)."""
    assert interaction.guild_id is not None
    user_id = interaction.user.id
    if hand_id is None:
        hand_id = await store.hands.last_hand_of(interaction.guild_id, user_id)
        if hand_id is None:
            raise Refused(t("replay_none"))
    loaded = await load_replay(
        store, interaction.guild_id, hand_id, user_id, can_view=viewer_sees(interaction)
    )
    message = await _message(loaded, 0)
    picture = message.pop("picture")
    if picture is not None:
        message["file"] = picture
    await interaction.response.send_message(ephemeral=True, **message)


async def _show_step(
    interaction: discord.Interaction[Any],
    store: Store,
    hand_id: int,
    number: int | None,
    street: int | None = None,
) -> None:
    """Step ``number`` of the hand (or the first step of ``street``), in place."""
    assert interaction.guild_id is not None
    loaded = await load_replay(
        store,
        interaction.guild_id,
        hand_id,
        interaction.user.id,
        can_view=viewer_sees(interaction),
    )
    if street is not None:
        number = loaded.replay.street_start(street)
    if number is None or not 0 <= number < len(loaded.replay.steps):
        raise Refused(t("replay_no_step"))
    message = await _message(loaded, number)
    picture = message.pop("picture")
    clicked = interaction.message
    private = clicked is not None and bool(getattr(clicked.flags, "ephemeral", False))
    if not private:  # never edit a public message with a viewer's replay
        if picture is not None:
            message["file"] = picture
        await interaction.response.send_message(ephemeral=True, **message)
        return
    await interaction.response.edit_message(
        attachments=[] if picture is None else [picture], **message
    )


async def step_clicked(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """⏮ ◀ ▶ ⏭: the step the button goes to; a street: its first step; in place (the router's
    handler of ``deuce:r``)."""
    client: HasStore = interaction.client
    hand_id = int(match["hand"])
    if match["street"] is not None:
        await _show_step(interaction, client.store, hand_id, None, int(match["street"]))
    else:
        await _show_step(interaction, client.store, hand_id, int(match["step"]))


async def replay_clicked(interaction: discord.Interaction[Any], match: re.Match[str]) -> None:
    """The Replay button under a result: a new private replay for the clicker (the router's
    handler of ``deuce:rp``)."""
    client: HasStore = interaction.client
    await send_replay(interaction, client.store, int(match["hand"]))


ROUTES = (
    Route("r", STEP_ID, step_clicked, guild_only=True),
    Route("rp", OPEN_ID, replay_clicked, guild_only=True),
)
"""The router's routes of the replay buttons (``bot/ui/router.py``): no click changes
anything."""
