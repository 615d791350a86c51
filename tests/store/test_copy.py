"""``python -m bot.store copy``: a SQLite store with hands played, a hand running (its journal
open), history, settings and alert modes moves to PostgreSQL row for row; both sides audit
clean, the copy works as a store, and a second copy into the same database is refused."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from bot.store import Store
from bot.store.copy import RUNTIME_TABLES, Progress
from tests.store._helpers import (
    ADMIN,
    CHANNEL,
    GUILD,
    POSTGRESQL,
    SQLITE,
    Database,
    PostgresCluster,
    seated_as,
    seated_table,
)

REPO = Path(__file__).resolve().parents[2]


def store_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.store", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


async def populate(store: Store) -> int:
    """Settings, wallets, alert modes, house players and fill, three tables (one opened by a
    member, with a member waiting for a house player's seat), settled/voided/unannounced hands
    and one hand still running with its journal; returns the running hand's id."""
    await store.settings.set_stakes(GUILD, None, 20, cap=5)
    await store.settings.set_stakes(GUILD, CHANNEL, 10, 4)
    await store.settings.set_buyin(GUILD, 100, 3000)
    await store.settings.set_alert_delay(GUILD, 15)
    await store.settings.set_alert_mode(GUILD, 1, "now")
    await store.settings.set_alert_mode(GUILD, 2, "off")
    await store.settings.set_language(GUILD, None, "sv")
    await store.settings.set_language(GUILD, CHANNEL, "hu")
    await store.settings.remember_locale(1, "ru")
    await store.wallets.claim_daily(GUILD, 5)
    await store.wallets.grant(GUILD, 6, 777, by_user_id=ADMIN)
    table_id, users = await seated_table(store, 400, 500, 600)
    await store.tables.set_message(table_id, 123456789012345678)
    await store.tables.set_button(table_id, 1)
    for number in range(6):
        players = {seat.user_id: seat.stack for seat in await store.tables.seats(table_id)}
        hand_id = await store.hands.begin(table_id, players)
        await store.hands.journal(hand_id, {"hand": hand_id, "step": 1, "note": 'é ♠ "quoted"'})
        if number == 4:
            await store.hands.void(hand_id, "crash test", bets={users[0]: 10})
            continue
        finals = dict(players)
        finals[users[number % 3]] -= 30
        finals[users[(number + 1) % 3]] += 30
        await store.hands.settle(
            hand_id,
            finals,
            f"phh of hand {hand_id}",
            {"pot": 60, "winners": [users[(number + 1) % 3]]},
            payouts={users[(number + 1) % 3]: 60},
            showed_down=users[:2],
            voluntary=users,
            sit_out=[users[2]] if number == 3 else (),
        )
        if number != 5:
            await store.hands.mark_announced(hand_id)
    await store.tables.update_seat(table_id, users[2], sitting_out=False)
    await store.tables.cash_out(table_id, users[0])
    await store.settings.set_idle_close(GUILD, 900)
    other = await store.tables.get_or_create(GUILD, CHANNEL + 1, opened_by=8, limited=True)
    await store.tables.buy_in(other.id, 8, "Eight", 300)
    await store.tables.buy_in(other.id, 9, "Nine", 300)
    await store.house.set_fill(GUILD, CHANNEL + 1, 3, "solid")
    await store.house.sit_down(other.id, 1, "Dealer Bot", "solid", 300)
    await store.tables.add_waiting_member(other.id, 10, "Ten", 500)
    closed = await store.tables.get_or_create(GUILD + 1, CHANNEL + 2)
    await store.tables.buy_in(closed.id, 8, "Eight", 200)
    await store.tables.close(closed.id)
    finished = await store.tournaments.create(
        GUILD,
        CHANNEL + 3,
        ADMIN,
        buy_in=50,
        seats=2,
        start_stack=500,
        level_hands=5,
        structure="turbo",
    )
    await store.tournaments.register(finished.id, 1011, "Eleven")
    await store.tournaments.register_house(finished.id, 2, "Alan", "loose")
    _, sng_table = await store.tournaments.start(finished.id, seated_as(2, 1011))
    hand_id = await store.hands.begin(sng_table.id, {2: 500, 1011: 500})
    await store.hands.settle(hand_id, {2: 0, 1011: 1000}, "phh", {"pot": 1000})
    await store.tournaments.finish(finished.id, 1011, 100)
    playing = await store.tournaments.create(
        GUILD,
        CHANNEL + 4,
        ADMIN,
        buy_in=0,
        seats=3,
        start_stack=800,
        level_minutes=8,
        structure="turbo",
    )
    await store.tournaments.register(playing.id, 1012, "Twelve")
    await store.tournaments.register(playing.id, 1013, "Thirteen")
    await store.tournaments.start(playing.id, seated_as(1013, 1012))
    await store.tournaments.save_clock(playing.id, {"level": 1})
    mtt = await store.mtts.create(  # a multi-table tournament: two tables, a seat moved
        GUILD,
        CHANNEL + 5,
        ADMIN,
        buy_in=10,
        field=8,
        start_stack=500,
        level_hands=4,
        structure="turbo",
        starts_in=60,
        late_levels=1,
    )
    for user_id in range(1021, 1025):
        await store.mtts.register(mtt.id, user_id, f"P{user_id}")
    _, second = await store.mtts.start(
        mtt.id, [(CHANNEL + 6, {0: 1021, 2: 1022, 4: 1023}), (CHANNEL + 7, {1: 1024})]
    )
    await store.mtts.move(mtt.id, 1023, second.table_id, 3)
    await store.mtts.set_hand_for_hand(mtt.id, True)  # a player out waits to be placed
    out = await store.hands.begin(second.table_id, {1024: 500, 1023: 500})
    await store.hands.settle(out, {1024: 1000, 1023: 0}, "phh", {"pot": 1000})
    await store.fairplay.set_exempt(GUILD, 1012, True, 999)  # fair play: an exemption,
    await store.fairplay.freeze(GUILD, 1014, 999)  # a frozen wallet (a ledger line, no chip)
    running = await store.hands.begin(other.id, {8: 300, 9: 300})
    await store.hands.journal(running, {"hand": running, "deck": list(range(52)), "to_act": 9})
    return running


async def test_copy_moves_everything_and_audits_both(
    postgres_cluster: PostgresCluster, db_path: Path
) -> None:
    source = Database(SQLITE, str(db_path))
    target = Database(POSTGRESQL, await postgres_cluster.create_database())
    try:
        store = await Store.open(source.location)
        try:
            running = await populate(store)
        finally:
            await store.close()

        copied = store_cli("copy", source.location, target.location)
        assert copied.returncode == 0, copied.stdout + copied.stderr
        assert copied.stdout.count("audit: OK") == 2, copied.stdout
        assert "ledger_entries" in copied.stdout and "rows" in copied.stdout

        tables = await source.table_names()
        assert tables == await target.table_names()
        for table in tables:
            if table in RUNTIME_TABLES:  # the shard routing's, never copied
                continue
            rows = await source.table_rows(table)
            assert rows, f"the fixture left {table} empty"
            assert await target.table_rows(table) == rows, table
        # Every ledger transaction moved with its call's key (a UNIQUE column on both sides).
        assert all(row["call_key"] for row in await target.table_rows("ledger_tx"))

        before = await target.snapshot()
        again = store_cli("copy", source.location, target.location)
        assert again.returncode == 2
        assert "not empty" in again.stderr
        assert await target.snapshot() == before

        moved = await Store.open(target.location)
        try:
            unfinished = await moved.hands.unfinished()
            assert [(hand.hand_id, hand.state) for hand in unfinished] == [
                (running, {"hand": running, "deck": list(range(52)), "to_act": 9})
            ]
            # (the two hands before the running one were the tournaments')
            assert [hand.id for hand in await moved.hands.unannounced(1)] == [running - 3]
            assert len(await moved.hands.recent(GUILD, limit=50)) == 8  # the MTT's too
            # one was voided, and the tournament's hand is not cash play
            assert (await moved.hands.player_stats(GUILD, 2)).hands_played == 5
            assert (await moved.tournaments.stats(GUILD, 1011, None)).net == 50
            assert [t.channel_id for t in await moved.tournaments.running()] == [CHANNEL + 4]
            assert await moved.settings.alert_modes(GUILD, [1, 2, 3]) == {
                1: "now",
                2: "off",
                3: "on",
            }
            # New rows continue after the copied ids.
            await moved.hands.settle(running, {8: 310, 9: 290}, "phh", {}, payouts={8: 20})
            table_id = (await moved.tables.get_or_create(GUILD, CHANNEL + 9)).id
            assert table_id > max(row["id"] for row in await source.table_rows("poker_tables"))
            report = await moved.audit.check()
            assert report.ok, report.format()
        finally:
            await moved.close()
    finally:
        await target.close()


def test_copy_refuses_a_wrong_source_or_target(tmp_path: Path) -> None:
    missing = store_cli("copy", str(tmp_path / "none.db"), "postgresql://x@/y")
    assert missing.returncode == 2 and "no SQLite database" in missing.stderr
    (tmp_path / "a.db").write_bytes(b"")
    not_postgres = store_cli("copy", str(tmp_path / "a.db"), str(tmp_path / "b.db"))
    assert not_postgres.returncode == 2 and "postgresql://" in not_postgres.stderr


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_lines_otherwise() -> None:
    terminal = Terminal()
    bar = Progress(terminal)
    bar.update("wallets", 0, 10)
    bar.update("wallets", 5, 10)
    bar.finish("wallets", 10)
    text = terminal.getvalue()
    assert "\r  wallets" in text and "[###############---------------]" in text
    assert text.endswith("[##############################]         10 / 10 rows\n")

    plain = io.StringIO()
    lines = Progress(plain)
    lines.update("wallets", 5, 10)
    lines.finish("wallets", 10)
    assert plain.getvalue() == "  wallets                  10 rows\n"
