"""A sit-and-go's start time (``sitngo.start_when_due``'s step) on the real store: started with
two players or more, cancelled and refunded with fewer; and the registration message."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from bot.features.sitngo import tournaments as sitngo
from bot.messages import speaking
from bot.store import Store
from bot.store.models import TableRow, TournamentRow
from bot.table.render.standings import registration_embed, registration_view

GUILD, CHANNEL = 5, 6
START_WALLET = 1000


class Tables:
    """The registry's part a start uses: it records the tournaments it was asked to open."""

    def __init__(self) -> None:
        self.started: list[tuple[int, int]] = []

    def owns(self, guild_id: int) -> bool:
        return True

    @contextlib.asynccontextmanager
    async def tournament_turn(self, tournament_id: int) -> AsyncIterator[None]:
        yield

    async def start_tournament(self, tournament: TournamentRow, table: TableRow) -> None:
        self.started.append((tournament.id, table.id))


class Client:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables = Tables()

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Any:
        raise AssertionError("no registration message was posted in this test")

    def get_guild(self, id: int, /) -> Any:
        return None

    async def channel_language(self, interaction: Any) -> str:
        return "en"


async def due_tournament(store: Store, players: int) -> TournamentRow:
    tournament = await store.tournaments.create(
        GUILD,
        CHANNEL,
        1,
        buy_in=100,
        seats=4,
        start_stack=1500,
        level_minutes=6,
        structure="turbo",
        starts_in=1,
    )
    for user_id in range(1011, 1011 + players):
        await store.tournaments.register(tournament.id, user_id, f"P{user_id}")
    (due,) = await store.tournaments.due(time.time() + 60)
    assert due.id == tournament.id
    return due


async def test_at_its_start_time_one_player_is_not_enough_every_buy_in_back(store: Store) -> None:
    due = await due_tournament(store, 1)
    client = Client(store)
    await sitngo._start_or_cancel(client, due)  # type: ignore[arg-type]
    assert (await store.tournaments.get(due.id)).status == "cancelled"
    assert await store.wallets.balance(GUILD, 1011) == START_WALLET
    assert client.tables.started == []
    assert await store.tournaments.due(time.time()) == []
    assert (await store.audit.check()).ok


async def test_at_its_start_time_two_players_start_seated_at_random(store: Store) -> None:
    due = await due_tournament(store, 2)
    client = Client(store)
    await sitngo._start_or_cancel(client, due)  # type: ignore[arg-type]
    started = await store.tournaments.get(due.id)
    assert started.status == "running" and client.tables.started == [(due.id, started.table_id)]
    seats = await store.tables.seats(started.table_id or 0)
    assert sorted(s.user_id for s in seats) == [1011, 1012]
    assert [s.stack for s in seats] == [1500, 1500]
    assert await store.wallets.balance(GUILD, 1011) == START_WALLET - 100
    assert (await store.audit.check()).ok


async def test_the_registration_message_shows_the_field_and_the_start_time(store: Store) -> None:
    due = await due_tournament(store, 2)
    with speaking("en"):
        embed = registration_embed(due, await store.tournaments.entries(due.id))
        view = registration_view(due)
    text = f"{embed.title} {embed.description} {embed.fields[0].value}"
    assert f"Sit-and-go #{due.id} (registering)" in text
    assert "Buy-in 100 · prize pool 200" in text
    assert "10/20, 20/40, 30/60, 50/100, 100/200, 150/300" in text
    assert f"<t:{int(due.starts_at or 0)}:F>" in text
    assert "P1011" in text and "P1012" in text
    assert view is not None
    assert [c.custom_id for c in view.children] == [f"deuce:sr:{due.id}", f"deuce:su:{due.id}"]  # type: ignore[attr-defined]
