"""A sit-and-go's table: the channel's table while its tournament runs (RULES.md,
"Tournaments"). It is a ``TableSession`` whose seat rules (``TournamentRules``) differ from a
cash table's (``bot/table/cash.py``):

- The limits of each hand come from the level clock (``bot.tournament.TournamentClock``),
  which counts play time (the seconds this process ran the table; a restart's downtime is not
  counted) or hands, is saved with the tournament at each deal and after each hand, and moves
  on only at a deal.
- Nobody sits out: every seat with chips is dealt in, house players among themselves too. A
  player who leaves, sits out or times out twice is away: still dealt in and blinded, their
  turns checked or folded when the timer runs out, back with ``/poker sitin``.
- A player with no chips after a hand is out: the store places them (their place and prize)
  in the transaction that settles the hand; the hand's result says it (with the level the
  next hand begins), so does the table's log, and the player gets a DM. A level that begins
  and a player away are lines of the table's log too: a tournament posts nothing of its own
  in the channel but the hand's results and, at its end, the final standings. When one
  player holds every chip, ``store.tournaments.finish`` pays the prizes from the escrow in
  one ledger transaction, the channel gets the final standings (the winner, every place and
  prize, their picture), and the table closes saying who won.
- Buying in, topping up, pausing and closing are refused: tournament chips never meet the
  wallets. A tournament whose table cannot resume is cancelled and every buy-in refunded.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.house.accounts import is_house
from bot.messages import Text, number, speaking, t
from bot.replies import Refused
from bot.table.idle import IdleClose
from bot.table.inputs import CancelTournament
from bot.table.pictures import standings_picture
from bot.table.render import safe_name, standings_embed
from bot.table.render.standings import registration_embed
from bot.table.session import TableSession
from bot.table.snapshot import ResultSnapshot, TournamentLine, TournamentNews
from bot.tournament import Finish, TournamentClock, prizes_for
from bot.tournament.places import prize_of

if TYPE_CHECKING:
    from bot.engine import Hand
    from bot.store import Store
    from bot.store.models import EntryRow, SeatRow, Settings, TableRow, TournamentRow
    from bot.table.channel import TableChannel

log = logging.getLogger(__name__)


class NeverIdle(IdleClose):
    """A tournament's table never closes for want of members: house players may finish it."""

    def empty(self) -> bool:
        return False


