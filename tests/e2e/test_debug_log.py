"""What ``LOG_LEVEL=DEBUG`` writes (issue 23): the bot's own steps, the engine's action texts
among them ("Bob draws 2"), but no interaction token (each answers as the bot for 15 minutes)
and no card of a player's DM panel. discord.py's loggers stay at INFO then: at DEBUG they write
every gateway event and request whole. ``DEUCE_DEBUG_DISCORD=1`` asks for exactly that.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble
from tests.e2e.helpers import (
    Club,
    check_or_call,
    dm_cards,
    make_club,
    private_cards_in_logs,
    private_reply,
    tokens_in_logs,
)


async def test_a_debug_log_shows_no_token_and_no_private_card(club: Club) -> None:
    assert club.bot.env["LOG_LEVEL"] == "DEBUG"
    table = await club.seated(3)
    outcome = await table.play_hand(check_or_call, discards=lambda member, number: 2)
    assert outcome.winnings
    output = club.bot.output()

    # A DEBUG log: the bot's own DEBUG lines are in it, the draws' texts included.
    debug = [line for line in output.splitlines() if " DEBUG " in line]
    assert any(line.endswith(" draws 2") for line in debug), output[-3000:]
    assert not any(" DEBUG   discord." in line for line in debug)

    assert club.double.interactions
    assert tokens_in_logs(output, club.double) == []
    cards = dm_cards(club.double, table.players)
    assert len(cards) >= 15  # three players' five cards, and the ones they drew
    assert private_cards_in_logs(output, cards) == []


async def test_debug_discord_opts_in_to_discord_py_s_debug_output(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    """The opt-in writes what the README warns of: interaction tokens, said at start."""
    club = await make_club(double, start_bot, tmp_path, DEUCE_DEBUG_DISCORD="1")
    alice = (await club.players(1))[0]
    await private_reply(await double.invoke(alice, club.channel, "chips balance"))
    output = club.bot.output()
    assert any(" DEBUG   discord." in line for line in output.splitlines())
    assert tokens_in_logs(output, double) != []
    assert "DEUCE_DEBUG_DISCORD=1: discord.py logs at DEBUG" in output
