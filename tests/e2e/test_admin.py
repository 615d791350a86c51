"""Admin commands on a live table: stakes from the next hand, grant, kick, close and cash-out.

Run by a member with Manage Server; every chip must still be accounted for afterwards.
"""

from __future__ import annotations

import logging

from tests.e2e.helpers import (
    IN_LOOP,
    START_WALLET,
    Club,
    balance,
    buttons,
    embed0,
    private_reply,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


async def test_stakes_apply_from_the_next_hand(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    first = table.table_message()
    assert first is not None
    first_hand = await table.wait_hand()
    stakes = await double.invoke(
        club.admin, club.channel, "pokeradmin stakes", small_bet=20, scope="channel"
    )
    assert "20/40" in await private_reply(stakes)
    # The running hand keeps its stakes...
    current = table.table_message()
    assert current is not None
    assert "Call 5" in [b.get("label") for b in buttons(current)]
    await table.play_hand(lambda t, m, msg: "fold")
    # ...the next one is dealt at 20/40 with blinds 10/20.
    await table.wait_hand(after=first_hand)
    nxt = table.table_message()
    assert nxt is not None
    assert "20/40" in str(embed0(nxt)["title"])
    assert "Call 10" in [b.get("label") for b in buttons(nxt)]
    # A bad value is refused privately (one within the options' ranges: Discord refuses the rest).
    bad = await double.invoke(
        club.admin, club.channel, "pokeradmin stakes", small_bet=10, small_blind=10
    )
    assert await private_reply(bad)
    club.audit_ok()


async def test_grant_kick_and_close_return_every_chip(club: Club) -> None:
    double = club.double
    table = await club.seated(3)
    alice, bob, carol = table.players
    grant = await double.invoke(
        club.admin, club.channel, "pokeradmin grant", member=bob, amount=300
    )
    reply = await grant.response()
    assert "300" in reply.content and reply.data.get("allowed_mentions") == {"parse": []}

    kick = await double.invoke(club.admin, club.channel, "pokeradmin kick", player=str(carol.id))
    assert "removed" in (await kick.response()).content
    close = await double.invoke(club.admin, club.channel, "pokeradmin close")
    assert "close" in (await close.response()).content.lower()
    await table.play_hand(lambda t, m, msg: "fold")
    await double.wait_until(
        lambda: any("Table closed" in m["content"] for m in double.channel_messages(club.channel)),
        15,
    )
    total = 0
    for member in table.players:
        wallet, on_table = await balance(table, member)
        assert on_table == 0
        total += wallet
    assert total == START_WALLET * 3 + 300
    # The closed table deals no more hands; /poker join opens a new one.
    rejoin = await table.join(alice)
    assert "seat" in rejoin.followups[-1]["content"]
    club.audit_ok()
