"""The load benchmark at toy scale, so it cannot rot unnoticed: two tables, one hand each.

It starts the real bot (``python -m bot``) against the benchmark's double, seats the simulated
players, plays one hand per table with a short think time and checks that what the benchmark
reports was really measured: hands completed with every player dealt in, clicks acknowledged
with latencies, REST calls counted per route kind, the bot's peak memory read from /proc.
"""

from __future__ import annotations

import logging
import math
import re

from bench.bench_load import LoadConfig, format_report, percentile, run_load
from tests.store._helpers import PostgresCluster

log = logging.getLogger(__name__)


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile([7.0], 99) == 7.0
    assert math.isnan(percentile([], 50))


async def test_two_tables_play_a_hand_each() -> None:
    config = LoadConfig(
        tables=2, hands=1, players=3, think=0.1, seconds=40.0, trace=True, floor_seconds=2.0
    )
    result = await run_load(config)
    report = format_report(result)
    log.info("load smoke report:\n%s", report)

    assert not result.timed_out, report
    assert result.tables_seated == 2, report
    assert result.hands_completed == 2, report
    assert result.players_per_hand == 3, report
    assert result.bot_exit == 0, report
    # Every click the players made was answered in time, and latencies were recorded.
    assert result.clicks > 0 and result.acked == result.clicks, report
    assert result.late == 0 and result.unanswered == 0, report
    assert len(result.latencies_ms) == result.acked
    assert 0 < percentile(result.latencies_ms, 50) < 3000, report
    assert set(result.latency_by_kind) >= {"bet", "draw"}, report
    # A hand costs at least one callback per click and some table edits; joins are apart.
    assert result.rest_by_kind["interaction callback"] >= result.acked, report
    # (the table's edits go through a click's or a join's token where one is valid)
    table_edits = result.rest_by_kind["channel message edit"]
    assert table_edits + result.rest_by_kind["edit original/follow-up"] > 0, report
    assert result.setup_rest_calls >= 2 * 3, report
    assert result.rest_per_hand == result.rest_calls / 2
    assert result.bot_vmhwm_kb > 10_000, report
    assert "REST calls per hand" in report and "p99" in report
    # the hand pictures on the DM panels are uploads: they show in the bytes sent
    assert result.rest_bytes > result.rest_by_kind["DM message send"] * 1024, report
    assert "REST bytes sent per hand" in report
    # interaction answers and rate-limited calls apart
    limited = result.rest_calls - result.rest_answers
    assert result.rest_answers >= result.acked and limited > 0, report
    assert "rate-limited calls (global 50/s)" in report
    # --trace: every stage of the click path, for the clicks of the play window
    played = len(result.play_latencies_ms)
    for stage in ("gateway", "dispatch", "lock wait", "locked work", "render", "answer HTTP"):
        assert len(result.stages[stage]) == played, (stage, report)
        assert all(ms >= 0 for ms in result.stages[stage])
    assert "click path stages (--trace)" in report
    # discord.py's floor: a do-nothing bot answered every click at the play's rate
    floor = result.floor
    assert floor is not None, report
    assert floor.clicks == max(1, round(result.interactions_per_second * 2.0)), report
    assert floor.acknowledged == floor.clicks and floor.cpu_seconds > 0, report
    assert "discord.py's floor (a bot that only answers" in report and "ratio" in report
    # the event loops' wake-ups, counted for both: at this load each sleeps between most clicks
    assert result.bot_wakes >= result.acked_in_play // 2, report
    assert floor.wakes >= floor.acknowledged // 2, report
    assert "bot event-loop wake-ups per click:" in report and "the floor's" in report


async def test_two_sharded_processes_on_postgresql(postgres_cluster: PostgresCluster) -> None:
    """``--processes 2 --database postgresql``: a table on each shard's server, so the DM
    clicks (draws) of one table are handed from shard 0's process to shard 1's."""
    url = await postgres_cluster.create_database()
    config = LoadConfig(
        tables=2,
        hands=1,
        players=3,
        think=0.1,
        seconds=60.0,
        tables_per_guild=1,
        processes=2,
        database="postgresql",
        database_url=url,
        floor_seconds=0,
    )
    result = await run_load(config)
    report = format_report(result)
    log.info("load smoke report (2 processes):\n%s", report)

    assert not result.timed_out, report
    assert result.hands_completed == 2 and result.bot_exit == 0, report
    assert result.clicks > 0 and result.acked == result.clicks, report
    assert result.late == 0 and result.unanswered == 0, report
    assert "draw" in result.latency_by_kind, report
    assert "cluster: 2 process(es) on postgresql, SHARD_COUNT=2" in report
    assert "non-interaction REST calls" in report and "bot CPU per process" in report
    # The processes' calls together, as Discord counts them (bench/load_cluster.py).
    summed = re.search(r"together, running: at most (\d+) in any one second", report)
    assert summed is not None and 0 < int(summed.group(1)) <= 50, report


async def test_players_can_bet_from_their_dms() -> None:
    """``--from-dms``: the players bet on their DM panels' buttons, not the table's."""
    config = LoadConfig(
        tables=1, hands=1, players=3, think=0.1, seconds=60.0, from_dms=True, floor_seconds=0
    )
    result = await run_load(config)
    report = format_report(result)
    log.info("load smoke report (from DMs):\n%s", report)
    assert not result.timed_out and result.hands_completed == 1, report
    assert result.acked == result.clicks and result.dm_waits_ms, report
    assert "players bet from their DM panels" in report