class TournamentRules:
    """The seat rules of a tournament's table (``bot.table.cash.SeatRules``)."""

    KIND = "sng"
    """The kind of tournament its table and results name."""
    PLACE_KEYS = ("sng_place_private", "sng_place_private_prize")
    """The DM of a player's place: without, and with a prize."""

    def __init__(self, session: TournamentSession, tournament: TournamentRow) -> None:
        self._session = session
        self.tournament = tournament
        self.clock: TournamentClock = TournamentClock(
            tournament.structure,
            level_minutes=tournament.level_minutes,
            level_hands=tournament.level_hands,
        )
        self.entrants = 0
        self.restoring = False
        """While the table is restored: no deal, so the clock does not move."""
        self._played_mark = (0.0, session.clock())
        """(play seconds, when): play time counts on from there while this process runs."""
        self._line: TournamentLine | None = None
        self._news: tuple[TournamentNews, ...] = ()
        """The running hand's tournament lines of the table's log (``TournamentLine.news``)."""
        self._last_news: tuple[TournamentNews, ...] = ()
        """What the last hand brought (places, players away): the log's lines after its
        actions, then the first of the next hand's."""
        self._outs: tuple[int, list[tuple[Finish, str]]] | None = None
        """(hand id, its players out with their names) as read for its result."""
        self._state = "running"
        self._standings: tuple[TournamentNews, ...] = ()

    @property
    def prizes(self) -> tuple[int, ...]:
        return prizes_for(self.tournament.buy_in * self.entrants, self.entrants)

    def played(self) -> float:
        """Seconds of play so far."""
        played, since = self._played_mark
        return played + max(0.0, self._session.clock() - since)

    async def load(self) -> list[EntryRow]:
        """Read the entries and the saved clock (``ValueError``/``TypeError``/``KeyError``
        when the clock cannot be read back)."""
        store = self._session.store
        entries = await store.tournaments.entries(self.tournament.id)
        self.entrants = len(entries)
        saved = await store.tournaments.clock(self.tournament.id)
        if saved is not None:
            clock = TournamentClock.from_json(saved)
            dealt = await store.hands.dealt_in_tournament(self.tournament.id)
            self.clock = clock.dealt(dealt)
        self._played_mark = (self.clock.played, self._session.clock())
        styles = {e.user_id: e.style for e in entries if e.style is not None}
        self._session.house.use_styles(styles)
        return entries

    async def _save_clock(self) -> None:
        tid = self.tournament.id
        await self._session.store.tournaments.save_clock(tid, self.clock.to_json())

    # ------------------------------------------------------------------ SeatRules

    def line(self) -> TournamentLine | None:
        return self._line

    def dealt_in(self, seats: list[SeatRow]) -> list[SeatRow]:
        return [s for s in seats if s.stack > 0]

    async def deal_settings(self) -> Settings:
        session = self._session
        settings = await session.store.settings.table(session.guild_id, session.channel_id)
        level = self.clock.at_deal(self.played()).current  # the next deal's, not saved yet
        return replace(settings, small_bet=level.small_bet, small_blind=level.small_blind, cap=4)

    async def before_deal(self, settings: Settings) -> list[SeatRow]:
        seats = await self._session.cashier.seats()
        if await self._finish_if_won(seats):  # a crash came between the last hand and this
            return []
        if not self.restoring and len(self.dealt_in(seats)) >= 2:
            clock = self.clock.at_deal(self.played())
            news = self._last_news
            if clock.level != self.clock.level:  # a line of this hand's log, not a post
                level = clock.current
                news += (TournamentNews("level", level=level.number, limits=level.label),)
            self._news, self._last_news = news, ()
            self.clock = clock
            await self._save_clock()
        self.show(seats)
        return seats

    async def tidy(self) -> list[SeatRow]:
        seats = await self._session.cashier.seats()
        self.show(seats)
        return seats

    async def hand_result(self, result: ResultSnapshot, hand: Hand) -> ResultSnapshot:
        """The hand's result with who it put out, worst place first (the store placed them
        in the transaction that settled it), and the level the next hand begins. Their DMs
        and the table's log follow (``after_hand``); a store failure here costs the result
        these lines only, the log still has them."""
        self._outs = None
        news: list[TournamentNews] = []
        try:
            outs = await self._placed(hand)
        except Exception as error:
            log.warning("Sit-and-go %s: places not read: %s", self.tournament.id, error)
        else:
            self._outs = (hand.hand_id, outs)
            news += [self._out_news(finish, name) for finish, name in outs]
            if len(hand.player_ids) - len(outs) >= 2:
                coming = self.clock.at_deal(self.played())
                if coming.level != self.clock.level:
                    level = coming.current
                    news.append(
                        TournamentNews("next level", level=level.number, limits=level.label)
                    )
        if not news:
            return result
        return replace(
            result, tournament_id=self.tournament.id, news=tuple(news), tournament_kind=self.KIND
        )

    async def after_hand(
        self, hand: Hand | None, leavers: set[int], sat_out: list[str]
    ) -> list[SeatRow]:
        session = self._session
        self.clock = self.clock.at(self.played())
        with contextlib.suppress(Exception):  # the next deal saves it again
            await self._save_clock()
        seats = await session.cashier.seats()
        news: list[TournamentNews] = []
        if hand is not None:
            outs = self._outs[1] if self._outs and self._outs[0] == hand.hand_id else None
            if outs is None:
                outs = await self._placed(hand)
            for finish, name in outs:
                news.append(self._out_news(finish, name))
                if not is_house(finish.user_id):
                    self._dm(finish.user_id, finish.place, finish.prize)
        self._outs = None
        news += [TournamentNews("away", name=name) for name in sat_out]
        self._last_news = tuple(news)
        if await self._finish_if_won(seats):
            return []
        self.show(seats)
        return seats

    # ------------------------------------------------------------------ eliminations

    def show(self, seats: list[SeatRow]) -> None:
        """The table's tournament line, as of these seats and the clock: the level being
        played (between hands too: a deal moves it on) and when the next begins."""
        alive = self.dealt_in(seats)
        clock = self.clock
        level = clock.current
        seconds = clock.seconds_left(self.played())
        hands_left = clock.hands_left()
        ends_at = None
        if seconds is not None:  # by minutes: a level whose time is up ends at the next deal
            ends_at = self._session.clock() + seconds if seconds > 0 else None
            hands_left = None if seconds > 0 else 0
        self._line = TournamentLine(
            tournament_id=self.tournament.id,
            level=clock.level,
            limits=level.label,
            next_limits=clock.next.label,
            level_ends_at=ends_at,
            hands_left=hands_left,
            players_left=len(alive),
            entrants=self.entrants,
            average_stack=sum(s.stack for s in alive) // max(1, len(alive)),
            small_bet=level.small_bet,
            small_blind=level.small_blind,
            news=self._news,
            last_news=self._last_news,
            state=self._state,
            standings=self._standings,
            kind=self.KIND,
        )
        self._session.io.mark_changed()

    def cancelled(self) -> None:
        """The tournament is cancelled: the table says so (its buy-ins refunded)."""
        self._state = "cancelled"
        self.show([])

    async def _placed(self, hand: Hand) -> list[tuple[Finish, str]]:
        """The players ``hand`` put out (no chips left) with their places and names, worst
        place first: the store placed them in the transaction that settled it."""
        result = hand.result
        gone = {u for u, stack in (result.final_stacks if result else {}).items() if stack == 0}
        if not gone:
            return []
        entries = await self._session.store.tournaments.entries(self.tournament.id)
        out = [e for e in entries if e.user_id in gone and e.place is not None]
        return [
            (Finish(e.user_id, e.place or 0, e.prize or 0), e.name)
            for e in sorted(out, key=lambda e: -(e.place or 0))
        ]

    @staticmethod
    def _out_news(finish: Finish, name: str) -> TournamentNews:
        return TournamentNews(
            "out",
            name=name,
            place=finish.place,
            prize=finish.prize,
            house=is_house(finish.user_id),
        )

    async def _finish_if_won(self, seats: list[SeatRow]) -> bool:
        """Finish the tournament when one player is left: whether it finished."""
        alive = self.dealt_in(seats)
        if len(alive) != 1:
            return False
        await self._finish(alive[0])
        return True

    def _dm(self, user_id: int, place: int, prize: int) -> None:
        key = self.PLACE_KEYS[1] if prize else self.PLACE_KEYS[0]
        text = Text(
            key,
            tournament=str(self.tournament.id),
            place=place,
            entrants=self.entrants,
            prize=number(prize),
        )
        io = self._session.io
        io.spawn(_send_dm(io, user_id, text), f"sng-dm-{user_id}")

    def _show_finished(self, entries: list[EntryRow]) -> None:
        """The registration message says the tournament finished (not "running" for ever)."""
        row = replace(self.tournament, status="finished")
        if row.message_id is None:
            return
        io = self._session.io
        with speaking(io.language):
            embed = registration_embed(row, entries)
        io.spawn(_edit_registration(io, row, embed), f"sng-registration-{row.id}")

    async def _finish(self, winner: SeatRow) -> None:
        """Pay the prizes out, post the final standings (one message: the winner, every place
        and prize, their picture), close the table saying who won."""
        session = self._session
        tid = self.tournament.id
        prize = prize_of(self.prizes, 1)
        await session.store.tournaments.finish(tid, winner.user_id, prize)
        log.info("Sit-and-go %s: won by %s", tid, winner.user_id)
        entries = await session.store.tournaments.entries(tid)
        pool = self.tournament.buy_in * self.entrants
        last = len(entries)
        self._standings = tuple(
            TournamentNews(
                "out",
                name=e.name,
                place=e.place or last,
                prize=e.prize or 0,
                house=is_house(e.user_id),
            )
            for e in sorted(entries, key=lambda e: (e.place or last, e.name.casefold()))
        )
        self._state = "finished"
        self._last_news = tuple(n for n in self._last_news if n.kind == "out")  # none away
        self.show([winner])
        io = session.io
        with speaking(io.language):
            embed = standings_embed(tid, entries, pool)
            picture = standings_picture(tid, entries, pool, io.language)
        won = Text("sng_won", name=safe_name(winner.name), tournament=str(tid))
        io.post(content=won, embed=embed, picture=picture)
        self._show_finished(entries)
        if not is_house(winner.user_id):
            self._dm(winner.user_id, 1, prize)
        session.end_table()


