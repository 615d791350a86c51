"""REST calls per hand: a sit-and-go's table beside a cash table, both played by the real bot
(``python -m bot``) against the loopback Discord double.

* sit-and-go: an admin creates a four-seat turbo tournament (levels of two hands, 200 chips),
  two members register (the button, the command), the admin registers two house players, and
  the members check or call every bet and stand pat until the final standings are posted;
* cash: the same two members and two house players at a cash table, the members playing the
  same way, for as many hands as the tournament took.

Each call the bot made from the deal of the first hand to the last result is counted from
the double's log, rate-limited calls (Discord's global 50 a second: channel and DM messages,
DM opening) apart from interaction answers (callbacks, follow-ups and edits through a click's
token), per hand; then what the whole run cost, set-up included (registration or joins).

Run: ``python -m bench.bench_sng [--runs 3]`` (medians over the runs).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_load import ANSWER_KINDS, route_kind
from tests.conftest import BotProcess, bot_env
from tests.discord_double import DiscordDouble
from tests.e2e.helpers import PokerTable, always, make_club
from tests.e2e.sng_play import FAST, play_to_the_end, query, start_four


@dataclass
class Figures:
    """One run's calls."""

    mode: str
    hands: int = 0
    limited: int = 0
    answers: int = 0
    total: int = 0
    """Every call of the run, set-up included."""
    kinds: Counter[str] = field(default_factory=Counter)


def count(double: DiscordDouble, start: int, figures: Figures) -> None:
    """Classify the double's REST log from index ``start`` on."""
    for _, method, path, _ in list(double.rest_log)[start:]:
        kind = route_kind(double, method, path, set())
        figures.kinds[kind] += 1
        if kind in ANSWER_KINDS:
            figures.answers += 1
        else:
            figures.limited += 1


async def run(mode: str, hands: int, folder: Path) -> Figures:
    """Play one sit-and-go (``hands`` ignored) or ``hands`` cash hands; the calls counted."""
    double = DiscordDouble()
    await double.start()
    bots: list[BotProcess] = []

    async def launch(double: DiscordDouble, db_path: Path | None = None, **env: Any) -> BotProcess:
        db = db_path or folder / "deuce.db"
        full_env = bot_env(double, db, "INFO", **env)
        bot = BotProcess(double, db, folder / f"bot-{mode}-{len(bots) + 1}.log", full_env)
        bots.append(bot)
        await bot.start()
        return bot

    figures = Figures(mode)
    try:
        # the table redrawn once a second, as in a deployment (the tests redraw it faster)
        env = {**FAST, "DEUCE_EDIT_INTERVAL_SECONDS": "1"}
        club = await make_club(double, launch, folder, **env)
        if mode == "sng":
            table, _ = await start_four(club)
            start = len(double.rest_log)
            await play_to_the_end(club, table)
        else:
            alice, bob = await club.players(2)
            table = PokerTable(double, club.channel, [alice, bob])
            await table.join(alice)
            await table.join(bob)
            added = await double.invoke(club.admin, club.channel, "pokeradmin house add", count=2)
            await added.response(timeout=10)
            start = len(double.rest_log)
            last = None
            for _ in range(hands):
                last = await table.wait_hand(after=last, timeout=30)
                await table.play_hand(always("call"), timeout=60)
        ((figures.hands,),) = await query(club.db_path, "SELECT count(*) FROM hands")
        count(double, start, figures)
        figures.total = len(double.rest_log)
    finally:
        for bot in bots:
            with contextlib.suppress(Exception):
                await bot.kill()
        await double.stop()
    return figures


def report(runs: list[Figures]) -> str:
    mode = runs[0].mode
    per_hand = [f.limited / f.hands for f in runs if f.hands]
    answers = [f.answers / f.hands for f in runs if f.hands]
    kinds: Counter[str] = Counter()
    for f in runs:
        kinds.update(f.kinds)
    hands = sum(f.hands for f in runs)
    detail = ", ".join(f"{k} {n / hands:.1f}" for k, n in kinds.most_common())
    return (
        f"{mode}: {statistics.median(f.hands for f in runs):.0f} hands a run (median of "
        f"{len(runs)}); rate-limited calls {statistics.median(per_hand):.1f}/hand, interaction "
        f"answers {statistics.median(answers):.1f}/hand; whole run with set-up "
        f"{statistics.median(f.total for f in runs):.0f} calls\n  per hand by kind: {detail}"
    )


async def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        results: dict[str, list[Figures]] = {"sng": [], "cash": []}
        for index in range(runs):
            (Path(tmp) / f"sng-{index}").mkdir()
            (Path(tmp) / f"cash-{index}").mkdir()
            sng = await run("sng", 0, Path(tmp) / f"sng-{index}")
            results["sng"].append(sng)
            cash = await run("cash", sng.hands, Path(tmp) / f"cash-{index}")
            results["cash"].append(cash)
        for figures in results.values():
            print(report(figures))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.runs))
