"""What a good poker client has that the table lacked (issue 25): a host pause, top-ups and a
time bank, played through the real bot against the loopback Discord, mixed with play
(bets from the table, draws from the panel); bad inputs are refused with nothing changed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.conftest import StartBot
from tests.discord_double import CommandNotPermitted, DiscordDouble, message_text
from tests.e2e.helpers import (
    IN_LOOP,
    OWN_PROCESS,
    Club,
    PokerTable,
    balance,
    check_after_test,
    chips_total,
    embed0,
    field_value,
    hand_id_of,
    make_club,
    panel_text,
    private_reply,
)

pytestmark = IN_LOOP


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
    assert f"{alice.display_name} adds 300 chips" in str(field_value(message, "Hand log"))
    wallet, on_table = await balance(table, alice)
    assert wallet == 300 and on_table >= 300
    assert await chips_total(table) == 2000
    club.audit_ok()


async def test_a_queued_top_up_the_deal_cannot_make_is_said_in_the_players_panel(
    club: Club,
) -> None:
    """Queued in a hand, then the wallet frozen before the deal: nothing moves, and the
    player's panel of the next hand says why (it was dropped unsaid)."""
    double = club.double
    table = await club.seated(2)
    alice, bob = table.players
    hand = table.running_hand()
    queued = await double.invoke(alice, club.channel, "poker topup", amount=300)
    assert "will be added to your stack before the next hand" in await private_reply(queued)
    frozen = await double.invoke(
        club.admin, club.channel, "pokeradmin fairplay freeze", member=alice
    )
    assert "froze" in (await private_reply(frozen)).lower()
    await table.play_hand(lambda t, m, msg: "fold")
    second = await table.wait_hand(after=hand)
    said = "Your queued 300 chips were not added: an admin froze your wallet."

    def told() -> bool:
        panel = table.panel(alice, second)
        return panel is not None and said in panel_text(panel)

    await double.wait_until(told, 10)
    bobs = table.panel(bob, second)
    assert bobs is not None and said not in panel_text(bobs)  # hers alone
    message = table.table_message()
    assert message is not None and "adds 300" not in str(field_value(message, "Hand log"))
    assert (await balance(table, alice))[0] == 600  # nothing moved
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
        return panel is not None and "Time ran out" in panel_text(panel)

    await double.wait_until(timed_out, 10)
    assert time.monotonic() - started >= 4.5  # 2 s of timer and 3 s of bank
    settings = await double.invoke(club.admin, club.channel, "pokeradmin settings")
    lines = str((await settings.response()).embeds[0]["description"]).split("\n")
    assert "**Time bank** 3 s to start, +5 s every 10 hands, at most 5 s — server" in lines
    club.audit_ok()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@OWN_PROCESS
async def test_a_queued_top_up_survives_a_sigkill_before_the_next_deal(
    double: DiscordDouble,
    start_bot: StartBot,
    tmp_path: Path,
    backend: str,
    request: pytest.FixtureRequest,
) -> None:
    env = {}
    if backend == "postgresql":
        env["DATABASE_URL"] = await request.getfixturevalue("postgres_cluster").create_database()
    club = await make_club(double, start_bot, tmp_path, **env)
    if backend == "postgresql":
        club.db_path = env["DATABASE_URL"]  # type: ignore[assignment]  # what the audit reads
    table = await club.seated(2)
    alice, bob = table.players
    hand = table.running_hand()
    queued = await double.invoke(alice, club.channel, "poker topup", amount=50)
    assert (
        await private_reply(queued) == "50 chips will be added to your stack before the next hand."
    )
    await club.bot.kill()  # the promise is made; the process dies before the next deal
    await club.bot.start()
    await table.wait_table(lambda m: hand_id_of(m) == hand and table.turn(m) is not None)
    await table.play_hand(lambda t, m, msg: "fold")
    second = await table.wait_hand(after=hand)
    wallet, alice_stack = await balance(table, alice)
    assert wallet == 1000 - 400 - 50  # the 50 chips left the wallet once, at the deal
    _, bob_stack = await balance(table, bob)
    assert alice_stack + bob_stack == 2 * 400 + 50  # and reached Alice's stack
    message = table.table_message()
    assert message is not None and hand_id_of(message) == second
    assert "Alice adds 50 chips" in str(field_value(message, "Hand log"))
    assert await chips_total(table) == 2000
    club.audit_ok()
    check_after_test(club)


