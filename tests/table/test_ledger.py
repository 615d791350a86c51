"""The session ledger on a real store and a real session: a member who stands up in a hand
gets their session in a DM once it is settled (the figures of their settled hands), and an
empty table that closes itself after a session with hands posts the session's ledger alone."""

from __future__ import annotations

import discord

from bot.store import Store
from bot.table.inputs import Timeout
from bot.table.session import TableSession
from tests.table._helpers import ALICE, BOB, GUILD, Tables, wait_until

IDLE = 1


async def finish_a_hand(session: TableSession) -> int:
    """Time out every decision of the next hand until it is settled: its id."""
    hand = await wait_until(lambda: session.hand)
    while session.hand is hand and not hand.is_complete:
        assert hand.to_act is not None
        await session.handle(Timeout(hand.action_count))
    await wait_until(lambda: session.hand is not hand or None)
    return hand.hand_id


async def test_leave_summary_dm_and_the_idle_close_ledger(store: Store, tables: Tables) -> None:
    await store.settings.set_idle_close(GUILD, IDLE, minimum=1)
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    session = table.session
    first = await finish_a_hand(session)
    await wait_until(lambda: (session.hand is not None and session.hand.hand_id != first) or None)
    # Bob leaves in the hand; heads-up, his leaving ends it, and he is cashed out after it.
    assert (await session.leave(BOB)) == (False, 0)
    assert await store.tables.seat_of(session.table_id, BOB) is None
    bob_net = await store.wallets.balance(GUILD, BOB) - 1000
    dm = await wait_until(lambda: table.client.dm_channels.get(BOB))
    sent = await wait_until(
        lambda: [k for k in dm.sent if getattr(k.get("embed"), "title", None) == "Your session"]
    )
    summary: discord.Embed = sent[-1]["embed"]  # (his hand's panels come and go beside it)
    text = str(summary.description)
    assert "Hands played: 2" in text and "Time seated: 0 min" in text
    net = f"+{bob_net:,}" if bob_net > 0 else f"-{-bob_net:,}" if bob_net < 0 else "0"
    assert f"Net chips: {net}\n" in text

    # Alice leaves too: the empty table closes itself and posts the session, alone.
    assert (await session.leave(ALICE))[0]
    await wait_until(lambda: session.closed, timeout=5)

    def ledger() -> discord.Embed | None:
        for kwargs in table.channel.sent:
            embed = kwargs.get("embed")
            if embed is not None and embed.title == "The session at this table":
                assert kwargs.get("content") is None
                return embed
        return None

    posted = await wait_until(ledger)
    lines = str(posted.description).split("\n")
    assert len(lines) == 2 and any(line.startswith("1. ") for line in lines)
    assert str(posted.footer.text).startswith("2 hands dealt · open for 0 min")
    assert not any("Table closed; chips returned" in text for text in table.channel.texts())
