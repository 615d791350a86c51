"""The channel's table message, one Components V2 message: stakes, seats, round, pot, whose turn
with its countdown, the whole log of the hand, and the buttons while a hand runs. Hidden cards
are not in the ``TableSnapshot`` to begin with."""

from __future__ import annotations

from functools import lru_cache

import discord

from bot.house.accounts import is_house
from bot.messages import number, reader, t
from bot.table.buttons import (
    TableButton,
)
from bot.table.render.common import (
    EMBED_FIELD_MAX,
    EMBED_TITLE_MAX,
    LINE_CACHE_SIZE,
    Section,
    betting_buttons,
    clamp,
    draws_text,
    hand_log,
    safe_name,
    turn_text,
)
from bot.table.render.standings import TOURNAMENT_HEADINGS, news_text, place_text
from bot.table.snapshot import (
    SeatSnapshot,
    TableSnapshot,
    TournamentLine,
)
from bot.ui.layout import (
    MAX_TEXT,
    Buttons,
    Component,
    PlainLayout,
    container,
    separator,
    text,
)

EMBED_COLOUR = discord.Colour.dark_green()
"""The accent colour of the table's box."""
LOG_MAX = 3000
"""The longest hand's log the table shows (the newest lines kept)."""
LOG_MARGIN = 20
"""Characters of a message's text kept spare beside the table's sections."""


def round_text(snapshot: TableSnapshot) -> str:
    """``Pre-draw betting``, ``Draw 2 of 3``, ``Betting after draw 1``..."""
    if snapshot.phase == "drawing":
        return t("round_drawing", number=max(1, snapshot.draw_round))
    if snapshot.phase == "betting":
        if snapshot.draw_round <= 0:
            return t("round_predraw")
        return t("round_betting", number=snapshot.draw_round)
    if snapshot.phase == "complete":
        return t("round_complete")
    return t("round_waiting")


def seat_line(seat: SeatSnapshot) -> str:
    """One line of the seats field, in the reader's language: what happened to the seat in
    order (its draws, its bet this round, then folded, all-in or its turn)."""
    return _seat_line(seat, reader())


@lru_cache(maxsize=LINE_CACHE_SIZE)
def _seat_line(seat: SeatSnapshot, language: str) -> str:
    """``seat_line`` in ``language`` (the reader's, which ``t`` reads). Written once per seat
    state and language: an action changes one or two seats, and the table's answer, its
    edits and every panel show the others as they were."""
    markers = f"`{seat.seat + 1}` "
    if seat.button:
        markers += "Ⓓ "
    if seat.blind:
        markers += f"({seat.blind}) "
    if is_house(seat.player_id):
        markers += t("house_marker") + " "
    state = ""
    if seat.to_draw:
        state = t("state_to_draw")
    elif seat.to_act:
        state = t("state_to_act")
    elif seat.folded:
        state = t("state_folded")
    elif seat.all_in:
        state = t("state_all_in")
    elif seat.sitting_out:
        state = t("state_sitting_out")
    if seat.leaving:
        state += t("state_leaving")
    bet = t("seat_bet", amount=seat.bet) if seat.bet else ""
    draws = t("draws_label", counts=draws_text(seat.draws)) if seat.draws else ""
    return t(
        "seat_line",
        markers=markers,
        name=safe_name(seat.name),
        stack=seat.stack,
        bet=bet,
        state=state,
        draws=draws,
    )


def seats_text(snapshot: TableSnapshot) -> str:
    """Every seat, one line each in seat order (the table's Seats field, each panel's)."""
    lines = [seat_line(seat) for seat in sorted(snapshot.seats, key=lambda s: s.seat)]
    return clamp("\n".join(lines) or "—", EMBED_FIELD_MAX)


def pot_text(snapshot: TableSnapshot) -> str:
    """The pot, with side pots when there are any."""
    if len(snapshot.side_pots) > 1:
        return t(
            "pot_with_sides",
            amount=snapshot.pot,
            main=snapshot.side_pots[0],
            sides=", ".join(number(p) for p in snapshot.side_pots[1:]),
        )
    return t("pot_main", amount=snapshot.pot)


