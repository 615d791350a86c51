"""The other player commands after a real hand: history (PHH and text uploads), table, leave,
chips.

``/poker history`` uploads PHH or text files: the double parses the multipart body and keeps
the bytes, so the test reads the same file a player would download.
"""

from __future__ import annotations

import asyncio
import logging
import re

import pytest

from tests.discord_double import CommandError
from tests.e2e.helpers import (
    DEFAULT_BUY_IN,
    IN_LOOP,
    START_WALLET,
    Club,
    balance,
    embed0,
    hand_id_of,
    label_to_card,
    labels_to_cards,
    private_reply,
)
from tests.engine._helpers import card_tokens
from tests.engine.pokerstars_grammar import parse_history

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


async def test_history_uploads_phh_files_and_reveals_no_unshown_card(club: Club) -> None:
    """A showdown's history file, then (the next hand, at the same table) an uncontested hand's,
    which must not show Bob's cards: one bot for both (each was a test of its own)."""
    double = club.double
    table = await club.seated(2)
    alice, bob = table.players
    outcome = await table.play_hand()
    history = await double.invoke(table.players[0], club.channel, "poker history", count=3)
    response = await history.response(timeout=10)
    assert response.ephemeral
    message = double.current(response.message_id or 0)
    assert message is not None
    assert f"#{outcome.hand_id}" in str(embed0(message).get("description"))
    attachments = message["attachments"]
    assert [a["filename"] for a in attachments] == [f"deuce-hand-{outcome.hand_id}.phh"]
    phh = double.attachment_data[int(attachments[0]["id"])].decode()
    assert "F2L3D" in phh and "finishing_stacks" in phh
    # The PHH holds the whole hand (hole cards too): it only ever goes out privately (the
    # channel's one picture is the showdown's, of the hands shown).
    in_channel = [
        a["filename"] for m in double.channel_messages(club.channel) for a in m["attachments"]
    ]
    assert set(in_channel) <= {"showdown.png"}
    # Discord itself refuses a count outside the option's range (1-10) before the bot sees it.
    with pytest.raises(CommandError, match="above the maximum 10"):
        await double.invoke(table.players[0], club.channel, "poker history", count=50)

    # The next hand nobody's cards are shown: Alice's history file of it has none of Bob's.
    hand_id = await table.wait_hand(after=outcome.hand_id)
    bob_panel = await double.wait_until(lambda: table.panel(bob, hand_id), 10)
    bob_cards = [label_to_card(label) for label in table.panel_cards(bob_panel)]
    folded = await table.play_hand(lambda t, m, msg: "fold")
    assert folded.uncontested  # nobody's cards were shown
    history = await double.invoke(alice, club.channel, "poker history", count=1)
    message = double.current((await history.response(timeout=10)).message_id or 0)
    assert message is not None and message["attachments"]
    assert [a["filename"] for a in message["attachments"]] == [f"deuce-hand-{hand_id}.phh"]
    phh = double.attachment_data[int(message["attachments"][0]["id"])].decode()
    leaked = [card for card in bob_cards if card in phh]
    assert leaked == [], f"Alice's history file shows Bob's unshown cards {leaked}"


