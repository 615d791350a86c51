"""The slash commands in every catalogue language: discord.py's ``app_commands.Translator``
reading ``bot/locales/<language>/commands.ftl``.

Each string of the command tree has a message id made from where it sits:

* a command or group: ``cmd-<path>`` for its name and ``cmd-<path>-desc`` for its description,
  where ``<path>`` is its qualified name with dashes (``cmd-poker-join``,
  ``cmd-pokeradmin-house-add``);
* an option: ``cmd-<path>-<option>`` and ``cmd-<path>-<option>-desc``;
* a fixed choice: ``choice-<value>`` (``choice-two-colour``).

English is the tree itself: for English locales, and for any id a catalogue lacks, the
translator answers ``None`` and Discord shows the English text.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.messages import DEFAULT_LANGUAGE, language_of, plain_texts


def message_id(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue id of a string of the command tree (see the module's docstring)."""
    where = context.location
    data: Any = context.data
    if where in (Where.command_name, Where.group_name):
        return f"cmd-{_path(data)}"
    if where in (Where.command_description, Where.group_description):
        return f"cmd-{_path(data)}-desc"
    if where is Where.parameter_name:  # an option's name as Discord shows it (renamed or not)
        return f"cmd-{_path(data.command)}-{data.display_name}"
    if where is Where.parameter_description:
        return f"cmd-{_path(data.command)}-{data.display_name}-desc"
    if where is Where.choice_name:
        return f"choice-{data.value}"
    return None


def _path(command: Any) -> str:
    return str(command.qualified_name).replace(" ", "-")


class CatalogueTranslator(app_commands.Translator):
    """Command names, descriptions, options and choices from the Fluent catalogues. It reads
    only ``commands.ftl`` (plain text) and only while it is set (at the command sync): the
    messages of a language, and Babel's data for it, are loaded when a member reading it
    first shows up."""

    def __init__(self) -> None:
        self._texts: dict[str, dict[str, str]] = {}

    async def unload(self) -> None:
        self._texts.clear()

    def text(self, key: str, language: str) -> str | None:
        """The catalogue's text of ``key`` in ``language``, None when it has none."""
        if language not in self._texts:
            self._texts[language] = plain_texts(language, "commands.ftl")
        return self._texts[language].get(key)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == DEFAULT_LANGUAGE:
            return None
        key = message_id(context)
        return None if key is None else self.text(key, language)