def can_deal(snapshot: TableSnapshot) -> bool:
    """Whether two seated players could be dealt in (chips, not sitting out, not leaving)."""
    ready = [s for s in snapshot.seats if s.stack > 0 and not s.sitting_out and not s.leaving]
    if snapshot.tournament is not None:  # away players are dealt in
        ready = [s for s in snapshot.seats if s.stack > 0]
    return len(ready) >= 2


MTT_CLOSED = {"broken": "mtt_table_broken_closed", "finished": "mtt_table_over"}
"""A closed multi-table tournament table's words (else cancelled: ``mtt_table_cancelled``)."""


def tournament_text(line: TournamentLine) -> str:
    """The table's tournament field: the level being played, its limits, the next and when,
    the players; once finished, the last level and the final places with their prizes."""
    if line.state == "finished":
        last = t("sng_final_level", level=line.level, limits=line.limits)
        return "\n".join([last, *(place_text(p) for p in line.standings)])
    if line.level_ends_at is not None:
        when = t("sng_next_at", when=f"<t:{int(line.level_ends_at)}:R>")
    else:
        when = t("sng_next_hands", hands=line.hands_left or 0)
    level = t("sng_level_line", level=line.level, limits=line.limits, next=line.next_limits)
    players = t(
        "sng_players_line",
        left=line.players_left,
        entrants=line.entrants,
        average=number(line.average_stack),
    )
    return f"{level} {when}\n{players}"


def closed_text(snapshot: TableSnapshot) -> str:
    """The closed table's words: a cash table's chips went back to the wallets; a tournament
    was won (its winner and prize) or cancelled (its buy-ins refunded)."""
    line = snapshot.tournament
    if line is None:
        return t("table_closed_idle" if snapshot.idle_closed else "table_closed")
    tournament = str(line.tournament_id)
    if line.kind == "mtt":
        return t(MTT_CLOSED.get(line.state, "mtt_table_cancelled"), tournament=tournament)
    if line.state == "finished" and line.standings:
        winner = line.standings[0]
        return t(
            "sng_table_won",
            tournament=tournament,
            name=safe_name(winner.name),
            prize=number(winner.prize),
        )
    return t("sng_table_cancelled", tournament=tournament)


def tournament_log(snapshot: TableSnapshot, lines: list[str]) -> list[str]:
    """The log's ``lines`` with the tournament's news: before a running hand's actions (the
    places of the hand before, the level this one began), after the last hand's between
    hands (its places)."""
    line = snapshot.tournament
    if line is None:
        return lines
    if snapshot.hand_id is not None:
        return [clamp(news_text(n), 120) for n in line.news] + lines
    return lines + [clamp(news_text(n), 120) for n in line.last_news]


def table_log(snapshot: TableSnapshot, limit: int) -> str:
    """The table's log (and every panel's): the hand's whole log round by round, with the
    tournament's news where ``tournament_log`` puts it."""
    news = tuple(tournament_log(snapshot, []))
    before, after = (news, ()) if snapshot.hand_id is not None else ((), news)
    return hand_log(snapshot, limit, before=before, after=after)


def table_title(snapshot: TableSnapshot) -> str:
    """``2-7 Triple Draw · 10/20 · hand #77``: the stakes, the game and the hand."""
    small_bet, big_bet = number(snapshot.small_bet), number(2 * snapshot.small_bet)
    if snapshot.hand_id is not None:
        return t(
            "table_title_hand", small_bet=small_bet, big_bet=big_bet, hand_id=str(snapshot.hand_id)
        )
    return t("table_title", small_bet=small_bet, big_bet=big_bet)


def table_description(snapshot: TableSnapshot) -> str:
    """The blinds and cap, then what the table is doing apart from the hand (closed, closing
    after this hand, paused)."""
    small_blind, small_bet = number(snapshot.small_blind), number(snapshot.small_bet)
    description = t("table_blinds", small_blind=small_blind, small_bet=small_bet, cap=snapshot.cap)
    if snapshot.closed:
        description += "\n" + closed_text(snapshot)
    elif snapshot.closing:
        description += "\n" + t("close_after_hand")
    elif snapshot.paused_by is not None:
        key = "table_paused" if snapshot.hand_id is None else "table_pausing"
        description += "\n" + t(key, name=f"<@{snapshot.paused_by}>")
    return description


