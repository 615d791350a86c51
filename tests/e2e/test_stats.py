"""``/poker stats [member] [period]`` with its chart and ``/chips leaderboard [period]`` after
real hands: the chart has one point per hand, the figures come from the hands played, and no
card appears in either."""

from __future__ import annotations

import io
import logging
import re
import statistics
from typing import Any

from PIL import Image

from tests.discord_double import DiscordDouble, Member, message_text
from tests.e2e.helpers import CARD_RE, Club, channel_card_leaks, embed0, private_reply

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


async def test_stats_with_their_chart_for_each_period_and_the_leaderboard(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    alice, bob = table.players
    hands = 3
    for _ in range(hands):
        outcome = await table.play_hand(discards=lambda member, number: 4 - number)
        await table.wait_hand(after=outcome.hand_id)

    for period in ("week", "month", "all"):
        message, png = await stats(double, club, alice, period=period)
        text = message_text(message)
        assert (
            "Pat at draw 1 · 2 · 3" in text
            and "Cards drawn at draw 1 · 2 · 3: 3.0 · 2.0 · 1.0" in text
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
