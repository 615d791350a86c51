"""What a replay is built from: a finished hand keeps its last journaled state (settled or
voided), and the member's latest hand is found."""

from __future__ import annotations

import pytest

from bot.store import HandNotFound, Store
from tests.store._helpers import GUILD, seated_table

PHH = 'variant = "F2L3D"\nactions = []\n'


async def test_settled_and_voided_hands_keep_their_last_state(store: Store) -> None:
    table_id, _ = await seated_table(store, 400, 600)
    settled = await store.hands.begin(table_id, {1: 400, 2: 600})
    await store.hands.journal(settled, {"hand": {"n": 1}})
    await store.hands.journal(settled, {"hand": {"n": 2}})
    await store.hands.settle(settled, {1: 390, 2: 610}, PHH, {"pot": 20}, payouts={2: 20})
    source = await store.hands.replay_source(settled)
    assert (source.status, source.state, source.phh) == ("settled", {"hand": {"n": 2}}, PHH)
    assert (source.guild_id, source.summary) == (GUILD, {"pot": 20})
    assert await store.hands.journal_state(settled) is None

    voided = await store.hands.begin(table_id, {1: 390, 2: 610})
    assert await store.hands.last_hand_of(GUILD, 1) == settled  # a running hand is not one
    await store.hands.journal(voided, {"hand": {"n": 3}})
    await store.hands.void(voided, "broken")
    source = await store.hands.replay_source(voided)
    assert (source.status, source.state, source.phh) == ("voided", {"hand": {"n": 3}}, None)
    assert await store.hands.last_hand_of(GUILD, 1) == voided
    assert await store.hands.last_hand_of(GUILD, 99) is None
    assert await store.hands.last_hand_of(GUILD + 1, 1) is None

    with pytest.raises(HandNotFound):
        await store.hands.replay_source(voided + 100)
    with pytest.raises(HandNotFound):
        await store.hands.replay_source(-1)
