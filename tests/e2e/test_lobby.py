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


async def test_the_lobby_lists_a_multi_table_tournament_and_registers_from_it(
    club: Club,
) -> None:
    """A multi-table tournament registering in #poker is listed beside a sit-and-go of #sng
    (its field for seats), with a Register button of its own kind that registers the member
    as the tournament's lobby would; one in a channel the member cannot see is not listed."""
    double = club.double
    created = await double.invoke(
        club.admin, club.channel, "poker mtt create", starts_in=30, buy_in=50, field=20
    )
    await created.response(timeout=10)  # the tournament's lobby message, in the channel
    sng_channel = await double.add_channel(club.guild, "sng")
    made = await double.invoke(club.admin, sng_channel, "poker sng create", buy_in=20, seats=3)
    await made.response(timeout=10)
    secret = await double.add_channel(club.guild, "secret", hidden=True)
    hidden = await double.invoke(
        club.admin, secret, "poker mtt create", starts_in=30, buy_in=50, field=10
    )
    await hidden.response(timeout=10)

    dave = await double.add_member(club.guild, "dave", display_name="Dave")
    listed = await lobby(double, club, dave)
    field = next(f for f in embed0(listed)["fields"] if f["name"] == "Tournaments")
    mtt_line, sng_line = str(field["value"]).split("\n")
    assert mtt_line.startswith(f"<#{club.channel.id}> · multi-table #"), mtt_line
    assert "(registering): 0/20 players, buy-in 50" in mtt_line
    assert sng_line.startswith(f"<#{sng_channel.id}> · sit-and-go #"), sng_line
    assert str(secret.id) not in message_text(listed)
    mtt_id = mtt_line.split("#")[2].split(" ")[0]
    register = [b for b in buttons(listed) if str(b.get("custom_id")) == f"deuce:mr:{mtt_id}"]
    assert len(register) == 1 and register[0]["label"] == f"Register for #{mtt_id}"

    clicked = await double.click(dave, listed, f"deuce:mr:{mtt_id}")
    assert "registered for tournament" in await private_reply(clicked)
    again = await lobby(double, club, dave)
    field = next(f for f in embed0(again)["fields"] if f["name"] == "Tournaments")
    assert "(registering): 1/20 players" in str(field["value"]).split("\n")[0]
