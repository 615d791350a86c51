"""Fair play in the store: members exempted from the gates, wallets frozen and unfrozen (no
daily, no buy-in, no registration), each freeze logged in the ledger with no chip moved."""

from __future__ import annotations

import json
import logging
import random
import resource
import time
from pathlib import Path

import pytest

from bot.engine.hand import Hand
from bot.features.fairplay import worker
from bot.features.fairplay.analysis import read_facts
from bot.features.fairplay.detect import facts_of
from bot.features.fairplay.report import PAGE, fair_play_report
from bot.store import FreezeRefused, Standing, Store, WalletFrozen
from bot.store.chips import wallet_account
from tests.store._helpers import ADMIN, CHANNEL, GUILD, Database, play_settled, seated_table
from tests.store.fairplay_server import store_cached_facts
from tests.table.fairplay_sim import simulate

log = logging.getLogger(__name__)

MEMBER = 7001
OTHER = 7002

LEDGER_LOG = """
SELECT kind, guild_id, by_user_id, note, (SELECT count(*) FROM ledger_entries AS e
                                          WHERE e.tx_id = ledger_tx.id)
FROM ledger_tx WHERE kind IN ('freeze', 'unfreeze') ORDER BY id
"""


async def test_an_exemption_is_kept_per_server_and_can_be_taken_back(store: Store) -> None:
    assert await store.fairplay.standing(GUILD, MEMBER) == Standing(MEMBER)
    assert await store.fairplay.set_exempt(GUILD, MEMBER, True, ADMIN) is True
    assert await store.fairplay.set_exempt(GUILD, MEMBER, True, ADMIN) is False
    assert (await store.fairplay.standing(GUILD, MEMBER)).exempt
    assert not (await store.fairplay.standing(GUILD + 1, MEMBER)).exempt
    assert await store.fairplay.standings(GUILD) == [Standing(MEMBER, exempt=True)]
    assert await store.fairplay.set_exempt(GUILD, MEMBER, False, ADMIN) is True
    assert await store.fairplay.standing(GUILD, MEMBER) == Standing(MEMBER)
    assert await store.fairplay.standings(GUILD) == []


async def test_a_frozen_wallet_refuses_the_daily_a_buy_in_and_a_registration(
    store: Store, database: Database
) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL + 1)
    tournament = await store.tournaments.create(
        GUILD,
        CHANNEL,
        ADMIN,
        buy_in=100,
        seats=4,
        start_stack=1500,
        level_hands=10,
        structure="regular",
    )
    assert await store.wallets.balance(GUILD, MEMBER) == 1000
    standing = await store.fairplay.freeze(GUILD, MEMBER, ADMIN)
    assert standing.frozen and standing.frozen_by == ADMIN
    assert await store.fairplay.frozen(GUILD) == frozenset({MEMBER})
    before = await database.snapshot()
    with pytest.raises(WalletFrozen) as error:
        await store.wallets.claim_daily(GUILD, MEMBER)
    assert error.value.key == "error_wallet_frozen"
    with pytest.raises(WalletFrozen):
        await store.tables.buy_in(table.id, MEMBER, "Mallory", 200)
    with pytest.raises(WalletFrozen):
        await store.tournaments.register(tournament.id, MEMBER, "Mallory")
    assert await database.snapshot() == before  # each refusal changed nothing
    # Another member of the server, and the same member elsewhere, are not frozen.
    assert (await store.wallets.claim_daily(GUILD, OTHER))[0] == 250
    assert (await store.wallets.claim_daily(GUILD + 1, MEMBER))[0] == 250

    await store.fairplay.unfreeze(GUILD, MEMBER, ADMIN)
    assert await store.fairplay.frozen(GUILD) == frozenset()
    assert await store.wallets.claim_daily(GUILD, MEMBER) == (250, 1250)
    await store.tables.buy_in(table.id, MEMBER, "Mallory", 200)
    assert await store.wallets.balance(GUILD, MEMBER) == 1050


