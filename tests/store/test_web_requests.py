"""The table actions ``python -m bot.web`` asks of the bot, in the store (both backends): one
waiting request per table and action, taken once, expired after ``EXPIRE_SECONDS`` untaken,
its outcome read back; only the waiting ones are listed for the bot's poll."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Store, StoreError
from bot.store.web_requests import EXPIRE_SECONDS, EXPIRED
from tests.store._helpers import Database

GUILD, TABLE, OTHER_TABLE, ADMIN, ADMIN2 = 100, 7, 8, 11, 12


async def test_a_request_is_taken_once_and_its_outcome_read_back(store: Store) -> None:
    asked, made = await store.web_requests.add(GUILD, TABLE, "pause", ADMIN, 1_000.0)
    assert made and asked.state(1_000.5) == "waiting"
    assert (asked.guild_id, asked.table_id, asked.action, asked.user_id) == (
        GUILD,
        TABLE,
        "pause",
        ADMIN,
    )
    assert await store.web_requests.waiting(1_000.5) == [(asked.id, GUILD, TABLE)]
    taken = await store.web_requests.take(asked.id, 1_001.0)
    assert taken is not None and taken.taken_at == 1_001.0
    assert await store.web_requests.take(asked.id, 1_001.0) is None  # never twice
    assert await store.web_requests.waiting(1_001.0) == []
    await store.web_requests.finish(asked.id, "paused_now", 1_001.5)
    await store.web_requests.finish(asked.id, "pause_already", 1_002.0)  # the first stays
    done = await store.web_requests.get(asked.id)
    assert done is not None and done.outcome == "paused_now" and done.state(5_000.0) == "done"
    assert await store.web_requests.get(asked.id + 99) is None


async def test_two_admins_asking_at_once_share_one_request(store: Store) -> None:
    (first, made1), (second, made2) = await asyncio.gather(
        store.web_requests.add(GUILD, TABLE, "pause", ADMIN, 1_000.0),
        store.web_requests.add(GUILD, TABLE, "pause", ADMIN2, 1_000.1),
    )
    assert first.id == second.id and sorted([made1, made2]) == [False, True]
    other, made = await store.web_requests.add(GUILD, TABLE, "resume", ADMIN, 1_000.2)
    assert made and other.id != first.id  # another action: its own request
    elsewhere, made = await store.web_requests.add(GUILD, OTHER_TABLE, "pause", ADMIN, 1_000.3)
    assert made and elsewhere.id not in (first.id, other.id)
    assert len(await store.web_requests.waiting(1_001.0)) == 3
    # Once done, the next click asks again.
    assert await store.web_requests.take(first.id, 1_001.0) is not None
    await store.web_requests.finish(first.id, "paused_now", 1_001.0)
    again, made = await store.web_requests.add(GUILD, TABLE, "pause", ADMIN, 1_002.0)
    assert made and again.id != first.id


async def test_two_processes_taking_at_once_take_it_once(store: Store, database: Database) -> None:
    other = await Store.open(database.location)  # a second process's connections
    try:
        for n in range(5):
            asked, _ = await store.web_requests.add(GUILD, TABLE + n, "close", ADMIN, 1_000.0)
            taken = await asyncio.gather(
                store.web_requests.take(asked.id, 1_000.5),
                other.web_requests.take(asked.id, 1_000.5),
                store.web_requests.take(asked.id, 1_000.5),
                other.web_requests.take(asked.id, 1_000.5),
            )
            assert sum(x is not None for x in taken) == 1
    finally:
        await other.close()


async def test_an_untaken_request_expires_and_the_next_click_asks_again(store: Store) -> None:
    asked, _ = await store.web_requests.add(GUILD, TABLE, "pause", ADMIN, 1_000.0)
    late = 1_000.0 + EXPIRE_SECONDS + 0.1
    assert asked.state(late) == "expired"
    assert await store.web_requests.waiting(late) == []  # the bot no longer sees it
    assert await store.web_requests.take(asked.id, late) is None  # nor takes it
    again, made = await store.web_requests.add(GUILD, TABLE, "pause", ADMIN, late)
    assert made and again.id != asked.id and again.state(late) == "waiting"
    old = await store.web_requests.get(asked.id)
    assert old is not None and old.outcome == EXPIRED and old.state(late) == "expired"


async def test_bad_requests_are_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.web_requests.add(GUILD, TABLE, "drop table", ADMIN, 1.0)
    with pytest.raises(StoreError):
        await store.web_requests.add(GUILD, -1, "pause", ADMIN, 1.0)
    assert await store.web_requests.waiting(1.0) == []


async def test_a_request_taken_by_a_process_killed_before_its_answer_expires(
    store: Store,
) -> None:
    """The bot took it and died before writing the outcome (SIGKILL): the page says the bot
    did not answer once it is expired, and the next click is a new request."""
    asked, _ = await store.web_requests.add(GUILD, TABLE, "resume", ADMIN, 1_000.0)
    assert await store.web_requests.take(asked.id, 1_000.5) is not None
    kept = await store.web_requests.get(asked.id)
    assert kept is not None and kept.state(1_010.0) == "waiting"
    late = 1_000.0 + EXPIRE_SECONDS + 1
    assert kept.state(late) == "expired"
    again, made = await store.web_requests.add(GUILD, TABLE, "resume", ADMIN2, late)
    assert made and again.id != asked.id
    assert await store.web_requests.waiting(late) == [(again.id, GUILD, TABLE)]
