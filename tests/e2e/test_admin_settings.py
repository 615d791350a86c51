"""What admins set and see: every value with its source, the pause between hands, turn alerts,
timers that say when they apply (and do so), option ranges Discord enforces, and a kick that
suggests the seated players. Also the refused join that must open nothing, and amounts written
one way everywhere."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import StartBot
from tests.discord_double import CommandError, DiscordDouble, Member
from tests.e2e.helpers import (
    IN_LOOP,
    OWN_PROCESS,
    Club,
    PokerTable,
    check_after_test,
    command_mention,
    embed0,
    hand_id_of,
    make_club,
    private_reply,
    table_seq,
)

log = logging.getLogger(__name__)

pytestmark = IN_LOOP

OPTION_INTEGER = 4


TABLES = "SELECT id FROM poker_tables WHERE guild_id = ?"
WALLETS = "SELECT user_id FROM wallets WHERE guild_id = ?"
ALERT_MODES = "SELECT user_id, mode FROM alert_modes WHERE guild_id = ? ORDER BY mode"
SEATED = (
    "SELECT user_id FROM seats JOIN poker_tables ON poker_tables.id = seats.table_id"
    " WHERE poker_tables.guild_id = ?"
)
"""What the tests read of the club's server (the store may hold other servers')."""


def rows(db_path: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Committed rows, read as an operator would with the sqlite3 shell."""
    with sqlite3.connect(db_path) as db:
        return list(db.execute(sql, params).fetchall())


