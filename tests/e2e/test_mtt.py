"""Multi-table tournaments end to end (issue 37): ``python -m bot`` against the double, a
tournament of fourteen players (three members, eleven house players) on three tables played
to its end with short levels.

What is checked is what players read and what the store holds: the lobby message (one
message in the channel, edited: registering, running with its tables and stacks, finished),
the scheduled event (scheduled, active, completed), the balancing moves and the table breaks
against the rules (a broken table's players all moved, in the transaction that broke it; a
balancing move from a table with two players more than the shortest), hand for hand at the
bubble, the moved member's DM with a link to their new thread, the final standings, the
prizes in the wallets and a clean audit; and registration's refusals, each a private sentence
that changes nothing. The bot runs with ``DEUCE_TEST_SEED`` (the same seating, decks and house
choices each run); the fourteen-player test with ``DEUCE_TEST_MTT_ROUNDS`` too (the tables
deal in rounds, so the tournament takes one course, run after run), so a balancing move, both
breaks and hand for hand at the bubble happen in every run, and are asserted. The SIGKILL test
plays free-running (the tables racing each other, as in a deployment).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from pathlib import Path

from tests.conftest import StartBot
from tests.discord_double import Channel, DiscordDouble, Member, message_text
from tests.discord_double.models import ADMIN_MEMBER_PERMISSIONS, PERM_CREATE_PUBLIC_THREADS
from tests.discord_double.threads import EVENT_ACTIVE, EVENT_COMPLETED, EVENT_SCHEDULED
from tests.e2e.helpers import (
    START_WALLET,
    Club,
    buttons,
    check_after_test,
    forged_click,
    make_club,
    private_reply,
)
from tests.e2e.mtt_play import (
    BUY_IN,
    ENV,
    FIELD,
    LOBBY_TITLE,
    ROUNDS,
    STACK,
    Autoplayer,
    check_nothing_left,
    click_lobby,
    create_and_fill,
    create_mtt,
    digest,
    hand_histories,
    lobby,
    lobby_status,
    mtt,
    start_now,
)
from tests.e2e.sng_play import query

log = logging.getLogger(__name__)


async def test_a_fourteen_player_mtt_on_three_tables_plays_to_the_end(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, **ROUNDS)
    channel = club.channel
    tournament_id, members = await create_and_fill(club)
    started = time.monotonic()
    requests_before = len(double.rest_log)
    await start_now(club.db_path, tournament_id)
    player = Autoplayer(double, members)
    player.start()
    refused: list[str] = []
    watcher = asyncio.create_task(cancel_in_the_money(club, tournament_id, refused))
    try:
        await double.wait_until(lambda: lobby_status(double, channel) == "running", timeout=20)
        threads = double.threads.threads_of(club.guild)
        assert len(threads) == 3, [t.name for t in threads]
        running = str(lobby(double, channel)["content"])
        assert f"{FIELD} of {FIELD} players left · average stack {STACK}" in running, running
        assert "Level 1: 10/20 · next 20/40" in running, running
        for thread in threads:
            assert f"<#{thread.id}>" in running, running
        seats = await query(
            club.db_path,
            "SELECT m.number, s.user_id FROM seats s JOIN mtt_tables m ON m.table_id = s.table_id"
            " WHERE m.tournament_id = ? ORDER BY m.number, s.seat",
            tournament_id,
        )
        # The seed's first seating (TDA 6: at random): tables of 5, 5 and 4, a member at each.
        assert sorted(n for n, u in seats if u in {m.id for m in members}) == [1, 2, 3], seats
        assert [sum(1 for n, _ in seats if n == k) for k in (1, 2, 3)] == [5, 5, 4], seats
        await double.wait_until(lambda: lobby_status(double, channel) == "finished", timeout=120)
    finally:
        await player.stop()
        watcher.cancel()
    played = time.monotonic() - started
    # An admin's cancel once a place had won a prize was refused, and changed nothing.
    assert refused and "in the money" in refused[0], refused
    await check_the_end(club, tournament_id, members, threads, rounds=True)
    calls = [path for _, _, path, _ in double.rest_log[requests_before:]]
    answers = sum(1 for path in calls if "/interactions/" in path or "/webhooks/" in path)
    ((hands,),) = await query(
        club.db_path,
        "SELECT count(*) FROM hands h JOIN mtt_tables m ON m.table_id = h.table_id"
        " WHERE m.tournament_id = ?",
        tournament_id,
    )
    # The course, to compare run with run (same in rounds): every hand's history.
    print("HANDS", hands, digest(await hand_histories(club.db_path, tournament_id)))
    print(
        f"MTT of {FIELD} played to its end in {played:.1f} s: {hands} hands,"
        f" {(len(calls) - answers) / hands:.1f} rate-limited calls a hand"
        f" ({answers / hands:.1f} interaction answers)"
    )
    check_after_test(club)


async def cancel_in_the_money(club: Club, tournament_id: int, answers: list[str]) -> None:
    """Once a player out has won a prize while the tournament runs, the admin tries to cancel
    it (the answer kept)."""
    while True:
        await asyncio.sleep(0.1)
        prized = await query(
            club.db_path,
            "SELECT count(*) FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id"
            " WHERE t.id = ? AND t.status = 'running' AND e.prize > 0",
            tournament_id,
        )
        if prized[0][0]:
            answers.append(await mtt(club.double, club.admin, club.channel, "cancel"))
            return


async def test_an_mtt_survives_two_sigkills_one_during_a_break(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, **ENV)
    channel = club.channel
    tournament_id, members = await create_and_fill(club)
    await start_now(club.db_path, tournament_id)
    player = Autoplayer(double, members)
    player.start()
    kills = 0
    try:
        await double.wait_until(lambda: lobby_status(double, channel) == "running", timeout=20)
        threads = double.threads.threads_of(club.guild)
        # The first kill as soon as a table breaks or a player is moved (the director's step
        # may be half applied: the break written, the tables not told), the second some hands
        # later.
        for mark in (r"MTT \d+: (table \d+ broken|balancing)", r"hand \d+ settled"):
            seen = len(re.findall(mark, club.bot.output())) + (5 if kills else 0)

            def marked(mark: str = mark, seen: int = seen) -> bool:
                return len(re.findall(mark, club.bot.output())) > seen

            await double.wait_until(marked, timeout=60)
            if lobby_status(double, channel) == "finished":
                break
            await club.bot.kill()
            kills += 1
            await club.bot.restart()
        await double.wait_until(lambda: lobby_status(double, channel) == "finished", timeout=120)
    finally:
        await player.stop()
    assert kills == 2
    # Every thread the tournament played in was one of the three it started with.
    assert {t.id for t in double.threads.threads_of(club.guild, archived=True)} == {
        t.id for t in threads
    }
    await check_the_end(club, tournament_id, members, threads, killed=True)
    check_after_test(club)


async def check_the_end(
    club: Club,
    tournament_id: int,
    members: list[Member],
    threads: list[Channel],
    *,
    killed: bool = False,
    rounds: bool = False,
) -> None:
    double, channel, db = club.double, club.channel, club.db_path
    # The scheduled event went scheduled → active → completed.
    (event,) = [e for e in double.threads.events.values() if e.guild is club.guild]
    await double.wait_until(lambda: event.status == EVENT_COMPLETED, timeout=10)
    assert event.history == [EVENT_SCHEDULED, EVENT_ACTIVE, EVENT_COMPLETED]
    # Places 1..14, each once; the prizes are the flat preset's six (40% of 14, rounded).
    entries = await query(
        db,
        "SELECT user_id, name, place, prize FROM tournament_entries WHERE tournament_id = ?",
        tournament_id,
    )
    assert (
        sorted(place for _, _, place, _ in entries) == list(range(1, FIELD + 1))
        or len({place for _, _, place, _ in entries}) < FIELD
    )  # ties share a place
    assert sum(prize or 0 for *_, prize in entries) == FIELD * BUY_IN
    assert sum(1 for *_, prize in entries if prize) >= 6
    # The prizes reached the members' wallets.
    wallets = dict(await query(db, "SELECT user_id, balance FROM wallets"))
    by_id = {user_id: (place, prize or 0) for user_id, _, place, prize in entries}
    for member in members:
        assert wallets[member.id] == START_WALLET - BUY_IN + by_id[member.id][1], member
    # Moves: both breaks moved every player of the broken table in the transaction that broke
    # it; balancing moves left a table with two more players than the one they joined.
    tables = dict(
        await query(
            db,
            "SELECT table_id, broken_at FROM mtt_tables WHERE tournament_id = ?",
            tournament_id,
        )
    )
    moves = await query(
        db,
        "SELECT user_id, from_table, to_table, reason, moved_at FROM mtt_moves"
        " WHERE tournament_id = ? ORDER BY id",
        tournament_id,
    )
    broken = {table for table, at in tables.items() if at is not None}
    assert len(tables) == 3 and len(broken) == 2, tables
    for table in broken:
        out = [m for m in moves if m[1] == table and m[3] == "break"]
        assert out and all(m[4] == tables[table] for m in out), (table, out)
        assert all(m[2] not in broken or tables[m[2]] > tables[table] for m in out)
    reasons = {m[3] for m in moves}
    # Each balancing move (TDA 10) went from a table two or more players fuller than the one
    # it joined, as the bot logged the tables then.
    balancing = re.findall(
        r"MTT \d+: balancing: table \d+ \((\d+) players\) to table \d+ \((\d+) players\)",
        club.bot.output(),
    )
    # (a step a SIGKILL interrupted before its write is logged, then decided again)
    assert len(balancing) >= sum(1 for m in moves if m[3] == "balance")
    assert all(int(fuller) - int(shorter) >= 2 for fuller, shorter in balancing), balancing
    names = {user_id: name for user_id, name, _, _ in entries}
    numbers = {table_id: n for n, table_id in enumerate(sorted(tables), start=1)}
    print("MOVES", [(m[3], names[m[0]], numbers[m[1]], numbers[m[2]]) for m in moves])
    print("PLACES", sorted((place, name, prize or 0) for _, name, place, prize in entries))
    assert "break" in reasons, moves
    if rounds:  # the seeded course in rounds: its balancing moves come in every run
        assert "balance" in reasons, moves
    # (free-running, which table's hand ends first decides whether the field ever needs a
    # balancing move before a break evens it out: FREE_SEED gives one most runs, not all)
    # Hand for hand at the bubble (the flat preset pays six of fourteen): once a hand left
    # seven players (on two tables: six fit on one), hand for hand began at once: the hands
    # still running at the other tables were its first round, so every player out from then
    # until the bubble burst was placed in a hand-for-hand round; the channel was told.
    outs = await query(
        db,
        "SELECT note, created_at, table_id FROM ledger_tx WHERE kind = 'tournament_out'"
        " AND note LIKE ? ORDER BY id",
        f"tournament {tournament_id}%",
    )
    texts = [message_text(m) for m in double.channel_messages(channel)]
    course: list[tuple[bool, list[str]]] = []
    left, window = FIELD, (0.0, 0.0)
    for note, at, _ in outs:
        gone = note.split(": ", 1)[1].split(", ")
        together = " hand for hand: " in note
        course.append((together, [f"{names[int(g.split()[0])]} {g.split()[1]}" for g in gone]))
        assert together == (left == 7), (left, note, outs)
        if together and not window[1]:
            window = (window[0], at)
        left -= len(gone)
        if left == 7:
            window = (at, 0.0)
    bubble = any(" hand for hand: " in note for note, _, _ in outs)
    assert bubble == any("deal hand for hand" in text for text in texts), (bubble, outs)
    print("OUTS", course)
    # Only two players out in one hand at one table, from eight to six, pass the bubble
    # without it; in rounds (one course, each run) this seed's bubble comes hand for hand.
    if rounds:
        assert bubble, outs
    log.info("hand for hand at the bubble: %s", bubble)
    if bubble:
        # Hand for hand: a table's next hand began only once every hand begun before it, at
        # any table, had ended.
        hands = await query(
            db,
            "SELECT h.table_id, h.started_at, h.ended_at FROM hands h"
            " JOIN mtt_tables m ON m.table_id = h.table_id WHERE m.tournament_id = ?"
            " AND h.started_at <= ? ORDER BY h.started_at",
            tournament_id,
            window[1],
        )
        dealt = [h for h in hands if h[1] > window[0]]
        for table_id, started, _ in dealt:
            before = [h for h in dealt if h[0] == table_id and h[1] < started]
            if not before:
                continue
            last_ended = before[-1][2]
            assert last_ended is not None
            for other in (h for h in hands if h[0] != table_id and h[1] < started):
                # ended before this hand began, or dealt in the same round as it
                ended_before = other[2] is not None and other[2] <= started
                assert ended_before or other[1] >= last_ended, (table_id, started, other)
    print("HAND FOR HAND", bubble)
    # A moved member was told by DM, with a link to the thread they went to.
    moved = [m for m in moves if m[0] in {member.id for member in members} and not killed]
    for user_id, _, to_table, _, _ in moved:
        member = next(m for m in members if m.id == user_id)
        thread_of = dict(
            await query(db, "SELECT id, channel_id FROM poker_tables WHERE id = ?", to_table)
        )
        link = f"https://discord.com/channels/{club.guild.id}/{thread_of[to_table]}"

        def told(member: Member = member, link: str = link) -> bool:
            return any(
                "you move from table" in str(m.get("content")) and link in str(m.get("content"))
                for m in double.dms(member)
            )

        await double.wait_until(told, timeout=10)
    # Each member was told their place by DM (a SIGKILL may cost a DM on its way).
    for member in members if not killed else []:
        place = by_id[member.id][0]
        said = f"You finished tournament #{tournament_id} in place {place} of {FIELD}"

        def place_dm(member: Member = member, said: str = said) -> bool:
            return any(said in str(m.get("content") or "") for m in double.dms(member))

        await double.wait_until(place_dm, timeout=10)
    # A broken table's thread says it broke; every table's message there names the tournament.
    for thread in threads:
        thread_texts = [message_text(m) for m in double.channel_messages(thread)]
        assert any(f"Tournament #{tournament_id}" in text for text in thread_texts)
        assert not any("Sit-and-go" in text for text in thread_texts), thread_texts[-3:]
    # Each broken table's thread was told it broke, once (a SIGKILL between the break's write
    # and its notice: the restart tells it; between the notice and its "told" write: twice).
    broken_threads = {
        channel_id
        for (channel_id,) in await query(
            db,
            "SELECT p.channel_id FROM mtt_tables m JOIN poker_tables p ON p.id = m.table_id"
            " WHERE m.tournament_id = ? AND m.broken_at IS NOT NULL",
            tournament_id,
        )
    }
    assert len(broken_threads) == 2

    def said_broken() -> dict[int, int]:
        return {
            thread.id: sum(
                "is broken: its players move to other tables" in message_text(m)
                for m in double.channel_messages(thread)
            )
            for thread in threads
        }

    await double.wait_until(lambda: all(said_broken()[t] for t in broken_threads), timeout=10)
    for thread_id, said in said_broken().items():
        wanted = (1, 2) if killed else (1,)
        assert said in (wanted if thread_id in broken_threads else (0,)), said_broken()
    # The channel: one lobby message (edited), the final standings, the final table.
    finals = [t for t in texts if f"wins multi-table tournament #{tournament_id}!" in t]
    assert len(finals) == 1, finals
    assert any(f"final table of tournament #{tournament_id} is set" in t for t in texts)
    lobbies = [t for t in texts if LOBBY_TITLE.match(t)]
    assert len(lobbies) == 1, lobbies
    final_lobby = str(lobby(double, channel)["content"])
    winner = next(name for _, name, place, _ in entries if place == 1)
    assert f"1. {winner}: " in final_lobby, final_lobby
    assert buttons(lobby(double, channel)) == []
    # Nothing is left: escrow empty, every table closed, the audit clean.
    await check_nothing_left(db, tournament_id)
    club.audit_ok()


async def test_refusals_change_nothing_and_a_crashs_threads_are_used_again(
    double: DiscordDouble, start_bot: StartBot, tmp_path: Path
) -> None:
    club = await make_club(double, start_bot, tmp_path, **ENV)
    double_, channel = club.double, club.channel
    alice, bob, carol = await club.players(3)
    # Without Create Public Threads in the channel, create is refused naming it; nothing made.
    await double.threads.set_bot_overwrite(channel, deny=PERM_CREATE_PUBLIC_THREADS)
    refused = await mtt(double, club.admin, channel, "create", starts_in=30, buy_in=BUY_IN)
    assert "I need Create Public Threads here" in refused, refused
    assert await query(club.db_path, "SELECT id FROM tournaments") == []
    assert [e for e in double.threads.events.values() if e.guild is club.guild] == []
    await double.threads.set_bot_overwrite(channel)
    # A member may not create one (the server lets only admins).
    assert "Manage Server" in await mtt(double, alice, channel, "create", starts_in=30, buy_in=1)
    tournament_id, _ = await create_mtt(
        double_,
        club.admin,
        channel,
        starts_in=30,
        buy_in=BUY_IN,
        stack=STACK,
        structure="turbo",
        level_hands=2,
        field=4,
        late_levels=1,
    )
    # Two Register clicks at once: one registers, the other is told it is done; one buy-in.
    first, second = await asyncio.gather(
        click_lobby(double, alice, channel, "r"), click_lobby(double, alice, channel, "r")
    )
    assert sorted(["registered" in first, "already registered" in second]) == [True, True] or (
        sorted(["already registered" in first, "registered" in second]) == [True, True]
    ), (first, second)
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    assert wallets[alice.id] == START_WALLET - BUY_IN
    assert "registered for tournament" in await mtt(double, bob, channel, "register")
    assert "registered for tournament" in await mtt(double, carol, channel, "register")
    timer = await double.invoke(club.admin, channel, "pokeradmin timer", seconds=3)
    assert "3 s" in await private_reply(timer)
    await private_reply(
        await double.invoke(club.admin, channel, "pokeradmin timebank", start=0, add=0)
    )
    dave = await double.add_member(club.guild, "dave", display_name="Dave")
    erin = await double.add_member(club.guild, "erin", display_name="Erin")
    # A forged Register of this tournament from another server's channel is answered as a
    # tournament that does not exist.
    other_guild = await double.add_guild("Elsewhere")
    other = await double.add_channel(other_guild, "poker")
    stranger = await double.add_member(
        other_guild, "stranger", display_name="Stranger", permissions=ADMIN_MEMBER_PERMISSIONS
    )
    theirs = await double.invoke(
        stranger, other, "poker mtt create", starts_in=30, buy_in=BUY_IN, field=3
    )
    await theirs.response(timeout=10)
    forged = await forged_click(double, stranger, lobby(double, other), f"deuce:mr:{tournament_id}")
    assert "There is no such tournament." in await private_reply(forged)
    # So is a Register, from this server's lobby, of a tournament in a channel the member
    # cannot see.
    secret = await double.add_channel(club.guild, "secret", hidden=True)
    hidden = await double.invoke(
        club.admin, secret, "poker mtt create", starts_in=30, buy_in=BUY_IN, field=3
    )
    await hidden.response(timeout=10)
    ((secret_id,),) = await query(
        club.db_path, "SELECT id FROM tournaments WHERE channel_id = ?", secret.id
    )
    forged = await forged_click(double, dave, lobby(double, channel), f"deuce:mr:{secret_id}")
    assert "There is no such tournament." in await private_reply(forged)
    assert (
        await query(
            club.db_path,
            "SELECT user_id FROM tournament_entries WHERE tournament_id = ?",
            secret_id,
        )
        == []
    )
    entries = await query(
        club.db_path,
        "SELECT count(*) FROM tournament_entries WHERE tournament_id = ?",
        tournament_id,
    )
    assert entries == [(3,)]
    assert await query(club.db_path, "SELECT id FROM tournaments WHERE guild_id = ?", club.guild.id)
    # A crash after the start opened its threads and before the store started it: the bot
    # comes back to the threads it had opened (here two, named for the tournament's tables)
    # and uses them, opening none beside them.
    await club.bot.kill()
    left = []
    for number in (1, 2):
        thread = Channel(
            id=double.snowflakes.next(),
            name=f"MTT #{tournament_id} · table {number}",
            guild=club.guild,
            parent=channel,
            owner_id=double.bot_user.id,
            auto_archive_duration=1440,
        )
        double.channels[thread.id] = thread
        left.append(thread.id)
    await club.bot.restart()
    await start_now(club.db_path, tournament_id)
    await double.wait_until(lambda: lobby_status(double, channel) == "running", timeout=20)
    tables = await query(
        club.db_path,
        "SELECT p.channel_id FROM mtt_tables m JOIN poker_tables p ON p.id = m.table_id"
        " WHERE m.tournament_id = ?",
        tournament_id,
    )
    assert [channel_id for (channel_id,) in tables] == left[:1]  # three players: one table
    live = {t.id for t in double.threads.threads_of(club.guild)}
    assert left[0] in live and left[1] not in live  # the spare one archived
    # Dave registers late (through level 1): seated at once with a full stack, at the table.
    player = Autoplayer(double, [alice, bob, carol, dave])
    player.start()
    try:
        assert "registered late" in await click_lobby(double, dave, channel, "r")
        seated = await query(
            club.db_path,
            "SELECT s.stack FROM seats s JOIN mtt_tables m ON m.table_id = s.table_id"
            " WHERE m.tournament_id = ? AND s.user_id = ?",
            tournament_id,
            dave.id,
        )
        assert seated == [(STACK,)]
        # The field is full now: Erin is refused, nothing changed.
        assert "The tournament is full (4 players)." in await mtt(double, erin, channel, "register")

        # Once level 2 begins, late registration is closed and the lobby's Register is gone.
        def level_two() -> bool:
            content = str(lobby(double, channel)["content"])
            return "Level 1:" not in content and "Level " in content

        await double.wait_until(level_two, timeout=60)
        assert buttons(lobby(double, channel)) == []
        # Bob leaves the field: refused after the start.
        assert "started" in (await mtt(double, bob, channel, "unregister")).lower()
        assert "Late registration for this tournament is closed" in await mtt(
            double, erin, channel, "register"
        )
    finally:
        await player.stop()
    assert erin.id not in dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    # The admin cancels before the money: every buy-in back, the tables closed.
    assert "is cancelled" in await mtt(double, club.admin, channel, "cancel")
    wallets = dict(await query(club.db_path, "SELECT user_id, balance FROM wallets"))
    assert all(wallets[m.id] == START_WALLET for m in (alice, bob, carol, dave))
    await check_nothing_left(club.db_path, tournament_id)
    (event,) = [
        e
        for e in double.threads.events.values()
        if e.guild is club.guild and e.name.endswith(f"#{tournament_id}")
    ]
    await double.wait_until(lambda: event.status == EVENT_COMPLETED, timeout=10)
    club.audit_ok()
    check_after_test(club)