async def test_history_as_text_reads_back_as_the_hand_was_played(club: Club) -> None:
    """/poker history format:text: the PokerStars text history of a hand with draws, a fold and
    a showdown, read by the independent reader (tests/engine/pokerstars_grammar.py) as Alice
    downloads it: the actions the players clicked, her own cards as her panel showed them, the
    hands and winnings the result showed, and no other card."""
    double = club.double
    table = await club.seated(3)
    alice, _bob, carol = table.players
    hand_id = table.running_hand()
    dealt = {}
    for member in table.players:
        panel = await double.wait_until(lambda m=member: table.panel(m, hand_id), 10)
        dealt[member.display_name] = [label_to_card(x) for x in table.panel_cards(panel)]
    outcome = await table.play_hand(
        lambda t, member, msg: "fold" if member is carol else "call",
        discards=lambda member, number: {1: 2, 2: 1}.get(number, 0),
    )
    assert not outcome.uncontested and outcome.hand_id == hand_id
    history = await double.invoke(alice, club.channel, "poker history", count=1, format="text")
    response = await history.response(timeout=10)
    assert response.ephemeral
    message = double.current(response.message_id or 0)
    assert message is not None
    assert "PokerStars" in str(embed0(message).get("footer", {}).get("text"))
    attachments = message["attachments"]
    assert [a["filename"] for a in attachments] == [f"deuce-hand-{hand_id}.txt"]
    text = double.attachment_data[int(attachments[0]["id"])].decode()
    parsed = parse_history(text)
    assert parsed.hand_id == hand_id and parsed.hero == "Alice"
    assert sorted(parsed.hero_cards[:5]) == sorted(dealt["Alice"])  # the panel sorts them
    assert "*** FIRST DRAW ***" in text and "*** SHOW DOWN ***" in text
    # Every click, in order: folds, checks or calls, draws with their counts.
    clicked = [
        (name, "draw", int(action.split()[1])) if action.startswith("draw") else (name, action, 0)
        for name, action in table.acted
    ]
    read = [
        (name, "call" if verb == "check" else verb, amount if verb == "draw" else 0)
        for name, verb, amount in parsed.actions
        if verb in ("fold", "check", "call", "draw")
    ]
    assert read == clicked
    assert ("Carol", "fold", 0) in read
    assert parsed.collected == outcome.winnings
    assert {name: sorted(cards) for name, cards in parsed.shown.items()} == {
        name: sorted(re.findall("..", labels_to_cards(labels)))
        for name, labels in outcome.shown.items()
    }
    # No card but Alice's and the hands shown: Carol's and (unless shown) Bob's are not there.
    assert card_tokens(text) == parsed.cards_named()
    for name in ("Bob", "Carol"):
        hidden = set(dealt[name]) - {c for cards in parsed.shown.values() for c in cards}
        assert not hidden & card_tokens(text), f"Alice's text history shows {name}'s cards"


async def test_table_repost_leave_and_chip_commands(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    alice, bob = table.players
    old = table.table_message()
    assert old is not None
    hand_id = hand_id_of(old)

    # /poker table reposts the table at the bottom of the channel and deletes the old one.
    repost = await double.invoke(bob, club.channel, "poker table")
    reply = await repost.response()
    assert reply.type == 4 and not reply.ephemeral
    await double.wait_until(lambda: double.current(old) is None, 10)
    new = table.table_message()
    assert new is not None and new["id"] != old["id"] and hand_id_of(new) == hand_id
    # Its buttons work: the hand is played on the new message.
    outcome = await table.play_hand(lambda t, m, msg: "fold")
    assert outcome.uncontested

    # /poker leave between hands (or mid-hand: after it) returns the chips to the wallet.
    leave = await double.invoke(alice, club.channel, "poker leave")
    text = await private_reply(leave)
    assert "stand up" in text or "when this hand ends" in text
    for _ in range(40):  # mid-hand she folds and stands up when the hand ends
        wallet, on_table = await balance(table, alice)
        if on_table == 0:
            break
        await asyncio.sleep(0.25)
    assert on_table == 0 and wallet > START_WALLET - DEFAULT_BUY_IN
    # /chips daily once, then a cooldown; /chips leaderboard lists both players.
    daily = await double.invoke(bob, club.channel, "chips daily")
    assert "You receive 250 chips" in await private_reply(daily)
    again = await double.invoke(bob, club.channel, "chips daily")
    assert "next daily chips" in await private_reply(again)
    board = await double.invoke(alice, club.channel, "chips leaderboard")
    board_reply = await board.response()
    assert board_reply.embeds and not board_reply.ephemeral
    assert board_reply.data["allowed_mentions"] == {"parse": []}
    lines = str(board_reply.embeds[0]["description"]).split("\n")
    assert len(lines) == 2 and f"<@{bob.id}>" in lines[0]  # Bob has the daily bonus
    bob_wallet, _ = await balance(table, bob)
    assert bob_wallet == START_WALLET - DEFAULT_BUY_IN + 250
    club.audit_ok()
