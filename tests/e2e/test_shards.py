"""Two bot processes, one per shard (``SHARD_COUNT=2``, ``SHARD_IDS=0`` and ``1``), on one
throwaway PostgreSQL database, against the double sharding as Discord does.

Discord delivers every click on a button in a DM to shard 0. The tables of the server on shard
1 belong to the process that runs shard 1, so each click on their DM panels reaches the process
of shard 0 first, which hands it over (``bot/shards.py``); the owner answers it within
Discord's deadline. Killed (SIGKILL) mid-hand, the owner loses nothing: the hand resumes when
it starts again, and a DM click while it is down is answered "back in a moment" and changes
nothing. Only row ids travel on the owner's channel, and junk or forged notifications there
change nothing and log no error. The chips audit is clean on PostgreSQL at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import signal
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import asyncpg

from bot.messages import t
from tests.conftest import BotProcess, StartBot
from tests.discord_double import DiscordDouble, Guild, Interaction, Member
from tests.e2e.helpers import (
    HANDOFF_LOG,
    LOG_LEVEL_RE,
    SHARDS,
    START_WALLET,
    HandOutcome,
    PokerTable,
    audit,
    buttons,
    cards_in_logs,
    channel_card_leaks,
    chips_total,
    error_lines,
    hand_id_of,
    is_panel,
    table_seq,
)
from tests.store._helpers import PostgresCluster

log = logging.getLogger(__name__)

IGNORED_LOG = "Shard router: ignored"
"""What a process logs (WARNING, at most once a minute) for notifications naming no click."""
JUNK = 1500
"""Junk notifications poured during a hand, at least."""


def button_id(message: dict[str, Any], suffix: str) -> str | None:
    found = [str(b["custom_id"]) for b in buttons(message) if str(b["custom_id"]).endswith(suffix)]
    return found[0] if found else None


async def dm_button(
    table: PokerTable, member: Member, custom_id_suffix: str
) -> tuple[dict[str, Any], str]:
    """The member's newest DM panel and its button ending in ``custom_id_suffix``, once the
    panel shows it (a turn's panel comes a moment after the table)."""
    double = table.double

    def ready() -> tuple[dict[str, Any], str] | None:
        panels = [m for m in double.dms(member) if is_panel(m)]
        if not panels:
            return None
        found = button_id(panels[-1], custom_id_suffix)
        return (panels[-1], found) if found else None

    return await double.wait_until(ready, 10)


async def click_dm(table: PokerTable, member: Member, custom_id_suffix: str) -> Interaction:
    """Click the button ending in ``custom_id_suffix`` on the member's DM panel."""
    panel, custom_id = await dm_button(table, member, custom_id_suffix)
    return await table.double.click(member, panel, custom_id)


async def play_by_dm(table: PokerTable, action: str = "call", timeout: float = 60.0) -> HandOutcome:
    """Play the running hand to its end with DM panel buttons only: ``action`` (call: check or
    call; fold: the first to act folds) at every bet, stand pat at every draw."""
    hand_id = table.running_hand()
    deadline = time.monotonic() + timeout
    last_seq: int | None = None
    while (current := await table.next_turn(hand_id, last_seq, deadline)) is not None:
        last_seq = table_seq(current)
        turn = table.turn(current)
        assert turn is not None
        member, verb = turn
        suffix = f":{hand_id}:{last_seq}:{action}" if verb == "act" else ":pat"
        clicked = await click_dm(table, member, suffix)
        response = await clicked.response(timeout=10)
        # The panel updated in the click's own response, in time: not deferred.
        assert response.type == 7, response.data
        assert response.latency < 1.5, response.latency
        table.acted.append((member.display_name, action if verb == "act" else "pat"))
    return table.outcome(hand_id)


async def seated(double: DiscordDouble, guild: Guild, names: tuple[str, ...]) -> PokerTable:
    channel = await double.add_channel(guild, "poker")
    members = [await double.add_member(guild, name.lower(), display_name=name) for name in names]
    table = PokerTable(double, channel, members)
    for member in members:
        # The turn's panel (with the betting buttons) comes by DM at once.
        alerts = await double.invoke(member, channel, "poker alerts", mode="now")
        await alerts.response(timeout=10)
        await table.join(member)
    await table.wait_hand()
    return table


def junk_note(n: int, victim: Member, custom_id: str) -> str:
    """What anyone who can connect may NOTIFY on an owner's channel: a made-up click "by" a
    seated member (a user id, a custom id of the table's, a token) naming an id, an id of no
    row, text."""
    if n % 3 == 1:
        return str(10**9 + n)
    if n % 3 == 2:
        return f"junk {n}"
    forged = {
        "type": 3,
        "id": str(10**15 + n),
        "token": f"forged-{n}",
        "user": {"id": str(victim.user.id), "username": victim.user.username},
        "data": {"component_type": 2, "custom_id": custom_id},
    }
    return json.dumps({"id": n, "raw": forged})


@dataclass
class Noise:
    """What ``noisy_channel`` poured and heard."""

    poured: int = 0
    heard: list[str] = field(default_factory=list)
    """What the listener heard on the channel that it did not pour itself."""


@contextlib.asynccontextmanager
async def noisy_channel(url: str, shard_id: int, table: PokerTable) -> AsyncIterator[Noise]:
    """While the block runs, another connection pours junk on the shard's channel (100 notes
    every 0.1 s, at least ``JUNK``) and listens to it."""
    channel = f"deuce_shard_{shard_id}"
    victim = table.players[-1]
    custom_id = str(next(iter(buttons(table.table_message() or {})), {}).get("custom_id"))
    noise = Noise()
    poured: set[str] = set()
    heard: list[str] = []
    listener, sender = await asyncpg.connect(url), await asyncpg.connect(url)
    await listener.add_listener(channel, lambda _c, _p, _ch, payload: heard.append(str(payload)))
    done = asyncio.Event()

    async def pour() -> None:
        while not done.is_set() or noise.poured < JUNK:
            notes = [junk_note(noise.poured + k, victim, custom_id) for k in range(100)]
            poured.update(notes)
            await sender.execute(
                "SELECT pg_notify($1, note) FROM unnest($2::text[]) AS note", channel, notes
            )
            noise.poured += len(notes)
            await asyncio.sleep(0.1)

    pouring = asyncio.create_task(pour())
    try:
        yield noise
        done.set()
        await pouring
        await asyncio.sleep(0.2)  # the last notes reach the listener
    finally:
        pouring.cancel()
        noise.heard = [note for note in heard if note not in poured]
        await listener.close()
        await sender.close()


IDENTIFY_LINE = re.compile(
    r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) \S+ +\S+: Shard \d+ identifies \(bucket",
    re.MULTILINE,
)


def identified_at(output: str) -> float:
    """When a bot process sent its first IDENTIFY, by its log line's time (seconds)."""
    match = IDENTIFY_LINE.search(output)
    assert match is not None, output[-2000:]
    return datetime.strptime(match[1], "%Y-%m-%d %H:%M:%S,%f").timestamp()


async def test_two_processes_hand_dm_clicks_to_the_owner_and_survive_sigkill(
    double: DiscordDouble,
    start_bot: StartBot,
    tmp_path: Path,
    postgres_cluster: PostgresCluster,
) -> None:
    url = await postgres_cluster.create_database()
    guild_zero = await double.add_guild_on_shard(0, SHARDS, "Zero Club")
    guild_one = await double.add_guild_on_shard(1, SHARDS, "One Club")
    env = {"DATABASE_URL": url, "SHARD_COUNT": str(SHARDS)}
    # Shard 0's process first: it alone syncs the commands.
    zero: BotProcess = await start_bot(double, tmp_path / "zero.db", SHARD_IDS="0", **env)
    one: BotProcess = await start_bot(double, tmp_path / "one.db", SHARD_IDS="1", **env)
    assert "identify shard [0, 2]" in double.gateway_log
    assert "identify shard [1, 2]" in double.gateway_log
    # The double's max_concurrency is 1: both shards are of one bucket, so the processes took
    # turns through the database (bot/cluster_limits.py) and identified 5 s apart at least;
    # alone, each would have identified at once. When each sent its IDENTIFY is read in its
    # own log (the line is written just before the payload goes): the double's clock reads
    # when the test's busy loop got to it, 1.7 s late on a loaded machine.
    first, second = (identified_at(process.output()) for process in (zero, one))
    assert second - first >= 5.0, second - first
    (_, double_first), (_, double_second) = double.identified_at[:2]
    assert double_second > double_first  # and they reached Discord in that order
    for process in (zero, one):
        assert "identifies (bucket 0)" in process.output()
        # The shared REST budget answered from the first lease (leased once the store's
        # migrations made its table: never before, which fell back at every fresh start).
        assert "does not answer" not in process.output()

    # A table on each shard's server; the DM panels of both come from their own process.
    near = await seated(double, guild_zero, ("Carol", "Dave"))
    far = await seated(double, guild_one, ("Alice", "Bob"))

    # A hand on the far table, played with DM buttons only: every click reaches shard 0's
    # process and is handed to shard 1's, which answers it in the click's own response, while
    # junk and forged notifications pour on shard 1's channel: they change nothing, and a
    # listener there hears only row ids.
    started = time.monotonic()
    async with noisy_channel(url, 1, far) as noise:
        outcome = await play_by_dm(far)
    assert sum(outcome.winnings.values()) > 0 and not outcome.uncontested
    assert len(noise.heard) >= len(far.acted), noise.heard
    assert all(note.isdigit() for note in noise.heard), noise.heard
    log.info("far hand: %d junk notifications poured during it", noise.poured)
    handed = zero.output().count(HANDOFF_LOG)
    assert handed >= len(far.acted), (handed, far.acted)
    assert one.output().count(HANDOFF_LOG) == 0
    log.info("far hand: %d DM clicks in %.1fs", len(far.acted), time.monotonic() - started)
    # A hand on the near table: its DM clicks stay in shard 0's process.
    near_outcome = await play_by_dm(near, "fold")
    assert near_outcome.uncontested
    assert zero.output().count(HANDOFF_LOG) == handed

    # The owner does not take a click in time (stopped for a moment): the receiver defers it
    # before Discord's deadline, and the owner finishes it through the token when it wakes.
    hand_id = await far.wait_hand(after=outcome.hand_id)
    message = far.table_message()
    assert message is not None
    turn = far.turn(message)
    assert turn is not None and turn[1] == "act"
    panel, raise_id = await dm_button(far, turn[0], f":{hand_id}:{table_seq(message)}:raise")
    assert one.process is not None
    one.process.send_signal(signal.SIGSTOP)
    try:
        clicked = await double.click(turn[0], panel, raise_id)
        deferred = await clicked.response(timeout=10)
        assert deferred.type == 6, deferred.data  # deferred update, within the deadline
        assert deferred.latency < double.interaction_deadline, deferred.latency
    finally:
        one.process.send_signal(signal.SIGCONT)
    message = await far.wait_table(lambda m: table_seq(m) != table_seq(message))
    # The owner edited the panel through the token (its betting buttons are gone).
    await double.wait_until(
        lambda: any(
            e.message_id == int(panel["id"]) and e.route.startswith("PATCH /webhooks/")
            for e in double.events
        ),
        10,
    )
    assert button_id(double.current(panel) or {}, ":raise") is None

    # Mid-hand on the far table: the owner is killed.
    frozen_seq = table_seq(message)
    turn = far.turn(message)
    assert turn is not None
    panel, call_id = await dm_button(far, turn[0], f":{hand_id}:{frozen_seq}:call")
    await one.kill()
    assert not one.running

    # While it is down, a DM click is answered "back in a moment" and changes nothing.
    down = await double.click(turn[0], panel, call_id)
    reply = await down.response(timeout=10)
    assert reply.ephemeral and reply.content == t("shard_back_soon"), reply.data
    assert table_seq(far.table_message() or {}) == frozen_seq

    # The same shard's process starts again: the hand resumes where it was and finishes.
    await one.start()
    resumed = await far.wait_table(
        lambda m: hand_id_of(m) == hand_id and table_seq(m) == frozen_seq, timeout=20
    )
    assert far.turn(resumed) == turn
    await asyncio.sleep(0.5)  # its router listens by now; the panels were sent again
    finished = await play_by_dm(far)
    assert finished.hand_id == hand_id
    assert sum(finished.winnings.values()) == 40  # raised to 20, called

    assert await chips_total(far) == START_WALLET * 2
    assert await chips_total(near) == START_WALLET * 2
    for table in (near, far):
        assert channel_card_leaks(double, table.channel) == []
    for process in (zero, one):
        output = process.output()
        assert cards_in_logs(output) == []
        assert error_lines(output) == []
        tokens = [i.token for i in double.interactions]
        shown = [line for line in output.splitlines() if LOG_LEVEL_RE.match(line)]
        assert not [line for line in shown if any(token in line for token in tokens)]
    # The junk was counted, in one line (at most one a minute), without a traceback.
    lines = one.output().splitlines()
    reports = [n for n, line in enumerate(lines) if IGNORED_LOG in line]
    assert len(reports) == 1 and " WARNING " in lines[reports[0]], reports
    assert not lines[reports[0] + 1].startswith("Traceback")
    assert double.unknown_routes == []
    # Stop both (their journals saved), then audit the shared database.
    assert await one.stop() == 0
    assert await zero.stop() == 0
    result = audit(url)
    assert result.returncode == 0, result.stdout + result.stderr
