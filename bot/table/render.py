"""Embeds and button rows built from plain snapshots of a table, a private hand, a result.

The session turns the engine's public view into a ``TableSnapshot`` (names, stacks, bets, draw
counts: never a hidden card) and a private view into a ``PanelSnapshot`` meant only for its
owner. Everything here is synchronous and pure, so it is unit-tested without Discord, and every
text is clamped to Discord's embed and component limits.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import discord

from bot.engine import Card
from bot.house.accounts import is_house
from bot.messages import number, reader, signed, t
from bot.table.buttons import (
    FOLD_CONFIRMED,
    CardButton,
    DrawButton,
    PrefoldButton,
    ShowButton,
    TableButton,
)
from bot.table.emojis import card_emoji
from bot.table.naming import hand_text as hand_text  # panels name a hand shown afterwards
from bot.table.naming import why_text
from bot.table.snapshot import (
    RECENT_ACTIONS,
    LogEntry,
    PanelSnapshot,
    ResultSnapshot,
    SeatSnapshot,
    TableSnapshot,
    TournamentLine,
)
from bot.ui.views import PlainView

log = logging.getLogger(__name__)


class StandingEntry(Protocol):
    """A tournament entry as the final standings read it (the store's ``EntryRow``)."""

    @property
    def user_id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def place(self) -> int | None: ...
    @property
    def prize(self) -> int | None: ...


SUIT_SYMBOLS = {"c": "\u2663\ufe0f", "d": "\u2666\ufe0f", "h": "\u2665\ufe0f", "s": "\u2660\ufe0f"}
"""Suits as emoji (the variation selector asks for colour): red ♥️ ♦️, black ♠️ ♣️."""
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELD_MAX = 1024
EMBED_TOTAL_MAX = 6000
BUTTON_LABEL_MAX = 80
NAME_MAX = 32
LINE_CACHE_SIZE = 4096
"""Seat lines, log lines and safe names kept (each a short string; 200 busy tables use a few
hundred of each)."""
EMBED_COLOUR = discord.Colour.dark_green()


def card_label(card: Card | int) -> str:
    """``7♠️``, ``10♦️``: how a card looks on a button or in a message."""
    text = str(Card(int(card)))
    rank = "10" if text[0] == "T" else text[0]
    return rank + SUIT_SYMBOLS[text[1]]


def high_first(cards: Sequence[Card | int]) -> list[Card]:
    """Highest rank first, as 2-7 players name a hand (K J 10 9 2, "8-6-4-3-2")."""
    return sorted((Card(int(c)) for c in cards), key=int, reverse=True)


def cards_label(cards: Sequence[Card | int]) -> str:
    """Cards highest first, separated by spaces, as labels."""
    return " ".join(card_label(c) for c in high_first(cards))


LOG_KEYS = {
    "small_blind": "log_small_blind",
    "big_blind": "log_big_blind",
    "fold": "log_fold",
    "check": "log_check",
    "call": "log_call",
    "bet": "log_bet",
    "raise": "log_raise",
}
SIDE_POT = re.compile(r"side pot (\d+)")


def pot_label(pot: str) -> str:
    """The engine's pot name ("main pot", "side pot 2") in the reader's language."""
    side = SIDE_POT.fullmatch(pot)
    if side is not None:
        return t("log_pot_side", number=int(side[1]))
    return t("log_pot_main") if pot == "main pot" else t("log_pot_whole")


def log_text(entry: LogEntry) -> str:
    """A line of the public log in the reader's language (names made safe)."""
    return _log_text(entry, reader())


@lru_cache(maxsize=LINE_CACHE_SIZE)
def _log_text(entry: LogEntry, language: str) -> str:
    """``log_text`` in ``language`` (the reader's, which ``t`` reads): each line is written
    once, where the table showed it again on every action while it stayed in the log."""
    record, name = entry.record, safe_name(entry.name)
    kind = record.kind.value
    if record.left:
        text = t("log_left", name=name)
    elif kind == "draw":
        text = t("log_draw", name=name, count=record.draw_count or 0)
    elif kind == "show":
        cards = record.shown
        text = t("log_show", name=name, cards=cards_label(cards), hand_name=hand_text(cards))
    elif kind == "award":
        text = t("log_win", name=name, amount=record.amount, pot=pot_label(record.pot))
    elif kind == "return":
        text = t("log_return", name=name, amount=record.amount)
    elif kind == "muck":
        text = t("result_mucks", name=name)
    elif kind == "reshuffle":
        text = t("log_reshuffle", count=record.amount)
    else:
        text = t(LOG_KEYS[kind], name=name, amount=record.amount)
        if record.all_in:
            text = t("log_all_in", action=text)
    return t("log_timed_out", action=text) if record.timed_out else text


def clamp(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


BIDI_CONTROLS = dict.fromkeys(
    [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]
)
"""Bidirectional formatting characters: in a name they could reorder the stacks and bets
shown after it on a seat line (``str.translate`` table: each is removed)."""


@lru_cache(maxsize=LINE_CACHE_SIZE)
def safe_name(name: str) -> str:
    """A display name that cannot break markdown, reorder the text after it or be too long;
    mentions are off anyway."""
    plain = clamp(name.translate(BIDI_CONTROLS), NAME_MAX)
    return discord.utils.escape_mentions(discord.utils.escape_markdown(plain))


def draws_text(draws: Sequence[int]) -> str:
    """``drew 2 · pat · drew 1``: the public draw counts of one player, earliest first."""
    return " · ".join(t("pat") if n == 0 else t("drew", count=n) for n in draws)


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
    """One line of the seats field, in the reader's language."""
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
    if seat.to_act:
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


def tournament_text(line: TournamentLine) -> str:
    """The table's tournament field: the level, its limits, the next and when, the players."""
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


def standings_embed(
    tournament_id: int, entries: Sequence[StandingEntry], pool: int
) -> discord.Embed:
    """A sit-and-go's final standings: places, names, prizes (the picture shows the same)."""
    lines = [
        t(
            "sng_result_line",
            place=e.place or len(entries),
            name=safe_name(e.name) + (" 🤖" if is_house(e.user_id) else ""),
            prize=number(e.prize or 0),
        )
        for e in sorted(entries, key=lambda e: (e.place or len(entries), e.name.casefold()))
    ]
    embed = discord.Embed(
        title=clamp(t("sng_result_title", tournament=str(tournament_id)), EMBED_TITLE_MAX),
        description=clamp("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.gold(),
    )
    embed.set_footer(text=t("sng_pool_line", pool=number(pool), entrants=len(entries)))
    return embed


def table_embed(snapshot: TableSnapshot) -> discord.Embed:
    """The table message's embed; hidden cards are not in the snapshot to begin with."""
    small_bet, big_bet = number(snapshot.small_bet), number(2 * snapshot.small_bet)
    if snapshot.hand_id is not None:
        title = t(
            "table_title_hand", small_bet=small_bet, big_bet=big_bet, hand_id=str(snapshot.hand_id)
        )
    else:
        title = t("table_title", small_bet=small_bet, big_bet=big_bet)
    small_blind = number(snapshot.small_blind)
    description = t("table_blinds", small_blind=small_blind, small_bet=small_bet, cap=snapshot.cap)
    if snapshot.closed:
        description += "\n" + t("table_closed_idle" if snapshot.idle_closed else "table_closed")
    elif snapshot.closing:
        description += "\n" + t("close_after_hand")
    elif snapshot.paused_by is not None:
        key = "table_paused" if snapshot.hand_id is None else "table_pausing"
        description += "\n" + t(key, name=f"<@{snapshot.paused_by}>")

    embed = discord.Embed(
        title=clamp(title, EMBED_TITLE_MAX),
        description=clamp(description, EMBED_DESCRIPTION_MAX),
        colour=EMBED_COLOUR,
    )
    if snapshot.tournament is not None:
        name = t("field_tournament", tournament=str(snapshot.tournament.tournament_id))
        embed.add_field(name=name, value=tournament_text(snapshot.tournament), inline=False)
    lines = [seat_line(seat) for seat in sorted(snapshot.seats, key=lambda s: s.seat)]
    embed.add_field(
        name=t("field_seats"),
        value=clamp("\n".join(lines) or "—", EMBED_FIELD_MAX),
        inline=False,
    )
    if snapshot.hand_id is not None and snapshot.phase != "waiting":
        embed.add_field(name=t("field_round"), value=round_text(snapshot), inline=True)
        embed.add_field(name=t("field_pot"), value=clamp(pot_text(snapshot), 256), inline=True)
    if snapshot.store_waiting:
        embed.add_field(name=t("field_turn"), value=t("store_waiting"), inline=False)
    elif snapshot.to_act_name and snapshot.phase in ("betting", "drawing"):
        countdown = f"<t:{int(snapshot.deadline)}:R>" if snapshot.deadline else "—"
        verb = t("verb_draw") if snapshot.phase == "drawing" else t("verb_act")
        line = t("turn_line", name=safe_name(snapshot.to_act_name), verb=verb, countdown=countdown)
        if snapshot.bank:
            line += " · " + t("time_bank_running")
        embed.add_field(name=t("field_turn"), value=clamp(line, EMBED_FIELD_MAX), inline=False)
    elif not snapshot.closed and snapshot.phase in ("waiting", "complete"):
        text = None
        if not can_deal(snapshot):
            text = t("waiting_players")
        elif snapshot.next_hand_at is not None:
            text = t("next_hand_in", when=f"<t:{int(snapshot.next_hand_at)}:R>")
        if text is not None:  # a hand just over, its next one not planned yet: nothing to say
            embed.add_field(name=t("field_turn"), value=text, inline=False)
    recent = [t("log_topup", name=safe_name(name), amount=n) for name, n in snapshot.topped_up]
    recent += [clamp(log_text(entry), 120) for entry in snapshot.recent[-RECENT_ACTIONS:]]
    embed.add_field(
        name=t("field_log"),
        value=clamp("\n".join(recent) or t("no_actions"), EMBED_FIELD_MAX),
        inline=False,
    )
    return embed


def table_view(snapshot: TableSnapshot) -> PlainView | None:
    """Buttons under the table: only while a hand runs, labels showing the amounts."""
    if snapshot.hand_id is None or snapshot.phase not in ("betting", "drawing") or snapshot.closed:
        return None
    if snapshot.store_waiting:
        return None  # nothing can be played until the store answers
    view = PlainView()
    tid, hid, number = snapshot.table_id, snapshot.hand_id, snapshot.action_number
    if snapshot.phase == "betting" and snapshot.legal is not None:
        add_betting_buttons(view, snapshot)
    view.add_item(
        TableButton(
            tid,
            hid,
            number,
            "cards",
            label=t("button_my_cards"),
            style=discord.ButtonStyle.secondary,
        )
    )
    return view


def add_betting_buttons(
    view: PlainView, snapshot: TableSnapshot, *, row: int | None = None
) -> None:
    """Fold / Check-Call / Bet-Raise with their amounts, for the player to act (under the
    table, and in that player's private panel: the same custom ids, the same session path)."""
    legal = snapshot.legal
    assert legal is not None and snapshot.hand_id is not None
    tid, hid, number = snapshot.table_id, snapshot.hand_id, snapshot.action_number
    call_label = (
        t("button_check") if legal.can_check else t("button_call", amount=legal.call_amount)
    )
    key = "button_bet" if legal.is_bet else "button_raise"
    raise_label = t(key, amount=legal.raise_to)
    buttons = (
        ("fold", t("button_fold"), discord.ButtonStyle.danger, False),
        ("call", call_label, discord.ButtonStyle.primary, False),
        ("raise", raise_label, discord.ButtonStyle.success, not legal.can_bet_or_raise),
    )
    for action, label, style, disabled in buttons:
        label = clamp(label, BUTTON_LABEL_MAX)
        view.add_item(
            TableButton(
                tid, hid, number, action, label=label, style=style, disabled=disabled, row=row
            )
        )


def fold_anyway_view(table_id: int, hand_id: int, action_number: int) -> PlainView:
    """The private question a Fold click gets when checking is free: Fold anyway, or Check
    (same turn only)."""
    view = PlainView()
    view.add_item(
        TableButton(
            table_id,
            hand_id,
            action_number,
            FOLD_CONFIRMED,
            label=t("button_fold_anyway"),
            style=discord.ButtonStyle.danger,
        )
    )
    view.add_item(
        TableButton(
            table_id,
            hand_id,
            action_number,
            "call",
            label=t("button_check"),
            style=discord.ButtonStyle.primary,
        )
    )
    return view


def result_line(won: int, net: int) -> str:
    """What a finished hand did to one player's stack, for their private panel: the pot they
    took (the amount the result and history say) and their net."""
    if won > 0:
        return t("panel_won", amount=won, net=signed(net))
    if net < 0:
        return t("panel_lost", amount=-net)
    return t("panel_even")


def situation_lines(panel: PanelSnapshot) -> list[str]:
    """What a player needs to act without looking at the channel: the pot, the amount to
    call, their stack, whose turn it is with its countdown, the draw counts of this draw."""
    public = panel.public
    if public is None or panel.complete or panel.folded:
        return []
    me = next((s for s in public.seats if s.player_id == panel.player_id), None)
    stack = number(me.stack) if me is not None else "—"
    legal = public.legal
    owed = legal.call_amount if panel.my_turn_to_bet and legal is not None else 0
    to_call = t("panel_to_call", amount=owed) if owed else ""
    lines = [t("panel_pot", pot=public.pot, to_call=to_call, stack=stack)]
    countdown = f"<t:{int(public.deadline)}:R>" if public.deadline else "—"
    if panel.my_turn_to_bet or panel.my_turn_to_draw:
        lines.append(t("panel_your_turn", countdown=countdown))
        if public.bank:
            lines.append(t("time_bank_running"))
    elif public.to_act_name:
        lines.append(t("panel_turn_of", name=safe_name(public.to_act_name), countdown=countdown))
    if public.phase == "drawing" and public.draw_round:
        counts = []
        for seat in sorted(public.seats, key=lambda s: s.seat):
            if not seat.in_hand or seat.folded or seat.player_id == panel.player_id:
                continue
            drawn = (
                seat.draws[public.draw_round - 1] if len(seat.draws) >= public.draw_round else None
            )
            what = "…" if drawn is None else t("pat") if drawn == 0 else t("drew", count=drawn)
            counts.append(f"{safe_name(seat.name)} {what}")
        if counts:
            lines.append(t("panel_this_draw", counts=" · ".join(counts)))
    return lines


def panel_embed(panel: PanelSnapshot) -> discord.Embed:
    """The private hand's text: cards, name, the situation, marks, the last draw."""
    lines = [
        f"## {cards_label(panel.cards)}" if panel.cards else "",
        f"**{hand_text(panel.cards).render()}**",
    ]
    if panel.received is not None and not panel.folded:
        lines.append(
            t("panel_new_cards", cards=cards_label(panel.received))
            if panel.received
            else t("panel_drew_none")
        )
    lines += situation_lines(panel)
    if panel.folded or panel.complete:
        lines.append(t("panel_folded") if panel.folded else t("hand_over"))
        if panel.net is not None:
            lines.append(result_line(panel.won, panel.net))
        if panel.can_show:
            lines.append(t("panel_can_show"))
    elif panel.target_draw is None:
        lines.append(t("panel_after_draws"))
    else:
        lines.append(
            t("panel_your_draw")
            if panel.my_turn_to_draw
            else t("panel_draw_next", number=panel.target_draw)
        )
        if panel.marked:
            lines.append(t("panel_marked", cards=cards_label(list(panel.marked))))
        else:
            lines.append(t("panel_none_marked"))
        if panel.queued:
            lines.append(t("draw_queued"))
    if panel.prefold and not panel.folded and not panel.complete:
        lines.append(t("prefold_on"))
    embed = discord.Embed(
        title=clamp(t("panel_title", hand_id=str(panel.hand_id)), EMBED_TITLE_MAX),
        description=clamp("\n".join(line for line in lines if line), EMBED_DESCRIPTION_MAX),
        colour=discord.Colour.blurple(),
    )
    embed.set_footer(text=t("panel_footer"))
    return embed


def panel_view(panel: PanelSnapshot) -> PlainView | None:
    """Five card toggles (highest first), Draw N / Stand pat, Check/Fold, and the betting
    buttons on the player's turn; only Show my hand (or nothing) once the hand is over."""
    if panel.complete or panel.folded:
        if not panel.can_show:
            return None
        shown = PlainView()
        shown.add_item(ShowButton(panel.table_id, panel.hand_id))
        return shown
    view = PlainView()
    draw = panel.target_draw
    by_rank = sorted(enumerate(panel.cards[:5]), key=lambda pair: int(pair[1]), reverse=True)
    for index, card in by_rank:
        marked = card in panel.marked
        # the card in text ("10♠", readable at a button's size) beside its face as an emoji
        # where the bot has one (not in text mode)
        emoji = card_emoji(card) if panel.card_style != "text" else None
        label = ("✕ " if marked else "") + card_label(card)
        view.add_item(
            CardButton(
                panel.table_id,
                panel.hand_id,
                draw or 0,
                index,
                label=label,
                emoji=emoji,
                marked=marked,
                disabled=draw is None,
            )
        )
    if draw is not None:
        count = len(panel.marked)
        if count:
            label = t("button_draw", count=count)
            view.add_item(DrawButton(panel.table_id, panel.hand_id, draw, "draw", label=label))
        label = t("button_stand_pat")
        view.add_item(DrawButton(panel.table_id, panel.hand_id, draw, "pat", label=label))
    if panel.can_prefold and not panel.my_turn_to_bet:
        view.add_item(PrefoldButton(panel.table_id, panel.hand_id, active=panel.prefold))
    if panel.my_turn_to_bet and panel.public is not None and panel.public.legal is not None:
        add_betting_buttons(view, panel.public, row=2)
    return view


def result_embed(result: ResultSnapshot) -> discord.Embed:
    """Shown hands (only those actually shown), each pot's winners with the winning hand, why
    it beat the best losing shown hand (for newcomers to 2-7), and every player's net."""
    embed = discord.Embed(
        title=clamp(t("result_title", hand_id=str(result.hand_id)), EMBED_TITLE_MAX),
        colour=discord.Colour.gold(),
    )
    if result.uncontested is not None:
        name, amount = result.uncontested
        embed.description = t("result_no_showdown", name=safe_name(name), amount=amount)
    else:
        shown = [
            t(
                "result_shows",
                name=safe_name(hand.name),
                cards=cards_label(hand.cards),
                hand_name=hand_text(hand.cards),
            )
            for hand in result.shown
        ]
        shown += [t("result_mucks", name=safe_name(name)) for name in result.mucked]
        embed.add_field(
            name=t("field_shown"),
            value=clamp("\n".join(shown) or "—", EMBED_FIELD_MAX),
            inline=False,
        )
        pots = []
        for number, pot in enumerate(result.pots):
            label = t("result_main_pot") if number == 0 else t("result_side_pot", number=number)
            winners = ", ".join(
                t("result_wins_with", name=safe_name(name), amount=share, hand_name=hand_text(hand))
                if hand
                else t("result_wins", name=safe_name(name), amount=share)
                for name, share, hand in pot.winners
            )
            pots.append(t("result_pot", pot=label, amount=pot.amount, winners=winners))
        if result.why is not None:
            why = result.why
            pots.append(why_text(why, safe_name(why.winner), safe_name(why.other)).render())
        embed.add_field(
            name=t("field_winners"),
            value=clamp("\n".join(pots) or "—", EMBED_FIELD_MAX),
            inline=False,
        )
    if result.nets:
        nets = " · ".join(f"{safe_name(name)} {net:+,}" for name, net in result.nets)
        embed.add_field(name=t("field_nets"), value=clamp(nets, EMBED_FIELD_MAX), inline=False)
    return embed
