"""Tables do not pile up (issue 23), in the store on both backends: who opened each table and
the server's limit of open tables per member, since when no member sits at a table (its idle
time), the server's two settings, and the members waiting for a house player's seat."""

from __future__ import annotations

import time

import pytest

from bot.store import InvalidSetting, Store, TableLimit
from tests.store._helpers import CHANNEL, GUILD

MEMBER, OTHER = 5, 6


async def test_a_member_opens_at_most_the_server_s_limit_of_tables(store: Store) -> None:
    settings = await store.settings.server(GUILD)
    assert (settings.tables_per_member, settings.idle_close) == (2, 600)
    first = await store.tables.get_or_create(GUILD, CHANNEL, opened_by=MEMBER, limited=True)
    second = await store.tables.get_or_create(GUILD, CHANNEL + 1, opened_by=MEMBER, limited=True)
    assert (first.opened_by, second.opened_by) == (MEMBER, MEMBER)
    assert await store.tables.opened_by(GUILD, MEMBER) == [CHANNEL, CHANNEL + 1]

    # A third is refused, naming where the member's open tables are; nothing was opened.
    with pytest.raises(TableLimit) as refused:
        await store.tables.get_or_create(GUILD, CHANNEL + 2, opened_by=MEMBER, limited=True)
    assert refused.value.channels == [CHANNEL, CHANNEL + 1]
    assert refused.value.key == "table_limit"
    assert refused.value.params == {"count": 2, "channels": f"<#{CHANNEL}>, <#{CHANNEL + 1}>"}
    assert await store.tables.for_channel(GUILD, CHANNEL + 2) is None
    with pytest.raises(TableLimit):
        await store.tables.verify_limit(GUILD, CHANNEL + 2, MEMBER)
    # Joining a table that is open already is no new table; others and admins are not held.
    await store.tables.verify_limit(GUILD, CHANNEL, MEMBER)
    assert await store.tables.get_or_create(GUILD, CHANNEL, opened_by=MEMBER, limited=True) == first
    await store.tables.verify_limit(GUILD, CHANNEL + 2, OTHER)
    await store.tables.verify_limit(GUILD + 1, CHANNEL + 2, MEMBER)  # another server
    admin = await store.tables.get_or_create(GUILD, CHANNEL + 3, opened_by=MEMBER)
    assert admin.opened_by == MEMBER  # opened unlimited (an admin): counted all the same
    with pytest.raises(TableLimit) as again:
        await store.tables.verify_limit(GUILD, CHANNEL + 2, MEMBER)
    assert again.value.channels == [CHANNEL, CHANNEL + 1, CHANNEL + 3]

    # A closed table no longer counts; reopening one counts for whoever reopens it.
    await store.tables.close(first.id)
    await store.tables.close(admin.id)
    await store.tables.verify_limit(GUILD, CHANNEL + 2, MEMBER)
    reopened = await store.tables.get_or_create(GUILD, CHANNEL, opened_by=OTHER, limited=True)
    assert (reopened.id, reopened.status, reopened.opened_by) == (first.id, "open", OTHER)
    assert await store.tables.opened_by(GUILD, MEMBER) == [CHANNEL + 1]

    # The server's limit is an admin's to set.
    await store.settings.set_tables_per_member(GUILD, 1)
    with pytest.raises(TableLimit):
        await store.tables.get_or_create(GUILD, CHANNEL + 2, opened_by=MEMBER, limited=True)
    for wrong in (0, 26, "2", 1.5):
        with pytest.raises(InvalidSetting):
            await store.settings.set_tables_per_member(GUILD, wrong)  # type: ignore[arg-type]
    report = await store.settings.report(GUILD, CHANNEL)
    assert report.table.tables_per_member == 1
    assert report.source("tables_per_member") == "server"
    assert report.source("idle_close") == "default"


async def test_the_idle_time_is_a_server_setting(store: Store) -> None:
    for wrong in (59, 24 * 3600 + 1, "600"):
        with pytest.raises(InvalidSetting):
            await store.settings.set_idle_close(GUILD, wrong)  # type: ignore[arg-type]
    assert (await store.settings.set_idle_close(GUILD, 900)).idle_close == 900
    assert (
        await store.settings.set_idle_close(GUILD, 2, minimum=1)
    ).idle_close == 2  # tests' floor
    assert (await store.settings.table(GUILD, CHANNEL)).idle_close == 2
    assert (await store.settings.report(GUILD, CHANNEL)).source("idle_close") == "server"


async def test_a_table_knows_since_when_no_member_sits_there(store: Store) -> None:
    before = time.time()
    table = await store.tables.get_or_create(GUILD, CHANNEL, opened_by=MEMBER)
    assert table.empty_since is not None and before <= table.empty_since <= time.time()
    await store.tables.buy_in(table.id, MEMBER, "Five", 400)
    assert (await store.tables.get(table.id)).empty_since is None
    await store.house.sit_down(table.id, 1, "Dealer", "solid", 400)
    await store.tables.buy_in(table.id, OTHER, "Six", 400)
    await store.tables.cash_out(table.id, MEMBER)
    assert (await store.tables.get(table.id)).empty_since is None  # Six still sits there
    left = time.time()
    await store.tables.cash_out(table.id, OTHER)
    # Only a house player is left: as empty as a table with nobody.
    since = (await store.tables.get(table.id)).empty_since
    assert since is not None and left <= since <= time.time()
    await store.house.stand_up(table.id, 1)
    assert (await store.tables.get(table.id)).empty_since == since  # the clock runs on
    await store.tables.close(table.id)
    reopened = await store.tables.get_or_create(GUILD, CHANNEL, opened_by=OTHER)
    assert reopened.empty_since is not None and reopened.empty_since >= since


async def test_waiting_members_are_kept_until_seated_or_removed(store: Store) -> None:
    table = await store.tables.get_or_create(GUILD, CHANNEL)
    assert await store.tables.waiting_members(table.id) == {}
    await store.tables.add_waiting_member(table.id, OTHER, "Six", None)
    await store.tables.add_waiting_member(table.id, MEMBER, "Five", 300)
    await store.tables.add_waiting_member(table.id, OTHER, "Six again", 500)  # already waiting
    assert await store.tables.waiting_members(table.id) == {
        OTHER: ("Six", None),
        MEMBER: ("Five", 300),
    }
    assert list(await store.tables.waiting_members(table.id)) == [OTHER, MEMBER]  # first come first
    assert await store.tables.remove_waiting_member(table.id, OTHER) is True
    assert await store.tables.remove_waiting_member(table.id, OTHER) is False
    await store.tables.buy_in(table.id, MEMBER, "Five", 300)  # seated: no longer waiting
    assert await store.tables.waiting_members(table.id) == {}
    await store.tables.add_waiting_member(table.id, OTHER, "Six", None)
    await store.tables.cash_out(table.id, MEMBER)
    await store.tables.close(table.id)  # a closed table has nobody waiting
    assert await store.tables.waiting_members(table.id) == {}
    assert await store.wallets.balance(GUILD, OTHER) == 1000  # waiting moved no chip
