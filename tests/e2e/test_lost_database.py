"""The bot on PostgreSQL loses its database mid-hand, and never shows what it did not save.

The real bot process plays against the loopback Discord on a throwaway PostgreSQL server of
this test's own. Its database sessions are terminated (``pg_terminate_backend``) in the middle
of a hand, then the server is stopped and started again while a player clicks. Every click is
answered either as applied, and then the journal holds at least that state, or privately as
not saved, and then nothing changed; while the server is down the table says it waits for its
database; once it is back the hand goes on from where players saw it. Killed after that, the
bot resumes the hand at exactly the last state shown. Chips are conserved and the audit is
clean; the bot's log has no ERROR line.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path
from typing import Any

import asyncpg

from bot.engine import Hand
from bot.messages import t
from tests.conftest import StartBot
from tests.discord_double import DiscordDouble, Interaction
from tests.e2e.helpers import (
    START_WALLET,
    Club,
    PokerTable,
    audit,
    buttons,
    check_after_test,
    chips_total,
    embed0,
    field_value,
    hand_id_of,
    make_club,
    table_seq,
)
from tests.store._helpers import POSTGRESQL, Database, PostgresCluster

log = logging.getLogger(__name__)

NOT_SAVED = t("action_not_saved")
WAITING = t("store_waiting")


async def journaled_count(url: str, hand_id: int) -> int:
    """The action count of the hand's journal as the database holds it (committed)."""
    connection = await asyncpg.connect(url)
    try:
        state = await connection.fetchval(
            "SELECT state FROM hand_journal WHERE hand_id = $1", hand_id
        )
    finally:
        await connection.close()
    assert state is not None, f"hand {hand_id} has no journal"
    return Hand.from_json(json.loads(state)["hand"]).action_count


class Clicks:
    """Each click's fate: applied (the answer shows a newer table or panel) or not saved."""

    def __init__(self, table: PokerTable, url: str) -> None:
        self.table = table
        self.url = url
        self.applied = 0
        self.not_saved = 0
        self.unanswered = 0
        self.undurable: list[str] = []
        self.stale_seq: int | None = None
        """The table's position before the last applied click (its edit may lag behind)."""

    async def current(self) -> dict[str, Any]:
        """The table once it shows a turn after the last applied click."""
        stale = self.stale_seq
        return await self.table.wait_table(
            lambda m: self.table.turn(m) is not None and table_seq(m) != stale, 20
        )

    async def act(self) -> Interaction | None:
        """The player whose turn the table shows acts (checks/calls, or stands pat)."""
        table = self.table
        message = await self.current()
        turn = table.turn(message)
        assert turn is not None
        member, verb = turn
        hand_id = hand_id_of(message)
        assert hand_id is not None
        clicked = (
            await table.draw(member, hand_id, 0)
            if verb == "draw"
            else await table.click_table(member, "call")
        )
        await self.judge(clicked, hand_id, table_seq(message))
        return clicked

    async def judge(self, clicked: Interaction, hand_id: int, before: int | None) -> None:
        if not clicked.callbacks:
            self.unanswered += 1
            return
        answer = clicked.callbacks[0]
        if answer.ephemeral and NOT_SAVED in answer.content:
            self.not_saved += 1
            return
        self.applied += 1
        self.stale_seq = before
        # Applied: what the answer showed is durable (the journal holds it, or a later state).
        shown = table_seq({"components": answer.components}) or (before or 0) + 1
        if await journaled_count(self.url, hand_id) < shown:
            self.undurable.append(f"hand {hand_id}: shown {shown}")


async def wait_turn(table: PokerTable, timeout: float = 20.0) -> dict[str, Any]:
    return await table.wait_table(lambda m: table.turn(m) is not None, timeout)


async def test_a_lost_database_never_shows_an_unsaved_action(
    double: DiscordDouble,
    start_bot: StartBot,
    tmp_path: Path,
    private_cluster: PostgresCluster,
) -> None:
    url = await private_cluster.create_database()
    club: Club = await make_club(
        double, start_bot, tmp_path, DATABASE_URL=url, DEUCE_HAND_PAUSE_SECONDS="2"
    )
    database = Database(POSTGRESQL, url)
    table = await club.seated(3)
    total = await chips_total(table)
    assert total == 3 * START_WALLET
    clicks = Clicks(table, url)

    # 1. Every session of the bot's is terminated mid-hand: the next clicks go through on new
    # connections (or are told they were not saved), and play goes on.
    await clicks.act()
    assert await database.terminate_others() >= 1
    started = time.monotonic()
    for _ in range(3):
        await clicks.act()
    terminate_recovery = time.monotonic() - started

    # 2. The server stops mid-hand: a click is not applied, and the table says it waits.
    before = await clicks.current()
    await asyncio.to_thread(private_cluster.stop_server, "fast")
    down_click = await clicks.act()
    assert down_click is not None
    await table.wait_table(lambda m: WAITING in (field_value(m, "Turn") or ""), 15)
    waiting = table.table_message()
    assert waiting is not None and not buttons(waiting)  # nothing to click while it waits
    await asyncio.to_thread(private_cluster.start_server)
    back = time.monotonic()
    resumed = await wait_turn(table, 30)
    restart_recovery = time.monotonic() - back
    assert hand_id_of(resumed) == hand_id_of(before)
    assert table_seq(resumed) == table_seq(before)  # the click made while down was undone

    # 3. Play on, then kill the bot mid-hand right after an applied click: it resumes there.
    outcome = await table.play_hand()
    await table.wait_hand(after=outcome.hand_id)
    for _ in range(2):
        await clicks.act()
    shown = await clicks.current()
    await club.bot.kill()
    await club.bot.start()
    again = await table.wait_table(
        lambda m: table.turn(m) is not None and "resum" not in str(embed0(m)), 30
    )
    assert (hand_id_of(again), table_seq(again)) == (hand_id_of(shown), table_seq(shown))
    await table.play_hand()

    log.info(
        "clicks applied %d, not saved %d, unanswered %d; recovered %.2f s after the "
        "sessions were terminated, %.2f s after the server came back",
        clicks.applied,
        clicks.not_saved,
        clicks.unanswered,
        terminate_recovery,
        restart_recovery,
    )
    assert clicks.undurable == []
    assert clicks.applied >= 5 and clicks.not_saved >= 1
    assert await chips_total(table) == total
    checked = audit(url)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    check_after_test(club)
