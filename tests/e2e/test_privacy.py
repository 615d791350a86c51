"""Nothing of a channel reaches a member who cannot view it: replays (the command, the Replay
button, the step buttons, forged or not), the sit-and-go buttons and commands, the lobby and
another member's stats. A hidden thing is answered exactly like a missing one, so ids cannot be
probed; the one check behind all of them is ``bot.table.visibility.can_see``."""

from __future__ import annotations

import logging
import re
from typing import Any

from tests.discord_double import (
    ADMIN_MEMBER_PERMISSIONS,
    Member,
    iter_components,
    message_text,
)
from tests.e2e.helpers import (
    IN_LOOP,
    START_WALLET,
    Club,
    buttons,
    embed0,
    forged_click,
    private_reply,
    replay_button,
    step_of,
)
from tests.e2e.sng_play import create, query, sng

log = logging.getLogger(__name__)

pytestmark = IN_LOOP


def without_numbers(text: str) -> str:
    return re.sub(r"\d+", "N", text)


async def test_a_hand_of_a_channel_the_member_cannot_view_is_replayed_only_by_its_players(
    club: Club,
) -> None:
    """Carol opened the replay of a hand of #poker; then #poker is hidden from everyone but the
    admin. Her step buttons, ``/poker replay hand:N`` (settled or running), a forged Replay
    button and a forged street button answer her exactly like a hand that does not exist;
    Alice, dealt into it, still replays it with her own cards; the admin, who can view #poker,
    replays it."""
    double = club.double
    table = await club.seated(2)
    alice, _bob = table.players
    outcome = await table.play_hand()
    hand_id = outcome.hand_id
    running = await table.wait_hand(after=hand_id)
    lounge = await double.add_channel(club.guild, "lounge")
    carol = await double.add_member(club.guild, "carol", display_name="Carol")

    opened = await double.invoke(carol, club.channel, "poker replay", hand=hand_id)
    response = await opened.response(timeout=10)
    assert response.ephemeral and response.message_id is not None
    first = double.current(response.message_id)
    assert first is not None and step_of(first)[0] == 1

    await double.hide_channel(club.channel, except_for=(club.admin,))

    async def carol_asks(number: int) -> str:
        asked = await double.invoke(carol, lounge, "poker replay", hand=number)
        return await private_reply(asked)

    missing = await carol_asks(hand_id + 1000)
    assert missing == f"There is no hand #{hand_id + 1000} in this server."
    # Her open replay's ▶ (the cached replay), the command, a running hand, a forged button.
    stepped = await double.click(carol, first, replay_button(first, "▶")["custom_id"])
    assert without_numbers(await private_reply(stepped)) == without_numbers(missing)
    assert step_of(double.current(response.message_id) or {})[0] == 1
    assert without_numbers(await carol_asks(hand_id)) == without_numbers(missing)
    assert without_numbers(await carol_asks(running)) == without_numbers(missing)
    for custom_id in (
        f"deuce:rp:{hand_id}",
        f"deuce:r:{hand_id}:2:n",
        f"deuce:r:{hand_id}:s1",
        f"deuce:rp:{running}",
    ):
        forged = await forged_click(double, carol, first, custom_id)
        assert without_numbers(await private_reply(forged)) == without_numbers(missing)

    # Alice was dealt into it: her own cards, though she cannot view #poker any more.
    mine = await double.invoke(alice, lounge, "poker replay", hand=hand_id)
    answer = await mine.response(timeout=10)
    assert answer.ephemeral and answer.embeds, answer.data
    assert f"hand #{hand_id}" in str(answer.embeds[0]["title"])
    assert "Your cards:" in message_text(double.current(answer.message_id or 0) or {})
    # The admin can view #poker: the replay, redacted for one not dealt in.
    theirs = await double.invoke(club.admin, lounge, "poker replay", hand=hand_id)
    admin_answer = await theirs.response(timeout=10)
    assert admin_answer.ephemeral and admin_answer.embeds, admin_answer.data
    assert "not dealt in" in message_text(double.current(admin_answer.message_id or 0) or {})
    assert embed0(double.current(admin_answer.message_id or 0))["title"]
    club.audit_ok()


def tournament_id(message: dict[str, Any]) -> int:
    match = re.match(r"Sit-and-go #(\d+)", str(embed0(message).get("title") or ""))
    assert match is not None, embed0(message)
    return int(match[1])


