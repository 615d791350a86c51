"""A player's private panel (DM or ephemeral), the seat view: the whole table as the channel
shows it (every seat, the round, the pot, whose turn), the hand's log, then the player's own
cards and the hand's name, their stack, the amount to call and their time bank, the marked
cards, the card toggles, Draw N / Stand pat, fold in turn, the betting buttons on their turn,
Show my hand once it is over; and the private Fold anyway question.

The panel is one Components V2 message (``panel_layout``): a container holding the heading, a
text display per section (each opening with its bold heading, so a reader finds it by name),
the picture of the cards as a media gallery (when pictures are on), the buttons in action rows
and the footer, within Discord's 40 components and 4,000 characters in the worst case."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    betting_buttons,
    card_label,
    cards_label,
    clamp,
    of_snapshot,
    turn_text,
)
from bot.table.render.table import pot_text, round_text, seats_text, table_log
from bot.table.snapshot import (
    PanelSnapshot,
)
from bot.ui import layout
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
    mine = panel.my_turn_to_bet or panel.my_turn_to_draw

    def lines() -> str:
        made = [
            seats_text(public),
            t("panel_round_pot", round=round_text(public), pot=pot_text(public)),
        ]
        if public.to_act_name and public.phase in ("betting", "drawing") and not mine:
            made.append(turn_text(public))
        return "\n".join(made)

    return of_snapshot(public, ("panel seats", mine), lines)


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
            if panel.my_turn_to_draw and panel.target_draw is not None:
                turn = t("panel_your_draw_turn", number=panel.target_draw, countdown=countdown)
            else:
                turn = t("panel_your_turn", countdown=countdown)
            lines.append(turn)
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
        if not panel.my_turn_to_draw:
            lines.append(t("panel_draw_next", number=panel.target_draw))
        elif public is None:  # else said with the countdown, above
            lines.append(t("panel_your_draw"))
        if panel.marked:
            lines.append(t("panel_marked", cards=cards_label(list(panel.marked))))
        else:
            lines.append(t("panel_none_marked"))
        if panel.queued:
            lines.append(t("draw_queued"))
    if panel.prefold and not panel.folded and not panel.complete:
        lines.append(t("prefold_on"))
    return [line for line in lines if line]


PANEL_COLOUR = discord.Colour.blurple().value
"""The accent colour of a private panel's container."""
NOTICES_MAX = 600
"""The most characters of the dealer's notices (timeouts played for the player) in a panel."""
OWN_MAX = 1000
"""The most characters of the player's own lines (a few short lines: a bound, not a cut)."""
PANEL_LOG_MIN = 200
"""Characters left for the hand's log however long the seats are."""


@dataclass(frozen=True)
class PanelPicture:
    """The picture of the cards a panel shows: its url (``attachment://hand.png`` for a file
    sent or kept with the message) and its alt text (the cards in words)."""

    url: str
    description: str


def headed(heading: str, body: str, limit: int) -> str:
    """A section's text display: its heading in bold on the first line (what a reader finds
    it by), then its text, within ``limit`` characters."""
    return clamp(f"**{heading}**\n{body}", max(limit, 1))


def panel_layout(
    panel: PanelSnapshot,
    picture: PanelPicture | None = None,
    notices: Sequence[str] = (),
) -> layout.PlainLayout:
    """The private panel as one Components V2 message, in a container: the heading; while the
    player is in the hand, the table (seats, round and pot, whose turn) and the hand's log,
    each under its bold heading; the picture of the cards (``picture``; none when pictures are
    off: the cards are in the text); the player's own lines and the dealer's ``notices``; the
    buttons; the footer. The seats and then the log give way (the log's oldest lines first)
    when the whole would pass Discord's ``MAX_TEXT``: the player's own part never does."""
    heading = layout.text(f"### {t('panel_title', hand_id=str(panel.hand_id))}")
    own = layout.text(clamp("\n".join(own_lines(panel)), OWN_MAX))
    told = [layout.text(clamp("\n".join(notices), NOTICES_MAX))] if notices else []
    footer = layout.text(f"-# {t('panel_footer')}")
    children: list[layout.Component] = [heading]
    public = panel.public
    if public is not None and not panel.complete and not panel.folded:
        room = layout.MAX_TEXT - layout.text_length([heading, own, *told, footer])
        seats = headed(t("field_seats"), table_lines(panel), room - PANEL_LOG_MIN)
        log_heading = t("field_log")
        room -= len(seats)
        log_limit = min(PANEL_LOG_MAX, room - len(log_heading) - 5)
        limit = max(log_limit, 1)
        lines = of_snapshot(public, ("log", limit), lambda: table_log(public, limit))
        log = headed(log_heading, lines, room)
        children += [layout.text(seats), layout.separator()]
        children += [layout.text(log), layout.separator()]
    if picture is not None:
        children.append(layout.gallery(picture.url, picture.description))
    children += [own, *told]
    children += panel_rows(panel)
    children.append(footer)
    return layout.PlainLayout([layout.container(children, PANEL_COLOUR)])


def panel_rows(panel: PanelSnapshot) -> list[layout.Component]:
    """The panel's buttons in action rows (``panel_view``). Made for every edit, without a
    cache: a cache by the player's cards, marks and turn was found again in 46% of the calls
    and held 6 MiB at 200 tables (``bench_load --probe``, ``DEUCE_PROBE_CACHES=1``), where
    making them costs about 25 µs."""
    view = panel_view(panel)
    return view.to_components() if view is not None else []


def panel_view(panel: PanelSnapshot) -> layout.Buttons | None:
    """Five card toggles (highest first), Draw N / Stand pat, Check/Fold, and the betting
    buttons on the player's turn; only Show my hand (or nothing) once the hand is over."""
    if panel.complete or panel.folded:
        if not panel.can_show:
            return None
        return layout.Buttons([ShowButton.look(panel.table_id, panel.hand_id)])
    view = layout.Buttons()
    draw = panel.target_draw
    by_rank = sorted(enumerate(panel.cards[:5]), key=lambda pair: int(pair[1]), reverse=True)
    for index, card in by_rank:
        marked = card in panel.marked
        # the card in text ("10♠", readable at a button's size) beside its face as an emoji
        # where the bot has one (not in text mode)
        emoji = card_emoji(card) if panel.card_style != "text" else None
        label = ("✕ " if marked else "") + card_label(card)
        view.append(
            CardButton.look(
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
            view.append(DrawButton.look(panel.table_id, panel.hand_id, draw, "draw", label=label))
        label = t("button_stand_pat")
        view.append(DrawButton.look(panel.table_id, panel.hand_id, draw, "pat", label=label))
    if panel.can_prefold and not panel.my_turn_to_bet:
        view.append(PrefoldButton.look(panel.table_id, panel.hand_id, active=panel.prefold))
    if panel.my_turn_to_bet and panel.public is not None and panel.public.legal is not None:
        view += betting_buttons(panel.public, row=2)
    return view
