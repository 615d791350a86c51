"""The admin's tournaments page with multi-table tournaments (issue 37 on the dashboard), through
the bot's own ``BotTables`` (the dashboard's side of the live bot) on a real store: the page
lists both kinds, each as itself (a sit-and-go as ``/poker sng show``, an MTT as its lobby
message, marked as one), and Cancel cancels an MTT as ``/poker mtt cancel`` does
(``bot.features.mtt.tournaments.cancel``: the tournament's turn, every buy-in back). Attacked:
another server's MTT by a forged post, an MTT in the money, a member without Manage Server,
two clicks at once and a click racing the command: each refused with the store's sentence
and changing nothing, a buy-in never refunded twice."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from bot.features.mtt import tournaments as mtts
from bot.features.mtt.lobby import LobbyState
from bot.features.mtt.running import MttRuns
from bot.store import Store
from bot.store.mtts import MttRow
from bot.table.registry import TableRegistry
from bot.tournament import TournamentClock
from bot.tournament.balance import first_seating
from bot.web.app import make_app
from bot.web.context import WebContext
from bot.web.live import BotTables
from tests.web.site import ADMIN, GUILD, OTHER, FakeDiscord, form_token, sign_in, standalone

ALICE, BOB, CAROL, DAVE = 1011, 1012, 1013, 1014
BUY_IN, START = 40, 1000
"""The MTTs' buy-in; every member's starting wallet (the store's)."""


class Edits:
    """The lobby messages the bot edits (a cancelled MTT's lobby follows)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def get_partial_message(self, message_id: int) -> Edits:
        return self

    async def edit(self, content: str, **_: Any) -> None:
        self.texts.append(content)


class Bot:
    """The bot as ``BotTables`` and ``/poker mtt``'s functions use it: a real store, the real
    registry (the tournament's turn) and MTT runs; Discord's guild a plain stand-in (no
    scheduled event to edit here: the browser test checks it)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables = TableRegistry(self, store)  # type: ignore[arg-type]
        self.mtt_runs = MttRuns(self, lobby_every=0.01)  # type: ignore[arg-type]
        self.edits = Edits()
        self.guild = SimpleNamespace(text_channels=[SimpleNamespace(id=300, name="poker")])

    def get_channel(self, channel_id: int, /) -> Any:
        return None

    def get_guild(self, guild_id: int, /) -> Any:
        return self.guild if guild_id == GUILD else None

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None) -> Edits:
        return self.edits

    async def channel_language(self, interaction: Any) -> str:
        return "en"

    async def dm_channel(self, user_id: int) -> Any:
        return None

    async def locale_of(self, user_id: int) -> str:
        return "en"


Served = tuple[TestClient, Store, FakeDiscord, Bot]


@pytest_asyncio.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    store = await Store.open(str(tmp_path / "deuce.db"))
    bot, api = Bot(store), FakeDiscord()
    app = make_app(WebContext(store, api, BotTables(bot), "http://dashboard.test"))
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield client, store, api, bot
    finally:
        await client.close()
        await bot.mtt_runs.close()
        await store.close()


async def new_mtt(store: Store, guild_id: int = GUILD, channel_id: int = 300) -> MttRow:
    return await store.mtts.create(
        guild_id,
        channel_id,
        ADMIN,
        buy_in=BUY_IN,
        field=10,
        start_stack=1000,
        level_hands=4,
        structure="turbo",
        starts_in=30,
    )


async def wallets(store: Store, guild_id: int = GUILD) -> dict[int, int]:
    return {m: await store.wallets.balance(guild_id, m) for m in (ALICE, BOB, CAROL, DAVE)}


def card(page: str, tournament_id: int) -> str:
    return page.split(f'data-tournament="{tournament_id}"', 1)[1].split("</section>", 1)[0]


async def cancel(client: TestClient, guild_id: int, tournament_id: int, token: str) -> Any:
    return await client.post(
        f"/servers/{guild_id}/tournaments/{tournament_id}/cancel",
        data={"csrf": token},
        allow_redirects=False,
    )


async def audit_ok(store: Store) -> None:
    report = await store.audit.check()
    assert report.ok, report.format()


async def test_the_page_lists_both_kinds_each_as_itself(served: Served) -> None:
    client, store, _api, _bot = served
    await sign_in(client, store)
    empty = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert "<title>Tournaments of Club · Deuce</title>" in empty
    assert "No tournament on this server yet." in empty and "<h2>Create a sit-and-go</h2>" in empty
    sng = await store.tournaments.create(
        GUILD, 301, ADMIN, buy_in=50, seats=3, start_stack=1500, level_minutes=5, structure="slow"
    )
    mtt = await new_mtt(store)
    await store.mtts.register(mtt.id, ALICE, "Alice <b>")
    await store.mtts.register(mtt.id, BOB, "**Bob**")
    text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert "<h1>Tournaments of Club</h1>" in text and "No tournament" not in text
    mine = card(text, mtt.id)
    assert 'data-kind="mtt"' in mine and '<span class="kind">Multi-table tournament</span>' in mine
    assert f"<h3>Multi-table tournament #{mtt.id} (registering)</h3>" in mine
    assert "<li>Buy-in 40 · starting stack 1,000 · turbo, levels of 4 hands</li>" in mine
    assert "Players 2/10 · prize pool 80" in mine and "#poker" in mine
    # the members' names as the channel shows them, escaped: no markup of theirs on the page
    assert "Registered: Alice &lt;b&gt;, \\*\\*Bob\\*\\*" not in mine
    assert "Registered: Alice &lt;b&gt;, **Bob**" in mine and "<b>" not in mine
    assert f'action="/servers/{GUILD}/tournaments/{mtt.id}/cancel"' in mine
    theirs = card(text, sng.id)
    assert 'data-kind="sng"' in theirs and '<span class="kind">Sit-and-go</span>' in theirs
    assert f"Sit-and-go #{sng.id} (registering)" in theirs and "#301" in theirs
    assert f'action="/servers/{GUILD}/tournaments/{sng.id}/cancel"' in theirs
    assert text.index(f'data-tournament="{mtt.id}"') < text.index(f'data-tournament="{sng.id}"')


async def test_cancel_refunds_an_mtt_as_its_command_does(served: Served) -> None:
    client, store, _api, bot = served
    mtt = await new_mtt(store)
    await store.tournaments.set_message(mtt.id, 777)
    for member, name in ((ALICE, "Alice"), (BOB, "Bob")):
        await store.mtts.register(mtt.id, member, name)
    assert (await wallets(store))[ALICE] == START - BUY_IN
    await sign_in(client, store)
    page = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    answer = await cancel(client, GUILD, mtt.id, form_token(page))
    assert answer.status == 303
    assert answer.headers["Location"] == (
        f"/servers/{GUILD}/tournaments?cancelled={mtt.id}&refunded=2&kind=mtt"
    )
    assert (await store.mtts.get(mtt.id)).tournament.status == "cancelled"
    assert await wallets(store) == dict.fromkeys((ALICE, BOB, CAROL, DAVE), START)
    text = await (await client.get(answer.headers["Location"])).text()
    assert f"Tournament #{mtt.id} is cancelled; 2 buy-ins went back to the wallets." in text
    mine = card(text, mtt.id)
    assert f"#{mtt.id} (cancelled)" in mine and "/cancel" not in mine
    # the channel's lobby message follows (paced: soon after)
    await asyncio.wait_for(_edited(bot, f"#{mtt.id} (cancelled)"), 5)
    await audit_ok(store)


async def _edited(bot: Bot, words: str) -> None:
    while not any(words in text for text in bot.edits.texts):
        await asyncio.sleep(0.01)


async def test_a_forged_cancel_of_another_servers_mtt_changes_nothing(served: Served) -> None:
    client, store, api, _bot = served
    theirs = await new_mtt(store, OTHER, 900)
    await store.mtts.register(theirs.id, ALICE, "Alice")
    before = await wallets(store, OTHER)
    await sign_in(client, store)
    token = form_token(await (await client.get(f"/servers/{GUILD}/tournaments")).text())
    # the admin's own server's address with the other server's tournament: no such tournament
    forged = await cancel(client, GUILD, theirs.id, token)
    assert forged.status == 400 and "There is no such tournament" in await forged.text()
    # the other server's address: not a server of theirs
    assert (await cancel(client, OTHER, theirs.id, token)).status == 404
    # an unknown tournament, an id too long to be one
    assert (await cancel(client, GUILD, 987654, token)).status == 400
    assert (await cancel(client, GUILD, int("9" * 25), token)).status == 404
    # a member without Manage Server: refused as today
    api.managers.clear()
    mine = await new_mtt(store)
    await store.mtts.register(mine.id, BOB, "Bob")
    refused = await cancel(client, GUILD, mine.id, token)
    assert refused.status == 403 and "Manage Server" in await refused.text()
    assert (await store.mtts.get(mine.id)).tournament.status == "registering"
    assert (await store.mtts.get(theirs.id)).tournament.status == "registering"
    assert await wallets(store, OTHER) == before and before[ALICE] == START - BUY_IN
    await audit_ok(store)


async def test_an_mtt_in_the_money_is_refused_and_nothing_changes(served: Served) -> None:
    client, store, _api, _bot = served
    mtt = await new_mtt(store)
    field = [ALICE, BOB, CAROL, DAVE]  # the standard preset pays two of four
    for member in field:
        await store.mtts.register(mtt.id, member, f"M{member}")
    seating = first_seating(field, random.Random(1))
    await store.mtts.start(mtt.id, [(4000 + i, dict(t.seating)) for i, t in enumerate(seating)])
    ((table),) = await store.mtts.tables(mtt.id)
    seats = {s.user_id: s.stack for s in await store.tables.seats(table.table_id)}
    order = list(seats)
    for losers, winner in ((order[:2], order[2]), ([order[3]], order[2])):
        starts = {m: seats[m] for m in [*losers, winner]}
        finals = {m: 0 for m in losers} | {winner: seats[winner] + sum(seats[m] for m in losers)}
        hand = await store.hands.begin(table.table_id, starts)
        await store.hands.settle(hand, finals, 'variant = "F2L3D"\nactions = []\n', {"pot": 0})
        seats[winner] = finals[winner]
    second = next(e for e in await store.tournaments.entries(mtt.id) if e.user_id == order[3])
    assert second.place == 2 and (second.prize or 0) > 0
    before = await wallets(store)
    await sign_in(client, store)
    page = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
    assert f"#{mtt.id} (running)" in card(page, mtt.id)
    refused = await cancel(client, GUILD, mtt.id, form_token(page))
    text = await refused.text()
    assert refused.status == 400
    assert "This tournament is in the money: it can no longer be cancelled." in text
    assert (await store.mtts.get(mtt.id)).tournament.status == "running"
    assert await wallets(store) == before
    await audit_ok(store)


async def test_a_click_racing_the_command_and_another_click_refunds_once(
    served: Served,
) -> None:
    client, store, _api, bot = served
    await sign_in(client, store)
    token = form_token(await (await client.get(f"/servers/{GUILD}/tournaments")).text())
    for rival in ("command", "click"):
        mtt = await new_mtt(store)
        for member, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
            await store.mtts.register(mtt.id, member, name)
        other: Any = (
            mtts.cancel(bot, mtt.id)  # what /poker mtt cancel runs
            if rival == "command"
            else cancel(client, GUILD, mtt.id, token)
        )
        first, second = await asyncio.gather(
            cancel(client, GUILD, mtt.id, token), other, return_exceptions=True
        )
        outcomes = [first.status]
        if rival == "command":
            outcomes.append(303 if isinstance(second, dict) else 400)
            if not isinstance(second, dict):
                assert "over" in str(second), second
        else:
            outcomes.append(second.status)
        assert sorted(outcomes) == [303, 400], (rival, outcomes)
        assert (await store.mtts.get(mtt.id)).tournament.status == "cancelled"
        assert await wallets(store) == dict.fromkeys((ALICE, BOB, CAROL, DAVE), START)
        refunds = await store.ledger.wallet_moves(GUILD, kind="tournament_refund")
        assert sum(1 for move in refunds if move.user_id == ALICE) == (
            1 if rival == "command" else 2  # one refund per cancelled MTT, never two
        )
        await audit_ok(store)


async def test_a_running_mtt_shows_its_tables_and_stacks_as_its_lobby(served: Served) -> None:
    """While it runs in this process, the card is the lobby message of its last director step:
    the players left, the level, each table as a link to its thread, the top stacks."""
    client, store, _api, bot = served
    mtt = await new_mtt(store)
    field = [ALICE, BOB, CAROL]
    for member, name in zip(field, ("Alice", "Bob <i>", "Carol"), strict=True):
        await store.mtts.register(mtt.id, member, name)
    seating = first_seating(field, random.Random(2))
    await store.mtts.start(mtt.id, [(4200 + i, dict(t.seating)) for i, t in enumerate(seating)])
    state = LobbyState(
        tables=((1, 4200, 3),),
        stacks=((1500, "Carol"), (1000, "Alice"), (500, "Bob <i>")),
        left=3,
        entrants=3,
        clock=TournamentClock("turbo", level_hands=4, level=2),
        hand_for_hand=False,
    )
    runs: dict[int, Any] = {mtt.id: SimpleNamespace(lobby_lines=state)}
    bot.mtt_runs.get = runs.get  # type: ignore[method-assign]
    await sign_in(client, store)
    mine = card(await (await client.get(f"/servers/{GUILD}/tournaments")).text(), mtt.id)
    assert f"<h3>Multi-table tournament #{mtt.id} (running)</h3>" in mine
    assert "<h4>Tables</h4>" in mine and "<h4>Top 3 stacks</h4>" in mine
    link = f'<a href="https://discord.com/channels/{GUILD}/4200">#MTT #{mtt.id} · table 1</a>'
    assert f"<li>Table 1: {link} · 3 players</li>" in mine
    assert "<li>1. Carol: 1,500</li>" in mine and "<li>3. Bob &lt;i&gt;: 500</li>" in mine
    assert "Level 2" in mine and "<i>" not in mine
    assert f'action="/servers/{GUILD}/tournaments/{mtt.id}/cancel"' in mine


async def test_without_the_bot_the_list_shows_and_cancel_is_not_offered(tmp_path: Path) -> None:
    """``python -m bot.web``: the MTT listed from the store (no run here: its registration
    lines), no Cancel; a forged cancel post is refused and changes nothing."""
    async with standalone(tmp_path / "deuce.db") as (client, store, _stored):
        mtt = await new_mtt(store)
        await store.mtts.register(mtt.id, ALICE, "Alice")
        await sign_in(client, store)
        text = await (await client.get(f"/servers/{GUILD}/tournaments")).text()
        mine = card(text, mtt.id)
        assert f"#{mtt.id} (registering)" in mine and "Registered: Alice" in mine
        assert "/cancel" not in text and "Create a sit-and-go" not in text
        forged = await cancel(client, GUILD, mtt.id, form_token(text))
        assert forged.status == 404
        assert (await store.mtts.get(mtt.id)).tournament.status == "registering"
        assert (await wallets(store))[ALICE] == START - BUY_IN
