"""``/poker stats``: a member's lowball record over a period (``lowball.py``), as an embed in
the reader's language with its chart (``bot.art.chart``, drawn off the event loop): the net
over their last hands and their drawing profile; for a member who played only sit-and-goes in
the period, their net over their last tournaments (prize minus buy-in, wallet chips) and their
finishing places.

A figure counted out of nothing ("0 of 0") is not printed as one: the showdowns won read "—",
and the snows caught are left out while the member had no pat showdown.

Another member's record counts every hand they played in the server (as the leaderboard does),
but nothing that tells of one hand comes from a channel the reader cannot view now: the best
hand shown is taken from the hands of channels the reader can view, or that they played in."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.art.chart import MAX_POINTS, Bar, Chart, stats_chart
from bot.features.stats.lowball import LowballStats, lowball_stats, period_start
from bot.messages import number, reader, signed, t
from bot.replies import NO_MENTIONS, reply_private
from bot.store import PlayerHand, Store, TournamentResult
from bot.table.naming import rank_text
from bot.table.render import clamp
from bot.table.visibility import can_see
from bot.ui.files import bytes_file

log = logging.getLogger(__name__)

CHART_FILE = "stats.png"
PERIOD_KEYS = {"week": "period_week", "month": "period_month", "all": "period_all"}


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _average(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def stats_lines(stats: LowballStats) -> list[tuple[str, str]]:
    """(label, value) of every figure, in the reader's language."""
    rate = stats.hands_won / stats.hands if stats.hands else 0.0
    draws = range(3)
    best = "—" if stats.best_rank is None else rank_text(stats.best_rank).render(reader())
    lines = [
        (t("stats_hands_played"), number(stats.hands)),
        (t("stats_hands_won"), t("stats_hands_won_value", won=stats.hands_won, rate=f"{rate:.0%}")),
        (t("stats_net"), signed(stats.net)),
        (t("stats_biggest_pot"), number(stats.biggest_pot)),
        (t("stats_vpip"), f"{stats.vpip:.0%}"),
        (
            t("stats_showdowns"),
            t("stats_showdowns_value", won=stats.showdowns_won, total=stats.showdowns)
            if stats.showdowns
            else "—",
        ),
        (t("stats_pat_after"), " · ".join(_share(stats.pat_rate(k)) for k in draws)),
        (t("stats_drawn_average"), " · ".join(_average(stats.average_drawn(k)) for k in draws)),
    ]
    if stats.pat_showdowns:
        value = t("stats_snows_value", caught=stats.snows_caught, pat=stats.pat_showdowns)
        lines.append((t("stats_snows"), value))
    lines.append((t("stats_best_hand"), best))
    return lines


def _alt(chart: Chart, line_title: str, bars_title: str, caption: str, bars: list[Bar]) -> str:
    """The picture in words (its alt text)."""
    net = t(
        "chart_alt_net",
        title=line_title,
        end=signed(chart.series[-1]),
        low=signed(min(chart.series)),
        high=signed(max(chart.series)),
    )
    values = " · ".join(f"{caption} {bar.label}: {bar.text}" for bar in bars)
    return clamp(f"{net} {t('chart_alt_bars', title=bars_title, values=values)}", 1024)


async def _picture(
    nets: tuple[int, ...],
    bars: list[Bar],
    *,
    line_title: str,
    x_caption: str,
    bars_title: str,
    bars_caption: str,
    bars_top: float,
) -> tuple[bytes, str]:
    """The picture (PNG) and its alt text, drawn in a worker thread (numbers in the reader's
    format: the thread runs in a copy of this context)."""
    chart = await asyncio.to_thread(
        stats_chart,
        nets,
        bars,
        line_title=line_title,
        x_caption=x_caption,
        bars_title=bars_title,
        bars_caption=bars_caption,
        bars_top=bars_top,
        number=number,
    )
    return chart.png, _alt(chart, line_title, bars_title, bars_caption, bars)


def _file(picture: tuple[bytes, str]) -> discord.File:
    png, alt = picture
    return bytes_file(png, CHART_FILE, alt)


def drawing_bars(stats: LowballStats) -> list[Bar]:
    """The drawing profile: average cards drawn at each draw ("—" when none was played)."""
    averages = [stats.average_drawn(k) for k in range(3)]
    return [Bar(str(k + 1), value, _average(value)) for k, value in enumerate(averages)]


MOST_PLACE_BARS = 6
"""Bars of the places panel at most: one a place up to six, so a sit-and-go's six places read
one by one; a multi-table field (up to 60) keeps the first three and groups the rest."""
PODIUM = 3


