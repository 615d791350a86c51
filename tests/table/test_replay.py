"""Replays from the real store: a voided hand stops where it stopped, a hand with a leaver and
a hand kept only as PHH (from before the last state was kept) replay to their end, and a hand
of another server is refused like one that does not exist."""

from __future__ import annotations

import random

import pytest

from bot.engine import Hand
from bot.engine.phh import hand_to_phh
from bot.engine.selfplay import play_out
from bot.features.replay import viewer as replays
from bot.messages import set_reader
from bot.replies import Refused
from bot.store import Store
from bot.table.render.replay import step_embed
from tests.table._helpers import begun_hand

GUILD, CHANNEL = 10, 20
PLAYERS = ((1, "Alice"), (2, "Bob"), (3, "Carol"))


def anyone(_channel_id: int) -> bool:
    """A viewer who can view every channel."""
    return True


def nobody(_channel_id: int) -> bool:
    """A viewer who can view no channel."""
    return False


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    replays._cache.clear()
    set_reader("en")


async def _begin(store: Store, seed: int) -> tuple[int, Hand]:
    return await begun_hand(store, GUILD, CHANNEL, PLAYERS, seed)


async def _settle(store: Store, hand_id: int, hand: Hand, *, journal: bool = True) -> None:
    if journal:
        await store.hands.journal(hand_id, {"hand": hand.to_json(), "session": {}})
    assert hand.result is not None
    await store.hands.settle(
        hand_id, hand.stacks, hand_to_phh(hand), {"pot": 0}, payouts=hand.result.payouts
    )


async def test_a_voided_hand_replays_up_to_where_it_was_called_off(store: Store) -> None:
    hand_id, hand = await _begin(store, 1)
    hand.check_or_call(hand.to_act or 0)
    hand.bet_or_raise(hand.to_act or 0)
    await store.hands.journal(hand_id, {"hand": hand.to_json(), "session": {}})
    await store.hands.void(hand_id, "could not resume")
    loaded = await replays.load_replay(store, GUILD, hand_id, 1, can_view=anyone)
    assert loaded.voided and not loaded.replay.complete
    assert len(loaded.replay.steps) == 3
    last = step_embed(loaded, loaded.replay.steps[-1])
    assert "called off" in str(last.description)
    assert "Your cards:" in str(last.description)


async def test_a_hand_with_a_leaver_and_a_hand_kept_as_phh_replay(store: Store) -> None:
    rng = random.Random(5)
    hand_id, hand = await _begin(store, 2)
    hand.leave(2)
    play_out(hand, rng)
    await _settle(store, hand_id, hand)
    for viewer in (1, 2, 99):
        loaded = await replays.load_replay(store, GUILD, hand_id, viewer, can_view=anyone)
        assert loaded.replay.complete and loaded.replay.played == (viewer != 99)
        assert loaded.replay.steps[-1].pot == 0
        text = step_embed(loaded, loaded.replay.steps[-1]).to_dict()
        assert f"hand #{hand_id}" in text["title"]
    # A hand settled without its last state kept replays from its PHH, to the same stacks.
    old_id, old = await _begin(store, 3)
    play_out(old, rng)
    await _settle(store, old_id, old, journal=False)
    assert (await store.hands.replay_source(old_id)).state is None
    loaded = await replays.load_replay(store, GUILD, old_id, 3, can_view=anyone)
    assert loaded.replay.hand_id == old_id
    assert [s.stack for s in loaded.replay.steps[-1].seats] == [
        old.stacks[p] for p in old.player_ids
    ]


async def test_another_servers_hand_and_a_running_hand_are_refused(store: Store) -> None:
    hand_id, hand = await _begin(store, 4)
    with pytest.raises(Refused, match="still being played"):
        await replays.load_replay(store, GUILD, hand_id, 1, can_view=anyone)
    play_out(hand, random.Random(1))
    await _settle(store, hand_id, hand)
    with pytest.raises(Refused, match=f"no hand #{hand_id} in this server"):
        await replays.load_replay(store, GUILD + 1, hand_id, 1, can_view=anyone)
    with pytest.raises(Refused, match="no hand #"):
        await replays.load_replay(store, GUILD, hand_id + 50, 1, can_view=anyone)
    assert (await replays.load_replay(store, GUILD, hand_id, 1, can_view=anyone)).replay.played


async def test_a_hidden_channels_hand_is_refused_like_a_missing_one_except_to_its_players(
    store: Store,
) -> None:
    """A viewer who cannot view the hand's channel gets the sentence of a hand that does not
    exist (running or settled, and from the cache too); a player dealt into it still replays
    it, redacted as ever."""
    running, hand = await _begin(store, 6)
    missing = f"There is no hand #{running} in this server."
    with pytest.raises(Refused) as refused:
        await replays.load_replay(store, GUILD, running, 99, can_view=nobody)
    assert str(refused.value) == missing
    play_out(hand, random.Random(2))
    await _settle(store, running, hand)
    assert (await replays.load_replay(store, GUILD, running, 99, can_view=anyone)).replay
    for viewer in (99, 99):  # the second time from the cache
        with pytest.raises(Refused) as refused:
            await replays.load_replay(store, GUILD, running, viewer, can_view=nobody)
        assert str(refused.value) == missing
    mine = await replays.load_replay(store, GUILD, running, 1, can_view=nobody)
    assert mine.replay.played and mine.dealt
    assert mine.channel_id == CHANNEL
