"""A player's private panel (DM or ephemeral), the seat view: the whole table as the channel
shows it (every seat, the round, the pot, whose turn), the hand's log, then the player's own
cards and the hand's name, their stack, the amount to call and their time bank, the marked
cards, the card toggles, Draw N / Stand pat, fold in turn, the betting buttons on their turn,
Show my hand once it is over; and the private Fold anyway question."""

from __future__ import annotations

import discord

from bot.messages import number, signed, t
from bot.table.buttons import (
    FOLD_CONFIRMED,
    CardButton,
    DrawButton,
    PrefoldButton,
    ShowButton,
    TableButton,
)
from bot.table.emojis import card_emoji
from bot.table.naming import hand_text
from bot.table.render.common import (
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    Section,
    add_betting_buttons,
    card_label,
    cards_label,
    clamp,
    sections_text,
    turn_text,
)
from bot.table.render.table import pot_text, round_text, seats_text, table_log
from bot.table.snapshot import (
    PanelSnapshot,
)
from bot.ui.views import PlainView


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


def result_line(won: int, net: int, *, tournament: bool = False) -> str:
    """What a finished hand did to one player's stack, for their private panel: the pot they
    took (the amount the result and history say) and their net, in tournament chips at a
    tournament (never the wallet's chips)."""
    if won > 0:
        key = "panel_won_tournament" if tournament else "panel_won"
        return t(key, amount=won, net=signed(net))
    if net < 0:
        return t("panel_lost_tournament" if tournament else "panel_lost", amount=-net)
    return t("panel_even")


PANEL_LOG_MAX = 1024
"""The most characters of the hand's log in a panel (as in the table's field)."""


def table_lines(panel: PanelSnapshot) -> str:
    """The table as the player's seat sees it, in the table's words: every seat (stack, draws,
    bet, folded, all-in, away, the button and blinds, whose turn), the round and the pot, and
    whose turn it is with its countdown (the player's own turn is said under their cards)."""
    public = panel.public
    assert public is not None
    lines = [
        seats_text(public),
        t("panel_round_pot", round=round_text(public), pot=pot_text(public)),
    ]
    mine = panel.my_turn_to_bet or panel.my_turn_to_draw
    if public.to_act_name and public.phase in ("betting", "drawing") and not mine:
        lines.append(turn_text(public))
    return "\n".join(lines)


def own_lines(panel: PanelSnapshot) -> list[str]:
    """The player's own part: their cards and the hand's name, the cards they drew last, their
    stack, the amount to call and their time bank, their turn with its countdown, and what
    their next draw is."""
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
    public = panel.public
    if public is not None and not panel.complete and not panel.folded:
        me = next((s for s in public.seats if s.player_id == panel.player_id), None)
        status = t("panel_stack", stack=number(me.stack) if me is not None else "—")
        legal = public.legal
        owed = legal.call_amount if panel.my_turn_to_bet and legal is not None else 0
        if owed:
            status += t("panel_to_call", amount=owed)
        if panel.bank_left:
            status += t("panel_time_bank", seconds=int(panel.bank_left))
        lines.append(status)
        if panel.my_turn_to_bet or panel.my_turn_to_draw:
            countdown = f"<t:{int(public.deadline)}:R>" if public.deadline else "—"
            lines.append(t("panel_your_turn", countdown=countdown))
            if public.bank:
                lines.append(t("time_bank_running"))
    if panel.folded or panel.complete:
        lines.append(t("panel_folded") if panel.folded else t("hand_over"))
        if panel.net is not None:
            lines.append(result_line(panel.won, panel.net, tournament=panel.tournament))
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
    return [line for line in lines if line]


def panel_sections(panel: PanelSnapshot) -> list[Section]:
    """The seat view in the order it is read: the table, the hand's log, the player's own
    cards and situation (only the cards once they folded or the hand is over)."""
    sections = []
    public = panel.public
    if public is not None and not panel.complete and not panel.folded:
        sections.append(Section("table", t("field_seats"), table_lines(panel)))
        sections.append(Section("log", t("field_log"), table_log(public, PANEL_LOG_MAX)))
    sections.append(Section("hand", None, "\n".join(own_lines(panel))))
    return sections


def panel_embed(panel: PanelSnapshot) -> discord.Embed:
    """The private panel's embed: its sections as the description (the adapter a Components V2
    panel will replace)."""
    embed = discord.Embed(
        title=clamp(t("panel_title", hand_id=str(panel.hand_id)), EMBED_TITLE_MAX),
        description=sections_text(panel_sections(panel), EMBED_DESCRIPTION_MAX),
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
