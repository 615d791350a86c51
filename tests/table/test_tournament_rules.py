"""A sit-and-go's seat rules as the table reads them (``bot/table/tournament.py``): the level
shown between hands and when the next begins, the places and the next level a hand's result
names, the log lines a deal and a hand leave, and nothing posted in the channel for them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.store.models import EntryRow, TournamentRow
from bot.table.snapshot import ResultSnapshot, TournamentNews
from bot.table.tournament import TournamentRules
from tests.table._helpers import ALICE, BOB, CAROL, seat_row

NOW = 1_000_000.0


class Io:
    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.spawned: list[str] = []

    def mark_changed(self) -> None:
        pass

    def post(self, **kwargs: Any) -> None:
        self.posts.append(kwargs)

    def spawn(self, coro: Any, name: str) -> None:
        coro.close()
        self.spawned.append(name)


class Tournaments:
    def __init__(self, entries: list[EntryRow]) -> None:
        self.rows = entries
        self.saved: list[dict[str, Any]] = []

    async def entries(self, tournament_id: int) -> list[EntryRow]:
        return self.rows

    async def save_clock(self, tournament_id: int, clock: dict[str, Any]) -> None:
        self.saved.append(clock)


def rules(
    *, minutes: int | None = None, hands: int | None = None, entries: list[EntryRow] = ()
) -> tuple[TournamentRules, SimpleNamespace]:
    row = TournamentRow(
        id=7,
        guild_id=10,
        channel_id=20,
        status="running",
        created_by=ALICE,
        created_at=0.0,
        buy_in=100,
        seats=4,
        start_stack=200,
        level_minutes=minutes,
        level_hands=hands,
        structure="turbo",
        starts_at=None,
        message_id=None,
        table_id=1,
        started_at=0.0,
        finished_at=None,
        clock=None,
        cancel_reason=None,
    )
    now = [NOW]
    seats = [seat_row(i, p, str(p), 200) for i, p in enumerate((ALICE, BOB, CAROL))]

    async def current_seats() -> list[Any]:
        return seats

    session = SimpleNamespace(
        clock=lambda: now[0],
        now=now,
        io=Io(),
        store=SimpleNamespace(tournaments=Tournaments(list(entries))),
        cashier=SimpleNamespace(seats=current_seats),
        seats=seats,
    )
    made = TournamentRules(session, row)  # type: ignore[arg-type]
    made.entrants = 4
    return made, session


def test_a_level_whose_time_is_up_ends_at_the_next_deal_not_minutes_ago() -> None:
    """By minutes: while the level runs the field counts down to its end; once its time is up
    (between hands, or in a hand that runs over) it says "at the next deal", where it used to
    count from a moment already past."""
    made, session = rules(minutes=6)
    made.show(session.seats)
    line = made.line()
    assert line is not None
    assert (line.level, line.limits, line.small_bet, line.small_blind) == (1, "10/20", 10, 5)
    assert line.level_ends_at == NOW + 360 and line.hands_left is None
    session.now[0] = NOW + 400
    made.show(session.seats)
    line = made.line()
    assert line is not None and line.level == 1  # the next deal moves on
    assert line.level_ends_at is None and line.hands_left == 0


async def test_a_deal_that_begins_a_level_logs_it_and_posts_nothing() -> None:
    made, session = rules(hands=1)
    await made.before_deal(None)  # type: ignore[arg-type]  # hand 1: level 1
    assert made.line().news == ()  # type: ignore[union-attr]
    await made.before_deal(None)  # type: ignore[arg-type]  # hand 2: level 2
    line = made.line()
    assert line is not None and line.level == 2 and line.limits == "20/40"
    assert line.news == (TournamentNews("level", level=2, limits="20/40"),)
    assert session.io.posts == []


async def test_a_hands_result_names_its_places_and_the_next_level_then_its_log_does() -> None:
    """Carol busts in the hand that ends level 1: its result says she finishes 4th and that
    the next hand begins level 2; between hands the log ends with her place, and the next
    deal's log begins with it and the level. Nothing is posted in the channel."""
    entries = [
        EntryRow(ALICE, "Alice", None, 1.0, None, None),
        EntryRow(BOB, "Bob", None, 2.0, None, None),
        EntryRow(CAROL, "Carol", None, 3.0, 4, 0),
        EntryRow(404, "Dave", None, 4.0, None, None),
    ]
    made, session = rules(hands=1, entries=entries)
    await made.before_deal(None)  # type: ignore[arg-type]
    hand = SimpleNamespace(
        hand_id=5,
        player_ids=[ALICE, BOB, CAROL, 404],
        result=SimpleNamespace(final_stacks={ALICE: 300, BOB: 200, CAROL: 0, 404: 300}),
    )
    result = await made.hand_result(ResultSnapshot(hand_id=5), hand)  # type: ignore[arg-type]
    out = TournamentNews("out", name="Carol", place=4)
    assert result.tournament_id == 7
    assert result.news == (out, TournamentNews("next level", level=2, limits="20/40"))
    await made.after_hand(hand, set(), ["Bob"])  # type: ignore[arg-type]
    line = made.line()
    assert line is not None
    assert line.last_news == (out, TournamentNews("away", name="Bob"))
    assert session.io.spawned == [f"sng-dm-{CAROL}"]  # her place, privately
    await made.before_deal(None)  # type: ignore[arg-type]
    line = made.line()
    assert line is not None and line.last_news == ()
    assert line.news == (
        out,
        TournamentNews("away", name="Bob"),
        TournamentNews("level", level=2, limits="20/40"),
    )
    assert session.io.posts == []


async def test_a_hand_that_puts_nobody_out_reads_no_places() -> None:
    made, _ = rules(hands=5)
    await made.before_deal(None)  # type: ignore[arg-type]
    hand = SimpleNamespace(
        hand_id=5, player_ids=[ALICE, BOB], result=SimpleNamespace(final_stacks={ALICE: 1, BOB: 2})
    )
    plain = ResultSnapshot(hand_id=5)
    assert await made.hand_result(plain, hand) is plain  # type: ignore[arg-type]