async def test_a_tournament_of_a_channel_the_member_cannot_view_is_answered_like_a_missing_one(
    club: Club,
) -> None:
    """A sit-and-go in #secret, which only the admin can view. Alice's forged Register and
    Unregister of it (ids rewritten on a visible tournament's message) and her commands there,
    and an admin's who cannot view #secret, are answered like a tournament that does not
    exist: no entry, no chip moved. The admin who can view it registers from its message."""
    double = club.double
    alice, bob = await club.players(2)
    blind_admin = await double.add_member(
        club.guild, "blind", display_name="Blind", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    secret = await double.add_channel(club.guild, "secret")
    await double.hide_channel(secret, except_for=(club.admin,))
    lounge = await double.add_channel(club.guild, "lounge")
    hidden = await create(club, secret, seats=2)
    hidden_id = tournament_id(hidden)
    visible = await create(club, club.channel, seats=3)
    visible_id = tournament_id(visible)
    assert visible_id != hidden_id

    async def clicks(who: Member, custom_id: str) -> str:
        return await private_reply(await forged_click(double, who, visible, custom_id))

    missing = await clicks(alice, f"deuce:sr:{hidden_id + 1000}")
    assert missing == "There is no such tournament."
    for what in ("r", "u", "r"):
        assert await clicks(alice, f"deuce:s{what}:{hidden_id}") == missing
        assert await clicks(blind_admin, f"deuce:s{what}:{hidden_id}") == missing
    nothing_here = await sng(double, alice, lounge, "show")
    assert nothing_here.startswith("There is no sit-and-go in this channel.")
    for command in ("register", "unregister", "show"):
        assert await sng(double, alice, secret, command) == nothing_here
    for command in ("register", "start", "cancel", "house", "show"):
        assert await sng(double, blind_admin, secret, command) == nothing_here
    entries = await query(
        club.db_path, "SELECT count(*) FROM tournament_entries WHERE tournament_id = ?", hidden_id
    )
    assert entries == [(0,)]
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    assert wallets.get(alice.id, START_WALLET) == START_WALLET
    assert wallets.get(blind_admin.id, START_WALLET) == START_WALLET

    # Whoever can view the channel acts as before.
    register = next(b for b in buttons(hidden) if b["custom_id"] == f"deuce:sr:{hidden_id}")
    clicked = await double.click(club.admin, hidden, register["custom_id"])
    assert "registered" in await private_reply(clicked)
    assert "registered" in await sng(double, bob, club.channel, "register")
    await double.wait_until(lambda: "Bob" in message_text(double.current(visible) or {}), 10)
    club.audit_ok()


def lobby_parts(message: dict[str, Any]) -> tuple[list[str], list[str], list[str], list[str]]:
    """A lobby page: its table lines, its sit-and-go lines, its menu's values and its Register
    buttons' tournament ids; checked against Discord's limits on the way."""
    embed = embed0(message)
    description = str(embed.get("description") or "")
    fields = embed.get("fields") or []
    assert len(description) <= 4096 and all(len(f["value"]) <= 1024 for f in fields)
    total = len(str(embed.get("title") or "")) + len(description)
    total += sum(len(f["name"]) + len(f["value"]) for f in fields)
    total += len(str((embed.get("footer") or {}).get("text") or ""))
    assert total <= 6000
    components = iter_components(list(message.get("components") or []))
    assert len(message.get("components") or []) <= 5
    tables = [line for line in description.split("\n\n") if line.startswith("<#")]
    sngs = [line for f in fields for line in f["value"].split("\n")]
    values = [o["value"] for c in components if c.get("type") == 3 for o in c["options"]]
    assert len(values) <= 25
    registers = [
        str(c["custom_id"]).removeprefix("deuce:sr:")
        for c in components
        if str(c.get("custom_id", "")).startswith("deuce:sr:")
    ]
    return tables, sngs, values, registers


async def test_the_lobby_lists_every_visible_table_and_tournament_in_pages_whatever_is_hidden(
    club: Club,
) -> None:
    """31 sit-and-goes in channels the member cannot view, created first, then 12 visible ones
    and 28 visible cash tables: the lobby leaves out every hidden one, then pages the rest (◀ ▶),
    each page whole and inside Discord's limits; together the pages list every visible table
    (each in a menu) and tournament (each with its Register button), each once."""
    double = club.double
    for n in range(31):
        secret = await double.add_channel(club.guild, f"secret-{n}", hidden=True)
        await create(club, secret, seats=6)
    visible_sngs: set[str] = set()
    for n in range(12):
        room = await double.add_channel(club.guild, f"sng-{n}")
        visible_sngs.add(str(tournament_id(await create(club, room, seats=6))))
    visible_tables: set[str] = set()
    for n in range(28):
        room = await double.add_channel(club.guild, f"cash-{n}")
        player = await double.add_member(club.guild, f"p{n}", display_name=f"Player {n}")
        joined = await double.invoke(player, room, "poker join", buy_in=100)
        assert "seat" in await private_reply(joined)
        visible_tables.add(f"<#{room.id}>")
    dave = await double.add_member(club.guild, "dave", display_name="Dave")

    asked = await double.invoke(dave, club.channel, "poker tables")
    response = await asked.response(timeout=10)
    assert response.ephemeral and response.message_id is not None
    page = double.current(response.message_id)
    assert page is not None
    seen_tables: list[str] = []
    seen_sngs: list[str] = []
    seen_values: list[str] = []
    footers: list[str] = []
    while True:
        tables, sngs, values, registers = lobby_parts(page)
        assert tables or sngs
        assert len(values) == len(tables) and sorted(registers) == sorted(
            re.sub(r".*sit-and-go #(\d+).*", r"\1", line) for line in sngs
        )
        seen_tables += [line.split(" ", 1)[0] for line in tables]
        seen_sngs += registers
        seen_values += values
        footers.append(str((embed0(page).get("footer") or {}).get("text") or ""))
        forward = next((b for b in buttons(page) if b.get("label") == "▶"), None)
        if forward is None or forward.get("disabled"):
            break
        turned = await double.click(dave, page, forward["custom_id"])
        assert (await turned.response(timeout=10)).type == 7  # the same message, edited
        page = double.current(response.message_id)
        assert page is not None
    assert sorted(seen_sngs) == sorted(visible_sngs)
    assert sorted(seen_tables) == sorted(visible_tables)
    assert len(set(seen_values)) == len(visible_tables)
    pages = len(footers)
    assert pages >= 2
    assert footers == [f"Page {n} of {pages} · ◀ ▶ turn the pages" for n in range(1, pages + 1)]
    back = next(b for b in buttons(page) if b.get("label") == "◀")
    turned = await double.click(dave, page, back["custom_id"])
    await turned.response(timeout=10)
    again = double.current(response.message_id) or {}
    assert str((embed0(again).get("footer") or {}).get("text")).startswith(f"Page {pages - 1} of ")
    club.audit_ok()


async def test_another_members_stats_name_no_hand_of_a_channel_the_asker_cannot_view(
    club: Club,
) -> None:
    """A hand shown down at #poker, then #poker hidden from all but the admin: Carol, who
    cannot view it, reads the shower's totals (the hand counts) but no best hand; the admin,
    who can view it, and the other player, dealt into it, read the best hand."""
    double = club.double
    table = await club.seated(2)
    outcome = await table.play_hand()
    await table.wait_hand(after=outcome.hand_id)
    assert outcome.shown, "a hand played by check and call reaches a showdown"
    shower = table.member(next(iter(outcome.shown)))
    other = next(m for m in table.players if m is not shower)
    lounge = await double.add_channel(club.guild, "lounge")
    carol = await double.add_member(club.guild, "carol", display_name="Carol")
    await double.hide_channel(club.channel, except_for=(club.admin,))

    async def best_hand(who: Member) -> str:
        asked = await double.invoke(who, lounge, "poker stats", member=shower)
        response = await asked.response(timeout=10)
        assert response.ephemeral and response.message_id is not None
        text = message_text(double.current(response.message_id) or {})
        assert re.search(r"Hands played\W+1\b", text), text
        found = re.search(r"Best hand shown\W+(.+)", text)
        assert found is not None, text
        return found[1].strip()

    named = await best_hand(shower)  # their own record
    assert named != "—"
    assert await best_hand(carol) == "—"
    assert await best_hand(club.admin) == named
    assert await best_hand(other) == named
    club.audit_ok()
