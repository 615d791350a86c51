"""The session ledger after real hands: a member who stands up gets their session in a DM,
``/poker session`` shows the running session to anyone, and the table's close posts every
player's net in one message; the nets agree with ``/poker stats`` and no card shows anywhere."""

from __future__ import annotations

import logging
import re
from typing import Any

from tests.discord_double import DiscordDouble, Member, message_text
from tests.e2e.helpers import CARD_RE, IN_LOOP, Club, channel_card_leaks, embed0, private_reply

log = logging.getLogger(__name__)

pytestmark = IN_LOOP

LINE_RE = re.compile(r"^\d+\. (?P<name>.+?) — (?P<net>[+\-−]?[\d,]+) \((?P<hands>\d+) hands?\)$")
NET_RE = re.compile(r"Net chips: ([+\-−]?[\d,]+)")


def chips(text: str) -> int:
    return int(re.sub(r"[,+]", "", text).replace("−", "-"))


def ledger_lines(message: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """name -> (net, hands) of a ledger embed, checked to be sorted by net."""
    found: dict[str, tuple[int, int]] = {}
    for line in str(embed0(message)["description"]).split("\n"):
        match = LINE_RE.match(line)
        assert match is not None, line
        found[match["name"]] = (chips(match["net"]), int(match["hands"]))
    nets = [net for net, _ in found.values()]
    assert nets == sorted(nets, reverse=True)
    return found


async def stats_net(double: DiscordDouble, club: Club, member: Member) -> int:
    command = await double.invoke(member, club.channel, "poker stats")
    response = await command.response(timeout=10)
    message = double.current(response.message_id or 0)
    assert message is not None
    match = NET_RE.search(message_text(message))
    assert match is not None, message_text(message)
    return chips(match[1])


async def test_leave_summary_running_session_and_closing_ledger(club: Club) -> None:
    double = club.double
    table = await club.seated(3)
    alice, bob, carol = table.players
    first = await table.play_hand(discards=lambda member, number: 1)
    await table.wait_hand(after=first.hand_id)

    # Carol stands up in the running hand: cashed out after it, her session in her DM.
    leave = await double.invoke(carol, club.channel, "poker leave")
    assert "when this hand ends" in await private_reply(leave)
    second = await table.play_hand()
    summary = await double.wait_until(
        lambda: next(
            (m for m in double.dms(carol) if embed0(m).get("title") == "Your session"), None
        ),
        15,
    )
    text = message_text(summary)
    assert "Hands played: 2" in text and "Time seated: 0 min" in text, text
    assert "Net chips:" in text and "Biggest pot won:" in text and "Best hand shown:" in text
    assert not CARD_RE.findall(text)
    net = NET_RE.search(text)
    assert net is not None
    carol_net = chips(net[1])
    await table.wait_hand(after=second.hand_id)

    # Anyone, seated or not, reads the running session privately.
    dave = await double.add_member(club.guild, "dave", display_name="Dave")
    asked = await double.invoke(dave, club.channel, "poker session")
    response = await asked.response(timeout=10)
    assert response.ephemeral
    running = double.current(response.message_id or 0)
    assert running is not None and embed0(running)["title"] == "This table's session so far"
    lines = ledger_lines(running)
    assert set(lines) == {"Alice", "Bob", "Carol"} and lines["Carol"] == (carol_net, 2)
    assert str(embed0(running)["footer"]["text"]).startswith("2 hands dealt · open for ")

    # The admin closes the table: after the hand, one message with every player's session.
    close = await double.invoke(club.admin, club.channel, "pokeradmin close")
    await close.response(timeout=10)
    await table.play_hand(lambda t, m, msg: "fold")

    def closing() -> dict[str, Any] | None:
        return next(
            (
                m
                for m in double.channel_messages(club.channel)
                if "Table closed" in str(m.get("content"))
            ),
            None,
        )

    closed = await double.wait_until(closing, 15)
    assert embed0(closed)["title"] == "The session at this table"
    final = ledger_lines(closed)
    assert sum(net for net, _ in final.values()) == 0
    assert final["Carol"] == (carol_net, 2) and final["Alice"][1] == final["Bob"][1] == 3
    assert str(embed0(closed)["footer"]["text"]).startswith("3 hands dealt")
    # The stats agree with the ledger, member by member.
    for member in (alice, bob, carol):
        assert await stats_net(double, club, member) == final[member.display_name][0]
    assert channel_card_leaks(double, club.channel) == []
    # Alice and Bob were cashed out by the close, not by leaving: no summary DM for them.
    for member in (alice, bob):
        assert all(embed0(m).get("title") != "Your session" for m in double.dms(member))
