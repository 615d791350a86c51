"""``python -m bot.web``'s live tables (``bot.web.stored``), on a real SQLite file: each open
table rebuilt from what the bot persists (its row, seats, stakes and its hand's journal) as the
same public snapshot the channel shows, never a private card; the page and its live stream
follow the journal within a second; one read of the store per server however many watch it."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from bot.engine import Hand
from bot.store import Store
from tests.table._helpers import begun_hand
from tests.web.site import ADMIN, GUILD, sign_in, standalone

ALICE, BOB = 1011, 1012
PLAYERS = ((ADMIN, "Admin"), (ALICE, "Alice"), (BOB, "Bob"))
SUITS = "♠♥♦♣"


async def journal(store: Store, hand_id: int, hand: Hand) -> None:
    await store.hands.journal(hand_id, {"hand": hand.to_json(), "session": {}})


async def test_a_running_hand_is_shown_from_its_journal_without_a_card(tmp_path: Path) -> None:
    async with standalone(tmp_path / "deuce.db") as (client, store, stored):
        hand_id, hand = await begun_hand(store, GUILD, 300, PLAYERS, 3)
        await journal(store, hand_id, hand)
        (table,) = await stored.in_guild(GUILD)
        assert table.channel_name == "poker" and table.snapshot.hand_id == hand_id
        to_act = hand.name_of(hand.to_act or 0)
        assert table.snapshot.to_act_name == to_act
        assert {s.name for s in table.snapshot.seats} == {"Admin", "Alice", "Bob"}
        await sign_in(client, store)
        text = await (await client.get(f"/servers/{GUILD}")).text()
        assert f"#poker · hand #{hand_id}" in text and f"{to_act} to play" in text
        assert not any(suit in text for suit in SUITS), text  # no card of anyone's
        # The actions are there: they go to the bot through the store (tests/web/
        # test_standalone_actions.py).
        assert f'action="/servers/{GUILD}/tables/{table.table_id}/pause"' in text
        assert "passed to the bot through the database" in text


async def test_one_read_a_refresh_and_the_same_snapshot_while_nothing_changed(
    tmp_path: Path,
) -> None:
    async with standalone(tmp_path / "deuce.db") as (_client, store, stored):
        hand_id, hand = await begun_hand(store, GUILD, 300, PLAYERS, 3)
        await journal(store, hand_id, hand)
        first = await asyncio.gather(*(stored.in_guild(GUILD) for _ in range(5)))
        assert stored.reads == 1 and all(x is first[0] for x in first)
        await asyncio.sleep(stored.refresh)
        (again,) = await stored.in_guild(GUILD)
        assert stored.reads == 2 and again.snapshot is first[0][0].snapshot  # unchanged
        player = hand.to_act
        assert player is not None
        hand.check_or_call(player)
        await journal(store, hand_id, hand)
        await asyncio.sleep(stored.refresh)
        (moved,) = await stored.in_guild(GUILD)
        assert moved.snapshot is not again.snapshot
        assert moved.snapshot.to_act_name == hand.name_of(hand.to_act or 0)
        await store.tables.set_paused(moved.table_id, ADMIN)
        await asyncio.sleep(stored.refresh)
        (paused,) = await stored.in_guild(GUILD)
        assert paused.snapshot.paused_by == ADMIN
        assert await stored.in_guild(999) == []


async def test_the_live_stream_follows_the_journal_within_a_second(tmp_path: Path) -> None:
    async with standalone(tmp_path / "deuce.db") as (client, store, _stored):
        hand_id, hand = await begun_hand(store, GUILD, 300, PLAYERS, 3)
        await journal(store, hand_id, hand)
        await sign_in(client, store)
        stream = await client.get(f"/servers/{GUILD}/live")
        assert stream.status == 200

        async def next_event() -> dict[str, str]:
            while True:
                line = (await stream.content.readline()).decode()
                if line.startswith("data: "):
                    return dict(json.loads(line[6:]))

        first = await asyncio.wait_for(next_event(), 2)
        (html,) = first.values()
        player = hand.to_act
        assert player is not None and f"{hand.name_of(player)} to play" in html
        hand.check_or_call(player)
        await journal(store, hand_id, hand)
        written = time.monotonic()
        changed = await asyncio.wait_for(next_event(), 2)
        assert time.monotonic() - written < 1.0
        (html,) = changed.values()
        assert f"{hand.name_of(hand.to_act or 0)} to play" in html
        assert not any(suit in html for suit in SUITS)
        stream.close()
