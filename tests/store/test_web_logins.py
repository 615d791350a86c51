"""The dashboard's credentials in the store (both backends): a login link works once and only
before it expires; a session is found until it expires or is ended; only hashes are kept."""

from __future__ import annotations

import hashlib

import pytest

from bot.store import Store


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def test_a_login_link_works_once_and_not_after_it_expires(store: Store) -> None:
    await store.web.add_link(sha("link"), 7, 100, expires_at=1_000.0)
    assert await store.web.use_link(sha("other"), 10.0) is None
    assert await store.web.use_link(sha("link"), 10.0) == (7, 100)
    assert await store.web.use_link(sha("link"), 11.0) is None  # spent
    await store.web.add_link(sha("late"), 7, 100, expires_at=1_000.0)
    assert await store.web.use_link(sha("late"), 1_000.0) is None  # expired


async def test_a_session_lasts_until_it_expires_or_ends(store: Store) -> None:
    await store.web.add_session(
        sha("cookie"),
        user_id=7,
        name="Admin",
        via="link",
        guilds='[[100, "Club", true]]',
        now=10.0,
        expires_at=100.0,
    )
    row = await store.web.session(sha("cookie"), 50.0)
    assert row is not None and (row.user_id, row.name, row.via) == (7, "Admin", "link")
    assert await store.web.session(sha("cookie"), 100.0) is None  # expired
    assert await store.web.session(sha("forged"), 50.0) is None
    await store.web.end_session(sha("cookie"))
    assert await store.web.session(sha("cookie"), 50.0) is None  # logged out


async def test_only_hashes_are_accepted(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.web.add_link("the-secret-itself", 7, 100, expires_at=1_000.0)
    with pytest.raises(ValueError):
        await store.web.session("not a hash", 1.0)
