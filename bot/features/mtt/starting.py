"""An MTT's start on Discord: the field drawn over the fewest tables of at most six
(``balance.first_seating``), a thread opened for each table under the tournament's channel,
then the seating started in the store in one transaction (``store.mtts.start``). A
registration that comes between the draw and the store's transaction makes the store refuse
the seating (``mtt_field_changed``): the field is drawn again, the threads already opened
reused. A bot that may not open threads raises ``discord.Forbidden`` before the store is
touched: the tournament is still registering, nothing changed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import discord

from bot.features.mtt.discord_parts import open_table_thread
from bot.store import Store, StoreError
from bot.store.mtts import MttTable
from bot.tournament.balance import first_seating

DRAWS = 3
"""Draws before a start gives up while registrations keep coming between draw and write."""


async def start_over_threads(
    store: Store,
    tournament_id: int,
    channel: discord.TextChannel,
    rng: random.Random,
    thread_name: Callable[[int], str],
    *,
    reuse: Sequence[discord.Thread] = (),
) -> list[MttTable]:
    """Seat the field, a thread per table (named by ``thread_name(table number)``; the
    ``reuse`` threads first: those a crash left open before the store's start), and start the
    tournament in the store; returns its tables."""
    threads: list[discord.Thread] = list(reuse)
    for attempt in range(DRAWS):
        entries = await store.tournaments.entries(tournament_id)
        tables = first_seating([entry.user_id for entry in entries], rng)
        while len(threads) < len(tables):
            threads.append(await open_table_thread(channel, thread_name(len(threads) + 1)))
        seating = [
            (thread.id, dict(table.seating)) for thread, table in zip(threads, tables, strict=False)
        ]
        # a crash between the threads and the store's start leaves no thread behind for ever:
        # the next start finds them by name and uses them
        try:
            return await store.mtts.start(tournament_id, seating)
        except StoreError as exc:
            if exc.key != "mtt_field_changed" or attempt == DRAWS - 1:
                raise
    raise AssertionError("unreachable")
