"""The bot killed mid-hand and restarted, a gateway reconnect, and 429s on table edits.

SIGKILL gives the bot no chance to clean up: the hand must continue from the journal after a
restart against the same double and database, the buttons already on screen must still work,
and every chip must be accounted for.
"""

from __future__ import annotations

import functools
import logging

from tests.e2e.helpers import (
    DEFAULT_BUY_IN,
    START_WALLET,
    Club,
    PokerTable,
    balance,
    channel_card_leaks,
    chips_total,
    hand_id_of,
    table_seq,
)

log = logging.getLogger(__name__)


async def test_sigkill_mid_hand_then_restart_resumes_the_hand(club: Club) -> None:
    double = club.double
    table = await club.seated(3)
    message = table.table_message()
    assert message is not None
    hand_id = hand_id_of(message)
    turn = table.turn(message)
    assert turn is not None and hand_id is not None
    first, _ = turn
    await table.click_table(first, "raise")
    after_raise = table.table_message()
    assert after_raise is not None
    for member in table.players:  # every deal panel arrived (they go after the table's edits)
        await double.wait_until(functools.partial(table.panel, member, hand_id), 10)
    panels = {m.id: table.panel_cards(table.panel(m, hand_id) or {}) for m in table.players}
    assert all(len(cards) == 5 for cards in panels.values()), panels

    await club.bot.kill()
    assert not club.bot.running
    await club.bot.start()

    # The restarted dealer says so, and the same hand goes on.
    await double.wait_until(
        lambda: any("restarted" in m["content"] for m in double.channel_messages(club.channel)),
        15,
    )
    resumed = await table.wait_table(
        lambda m: hand_id_of(m) == hand_id and table.turn(m) is not None
    )
    assert table_seq(resumed) == table_seq(after_raise)
    turn_after = table.turn(resumed)
    assert turn_after is not None and turn_after[0] is table.turn(after_raise)[0]  # type: ignore[index]
    # Nobody's cards changed across the restart (the DM panels are sent again).
    for member in table.players:
        await double.wait_until(functools.partial(table.panel, member, hand_id), 10)
        assert table.panel_cards(table.panel(member, hand_id) or {}) == panels[member.id]

    # The buttons already on the table message work with the new process.
    outcome = await table.play_hand()
    assert outcome.hand_id == hand_id
    assert sum(outcome.winnings.values()) == 60  # raised to 20, called twice
    assert await chips_total(table) == START_WALLET * 3
    assert channel_card_leaks(double, club.channel) == []
    club.audit_ok()


async def test_sigkill_during_a_draw_and_sigterm_between_hands(club: Club) -> None:
    table = await club.seated(2)
    hand_id = hand_id_of(table.table_message() or {})
    assert hand_id is not None
    # Play until the first draw is under way, then kill.
    for _ in range(2):
        message = table.table_message()
        assert message is not None
        turn = table.turn(message)
        assert turn is not None and turn[1] == "act"
        await table.click_table(turn[0], "call")
    message = await table.wait_table(lambda m: (table.turn(m) or (None, ""))[1] == "draw")
    drawer = table.turn(message)
    assert drawer is not None
    await table.draw(drawer[0], hand_id, 2)
    await club.bot.kill()
    await club.bot.start()
    outcome = await table.play_hand()
    assert outcome.hand_id == hand_id
    # A clean stop between hands (SIGTERM) and a start: the next hand is dealt as usual.
    await table.wait_hand(after=hand_id)
    code = await club.bot.stop()
    assert code == 0, club.bot.output()[-3000:]
    await club.bot.start()
    nxt = await table.wait_hand(after=hand_id)
    await table.play_hand(lambda t, m, msg: "fold")
    assert nxt > hand_id
    assert await chips_total(table) == START_WALLET * 2
    club.audit_ok()


async def test_gateway_reconnect_and_rate_limits_mid_hand(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    # Discord asks the bot to reconnect; it RESUMEs and the hand goes on.
    await double.reconnect("op7")
    assert double.resume_count == 1
    # The next two edits of the table message are rate limited: discord.py waits and retries.
    double.rate_limit_edits(club.channel, count=2, retry_after=0.3)
    outcome = await table.play_hand(discards=lambda m, n: 1)
    assert double.rate_limited_responses == 2
    await double.reconnect("close")
    assert double.resume_count == 2
    next_hand = await table.wait_hand(after=outcome.hand_id)
    await table.play_hand(lambda t, m, msg: "fold")
    assert next_hand > outcome.hand_id
    for member in table.players:
        wallet, _ = await balance(table, member)
        assert wallet == START_WALLET - DEFAULT_BUY_IN
    assert await chips_total(table) == START_WALLET * 2
    assert double.unknown_routes == []
    club.audit_ok()


async def test_sigterm_while_a_welcome_dm_is_on_its_way_logs_no_error(club: Club) -> None:
    """A member is seated and answered as the bot stops: the join still waiting for the DM
    channel of its welcome gets a moment, then is cut off with a word in the log, before the
    store and the connections close; nothing logs an error (the club fixture fails on any
    ERROR line; seen as a flaky end of
    test_a_member_opens_at_most_two_tables_and_empty_ones_close_for_good)."""
    double = club.double
    (alice,) = await club.players(1)
    release = double.hold_dm_openings()
    await PokerTable(double, club.channel, [alice]).join(alice)
    await double.wait_until(lambda: double.dm_openings_held, 10)
    assert await club.bot.stop() == 0
    release.set()
    assert double.dms(alice) == []
    assert "Stopping: 1 command(s) cut off" in club.bot.output()