def integer_options(command: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every integer option below a synced command, with its "/group sub" path."""
    found = []
    for option in command.get("options") or []:
        if option["type"] in (1, 2):
            found.extend(integer_options(option, f"{path} {option['name']}".strip()))
        elif option["type"] == OPTION_INTEGER:
            found.append((f"{path} {option['name']}", option))
    return found


async def check_every_integer_option_carries_its_range(club: Club) -> None:
    double = club.double
    options: dict[str, dict[str, Any]] = {}
    for name in ("poker", "chips", "pokeradmin"):
        command = double.synced_command(name, club.guild)
        assert command is not None
        options.update(integer_options(command, name))
    assert len(options) >= 12
    unbounded = [
        path for path, o in options.items() if o.get("min_value") is None or "max_value" not in o
    ]
    assert unbounded == []
    assert (
        options["poker history count"]["min_value"],
        options["poker history count"]["max_value"],
    ) == (1, 10)
    # The timer's floor is the deployment's DEUCE_MIN_TIMER_SECONDS (1 in these tests).
    timer = options["pokeradmin timer seconds"]
    assert (timer["min_value"], timer["max_value"]) == (1, 600)
    assert options["pokeradmin interval seconds"]["min_value"] == 2
    assert options["pokeradmin alerts seconds"]["min_value"] == 0
    for path in ("poker join buy_in", "pokeradmin grant amount", "pokeradmin stakes small_bet"):
        assert options[path]["min_value"] == 1
    with pytest.raises(CommandError, match="above the maximum 600"):
        await double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=601)
    with pytest.raises(CommandError, match="below the minimum 1"):
        await double.invoke(
            club.admin, club.channel, "pokeradmin grant", member=club.admin, amount=0
        )


async def test_a_refused_join_opens_no_table(club: Club) -> None:
    double = club.double
    (alice,) = await club.players(1)
    refused = await double.invoke(alice, club.channel, "poker join", buy_in=1)
    assert "The buy-in must be between 100 and 2,000 chips." in await private_reply(refused)
    too_big = await double.invoke(alice, club.channel, "poker join", buy_in=1500)
    assert "only 1,000 chips" in await private_reply(too_big)
    await asyncio.sleep(1.5)  # a table message would be posted within the edit loop's second
    assert double.channel_messages(club.channel) == []
    assert rows(club.db_path, TABLES, club.guild.id) == []
    assert rows(club.db_path, WALLETS, club.guild.id) == []
    # A buy-in in range still opens the table.
    table = PokerTable(double, club.channel, [alice])
    joined = await table.join(alice, buy_in=1000)
    assert "1,000 chips" in joined.followups[-1]["content"]
    await double.wait_until(table.table_message, 10)
    assert len(rows(club.db_path, TABLES, club.guild.id)) == 1
    club.audit_ok()


async def check_amounts_use_thousands_separators(club: Club, alice: Member) -> None:
    double = club.double
    table = PokerTable(double, club.channel, [alice])
    grant = await double.invoke(
        club.admin, club.channel, "pokeradmin grant", member=alice, amount=1500
    )
    assert "1,500 chips (wallet 2,500)" in (await grant.response()).content
    joined = await table.join(alice, buy_in=1200)
    assert "with 1,200 chips (wallet now 1,300)" in joined.followups[-1]["content"]
    leave = await double.invoke(alice, club.channel, "poker leave")  # alone: no hand is running
    text = await private_reply(leave)
    assert "take 1,200 chips back to your wallet (wallet 2,500)" in text, text
    club.audit_ok()


async def check_settings_show_every_value_and_its_source(club: Club, alice: Member) -> None:
    double = club.double
    admin, channel = club.admin, club.channel
    answers = [
        await double.invoke(admin, channel, "pokeradmin stakes", small_bet=20, scope="channel"),
        await double.invoke(admin, channel, "pokeradmin buyin", min=200, max=3000),
        await double.invoke(admin, channel, "pokeradmin interval", seconds=5),
        await double.invoke(admin, channel, "pokeradmin alerts", seconds=0),
    ]
    texts = [await private_reply(answer) for answer in answers]
    assert "this deployment sets the time between hands to 0.5 s" in texts[2].lower()
    assert "Turn alerts are off on this server" in texts[3]
    shown = await double.invoke(admin, channel, "pokeradmin settings")
    response = await shown.response()
    assert response.ephemeral
    lines = str(response.embeds[0]["description"]).split("\n")

    def line(start: str) -> str:
        return next(x for x in lines if x.startswith(start))

    assert line("**Stakes**") == "**Stakes** 20/40, blinds 10/20 — this channel"
    assert line("**Cap**") == "**Cap** 4 bets a round — default"
    assert line("**Server default stakes**").endswith("10/20, blinds 5/10, cap 4 — default")
    assert line("**Buy-in**") == "**Buy-in** 200 to 3,000, 400 when none is given — server"
    assert line("**Time to act**") == "**Time to act** 45 s, **to draw** 45 s — default"
    assert line("**Time between hands**") == (
        "**Time between hands** 0.5 s — this deployment (DEUCE_HAND_PAUSE_SECONDS); "
        "without it 5 s — server"
    )
    assert line("**Turn alerts**") == "**Turn alerts** off — server"
    assert line("**New wallets**") == (
        f"**New wallets** 1,000 chips, **{command_mention(double, 'chips daily')}** 250 every 20 h"
        " — default"
    )
    # A member cannot see them: Discord hides the command, and the bot checks again.
    sneaky = await double.invoke(alice, channel, "pokeradmin settings", bypass_permissions=True)
    assert "Manage Server" in await private_reply(sneaky)


async def check_players_choose_their_turn_alerts(club: Club, alice: Member, bob: Member) -> None:
    double = club.double
    now = await double.invoke(alice, club.channel, "poker alerts", mode="now")
    assert "as soon as it is your turn" in await private_reply(now)
    off = await double.invoke(bob, club.channel, "poker alerts", mode="off")
    assert "no DM" in await private_reply(off)
    delay = await double.invoke(club.admin, club.channel, "pokeradmin alerts", seconds=12)
    assert "waited 12 s" in await private_reply(delay)
    on = await double.invoke(bob, club.channel, "poker alerts", mode="on")
    assert "waited 12 s" in await private_reply(on)
    with pytest.raises(CommandError):
        await double.invoke(bob, club.channel, "poker alerts", mode="sometimes")
    modes = rows(club.db_path, ALERT_MODES, club.guild.id)
    assert modes == [(alice.id, "now"), (bob.id, "on")]
    await double.invoke(club.admin, club.channel, "pokeradmin alerts", seconds=0)
    again = await double.invoke(alice, club.channel, "poker alerts", mode="now")
    assert "off on this server" in await private_reply(again)


async def test_commands_alone_ranges_settings_alerts_and_amounts(club: Club) -> None:
    """What needs no hand, checked against one bot in turn (each was a test of its own that
    started a bot just for it): the option ranges Discord enforces, every setting with its
    source, the players' turn alerts, and amounts with thousands separators. The settings are
    read before the alerts change any, and the amounts come last (the buy-in range the
    settings set still takes Alice's 1,200)."""
    alice, bob = await club.players(2)
    await check_every_integer_option_carries_its_range(club)
    await check_settings_show_every_value_and_its_source(club, alice)
    await check_players_choose_their_turn_alerts(club, alice, bob)
    await check_amounts_use_thousands_separators(club, alice)


@OWN_PROCESS
async def test_the_pause_between_hands_is_the_servers_setting(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, DEUCE_HAND_PAUSE_SECONDS="")
    pause = await double.invoke(club.admin, club.channel, "pokeradmin interval", seconds=2)
    reply = await private_reply(pause)
    assert "2 s after the previous one ends" in reply and "deployment" not in reply
    table = await club.seated(2)  # without the setting the first deal would wait 8 s
    first = await table.wait_hand()
    loop = asyncio.get_running_loop()
    await table.play_hand(lambda t, m, msg: "fold")
    ended = loop.time()
    await table.wait_hand(after=first, timeout=7)
    assert loop.time() - ended >= 1.5
    check_after_test(club)


async def test_a_timer_change_says_when_it_applies_and_does_so(club: Club) -> None:
    double = club.double
    idle = await double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=30)
    assert "Players now have 30 s" in await private_reply(idle)
    no_bank = await double.invoke(club.admin, club.channel, "pokeradmin timebank", start=0)
    assert "**Time bank** off" in await private_reply(no_bank)
    table = await club.seated(2)
    first = await table.wait_hand()
    before = table.table_message()
    assert before is not None
    busy = await double.invoke(club.admin, club.channel, "pokeradmin timer", seconds=2)
    text = await private_reply(busy)
    assert "from the next hand" in text and "keeps its 30 s" in text, text
    # The running hand keeps 30 s: nobody times out after 2 s...
    await asyncio.sleep(3.5)
    assert table.result_message(first) is None
    now = table.table_message()
    assert now is not None and table_seq(now) == table_seq(before)
    assert table.turn(now) == table.turn(before)
    await table.play_hand(lambda t, m, msg: "fold")
    # ...the next hand has 2 s: the small blind, left alone, is folded.
    second = await table.wait_hand(after=first)
    result = await double.wait_until(lambda: table.result_message(second), 8)
    assert "uncontested" in str(embed0(result).get("description"))
    club.audit_ok()


async def test_kick_suggests_the_seated_players(club: Club) -> None:
    double = club.double
    empty = await double.autocomplete(
        club.admin, club.channel, "pokeradmin kick", "player", player=""
    )
    assert (await empty.response()).choices == []  # no table here yet
    table = await club.seated(3)
    alice, bob, carol = table.players
    every = await double.autocomplete(
        club.admin, club.channel, "pokeradmin kick", "player", player=""
    )
    choices = (await every.response()).choices
    assert choices == [
        {"name": "Alice (seat 1)", "value": str(alice.id)},
        {"name": "Bob (seat 2)", "value": str(bob.id)},
        {"name": "Carol (seat 3)", "value": str(carol.id)},
    ]
    typed = await double.autocomplete(
        club.admin, club.channel, "pokeradmin kick", "player", player="ca"
    )
    assert [c["value"] for c in (await typed.response()).choices] == [str(carol.id)]
    # Members who are not admins get no suggestions even if a server shows them the command.
    member = await double.autocomplete(
        alice, club.channel, "pokeradmin kick", "player", player="", bypass_permissions=True
    )
    assert (await member.response()).choices == []
    unknown = await double.invoke(club.admin, club.channel, "pokeradmin kick", player="Zed")
    assert "Zed is not seated at this table." in await private_reply(unknown)
    # A number too long to be anybody's id (Python refuses to read over 4,300 digits) and a
    # string of other digits are names of nobody, said plainly.
    for odd in ("9" * 4300, "١٢٣", "²"):
        odd_kick = await double.invoke(club.admin, club.channel, "pokeradmin kick", player=odd)
        assert "is not seated at this table." in await private_reply(odd_kick)
    kick = await double.invoke(club.admin, club.channel, "pokeradmin kick", player=str(carol.id))
    reply = await kick.response()
    assert f"<@{carol.id}>" in reply.content and "removed" in reply.content
    assert reply.data.get("allowed_mentions") == {"parse": []}
    # A typed name works too.
    by_name = await double.invoke(club.admin, club.channel, "pokeradmin kick", player="bob")
    assert f"<@{bob.id}>" in (await by_name.response()).content
    shown = table.table_message()
    if shown is not None and hand_id_of(shown) is not None:  # the hand goes on: play it out
        await table.play_hand(lambda t, m, msg: "fold")
    await double.wait_until(lambda: len(rows(club.db_path, SEATED, club.guild.id)) == 1, 10)
    club.audit_ok()