async def test_a_top_up_queued_before_leaving_does_not_follow_the_player_to_a_new_seat(
    club: Club,
) -> None:
    double = club.double
    table = await club.seated(2)
    alice = table.players[0]
    hand = table.running_hand()
    queued = await double.invoke(alice, club.channel, "poker topup", amount=100)
    assert "100 chips will be added" in await private_reply(queued)
    left = await double.invoke(alice, club.channel, "poker leave")
    await private_reply(left)
    # Heads-up, her leaving ends the hand; she is cashed out and sits down again at once.
    await double.wait_until(lambda: table.result_message(hand), 15)
    await double.wait_until(
        lambda: "Alice" not in str(field_value(table.table_message() or {}, "Seats")), 15
    )
    wallet, on_table = await balance(table, alice)
    assert on_table == 0
    await table.join(alice)
    await table.wait_hand(after=hand)
    rejoined_wallet, stack = await balance(table, alice)
    assert stack == 400  # the default buy-in, nothing queued for the seat she left
    assert rejoined_wallet == wallet - 400
    assert await chips_total(table) == 2000
    club.audit_ok()


@OWN_PROCESS
async def test_a_table_paused_between_hands_shows_no_coming_deal(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, DEUCE_HAND_PAUSE_SECONDS="4")
    table = await club.seated(2)
    hand = table.running_hand()
    await table.play_hand(lambda t, m, msg: "fold")
    waiting = await table.wait_table(
        lambda m: hand_id_of(m) is None and "Next hand" in message_text(m)
    )
    assert "Paused" not in message_text(waiting)
    paused = await double.invoke(club.admin, club.channel, "pokeradmin pause")
    assert "no hand is dealt" in await private_reply(paused)
    shown = await table.wait_table(lambda m: "no new hand until" in message_text(m))
    assert "Next hand" not in message_text(shown)  # no countdown beside the pause
    with pytest.raises(TimeoutError):  # and no deal, however long the pause between hands is
        await table.wait_hand(after=hand, timeout=5)
    still = table.table_message()
    assert still is not None and "Next hand" not in message_text(still)
    resumed = await double.invoke(club.admin, club.channel, "pokeradmin resume")
    assert await private_reply(resumed) == "The table deals again."
    back = await table.wait_table(lambda m: "Next hand" in message_text(m))
    assert "Paused" not in message_text(back)
    await table.wait_hand(after=hand)
    assert await chips_total(table) == 2000
    club.audit_ok()
    check_after_test(club)


async def test_a_time_bank_setting_reaches_seated_players_and_the_settings_show_it(
    club: Club,
) -> None:
    double = club.double
    table = await club.seated(2)
    await table.wait_table(lambda m: table.turn(m) is not None)

    async def seat_banks() -> str:
        settings = await double.invoke(club.admin, club.channel, "pokeradmin settings")
        lines = str((await settings.response()).embeds[0]["description"]).split("\n")
        return next((line for line in lines if line.startswith("**Time banks here**")), "")

    assert await seat_banks() == "**Time banks here** Alice 30 s · Bob 30 s"
    bank = await double.invoke(club.admin, club.channel, "pokeradmin timebank", start=5, maximum=5)
    assert "5 s to start" in await private_reply(bank)
    assert await seat_banks() == "**Time banks here** Alice 5 s · Bob 5 s"
    off = await double.invoke(club.admin, club.channel, "pokeradmin timebank", start=0)
    assert "off" in await private_reply(off)
    assert await seat_banks() == "**Time banks here** Alice 0 s · Bob 0 s"
    club.audit_ok()