async def test_a_freeze_moves_no_chip_and_the_ledger_logs_who_froze_whom(
    store: Store, database: Database
) -> None:
    await store.wallets.balance(GUILD, MEMBER)
    await store.fairplay.freeze(GUILD, MEMBER, ADMIN)
    await store.fairplay.unfreeze(GUILD, MEMBER, ADMIN + 1)
    account = wallet_account(GUILD, MEMBER)
    logged = [tuple(row) for row in await database.rows(LEDGER_LOG)]
    assert logged == [
        ("freeze", GUILD, ADMIN, account, 0),
        ("unfreeze", GUILD, ADMIN + 1, account, 0),
    ]
    assert await store.wallets.balance(GUILD, MEMBER) == 1000
    report = await store.audit.check()
    assert report.ok and report.granted == report.wallets == 1000


async def test_freezing_the_house_oneself_or_twice_is_refused_and_changes_nothing(
    store: Store, database: Database
) -> None:
    before = await database.snapshot()
    for user_id, key in ((0, "fairplay_house"), (5, "fairplay_house"), (ADMIN, "fairplay_self")):
        with pytest.raises(FreezeRefused) as error:
            await store.fairplay.freeze(GUILD, user_id, ADMIN)
        assert error.value.key == key
    with pytest.raises(FreezeRefused) as error:
        await store.fairplay.unfreeze(GUILD, MEMBER, ADMIN)
    assert error.value.key == "fairplay_not_frozen"
    with pytest.raises(FreezeRefused):
        await store.fairplay.set_exempt(GUILD, 0, True, ADMIN)
    assert await database.snapshot() == before
    await store.fairplay.freeze(GUILD, MEMBER, ADMIN)
    with pytest.raises(FreezeRefused) as error:
        await store.fairplay.freeze(GUILD, MEMBER, ADMIN)
    assert error.value.key == "fairplay_already_frozen"


async def test_the_gates_are_declared_settings_off_by_default(store: Store) -> None:
    settings = await store.settings.server(GUILD)
    assert (settings.gate_account_days, settings.gate_member_days) == (0, 0)
    assert settings.leaderboard_hide == 0
    changed = await store.settings.set(GUILD, {"gate_account_days": 7, "gate_member_days": 2})
    assert (changed.gate_account_days, changed.gate_member_days) == (7, 2)


async def test_the_detector_reads_the_newest_settled_hands_of_the_period(store: Store) -> None:
    table_id, _ = await seated_table(store, 500, 500, 500)
    rng = random.Random(3)
    played = [await play_settled(store, table_id, rng) for _ in range(3)]
    states = await store.hands.final_states(GUILD, 0.0, 2)
    assert [hand_id for hand_id, _ in states] == [played[2][0], played[1][0]]
    _, text = states[0]
    assert Hand.from_json(json.loads(text)["hand"]).to_json() == played[2][1].to_json()
    assert await store.hands.final_states(GUILD + 1, 0.0, 10) == []
    assert await store.hands.final_states(GUILD, time.time() + 60, 10) == []


