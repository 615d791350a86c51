"""House players end to end: an admin has the house fill a table, one member plays twenty hands
against it (the member acting through the table's buttons and their DM panel, the house on its
own), no timer ever fires for a house player, and every chip is accounted for; the admin
commands refuse non-admins and bad counts."""

from __future__ import annotations

import logging
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from tests.discord_double import CommandError, CommandNotPermitted, Member
from tests.e2e.helpers import (
    START_WALLET,
    Club,
    PokerTable,
    check_after_test,
    embed0,
    field_value,
    hand_id_of,
    in_loop_with,
    private_reply,
)

log = logging.getLogger(__name__)

HANDS = 20
HOUSE = "🤖"
RESULT_RE = re.compile(r"^Hand #(\d+) result$")

pytestmark = in_loop_with(
    lambda double: {"DEUCE_HOUSE_PAUSE_SECONDS": "0", "DEUCE_HAND_PAUSE_SECONDS": "0.2"}
)


def simple_policy(table: PokerTable, member: Member, message: dict[str, Any]) -> str:
    """Play every fourth hand to the end (check or call), fold the others."""
    return "call" if (hand_id_of(message) or 0) % 4 == 0 else "fold"


def results(table: PokerTable) -> set[int]:
    """The hands whose result the channel shows."""
    found = set()
    for message in table.double.channel_messages(table.channel):
        match = RESULT_RE.match(str(embed0(message).get("title") or ""))
        if match:
            found.add(int(match[1]))
    return found


def query(db_path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db_path) as db:
        return list(db.execute(sql).fetchall())


async def test_one_member_plays_twenty_hands_against_the_house(club: Club) -> None:
    double, channel, admin = club.double, club.channel, club.admin
    (alice,) = await club.players(1)
    table = PokerTable(double, channel, [alice])

    # Members do not see the commands; forced, the bot refuses them in code.
    with pytest.raises(CommandNotPermitted):
        await double.invoke(alice, channel, "pokeradmin house add", count=2)
    forced = await double.invoke(
        alice, channel, "pokeradmin house fill", seats=6, bypass_permissions=True
    )
    assert "Manage Server" in await private_reply(forced)
    # Bad counts never reach the bot: the synced ranges refuse them.
    with pytest.raises(CommandError, match="above the maximum 9"):
        await double.invoke(admin, channel, "pokeradmin house add", count=10)
    with pytest.raises(CommandError, match="below the minimum 1"):
        await double.invoke(admin, channel, "pokeradmin house remove", count=0)
    with pytest.raises(CommandError, match="above the maximum 10"):
        await double.invoke(admin, channel, "pokeradmin house fill", seats=11)
    no_table = await double.invoke(admin, channel, "pokeradmin house add", count=2)
    assert "no table" in (await private_reply(no_table)).lower()

    fill = await double.invoke(admin, channel, "pokeradmin house fill", seats=4)
    assert "up to 4 seats" in await private_reply(fill)
    await table.join(alice)
    seated = await table.wait_table(
        lambda m: (field_value(m, "Seats") or "").count(HOUSE) == 3, timeout=10
    )
    assert "Alice" in (field_value(seated, "Seats") or "")
    removing = await double.invoke(admin, channel, "pokeradmin house remove")
    assert "fill" in await private_reply(removing)  # they would only sit down again

    started = time.monotonic()
    played = 0
    while len(results(table)) < HANDS:
        done = results(table)
        await table.wait_table(
            lambda m, done=done: hand_id_of(m) not in (None, *done),
            timeout=30,  # type: ignore[misc]
        )
        # A timer that fired would take 45 s: every hand ends well within that.
        await table.play_hand(simple_policy, discards=lambda m, n: 1 if n == 1 else 0, timeout=30)
        played += 1
    elapsed = time.monotonic() - started
    log.info("%d hands in %.1f s, the member acting %d times", HANDS, elapsed, len(table.acted))
    assert len(table.acted) >= HANDS // 2  # the member acted, never the dealer for them
    texts = [str(e.payload) for e in double.channel_events(channel)]
    assert not any("time ran out" in text for text in texts)

    # The house leaves with the last member; every chip is back in a wallet.
    leave = await double.invoke(alice, channel, "poker leave")
    await private_reply(leave)
    await double.wait_until(lambda: query(club.db_path, "SELECT count(*) FROM seats") == [(0,)], 30)
    club.audit_ok()
    wallets = dict(query(club.db_path, "SELECT user_id, balance FROM wallets"))
    (minted,) = query(
        club.db_path,
        "SELECT coalesce(sum(e.amount), 0) FROM ledger_entries AS e "
        "JOIN ledger_tx AS t ON t.id = e.tx_id "
        "WHERE t.kind = 'grant' AND e.account LIKE 'wallet:%:0'",
    )[0]
    assert minted >= 3 * 400
    assert wallets[alice.id] + wallets[0] == START_WALLET + minted
    # House players are no members: the leaderboard and DMs know nothing of them.
    board = await double.invoke(alice, channel, "chips leaderboard")
    lines = str((await board.response()).embeds[0]["description"]).split("\n")
    assert len(lines) == 1 and f"<@{alice.id}>" in lines[0]
    assert "Traceback" not in club.bot.output()
    check_after_test(club)
