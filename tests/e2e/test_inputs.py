"""Bad inputs from players: each gets a clear private reply and changes nothing.

Another member pressing the acting player's button, a double click, a click on a button of an
earlier hand, a stale table state, a non-player clicking, and admin commands from a member
without Manage Server.
"""

from __future__ import annotations

import copy
import logging

import pytest

from tests.discord_double import CommandNotPermitted
from tests.e2e.helpers import (
    IN_LOOP,
    Club,
    PokerTable,
    buttons,
    embed0,
    forged_click,
    hand_id_of,
    private_reply,
    table_seq,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


def button_id(message: dict[str, object], action: str) -> str:
    return next(
        str(b["custom_id"]) for b in buttons(message) if str(b["custom_id"]).endswith(action)
    )


async def assert_refused(
    table: PokerTable, interaction_text: str, expected: str, before: dict[str, object]
) -> None:
    assert expected in interaction_text, interaction_text
    current = table.table_message()
    assert current is not None
    assert (
        current.get("embeds") == before.get("embeds")
        and current["components"] == before["components"]
    )


async def test_clicks_by_the_wrong_member_change_nothing(club: Club) -> None:
    table = await club.seated(3)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    actor, verb = turn
    assert verb == "act"
    other = next(m for m in table.players if m is not actor)
    channel_events = len(club.double.channel_events(club.channel))

    # Another player presses the acting player's Call button: "not your turn".
    wrong = await club.double.click(other, message, button_id(message, ":call"))
    text = await private_reply(wrong)
    await assert_refused(table, text, f"it is {actor.display_name}'s turn", message)

    # A member who is not in the hand presses Fold.
    outsider = await club.double.click(club.admin, message, button_id(message, ":fold"))
    await assert_refused(table, await private_reply(outsider), "not in this hand", message)

    # Nothing reached the channel, and the actor can still act.
    assert len(club.double.channel_events(club.channel)) == channel_events
    await table.click_table(actor, "call")
    after = table.table_message()
    assert after is not None and table_seq(after) != table_seq(message)


async def test_a_forged_dealer_id_that_no_button_has_is_refused_privately(club: Club) -> None:
    """A modified client's click whose ``deuce:`` id no dealer component carries (an action
    the table has no button for, a kind that does not exist) gets the private "no longer in
    use" sentence: the table, the channel and the turn are untouched."""
    table = await club.seated(2)
    message = table.table_message()
    assert message is not None
    turn = table.turn(message)
    assert turn is not None
    actor, _ = turn
    channel_events = len(club.double.channel_events(club.channel))
    table_id, hand_id, number = button_id(message, ":call").split(":")[2:5]
    for custom_id in (f"deuce:t:{table_id}:{hand_id}:{number}:allin", "deuce:zz:1", "deuce:"):
        forged = await forged_click(club.double, actor, message, custom_id)
        text = await private_reply(forged)
        await assert_refused(table, text, "This button is no longer in use.", message)
    assert len(club.double.channel_events(club.channel)) == channel_events
    await table.click_table(actor, "call")
    after = table.table_message()
    assert after is not None and table_seq(after) != table_seq(message)


async def test_double_click_and_stale_table_buttons_are_refused(club: Club) -> None:
    table = await club.seated(2)
    before = table.table_message()
    assert before is not None
    turn = table.turn(before)
    assert turn is not None
    actor, _ = turn
    snapshot = copy.deepcopy(before)

    first = await club.double.click(actor, before, button_id(before, ":call"))
    assert (await first.response()).type == 7  # the table updated in the same response
    moved = table.table_message()
    assert moved is not None and table_seq(moved) != table_seq(snapshot)

    # The same button again, from the actor's not-yet-refreshed client: "Already done".
    again = await club.double.click(actor, snapshot, button_id(snapshot, ":call"), stale=True)
    await assert_refused(table, await private_reply(again), "Already done", moved)

    # The other player presses Raise on that stale table: the table has moved on.
    other = next(m for m in table.players if m is not actor)
    stale = await club.double.click(other, snapshot, button_id(snapshot, ":raise"), stale=True)
    await assert_refused(table, await private_reply(stale), "moved on", moved)


async def test_a_call_on_the_table_message_before_a_repost_counts_and_is_acknowledged(
    club: Club,
) -> None:
    """/poker table moved the table below; a player whose client still shows the old message
    presses Call on it before seeing it go (the same hand and turn, so the action is valid):
    the call counts, the click is acknowledged without touching the old message (a V2 table
    message cannot become the Fold question's plain answer: Discord refuses an empty V2
    message, and the player read "Something went wrong" for a call that counted)."""
    table = await club.seated(2)
    old = table.table_message()
    assert old is not None
    turn = table.turn(old)
    assert turn is not None
    actor, _ = turn
    snapshot = copy.deepcopy(old)
    other = next(m for m in table.players if m is not actor)
    repost = await club.double.invoke(other, club.channel, "poker table")
    assert (await repost.response()).type == 4
    await club.double.wait_until(lambda: club.double.current(old) is None, 10)
    moved = table.table_message()
    assert moved is not None and moved["id"] != old["id"]

    click = await club.double.click(actor, snapshot, button_id(snapshot, ":call"), stale=True)
    assert (await click.response()).type == 6  # acknowledged, no message changed
    assert not click.followup_ids and not click.rejected

    def turn_passed() -> bool:
        current = table.table_message()
        shown = None if current is None else table.turn(current)
        return shown is not None and shown[0] is other

    await club.double.wait_until(turn_passed, 10)


async def test_buttons_of_an_earlier_hand_answer_hand_over(club: Club) -> None:
    table = await club.seated(2)
    first_table = table.table_message()
    assert first_table is not None
    first_hand = hand_id_of(first_table)
    assert first_hand is not None
    snapshot = copy.deepcopy(first_table)
    alice = table.players[0]
    old_panel = copy.deepcopy(table.panel(alice, first_hand))
    assert old_panel is not None

    await table.play_hand(lambda t, m, msg: "fold")
    second_hand = await table.wait_hand(after=first_hand)
    current = table.table_message()
    assert current is not None

    # The first hand's DM panel lost its buttons when the hand ended; a click on a card of it,
    # sent from a client that had not seen that edit yet, is told the hand is over.
    def ended() -> bool:
        panel = table.panel(alice, first_hand)
        return panel is not None and not any(":c:" in str(b["custom_id"]) for b in buttons(panel))

    await club.double.wait_until(ended, 10)
    card = next(b for b in buttons(old_panel) if ":c:" in str(b["custom_id"]))
    click = await club.double.click(alice, old_panel, str(card["custom_id"]), stale=True)
    assert "This hand is over" in await private_reply(click)

    # The first hand's table buttons, clicked on an old client before the table moved down.
    old_call = button_id(snapshot, ":call")
    stale = await club.double.click(alice, snapshot, old_call, stale=True)
    await assert_refused(table, await private_reply(stale), "This hand is over", current)
    assert hand_id_of(current) == second_hand


async def test_folding_a_free_check_asks_first(club: Club) -> None:
    """The big blind, free to check, presses Fold: a private "Fold anyway?" and nothing else;
    only the confirmation folds, once however often it is pressed."""
    double = club.double
    table = await club.seated(2)
    first = table.table_message()
    assert first is not None
    turn = table.turn(first)
    assert turn is not None
    small_blind, _ = turn
    big_blind = next(m for m in table.players if m is not small_blind)
    await table.click_table(small_blind, "call")
    before = await table.wait_table(lambda m: table.turn(m) == (big_blind, "act"))
    assert any(b["label"] == "Check" for b in buttons(before))

    ask = await double.click(big_blind, before, button_id(before, ":fold"))
    await assert_refused(table, await private_reply(ask), "Fold anyway?", before)
    question = table.fold_question(big_blind)
    confirm = button_id(question, ":foldx")
    snapshot = copy.deepcopy(question)
    folded = await double.click(big_blind, question, confirm)
    response = await folded.response(timeout=10)
    assert response.type == 7 and "You folded." in str(response.data)  # UPDATE_MESSAGE
    hand_id = hand_id_of(before)
    assert hand_id is not None
    outcome = await double.wait_until(lambda: table.result_message(hand_id), 10)
    assert f"{small_blind.display_name} wins" in str(embed0(outcome).get("description"))
    again = await double.click(big_blind, snapshot, confirm, stale=True)
    assert "over" in await private_reply(again)
    club.audit_ok()


async def test_admin_commands_need_manage_server(club: Club) -> None:
    table = await club.seated(2)
    bob = table.players[1]
    # Discord hides the command from Bob (default_member_permissions = Manage Server)...
    with pytest.raises(CommandNotPermitted):
        await club.double.invoke(bob, club.channel, "pokeradmin timer", seconds=30)
    # ...and if a server admin overrides that, the bot still checks the permission in code.
    forced = await club.double.invoke(
        bob, club.channel, "pokeradmin timer", seconds=30, bypass_permissions=True
    )
    assert "Manage Server" in await private_reply(forced)
    forced_grant = await club.double.invoke(
        bob, club.channel, "pokeradmin grant", member=bob, amount=5000, bypass_permissions=True
    )
    assert "Manage Server" in await private_reply(forced_grant)
    from tests.e2e.helpers import balance

    wallet, _ = await balance(table, bob)
    assert wallet == 600  # 1,000 minus the 400 buy-in: no grant happened

    allowed = await club.double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=30)
    assert "30 s" in await private_reply(allowed)
    club.audit_ok()
