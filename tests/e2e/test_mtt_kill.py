"""A SIGKILL changes no place and no prize of a multi-table tournament (issue 37's must-hold):
the seeded fourteen-player tournament of ``tests/e2e/test_mtt.py`` (three tables, rounds mode)
played twice in one test, each run a bot process of its own on a SQLite file of its own (a
new club each: the same table and tournament ids), first uninterrupted, then SIGKILLed twice,
each kill followed by a restart:

- in the middle of a hand: while a member is to act at one table (the autoplayer holds its
  click), the other tables between hands waiting for that hand (rounds). The member's click
  is not lost with the kill: the restored hand shows them the same turn, and they click it
  then, as a member would (``Autoplayer.after_restart``);
- right after a seat change of the director is written: the first balancing move or table
  break the bot logs as written in the store (``MTT n: player p moved to table t`` / ``table
  t broken``), the tables perhaps not told yet.

The killed run must end as the uninterrupted one did: the same hand histories (cards and
actions, hand after hand, the store's hand ids aside: a hand dealt and not yet saved when a
kill came is called off by the restart and dealt again, with its cards and its button, under
the next id; ``DEUCE_TEST_SEED`` keys each deck by the table and the hand's number
there, each house decision by the table, hand and its place in the hand, each of the
director's draws by the tournament and the step, so a restart draws what the uninterrupted run
drew), the same places and prizes, the members' wallets alike; the scheduled event completed
and the audit clean in both.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.conftest import StartBot
from tests.discord_double import DiscordDouble
from tests.discord_double.threads import EVENT_ACTIVE, EVENT_COMPLETED, EVENT_SCHEDULED
from tests.e2e.helpers import START_WALLET, check_after_test, make_club
from tests.e2e.mtt_play import (
    BUY_IN,
    FIELD,
    ROUNDS,
    Autoplayer,
    check_nothing_left,
    create_and_fill,
    digest,
    hand_histories,
    lobby_status,
    start_now,
)
from tests.e2e.sng_play import query

WRITTEN = re.compile(r"MTT \d+: (player \d+ moved to table \d+|table \d+ broken, )")
"""What the store logs once a balancing move or a table break is written."""
SETTLED = re.compile(r"hand \d+ settled")
MID_HAND_AFTER = 3
"""Hands settled before the first kill (a member still in: they bust first with this seed)."""


async def play(
    double: DiscordDouble, start_bot: StartBot, folder: Path, *, kill: bool
) -> dict[str, Any]:
    """One run of the tournament to its end (SIGKILLed twice if ``kill``): its course, places,
    prizes and the members' wallets, by name."""
    folder.mkdir()
    club = await make_club(double, start_bot, folder, **ROUNDS)
    channel = club.channel
    tournament_id, members = await create_and_fill(club)
    await start_now(club.db_path, tournament_id)
    player = Autoplayer(double, members)
    player.start()
    kills: list[str] = []
    try:
        await double.wait_until(lambda: lobby_status(double, channel) == "running", timeout=20)
        if kill:
            # 1. Mid-hand: a member is to act (their click held), some hands in.
            await double.wait_until(
                lambda: len(SETTLED.findall(club.bot.output())) >= MID_HAND_AFTER, timeout=30
            )
            player.held = True
            to_act = await double.wait_until(player.to_play, timeout=30)
            await club.bot.kill()
            kills.append(f"mid-hand, {to_act.display_name} to act")
            await club.bot.restart()
            player.after_restart()
            # 2. Right after the director's first seat change is written.
            seen = len(WRITTEN.findall(club.bot.output()))
            await double.wait_until(
                lambda: len(WRITTEN.findall(club.bot.output())) > seen, timeout=60
            )
            await club.bot.kill()
            kills.append(WRITTEN.findall(club.bot.output())[seen])
            await club.bot.restart()
            player.after_restart()
        await double.wait_until(lambda: lobby_status(double, channel) == "finished", timeout=90)
    finally:
        await player.stop()
    print("KILLS", kills)
    # The scheduled event went scheduled → active → completed.
    (event,) = [e for e in double.threads.events.values() if e.guild is club.guild]
    await double.wait_until(lambda: event.status == EVENT_COMPLETED, timeout=10)
    assert event.history == [EVENT_SCHEDULED, EVENT_ACTIVE, EVENT_COMPLETED]
    entries = await query(
        club.db_path,
        "SELECT name, place, prize FROM tournament_entries WHERE tournament_id = ?",
        tournament_id,
    )
    assert len(entries) == FIELD and sum(prize or 0 for *_, prize in entries) == FIELD * BUY_IN
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    # Nothing left behind: the escrow empty, every table closed, the audit clean.
    await check_nothing_left(club.db_path, tournament_id)
    club.audit_ok()
    check_after_test(club)
    histories = await hand_histories(club.db_path, tournament_id)
    voided = await query(
        club.db_path,
        "SELECT void_reason FROM hands WHERE tournament_id = ? AND status = 'voided'",
        tournament_id,
    )
    await club.bot.stop()  # the next run's process is the double's only bot
    return {
        "histories": histories,
        "places": sorted((place, name, prize or 0) for name, place, prize in entries),
        "wallets": {m.display_name: wallets[m.id] for m in members},
        "kills": kills,
        "voided": [reason for (reason,) in voided],
    }


def first_difference(one: list[str], other: list[str]) -> str:
    """Where two courses part: the first hand whose history differs, both versions."""
    for number, (a, b) in enumerate(zip(one, other, strict=False), start=1):
        if a != b:
            return f"hand {number} of the tournament differs:\n{a}\n--- killed run:\n{b}"
    return f"{len(one)} hands uninterrupted, {len(other)} killed"


async def test_two_sigkills_change_no_hand_no_place_and_no_prize(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    whole = await play(double, start_bot, tmp_path / "uninterrupted", kill=False)
    killed = await play(double, start_bot, tmp_path / "killed", kill=True)
    assert len(killed["kills"]) == 2, killed["kills"]
    # No hand called off, but one dealt and not yet saved when a SIGKILL came (dealt again
    # after the restart with its cards and button, as a misdeal).
    assert whole["voided"] == []
    assert all(reason.startswith("could not resume") for reason in killed["voided"])
    print("VOIDED", killed["voided"])
    print("HANDS", len(whole["histories"]), digest(whole["histories"]))
    print("PLACES", whole["places"])
    assert killed["histories"] == whole["histories"], first_difference(
        whole["histories"], killed["histories"]
    )
    assert killed["places"] == whole["places"]
    assert killed["wallets"] == whole["wallets"]
    # (the members' prizes reached their wallets: the buy-in gone, the prize in)
    prizes = {name: prize for _, name, prize in whole["places"]}
    assert whole["wallets"] == {
        name: START_WALLET - BUY_IN + prizes[name] for name in whole["wallets"]
    }
