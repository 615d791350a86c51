"""A player whose DMs are closed plays through ephemeral replies; cards stay private.

The double answers the bot's DMs to Carol with 403 / 50007, as Discord does. She must still see
her cards (the table's "My cards" button, ``/poker hand``), draw from the ephemeral panel, and
nobody else may see or press it.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble, DoubleError
from tests.e2e.helpers import (
    CARD_RE,
    IN_LOOP,
    OWN_PROCESS,
    Club,
    PokerTable,
    buttons,
    cards_in_logs,
    channel_card_leaks,
    check_after_test,
    command_mention,
    field_value,
    hand_id_of,
    is_panel,
    layout,
    make_club,
    private_reply,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


async def test_closed_dms_player_plays_with_my_cards_and_poker_hand(club: Club) -> None:
    double = club.double
    members = await club.players(2, closed_dms=("Bob",))
    alice, bob = members
    table = PokerTable(double, club.channel, members)
    await table.join(alice)
    joined = await table.join(bob)
    await joined.wait_followups(2, timeout=5)
    assert "can't send you direct messages" in joined.followups[-1]["content"]
    assert joined.followups[-1]["flags"] & 64
    hand_id = await table.wait_hand()
    assert double.dms(bob) == []  # nothing was delivered to Bob's closed DMs

    # The table's My cards button answers with Bob's cards, privately.
    mine = await table.click_table(bob, "cards")
    reply = await mine.response()
    assert reply.ephemeral
    panel = double.current(reply.message_id or 0)
    assert panel is not None and len(table.panel_cards(panel)) == 5
    # the same Components V2 layout as the DM panel: no embed, no content
    assert layout(panel).v2 and not panel.get("embeds") and not panel.get("content")
    assert is_panel(panel, hand_id)
    # Only Bob can see or press it.
    assert panel not in double.channel_messages(club.channel)
    assert all(m["id"] != panel["id"] for m in double.ephemerals(alice))
    card_button = next(b for b in buttons(panel) if ":c:" in b["custom_id"])
    with pytest.raises(DoubleError):
        await double.click(alice, panel, card_button["custom_id"])

    # /poker hand shows the same five cards.
    command = await double.invoke(bob, club.channel, "poker hand")
    shown = await command.response()
    assert shown.ephemeral
    again = double.current(shown.message_id or 0)
    assert again is not None
    assert table.panel_cards(again) == table.panel_cards(panel)

    # Alice (DMs open) asking /poker hand also gets a private answer; a non-player is told off.
    outsider = await double.invoke(club.admin, club.channel, "poker hand")
    assert "not in this hand" in await private_reply(outsider)

    # Bob draws from his ephemeral panel all hand long; the hand reaches showdown.
    outcome = await table.play_hand(discards=lambda m, n: 2 if m is bob and n == 1 else 0)
    assert outcome.hand_id == hand_id
    if "Bob" in outcome.shown:
        final = table.panel(bob, hand_id)
        assert final is not None and final["flags"] & 64
        assert sorted(table.panel_cards(final)) == sorted(outcome.shown["Bob"].split())
    assert double.dms(bob) == []
    assert channel_card_leaks(double, club.channel) == []
    club.audit_ok()


async def test_dm_panels_are_per_player_and_edited_after_draws(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    alice, bob = table.players
    hand_id = hand_id_of(table.table_message() or {})
    assert hand_id is not None
    alice_panel = table.panel(alice, hand_id)
    bob_panel = table.panel(bob, hand_id)
    assert alice_panel is not None and bob_panel is not None
    assert alice_panel["channel_id"] != bob_panel["channel_id"]
    # Bob cannot press a button in Alice's DM.
    with pytest.raises(DoubleError):
        await double.click(bob, alice_panel, buttons(alice_panel)[0]["custom_id"])
    before = table.panel_cards(alice_panel)
    # Each card button says its card in text beside its face (readable at a button's size).
    card_buttons = [b for b in buttons(alice_panel) if ":c:" in b["custom_id"]]
    assert len(card_buttons) == 5
    assert sorted(CARD_RE.findall(" ".join(b["label"] for b in card_buttons))) == sorted(before)
    assert all(b.get("emoji") for b in card_buttons)
    outcome = await table.play_hand(discards=lambda m, n: 5 if m is alice and n == 1 else 0)
    after = table.panel(alice, hand_id)
    assert after is not None
    assert outcome.hand_id == hand_id
    # Alice threw all five: her panel shows five new cards, none of the old ones.
    assert len(table.panel_cards(after)) == 5
    assert not set(table.panel_cards(after)) & set(before)
    assert channel_card_leaks(double, club.channel) == []


async def test_dms_closed_after_joining_falls_back_to_the_channel_hint(club: Club) -> None:
    double = club.double
    members = await club.players(2)
    alice, bob = members
    table = PokerTable(double, club.channel, members)
    await table.join(alice)
    double.close_dms(bob)  # Bob joined with open DMs... (closed before the deal)
    await table.join(bob)  # answered at once; the word on closed DMs follows the welcome DM
    await double.wait_until(
        lambda: "can't send you direct messages" in (double.ephemerals(bob)[-1]["content"] or ""),
        5,
    )
    hand_id = await table.wait_hand()
    # Alice's panel follows the table message (later under load); Bob's DMs stay empty.
    assert await double.wait_until(lambda: table.panel(alice, hand_id), 10) is not None
    assert double.dms(bob) == []
    # Alice closes her DMs between hands: the next deal cannot reach her and the channel says
    # so (mentioning her without pinging anyone), and she plays from /poker hand.
    double.close_dms(alice)
    outcome = await table.play_hand(lambda t, m, msg: "fold")
    next_hand = await table.wait_hand(after=outcome.hand_id)
    hand = command_mention(double, "poker hand")  # the mention: every reader finds it
    notice = await double.wait_for(
        lambda e: f"<@{alice.id}>" in e.content and hand in e.content, 10, since=0
    )
    assert notice.payload["allowed_mentions"] == {"parse": []}
    assert table.panel(alice, next_hand) is None
    mine = await double.invoke(alice, club.channel, "poker hand")
    assert (await mine.response()).ephemeral
    assert table.panel(alice, next_hand) is not None
    await table.play_hand(lambda t, m, msg: "fold")
    assert channel_card_leaks(double, club.channel) == []
    club.audit_ok()


async def play_with_mallory(club: Club) -> PokerTable:
    double = club.double
    mallory = await double.add_member(
        club.guild, "mallory", display_name="@everyone **Mallory** <@1>"
    )
    members = [*await club.players(1), mallory]
    table = PokerTable(double, club.channel, members)
    for member in members:
        await table.join(member)
    await table.wait_hand()
    await table.play_hand(lambda t, m, msg: "fold")
    return table


async def test_names_cannot_ping_or_break_the_seats_or_the_action_log(club: Club) -> None:
    """One hand with Mallory, whose display name is markdown and a mention, read twice: the
    seats (and every channel post) and the action log (one bot and one hand serve both)."""
    await play_with_mallory(club)
    events = club.double.channel_events(club.channel)
    # The seats: no post may ping, and her name is escaped wherever the seats show it.
    for event in events:
        if event.kind == "create":
            assert event.payload["allowed_mentions"] == {"parse": []}, event.payload
    seats = [field_value(e.payload, "Seats") or "" for e in events]
    mallory_lines = [line for s in seats for line in s.split("\n") if "Mallory" in line]
    assert mallory_lines
    for line in mallory_lines:
        assert "\\*\\*Mallory\\*\\*" in line  # markdown escaped
        assert "@everyone" not in line  # mention escaped (zero-width space)
    # The action log: her name appears, never as raw markdown.
    logs = [field_value(e.payload, "Hand log") or "" for e in events]
    assert any("Mallory" in text for text in logs)
    assert not any("**Mallory**" in text for text in logs)


@OWN_PROCESS
async def test_a_mucked_hand_may_be_shown_by_its_owner_only(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, DEUCE_HAND_PAUSE_SECONDS="4")
    table = await club.seated(2)
    for _ in range(8):  # heads-up check-downs: about every other one has a mucked loser
        outcome = await table.play_hand()
        if outcome.mucked:
            break
        await table.wait_hand(after=outcome.hand_id)
    else:
        pytest.skip("no hand was mucked in 8 showdowns")
    (loser_name,) = outcome.mucked
    loser = table.member(loser_name)
    winner = next(m for m in table.players if m is not loser)
    panel = await double.wait_until(
        lambda: next(
            (
                m
                for m in double.dms(loser)
                if any(b.get("label") == "Show my hand" for b in buttons(m))
            ),
            None,
        ),
        5,
    )
    cards = table.panel_cards(panel)
    # The winner cannot press the button in the loser's DM; the loser can, once.
    with pytest.raises(DoubleError):
        await double.click(winner, panel, "Show my hand")
    mark = double.mark()
    show = await double.click(loser, panel, "Show my hand")
    await show.response()
    shown = await double.wait_for(
        lambda e: e.kind == "create" and e.content.startswith(f"{loser_name} shows"),
        5,
        since=mark,
    )
    assert sorted(CARD_RE.findall(shown.content)) == sorted(cards)
    # Only that one voluntary message (and the result embeds) ever carried cards.
    leaks = channel_card_leaks(double, club.channel)
    assert leaks == [f"create {shown.message_id}: {CARD_RE.findall(shown.content)}"]
    check_after_test(club)


async def test_the_log_check_finds_a_card_and_not_a_decimal() -> None:
    """The check every end-to-end test ends with: a card at INFO or above fails it, in either
    notation; a decimal ending like a card (discord.py's "19.8s behind" on a loaded machine
    failed CI) or a card at DEBUG does not."""
    at = "2026-12-06 23:50:01,000"
    assert cards_in_logs(f"{at} INFO bot.table: dealt 7s to someone")
    assert cards_in_logs(f"{at} WARNING bot.table: shown 10\u2666\ufe0f")
    assert not cards_in_logs(f"{at} WARNING discord.gateway: websocket is 19.8s behind.")
    assert not cards_in_logs(f"{at} DEBUG bot.table: dealt 7s to someone")
