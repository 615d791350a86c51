"""A player's private panel (DM or ephemeral): their cards and the hand's name, the situation,
the marked cards, the card toggles, Draw N / Stand pat, fold in turn, the betting buttons on
their turn, Show my hand once it is over; and the private Fold anyway question."""

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
    add_betting_buttons,
    card_label,
    cards_label,
    clamp,
    safe_name,
)
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
