"""``/poker tables``: the server's open tables a member can see, each with its stakes, players,
free seats and last hour; choosing one answers privately with its channel and a Join button
that seats the member like ``/poker join``; a table closed meanwhile, a second Join and a
hidden channel change nothing."""

from __future__ import annotations

import logging
import statistics
from typing import Any

from tests.discord_double import DiscordDouble, Interaction, Member, message_text
from tests.e2e.helpers import (
    CARD_RE,
    IN_LOOP,
    Club,
    PokerTable,
    balance,
    buttons,
    channel_card_leaks,
    embed0,
    private_reply,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP

LATENCIES: list[float] = []


async def lobby(double: DiscordDouble, club: Club, who: Member) -> dict[str, Any]:
    command = await double.invoke(who, club.channel, "poker tables")
    response = await command.response(timeout=10)
    LATENCIES.append(response.latency)
    assert response.ephemeral and response.message_id is not None
    message = double.current(response.message_id)
    assert message is not None
    return message


async def choose(double: DiscordDouble, who: Member, message: dict[str, Any], table: str) -> Any:
    """Choose ``table`` (its option's value) in the lobby's menu: the private answer."""
    chosen = await double.select(who, message, "deuce:ls", [table])
    response = await chosen.response(timeout=10)
    assert response.ephemeral
    return double.current(response.message_id or 0) or response


def options(message: dict[str, Any]) -> dict[str, str]:
    """The select menu's options: label -> value."""
    for row in message.get("components") or []:
        for component in row.get("components") or []:
            if component.get("custom_id") == "deuce:ls":
                return {o["label"]: o["value"] for o in component["options"]}
    raise AssertionError("no lobby menu")


async def join_click(double: DiscordDouble, who: Member, answer: dict[str, Any]) -> Interaction:
    (join,) = [b for b in buttons(answer) if str(b.get("custom_id", "")).startswith("deuce:lj:")]
    assert join["label"] == "Join (400)"
    return await double.click(who, answer, join["custom_id"])


async def test_join_a_table_from_the_lobby(club: Club) -> None:
    double = club.double
    table = await club.seated(2)
    outcome = await table.play_hand()
    await table.wait_hand(after=outcome.hand_id)
    # A second table in #high (Erin), and one in a channel members cannot see.
    high = await double.add_channel(club.guild, "high")
    erin = await double.add_member(club.guild, "erin", display_name="Erin")
    await PokerTable(double, high, [erin]).join(erin)
    secret = await double.add_channel(club.guild, "secret", hidden=True)
    await PokerTable(double, secret, [club.admin]).join(club.admin)

    dave = await double.add_member(club.guild, "dave", display_name="Dave")
    listed = await lobby(double, club, dave)
    text = message_text(listed)
    assert embed0(listed)["title"] == "Open tables"
    poker_line, high_line = str(embed0(listed)["description"]).split("\n\n")
    assert poker_line.startswith(f"<#{club.channel.id}> — Cash 10/20 · 2 seated, 4 free: ")
    assert "Alice, Bob" in poker_line and "last hour: 1 hand, average pot " in poker_line
    assert high_line.startswith(f"<#{high.id}> — Cash 10/20 · 1 seated, 5 free: Erin")
    assert "last hour: 0 hands, average pot 0" in high_line
    assert str(secret.id) not in text and "secret" not in text
    menu = options(listed)
    assert list(menu) == ["#poker · 10/20 · 2/6 seated", "#high · 10/20 · 1/6 seated"]
    assert not CARD_RE.findall(text)

    # Choosing #poker: its channel and a Join button, privately; Join seats Dave there.
    answer = await choose(double, dave, listed, menu["#poker · 10/20 · 2/6 seated"])
    assert f"<#{club.channel.id}>" in answer["content"] and "buy-in of 400" in answer["content"]
    joined = await join_click(double, dave, answer)
    await joined.response(timeout=10)
    followups = await joined.wait_followups(1, timeout=10)
    assert "seat" in followups[0]["content"] and followups[0]["flags"] & 64
    wallet, on_table = await balance(table, dave)
    assert (wallet, on_table) == (600, 400)
    # A second Join is refused privately and changes nothing.
    again = await join_click(double, dave, answer)
    assert "already" in (await private_reply(again)).lower()
    assert await balance(table, dave) == (600, 400)

    # #high closes after Dave chose it: his Join (and the old menu) say so, nothing changes.
    chosen_high = await choose(double, dave, listed, menu["#high · 10/20 · 1/6 seated"])
    closed = await double.invoke(club.admin, high, "pokeradmin close")
    await closed.response(timeout=10)
    late = await join_click(double, dave, chosen_high)
    assert "not open any more" in await private_reply(late)
    stale = await double.select(dave, listed, "deuce:ls", [menu["#high · 10/20 · 1/6 seated"]])
    assert "not open any more" in await private_reply(stale)
    assert await balance(table, dave) == (600, 400)
    # The lobby now lists #poker only, with Dave in it.
    relisted = await lobby(double, club, dave)
    assert list(options(relisted)) == ["#poker · 10/20 · 3/6 seated"]
    for channel in (club.channel, high, secret):
        assert channel_card_leaks(double, channel) == []
    log.info("lobby answers: median %.1f ms", 1000 * statistics.median(LATENCIES))
