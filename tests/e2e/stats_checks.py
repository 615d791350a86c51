"""Checks of ``/poker stats [member] [period]`` with its chart and ``/chips leaderboard
[period]`` after real hands: the chart has one point per hand, the figures come from the hands
played, and no card appears in either. ``tests/e2e/test_replay.py`` runs them after the hands
its replays read (one bot and one set of hands for both)."""

from __future__ import annotations

import io
import logging
import re
import statistics
from typing import Any

from PIL import Image

from tests.discord_double import DiscordDouble, Member, message_text
from tests.e2e.helpers import (
    CARD_RE,
    Club,
    PokerTable,
    channel_card_leaks,
    embed0,
    private_reply,
)

log = logging.getLogger(__name__)

MARKER = (255, 0, 255)
NET_RE = re.compile(r"Net chips: ([+\-−]?[\d,]+)")


def marker_count(png: bytes) -> int:
    """The chart's points: blobs of the marker colour (4-connected)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    pixels = image.load()
    assert pixels is not None
    seen: set[tuple[int, int]] = set()
    blobs = 0
    for y in range(height):
        for x in range(width):
            if (x, y) in seen or pixels[x, y] != MARKER:
                continue
            blobs += 1
            todo = [(x, y)]
            seen.add((x, y))
            while todo:
                px, py = todo.pop()
                for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    inside = 0 <= nx < width and 0 <= ny < height
                    if inside and (nx, ny) not in seen and pixels[nx, ny] == MARKER:
                        seen.add((nx, ny))
                        todo.append((nx, ny))
    return blobs


LATENCIES: list[float] = []


async def stats(
    double: DiscordDouble, club: Club, who: Member, **options: Any
) -> tuple[dict[str, Any], bytes]:
    command = await double.invoke(who, club.channel, "poker stats", **options)
    response = await command.response(timeout=10)
    LATENCIES.append(response.latency)
    assert response.ephemeral and response.message_id is not None
    message = double.current(response.message_id)
    assert message is not None
    (attachment,) = message["attachments"]
    assert attachment["filename"] == "stats.png"
    return message, double.attachment_data[int(attachment["id"])]


async def check_stats_with_their_chart_for_each_period_and_the_leaderboard(
    club: Club, table: PokerTable, hands: int
) -> Member:
    """After ``hands`` hands at ``table`` (Alice and Bob, each drawing 1, 2 and 3 cards, the
    next hand running): the stats and the leaderboard. Returns Carol, a member with no hand.
    Run by ``tests/e2e/test_replay.py``, whose replays read the same hands."""
    double = club.double
    alice, bob = table.players

    for period in ("week", "month", "all"):
        message, png = await stats(double, club, alice, period=period)
        text = message_text(message)
        assert (
            "Pat at draw 1 · 2 · 3" in text
            and "Cards drawn at draw 1 · 2 · 3: 1.0 · 2.0 · 3.0" in text
        )
        assert f"Hands played: {hands}" in text
        assert not CARD_RE.findall(text)
        image = Image.open(io.BytesIO(png))
        assert image.size == (640, 260)
        assert image.info["points"] == str(hands)
        assert marker_count(png) == hands
    # Alice reads Bob's record: his figures, no card of his.
    message, png = await stats(double, club, alice, member=bob)
    assert "Bob" in str(embed0(message)["title"]) and not CARD_RE.findall(message_text(message))
    assert marker_count(png) == hands
    nets = {}
    for member in (alice, bob):
        message, _ = await stats(double, club, member)
        match = NET_RE.search(message_text(message))
        assert match is not None, message_text(message)
        nets[member.display_name] = int(re.sub(r"[,+]", "", match[1]).replace("−", "-"))
    assert sum(nets.values()) == 0  # every chip one won the other lost

    board = await double.invoke(alice, club.channel, "chips leaderboard", period="week")
    response = await board.response(timeout=10)
    assert not response.ephemeral
    lines = str(response.embeds[0]["description"]).split("\n")
    assert len(lines) == 2 and all(f"({hands} hands)" in line for line in lines)
    if nets["Alice"] != nets["Bob"]:
        top = alice if nets["Alice"] > nets["Bob"] else bob
        assert str(top.id) in lines[0]
    # A member with no hands gets a private sentence, and the table played on throughout.
    carol = await double.add_member(club.guild, "carol", display_name="Carol")
    empty = await double.invoke(carol, club.channel, "poker stats", period="week")
    assert "has not played a hand here" in await private_reply(empty)
    assert channel_card_leaks(double, club.channel) == []
    log.info("stats answers with chart: median %.1f ms", 1000 * statistics.median(LATENCIES))
    return carol
