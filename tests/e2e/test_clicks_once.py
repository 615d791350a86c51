"""Every click is handled exactly once, however the message it was on was sent.

discord.py 2.7 files a view sent through ``interaction.response.send_message`` (the private
panel of My cards and ``/poker hand``, the "Fold anyway?" question) without the check that its
other send paths make, and then dispatches every later click on any dealer button a second
time beside the bot's own dispatch: the player got a second, failing answer ("Something went
wrong", "Already done.") and the log an ``InteractionResponded`` traceback per click. Here
players open their cards with My cards and ``/poker hand``, answer "Fold anyway?" both ways, and
play whole hands from their DMs and the table; every click must get one answer, no follow-up,
and the bot's log no ERROR line.
"""

from __future__ import annotations

import re
import time
from typing import Any

from tests.discord_double import Member
from tests.discord_double.interaction import INTERACTION_MESSAGE_COMPONENT
from tests.e2e.helpers import (
    IN_LOOP,
    TABLE_TITLE,
    Club,
    PokerTable,
    buttons,
    embed0,
    error_lines,
    private_reply,
    table_seq,
)

pytestmark = IN_LOOP


def is_table(message: dict[str, Any]) -> bool:
    """A public table message (or one a later result took the place of)."""
    title = str(embed0(message).get("title") or "")
    shown = title.startswith(TABLE_TITLE) or re.fullmatch(r"Hand #\d+ result", title)
    return bool(shown) and not message["flags"] & 64


def free_check(message: dict[str, Any]) -> bool:
    """Whether the table's Check-Call button says Check."""
    return any(
        str(b.get("custom_id", "")).endswith(":call") and b.get("label") == "Check"
        for b in buttons(message)
    )


async def test_my_cards_and_fold_anyway_then_every_click_is_answered_once(club: Club) -> None:
    double = club.double
    table = await club.seated(3)
    alice, bob, carol = table.players
    hand_id = table.running_hand()
    # Alice opens her cards from the table, Bob with /poker hand: both private panels.
    await table.click_table(alice, "cards")
    assert table.panel(alice, hand_id) is not None
    command = await double.invoke(bob, club.channel, "poker hand")
    assert (await command.response()).ephemeral

    questions: list[str] = []

    async def answer_question(member: Member, answer: str) -> None:
        """Fold with a free check, then answer the private question with ``answer``."""
        clicked = await table.click_table(member, "fold")
        assert "Fold anyway?" in (await clicked.response()).content
        question = table.fold_question(member)
        choice = next(b for b in buttons(question) if b["custom_id"].endswith(f":{answer}"))
        answered = await double.click(member, question, choice["custom_id"])
        await answered.response()
        questions.append(answer)

    def policy(table: PokerTable, member: Member, message: dict[str, Any]) -> str:
        return "ask" if free_check(message) and len(questions) < 2 else "call"

    async def play(hands: int) -> None:
        hand = table.running_hand()
        for number in range(hands):
            if number:
                hand = await table.wait_hand(after=hand)
            last_seq, deadline = None, time.monotonic() + 60
            while (current := await table.next_turn(hand, last_seq, deadline)) is not None:
                last_seq = table_seq(current)
                turn = table.turn(current)
                assert turn is not None
                member, verb = turn
                if verb == "draw":
                    await table.draw(member, hand, 1 if member is carol else 0)
                elif policy(table, member, current) == "ask":
                    await answer_question(member, "call" if not questions else "foldx")
                else:
                    await table.click_table(member, "call")

    await play(3)
    assert questions == ["call", "foldx"]

    clicks = [i for i in club.interactions() if i.type == INTERACTION_MESSAGE_COMPONENT]
    assert len(clicks) > 20
    twice = [(i, i.callbacks, i.rejected, i.followups) for i in clicks if len(i.callbacks) != 1]
    assert twice == []
    assert [(i, i.rejected) for i in clicks if i.rejected] == []
    # The only follow-up a click gets is the next table, posted under a result that took the
    # finished table's place (public, through the click's token): never a second answer.
    extra = [m for i in clicks for m in i.followups if not is_table(m)]
    assert extra == []
    assert error_lines(club.bot.output()) == []
    # A click on a panel of a finished hand is still refused once, privately.
    old = table.panel(alice, hand_id)
    assert old is not None
    card = next((b for b in buttons(old) if ":c:" in b["custom_id"]), None)
    if card is not None and not card.get("disabled"):
        stale = await double.click(alice, old, card["custom_id"])
        assert await private_reply(stale)
        assert len(stale.callbacks) == 1 and stale.followup_ids == []
