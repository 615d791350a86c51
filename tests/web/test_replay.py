"""The replayer and a hand's histories on the dashboard without a browser: the member's own
hand, step by step, with their cards and nobody else's unshown card on any step or in either
download; another member's hand, another server's, a step that does not exist: refused."""

from __future__ import annotations

import random
import re

import pytest
from aiohttp.test_utils import TestClient

from bot.engine import Hand
from bot.engine.cards import Card
from bot.engine.operations import Drawing, HoleDealing, Showing
from bot.engine.phh import hand_to_phh
from bot.engine.selfplay import play_out
from bot.features.replay import viewer
from bot.store import Store
from bot.table.render.common import card_label
from tests.table._helpers import begun_hand
from tests.web.site import ADMIN, GUILD, OTHER, Site, sign_in, site

__all__ = ["site"]

ALICE, BOB = 1011, 1012
PLAYERS = ((ADMIN, "Admin"), (ALICE, "Alice"), (BOB, "Bob"))
SEED = 1
"""A hand played to a showdown where Alice shows and Bob does not."""
STEP_LINK = re.compile(r'href="/hands/\d+/replay\?step=(\d+)"')


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    viewer._cache.clear()


async def played_hand(
    store: Store, guild_id: int = GUILD, channel_id: int = 300
) -> tuple[int, Hand]:
    """A hand of the three players played to its end and settled in the store (with who
    showed at the showdown, as the table writes it)."""
    hand_id, hand = await begun_hand(store, guild_id, channel_id, PLAYERS, SEED)
    play_out(hand, random.Random(SEED))
    await store.hands.journal(hand_id, {"hand": hand.to_json(), "session": {}})
    ids = [int(i) for i in hand.to_json()["ids"]]
    shown = {
        str(ids[op.position]): list(op.cards) for op in hand.operations if isinstance(op, Showing)
    }
    assert hand.result is not None
    await store.hands.settle(
        hand_id,
        hand.stacks,
        hand_to_phh(hand),
        {"pot": 0, "shown": shown},
        payouts=hand.result.payouts,
    )
    return hand_id, hand


def cards_of(hand: Hand) -> tuple[set[int], set[int], set[int]]:
    """Every card the admin held, every card shown, every card another player held."""
    ids = [int(i) for i in hand.to_json()["ids"]]
    held: dict[int, set[int]] = {u: set() for u in ids}
    shown: set[int] = set()
    for op in hand.operations:
        if isinstance(op, HoleDealing):
            for position, user_id in enumerate(ids):
                held[user_id] |= set(op.hole(position))
        elif isinstance(op, Drawing):
            held[ids[op.position]] |= set(op.received)
        elif isinstance(op, Showing):
            shown |= set(op.cards)
    others = held[ALICE] | held[BOB]
    return held[ADMIN], shown, others


async def test_a_player_steps_through_their_hand_seeing_no_unshown_card(site: Site) -> None:
    client, store, _api, _tables = site
    hand_id, hand = await played_hand(store)
    mine, shown, others = cards_of(hand)
    hidden = others - mine - shown
    assert hidden and shown - mine  # Bob's hand stays hidden, Alice's was shown
    await sign_in(client, store)
    listing = await (await client.get("/hands")).text()
    assert f'href="/hands/{hand_id}/replay"' in listing
    first = await client.get(f"/hands/{hand_id}/replay")
    assert first.status == 200
    pages = [await first.text()]
    assert f"Replay — hand #{hand_id} · step 1/" in pages[0]
    steps = int(pages[0].split(" · step 1/", 1)[1].split("<", 1)[0].split(" ", 1)[0])
    assert steps > 10
    assert "Your cards:" in pages[0]
    assert 'aria-label="Previous step"' in pages[0] and "aria-disabled" in pages[0]
    assert set(STEP_LINK.findall(pages[0])) >= {"1", str(steps - 1)}
    for number in range(1, steps):
        answer = await client.get(f"/hands/{hand_id}/replay?step={number}")
        assert answer.status == 200
        pages.append(await answer.text())
    last = pages[-1]
    assert "Showdown" in last and 'aria-current="step"' in last
    assert all(card_label(card) in last for card in shown)  # shown at the showdown: public
    for text in pages:
        assert [card_label(card) for card in hidden if card_label(card) in text] == []
    # Each of its histories, redacted the same way.
    phh = await client.get(f"/hands/{hand_id}.phh")
    assert phh.headers["Content-Disposition"] == f'attachment; filename="deuce-hand-{hand_id}.phh"'
    actions = (await phh.text()).split("actions = [", 1)[1].split("]", 1)[0]
    text = await client.get(f"/hands/{hand_id}.txt")
    assert text.status == 200
    assert text.headers["Content-Disposition"] == (
        f'attachment; filename="deuce-hand-{hand_id}.txt"'
    )
    history = await text.text()
    assert history.startswith("PokerStars Hand #")
    bracketed = " ".join(re.findall(r"\[([^\]]*)\]", history))
    for card in hidden:
        assert str(Card(card)) not in actions
        assert str(Card(card)) not in bracketed
    assert all(str(Card(card)) in bracketed for card in mine)  # their own, every one


async def refused(client: TestClient, path: str) -> None:
    answer = await client.get(path)
    assert answer.status == 404, path
    assert "There is no such hand of yours." in await answer.text() or "no such step" in (
        await answer.text()
    )


async def test_another_players_hand_another_server_and_a_missing_step_are_refused(
    site: Site,
) -> None:
    client, store, _api, _tables = site
    hand_id, _hand = await played_hand(store)
    elsewhere, _ = await played_hand(store, OTHER, 301)
    await sign_in(client, store, ALICE)  # Alice played it: her replay opens
    assert (await client.get(f"/hands/{hand_id}/replay")).status == 200
    client.session.cookie_jar.clear()
    await sign_in(client, store, 99)  # a member of the server who did not play it
    for path in (f"/hands/{hand_id}/replay", f"/hands/{hand_id}.phh", f"/hands/{hand_id}.txt"):
        await refused(client, path)
    client.session.cookie_jar.clear()
    await sign_in(client, store)
    for path in (
        f"/hands/{elsewhere}/replay",  # another server's hand, though they played it
        f"/hands/{elsewhere}.txt",
        f"/hands/{hand_id}/replay?step=999",
        f"/hands/{hand_id}/replay?step=-1",
        f"/hands/{hand_id}/replay?step=x",
        "/hands/12345678/replay",
    ):
        await refused(client, path)
    client.session.cookie_jar.clear()
    signed_out = await client.get(f"/hands/{hand_id}/replay")
    assert signed_out.status == 401