def place_ranges(entrants: int) -> list[tuple[int, int]]:
    """The places each bar counts (first, last), from first to ``entrants``: one a place when
    they fit ``MOST_PLACE_BARS``; else the first ``PODIUM`` alone and the others in ranges of
    one width (the last range shorter)."""
    if entrants <= MOST_PLACE_BARS:
        return [(place, place) for place in range(1, entrants + 1)]
    ranges = [(place, place) for place in range(1, PODIUM + 1)]
    width = -(-(entrants - PODIUM) // (MOST_PLACE_BARS - PODIUM))
    for first in range(PODIUM + 1, entrants + 1, width):
        ranges.append((first, min(entrants, first + width - 1)))
    return ranges


def place_bars(results: list[TournamentResult]) -> list[Bar]:
    """How often the member finished at each place (or range of places, in a large field),
    from first to the largest field's last."""
    seats = max([2, *(r.entrants for r in results)])
    bars = []
    for first, last in place_ranges(seats):
        count = sum(r.place is not None and first <= r.place <= last for r in results)
        label = str(first) if first == last else f"{first}\u2013{last}"
        bars.append(Bar(label, count, number(count)))
    return bars


async def chart_picture(stats: LowballStats) -> tuple[bytes, str]:
    """The cash picture (PNG, alt text): the net over the last hands, the drawing profile."""
    return await _picture(
        stats.nets,
        drawing_bars(stats),
        line_title=t("chart_net", count=min(len(stats.nets), MAX_POINTS)),
        x_caption=t("chart_hand_axis"),
        bars_title=t("chart_drawn"),
        bars_caption=t("chart_draw_axis"),
        bars_top=5,
    )


async def tournament_chart_picture(results: list[TournamentResult]) -> tuple[bytes, str]:
    """A sit-and-go player's picture (PNG, alt text): the net over their last tournaments,
    their places."""
    bars = place_bars(results)
    return await _picture(
        tuple(r.net for r in results),
        bars,
        line_title=t("chart_sng_net", count=min(len(results), MAX_POINTS)),
        x_caption=t("chart_sng_axis"),
        bars_title=t("chart_places"),
        bars_caption=t("chart_place_axis"),
        bars_top=max([1.0, *(bar.value or 0.0 for bar in bars)]),
    )


async def chart_file(stats: LowballStats) -> discord.File:
    """The cash picture as an attachment."""
    return _file(await chart_picture(stats))


async def tournament_chart_file(results: list[TournamentResult]) -> discord.File:
    """A sit-and-go player's picture as an attachment."""
    return _file(await tournament_chart_picture(results))


@dataclass(frozen=True)
class Record:
    """A member's record over a period, as ``/poker stats`` and the dashboard show it: the
    figures (label, value), and what the picture is drawn from (hands, else tournaments)."""

    lines: list[tuple[str, str]]
    stats: LowballStats | None
    """The cash record, or None: tournaments only."""
    results: list[TournamentResult]
    """The tournaments' results when there is no cash record."""


async def member_record(
    store: Store,
    guild_id: int,
    user_id: int,
    period: str,
    nameable: Callable[[PlayerHand], bool] | None = None,
) -> Record | None:
    """``user_id``'s record here over ``period`` (week, month or all); None: nothing played."""
    since = period_start(period)
    hands = await store.hands.player_hands(guild_id, user_id, since)
    tournaments = await store.tournaments.stats(guild_id, user_id, since)
    if not hands and not tournaments.played:
        return None
    stats = lowball_stats(hands, nameable)
    lines = stats_lines(stats) if hands else []
    if tournaments.played:
        value = t(
            "stats_tournaments_value",
            played=tournaments.played,
            wins=tournaments.wins,
            paid=tournaments.in_the_money,
            net=signed(tournaments.net),
        )
        lines.append((t("stats_tournaments"), value))
    if hands:
        return Record(lines, stats, [])
    return Record(lines, None, await store.tournaments.results(guild_id, user_id, since))


async def record_picture(record: Record) -> tuple[bytes, str] | None:
    """The record's picture (PNG, alt text); None for tournaments with no result."""
    if record.stats is not None:
        return await chart_picture(record.stats)
    if not record.results:  # cannot be (a finished tournament stays one)
        return None
    return await tournament_chart_picture(record.results)


async def _nameable_for(
    interaction: discord.Interaction[Any], store: Store, user_id: int
) -> Callable[[PlayerHand], bool] | None:
    """Which of ``user_id``'s hands the asker may be told about one by one: all of their own;
    of another member's, those of channels the asker can view now or that they played in."""
    assert interaction.guild_id is not None
    asker, guild = interaction.user, interaction.guild
    if user_id == asker.id:
        return None
    played = {h.hand_id for h in await store.hands.player_hands(interaction.guild_id, asker.id)}

    def nameable(hand: PlayerHand) -> bool:
        return hand.hand_id in played or can_see(guild, asker, hand.channel_id)

    return nameable


async def send_stats(
    interaction: discord.Interaction[Any], store: Store, user_id: int, name: str, period: str
) -> None:
    """Answer privately with ``user_id``'s stats over ``period`` (week, month or all)."""
    assert interaction.guild_id is not None
    nameable = await _nameable_for(interaction, store, user_id)
    record = await member_record(store, interaction.guild_id, user_id, period, nameable)
    if record is None:
        key = "stats_empty" if period == "all" else "stats_empty_period"
        await reply_private(interaction, t(key, name=name, period=t(PERIOD_KEYS[period])))
        return
    safe = discord.utils.escape_markdown(name)
    if period == "all":
        title = t("stats_title", name=safe)
    else:
        title = t("stats_title_period", name=safe, period=t(PERIOD_KEYS[period]))
    embed = discord.Embed(
        title=clamp(title, 256),
        description="\n".join(t("stats_line", label=k, value=v) for k, v in record.lines),
        colour=discord.Colour.dark_green(),
    )
    picture = await record_picture(record)
    if picture is None:
        await reply_private(interaction, "", embed=embed)
        return
    embed.set_image(url=f"attachment://{CHART_FILE}")
    await interaction.response.send_message(
        embed=embed, file=_file(picture), ephemeral=True, allowed_mentions=NO_MENTIONS
    )
