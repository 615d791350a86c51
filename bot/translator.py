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
from fluent.runtime import FluentBundle

from bot.messages import DEFAULT_LANGUAGE, language_of, load_bundle


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
    only ``commands.ftl`` and only while it is set (at the command sync): the messages of a
    language are loaded when a member reading it first shows up."""

    def __init__(self) -> None:
        self._bundles: dict[str, FluentBundle] = {}

    async def unload(self) -> None:
        self._bundles.clear()

    def text(self, key: str, language: str) -> str | None:
        """The catalogue's text of ``key`` in ``language``, None when it has none."""
        if language not in self._bundles:
            self._bundles[language] = load_bundle(language, ("commands.ftl",))
        catalogue = self._bundles[language]
        value = catalogue.get_message(key).value if catalogue.has_message(key) else None
        if value is None:
            return None
        text, errors = catalogue.format_pattern(value, {})
        return None if errors else str(text)

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