def turn_section(snapshot: TableSnapshot) -> str | None:
    """The Turn section: whose turn and its countdown, the store being waited for, or when
    the next hand comes; None when there is nothing to say."""
    if snapshot.store_waiting:
        return t("store_waiting")
    if snapshot.to_act_name and snapshot.phase in ("betting", "drawing"):
        return clamp(turn_text(snapshot), EMBED_FIELD_MAX)
    if not snapshot.closed and snapshot.phase in ("waiting", "complete"):
        if not can_deal(snapshot):  # (a tournament with one player left is ending)
            return None if snapshot.tournament is not None else t("waiting_players")
        if snapshot.next_hand_at is not None:
            return t("next_hand_in", when=f"<t:{int(snapshot.next_hand_at)}:R>")
    return None  # a hand just over, its next one not planned yet: nothing to say


def table_groups(snapshot: TableSnapshot) -> list[list[Section]]:
    """The table's sections in reading order, in groups (a line between two groups): the
    tournament, the seats, the round and pot, whose turn, the hand's log. The log comes last
    and has the room the others leave of a message's text (``MAX_TEXT``)."""
    groups: list[list[Section]] = []
    line = snapshot.tournament
    if line is not None and line.state != "cancelled":
        name = t(TOURNAMENT_HEADINGS[line.kind], tournament=str(line.tournament_id))
        groups.append([Section("tournament", name, tournament_text(line))])
    groups.append([Section("seats", t("field_seats"), seats_text(snapshot))])
    if snapshot.hand_id is not None and snapshot.phase != "waiting":
        groups.append(
            [
                Section("round", t("field_round"), round_text(snapshot)),
                Section("pot", t("field_pot"), clamp(pot_text(snapshot), 256)),
            ]
        )
    turn = turn_section(snapshot)
    if turn is not None:
        groups.append([Section("turn", t("field_turn"), turn)])
    heading = t("field_log")
    used = len(table_title(snapshot)) + len(table_description(snapshot)) + LOG_MARGIN
    used += sum(len(section_text(s)) for group in groups for s in group)
    room = min(LOG_MAX, MAX_TEXT - used - len(section_text(Section("log", heading, ""))))
    groups.append([Section("log", heading, table_log(snapshot, max(room, 100)))])
    return groups


def section_text(section: Section) -> str:
    """A section as one text display: its heading in bold on the first line, then its text."""
    if section.heading is None:
        return section.text
    return f"**{section.heading}**\n{section.text}"


def table_layout(snapshot: TableSnapshot) -> PlainLayout:
    """The table message, one Components V2 message: in a box of the table's colour, the
    heading (stakes, game, hand), the blinds and the table's state, the sections
    (``table_groups``) with a line between groups, and the buttons while a hand runs. Hidden
    cards are not in the snapshot to begin with."""
    children: list[Component] = [
        text(f"### {clamp(table_title(snapshot), EMBED_TITLE_MAX)}\n{table_description(snapshot)}")
    ]
    for group in table_groups(snapshot):
        children.append(separator())
        children += [text(section_text(section)) for section in group]
    view = table_view(snapshot)
    if view is not None:
        children += view.to_components()
    return PlainLayout([container(children, EMBED_COLOUR.value)])


def table_view(snapshot: TableSnapshot) -> Buttons | None:
    """Buttons under the table: only while a hand runs, labels showing the amounts."""
    if snapshot.hand_id is None or snapshot.phase not in ("betting", "drawing") or snapshot.closed:
        return None
    if snapshot.store_waiting:
        return None  # nothing can be played until the store answers
    view = Buttons()
    tid, hid, number = snapshot.table_id, snapshot.hand_id, snapshot.action_number
    if snapshot.phase == "betting" and snapshot.legal is not None:
        view += betting_buttons(snapshot)
    cards = TableButton.look(
        tid, hid, number, "cards", label=t("button_my_cards"), style=discord.ButtonStyle.secondary
    )
    view.append(cards)
    return view
