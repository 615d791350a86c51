"""A running multi-table tournament: its director at work (issue 37, slice 4).

``MttRun`` is one running MTT: the one level clock of its tables, and the director's steps
between hands. Each table (``bot/table/mtt.py``, a session per thread) holds after every hand
and tells the run (``hand_ended``); the run then asks the pure director
(``bot.tournament.director.decide``) what comes next, from the store's tables and seats, and
applies it one step at a time, each a store transaction of ``store.mtts`` (a hand-for-hand
round's players placed, a table broken, a player moved), handing each table concerned an
input (``SeatsMoved``, ``EndMttTable``) through its session, which alone changes its seats.
When the answer is only "these tables deal", it releases them (``Release``): a table waiting
in hand-for-hand is simply not released until every table's hand has ended.

Every step reads the store afresh, so a restart re-derives everything: the tables are restored
by the registry (each asks the run once it is between hands), the hand-for-hand flag and its
players out waiting are the store's, a balance interrupted between two writes is asked again.

``MttRuns`` (the client's) makes one run per tournament, starts an MTT at its time (a timer
read from the store: ``start_when_due``), and keeps the tournament's lobby message in the
channel and its scheduled event in step.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

import discord

from bot.features.mtt import lobby
from bot.features.mtt.discord_parts import event_in_step
from bot.house.accounts import is_house
from bot.messages import Text, language_of, number, speaking
from bot.store import Store
from bot.store.models import TOURNAMENT_RUNNING, EntryRow, TournamentRow
from bot.store.mtts import MttRow, MttTable
from bot.table.mtt import EndMttTable, MttRules, Release, SeatsMoved
from bot.table.pictures import standings_picture
from bot.table.registry import TableRegistry
from bot.table.render import safe_name, standings_embed
from bot.table.session import TableSession
from bot.tournament import Finish, TournamentClock
from bot.tournament.balance import Move, Table
from bot.tournament.director import Decision, decide
from bot.tournament.payouts import mtt_prizes

log = logging.getLogger(__name__)

STEPS = 200
"""Director steps in one pass at most (each a store write): a pass never loops for ever."""

LOBBY_EVERY = 5.0
"""Seconds between two edits of the lobby message (one message, edited: not a post an
event)."""


class MttClient(Protocol):
    """What a run needs of the Discord client (``bot.client.DeuceBot``)."""

    @property
    def store(self) -> Store: ...
    @property
    def tables(self) -> TableRegistry: ...
    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Any: ...
    def get_guild(self, id: int, /) -> Any: ...
    async def dm_channel(self, user_id: int) -> Any: ...
    async def locale_of(self, user_id: int) -> str: ...


def jump_url(guild_id: int, channel_id: int) -> str:
    """The link to a channel or thread (a DM's link works where a mention may not)."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


class MttRun:
    """One running MTT: the tables' clock and the director's steps (``MttDirecting``)."""

    def __init__(self, runs: MttRuns, tournament: TournamentRow, mtt: MttRow) -> None:
        self._runs = runs
        self.tournament = tournament
        self.mtt = mtt
        self.payouts = mtt.payouts
        self.clock = TournamentClock(
            tournament.structure,
            level_minutes=tournament.level_minutes,
            level_hands=tournament.level_hands,
        )
        self._idle: set[int] = set()
        """Tables (ids) between hands that the director has not released."""
        self._standing = (0, 0, 0)
        self._waited = 0
        self._imbalanced = False
        self._telling: set[int] = set()
        """Broken tables (ids) whose thread this process tells, or told, that they broke."""
        self._said_hand_for_hand = False
        """Whether this process told the channel the tables deal hand for hand (a restart in
        hand for hand says it again: a SIGKILL may have come between its write and the line)."""
        self._again = False
        self._task: asyncio.Task[None] | None = None
        self.over = False
        self.lobby_lines: lobby.LobbyState | None = None

    @property
    def id(self) -> int:
        return self.tournament.id

    # ------------------------------------------------------------------ MttDirecting

    def standing(self) -> tuple[int, int, int]:
        return self._standing

    def hand_ended(self, table_id: int) -> None:
        self._idle.add(table_id)
        if self._imbalanced and not self._runs.rounds:
            self._waited += 1  # (in rounds, counted as the round is dealt: ``_deal``)
        self.wake()

    # ------------------------------------------------------------------ the steps

    def stop(self) -> None:
        """The process stops: a pass running is cancelled (each store write is whole; the
        next start asks the director again)."""
        if self._task is not None:
            self._task.cancel()

    def wake(self) -> None:
        """Ask the director again (once the pass running, if any, is over)."""
        self._again = True
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._passes(), name=f"mtt-{self.id}")

    async def _passes(self) -> None:
        while self._again and not self.over:
            self._again = False
            try:
                async with self._runs.client.tables.tournament_turn(self.id):
                    await self._pass()
            except Exception:
                log.exception(
                    "MTT %s: the director's step failed; asked again at the next hand", self.id
                )
            self._runs.lobby_changed_id(self.id)

    def _session(self, table_id: int) -> TableSession | None:
        return self._runs.client.tables.by_table(table_id)

    async def _pass(self) -> None:
        store = self._runs.client.store
        for _ in range(STEPS):
            mtt = await store.mtts.get(self.id)
            self.mtt = mtt
            if mtt.tournament.status != TOURNAMENT_RUNNING:
                self.over = True
                return
            every_table = await store.mtts.tables(self.id)
            self._tell_broken(every_table)
            tables = [t for t in every_table if t.broken_at is None]
            seats = {t.table_id: await store.tables.seats(t.table_id) for t in tables}
            entries = await store.tournaments.entries(self.id)
            pending = await store.mtts.pending_outs(self.id)
            left = sum(1 for e in entries if e.place is None)
            stacks = [s.stack for table in seats.values() for s in table if s.stack > 0]
            self._standing = (left, len(entries), sum(stacks) // max(1, len(stacks)))
            self.lobby_lines = lobby.LobbyState(
                tables=tuple(
                    (t.number, t.channel_id, sum(1 for s in seats[t.table_id] if s.stack > 0))
                    for t in tables
                ),
                stacks=tuple(
                    sorted(
                        ((s.stack, s.name) for table in seats.values() for s in table),
                        reverse=True,
                    )
                ),
                left=left,
                entrants=len(entries),
                clock=self.clock,
                hand_for_hand=mtt.hand_for_hand,
            )
            self._tell_hand_for_hand(mtt.hand_for_hand)
            if left == 1 and pending == 0 and len(stacks) == 1:
                await self._finish(tables, seats, entries)
                return
            by_number = {t.number: t for t in tables}
            if self._runs.rounds:
                # (tests) one hand at a time: the round's tables deal in table order, each once
                # the hand before has ended (so players out at two tables in one round are
                # placed in table order, not by which hand a machine ended first); a round a
                # SIGKILL cut short goes on where it was; the director is asked once it is over
                if not all(t.table_id in self._idle for t in tables):
                    return
                behind = await self._behind(tables)
                if behind:
                    await self._release([behind[0].number], by_number)
                    return
            shape = [
                Table(t.number, {s.seat: s.user_id for s in seats[t.table_id]}, t.button_seat)
                for t in tables
            ]
            counts = [table.count for table in shape]
            self._imbalanced = bool(counts) and max(counts) - min(counts) >= 2
            if not self._imbalanced:
                self._waited = 0
            idle = {t.number for t in tables if t.table_id in self._idle}
            entrants = len(entries)
            prizes = mtt_prizes(mtt.tournament.buy_in * entrants, entrants, mtt.payouts)
            decision = decide(
                shape,
                idle,
                players_left=left,
                paid=sum(1 for prize in prizes if prize > 0),
                hand_for_hand_now=mtt.hand_for_hand,
                pending_out=pending,
                waited=self._waited,
                rng=await self._draw(left),
            )
            if decision.place_round:
                outs = await store.mtts.place_hand_for_hand(self.id)
                self._tell_outs(outs, entries)
                continue
            if decision.breaks is not None:
                await self._break(decision, by_number)
                continue
            if decision.move is not None:
                sizes = {table.number: table.count for table in shape}
                log.info(
                    "MTT %s: balancing: table %d (%d players) to table %d (%d players)",
                    self.id,
                    decision.move.from_table,
                    sizes[decision.move.from_table],
                    decision.move.to_table,
                    sizes[decision.move.to_table],
                )
                await self._move(decision.move, by_number)
                self._waited = 0
                continue
            await self._deal(decision, mtt, by_number)
            return
        log.warning("MTT %s: the director took %d steps in one pass", self.id, STEPS)

    async def _draw(self, left: int) -> random.Random:
        """The director's generator for this step (seeded: keyed by the players left and the
        moves made so far, which a restart finds in the store as they were)."""
        if self._runs.seed is None:
            return self._runs.rng
        moves = len(await self._runs.client.store.mtts.moves(self.id))
        return self._runs.draw(self.id, "step", left, moves)

    async def _deal(self, decision: Decision, mtt: MttRow, tables: dict[int, MttTable]) -> None:
        store = self._runs.client.store
        if decision.hand_for_hand != mtt.hand_for_hand:
            await store.mtts.set_hand_for_hand(self.id, decision.hand_for_hand)
            self.mtt = replace(mtt, hand_for_hand=decision.hand_for_hand)
            self._tell_hand_for_hand(decision.hand_for_hand)
        numbers = sorted(decision.deal)
        # (rounds: the first table deals; the round's others follow it, each in turn: _behind)
        await self._release(numbers[:1] if self._runs.rounds else numbers, tables)

    async def _behind(self, tables: list[MttTable]) -> list[MttTable]:
        """(Rounds, tests) The tables between hands that have not dealt in the round under way,
        in table order: a round deals in table order, so a table whose last hand came before
        that of a table numbered lower has not dealt in it yet. Read from the store's hands, so
        a restart finds the round where the SIGKILL left it."""
        hands = self._runs.client.store.hands
        last = {t.number: await hands.last_dealt(t.table_id) for t in tables}
        return [
            t
            for t in tables
            if t.table_id in self._idle
            and any(last[n] > last[t.number] for n in last if n < t.number)
        ]

    async def _release(self, numbers: list[int], tables: dict[int, MttTable]) -> None:
        """The tables ``numbers`` deal their next hand, in this order."""
        rounds = self._runs.rounds
        for table_number in numbers:
            table = tables[table_number]
            session = self._session(table.table_id)
            if session is None:
                continue
            # (tests: in rounds each table deals at once, in table order, each hand dealt,
            # its level taken from the one clock, before the next table's)
            if await session.handle(Release(at_once=rounds)):
                self._idle.discard(table.table_id)
                if rounds and self._imbalanced:
                    self._waited += 1

    def _tell_hand_for_hand(self, on: bool) -> None:
        """The channel reads that the tables deal hand for hand, once each time it begins
        (the store begins it in the transaction that reaches the bubble, or the director)."""
        if on and not self._said_hand_for_hand:
            self._runs.say(self, Text("mtt_hand_for_hand"))
        self._said_hand_for_hand = on

    async def _move(self, move: Move, tables: dict[int, MttTable]) -> None:
        store = self._runs.client.store
        source, target = tables[move.from_table], tables[move.to_table]
        await store.mtts.move(self.id, move.user_id, target.table_id, move.seat)
        for table in (source, target):
            session = self._session(table.table_id)
            if session is not None:
                await session.handle(SeatsMoved())
        self._tell_moved(move.user_id, source.number, target)

    async def _break(self, decision: Decision, tables: dict[int, MttTable]) -> None:
        broken_plan = decision.breaks
        assert broken_plan is not None
        store = self._runs.client.store
        broken = tables[broken_plan.table]
        moves = [(m.user_id, tables[m.to_table].table_id, m.seat) for m in broken_plan.moves]
        await store.mtts.break_table(self.id, broken.table_id, moves)
        self._idle.discard(broken.table_id)
        self._telling.add(broken.table_id)
        session = self._session(broken.table_id)
        if session is not None:
            told = partial(store.mtts.break_told, self.id, broken.table_id)
            notice = Text("mtt_table_broken", table=broken.number)
            await session.handle(EndMttTable(notice, state="broken", then=told))
        for number_to in sorted({m.to_table for m in broken_plan.moves}):
            target = self._session(tables[number_to].table_id)
            if target is not None:
                await target.handle(SeatsMoved())
        for m in broken_plan.moves:
            self._tell_moved(m.user_id, broken.number, tables[m.to_table])
        left = [table for number, table in tables.items() if number != broken.number]
        if len(left) == 1:  # the break that leaves one table sets the final table
            link = jump_url(self.tournament.guild_id, left[0].channel_id)
            self._runs.say(self, Text("mtt_final_table", tournament=str(self.id), link=link))
        log.info("MTT %s: table %d broken", self.id, broken.number)

    def _tell_broken(self, tables: list[MttTable]) -> None:
        """A broken table whose thread was not told it broke (a SIGKILL came between the
        break's write and the notice) is told now, in its thread, once."""
        for table in tables:
            if table.broken_at is None or table.break_told or table.table_id in self._telling:
                continue
            self._telling.add(table.table_id)
            self._runs.say_in(
                self,
                table.channel_id,
                Text("mtt_table_broken", table=table.number),
                then=partial(self._runs.client.store.mtts.break_told, self.id, table.table_id),
            )
            log.info("MTT %s: table %d told it broke, after a restart", self.id, table.number)

    def _tell_moved(self, user_id: int, from_number: int, target: MttTable) -> None:
        if is_house(user_id):
            return
        link = jump_url(self.tournament.guild_id, target.channel_id)
        text = Text(
            "mtt_moved_dm",
            tournament=str(self.id),
            table_from=from_number,
            table_to=target.number,
            link=link,
        )
        self._runs.dm(user_id, text)

    def _tell_outs(self, outs: list[Finish], entries: list[EntryRow]) -> None:
        names = {e.user_id: e.name for e in entries}
        for finish in outs:
            key = "mtt_out_prize" if finish.prize else "mtt_out"
            self._runs.say(
                self,
                Text(
                    key,
                    name=safe_name(names.get(finish.user_id, "?")),
                    place=finish.place,
                    prize=number(finish.prize),
                ),
            )
            if not is_house(finish.user_id):
                key = MttRules.PLACE_KEYS[1] if finish.prize else MttRules.PLACE_KEYS[0]
                self._runs.dm(
                    finish.user_id,
                    Text(
                        key,
                        tournament=str(self.id),
                        place=finish.place,
                        entrants=len(entries),
                        prize=number(finish.prize),
                    ),
                )

    async def _finish(
        self, tables: list[MttTable], seats: dict[int, list[Any]], entries: list[EntryRow]
    ) -> None:
        store = self._runs.client.store
        winner = next(s for table in seats.values() for s in table if s.stack > 0)
        paid = await store.mtts.finish(self.id, winner.user_id)
        self.over = True
        entries = await store.tournaments.entries(self.id)
        pool = self.tournament.buy_in * len(entries)
        for table in tables:
            session = self._session(table.table_id)
            if session is not None:
                await session.handle(EndMttTable(Text("mtt_table_over", tournament=str(self.id))))
        self._runs.finished(self, entries, pool, winner.name)
        if not is_house(winner.user_id):
            self._runs.dm(
                winner.user_id,
                Text(
                    MttRules.PLACE_KEYS[1 if paid.get(winner.user_id) else 0],
                    tournament=str(self.id),
                    place=1,
                    entrants=len(entries),
                    prize=number(paid.get(winner.user_id, 0)),
                ),
            )

    async def cancel(self, reason: str) -> dict[int, int]:
        """Call the tournament off (in its turn): every table's hand called off, every buy-in
        back (``store.mtts.cancel``: refused once in the money), every table ended."""
        store = self._runs.client.store
        mtt = await store.mtts.get(self.id)
        entries = await store.tournaments.entries(self.id)
        if any((e.prize or 0) > 0 for e in entries):
            return await store.mtts.cancel(self.id, reason)  # refused: in the money
        tables = [t for t in await store.mtts.tables(self.id) if t.broken_at is None]
        sessions = [s for t in tables if (s := self._session(t.table_id)) is not None]
        for session in sessions:
            await session.handle(EndMttTable(None, call_off=True, state="cancelled"))
        refunds = await store.mtts.cancel(self.id, reason)
        self.over = True
        self.mtt = replace(mtt, tournament=replace(mtt.tournament, status="cancelled"))
        for session in sessions:
            session.io.post(content=Text("sng_cancelled", tournament=str(self.id)))
        return refunds


class MttRuns:
    """The client's runs of multi-table tournaments (the registry's ``mtt_runs``)."""

    def __init__(
        self,
        client: MttClient,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        lobby_every: float = LOBBY_EVERY,
        rounds: bool = False,
    ) -> None:
        self.client = client
        self.rounds = rounds
        """Tests only (``DEUCE_TEST_MTT_ROUNDS``): the tables deal in rounds, the director asked
        only when every table is between hands, so a seeded tournament takes one course."""
        self.rng: random.Random = rng or secrets.SystemRandom()
        """Draws the seatings, breaks and moves (``secrets.SystemRandom`` in the bot), unless
        ``seed`` is set."""
        self.seed = seed
        """Tests only (``DEUCE_TEST_SEED``): each draw from a generator keyed by the seed, the
        tournament and the step it draws for (``draw``), so a restart draws the same."""
        self._runs: dict[int, MttRun] = {}
        self._lobby_tasks: dict[int, asyncio.Task[None]] = {}
        self._lobby_due: set[int] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.lobby_every = lobby_every

    def draw(self, tournament_id: int, *step: object) -> random.Random:
        """The generator of one of a tournament's draws: ``rng``, or (``seed`` set, tests) one
        keyed by the seed, the tournament and ``step`` (what the draw is for, and where the
        tournament stands: a restart at the same point draws the same)."""
        if self.seed is None:
            return self.rng
        key = (self.seed, "mtt", tournament_id, *step)
        return random.Random(":".join(str(part) for part in key))

    # ------------------------------------------------------------------ the registry's

    async def run_of(self, tournament: TournamentRow) -> MttRun:
        run = self._runs.get(tournament.id)
        if run is None or run.over:
            mtt = await self.client.store.mtts.get(tournament.id)
            run = MttRun(self, tournament, mtt)
            self._runs[tournament.id] = run
        return run

    def restored(self) -> None:
        for run in self._runs.values():
            run.wake()

    def get(self, tournament_id: int) -> MttRun | None:
        run = self._runs.get(tournament_id)
        return None if run is None or run.over else run

    # ------------------------------------------------------------------ Discord

    def spawn(self, coro: Awaitable[Any], name: str) -> None:
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def dm(self, user_id: int, text: Text) -> None:
        """A DM of its own (a closed DM costs only this message)."""

        async def send() -> None:
            try:
                language = await self.client.locale_of(user_id)
                channel = await self.client.dm_channel(user_id)
                await channel.send(content=text.render(language))
            except Exception as error:
                log.info("MTT DM to %s not sent: %s", user_id, error)

        self.spawn(send(), f"mtt-dm-{user_id}")

    def _language(self, guild_id: int) -> str:
        guild = self.client.get_guild(guild_id)
        return language_of(getattr(guild, "preferred_locale", None))

    def say(self, run: MttRun, text: Text) -> None:
        """A line in the tournament's channel (the final table, hand for hand, places of a
        hand-for-hand round)."""
        self.say_in(run, run.tournament.channel_id, text)

    def say_in(
        self,
        run: MttRun,
        channel_id: int,
        text: Text,
        *,
        then: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """A line in the tournament's channel or one of its threads (``then`` awaited once it
        is sent)."""
        tournament = run.tournament

        async def send() -> None:
            try:
                channel = self.client.get_partial_messageable(
                    channel_id, guild_id=tournament.guild_id
                )
                await channel.send(content=text.render(self._language(tournament.guild_id)))
            except Exception as error:
                log.info("MTT %s: line not sent in %s: %s", tournament.id, channel_id, error)
                return
            if then is not None:
                await then()

        self.spawn(send(), f"mtt-say-in-{channel_id}")

    def finished(self, run: MttRun, entries: list[EntryRow], pool: int, winner: str) -> None:
        """The final standings in the tournament's channel, the lobby's last edit, the
        scheduled event completed."""
        tournament = run.tournament
        language = self._language(tournament.guild_id)

        async def send() -> None:
            try:
                with speaking(language):
                    embed = standings_embed(tournament.id, entries, pool, kind="mtt")
                file = await standings_picture(tournament.id, entries, pool, language, kind="mtt")()
                channel = self.client.get_partial_messageable(
                    tournament.channel_id, guild_id=tournament.guild_id
                )
                won = Text("mtt_won", name=safe_name(winner), tournament=str(tournament.id))
                if file is not None:
                    embed.set_image(url=f"attachment://{file.filename}")
                    await channel.send(content=won.render(language), embed=embed, file=file)
                else:
                    await channel.send(content=won.render(language), embed=embed)
            except Exception as error:
                log.warning("MTT %s: final standings not posted: %s", tournament.id, error)
            await self.event(tournament.guild_id, run.mtt.event_id, "completed")
            self.lobby_changed_id(tournament.id)

        self.spawn(send(), f"mtt-finished-{tournament.id}")

    async def event(self, guild_id: int, event_id: int | None, status: str) -> None:
        """The scheduled event in step (a failure costs only that)."""
        guild = self.client.get_guild(guild_id)
        if event_id is None or not isinstance(guild, discord.Guild):
            return
        with contextlib.suppress(Exception):
            await event_in_step(guild, event_id, status)

    # ------------------------------------------------------------------ the lobby message

    def lobby_changed_id(self, tournament_id: int) -> None:
        """Edit the lobby message soon: at most one edit every ``lobby_every`` seconds."""
        self._lobby_due.add(tournament_id)
        task = self._lobby_tasks.get(tournament_id)
        if task is None or task.done():
            self._lobby_tasks[tournament_id] = asyncio.create_task(
                self._lobby_loop(tournament_id), name=f"mtt-lobby-{tournament_id}"
            )

    async def _lobby_loop(self, tournament_id: int) -> None:
        while tournament_id in self._lobby_due:
            self._lobby_due.discard(tournament_id)
            try:
                await self.edit_lobby(tournament_id)
            except Exception as error:
                log.info("MTT %s: lobby message not edited: %s", tournament_id, error)
            await asyncio.sleep(self.lobby_every)

    async def edit_lobby(self, tournament_id: int) -> None:
        """The lobby message as the store and the run have it now."""
        store = self.client.store
        mtt = await store.mtts.get(tournament_id)
        tournament = mtt.tournament
        if tournament.message_id is None:
            return
        entries = await store.tournaments.entries(tournament_id)
        run = self._runs.get(tournament_id)
        state = run.lobby_lines if run is not None else None
        language = self._language(tournament.guild_id)
        with speaking(language):
            content = lobby.lobby_text(mtt, entries, state, now=time.time())
            view = lobby.lobby_view(mtt)
        channel = self.client.get_partial_messageable(
            tournament.channel_id, guild_id=tournament.guild_id
        )
        await channel.get_partial_message(tournament.message_id).edit(
            content=content, embed=None, view=view
        )

    async def close(self) -> None:
        for task in [*self._lobby_tasks.values(), *self._tasks]:
            task.cancel()
        for run in self._runs.values():
            run.stop()
