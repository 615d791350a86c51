"""A sit-and-go played through the real bot: creating and registering, playing it to the end,
and the checks of what it shows (places, prizes, levels, a table that reads as a tournament).
The sit-and-go end-to-end tests, the privacy tests and ``bench/bench_sng.py`` use them."""

from __future__ import annotations

import io
import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
from PIL import Image

from bot.art.standings import parse_standings
from bot.tournament import level_of
from tests.discord_double import Channel, DiscordDouble, Member, message_text
from tests.e2e.helpers import (
    START_WALLET,
    Club,
    PokerTable,
    always,
    buttons,
    embed0,
    field_value,
    private_reply,
)

BUY_IN = 100
STACK = 200
OUT_RE = re.compile(r"^(?P<name>.+?) finishes (?P<place>\d+)(?:st|nd|rd|th)\b")
TITLE_RE = re.compile(r"^2-7 Triple Draw · (?P<small>[\d,]+)/(?P<big>[\d,]+) · hand #(?P<hand>\d+)")
TABLE_TITLE = re.compile(r"^2-7 Triple Draw · (?P<limits>[\d,/]+)(?: · hand #(?P<hand>\d+))?$")
LEVEL_RE = re.compile(r"^Level (?P<level>\d+): (?P<limits>[\d,]+/[\d,]+) · next ")
RESULT_TITLE = re.compile(r"^Hand #(?P<hand>\d+) result$")
STANDINGS_TITLE = re.compile(r"^Sit-and-go #(?P<id>\d+): final standings$")
CASH_WORDS = ("wallet", "/poker join", "cash out", "cashed out", "chips went back")
"""Words of a cash table that a tournament's channel never reads."""
PRIZES = {1: 280, 2: 120}
"""Four players, 100 each: 70% and 30% of the pool."""
FAST = {"DEUCE_HOUSE_PAUSE_SECONDS": "0", "DEUCE_HAND_PAUSE_SECONDS": "0.2"}


