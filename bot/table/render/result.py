"""A hand's result message: the hands shown (only those), each pot's winners with their hands,
why the winner's hand beat the best losing one, every player's net; at a tournament's table,
who the hand put out (places, prizes) and the level the next hand begins."""

from __future__ import annotations

import discord

from bot.messages import t
from bot.table.naming import hand_text, why_text
from bot.table.render.common import (
    EMBED_FIELD_MAX,
    EMBED_TITLE_MAX,
    cards_label,
    clamp,
    safe_name,
)
from bot.table.render.standings import news_text
from bot.table.snapshot import (
    ResultSnapshot,
)


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
    if result.news and result.tournament_id is not None:
        name = t("field_tournament", tournament=str(result.tournament_id))
        lines = "\n".join(news_text(news) for news in result.news)
        embed.add_field(name=name, value=clamp(lines, EMBED_FIELD_MAX), inline=False)
    return embed
