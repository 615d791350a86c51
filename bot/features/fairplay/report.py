"""``/pokeradmin fairplay report`` (and the dashboard's fair-play page, ``bot/web/pages/
fairplay.py``): the pairs the detector flags over a period, for an admin's eyes only, with the
hands behind each flag and a Replay button for each of the newest.

The store hands over every settled cash hand of the period, newest first, in pages of ``PAGE``
(``hands.fair_facts``), up to ``MAX_HANDS``: each hand's fair-play facts as cached
(``HandFacts.to_text``, about 60 bytes), or its journal when nothing read it yet; a page's
journals are read into facts in the analysis process (``worker.py``) and cached for the next
report (the flag watch, ``watch.py``, reads each hand soon after it ends). The whole period's
facts are then scored there too (``analysis.analyse_texts``), off the bot's event loop and its
interpreter's lock: 100,000 cached hands take about 4 s of that process's CPU while the loop's
10 ms ticks run at most a few milliseconds late (``tests/store/test_fairplay.py``).
Detection changes nothing: only an admin's freeze does (``store.fairplay``); the members of the
flagged pairs are recorded (``fairplay.set_flagged``) for the leaderboard.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping

import discord

from bot.features.fairplay import worker
from bot.features.fairplay.analysis import (
    FairPlayReport,
    Pack,
    analyse_packs,
    journal_facts,
    pack,
)
from bot.features.stats.lowball import period_start
from bot.features.stats.report import PERIOD_KEYS
from bot.messages import decimal, t
from bot.store import Store
from bot.store.hands import FactsPage
from bot.table.render.replay import open_button_id
from bot.ui.views import PlainView

log = logging.getLogger(__name__)

MAX_HANDS = 250_000
"""The most hands a report reads, the newest (beyond it the report says it cut): every hand
of a period on any server this bot is made for; 100,000 cached hands score in about 4 s of the
analysis process's CPU and 25 MB of facts, so this bound is about 10 s and 60 MB."""
PAGE = 10_000
"""Hands read from the store at a time (a page of journals not yet read is at most some tens
of megabytes; a page of cached facts about a megabyte)."""
SHOWN = 10
"""Flagged pairs listed."""
BUTTON_ROWS = 5
"""Pairs given a row of Replay buttons (Discord allows five rows)."""
BUTTONS = 5
"""Replay buttons in a row: the newest hands behind the flag."""


async def period_facts(
    store: Store, guild_id: int, since: float, max_hands: int = MAX_HANDS
) -> tuple[list[Pack], int, bool]:
    """The cached facts of the server's settled cash hands that ended at ``since`` or later, a
    ``Pack`` a page, at most the last ``max_hands`` to end; how many; whether there were more.
    A hand not read yet is read from its journal (in the analysis process), its facts cached."""
    packs: list[Pack] = []
    count = 0
    after: FactsPage | None = None
    while count < max_hands:
        want = min(PAGE, max_hands - count)
        rows, after = await store.hands.fair_facts_page(guild_id, since, want, after)
        journals = [(hand_id, state or "") for hand_id, facts, state in rows if facts is None]
        cached = [(hand_id, facts) for hand_id, facts, _ in rows if facts is not None]
        if journals:
            fresh = await worker.run(journal_facts, journals)
            await store.hands.cache_fair_facts(fresh)  # the next report skips these journals
            cached.extend(fresh)
        packs.append(pack(cached))
        count += len(cached)
        if len(rows) < want:
            return packs, count, False
    return packs, count, bool(await store.hands.fair_facts(guild_id, since, 1, after))


async def fair_play_report(
    store: Store,
    guild_id: int,
    period: str,
    joined: Mapping[int, float] | None = None,
    max_hands: int = MAX_HANDS,
) -> FairPlayReport:
    """The report of ``period`` ("week", "month", "all") for a server, scored in the analysis
    process; its flagged members recorded for the leaderboard. ``joined``: when members
    joined the server (``young_members``)."""
    started = time.perf_counter()
    packs, _, capped = await period_facts(store, guild_id, period_start(period), max_hands)
    report = await worker.run(analyse_packs, packs, capped, dict(joined or {}), time.time())
    # the leaderboard marks (for admins) and may leave out the newest report's members
    await store.fairplay.set_flagged(
        guild_id, {pid for flag in report.flags for pid in (flag.giver, flag.taker)}
    )
    log.info(
        "fair play: guild %s, %s: %d hands%s, %d pairs flagged, in %.2f s",
        guild_id,
        period,
        report.hands,
        " (cut)" if capped else "",
        len(report.flags),
        time.perf_counter() - started,
    )
    return report


def report_lines(report: FairPlayReport) -> list[str]:
    """Each flagged pair in two lines: who gave to whom, the score and the chips; the acts and
    the hands behind them."""
    lines: list[str] = []
    for rank, flag in enumerate(report.flags[:SHOWN], start=1):
        giver, taker, chips = flag.giver, flag.taker, flag.net_moved
        if chips < 0:  # a soft pair's few chips went the other way: name it that way
            giver, taker, chips = taker, giver, -chips
        lines.append(
            t(
                "fairplay_report_pair",
                rank=rank,
                giver=f"<@{giver}>",
                taker=f"<@{taker}>",
                score=decimal(flag.score),
                chips=chips,
                hands=flag.together,
            )
        )
        lines.append(
            t(
                "fairplay_report_acts",
                folds=flag.folds_better,
                calls=flag.hopeless_calls,
                alone=flag.heads_up,
                quiet=flag.passive,
                ids=", ".join(f"#{hand_id}" for hand_id in flag.hands),
            )
        )
    return lines


def report_message(report: FairPlayReport, period: str) -> tuple[discord.Embed, PlainView]:
    """The admin's private report: an embed of the flagged pairs, a row of Replay buttons for
    the newest hands of each of the first pairs."""
    lines = report_lines(report) or [t("fairplay_report_none")]
    embed = discord.Embed(
        title=t("fairplay_report_title", period=t(PERIOD_KEYS[period])),
        description="\n".join(lines)[:4096],
        colour=discord.Colour.dark_red(),
    )
    footer = "fairplay_report_footer_capped" if report.capped else "fairplay_report_footer"
    embed.set_footer(text=t(footer, hands=report.hands))
    view = PlainView()
    used: set[int] = set()  # a hand behind two flags gets one button (ids are unique)
    for row, flag in enumerate(report.flags[:BUTTON_ROWS]):
        for hand_id in [h for h in flag.hands if h not in used][-BUTTONS:]:
            used.add(hand_id)
            view.add_item(
                discord.ui.Button(
                    label=f"#{hand_id}",
                    emoji="⏪",
                    style=discord.ButtonStyle.secondary,
                    custom_id=open_button_id(hand_id),
                    row=row,
                )
            )
    return embed, view
