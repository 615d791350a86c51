"""A hand's result message, one Components V2 message (it takes the table message's place, and
an edit cannot take a V2 message's flag away): the hands shown (only those) and their picture,
each pot's winners with their hands, why the winner's hand beat the best losing one, every
player's net; at a tournament's table, who the hand put out (places, prizes) and the level the
next hand begins; the Replay button."""

from __future__ import annotations

import discord

from bot.messages import t
from bot.table.naming import hand_text, why_text
from bot.table.render.common import (
    EMBED_FIELD_MAX,
    EMBED_TITLE_MAX,
    Section,
    cards_label,
    clamp,
    safe_name,
)
from bot.table.render.replay import result_view
from bot.table.render.standings import TOURNAMENT_HEADINGS, news_text
from bot.table.snapshot import (
    ResultSnapshot,
)
from bot.ui.layout import Component, PlainLayout, container, gallery, rows, separator, text

RESULT_COLOUR = discord.Colour.gold()
"""The accent colour of a result's box."""


def result_sections(result: ResultSnapshot) -> list[Section]:
    """Shown hands (only those actually shown), each pot's winners with the winning hand, why
    it beat the best losing shown hand (for newcomers to 2-7), every player's net, and at a
    tournament's table its news (places, the next level). An uncontested hand has one line
    without a heading instead of the shown hands and winners."""
    sections: list[Section] = []
    if result.uncontested is not None:
        name, amount = result.uncontested
        sections.append(
            Section(
                "uncontested", None, t("result_no_showdown", name=safe_name(name), amount=amount)
            )
        )
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
        sections.append(
            Section("shown", t("field_shown"), clamp("\n".join(shown) or "—", EMBED_FIELD_MAX))
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
        sections.append(
            Section("winners", t("field_winners"), clamp("\n".join(pots) or "—", EMBED_FIELD_MAX))
        )
    if result.nets:
        nets = " · ".join(f"{safe_name(name)} {net:+,}" for name, net in result.nets)
        sections.append(Section("nets", t("field_nets"), clamp(nets, EMBED_FIELD_MAX)))
    if result.news and result.tournament_id is not None:
        name = t(TOURNAMENT_HEADINGS[result.tournament_kind], tournament=str(result.tournament_id))
        lines = "\n".join(news_text(news) for news in result.news)
        sections.append(Section("tournament", name, clamp(lines, EMBED_FIELD_MAX)))
    return sections


def result_layout(
    result: ResultSnapshot, picture: str | None = None, alt: str | None = None
) -> PlainLayout:
    """The result as a V2 message: in a gold box, its heading, its sections (each a text
    display under its heading in bold), the picture of the shown hands under them when there
    is one (``picture``: ``attachment://name`` of the file sent with the message, ``alt`` its
    text; the shown hands are written out either way), then the Replay button."""
    title = clamp(t("result_title", hand_id=str(result.hand_id)), EMBED_TITLE_MAX)
    children: list[Component] = [text(f"### {title}")]
    for section in result_sections(result):
        body = section.text if section.heading is None else f"**{section.heading}**\n{section.text}"
        children.append(text(body))
        if section.key == "shown" and picture is not None:
            children.append(gallery(picture, alt))
    children.append(separator())
    children += rows(result_view(result.hand_id).children)
    return PlainLayout([container(children, RESULT_COLOUR.value)])