async def _edit_registration(io: TableChannel, row: TournamentRow, embed: Any) -> None:
    """Edit the tournament's registration message (a failure costs only this edit)."""
    try:
        channel = io.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        await channel.get_partial_message(row.message_id).edit(embed=embed, view=None)
    except Exception as error:
        log.info("Sit-and-go %s: registration message not edited: %s", row.id, error)


async def _send_dm(io: TableChannel, user_id: int, text: Text) -> None:
    """A DM of its own (closed DMs cost only this message)."""
    try:
        language = await io.client.locale_of(user_id)
        dm = await io.client.dm_channel(user_id)
        await dm.send(content=text.render(language))
    except Exception as error:
        log.info("Table %s: tournament DM to %s not sent: %s", io.table_id, user_id, error)


class TournamentSession(TableSession):
    """The table of a running sit-and-go."""

    def __init__(
        self,
        table: TableRow,
        tournament: TournamentRow,
        *,
        store: Store,
        io: TableChannel,
        on_closed: Callable[[TableSession], None],
        **options: Any,
    ) -> None:
        super().__init__(table, store=store, io=io, on_closed=on_closed, **options)
        self.tournament_rules = TournamentRules(self, tournament)
        self.rules = self.tournament_rules
        self.idle = NeverIdle(self, io.spawn, self._close_now, None)

    @property
    def tournament_id(self) -> int:
        return self.tournament_rules.tournament.id

    async def restore(self, unfinished: tuple[int, dict[str, Any] | None] | None) -> None:
        """Read the tournament back and resume its table like any table; a tournament that
        cannot be read back is cancelled and every buy-in refunded."""
        rules = self.tournament_rules
        try:
            await rules.load()
        except Exception as error:
            await self._cancel_unresumable(unfinished, error)
            return
        rules.restoring = True
        try:
            await super().restore(unfinished)
        finally:
            rules.restoring = False
        if not self.closed:
            rules.show(self.seats)  # a resumed hand's table shows its tournament too

    async def _cancel_unresumable(
        self, unfinished: tuple[int, dict[str, Any] | None] | None, error: Exception
    ) -> None:
        tid = self.tournament_id
        log.warning("Sit-and-go %s cannot resume (%s); cancelling", tid, type(error).__name__)
        if unfinished is not None:
            await self.store.hands.void(unfinished[0], "tournament could not resume")
        await self.store.tournaments.cancel(tid, f"could not resume ({type(error).__name__})")
        self.tournament_rules.cancelled()
        self.io.start(self, self.cashier)
        self.io.post(content=Text("sng_cancelled_unresumable", tournament=str(tid)))
        self.end_table()

    def end_table(self) -> None:
        """The tournament is over (or cancelled): the table closes once its posts are out."""
        self._mark_closed()
        self.io.close()
        self._on_closed(self)

    # ------------------------------------------------------------------ inputs: commands

    async def join(self, user_id: int, name: str, buy_in: int | None) -> tuple[SeatRow, bool]:
        raise Refused(t("sng_join_refused"))

    async def top_up(self, user_id: int, amount: int) -> bool:
        raise Refused(t("sng_topup_refused"))

    async def set_paused(self, user_id: int | None) -> str | None:
        raise Refused(t("sng_pause_refused"))

    async def request_close(self) -> bool:
        raise Refused(t("sng_close_refused"))

    async def leave(self, user_id: int) -> tuple[bool, int]:
        """Away, not gone: the player stays dealt in (``Refused`` carries the answer)."""
        await self.sit_out(user_id)
        raise AssertionError("unreachable")  # sit_out always answers with a sentence

    async def sit_out(self, user_id: int) -> None:
        """Away: still dealt in and blinded until ``/poker sitin``."""
        await super().sit_out(user_id)
        raise Refused(t("sng_away_now"))

    async def _sit_out(self, user_id: int) -> None:
        seat = await self.cashier.seat_of(user_id)
        if not seat.sitting_out:
            await super()._sit_out(user_id)

    async def cancel_tournament(self) -> dict[int, int]:
        """An admin cancels the running tournament: the hand in progress is called off (its
        bets back in the stacks), then every buy-in goes back to its wallet: the refunds."""
        return await self.handle(CancelTournament())

    async def _cancel_tournament(self) -> dict[int, int]:
        await self._call_off_hand("tournament cancelled")
        refunds = await self.store.tournaments.cancel(self.tournament_id, "cancelled")
        self.tournament_rules.cancelled()
        self.io.post(content=Text("sng_cancelled", tournament=str(self.tournament_id)))
        self.end_table()
        return refunds
