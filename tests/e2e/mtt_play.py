"""A multi-table tournament played through the real bot: the lobby message, the ``/poker mtt``
commands, the members' autoplayer on their DM panels (which follow them from table to
table), and the seeded fourteen-player tournament the MTT end-to-end tests play
(``create_and_fill``, ``ROUNDS``, its course: ``hand_histories``). The MTT end-to-end tests and
``bench/bench_sng.py --mtt`` use them."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import time
from pathlib import Path
from typing import Any

from tests.discord_double import Channel, DiscordDouble, Member
from tests.discord_double.threads import EVENT_SCHEDULED
from tests.e2e.helpers import Club, buttons, is_panel, panel_text, private_reply
from tests.e2e.sng_play import FAST, query

MTT_FAST = {
    **FAST,
    "DEUCE_MTT_DUE_SECONDS": "0.2",
    "DEUCE_MTT_LOBBY_SECONDS": "0.3",
    "DEUCE_MIN_TIMER_SECONDS": "1",
}
"""The knobs of a quick MTT: the start looked for and the lobby edited often, short timers."""


LOBBY_TITLE = re.compile(r"^## Multi-table tournament #(?P<id>\d+) \((?P<status>\w+)\)")
PLAYER_ACTIONS_CALL = re.compile(r"^deuce:t:\d+:\d+:\d+:call$")
PLAYER_ACTIONS_PAT = re.compile(r"^deuce:d:\d+:\d+:\d+:pat$")


def lobby(double: DiscordDouble, channel: Channel) -> dict[str, Any]:
    message = double.last_message(
        channel, lambda m: LOBBY_TITLE.match(str(m.get("content") or "")) is not None
    )
    assert message is not None, "no lobby message"
    return message


def lobby_status(double: DiscordDouble, channel: Channel) -> str | None:
    message = double.last_message(
        channel, lambda m: LOBBY_TITLE.match(str(m.get("content") or "")) is not None
    )
    if message is None:
        return None
    match = LOBBY_TITLE.match(str(message.get("content")))
    return None if match is None else match["status"]


async def create_mtt(
    double: DiscordDouble, admin: Member, channel: Channel, **options: Any
) -> tuple[int, dict[str, Any]]:
    """``/poker mtt create`` with ``options`` by ``admin`` in ``channel``: the new tournament's
    id and its lobby message (the command's public answer), registering."""
    created = await double.invoke(admin, channel, "poker mtt create", **options)
    await created.response(timeout=10)
    message = lobby(double, channel)
    match = LOBBY_TITLE.match(str(message["content"]))
    assert match is not None and match["status"] == "registering", message
    return int(match["id"]), message


async def mtt(
    double: DiscordDouble, member: Member, channel: Channel, command: str, **kw: Any
) -> str:
    return await private_reply(await double.invoke(member, channel, f"poker mtt {command}", **kw))


async def click_lobby(double: DiscordDouble, member: Member, channel: Channel, what: str) -> str:
    message = lobby(double, channel)
    button = next(b for b in buttons(message) if b["custom_id"].startswith(f"deuce:m{what}:"))
    return await private_reply(await double.click(member, message, button["custom_id"]))


def to_draw(member: Member, panel: dict[str, Any]) -> bool:
    """Whether the member's panel shows it is their turn to draw."""
    name = re.escape(member.display_name)
    return re.search(rf"\*\*{name}\*\*[^\n]*\*\*to draw\*\*", panel_text(panel)) is not None


def to_act(member: Member, panel: dict[str, Any]) -> bool:
    """Whether the member's panel shows it is their turn to bet (check, call, fold, raise)."""
    name = re.escape(member.display_name)
    return re.search(rf"\*\*{name}\*\*[^\n]*\*\*to act\*\*", panel_text(panel)) is not None


class Autoplayer:
    """The members play from their DM panels (which follow them from table to table): on
    their own turn only, exactly one click, check or call when they bet and stand pat when
    they draw. Each turn's button is clicked once (its custom id names the hand and the
    action or draw), so the members' play is the same whenever the panel shows it."""

    def __init__(self, double: DiscordDouble, members: list[Member]) -> None:
        self.double = double
        self.members = members
        self.clicked: set[tuple[int, str]] = set()
        """(member, custom id) of each click: each turn's once (a draw's Stand pat has one
        custom id for every player at the table)."""
        self.tasks: set[asyncio.Task[Any]] = set()
        self._task: asyncio.Task[None] | None = None
        self.held = False
        """While set, nobody clicks (a test's SIGKILL comes while a member is to act)."""

    def after_restart(self) -> None:
        """The bot came back: a turn whose click the SIGKILL lost (the panel still shows it,
        the same custom id) is clicked again, as a member would; a click the bot had played
        is refused as stale and changes nothing."""
        self.clicked.clear()
        self.held = False

    def to_play(self) -> Member | None:
        """A member whose panel shows their turn, not clicked yet."""
        return next((m for m in self.members if self.turn(m) is not None), None)

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    def turn(self, member: Member) -> tuple[dict[str, Any], str] | None:
        """The panel and the one button to click, when a panel shows it is the member's
        turn and that turn's button was not clicked yet."""
        for panel in [m for m in self.double.dms(member) if is_panel(m)]:
            current = self.double.current(panel) or panel
            if to_act(member, current):
                wanted = PLAYER_ACTIONS_CALL
            elif to_draw(member, current):
                wanted = PLAYER_ACTIONS_PAT
            else:
                continue
            for button in buttons(current):
                custom_id = str(button.get("custom_id") or "")
                usable = wanted.match(custom_id) and not button.get("disabled")
                if usable and (member.id, custom_id) not in self.clicked:
                    return current, custom_id
        return None

    async def _loop(self) -> None:
        while True:
            for member in self.members if not self.held else []:
                found = self.turn(member)
                if found is not None:
                    message, custom_id = found
                    self.clicked.add((member.id, custom_id))
                    task = asyncio.create_task(self._click(member, message, custom_id))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            await asyncio.sleep(0.05)

    async def _click(self, member: Member, message: dict[str, Any], custom_id: str) -> None:
        with contextlib.suppress(Exception):
            interaction = await self.double.click(member, message, custom_id)
            await interaction.response(timeout=10)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for task in list(self.tasks):
            task.cancel()


async def check_nothing_left(db: Path | str, tournament_id: int) -> None:
    """The tournament left nothing behind: its escrow empty (paid out or refunded), every one
    of its tables closed."""
    ((escrow,),) = await query(
        db,
        "SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account = ?",
        f"tournament:{tournament_id}",
    )
    assert escrow == 0
    assert (
        await query(
            db,
            "SELECT id FROM poker_tables WHERE tournament_id = ? AND status != 'closed'",
            tournament_id,
        )
        == []
    )


async def start_now(db: Path | str, tournament_id: int) -> None:
    """The start time comes now (the bot reads it from the store: a SQLite file or a
    PostgreSQL URL)."""
    await query(db, "UPDATE tournaments SET starts_at = ? WHERE id = ?", time.time(), tournament_id)


BUY_IN = 100
STACK = 200
MEMBERS = 3
HOUSE = 11
FIELD = MEMBERS + HOUSE
SEED = "3"
"""``DEUCE_TEST_SEED`` (tests only, bot/config.py) of the tournament dealt in rounds: the same
first seating, decks (by table and hand number there), house choices (by table, hand and
decision) and director's draws (by tournament and step) each run, a restart included."""
FREE_SEED = "23"
"""The seed of the free-running tournament (``ENV``): its course depends on which table's hand
ends first, so its moves vary run to run; with this seed a balancing move came in every one of
seven runs (with ``SEED``, in two of five), so the SIGKILL test mostly checks one against the
rule (it asserts none must come: only the seeded course in rounds does)."""
ENV = {
    **MTT_FAST,
    "DEUCE_TEST_SEED": FREE_SEED,
}
ROUNDS = {**ENV, "DEUCE_TEST_SEED": SEED, "DEUCE_TEST_MTT_ROUNDS": "1"}
"""(tests only, bot/config.py) The tables deal in rounds: each deals its next hand once every
table's hand has ended, in table order, one hand at a time, and the director is asked only
then; with the members' one click on their own turn (``Autoplayer``) and their timer never
running out, the tournament takes the same course each run, and after a SIGKILL
(``tests/e2e/test_mtt_kill.py``): with this seed a balancing move, two breaks and hand for
hand at the bubble (the asserts in ``check_the_end``)."""
TIMER = 10
"""The members' seconds to act (no time bank): ample, so a loaded machine never times a
member out (a timeout folds what the member would have called: another course)."""


async def create_and_fill(club: Club) -> tuple[int, list[Member]]:
    """The admin schedules the tournament; Alice registers with the button, Bob and Carol
    with the command, the admin adds eleven house players; the refusals on the way."""
    double, channel = club.double, club.channel
    members = await club.players(MEMBERS)
    timer = await double.invoke(club.admin, channel, "pokeradmin timer", seconds=TIMER)
    assert f"{TIMER} s" in await private_reply(timer)
    bank = await double.invoke(club.admin, channel, "pokeradmin timebank", start=0, add=0)
    await private_reply(bank)
    alice, bob, carol = members
    tournament_id, message = await create_mtt(
        double,
        club.admin,
        channel,
        starts_in=30,
        buy_in=BUY_IN,
        stack=STACK,
        structure="turbo",
        level_hands=4,
        field=20,
        payouts="flat",
    )
    assert "Register" in [b["label"] for b in buttons(message)]

    def events() -> list[Any]:
        return [e for e in double.threads.events.values() if e.guild is club.guild]

    (event,) = await double.wait_until(events, timeout=10)
    assert event.status == EVENT_SCHEDULED and f"#{tournament_id}" in event.name
    assert "registered for tournament" in await click_lobby(double, alice, channel, "r")
    assert "already registered" in await click_lobby(double, alice, channel, "r")
    for member in (bob, carol):
        assert "registered for tournament" in await mtt(double, member, channel, "register")
    assert "11 house players registered" in await mtt(
        double, club.admin, channel, "house", count=HOUSE, level="solid"
    )
    entries = await query(
        club.db_path,
        "SELECT count(*) FROM tournament_entries WHERE tournament_id = ?",
        tournament_id,
    )
    assert entries == [(FIELD,)]
    # Carol takes her buy-in back and registers again: the wallet and the field follow.
    assert "no longer registered" in await mtt(double, carol, channel, "unregister")
    assert "registered for tournament" in await click_lobby(double, carol, channel, "r")

    def lists_carol() -> bool:
        return "Carol" in str(lobby(double, channel).get("content"))

    await double.wait_until(lists_carol, timeout=10)
    return tournament_id, members


async def hand_histories(db: Path | str, tournament_id: int) -> list[str]:
    """The tournament's course: every settled hand's history, cards and actions, in the order
    dealt; the members' snowflake ids aside (another club's members have other ids), and the
    hand's id in the store (a hand a restart called off takes an id: the hand dealt again in
    its place has the next one)."""
    histories = await query(
        db,
        "SELECT h.phh FROM hands h JOIN mtt_tables m ON m.table_id = h.table_id"
        " WHERE m.tournament_id = ? AND h.status = 'settled' ORDER BY h.id",
        tournament_id,
    )
    return [
        "\n".join(
            line
            for line in str(phh).splitlines()
            if not line.startswith(("_deuce_player_ids", "hand = "))
        )
        for (phh,) in histories
    ]


def digest(histories: list[str]) -> str:
    """A short digest of a course (``hand_histories``), to compare run with run."""
    return hashlib.sha256("\n".join(histories).encode()).hexdigest()[:16]