async def test_a_top_up_queued_before_a_freeze_is_dropped_at_the_deal(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    await store.tables.buy_in(table.id, MEMBER, "Mallory", 400)
    await store.tables.queue_top_up(table.id, MEMBER, 200)
    await store.fairplay.freeze(GUILD, MEMBER, ADMIN)
    with pytest.raises(WalletFrozen):
        await store.tables.queue_top_up(table.id, MEMBER, 300)
    assert await store.tables.add_queued_chips(table.id, MEMBER, 2000) == (0, 200, "frozen", 0)
    seat = await store.tables.seat_of(table.id, MEMBER)
    assert seat is not None and (seat.stack, seat.topup) == (400, 0)
    assert await store.wallets.balance(GUILD, MEMBER) == 600
    # Cashing out still brings the seat's chips back to the frozen wallet.
    assert await store.tables.cash_out(table.id, MEMBER) == 400
    assert await store.wallets.balance(GUILD, MEMBER) == 1000


async def test_the_newest_report_flags_replace_the_last_and_move_nothing(
    store: Store, database: Database
) -> None:
    await store.fairplay.freeze(GUILD, OTHER, ADMIN)
    ledger = await database.rows("SELECT count(*) FROM ledger_tx")
    assert await store.fairplay.flagged(GUILD) == frozenset()
    await store.fairplay.set_flagged(GUILD, {MEMBER, OTHER})
    assert await store.fairplay.flagged(GUILD) == {MEMBER, OTHER}
    assert await store.fairplay.flagged(GUILD + 1) == frozenset()
    # A flag is no admin's decision: the freeze and the exemption stand, the flagged-only
    # member has no standing, and no ledger line is written.
    assert await store.fairplay.standings(GUILD) == [
        Standing(
            OTHER,
            frozen_at=(await store.fairplay.standing(GUILD, OTHER)).frozen_at,
            frozen_by=ADMIN,
        )
    ]
    await store.fairplay.set_flagged(GUILD, {MEMBER})
    assert await store.fairplay.flagged(GUILD) == {MEMBER}
    assert (await store.fairplay.standing(GUILD, OTHER)).frozen
    await store.fairplay.set_flagged(GUILD, ())
    assert await store.fairplay.flagged(GUILD) == frozenset()
    assert await database.rows("SELECT count(*) FROM ledger_tx") == ledger


async def test_a_hands_fair_play_facts_are_read_from_its_journal_once_then_cached(
    store: Store, database: Database
) -> None:
    table_id, _ = await seated_table(store, 500, 500, 500)
    rng = random.Random(5)
    played = [await play_settled(store, table_id, rng) for _ in range(3)]
    rows = await store.hands.fair_facts(GUILD, 0.0, 10)
    assert [(hand_id, facts) for hand_id, facts, _ in rows] == [
        (played[2][0], None),
        (played[1][0], None),
        (played[0][0], None),
    ]
    facts, fresh = read_facts(rows)
    assert [f.hand_id for f in facts] == [h for h, _ in fresh] == [h for h, _, _ in rows]
    assert facts[0] == facts_of(played[2][1], played[2][0])
    await store.hands.cache_fair_facts(fresh[:2])
    cached = await store.hands.fair_facts(GUILD, 0.0, 10)
    # The cached hands come without their journal; the third is still read from it.
    assert [(h, f is not None, s is not None) for h, f, s in cached] == [
        (played[2][0], True, False),
        (played[1][0], True, False),
        (played[0][0], False, True),
    ]
    again, fresh_again = read_facts(cached)
    assert again == facts and fresh_again == fresh[2:]
    await store.hands.cache_fair_facts([(played[2][0], "[]")])  # a kept fact is not rewritten
    assert (await store.hands.fair_facts(GUILD, 0.0, 1))[0][1] == fresh[0][1]
    assert await store.hands.fair_facts(GUILD + 1, 0.0, 10) == []
    # in pages: the last to end first, each page after the one before
    first, after = await store.hands.fair_facts_page(GUILD, 0.0, 2)
    assert [h for h, _, _ in first] == [played[2][0], played[1][0]] and after is not None
    rest, end = await store.hands.fair_facts_page(GUILD, 0.0, 2, after)
    assert [h for h, _, _ in rest] == [played[0][0]] and end is not None
    assert await store.hands.fair_facts_page(GUILD, 0.0, 2, end) == ([], None)
    # the servers where a hand ended since a time (the flag watch's next pass)
    assert await store.hands.guilds_with_hands(0.0) == [GUILD]
    assert await store.hands.guilds_with_hands(time.time() + 60) == []


async def test_the_report_reads_its_hands_in_pages_and_scores_them_in_the_analysis_process(
    db_path: Path,
) -> None:
    """25,000 settled hands whose facts are cached (each a copy of a stored hand's row with the
    facts of one of the simulated server's hands), the report capped at 20,000: it reads the
    newest 20,000 in pages and says it was cut, and the scoring runs in the analysis process,
    not on the event loop. (Its speed over 100,000 hands, and how late the loop ticks
    meanwhile: ``python bench/bench_fairplay.py``.)"""
    texts = [facts_of(hand).to_text() for hand in simulate(100, seed=3)]
    await store_cached_facts(db_path, 25_000, texts)
    store = await Store.open(str(db_path))
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        cpu = time.process_time()
        report = await fair_play_report(store, GUILD, "all", max_hands=2 * PAGE)
        used = time.process_time() - cpu
    finally:
        await store.close()
        await worker.shutdown()  # its CPU is counted once it has ended
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    analysis = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    assert report.hands == 2 * PAGE and report.capped
    assert report.flags, "the simulated server's colluders are among the copied hands"
    # The analysis's CPU is the worker's: the loop only reads the pages.
    assert analysis > used, "the analysis ran in this process"
