"""Checks of ``/poker stats [member] [period]`` with its chart and ``/chips leaderboard
[period]`` after real hands: the chart's line starts at 0 and has one point per hand, drawn,
ending at the net the figures print; the figures come from the hands played, and no card
appears in either. ``tests/e2e/test_replay.py`` runs them after the hands
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

NET_RE = re.compile(r"Net chips: ([+\-−]?[\d,]+)")
GOLD = (0xF6, 0xD3, 0x4A, 255)
"""The net line's colour and its points' (the winner's gold of the cards)."""


def chart_series(png: bytes) -> list[int]:
    """The running net the chart plots (from 0, one value more than it has points), after
    checking that each point is drawn where the picture says: a gold pixel, left to right."""
    image = Image.open(io.BytesIO(png))
    assert image.size == (800, 400)
    series = [int(v) for v in image.info["series"].split(",")]
    points = [(int(x), int(y)) for x, y in (p.split(",") for p in image.info["points"].split(";"))]
    assert series[0] == 0 and len(points) == len(series) - 1, (series, points)
    pixels = image.convert("RGBA")
    assert all(pixels.getpixel(p) == GOLD for p in points), points
    xs = [p[0] for p in points]
    assert xs == sorted(set(xs))
    return series


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
        assert len(chart_series(png)) == hands + 1  # from 0, a point per hand
        assert "at the end (lowest" in message["attachments"][0]["description"]
    # Alice reads Bob's record: his figures, no card of his.
    message, png = await stats(double, club, alice, member=bob)
    assert "Bob" in str(embed0(message)["title"]) and not CARD_RE.findall(message_text(message))
    bobs_line = chart_series(png)
    assert len(bobs_line) == hands + 1
    nets = {}
    for member in (alice, bob):
        message, png = await stats(double, club, member)
        match = NET_RE.search(message_text(message))
        assert match is not None, message_text(message)
        nets[member.display_name] = int(re.sub(r"[,+]", "", match[1]).replace("−", "-"))
        line = chart_series(png)
        assert line[-1] == nets[member.display_name]  # the line ends at the net printed
    assert bobs_line[-1] == nets["Bob"]
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


SNG_NET_RE = re.compile(r"Tournaments: (\d+) played · .* · net ([+\-−]?[\d,]+)")


async def check_a_sit_and_go_players_stats_chart(club: Club, member: Member) -> None:
    """A member who played only sit-and-goes: their tournaments' line and a chart of how each
    went (from 0, a point per tournament, ending at the tournament net printed), no card."""
    message, png = await stats(club.double, club, member)
    text = message_text(message)
    match = SNG_NET_RE.search(text)
    assert match is not None, text
    assert "Hands played" not in text and not CARD_RE.findall(text)
    played, net = int(match[1]), int(re.sub(r"[,+]", "", match[2]).replace("−", "-"))
    line = chart_series(png)
    assert len(line) == played + 1 and line[-1] == net, (line, text)
    alt = message["attachments"][0]["description"]
    # (its words name tournaments of both kinds: MTTs count too)
    assert "tournament" in alt and "sit-and-go" not in alt and "Finishing places" in alt, alt
