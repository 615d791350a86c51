"""``/pokeradmin fairplay report``: the pairs the detector flags over a period, for an admin's
eyes only, with the hands behind each flag and a Replay button for each of the newest.

The store hands over the newest settled cash hands of the period (``hands.fair_facts``, at
most ``MAX_HANDS``): each hand's fair-play facts as cached (``HandFacts.to_text``, about 60
bytes), or its journal the first time a report reads it; the facts read from journals are
cached for the next report. Reading and scoring (``detect``) is CPU work, so it runs in the
default executor, off the bot's event loop (100,000 cached hands: about 4 s; the loop's 10 ms
ticks run on, at worst 0.1-0.2 s late on an idle machine, 0.6 s under load: the thread's
garbage collections and long C calls hold the interpreter; ``tests/store/test_fairplay.py``).
Detection changes nothing: only an admin's freeze does (``store.fairplay``); the members of the
flagged pairs are recorded (``fairplay.set_flagged``) for the leaderboard.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass

import discord

from bot.engine.hand import Hand
from bot.features.fairplay.detect import HandFacts, PairFlag, facts_of, flagged, rank_pairs
from bot.features.fairplay.gates import DAY, account_created
from bot.features.stats.lowball import period_start
from bot.features.stats.report import PERIOD_KEYS
from bot.house.accounts import is_house
from bot.messages import decimal, t
from bot.store import Store
from bot.table.render.replay import open_button_id
from bot.ui.views import PlainView

log = logging.getLogger(__name__)

MAX_HANDS = 20_000
"""The newest hands a report reads (about 5 s of CPU on this machine: reading a stored
journal costs four times what scoring it does)."""
YOUNG_DAYS = 30
"""A member whose Discord account or membership of the server is younger than this is young
to the detector (its losses to one member count: ``detect.FUNNEL_SHARE``)."""
SHOWN = 10
"""Flagged pairs listed."""
BUTTON_ROWS = 5
"""Pairs given a row of Replay buttons (Discord allows five rows)."""
BUTTONS = 5
"""Replay buttons in a row: the newest hands behind the flag."""


@dataclass(frozen=True)
class FairPlayReport:
    """The flagged pairs of a period (members only), and how many hands were read."""

    flags: tuple[PairFlag, ...]
    hands: int
    capped: bool
    """More hands than ``MAX_HANDS`` ended in the period: the newest were read."""


def young_members(
    members: Collection[int], joined: Mapping[int, float], now: float
) -> frozenset[int]:
    """The members whose account (their id's snowflake time) or membership (``joined``: when
    each joined the server, where Discord said) is younger than ``YOUNG_DAYS`` at ``now``."""
    since = now - YOUNG_DAYS * DAY
    return frozenset(
        pid
        for pid in members
        if not is_house(pid) and (account_created(pid) > since or joined.get(pid, 0.0) > since)
    )


def read_facts(
    rows: list[tuple[int, str | None, str | None]],
) -> tuple[list[HandFacts], list[tuple[int, str]]]:
    """The facts of each stored hand (hand id, its cached facts or None and its journaled
    state): read from the cache, else from the journal; and the facts read from journals,
    for the store to cache (``hands.cache_fair_facts``)."""
    facts: list[HandFacts] = []
    fresh: list[tuple[int, str]] = []
    for hand_id, cached, text in rows:
        if cached is not None:
            facts.append(HandFacts.from_text(hand_id, cached))
            continue
        state = json.loads(text or "{}").get("hand")
        if not isinstance(state, dict):
            continue
        hand = Hand.from_json(state)
        if hand.is_complete:
            found = facts_of(hand, hand_id)
            facts.append(found)
            fresh.append((hand_id, found.to_text()))
    return facts, fresh


def analyse(
    states: list[tuple[int, str]],
    capped: bool = False,
    joined: Mapping[int, float] | None = None,
    now: float | None = None,
) -> FairPlayReport:
    """Read stored journals (hand id, state) and score every pair (``analyse_facts``)."""
    facts, _ = read_facts([(hand_id, None, text) for hand_id, text in states])
    return analyse_facts(facts, capped, joined, now)


def analyse_rows(
    rows: list[tuple[int, str | None, str | None]],
    capped: bool,
    joined: Mapping[int, float],
    now: float,
) -> tuple[FairPlayReport, list[tuple[int, str]]]:
    """The report of the stored hands (``read_facts``) and the facts to cache (no I/O: an
    executor runs it)."""
    facts, fresh = read_facts(rows)
    return analyse_facts(facts, capped, joined, now), fresh


def analyse_facts(
    facts: list[HandFacts],
    capped: bool = False,
    joined: Mapping[int, float] | None = None,
    now: float | None = None,
) -> FairPlayReport:
    """Score every pair of the hands' facts (no I/O). ``joined``: when members joined the
    server (those Discord's cache knows), for ``young_members``."""
    started = time.perf_counter()
    everyone = {pid for fact in facts for pid in fact.players}
    when = time.time() if now is None else now
    young = young_members(everyone, joined or {}, when)
    members = tuple(
        flag
        for flag in flagged(rank_pairs(facts, young=young))
        if not is_house(flag.giver) and not is_house(flag.taker)
    )
    log.info(
        "fair play: %d hands scored, %d pairs flagged, in %.2f s",
        len(facts),
        len(members),
        time.perf_counter() - started,
    )
    return FairPlayReport(members, len(facts), capped)


async def fair_play_report(
    store: Store,
    guild_id: int,
    period: str,
    joined: Mapping[int, float] | None = None,
    max_hands: int = MAX_HANDS,
) -> FairPlayReport:
    """The report of ``period`` ("week", "month", "all") for a server, scored off the loop.
    ``joined``: when members joined the server (``young_members``)."""
    since = period_start(period)
    rows = await store.hands.fair_facts(guild_id, since, max_hands + 1)
    capped = len(rows) > max_hands
    loop = asyncio.get_running_loop()
    report, fresh = await loop.run_in_executor(
        None, analyse_rows, rows[:max_hands], capped, dict(joined or {}), time.time()
    )
    await store.hands.cache_fair_facts(fresh)  # the next report skips these journals
    # the leaderboard marks (for admins) and may leave out the newest report's members
    await store.fairplay.set_flagged(
        guild_id, {pid for flag in report.flags for pid in (flag.giver, flag.taker)}
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
