"""The lobby's select menu and Join button trust nothing they carry: a value that is no table,
another server's table, a table that no longer exists or one in a channel the member cannot
see gets the private "not open any more" sentence and changes nothing."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest

from bot.features.lobby import listing as lobby
from bot.features.lobby.listing import SELECT_ID, join_button_id
from bot.store import Store
from bot.ui.routes import ROUTER
from tests.table._helpers import ALICE, BOB, DAVE, GUILD, FakeInteraction, Tables

GONE = "That table is not open any more (or not one you can see). Run /poker tables again."


def component(custom_id: str, client: Any, values: Any = None) -> FakeInteraction:
    interaction = FakeInteraction(DAVE, 4242, client)
    interaction.type = discord.InteractionType.component
    interaction.data = {"custom_id": custom_id, "component_type": 3 if values else 2}
    if values is not None:
        interaction.data["values"] = values
    cast(Any, interaction).guild = None  # no channel the member can see
    return interaction


def is_the_lobbys(custom_id: str) -> bool:
    """Whether the router sends ``custom_id`` to a lobby handler."""
    found = ROUTER.route_of(custom_id)
    return found is not None and found[0] in lobby.ROUTES


async def answer(interaction: FakeInteraction) -> str | None:
    assert is_the_lobbys(interaction.data["custom_id"])
    assert await ROUTER.dispatch(cast("discord.Interaction[Any]", interaction))
    return interaction.private_text


@pytest.mark.parametrize("values", [["x1"], ["1", "2"], [""], "1", ["99999999"]])
async def test_a_foreign_select_value_is_refused(store: Store, tables: Tables, values: Any) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    client = table.client
    cast(Any, client).store = store
    assert await answer(component(SELECT_ID, client, values)) == GONE


async def test_join_buttons_for_other_tables_change_nothing(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    client = table.client
    cast(Any, client).store = store
    other = await store.tables.get_or_create(GUILD + 1, 55)
    for table_id in (other.id, 999_999, table.session.table_id):
        # another server's table, no table, a table in a channel Dave cannot see
        assert await answer(component(join_button_id(table_id), client)) == GONE
    assert await store.tables.seat_of(table.session.table_id, DAVE) is None
    assert await store.wallets.balance(GUILD, DAVE) == 1000  # the starting wallet, untouched


async def test_other_clicks_are_not_the_lobbys(store: Store, tables: Tables) -> None:
    table = await tables.open((ALICE, "Alice", 400), (BOB, "Bob", 400))
    for custom_id in ("deuce:lj:", "deuce:lj:12:3", "deuce:lsx", "deuce:r:1:0:f"):
        interaction = component(custom_id, table.client)
        assert not is_the_lobbys(custom_id)
        assert interaction.answers == []
    command = FakeInteraction(DAVE, None, table.client)
    command.data = {"custom_id": SELECT_ID}
    assert not await ROUTER.dispatch(cast("discord.Interaction[Any]", command))