async def query(location: Path | str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` (``?`` placeholders) from the bot's SQLite file or PostgreSQL URL."""
    if str(location).startswith("postgresql://"):
        numbered = iter(range(1, len(params) + 1))
        connection = await asyncpg.connect(str(location))
        try:
            found = await connection.fetch(
                re.sub(r"\?", lambda _: f"${next(numbered)}", sql), *params
            )
        finally:
            await connection.close()
        return [tuple(row) for row in found]
    with sqlite3.connect(location) as db:
        return list(db.execute(sql, params).fetchall())


def registration(double: DiscordDouble, channel: Channel) -> dict[str, Any]:
    message = double.last_message(
        channel, lambda m: str(embed0(m).get("title") or "").startswith("Sit-and-go #")
    )
    assert message is not None, "no registration message"
    return message


def standings_message(double: DiscordDouble, channel: Channel) -> dict[str, Any] | None:
    return double.last_message(
        channel, lambda m: STANDINGS_TITLE.match(str(embed0(m).get("title") or "")) is not None
    )


async def create(club: Club, channel: Channel | None = None, **options: Any) -> dict[str, Any]:
    """An admin creates a sit-and-go; its registration message."""
    options = {"buy_in": BUY_IN, "seats": 4, "stack": STACK, **options}
    created = await club.double.invoke(
        club.admin, channel or club.channel, "poker sng create", **options
    )
    await created.response(timeout=10)
    return registration(club.double, channel or club.channel)


async def click_register(
    double: DiscordDouble, member: Member, message: dict[str, Any], what: str
) -> str:
    """Press Register (``r``) or Unregister (``u``) on the registration message; the private
    answer."""
    current = double.current(message) or message
    button = next(b for b in buttons(current) if b["custom_id"].startswith(f"deuce:s{what}:"))
    clicked = await double.click(member, current, button["custom_id"])
    return await private_reply(clicked)


async def sng(
    double: DiscordDouble, member: Member, channel: Channel, command: str, **options: Any
) -> str:
    """Run ``/poker sng <command>`` and return the private answer."""
    interaction = await double.invoke(member, channel, f"poker sng {command}", **options)
    return await private_reply(interaction)


async def play_to_the_end(
    club: Club, table: PokerTable, *, kill_after: tuple[int, ...] = ()
) -> int:
    """Play every hand the members are dealt (check or call, stand pat) until the final
    standings are posted; SIGKILL and restart the bot after the hands counted in
    ``kill_after`` (mid-hand: right after a member's first action of the next hand). How
    many times it was killed."""
    double = club.double
    played = kills = 0
    while standings_message(double, club.channel) is None:

        def state() -> str | None:
            if standings_message(double, club.channel) is not None:
                return "over"
            message = table.table_message()
            if message is not None and table.turn(message) is not None:
                return "turn"
            return None

        if await double.wait_until(state, timeout=60) == "over":
            break
        if played in kill_after:
            message = table.table_message()
            assert message is not None
            turn = table.turn(message)
            if turn is not None and turn[1] == "act":
                await table.click_table(turn[0], "call")
            await club.bot.kill()
            await club.bot.restart()
            kills += 1
            kill_after = tuple(k for k in kill_after if k != played)
            continue
        try:
            await table.play_hand(always("call"), timeout=60)
        except AssertionError:
            if standings_message(double, club.channel) is None:
                raise
        played += 1
    return kills


def hand_limits(double: DiscordDouble, channel: Channel) -> dict[int, str]:
    """Each hand's limits as its table title showed them (any version of the message)."""
    seen: dict[int, str] = {}
    for event in double.channel_events(channel):
        for embed in [embed0(event.payload)]:
            match = TITLE_RE.match(str(embed.get("title") or ""))
            if match:
                seen[int(match["hand"])] = f"{match['small']}/{match['big']}"
    return seen


async def check_finished(club: Club, members: list[Member], tournament_id: int) -> dict[str, int]:
    """The tournament is over: standings with their picture, places in order, prizes in the
    wallets, an empty escrow, a clean audit. The members' places by name."""
    double = club.double
    message = standings_message(double, club.channel)
    assert message is not None
    (attachment,) = message["attachments"]
    assert attachment["filename"] == "standings.png"
    png = double.attachment_data[int(attachment["id"])]
    rows = parse_standings(Image.open(io.BytesIO(png)).info["standings"])
    places = {name: place for place, name, _ in rows}
    prizes = {name: prize for _, name, prize in rows}
    ordered = [place for place, _, _ in rows]
    assert ordered[0] == 1 and ordered == sorted(ordered) and len(rows) == 4
    assert sum(prizes.values()) == 4 * BUY_IN
    for place, _, prize in rows:  # tied players share the prizes of the places they cover
        tied = ordered.count(place)
        share = sum(PRIZES.get(p, 0) for p in range(place, place + tied))
        assert prize in (share // tied, share // tied + 1)
    # The results' places came in order, worst place first, each as the standings say.
    outs = [
        (m["name"].replace("\\", ""), int(m["place"]))
        for message in double.channel_messages(club.channel)
        if RESULT_TITLE.match(str(embed0(message).get("title") or ""))
        for line in tournament_field(message, tournament_id).splitlines()
        if (m := OUT_RE.match(line))
    ]
    assert [place for _, place in outs] == sorted(ordered[1:], reverse=True)
    assert all(places[name] == place for name, place in outs)
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    for member in members:
        place, prize = places[member.display_name], prizes[member.display_name]
        assert wallets[member.id] == START_WALLET - BUY_IN + prize, (member.display_name, place)
        said = f"sit-and-go #{tournament_id} in place {place} of 4"

        def place_dm(member: Member = member, said: str = said) -> bool:
            return any(said in str(m.get("content") or "") for m in double.dms(member))

        await double.wait_until(place_dm, timeout=10)  # its own task: it may follow the standings
    ((escrow,),) = await query(
        club.db_path,
        "SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account = ?",
        f"tournament:{tournament_id}",
    )
    assert escrow == 0
    ((status,),) = await query(
        club.db_path, "SELECT status FROM tournaments WHERE id = ?", tournament_id
    )
    assert status == "finished"
    club.audit_ok()
    return places


def tournament_field(message: dict[str, Any], tournament_id: int) -> str:
    """The ``Sit-and-go #<id>`` field of a table or result message ("" without one)."""
    return field_value(message, f"Sit-and-go #{tournament_id}") or ""


async def check_reads_as_a_tournament(
    double: DiscordDouble, channel: Channel, tournament_id: int, places: dict[str, int]
) -> None:
    """What the channel read of a whole tournament: per hand its table and its result, and
    at the end the final standings, nothing else (no level-up, knock-out or away message of
    its own); every version of the table names the level being played, in its title and its
    field alike; the hand that begins level 2 says so in its log, the hand before it in its
    result; the closed table names the winner, the places and the prizes; no cash table's
    words anywhere."""
    hands: set[int] = set()
    results: dict[int, set[int]] = {}
    """Each hand's result messages (a result takes its table message's place: an edit)."""
    others: list[str] = []
    standings = 0
    for event in double.channel_events(channel):
        message = event.payload
        title = str(embed0(message).get("title") or "")
        text = message_text(message)
        assert not [w for w in CASH_WORDS if w in text.lower()], (title, text)
        if (table := TABLE_TITLE.match(title)) is not None:
            # title and field: the same level, between hands too
            level = LEVEL_RE.match(tournament_field(message, tournament_id))
            assert level is None or level["limits"] == table["limits"], (title, level)
            if table["hand"]:
                hands.add(int(table["hand"]))
        if (result := RESULT_TITLE.match(title)) is not None:
            results.setdefault(int(result["hand"]), set()).add(event.message_id)
        if event.kind != "create" or table is not None or result is not None:
            continue
        if STANDINGS_TITLE.match(title):
            standings += 1
            assert f"wins sit-and-go #{tournament_id}!" in str(message.get("content"))
        elif not title.startswith(f"Sit-and-go #{tournament_id} ("):  # its registration
            others.append(str(message.get("content") or title))
    assert others == [], others  # one message a hand beyond its table: the result
    assert standings == 1
    # every hand had its result (a hand of house players alone may go unseen on the table)
    assert hands <= set(results) == set(range(min(results), max(results) + 1)), results
    assert all(len(shown) == 1 for shown in results.values()), results
    # The level changes at a deal: the hand that begins level 2 says it in its log (the first
    # version of its table), the result of the hand before it announced it.
    first = min(results)
    third = next(
        e.payload
        for e in double.channel_events(channel)
        if (m := TABLE_TITLE.match(str(embed0(e.payload).get("title") or "")))
        and m["hand"] == str(first + 2)
    )
    field = tournament_field(third, tournament_id)
    assert field.startswith("Level 2: 20/40 · next 30/60 after 1 more hand"), field
    assert "Level 2: the limits are now 20/40." in str(embed0(third).get("fields"))
    before = next(
        m
        for m in double.channel_messages(channel)
        if embed0(m).get("title") == f"Hand #{first + 1} result"
    )
    news = tournament_field(before, tournament_id)
    assert "The next hand begins level 2: 20/40." in news, news
    # The closed table: the winner, every place and its prize, as the final standings.
    winner = next(name for name, place in places.items() if place == 1)
    over = f"Sit-and-go #{tournament_id} is over: {winner} wins first prize, 280."

    def closed_table() -> dict[str, Any] | None:
        return double.last_message(
            channel, lambda m: over in str(embed0(m).get("description") or "")
        )

    await double.wait_until(closed_table, timeout=10)
    table, final = closed_table(), standings_message(double, channel)
    assert table is not None and final is not None
    assert TABLE_TITLE.match(str(embed0(table).get("title"))), table
    assert not [w for w in CASH_WORDS if w in message_text(table).lower()], table
    # The registration message, where it began, says it finished.

    def registration_finished() -> bool:
        return any(
            str(embed0(m).get("title")) == f"Sit-and-go #{tournament_id} (finished)"
            for m in double.channel_messages(channel)
        )

    await double.wait_until(registration_finished, timeout=10)
    lines = tournament_field(table, tournament_id).splitlines()
    assert lines[0].startswith("Finished at level "), lines
    assert lines[1:] == str(embed0(final)["description"]).splitlines(), lines
    assert len(lines) == 5 and lines[1].endswith(": 280"), lines
    assert "Turn" not in str(embed0(table).get("fields"))


def check_levels(double: DiscordDouble, channel: Channel, hands_per_level: int) -> None:
    """Each hand seen was dealt at its level's limits (the levels go by hands)."""
    limits = hand_limits(double, channel)
    first = min(limits)
    # a level-2 hand was dealt (the third); four players of 200 chips may all be out by then
    assert len(limits) >= 3, limits
    for hand_id, shown in limits.items():
        level = (hand_id - first) // hands_per_level + 1
        assert shown == level_of("turbo", level).label, (hand_id, shown, limits)
    assert len(set(limits.values())) >= 2  # the limits rose


async def start_four(club: Club) -> tuple[PokerTable, int]:
    """Alice registers with the button, Bob with the command, the admin adds two house
    players: the tournament is full and starts."""
    double, channel = club.double, club.channel
    alice, bob = await club.players(2)
    message = await create(club, level_hands=2, structure="turbo")
    tournament_id = int(re.match(r"Sit-and-go #(\d+)", embed0(message)["title"])[1])
    assert "Register" in [b["label"] for b in buttons(message)]
    assert "registered" in await click_register(double, alice, message, "r")
    assert "registered" in await sng(double, bob, channel, "register")
    assert "Alice" in str(embed0(double.current(message) or message)["fields"])
    assert "2 house players registered" in await sng(
        double, club.admin, channel, "house", count=2, level="strong"
    )
    table = PokerTable(double, channel, [alice, bob])
    await table.wait_table(
        lambda m: table.turn(m) is not None or "Sit-and-go" in str(m), timeout=20
    )
    return table, tournament_id
