"""The server's leaderboards, one computation for ``/chips leaderboard`` and the dashboard:
by chips (wallet and tables, now), by chips won over a period (the hands' nets), by tournament
results over a period; the fair-play rules (the members a server's setting leaves out, and the
admins' private marks) applied here once. Each surface writes a member's name its own way (a
mention in Discord, a name on a page): ``Board.lines`` takes how."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.features.stats.lowball import period_start
from bot.features.stats.report import PERIOD_KEYS
from bot.house.accounts import is_house
from bot.messages import signed, t
from bot.store import Store

SHOWN = 10
"""The most members a leaderboard ranks."""
BOARDS = ("chips", "tournaments")
"""What a leaderboard ranks by (``/chips leaderboard by:``)."""
PERIODS = tuple(PERIOD_KEYS)
"""The periods (``week``, ``month``, ``all``)."""


@dataclass(frozen=True)
class Row:
    """One ranked member and their figures (``line``'s catalogue key and values, but the
    name)."""

    rank: int
    user_id: int
    figures: tuple[tuple[str, int], ...]
    """Chips and counts; ``net`` is written with its sign."""


@dataclass(frozen=True)
class Board:
    """A leaderboard as every surface shows it."""

    title_key: str
    period: str | None
    """The period ranked over (None: chips now)."""
    line_key: str
    empty_key: str
    rows: tuple[Row, ...]
    footer_key: str
    """What the board says of members left out ("": nobody is)."""

    def title(self) -> str:
        if self.period is None:
            return t(self.title_key)
        return t(self.title_key, period=t(PERIOD_KEYS[self.period]))

    def empty(self) -> str:
        return t(self.empty_key)

    def lines(self, name: Callable[[int], str]) -> list[str]:
        """A line per ranked member, ``name(user_id)`` naming them."""
        return [
            t(
                self.line_key,
                rank=row.rank,
                name=name(row.user_id),
                **{k: signed(v) if k == "net" else v for k, v in row.figures},
            )
            for row in self.rows
        ]

    def footer(self) -> str:
        return t(self.footer_key) if self.footer_key else ""

    @property
    def ranked(self) -> list[int]:
        return [row.user_id for row in self.rows]


async def left_out(store: Store, guild_id: int) -> tuple[frozenset[int], str]:
    """The members the server's leaderboard leaves out, and the footer's key that says so:
    those whose wallet an admin froze, and (``leaderboard_hide`` 2) those the newest fair-play
    report flagged, where the admins chose so (``/pokeradmin fairplay leaderboard``)."""
    settings = await store.settings.server(guild_id)
    if settings.leaderboard_hide == 0:
        return frozenset(), ""
    frozen = await store.fairplay.frozen(guild_id)
    if settings.leaderboard_hide == 1:
        return frozen, "leaderboard_frozen_left_out"
    flagged = await store.fairplay.flagged(guild_id)
    return frozen | flagged, "leaderboard_flagged_left_out"


async def leaderboard(store: Store, guild_id: int, by: str, period: str | None) -> Board:
    """The server's leaderboard ranked ``by`` chips (``period`` None: chips now; else chips
    won over ``period``) or tournament results, both kinds (over ``period``, default all time)."""
    if by == "tournaments":
        since = period_start(period or "all")
        results = await store.tournaments.leaderboard(guild_id, since, limit=SHOWN)
        return Board(
            "leaderboard_sng_title",
            period or "all",
            "leaderboard_sng_line",
            "leaderboard_sng_empty",
            tuple(
                Row(
                    rank,
                    r.user_id,
                    (("net", r.net), ("wins", r.wins), ("played", r.played)),
                )
                for rank, r in enumerate(results, start=1)
            ),
            "",
        )
    hidden, footer = await left_out(store, guild_id)
    if period is not None:
        nets = await store.hands.net_leaderboard(
            guild_id, period_start(period), limit=20 + len(hidden)
        )
        kept = [r for r in nets if not is_house(r.user_id) and r.user_id not in hidden]
        return Board(
            "leaderboard_period_title",
            period,
            "leaderboard_net_line",
            "leaderboard_period_empty",
            tuple(
                Row(rank, r.user_id, (("net", r.net), ("hands", r.hands)))
                for rank, r in enumerate(kept[:SHOWN], start=1)
            ),
            footer if hidden else "",
        )
    # the house's wallet is no member's: left out (it is at most one row)
    wallets = await store.wallets.leaderboard(guild_id, limit=SHOWN + 1 + len(hidden))
    rich = [r for r in wallets if not is_house(r.user_id) and r.user_id not in hidden]
    return Board(
        "leaderboard_title",
        None,
        "leaderboard_line",
        "leaderboard_empty",
        tuple(
            Row(
                rank,
                r.user_id,
                (
                    ("total", r.wallet + r.on_table),
                    ("wallet", r.wallet),
                    ("on_table", r.on_table),
                ),
            )
            for rank, r in enumerate(rich[:SHOWN], start=1)
        ),
        footer if hidden else "",
    )


async def admin_marks(
    store: Store, guild_id: int, board: Board, name: Callable[[int], str]
) -> list[str]:
    """For an admin alone: which of the members ranked have a frozen wallet, which the newest
    fair-play report flagged (no line when none)."""
    marks = (
        ("leaderboard_admin_frozen", await store.fairplay.frozen(guild_id)),
        ("leaderboard_admin_flagged", await store.fairplay.flagged(guild_id)),
    )
    lines = []
    for key, members in marks:
        names = [f"#{row.rank} {name(row.user_id)}" for row in board.rows if row.user_id in members]
        if names:
            lines.append(t(key, names=", ".join(names)))
    return lines
