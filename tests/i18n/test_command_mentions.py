"""Sentences that name a slash command: ``{ $cmd-poker-join }`` is the command's mention once
the client knows the commands' ids (Discord shows it clickable, in each reader's language),
else the command as typed in the sentence's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from discord import app_commands

from bot.client import EXTENSIONS, DeuceBot
from bot.config import Config
from bot.messages import LANGUAGES, command, command_ids, set_command_ids, t
from tests.i18n._catalogue import messages, variables

FILES = ("deuce.ftl", "look.ftl", "sng.ftl")


@pytest.fixture
def ids() -> Iterator[dict[str, int]]:
    known = {"poker": 1001, "chips": 1002, "pokeradmin": 1003}
    set_command_ids(known)
    yield known
    set_command_ids({})


def test_a_command_is_typed_in_the_sentences_language_while_its_id_is_unknown() -> None:
    assert command_ids() == {}
    assert t("no_table", "en") == "There is no table in this channel. Start one with /poker join."
    assert "/poker sätt-dig" in t("no_table", "sv")
    assert "/покер сесть" in t("no_table", "ru")
    assert command("poker-sng-show", "sv") == "/poker sng visa"
    assert command("chips-balance", "sv") == "/marker saldo"
    assert command("pokeradmin-house-fill", "en") == "/pokeradmin house fill"


def test_a_command_is_its_mention_once_its_id_is_known(ids: dict[str, int]) -> None:
    assert t("no_table", "sv") == (
        "Det finns inget bord i den här kanalen. Starta ett med </poker join:1001>."
    )
    for language in LANGUAGES:  # the same mention whatever the sentence's language
        assert "</poker join:1001>" in t("waiting_players", language)
        assert "</poker sng show:1001>" in t("sng_join_refused", language)
        assert "</chips balance:1002>" in t("store_outcome_unknown", language)
        assert "</pokeradmin resume:1003>" in t("paused_now", language)
    assert command("pokeradmin-house-remove") == "</pokeradmin house remove:1003>"


def test_a_command_given_by_the_caller_is_kept(ids: dict[str, int]) -> None:
    assert t("no_table", "en", **{"cmd-poker-join": "/poker join"}).endswith("/poker join.")


async def test_every_command_a_sentence_names_is_a_command_a_member_can_run() -> None:
    """Only a command without subcommands can be mentioned (``</poker sng:ID>`` is no
    command): every ``cmd-`` variable of every catalogue names one of the tree's."""
    bot = DeuceBot(Config(token="test", database_path=":memory:"))
    for extension in EXTENSIONS:
        await bot.load_extension(extension)

    def leaves(commands: list[app_commands.Command | app_commands.Group]) -> Iterator[str]:
        for item in commands:
            if isinstance(item, app_commands.Group):
                yield from leaves(item.commands)
            else:
                yield "cmd-" + item.qualified_name.replace(" ", "-")

    runnable = set(leaves(bot.tree.get_commands()))
    named: set[str] = set()
    for language in LANGUAGES:
        for file in FILES:
            for message in messages(language, file).values():
                named |= {n for n in variables(message).names if n.startswith("cmd-")}
    assert named and named <= runnable, sorted(named - runnable)
