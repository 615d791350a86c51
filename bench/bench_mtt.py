"""REST calls per hand: a multi-table tournament beside as many cash tables of the same
players, both played by the real bot (``python -m bot``) against the loopback Discord double.

* mtt: an admin creates a turbo tournament of ``--field`` players (levels of four hands, 200
  chips, flat payouts), one member a table registers (``/poker mtt register``), house players
  fill the field; the members check or call every bet and stand pat from their DM panels (the
  panel follows a member moved to another table) until the lobby says it is finished;
* cash: as many cash tables (a channel each), at each one member (bought in with their whole
  wallet: calling every bet down, they would bust the default buy-in before the run ends, and
  a table of house players alone stops) and the house players that make the same count as a
  tournament table at the start, the members playing the same way, until the tables together
  have dealt as many hands as the tournament.

Each call the bot made from the start to the end is counted from the double's log,
rate-limited calls (Discord's global 50 a second: channel, thread and DM messages, DM opening,
the lobby's edits, the scheduled event) apart from interaction answers, per hand (``bench_sng``'s
counting); then what the whole run cost, set-up included.

Run: ``python -m bench.bench_mtt [--field 60] [--runs 1]`` (medians over the runs); the smallest
field that plays on two tables is 7.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_sng import Figures, count, report
from tests.conftest import BotProcess, bot_env
from tests.discord_double import DiscordDouble
from tests.e2e.helpers import START_WALLET, PokerTable, make_club, private_reply
from tests.e2e.mtt_play import (
    MTT_FAST,
    Autoplayer,
    create_mtt,
    lobby_status,
    mtt,
    start_now,
)
from tests.e2e.sng_play import query

SEATS = 6
HOUSE_PER_COMMAND = 20


def say(text: str) -> None:
    """Progress on stderr (the figures go to stdout)."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def tables_for(field: int) -> int:
    """Tables of the first seating: the fewest of at most six."""
    return math.ceil(field / SEATS)


async def run(mode: str, field: int, hands: int, folder: Path) -> Figures:
    """Play one tournament of ``field`` (``hands`` ignored), or cash tables of the same players
    for ``hands`` hands in all; the calls counted."""
    double = DiscordDouble()
    await double.start()
    bots: list[BotProcess] = []

    async def launch(double: DiscordDouble, db_path: Path | None = None, **env: Any) -> BotProcess:
        db = db_path or folder / "deuce.db"
        log_file = folder / f"bot-{mode}-{len(bots) + 1}.log"
        bot = BotProcess(double, db, log_file, bot_env(double, db, "INFO", **env))
        bots.append(bot)
        await bot.start()
        return bot

    figures = Figures(mode)
    tables = tables_for(field)
    player: Autoplayer | None = None
    try:
        # the table redrawn once a second, as in a deployment (the tests redraw it faster)
        club = await make_club(
            double, launch, folder, **{**MTT_FAST, "DEUCE_EDIT_INTERVAL_SECONDS": "1"}
        )
        admin, channel = club.admin, club.channel
        await private_reply(await double.invoke(admin, channel, "pokeradmin timer", seconds=3))
        members = [
            await double.add_member(club.guild, f"m{n}", display_name=f"Member {n}")
            for n in range(tables)
        ]
        player = Autoplayer(double, members)
        if mode == "mtt":
            tournament_id, _ = await create_mtt(
                double,
                admin,
                channel,
                starts_in=30,
                buy_in=100,
                stack=200,
                structure="turbo",
                level_hands=4,
                field=field,
                payouts="flat",
            )
            for member in members:
                assert "registered" in await mtt(double, member, channel, "register")
            left = field - tables
            while left:
                batch = min(left, HOUSE_PER_COMMAND)
                said = await mtt(double, admin, channel, "house", count=batch, level="solid")
                assert "house players registered" in said, said
                left -= batch
            say(f"mtt: {field} registered, starting")
            start = len(double.rest_log)
            await start_now(club.db_path, tournament_id)
            player.start()
            await double.wait_until(
                lambda: lobby_status(double, channel) == "finished", timeout=60 * field
            )
            ((figures.hands,),) = await query(
                club.db_path,
                "SELECT count(*) FROM hands h JOIN mtt_tables m ON m.table_id = h.table_id"
                " WHERE m.tournament_id = ?",
                tournament_id,
            )
        else:
            house = field // tables - 1
            for number, member in enumerate(members):
                room = await double.add_channel(club.guild, f"cash-{number}")
                # the whole wallet: a member who calls every bet down would bust the default
                # buy-in within about a dozen hands, and a table of house players alone stops
                await PokerTable(double, room, [member]).join(member, buy_in=START_WALLET)
                added = await double.invoke(admin, room, "pokeradmin house add", count=house)
                said = await private_reply(added)
                assert "house player" in said, said
            say(f"cash: {tables} tables seated, playing {hands} hands")
            started = time.time()
            start = len(double.rest_log)
            player.start()

            async def dealt() -> int:
                ((n,),) = await query(
                    club.db_path,
                    "SELECT count(*) FROM hands WHERE started_at >= ? AND ended_at IS NOT NULL",
                    started,
                )
                return int(n)

            figures.hands = await dealt()
            while figures.hands < hands:
                await asyncio.sleep(0.5)
                figures.hands = await dealt()
        say(f"{mode}: {figures.hands} hands played")
        await player.stop()
        player = None
        count(double, start, figures)
        figures.total = len(double.rest_log)
    finally:
        if player is not None:
            await player.stop()
        for bot in bots:
            with contextlib.suppress(Exception):
                await bot.kill()
        await double.stop()
    return figures


async def main(field: int, runs: int) -> None:
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        results: dict[str, list[Figures]] = {"mtt": [], "cash": []}
        for index in range(runs):
            (Path(tmp) / f"mtt-{index}").mkdir()
            (Path(tmp) / f"cash-{index}").mkdir()
            tournament = await run("mtt", field, 0, Path(tmp) / f"mtt-{index}")
            results["mtt"].append(tournament)
            cash = await run("cash", field, tournament.hands, Path(tmp) / f"cash-{index}")
            results["cash"].append(cash)
        tables = tables_for(field)
        print(f"{field} players on {tables} tables (one member each, house players the rest):")
        for figures in results.values():
            print(report(figures))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--field", type=int, default=60, help="players (2-60)")
    parser.add_argument("--runs", type=int, default=1)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.field, arguments.runs))
