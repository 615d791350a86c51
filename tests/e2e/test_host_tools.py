"""What a good poker client has that the table lacked (issue 25): a host pause, top-ups and a
time bank, played through the real bot process against the loopback Discord, mixed with play
(bets from the table, draws from the panel); bad inputs are refused with nothing changed."""

from __future__ import annotations

import time

import pytest

from tests.discord_double import CommandNotPermitted
from tests.e2e.helpers import (
    Club,
    PokerTable,
    balance,
    chips_total,
    embed0,
    field_value,
    hand_id_of,
    private_reply,
)


async def test_a_host_pauses_after_the_hand_and_resumes(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    alice = table.players[0]
    first = table.running_hand()
    # A member may not pause: Discord hides it, and the bot checks it too.
    with pytest.raises(CommandNotPermitted):
        await double.invoke(alice, club.channel, "pokeradmin pause")
    forced = await double.invoke(alice, club.channel, "pokeradmin pause", bypass_permissions=True)
    assert "Manage Server" in await private_reply(forced)
    # Resuming a table that is not paused is refused, and changes nothing.
    early = await double.invoke(club.admin, club.channel, "pokeradmin resume")
    assert await private_reply(early) == "This table is not paused."
    paused = await double.invoke(club.admin, club.channel, "pokeradmin pause")
    assert "pauses after the running hand" in await private_reply(paused)
    again = await double.invoke(club.admin, club.channel, "pokeradmin pause")
    assert "already paused" in await private_reply(again)
    shown = await table.wait_table(
        lambda m: "this is the last hand" in str(embed0(m)["description"])
    )
    assert f"<@{club.admin.id}>" in str(embed0(shown)["description"])
    await table.play_hand(lambda t, m, msg: "fold")
    # After the hand: paused, no deal (however long the pause between hands is).
    idle = await table.wait_table(lambda m: "no new hand until" in str(embed0(m)["description"]))
    assert hand_id_of(idle) is None
    with pytest.raises(TimeoutError):
        await table.wait_hand(after=first, timeout=3)
    resumed = await double.invoke(club.admin, club.channel, "pokeradmin resume")
    assert await private_reply(resumed) == "The table deals again."
    second = await table.wait_hand(after=first)
    assert second > first
    assert await chips_total(table) == 2000
    club.audit_ok()


async def test_top_up_now_between_hands_or_queued_in_a_hand(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    alice = table.players[0]
    hand = table.running_hand()
    # In a hand Alice plays: queued, applied before the next deal, shown in the log.
    queued = await double.invoke(alice, club.channel, "poker topup", amount=300)
    assert (
        await private_reply(queued) == "300 chips will be added to your stack before the next hand."
    )
    assert (await balance(table, alice))[0] == 600  # nothing moved yet
    # Over the table's largest buy-in (2,000 with what is queued) or the wallet: refused.
    over = await double.invoke(alice, club.channel, "poker topup", amount=1500)
    assert "at most 2,000 chips at this table" in await private_reply(over)
    short = await double.invoke(alice, club.channel, "poker topup", amount=400)
    assert await private_reply(short) == "Your wallet has only 600 chips."
    outsider = (await club.players(1))[0]
    nobody = await double.invoke(outsider, club.channel, "poker topup", amount=100)
    assert "not seated" in (await private_reply(nobody)).lower()
    await table.play_hand(lambda t, m, msg: "fold")
    second = await table.wait_hand(after=hand)
    message = table.table_message()
    assert message is not None and hand_id_of(message) == second
    assert f"{alice.display_name} adds 300 chips" in str(field_value(message, "Last actions"))
    wallet, on_table = await balance(table, alice)
    assert wallet == 300 and on_table >= 300
    assert await chips_total(table) == 2000
    club.audit_ok()


async def test_the_time_bank_runs_before_a_timeout(club: Club) -> None:
    double = club.double
    timer = await double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=2)
    assert "2 s" in await private_reply(timer)
    bank = await double.invoke(club.admin, club.channel, "pokeradmin timebank", start=3, maximum=5)
    assert "3 s to start, +5 s every 10 hands, at most 5 s" in await private_reply(bank)
    members = await club.players(2)
    table = PokerTable(double, club.channel, members)
    for member in members:
        await table.join(member)
    hand = await table.wait_hand()
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    idle_member = turn[0]
    started = time.monotonic()
    # After the 2 s timer the bank runs (the table says so), and only then the timeout.
    banked = await table.wait_table(lambda m: "time bank" in str(field_value(m, "Turn")), 6)
    assert hand_id_of(banked) == hand
    assert time.monotonic() - started >= 1.5

    def timed_out() -> bool:  # the notice is a line in the player's panel
        panel = table.panel(idle_member, hand)
        return panel is not None and "Time ran out" in str(embed0(panel).get("description"))

    await double.wait_until(timed_out, 10)
    assert time.monotonic() - started >= 4.5  # 2 s of timer and 3 s of bank
    settings = await double.invoke(club.admin, club.channel, "pokeradmin settings")
    lines = str((await settings.response()).embeds[0]["description"]).split("\n")
    assert "**Time bank** 3 s to start, +5 s every 10 hands, at most 5 s — server" in lines
    club.audit_ok()
