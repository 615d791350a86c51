"""``/poker rules``: the rules text with this table's settings, and every registered command
(walked from the bot's own tree) with its description, in each reader's language, within
Discord's embed limits."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import discord
import pytest
from discord import app_commands

from bot.client import EXTENSIONS, DeuceBot
from bot.config import Config
from bot.messages import LANGUAGES, command_words, set_command_ids, speaking, t
from bot.store.models import Settings
from bot.table.render.common import EMBED_FIELD_MAX, EMBED_TOTAL_MAX
from cogs.poker._rules import group_of, rules_embed

IDS = {"poker": 901, "chips": 902, "pokeradmin": 903}


@pytest.fixture
async def bot() -> AsyncIterator[DeuceBot]:
    client = DeuceBot(Config(token="test", database_path=":memory:"))
    for extension in EXTENSIONS:
        await client.load_extension(extension)
    yield client
    set_command_ids({})


def leaves(commands: list[app_commands.Command | app_commands.Group]) -> Iterator[str]:
    """Every command a member can run, by its qualified name, walked here on its own."""
    for item in commands:
        if isinstance(item, app_commands.Group):
            yield from leaves(item.commands)
        else:
            yield item.qualified_name


def text(embed: discord.Embed) -> str:
    return "\n".join([str(embed.description)] + [f"{f.name}\n{f.value}" for f in embed.fields])


def fits(embed: discord.Embed) -> None:
    assert len(embed) <= EMBED_TOTAL_MAX
    assert all(len(str(f.value)) <= EMBED_FIELD_MAX for f in embed.fields)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_rules_name_every_registered_command_as_its_mention(
    bot: DeuceBot, language: str
) -> None:
    """An admin reads every command of the tree as its mention, with its description in
    their language (the admin commands' alone would pass Discord's limit); a new command is
    listed without anyone writing it down."""
    set_command_ids(IDS)
    commands = bot.tree.get_commands()
    names = list(leaves(commands))
    assert len(names) > 40 and "poker replay" in names and "poker sng show" in names
    with speaking(language):
        embed = rules_embed(commands, Settings(), manages=True)
        written = text(embed)
        for name in names:
            path = name.replace(" ", "-")
            assert f"</{name}:{IDS[name.split()[0]]}>" in written, (language, name)
            if not name.startswith("pokeradmin "):  # the admin commands: mentions alone
                assert t(f"cmd-{path}-desc") in written, (language, name)
    fits(embed)
    titles = [f.name for f in embed.fields]
    for key in ("rules_group_table", "rules_group_tournaments", "rules_group_records"):
        assert t(key, language) in titles
    assert t("rules_group_chips", language) in titles and t("rules_group_admin", language) in titles


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_member_reads_the_admin_commands_on_one_line(bot: DeuceBot, language: str) -> None:
    """A member who may not manage the server reads their commands in full and the admin
    commands' names on one line, in their language (typed: Discord shows them none)."""
    set_command_ids(IDS)
    commands = bot.tree.get_commands()
    with speaking(language):
        embed = rules_embed(commands, Settings(), manages=False)
    written = text(embed)
    for name in leaves(commands):
        words = command_words(name.replace(" ", "-"), language)
        if name.startswith("pokeradmin "):
            assert " ".join(words[1:]) in written, (language, name)
            assert "</pokeradmin" not in written
        else:
            assert f"</{name}:" in written, (language, name)
    assert "/" + words[0] in written  # the admin group, as typed
    fits(embed)


async def test_commands_are_typed_in_the_readers_language_before_their_ids_are_known(
    bot: DeuceBot,
) -> None:
    with speaking("sv"):
        written = text(rules_embed(bot.tree.get_commands(), Settings(), manages=True))
    assert "/poker sätt-dig — Sätt dig" in written and "/poker sng visa" in written
    assert "</" not in written


async def test_rules_tell_this_tables_time_bank_cap_and_timer(bot: DeuceBot) -> None:
    settings = Settings(cap=3, action_timer=30, time_bank=20, time_bank_add=5)
    with speaking("en"):
        body = str(rules_embed(bot.tree.get_commands(), settings, manages=False).description)
    assert "at most 3 bets" in body and "30 s to act" in body
    assert "**Time bank:**" in body and "20 s to start with, 5 s more every 10 hands" in body
    assert "one card is burned" in body and "mark your discards before your turn" in body
    with speaking("en"):
        off = rules_embed(bot.tree.get_commands(), Settings(time_bank=0), manages=False)
    assert t("rules_time_bank_off", "en") in str(off.description)


async def test_both_kinds_of_tournament_are_listed_under_tournaments(bot: DeuceBot) -> None:
    """``/poker sng`` and ``/poker mtt`` are one group in the rules, not the table's."""
    names = list(leaves(bot.tree.get_commands()))
    tournaments = [n for n in names if group_of(n) == "rules_group_tournaments"]
    assert "poker sng create" in tournaments and "poker mtt create" in tournaments
    assert {n.split()[1] for n in tournaments} == {"sng", "mtt"}


def test_no_catalogue_leaves_a_translators_note_in_the_rules() -> None:
    """Issue 36: the Russian rules said «в исходных правилах это «стэнд»», the Indonesian
    ones what the seed called the draw; players read neither."""
    for language in LANGUAGES:
        body = t("rules_body", language, cap=4, timer=45)
        assert "стэнд" not in body.lower() and "aturan asli" not in body
    for key in ("stats_pat_after", "stats_snows"):
        assert "Стэнд" not in t(key, "ru")
    assert t("pat", "ru") in t("stats_pat_after", "ru").lower()
    # the seed's words beside the table's: Indonesian "undian" for a draw (the table says
    # "tukar"), Hungarian's English glosses, Swedish "lowest card without forming anything"
    for key in ("stats_pat_after", "stats_drawn_average", "chart_drawn"):
        assert "undian" not in t(key, "id") and "tukar" in t(key, "id")
    assert "wheel" not in t("rules_body", "hu", cap=4, timer=45)
    assert "Number 2" not in t("rules_rankings", "hu")
    assert t("rules_rankings", "sv").startswith("1. Inget par")
